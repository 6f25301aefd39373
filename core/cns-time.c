/* cns — simulation time.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Times are integer picoseconds. Parsing is exact: "0.1s" is 10^11 ps, not
 * the nearest double, so a time read from the command line is the same on
 * every machine. Printing picks the largest unit not above the value and
 * writes as many decimals as needed, so parse (format (t)) == t.
 */
#include "core/cns-time.h"

#include "core/cns-core-error.h"
#include "core/cns-decimal-private.h"
#include "core/cns-value-private.h"

#include <math.h>
#include <string.h>

typedef struct
{
  const gchar *name;
  gint64 ps;
} TimeUnit;

/* Longest names first, so that "ms" is not read as "m" + "s". */
static const TimeUnit parse_units[] = {
  { "min", CNS_TIME_PS_PER_MIN },
  { "ms", CNS_TIME_PS_PER_MS },
  { "us", CNS_TIME_PS_PER_US },
  { "ns", CNS_TIME_PS_PER_NS },
  { "ps", 1 },
  { "s", CNS_TIME_PS_PER_S },
  { "h", CNS_TIME_PS_PER_H },
  { "d", CNS_TIME_PS_PER_D },
};

/* Units used for printing, largest first. */
static const TimeUnit print_units[] = {
  { "s", CNS_TIME_PS_PER_S },
  { "ms", CNS_TIME_PS_PER_MS },
  { "us", CNS_TIME_PS_PER_US },
  { "ns", CNS_TIME_PS_PER_NS },
  { "ps", 1 },
};

#define TIME_UNITS_HELP "s, ms, us, ns, ps, min, h or d"

/**
 * cns_seconds:
 * @seconds: a duration in seconds
 *
 * Returns: @seconds rounded to the nearest picosecond. The value must be
 * finite and within the ±106-day range of #CnsTime.
 */
CnsTime
cns_seconds (gdouble seconds)
{
  gdouble ps = seconds * 1e12;

  g_return_val_if_fail (isfinite (ps), 0);
  g_return_val_if_fail (ps < 9.2233720368547e18 && ps > -9.2233720368547e18, 0);
  return (CnsTime) llround (ps);
}

/**
 * cns_time_to_seconds:
 *
 * Returns: @t in seconds, as a double.
 */
gdouble
cns_time_to_seconds (CnsTime t)
{
  return (gdouble) t / (gdouble) CNS_TIME_PS_PER_S;
}

/**
 * cns_time_to_milli_seconds:
 *
 * Returns: @t in milliseconds, as a double.
 */
gdouble
cns_time_to_milli_seconds (CnsTime t)
{
  return (gdouble) t / (gdouble) CNS_TIME_PS_PER_MS;
}

/**
 * cns_time_to_micro_seconds:
 *
 * Returns: @t in microseconds, as a double.
 */
gdouble
cns_time_to_micro_seconds (CnsTime t)
{
  return (gdouble) t / (gdouble) CNS_TIME_PS_PER_US;
}

/**
 * cns_time_checked_add:
 * @out: (out): where the sum is stored when it fits
 *
 * Returns: %FALSE, leaving @out untouched, when @a + @b overflows.
 */
gboolean
cns_time_checked_add (CnsTime a, CnsTime b, CnsTime *out)
{
  CnsTime r;

  if (__builtin_add_overflow (a, b, &r))
    return FALSE;
  *out = r;
  return TRUE;
}

/**
 * cns_time_checked_sub:
 *
 * Like cns_time_checked_add() for @a - @b.
 */
gboolean
cns_time_checked_sub (CnsTime a, CnsTime b, CnsTime *out)
{
  CnsTime r;

  if (__builtin_sub_overflow (a, b, &r))
    return FALSE;
  *out = r;
  return TRUE;
}

/**
 * cns_time_checked_mul:
 *
 * Like cns_time_checked_add() for @a * @factor.
 */
gboolean
cns_time_checked_mul (CnsTime a, gint64 factor, CnsTime *out)
{
  CnsTime r;

  if (__builtin_mul_overflow (a, factor, &r))
    return FALSE;
  *out = r;
  return TRUE;
}

static const TimeUnit *
find_unit (const gchar *text)
{
  for (gsize i = 0; i < G_N_ELEMENTS (parse_units); i++)
    if (strcmp (text, parse_units[i].name) == 0)
      return &parse_units[i];
  return NULL;
}

/**
 * cns_time_parse:
 * @text: a time such as "1.5s", "10ms", "200us", "7ns", "3ps", "2min" or a
 *   plain number of seconds; a sign and an exponent ("1e-3s") are allowed
 * @out: (out): the parsed time
 * @error: a #CNS_CORE_ERROR naming @text when it is not a time
 *
 * Parses @text exactly, without going through floating point. A value that
 * is not a whole number of picoseconds or does not fit in a #CnsTime is an
 * error.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_time_parse (const gchar *text, CnsTime *out, GError **error)
{
  CnsDecimal dec;
  const gchar *unit_text;
  const TimeUnit *unit;
  gint64 value;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (!cns_decimal_parse (text, &dec, &unit_text))
    {
      g_set_error (
          error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
          "'%s' is not a time (expected a number and a unit: " TIME_UNITS_HELP
          ", for example 10ms or 1.5s)",
          text);
      return FALSE;
    }
  /* A plain number is in seconds. */
  unit = *unit_text == '\0' ? &print_units[0] : find_unit (unit_text);
  if (unit == NULL)
    {
      g_set_error (
          error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
          "'%s' has an unknown time unit '%s' (accepted: " TIME_UNITS_HELP ")",
          text, unit_text);
      return FALSE;
    }

  switch (cns_decimal_scale (&dec, unit->ps, &value))
    {
    case CNS_DECIMAL_OK:
      *out = value;
      return TRUE;
    case CNS_DECIMAL_FRACTION:
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                   "'%s' is not a whole number of picoseconds, the time "
                   "resolution",
                   text);
      return FALSE;
    case CNS_DECIMAL_OVERFLOW:
    default:
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                   "'%s' is out of range (times are limited to about "
                   "±106 days)",
                   text);
      return FALSE;
    }
}

