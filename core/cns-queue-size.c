/* cns — queue capacities in packets or bytes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The text forms follow ns-3's QueueSize: a count followed by 'p' for
 * packets or 'B' for bytes, with an optional k/K, M or G prefix (powers of
 * 1000) or Ki, Mi, Gi (powers of 1024): "100p", "64KB", "1.5MB", "10KiB".
 */
#include "core/cns-queue-size.h"

#include "core/cns-core-error.h"
#include "core/cns-decimal-private.h"

#include <string.h>

#define SIZE_HELP \
  "a count and a unit such as 100p (packets), 64KB or 1MiB (bytes)"

G_DEFINE_BOXED_TYPE (CnsQueueSize, cns_queue_size, cns_queue_size_copy,
                     cns_queue_size_free)

GType
cns_queue_size_unit_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { CNS_QUEUE_SIZE_PACKETS, "CNS_QUEUE_SIZE_PACKETS", "packets" },
    { CNS_QUEUE_SIZE_BYTES, "CNS_QUEUE_SIZE_BYTES", "bytes" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (
        &type, g_enum_register_static (
                   g_intern_static_string ("CnsQueueSizeUnit"), values));
  return type;
}

/**
 * cns_queue_size_copy:
 *
 * Returns: (transfer full): a copy of @size.
 */
CnsQueueSize *
cns_queue_size_copy (const CnsQueueSize *size)
{
  g_return_val_if_fail (size != NULL, NULL);
  return g_memdup2 (size, sizeof *size);
}

/**
 * cns_queue_size_free:
 *
 * Frees a size made by cns_queue_size_copy().
 */
void
cns_queue_size_free (CnsQueueSize *size)
{
  g_free (size);
}

/**
 * cns_queue_size_equal:
 *
 * Returns: whether @a and @b are the same size.
 */
gboolean
cns_queue_size_equal (const CnsQueueSize *a, const CnsQueueSize *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);
  return a->unit == b->unit && a->value == b->value;
}

/* Returns the multiplier of @unit and its kind, or 0 when unknown. */
static guint64
size_unit_scale (const gchar *unit, CnsQueueSizeUnit *kind)
{
  guint64 scale = 1;
  const gchar *p = unit;

  switch (*p)
    {
    case 'k':
    case 'K':
      scale = 1000;
      break;
    case 'M':
      scale = 1000000;
      break;
    case 'G':
      scale = 1000000000;
      break;
    default:
      break;
    }
  if (scale != 1)
    {
      p++;
      if (*p == 'i')
        {
          scale = scale == 1000      ? 1 << 10
                  : scale == 1000000 ? 1 << 20
                                     : 1 << 30;
          p++;
        }
    }
  if (strcmp (p, "p") == 0)
    *kind = CNS_QUEUE_SIZE_PACKETS;
  else if (strcmp (p, "B") == 0)
    *kind = CNS_QUEUE_SIZE_BYTES;
  else
    return 0;
  return scale;
}

/**
 * cns_queue_size_parse:
 * @text: a size such as "100p" or "64KB"
 * @out: (out): the parsed size
 * @error: a #CNS_CORE_ERROR naming @text when it is not a size
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_queue_size_parse (const gchar *text, CnsQueueSize *out, GError **error)
{
  CnsDecimal dec;
  const gchar *unit;
  CnsQueueSizeUnit kind;
  guint64 scale;
  gint64 value;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (!cns_decimal_parse (text, &dec, &unit))
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "'%s' is not a queue size (expected " SIZE_HELP ")", text);
      return FALSE;
    }
  if ((scale = size_unit_scale (unit, &kind)) == 0)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "'%s' has %s queue size unit%s%s%s (expected " SIZE_HELP ")",
                   text, *unit ? "an unknown" : "no", *unit ? " '" : "", unit,
                   *unit ? "'" : "");
      return FALSE;
    }
  if (dec.negative && dec.mantissa != 0)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                   "'%s' is negative; a queue size cannot be", text);
      return FALSE;
    }
  switch (cns_decimal_scale (&dec, (gint64) scale, &value))
    {
    case CNS_DECIMAL_OK:
      out->unit = kind;
      out->value = (guint64) value;
      return TRUE;
    case CNS_DECIMAL_FRACTION:
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                   "'%s' is not a whole number of %s", text,
                   kind == CNS_QUEUE_SIZE_PACKETS ? "packets" : "bytes");
      return FALSE;
    case CNS_DECIMAL_OVERFLOW:
    default:
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                   "'%s' is out of range", text);
      return FALSE;
    }
}

/**
 * cns_queue_size_format:
 * @buf: (out caller-allocates): at least %CNS_QUEUE_SIZE_STRING_SIZE bytes
 *
 * Writes packets as "100p" and bytes in the largest decimal unit not above
 * them, exactly: "64KB", "1.5MB", "65.536KB", "512B".
 *
 * Returns: the length written.
 */
gsize
cns_queue_size_format (const CnsQueueSize *size,
                       gchar buf[CNS_QUEUE_SIZE_STRING_SIZE])
{
  static const struct
  {
    const gchar *name;
    guint64 bytes;
  } units[] = {
    { "GB", 1000000000 },
    { "MB", 1000000 },
    { "KB", 1000 },
    { "B", 1 },
  };
  gsize i = 0;

  g_return_val_if_fail (size != NULL, 0);
  if (size->unit == CNS_QUEUE_SIZE_PACKETS)
    return (gsize) g_snprintf (buf, CNS_QUEUE_SIZE_STRING_SIZE,
                               "%" G_GUINT64_FORMAT "p", size->value);
  while (i < G_N_ELEMENTS (units) - 1 && size->value < units[i].bytes)
    i++;
  return cns_decimal_format (FALSE, size->value, units[i].bytes, units[i].name,
                             buf, CNS_QUEUE_SIZE_STRING_SIZE);
}

/**
 * cns_queue_size_to_string:
 *
 * Returns: (transfer full): @size as text.
 */
gchar *
cns_queue_size_to_string (const CnsQueueSize *size)
{
  gchar buf[CNS_QUEUE_SIZE_STRING_SIZE];

  cns_queue_size_format (size, buf);
  return g_strdup (buf);
}
