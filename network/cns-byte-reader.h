/* cns — reading integers from bytes, checking every read against the end.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * CnsByteReader: (skip)
 * @data: the bytes
 * @size: how many there are
 * @pos: the bytes read so far
 * @name: what the bytes are ("serialized packet"), for error messages
 * @truncated: whether a read ran past the end; every later read fails too
 *
 * Reads what a #CnsByteWriter wrote. A read that needs more bytes than
 * are left reads none, zeroes its value, and fails with an error naming
 * the input, the field and the bytes missing. Plain data on the stack;
 * see cns_byte_reader_init().
 */
typedef struct
{
  const guint8 *data;
  gsize size;
  gsize pos;
  const gchar *name;
  gboolean truncated;
} CnsByteReader;

void cns_byte_reader_init (CnsByteReader *reader, gconstpointer data,
                           gsize size, const gchar *name);
gsize cns_byte_reader_get_position (const CnsByteReader *reader);
gsize cns_byte_reader_get_remaining (const CnsByteReader *reader);
gboolean cns_byte_reader_is_truncated (const CnsByteReader *reader);

gboolean cns_byte_reader_get_bytes (CnsByteReader *reader, gsize n,
                                    const guint8 **bytes, const gchar *what,
                                    GError **error);
gboolean cns_byte_reader_get_u8 (CnsByteReader *reader, guint8 *value,
                                 const gchar *what, GError **error);
gboolean cns_byte_reader_get_u16_le (CnsByteReader *reader, guint16 *value,
                                     const gchar *what, GError **error);
gboolean cns_byte_reader_get_u32_le (CnsByteReader *reader, guint32 *value,
                                     const gchar *what, GError **error);
gboolean cns_byte_reader_get_u64_le (CnsByteReader *reader, guint64 *value,
                                     const gchar *what, GError **error);
gboolean cns_byte_reader_get_f64_le (CnsByteReader *reader, gdouble *value,
                                     const gchar *what, GError **error);
gboolean cns_byte_reader_get_u16_be (CnsByteReader *reader, guint16 *value,
                                     const gchar *what, GError **error);
gboolean cns_byte_reader_get_u32_be (CnsByteReader *reader, guint32 *value,
                                     const gchar *what, GError **error);
gboolean cns_byte_reader_get_u64_be (CnsByteReader *reader, guint64 *value,
                                     const gchar *what, GError **error);

G_END_DECLS