/**
 * cns_time_format:
 * @buf: (out caller-allocates): at least %CNS_TIME_STRING_SIZE bytes
 *
 * Writes @t in the largest unit not above it, with the decimals needed to
 * be exact: "1.5s", "10ms", "200us", "1.234567us", "3ps", "0s".
 *
 * Returns: the length written, without the NUL.
 */
gsize
cns_time_format (CnsTime t, gchar buf[CNS_TIME_STRING_SIZE])
{
  guint64 mag = t < 0 ? -(guint64) t : (guint64) t;
  const TimeUnit *unit = &print_units[G_N_ELEMENTS (print_units) - 1];

  if (t == 0)
    return g_strlcpy (buf, "0s", CNS_TIME_STRING_SIZE);
  for (gsize i = 0; i < G_N_ELEMENTS (print_units); i++)
    if (mag >= (guint64) print_units[i].ps)
      {
        unit = &print_units[i];
        break;
      }
  return cns_decimal_format (t < 0, mag, (guint64) unit->ps, unit->name, buf,
                             CNS_TIME_STRING_SIZE);
}

/**
 * cns_time_to_string:
 *
 * Returns: (transfer full): @t as cns_time_format() writes it; g_free() it.
 */
gchar *
cns_time_to_string (CnsTime t)
{
  gchar buf[CNS_TIME_STRING_SIZE];

  cns_time_format (t, buf);
  return g_strdup (buf);
}

/**
 * cns_time_format_seconds:
 * @buf: (out caller-allocates): at least %CNS_TIME_STRING_SIZE bytes
 *
 * Writes @t as signed seconds with all twelve decimals, "+1.500000000000s",
 * a fixed-width form for log prefixes and traces.
 *
 * Returns: the length written, without the NUL.
 */
gsize
cns_time_format_seconds (CnsTime t, gchar buf[CNS_TIME_STRING_SIZE])
{
  guint64 mag = t < 0 ? -(guint64) t : (guint64) t;
  guint64 s = mag / (guint64) CNS_TIME_PS_PER_S;
  guint64 frac = mag % (guint64) CNS_TIME_PS_PER_S;

  return (gsize) g_snprintf (buf, CNS_TIME_STRING_SIZE,
                             "%c%" G_GUINT64_FORMAT ".%012" G_GUINT64_FORMAT
                             "s",
                             t < 0 ? '-' : '+', s, frac);
}

/* GType plumbing: a fundamental value type holding a gint64, with a param
 * spec type that knows its range, and string transforms. */

static void
time_to_string_transform (const GValue *src, GValue *dest)
{
  dest->data[0].v_pointer = cns_time_to_string (src->data[0].v_int64);
}

static void
string_to_time_transform (const GValue *src, GValue *dest)
{
  g_autoptr (GError) error = NULL;
  CnsTime t = 0;
  const gchar *text = src->data[0].v_pointer;

  if (text == NULL || !cns_time_parse (text, &t, &error))
    g_warning ("cannot convert to a time: %s",
               error ? error->message : "NULL string");
  dest->data[0].v_int64 = t;
}

GType
cns_time_get_type (void)
{
  static gsize type = 0;

  if (g_once_init_enter (&type))
    {
      GType t = cns_value_register_int64_fundamental ("CnsTime");

      g_value_register_transform_func (t, G_TYPE_STRING,
                                       time_to_string_transform);
      g_value_register_transform_func (G_TYPE_STRING, t,
                                       string_to_time_transform);
      g_once_init_leave (&type, t);
    }
  return type;
}

GType
cns_param_time_get_type (void)
{
  static gsize type = 0;

  if (g_once_init_enter (&type))
    {
      GType t = cns_value_register_int64_param_type (
          "CnsParamTime", CNS_TYPE_TIME, sizeof (CnsParamSpecTime), TRUE);
      g_once_init_leave (&type, t);
    }
  return type;
}

/**
 * cns_value_set_time:
 *
 * Stores @t in a #GValue of type %CNS_TYPE_TIME.
 */
void
cns_value_set_time (GValue *value, CnsTime t)
{
  g_return_if_fail (CNS_VALUE_HOLDS_TIME (value));
  value->data[0].v_int64 = t;
}

/**
 * cns_value_get_time:
 *
 * Returns: the time held by @value.
 */
CnsTime
cns_value_get_time (const GValue *value)
{
  g_return_val_if_fail (CNS_VALUE_HOLDS_TIME (value), 0);
  return value->data[0].v_int64;
}

/**
 * cns_param_spec_time:
 *
 * Creates a param spec for a #CnsTime property with a range and a default,
 * like g_param_spec_int64().
 *
 * Returns: (transfer floating): the new param spec.
 */
GParamSpec *
cns_param_spec_time (const gchar *name, const gchar *nick, const gchar *blurb,
                     CnsTime minimum, CnsTime maximum, CnsTime default_value,
                     GParamFlags flags)
{
  CnsParamSpecTime *spec;

  g_return_val_if_fail (minimum <= default_value && default_value <= maximum,
                        NULL);
  spec = g_param_spec_internal (CNS_TYPE_PARAM_TIME, name, nick, blurb, flags);
  spec->minimum = minimum;
  spec->maximum = maximum;
  spec->default_value = default_value;
  return G_PARAM_SPEC (spec);
}
