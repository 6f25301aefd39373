/* cns — the interface of protocol headers and trailers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The largest header struct cns_packet_print() can rebuild from a packet's
 * bytes: it deserialises each recorded header into a scratch struct of
 * this size, since the class does not say how big its struct is. */
#define CNS_HEADER_MAX_STRUCT_SIZE 1024

/**
 * CnsHeaderClass:
 * @name: the header's name in packet descriptions, "PppHeader"
 * @get_serialized_size: the number of bytes @header takes on the wire
 * @serialize: writes @header in network byte order into @start, exactly
 *   get_serialized_size() bytes
 * @deserialize: reads a header from @data. For a header @data is the first
 *   byte of the packet; for a trailer it is the first of the @available
 *   bytes that end at the packet's last byte. Returns the number of bytes
 *   the header takes, or 0 when @data does not hold a valid one. The
 *   @available bytes may be only the first part of the packet, so the
 *   header's length must come from its own bytes, never from @available.
 * @print: appends a one-line description of @header's fields to @out,
 *   without its name, e.g. "protocol IP (0x0021)"
 *
 * Headers are plain C structs, not GObjects, of at most
 * %CNS_HEADER_MAX_STRUCT_SIZE bytes and owning no memory; this static class
 * struct says how to turn one into bytes and back. A packet holds only the
 * bytes, so a packet is what it would be on a wire. Classes are registered with
 * cns_header_class_register() so that packet descriptions can be rebuilt
 * after a packet crosses an MPI boundary.
 */
typedef struct
{
  const gchar *name;
  gsize (*get_serialized_size) (gconstpointer header);
  void (*serialize) (gconstpointer header, guint8 *start);
  gsize (*deserialize) (gpointer header, const guint8 *data, gsize available);
  void (*print) (gconstpointer header, GString *out);
} CnsHeaderClass;

void cns_header_class_register (const CnsHeaderClass *klass);
const CnsHeaderClass *cns_header_class_lookup (const gchar *name);

G_END_DECLS
