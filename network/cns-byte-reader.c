/* cns — reading integers from bytes, checking every read against the end.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The reading side of cns-byte-writer.c: each read checks the bytes left
 * before it touches them, so truncated or corrupt input from another
 * rank gives an error naming what was cut short, never a read past the
 * end. A failed read makes every later one fail as well, so a caller may
 * read a run of fields and check once.
 */
#include "network/cns-byte-reader.h"

#include "network/cns-network-error.h"

#include <string.h>

/* The @n bytes at reader->pos, or %NULL (with @error set) when fewer are
 * left or an earlier read failed. */
static const guint8 *
take (CnsByteReader *reader, gsize n, const gchar *what, GError **error)
{
  gsize left = reader->size - reader->pos;
  const guint8 *at;

  if (G_UNLIKELY (reader->truncated || left < n))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                     "%s truncated%s%s: %" G_GSIZE_FORMAT
                     " bytes needed, %" G_GSIZE_FORMAT " left",
                     reader->name, what != NULL ? " in " : "",
                     what != NULL ? what : "", n,
                     reader->truncated ? (gsize) 0 : left);
      reader->truncated = TRUE;
      return NULL;
    }
  at = reader->data + reader->pos;
  reader->pos += n;
  return at;
}

/* Reads an @n-byte integer laid out least or most significant byte
 * first; 0 when it is not there. */
static gboolean
get_uint (CnsByteReader *reader, guint n, gboolean big_endian, guint64 *value,
          const gchar *what, GError **error)
{
  const guint8 *at;

  *value = 0;
  g_return_val_if_fail (reader != NULL, FALSE);
  if ((at = take (reader, n, what, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < n; i++)
    *value |= (guint64) at[big_endian ? n - 1 - i : i] << (8 * i);
  return TRUE;
}

/**
 * cns_byte_reader_init: (skip)
 * @reader: the reader to set up
 * @data: the bytes, which must outlive the reader
 * @size: how many
 * @name: what they are ("serialized packet"), static: error messages
 *   begin with it
 */
void
cns_byte_reader_init (CnsByteReader *reader, gconstpointer data, gsize size,
                      const gchar *name)
{
  g_return_if_fail (reader != NULL);
  g_return_if_fail (data != NULL || size == 0);
  g_return_if_fail (name != NULL);
  *reader = (CnsByteReader){ data, size, 0, name, FALSE };
}

/**
 * cns_byte_reader_get_position: (skip)
 * @reader: a reader
 *
 * Returns: how many bytes have been read.
 */
gsize
cns_byte_reader_get_position (const CnsByteReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);
  return reader->pos;
}

/**
 * cns_byte_reader_get_remaining: (skip)
 * @reader: a reader
 *
 * Returns: how many bytes are left to read.
 */
gsize
cns_byte_reader_get_remaining (const CnsByteReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);
  return reader->size - reader->pos;
}

/**
 * cns_byte_reader_is_truncated: (skip)
 * @reader: a reader
 *
 * Returns: whether a read has failed for want of bytes.
 */
gboolean
cns_byte_reader_is_truncated (const CnsByteReader *reader)
{
  g_return_val_if_fail (reader != NULL, TRUE);
  return reader->truncated;
}

/**
 * cns_byte_reader_get_bytes: (skip)
 * @reader: a reader
 * @n: how many bytes
 * @bytes: (out): where they are in the reader's data; %NULL on failure
 * @what: (nullable): the field, for the error message ("the nix vector")
 * @error: a %CNS_NETWORK_ERROR_PARSE naming the input, @what and the
 *   bytes missing when fewer than @n are left
 *
 * Returns: %TRUE when the bytes were there.
 */
gboolean
cns_byte_reader_get_bytes (CnsByteReader *reader, gsize n, const guint8 **bytes,
                           const gchar *what, GError **error)
{
  g_return_val_if_fail (bytes != NULL, FALSE);
  *bytes = NULL;
  g_return_val_if_fail (reader != NULL, FALSE);
  *bytes = take (reader, n, what, error);
  return *bytes != NULL;
}

/**
 * cns_byte_reader_get_u8: (skip)
 * @reader: a reader
 * @value: (out): the byte; 0 on failure
 * @what: (nullable): the field, for the error message
 * @error: as for cns_byte_reader_get_bytes()
 *
 * Returns: %TRUE when the byte was there.
 */
