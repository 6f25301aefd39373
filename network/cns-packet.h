/* cns — packets.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-header.h"
#include "network/cns-nix-vector.h"
#include "network/cns-tag.h"

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CnsPacket:
 *
 * A packet: a sequence of bytes exactly as on a wire, a 64-bit uid, packet
 * tags, byte tags, an optional nix vector and (when printing is enabled)
 * the list of headers it holds. A refcounted mini object in the manner of
 * GstBuffer, not a GObject:
 *
 * - Bytes live in a shared, refcounted buffer with room before and after
 *   them. cns_packet_copy() is O(1): the copy shares the buffer. Adding a
 *   header writes into the headroom in place when no other packet sharing
 *   the buffer has written there, and copies the buffer otherwise, so no
 *   packet ever sees another's change (copy on write).
 * - Payload created by cns_packet_new() is a zero-filled area that takes
 *   no memory: a 1000-byte packet with three headers is about a hundred
 *   bytes. Only reading it out (cns_packet_copy_data()) produces zeros.
 * - Packets, buffers and metadata come from free lists, so steady-state
 *   traffic allocates nothing.
 *
 * Ownership follows GStreamer's rule for data flow: functions that hand a
 * packet on (sending it through a device or socket, delivering it to a
 * receive callback) take the caller's reference; trace sources and
 * inspection functions borrow it.
 *
 * The uid is (creating context + 1) << 40 | that context's packet counter,
 * so the same scenario gives the same uids however nodes are split across
 * MPI ranks; cns_packet_copy() keeps the uid, as ns-3's Copy does.
 */
typedef struct _CnsPacket CnsPacket;

#define CNS_TYPE_PACKET (cns_packet_get_type ())
GType cns_packet_get_type (void) G_GNUC_CONST;

CnsPacket *cns_packet_new (guint32 size);
CnsPacket *cns_packet_new_from_data (const guint8 *data, guint32 size);
CnsPacket *cns_packet_ref (CnsPacket *packet);
void cns_packet_unref (CnsPacket *packet);
void cns_packet_unref_notify (gpointer packet);
CnsPacket *cns_packet_copy (const CnsPacket *packet);
CnsPacket *cns_packet_make_writable (CnsPacket *packet);
CnsPacket *cns_packet_make_exclusive (CnsPacket *packet);
gboolean cns_packet_is_writable (const CnsPacket *packet);

guint64 cns_packet_get_uid (const CnsPacket *packet);
guint32 cns_packet_get_size (const CnsPacket *packet);

/* Headers and trailers. The packet must be writable for changes. */
void cns_packet_add_header (CnsPacket *packet, const CnsHeaderClass *klass,
                            gconstpointer header);
gsize cns_packet_remove_header (CnsPacket *packet, const CnsHeaderClass *klass,
                                gpointer header);
gsize cns_packet_peek_header (const CnsPacket *packet,
                              const CnsHeaderClass *klass, gpointer header);
void cns_packet_add_trailer (CnsPacket *packet, const CnsHeaderClass *klass,
                             gconstpointer trailer);
gsize cns_packet_remove_trailer (CnsPacket *packet, const CnsHeaderClass *klass,
                                 gpointer trailer);
gsize cns_packet_peek_trailer (const CnsPacket *packet,
                               const CnsHeaderClass *klass, gpointer trailer);

/* Raw bytes. */
void cns_packet_remove_at_start (CnsPacket *packet, guint32 size);
void cns_packet_remove_at_end (CnsPacket *packet, guint32 size);
void cns_packet_add_padding (CnsPacket *packet, guint32 size);
CnsPacket *cns_packet_create_fragment (const CnsPacket *packet, guint32 offset,
                                       guint32 size);
void cns_packet_add_at_end (CnsPacket *packet, const CnsPacket *other);
guint32 cns_packet_copy_data (const CnsPacket *packet, guint32 offset,
                              guint8 *out, guint32 size);
GBytes *cns_packet_get_bytes (const CnsPacket *packet);

/* Packet tags: one per class, for the whole packet. */
void cns_packet_add_packet_tag (CnsPacket *packet, const CnsTagClass *klass,
                                gconstpointer data);
gboolean cns_packet_replace_packet_tag (CnsPacket *packet,
                                        const CnsTagClass *klass,
                                        gconstpointer data);
gboolean cns_packet_peek_packet_tag (const CnsPacket *packet,
                                     const CnsTagClass *klass, gpointer data);
gboolean cns_packet_remove_packet_tag (CnsPacket *packet,
                                       const CnsTagClass *klass, gpointer data);
void cns_packet_remove_all_packet_tags (CnsPacket *packet);

/* Nix vector: the path nix-vector routing has the packet follow, and how
 * far along it the packet is. */
void cns_packet_set_nix_vector (CnsPacket *packet, CnsNixVector *nix);
CnsNixVector *cns_packet_get_nix_vector (const CnsPacket *packet);
guint32 cns_packet_get_nix_position (const CnsPacket *packet);
guint32 cns_packet_extract_nix_index (CnsPacket *packet, guint32 n_bits);

/* Byte tags: tied to the bytes they were added to. */

/**
 * CnsByteTagFunc:
 * @klass: the tag's class
 * @start: the first byte of the packet the tag covers
 * @end: one past the last byte it covers (both clipped to the packet)
 * @data: the tag's data
 *
 * Called for each byte tag of a packet, oldest first.
 */
typedef void (*CnsByteTagFunc) (const CnsTagClass *klass, guint32 start,
                                guint32 end, gconstpointer data,
                                gpointer user_data);

void cns_packet_add_byte_tag (CnsPacket *packet, const CnsTagClass *klass,
                              gconstpointer data);
void cns_packet_add_byte_tag_range (CnsPacket *packet, const CnsTagClass *klass,
                                    gconstpointer data, guint32 start,
                                    guint32 end);
gboolean cns_packet_find_first_byte_tag (const CnsPacket *packet,
                                         const CnsTagClass *klass,
                                         gpointer data);
void cns_packet_foreach_byte_tag (const CnsPacket *packet, CnsByteTagFunc func,
                                  gpointer user_data);
void cns_packet_remove_all_byte_tags (CnsPacket *packet);

/* Descriptions. */
void cns_packet_enable_printing (gboolean enable);
gboolean cns_packet_is_printing_enabled (void);
void cns_packet_print (const CnsPacket *packet, GString *out);
gchar *cns_packet_to_string (const CnsPacket *packet);

/* Bytes plus metadata, and back: how packets cross MPI ranks. */
guint32 cns_packet_sum16 (const CnsPacket *packet, guint32 offset,
                          guint32 size);
guint16 cns_checksum_fold (guint64 sum);

void cns_packet_serialize (const CnsPacket *packet, GByteArray *out);
CnsPacket *cns_packet_deserialize (const guint8 *data, gsize size,
                                   gsize *consumed, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsPacket, cns_packet_unref)

G_END_DECLS
