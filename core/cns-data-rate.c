/* cns — data rates.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Rates are integer bits per second, parsed exactly from strings in ns-3's
 * forms: "5Mbps", "1.5Gb/s", "100kbps", "10KiBps", "32768b/s". A prefix is
 * k/K (10^3), M, G or T, optionally with 'i' for powers of 1024; 'b' counts
 * bits and 'B' bytes; the rate ends in "ps" or "/s". A bare number is bits
 * per second. Transmission times are exact to the picosecond.
 */
#include "core/cns-data-rate.h"

#include "core/cns-core-error.h"
#include "core/cns-decimal-private.h"
#include "core/cns-value-private.h"

#include <string.h>

#define RATE_HELP \
  "a number and a unit such as 5Mbps, 1.5Gb/s, 100kbps or 10MBps"

/* Returns the number of bits per second one unit stands for, or 0. */
static guint64
rate_unit_bps (const gchar *unit)
{
  static const struct
  {
    gchar prefix;
    guint64 si;
    guint64 iec;
  } prefixes[] = {
    { 'k', G_GUINT64_CONSTANT (1000), G_GUINT64_CONSTANT (1) << 10 },
    { 'K', G_GUINT64_CONSTANT (1000), G_GUINT64_CONSTANT (1) << 10 },
    { 'M', G_GUINT64_CONSTANT (1000000), G_GUINT64_CONSTANT (1) << 20 },
    { 'G', G_GUINT64_CONSTANT (1000000000), G_GUINT64_CONSTANT (1) << 30 },
    { 'T', G_GUINT64_CONSTANT (1000000000000), G_GUINT64_CONSTANT (1) << 40 },
  };
  guint64 scale = 1;
  const gchar *p = unit;

  if (*unit == '\0')
    return 1;
  for (gsize i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (*p == prefixes[i].prefix)
      {
        p++;
        if (*p == 'i')
          {
            scale = prefixes[i].iec;
            p++;
          }
        else
          scale = prefixes[i].si;
        break;
      }
  if (*p == 'B')
    scale *= 8;
  else if (*p != 'b')
    return 0;
  p++;
  if (strcmp (p, "ps") != 0 && strcmp (p, "/s") != 0)
    return 0;
  return scale;
}

/**
 * cns_data_rate_parse:
 * @text: a rate such as "5Mbps", "1.5Gb/s" or "100kbps"
 * @out: (out): the rate in bits per second
 * @error: a #CNS_CORE_ERROR naming @text when it is not a rate
 *
 * Returns: %TRUE on success. Negative rates, fractions of a bit per second
 * and rates above 2^63 b/s are errors.
 */
gboolean
cns_data_rate_parse (const gchar *text, CnsDataRate *out, GError **error)
{
  CnsDecimal dec;
  const gchar *unit;
  guint64 bps;
  gint64 value;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (!cns_decimal_parse (text, &dec, &unit))
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "'%s' is not a data rate (expected " RATE_HELP ")", text);
      return FALSE;
    }
  if ((bps = rate_unit_bps (unit)) == 0)
    {
      g_set_error (
          error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
          "'%s' has an unknown data rate unit '%s' (expected " RATE_HELP ")",
          text, unit);
      return FALSE;
    }
  if (dec.negative && dec.mantissa != 0)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                   "'%s' is negative; a data rate cannot be", text);
      return FALSE;
    }
  switch (cns_decimal_scale (&dec, (gint64) bps, &value))
    {
    case CNS_DECIMAL_OK:
      *out = (CnsDataRate) value;
      return TRUE;
    case CNS_DECIMAL_FRACTION:
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                   "'%s' is not a whole number of bits per second", text);
      return FALSE;
    case CNS_DECIMAL_OVERFLOW:
    default:
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                   "'%s' is out of range (at most 9.2Ebps)", text);
      return FALSE;
    }
}

/**
 * cns_data_rate_format:
 * @buf: (out caller-allocates): at least %CNS_DATA_RATE_STRING_SIZE bytes
 *
 * Writes @rate in the largest decimal unit not above it, exactly:
 * "5Mbps", "1.5Gbps", "32.768kbps", "0bps".
 *
 * Returns: the length written.
 */
gsize
cns_data_rate_format (CnsDataRate rate, gchar buf[CNS_DATA_RATE_STRING_SIZE])
{
  static const struct
  {
    const gchar *name;
    guint64 bps;
  } units[] = {
    { "Tbps", G_GUINT64_CONSTANT (1000000000000) },
    { "Gbps", G_GUINT64_CONSTANT (1000000000) },
    { "Mbps", G_GUINT64_CONSTANT (1000000) },
    { "kbps", G_GUINT64_CONSTANT (1000) },
    { "bps", 1 },
  };
  gsize i = 0;

  while (i < G_N_ELEMENTS (units) - 1 && rate < units[i].bps)
    i++;
  return cns_decimal_format (FALSE, rate, units[i].bps, units[i].name, buf,
                             CNS_DATA_RATE_STRING_SIZE);
}

