/* cns — the interface of packet tags and byte tags.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The largest tag payload a packet can carry. */
#define CNS_TAG_MAX_SIZE 24

/**
 * CnsTagClass:
 * @name: the tag's name, unique, used to rebuild tags after a packet
 *   crosses an MPI boundary
 * @size: the size of the tag's data, at most %CNS_TAG_MAX_SIZE bytes; tags
 *   are plain data, copied with memcpy
 * @print: (nullable): appends a description of the data to @out
 *
 * A kind of tag: simulation-only data attached to a packet, not part of
 * its bytes. Packet tags belong to the whole packet (a flow id, a socket
 * option); byte tags belong to a range of bytes and follow those bytes
 * through fragmentation and reassembly (a timestamp for delay statistics).
 * Register classes with cns_tag_class_register().
 */
typedef struct
{
  const gchar *name;
  gsize size;
  void (*print) (gconstpointer data, GString *out);
} CnsTagClass;

void cns_tag_class_register (const CnsTagClass *klass);
const CnsTagClass *cns_tag_class_lookup (const gchar *name);

G_END_DECLS