gboolean
cns_byte_reader_get_u8 (CnsByteReader *reader, guint8 *value, const gchar *what,
                        GError **error)
{
  guint64 v;
  gboolean ok = get_uint (reader, 1, FALSE, &v, what, error);

  *value = (guint8) v;
  return ok;
}

/**
 * cns_byte_reader_get_u16_le: (skip)
 * @reader: a reader
 * @value: (out): the value, stored least significant byte first; 0 on
 *   failure
 * @what: (nullable): the field, for the error message
 * @error: as for cns_byte_reader_get_bytes()
 *
 * Returns: %TRUE when the bytes were there.
 */
gboolean
cns_byte_reader_get_u16_le (CnsByteReader *reader, guint16 *value,
                            const gchar *what, GError **error)
{
  guint64 v;
  gboolean ok = get_uint (reader, 2, FALSE, &v, what, error);

  *value = (guint16) v;
  return ok;
}

/**
 * cns_byte_reader_get_u32_le: (skip)
 * @reader: a reader
 * @value: (out): the value, stored least significant byte first; 0 on
 *   failure
 * @what: (nullable): the field, for the error message
 * @error: as for cns_byte_reader_get_bytes()
 *
 * Returns: %TRUE when the bytes were there.
 */
gboolean
cns_byte_reader_get_u32_le (CnsByteReader *reader, guint32 *value,
                            const gchar *what, GError **error)
{
  guint64 v;
  gboolean ok = get_uint (reader, 4, FALSE, &v, what, error);

  *value = (guint32) v;
  return ok;
}

/**
 * cns_byte_reader_get_u64_le: (skip)
 * @reader: a reader
 * @value: (out): the value, stored least significant byte first; 0 on
 *   failure
 * @what: (nullable): the field, for the error message
 * @error: as for cns_byte_reader_get_bytes()
 *
 * Returns: %TRUE when the bytes were there.
 */
gboolean
cns_byte_reader_get_u64_le (CnsByteReader *reader, guint64 *value,
                            const gchar *what, GError **error)
{
  return get_uint (reader, 8, FALSE, value, what, error);
}

/**
 * cns_byte_reader_get_f64_le: (skip)
 * @reader: a reader
 * @value: (out): the value, stored as its IEEE 754 bits least
 *   significant byte first; 0 on failure
 * @what: (nullable): the field, for the error message
 * @error: as for cns_byte_reader_get_bytes()
 *
 * Returns: %TRUE when the bytes were there.
 */
gboolean
cns_byte_reader_get_f64_le (CnsByteReader *reader, gdouble *value,
                            const gchar *what, GError **error)
{
  guint64 bits;
  gboolean ok = get_uint (reader, 8, FALSE, &bits, what, error);

  memcpy (value, &bits, sizeof bits);
  return ok;
}

/**
 * cns_byte_reader_get_u16_be: (skip)
 * @reader: a reader
 * @value: (out): the value, stored in network order; 0 on failure
 * @what: (nullable): the field, for the error message
 * @error: as for cns_byte_reader_get_bytes()
 *
 * Returns: %TRUE when the bytes were there.
 */
gboolean
cns_byte_reader_get_u16_be (CnsByteReader *reader, guint16 *value,
                            const gchar *what, GError **error)
{
  guint64 v;
  gboolean ok = get_uint (reader, 2, TRUE, &v, what, error);

  *value = (guint16) v;
  return ok;
}

/**
 * cns_byte_reader_get_u32_be: (skip)
 * @reader: a reader
 * @value: (out): the value, stored in network order; 0 on failure
 * @what: (nullable): the field, for the error message
 * @error: as for cns_byte_reader_get_bytes()
 *
 * Returns: %TRUE when the bytes were there.
 */
gboolean
cns_byte_reader_get_u32_be (CnsByteReader *reader, guint32 *value,
                            const gchar *what, GError **error)
{
  guint64 v;
  gboolean ok = get_uint (reader, 4, TRUE, &v, what, error);

  *value = (guint32) v;
  return ok;
}

/**
 * cns_byte_reader_get_u64_be: (skip)
 * @reader: a reader
 * @value: (out): the value, stored in network order; 0 on failure
 * @what: (nullable): the field, for the error message
 * @error: as for cns_byte_reader_get_bytes()
 *
 * Returns: %TRUE when the bytes were there.
 */
gboolean
cns_byte_reader_get_u64_be (CnsByteReader *reader, guint64 *value,
                            const gchar *what, GError **error)
{
  return get_uint (reader, 8, TRUE, value, what, error);
}
