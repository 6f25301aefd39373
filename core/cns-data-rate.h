/* cns — data rates.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-time.h"

G_BEGIN_DECLS

/**
 * CnsDataRate:
 *
 * A data rate in bits per second.
 */
typedef guint64 CnsDataRate;

#define CNS_DATA_RATE_STRING_SIZE 32

gboolean cns_data_rate_parse (const gchar *text, CnsDataRate *out,
                              GError **error);
gsize cns_data_rate_format (CnsDataRate rate,
                            gchar buf[CNS_DATA_RATE_STRING_SIZE]);
gchar *cns_data_rate_to_string (CnsDataRate rate);
CnsTime cns_data_rate_bits_tx_time_slow (CnsDataRate rate, guint64 bits);

/* Up to this many bits times the picoseconds of a second, plus half a
 * rate, fit in 64 bits: a packet's bits (9 million) always do. */
#define CNS_DATA_RATE_FAST_BITS \
  ((G_MAXUINT64 / 2) / (guint64) CNS_TIME_PS_PER_S)

/**
 * cns_data_rate_bits_tx_time:
 * @rate: a rate, not 0
 *
 * Inline for the per-packet case, which divides in 64 bits.
 *
 * Returns: the time to send @bits at @rate, rounded to the nearest
 * picosecond (halves up); %CNS_TIME_MAX if it does not fit.
 */
static inline CnsTime
cns_data_rate_bits_tx_time (CnsDataRate rate, guint64 bits)
{
  if (G_LIKELY (rate > 0 && bits <= CNS_DATA_RATE_FAST_BITS))
    return (CnsTime) ((bits * (guint64) CNS_TIME_PS_PER_S + rate / 2) / rate);
  return cns_data_rate_bits_tx_time_slow (rate, bits);
}

/**
 * cns_data_rate_bytes_tx_time:
 *
 * Like cns_data_rate_bits_tx_time().
 */
static inline CnsTime
cns_data_rate_bytes_tx_time (CnsDataRate rate, guint64 bytes)
{
  if (G_LIKELY (bytes <= CNS_DATA_RATE_FAST_BITS / 8))
    return cns_data_rate_bits_tx_time (rate, bytes * 8);
  g_return_val_if_fail (bytes <= G_MAXUINT64 / 8, CNS_TIME_MAX);
  return cns_data_rate_bits_tx_time_slow (rate, bytes * 8);
}

#define CNS_TYPE_DATA_RATE           (cns_data_rate_get_type ())
#define CNS_VALUE_HOLDS_DATA_RATE(v) (G_VALUE_HOLDS ((v), CNS_TYPE_DATA_RATE))
#define CNS_TYPE_PARAM_DATA_RATE     (cns_param_data_rate_get_type ())
#define CNS_IS_PARAM_SPEC_DATA_RATE(p) \
  (G_TYPE_CHECK_INSTANCE_TYPE ((p), CNS_TYPE_PARAM_DATA_RATE))

typedef struct
{
  GParamSpec parent_instance;
  CnsDataRate minimum;
  CnsDataRate maximum;
  CnsDataRate default_value;
} CnsParamSpecDataRate;

/* Hidden from g-ir-scanner, which would take the value type for a boxed
 * type named like the typedef: to bindings the typedef is a plain integer
 * of nanoseconds or bits per second. */
#ifndef __GI_SCANNER__
GType cns_data_rate_get_type (void) G_GNUC_CONST;
GType cns_param_data_rate_get_type (void) G_GNUC_CONST;
#endif

void cns_value_set_data_rate (GValue *value, CnsDataRate rate);
CnsDataRate cns_value_get_data_rate (const GValue *value);
GParamSpec *cns_param_spec_data_rate (const gchar *name, const gchar *nick,
                                      const gchar *blurb, CnsDataRate minimum,
                                      CnsDataRate maximum,
                                      CnsDataRate default_value,
                                      GParamFlags flags);

G_END_DECLS
