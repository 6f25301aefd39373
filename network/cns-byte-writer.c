/* cns — writing integers as bytes in a chosen byte order.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every integer goes through one function that lays its bytes out least
 * or most significant first, so the byte order is explicit at each call
 * and no host order leaks into data another rank reads. An array grows
 * ahead of the writes (one size check per field, not a
 * g_byte_array_append() each: packets are written for every frame that
 * crosses ranks) and is cut to size by cns_byte_writer_finish().
 */
#include "network/cns-byte-writer.h"

#include <string.h>

/* How far an array grows past what a write needs. */
#define GROW_AHEAD 256

/* Lays out the @n low bytes of @value at @out. */
static inline void
store_uint (guint8 *out, guint64 value, guint n, gboolean big_endian)
{
  for (guint i = 0; i < n; i++)
    out[big_endian ? n - 1 - i : i] = (guint8) (value >> (8 * i));
}

/* Room for @n more bytes at writer->pos, or %NULL when a fixed buffer
 * has not that much left. */
static inline guint8 *
reserve (CnsByteWriter *writer, gsize n)
{
  guint8 *at;

  if (G_UNLIKELY (writer->size - writer->pos < n))
    {
      if (writer->array == NULL)
        {
          g_critical ("cns_byte_writer: %" G_GSIZE_FORMAT
                      " bytes do not fit in a %" G_GSIZE_FORMAT
                      "-byte buffer at offset %" G_GSIZE_FORMAT,
                      n, writer->size, writer->pos);
          return NULL;
        }
      g_byte_array_set_size (writer->array, writer->pos + n + GROW_AHEAD);
      writer->data = writer->array->data;
      writer->size = writer->array->len;
    }
  at = writer->data + writer->pos;
  writer->pos += n;
  return at;
}

static inline void
put_uint (CnsByteWriter *writer, guint64 value, guint n, gboolean big_endian)
{
  guint8 *at;

  g_return_if_fail (writer != NULL);
  if ((at = reserve (writer, n)) != NULL)
    store_uint (at, value, n, big_endian);
}

/**
 * cns_byte_writer_init: (skip)
 * @writer: the writer to set up
 * @array: the array to append to; its length runs ahead of what is
 *   written until cns_byte_writer_finish()
 *
 * Starts appending to @array after its current bytes.
 */
void
cns_byte_writer_init (CnsByteWriter *writer, GByteArray *array)
{
  g_return_if_fail (writer != NULL);
  g_return_if_fail (array != NULL);
  *writer = (CnsByteWriter){ array, array->data, array->len, array->len };
}

/**
 * cns_byte_writer_init_fixed: (skip)
 * @writer: the writer to set up
 * @data: the buffer to fill from its start
 * @size: its size: writing past it is a programming error, refused with
 *   a critical warning
 *
 * Starts filling a buffer that does not grow, such as a cell's bytes.
 */
void
cns_byte_writer_init_fixed (CnsByteWriter *writer, guint8 *data, gsize size)
{
  g_return_if_fail (writer != NULL);
  g_return_if_fail (data != NULL || size == 0);
  *writer = (CnsByteWriter){ NULL, data, size, 0 };
}

/**
 * cns_byte_writer_finish: (skip)
 * @writer: a writer
 *
 * Cuts the array to the bytes written; nothing to do for a fixed buffer.
 */
void
cns_byte_writer_finish (CnsByteWriter *writer)
{
  g_return_if_fail (writer != NULL);
  if (writer->array != NULL)
    {
      g_byte_array_set_size (writer->array, writer->pos);
      writer->data = writer->array->data;
      writer->size = writer->array->len;
    }
}

/**
 * cns_byte_writer_get_position: (skip)
 * @writer: a writer
 *
 * Returns: the offset of the next byte written, from the start of the
 * array or buffer: where to patch a count later.
 */
gsize
cns_byte_writer_get_position (const CnsByteWriter *writer)
{
  g_return_val_if_fail (writer != NULL, 0);
  return writer->pos;
}

/**
 * cns_byte_writer_put_bytes: (skip)
 * @writer: a writer
 * @data: the bytes
 * @n: how many
 */
void
cns_byte_writer_put_bytes (CnsByteWriter *writer, gconstpointer data, gsize n)
{
  guint8 *at;

  g_return_if_fail (writer != NULL);
  g_return_if_fail (data != NULL || n == 0);
  if (n > 0 && (at = reserve (writer, n)) != NULL)
    memcpy (at, data, n);
}

/**
 * cns_byte_writer_put_u8: (skip)
 * @writer: a writer
 * @value: the byte
 */
void
cns_byte_writer_put_u8 (CnsByteWriter *writer, guint8 value)
{
  put_uint (writer, value, 1, FALSE);
}

/**
 * cns_byte_writer_put_u16_le: (skip)
 * @writer: a writer
 * @value: the value, written least significant byte first
 */
void
cns_byte_writer_put_u16_le (CnsByteWriter *writer, guint16 value)
{
  put_uint (writer, value, 2, FALSE);
}

/**
 * cns_byte_writer_put_u32_le: (skip)
 * @writer: a writer
 * @value: the value, written least significant byte first
 */
void
cns_byte_writer_put_u32_le (CnsByteWriter *writer, guint32 value)
{
  put_uint (writer, value, 4, FALSE);
}

/**
 * cns_byte_writer_put_u64_le: (skip)
 * @writer: a writer
 * @value: the value, written least significant byte first
 */
void
cns_byte_writer_put_u64_le (CnsByteWriter *writer, guint64 value)
{
  put_uint (writer, value, 8, FALSE);
}

/**
 * cns_byte_writer_put_f64_le: (skip)
 * @writer: a writer
 * @value: the value, written as its IEEE 754 bits, least significant
 *   byte first
 */
void
cns_byte_writer_put_f64_le (CnsByteWriter *writer, gdouble value)
{
  guint64 bits;

  memcpy (&bits, &value, sizeof bits);
  put_uint (writer, bits, 8, FALSE);
}

/**
 * cns_byte_writer_put_u16_be: (skip)
 * @writer: a writer
 * @value: the value, in network order (most significant byte first)
 */
void
cns_byte_writer_put_u16_be (CnsByteWriter *writer, guint16 value)
{
  put_uint (writer, value, 2, TRUE);
}

/**
 * cns_byte_writer_put_u32_be: (skip)
 * @writer: a writer
 * @value: the value, in network order (most significant byte first)
 */
void
cns_byte_writer_put_u32_be (CnsByteWriter *writer, guint32 value)
{
  put_uint (writer, value, 4, TRUE);
}

/**
 * cns_byte_writer_put_u64_be: (skip)
 * @writer: a writer
 * @value: the value, in network order (most significant byte first)
 */
void
cns_byte_writer_put_u64_be (CnsByteWriter *writer, guint64 value)
{
  put_uint (writer, value, 8, TRUE);
}

/**
 * cns_byte_writer_patch_u32_le: (skip)
 * @writer: a writer
 * @at: where a u32 was written before, as cns_byte_writer_get_position()
 *   said then
 * @value: the value to write there instead, least significant byte first
 *
 * Fills in a length or count whose room was kept until the fields it
 * counts were written.
 */
void
cns_byte_writer_patch_u32_le (CnsByteWriter *writer, gsize at, guint32 value)
{
  g_return_if_fail (writer != NULL);
  g_return_if_fail (at <= writer->pos && writer->pos - at >= 4);
  store_uint (writer->data + at, value, 4, FALSE);
}
