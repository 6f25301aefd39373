/* cns — simulation time.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CnsTime:
 *
 * A simulation time or duration: a signed 64-bit count of picoseconds,
 * which spans about ±106 days. Times are plain integers, so they compare and
 * add with the usual operators; use the checked helpers below where a sum
 * may overflow (user input, long runs).
 */
typedef gint64 CnsTime;

#define CNS_TIME_ZERO ((CnsTime) 0)
#define CNS_TIME_MAX  ((CnsTime) G_MAXINT64)
#define CNS_TIME_MIN  ((CnsTime) G_MININT64)

#define CNS_TIME_PS_PER_NS  G_GINT64_CONSTANT (1000)
#define CNS_TIME_PS_PER_US  G_GINT64_CONSTANT (1000000)
#define CNS_TIME_PS_PER_MS  G_GINT64_CONSTANT (1000000000)
#define CNS_TIME_PS_PER_S   G_GINT64_CONSTANT (1000000000000)
#define CNS_TIME_PS_PER_MIN (60 * CNS_TIME_PS_PER_S)
#define CNS_TIME_PS_PER_H   (3600 * CNS_TIME_PS_PER_S)
#define CNS_TIME_PS_PER_D   (86400 * CNS_TIME_PS_PER_S)

/* Longest text cns_time_format() writes, including the terminating NUL. */
#define CNS_TIME_STRING_SIZE 32

/* Constructors from whole units. They do not check for overflow; use
 * cns_time_from_unit() for values that come from users. */
static inline CnsTime
cns_pico_seconds (gint64 ps)
{
  return ps;
}

static inline CnsTime
cns_nano_seconds (gint64 ns)
{
  return ns * CNS_TIME_PS_PER_NS;
}

static inline CnsTime
cns_micro_seconds (gint64 us)
{
  return us * CNS_TIME_PS_PER_US;
}

static inline CnsTime
cns_milli_seconds (gint64 ms)
{
  return ms * CNS_TIME_PS_PER_MS;
}

CnsTime cns_seconds (gdouble seconds);

gdouble cns_time_to_seconds (CnsTime t);
gdouble cns_time_to_milli_seconds (CnsTime t);
gdouble cns_time_to_micro_seconds (CnsTime t);

gboolean cns_time_checked_add (CnsTime a, CnsTime b, CnsTime *out);
gboolean cns_time_checked_sub (CnsTime a, CnsTime b, CnsTime *out);
gboolean cns_time_checked_mul (CnsTime a, gint64 factor, CnsTime *out);

gboolean cns_time_parse (const gchar *text, CnsTime *out, GError **error);
gsize cns_time_format (CnsTime t, gchar buf[CNS_TIME_STRING_SIZE]);
gchar *cns_time_to_string (CnsTime t);
gsize cns_time_format_seconds (CnsTime t, gchar buf[CNS_TIME_STRING_SIZE]);

/* GValue and GParamSpec support, so a CnsTime can be an attribute that is
 * set from strings such as "10ms". The value type stores a gint64; collect
 * it with a CnsTime (gint64) argument in g_object_set() and a CnsTime
 * pointer in g_object_get(). */
#define CNS_TYPE_TIME           (cns_time_get_type ())
#define CNS_VALUE_HOLDS_TIME(v) (G_VALUE_HOLDS ((v), CNS_TYPE_TIME))
#define CNS_TYPE_PARAM_TIME     (cns_param_time_get_type ())
#define CNS_IS_PARAM_SPEC_TIME(p) \
  (G_TYPE_CHECK_INSTANCE_TYPE ((p), CNS_TYPE_PARAM_TIME))
#define CNS_PARAM_SPEC_TIME(p) \
  (G_TYPE_CHECK_INSTANCE_CAST ((p), CNS_TYPE_PARAM_TIME, CnsParamSpecTime))

typedef struct
{
  GParamSpec parent_instance;
  CnsTime minimum;
  CnsTime maximum;
  CnsTime default_value;
} CnsParamSpecTime;

/* Hidden from g-ir-scanner, which would take the value type for a boxed
 * type named like the typedef: to bindings the typedef is a plain integer
 * of nanoseconds or bits per second. */
#ifndef __GI_SCANNER__
GType cns_time_get_type (void) G_GNUC_CONST;
GType cns_param_time_get_type (void) G_GNUC_CONST;
#endif

void cns_value_set_time (GValue *value, CnsTime t);
CnsTime cns_value_get_time (const GValue *value);
GParamSpec *cns_param_spec_time (const gchar *name, const gchar *nick,
                                 const gchar *blurb, CnsTime minimum,
                                 CnsTime maximum, CnsTime default_value,
                                 GParamFlags flags);

G_END_DECLS
