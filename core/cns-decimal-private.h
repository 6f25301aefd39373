/* cns — exact decimal numbers with a unit suffix, for parsing and printing
 * times, data rates and sizes without floating-point rounding.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CNS_DECIMAL_UNIT_SIZE 24

/* A parsed "[sign]digits[.digits][e[sign]digits][unit]": the value is
 * mantissa * 10^exponent, negated when negative is set. */
typedef struct
{
  gboolean negative;
  gboolean too_long; /* more significant digits than the mantissa holds */
  unsigned __int128 mantissa;
  gint exponent;
  gchar unit[CNS_DECIMAL_UNIT_SIZE];
} CnsDecimal;

typedef enum
{
  CNS_DECIMAL_OK,
  CNS_DECIMAL_FRACTION, /* the scaled value is not a whole number */
  CNS_DECIMAL_OVERFLOW, /* the scaled value does not fit in a gint64 */
} CnsDecimalStatus;

gboolean cns_decimal_parse (const gchar *text, CnsDecimal *out,
                            const gchar **unit);
CnsDecimalStatus cns_decimal_scale (const CnsDecimal *dec, gint64 factor,
                                    gint64 *out);
gsize cns_decimal_format (gboolean negative, guint64 magnitude, guint64 divisor,
                          const gchar *unit, gchar *buf, gsize size);

G_END_DECLS
