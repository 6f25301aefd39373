/* cns — exact decimal numbers with a unit suffix.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Attribute strings such as "1.5s", "2.5Gbps" or "64KB" must mean exactly
 * what they say on every machine, so they are read as a 128-bit decimal
 * mantissa and a power of ten, then scaled by the unit with overflow and
 * remainder checks. No floating point is involved.
 */
#include "core/cns-decimal-private.h"

#include <string.h>

/* 10^36 < 2^120: room left to multiply by a unit factor before checking. */
#define MAX_DIGITS 36

static gboolean
is_digit (gchar c)
{
  return c >= '0' && c <= '9';
}

static const gchar *
skip_spaces (const gchar *p)
{
  while (g_ascii_isspace (*p))
    p++;
  return p;
}

/*
 * cns_decimal_parse:
 * @unit: (out): points into @out->unit: the text after the number, without
 *   surrounding spaces ("" when there is none)
 *
 * Returns: FALSE when @text does not start with a number or its unit is
 * longer than any unit cns knows.
 */
gboolean
cns_decimal_parse (const gchar *text, CnsDecimal *out, const gchar **unit)
{
  const gchar *p = skip_spaces (text);
  const gchar *int_start, *int_end, *frac_start, *frac_end, *end;
  guint n_digits = 0;
  gsize unit_len;

  memset (out, 0, sizeof *out);
  if (*p == '+' || *p == '-')
    out->negative = *p++ == '-';

  int_start = p;
  while (is_digit (*p))
    p++;
  int_end = p;
  frac_start = frac_end = p;
  if (*p == '.')
    {
      frac_start = ++p;
      while (is_digit (*p))
        p++;
      frac_end = p;
    }
  if (int_end == int_start && frac_end == frac_start)
    return FALSE;

  /* Leading zeros of the integer part and trailing zeros of the fraction
   * carry no information. */
  while (int_start < int_end && *int_start == '0')
    int_start++;
  while (frac_end > frac_start && frac_end[-1] == '0')
    frac_end--;

  for (const gchar *d = int_start; d < int_end; d++)
    {
      if (++n_digits > MAX_DIGITS)
        {
          out->too_long = TRUE;
          break;
        }
      out->mantissa = out->mantissa * 10 + (guint) (*d - '0');
    }
  for (const gchar *d = frac_start; d < frac_end && !out->too_long; d++)
    {
      if (n_digits == 0 && *d == '0')
        {
          out->exponent--;
          continue;
        }
      if (++n_digits > MAX_DIGITS)
        {
          out->too_long = TRUE;
          break;
        }
      out->mantissa = out->mantissa * 10 + (guint) (*d - '0');
      out->exponent--;
    }

  if ((*p == 'e' || *p == 'E')
      && (is_digit (p[1]) || ((p[1] == '+' || p[1] == '-') && is_digit (p[2]))))
    {
      gboolean neg_exp = FALSE;
      gint e = 0;

      p++;
      if (*p == '+' || *p == '-')
        neg_exp = *p++ == '-';
      for (; is_digit (*p); p++)
        if (e < 100000)
          e = e * 10 + (*p - '0');
      out->exponent += neg_exp ? -e : e;
    }

  p = skip_spaces (p);
  end = p + strlen (p);
  while (end > p && g_ascii_isspace (end[-1]))
    end--;
  unit_len = (gsize) (end - p);
  if (unit_len >= CNS_DECIMAL_UNIT_SIZE)
    return FALSE;
  memcpy (out->unit, p, unit_len);
  out->unit[unit_len] = '\0';
  *unit = out->unit;
  return TRUE;
}

/*
 * cns_decimal_scale:
 * @factor: a positive multiplier, the unit's size in the base unit
 *
 * Computes @dec * @factor exactly.
 */
CnsDecimalStatus
cns_decimal_scale (const CnsDecimal *dec, gint64 factor, gint64 *out)
{
  unsigned __int128 v;
  unsigned __int128 limit;
  gint e = dec->exponent;

  g_return_val_if_fail (factor > 0, CNS_DECIMAL_OVERFLOW);

  if (dec->too_long)
    return CNS_DECIMAL_OVERFLOW;
  if (dec->mantissa == 0)
    {
      *out = 0;
      return CNS_DECIMAL_OK;
    }
  if (__builtin_mul_overflow (dec->mantissa, (unsigned __int128) factor, &v))
    return CNS_DECIMAL_OVERFLOW;
  for (; e > 0; e--)
    if (__builtin_mul_overflow (v, (unsigned __int128) 10, &v))
      return CNS_DECIMAL_OVERFLOW;
  for (; e < 0; e++)
    {
      if (v % 10 != 0)
        return CNS_DECIMAL_FRACTION;
      v /= 10;
    }

  limit = dec->negative ? (unsigned __int128) G_MAXINT64 + 1
                        : (unsigned __int128) G_MAXINT64;
  if (v > limit)
    return CNS_DECIMAL_OVERFLOW;
  *out = dec->negative ? (gint64) (-(guint64) v) : (gint64) (guint64) v;
  return CNS_DECIMAL_OK;
}

/*
 * cns_decimal_format:
 * @divisor: the unit's size in the base unit, a power of ten
 *
 * Writes @magnitude / @divisor with the decimals needed to be exact,
 * followed by @unit: (FALSE, 1500, 1000, "s") gives "1.5s".
 */
gsize
cns_decimal_format (gboolean negative, guint64 magnitude, guint64 divisor,
                    const gchar *unit, gchar *buf, gsize size)
{
  guint64 whole = magnitude / divisor;
  guint64 frac = magnitude % divisor;
  gchar digits[24] = "";

  if (frac != 0)
    {
      gint width = 0;
      gint len;

      for (guint64 d = divisor; d > 1; d /= 10)
        width++;
      len = g_snprintf (digits, sizeof digits, ".%0*" G_GUINT64_FORMAT, width,
                        frac);
      while (len > 1 && digits[len - 1] == '0')
        digits[--len] = '\0';
    }
  return (gsize) g_snprintf (buf, size, "%s%" G_GUINT64_FORMAT "%s%s",
                             negative ? "-" : "", whole, digits, unit);
}