/**
 * cns_data_rate_to_string:
 *
 * Returns: (transfer full): @rate as text.
 */
gchar *
cns_data_rate_to_string (CnsDataRate rate)
{
  gchar buf[CNS_DATA_RATE_STRING_SIZE];

  cns_data_rate_format (rate, buf);
  return g_strdup (buf);
}

/**
 * cns_data_rate_bits_tx_time_slow:
 *
 * cns_data_rate_bits_tx_time() for what its inline part leaves: a zero
 * @rate, and more bits than a packet has, which take a 128-bit division.
 */
CnsTime
cns_data_rate_bits_tx_time_slow (CnsDataRate rate, guint64 bits)
{
  unsigned __int128 ps;

  g_return_val_if_fail (rate > 0, CNS_TIME_MAX);
  if (bits <= CNS_DATA_RATE_FAST_BITS)
    return (CnsTime) ((bits * (guint64) CNS_TIME_PS_PER_S + rate / 2) / rate);
  ps = ((unsigned __int128) bits * (guint64) CNS_TIME_PS_PER_S + rate / 2)
       / rate;
  return ps > (unsigned __int128) CNS_TIME_MAX ? CNS_TIME_MAX : (CnsTime) ps;
}

static void
rate_to_string_transform (const GValue *src, GValue *dest)
{
  dest->data[0].v_pointer = cns_data_rate_to_string (src->data[0].v_uint64);
}

static void
string_to_rate_transform (const GValue *src, GValue *dest)
{
  g_autoptr (GError) error = NULL;
  CnsDataRate rate = 0;
  const gchar *text = src->data[0].v_pointer;

  if (text == NULL || !cns_data_rate_parse (text, &rate, &error))
    g_warning ("cannot convert to a data rate: %s",
               error ? error->message : "NULL string");
  dest->data[0].v_uint64 = rate;
}

GType
cns_data_rate_get_type (void)
{
  static gsize type = 0;

  if (g_once_init_enter (&type))
    {
      GType t = cns_value_register_int64_fundamental ("CnsDataRate");

      g_value_register_transform_func (t, G_TYPE_STRING,
                                       rate_to_string_transform);
      g_value_register_transform_func (G_TYPE_STRING, t,
                                       string_to_rate_transform);
      g_once_init_leave (&type, t);
    }
  return type;
}

GType
cns_param_data_rate_get_type (void)
{
  static gsize type = 0;

  if (g_once_init_enter (&type))
    {
      GType t = cns_value_register_int64_param_type (
          "CnsParamDataRate", CNS_TYPE_DATA_RATE, sizeof (CnsParamSpecDataRate),
          FALSE);
      g_once_init_leave (&type, t);
    }
  return type;
}

/**
 * cns_value_set_data_rate:
 *
 * Stores @rate in a %CNS_TYPE_DATA_RATE value.
 */
void
cns_value_set_data_rate (GValue *value, CnsDataRate rate)
{
  g_return_if_fail (CNS_VALUE_HOLDS_DATA_RATE (value));
  value->data[0].v_uint64 = rate;
}

/**
 * cns_value_get_data_rate:
 *
 * Returns: the rate held by @value.
 */
CnsDataRate
cns_value_get_data_rate (const GValue *value)
{
  g_return_val_if_fail (CNS_VALUE_HOLDS_DATA_RATE (value), 0);
  return value->data[0].v_uint64;
}

/**
 * cns_param_spec_data_rate:
 *
 * Creates a param spec for a #CnsDataRate property.
 *
 * Returns: (transfer floating): the new param spec.
 */
GParamSpec *
cns_param_spec_data_rate (const gchar *name, const gchar *nick,
                          const gchar *blurb, CnsDataRate minimum,
                          CnsDataRate maximum, CnsDataRate default_value,
                          GParamFlags flags)
{
  CnsParamSpecDataRate *spec;

  g_return_val_if_fail (minimum <= default_value && default_value <= maximum,
                        NULL);
  spec = g_param_spec_internal (CNS_TYPE_PARAM_DATA_RATE, name, nick, blurb,
                                flags);
  spec->minimum = minimum;
  spec->maximum = maximum;
  spec->default_value = default_value;
  return G_PARAM_SPEC (spec);
}
