/* cns — writing integers as bytes in a chosen byte order.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * CnsByteWriter: (skip)
 * @array: the array appended to, or %NULL for a fixed buffer
 * @data: where the bytes go
 * @size: the room at @data
 * @pos: the bytes written so far
 *
 * Appends integers to a #GByteArray or fills a fixed buffer, in little-
 * or big-endian order as each call says: the one writer for data that
 * crosses MPI ranks (packets, flow monitor tables, ATM cells) and for
 * fields in network order. Plain data on the stack; see
 * cns_byte_writer_init().
 */
typedef struct
{
  GByteArray *array;
  guint8 *data;
  gsize size;
  gsize pos;
} CnsByteWriter;

void cns_byte_writer_init (CnsByteWriter *writer, GByteArray *array);
void cns_byte_writer_init_fixed (CnsByteWriter *writer, guint8 *data,
                                 gsize size);
void cns_byte_writer_finish (CnsByteWriter *writer);
gsize cns_byte_writer_get_position (const CnsByteWriter *writer);

void cns_byte_writer_put_bytes (CnsByteWriter *writer, gconstpointer data,
                                gsize n);
void cns_byte_writer_put_u8 (CnsByteWriter *writer, guint8 value);
void cns_byte_writer_put_u16_le (CnsByteWriter *writer, guint16 value);
void cns_byte_writer_put_u32_le (CnsByteWriter *writer, guint32 value);
void cns_byte_writer_put_u64_le (CnsByteWriter *writer, guint64 value);
void cns_byte_writer_put_f64_le (CnsByteWriter *writer, gdouble value);
void cns_byte_writer_put_u16_be (CnsByteWriter *writer, guint16 value);
void cns_byte_writer_put_u32_be (CnsByteWriter *writer, guint32 value);
void cns_byte_writer_put_u64_be (CnsByteWriter *writer, guint64 value);
void cns_byte_writer_patch_u32_le (CnsByteWriter *writer, gsize at,
                                   guint32 value);

G_END_DECLS
