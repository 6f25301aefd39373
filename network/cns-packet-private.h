/* cns — the packet struct and the internals its files share.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * CnsPacket is implemented in four files: cns-packet.c (the packet itself:
 * its bytes, uid, headers and fragments; its overview comment explains the
 * struct below), cns-packet-tags.c (tags and the nix vector),
 * cns-packet-print.c and cns-packet-serialize.c. This header gives them the
 * struct and the few helpers more than one of them needs; nothing outside
 * network/ sees it.
 */
#pragma once

#include "network/cns-buffer-private.h"
#include "network/cns-nix-vector.h"
#include "network/cns-packet-pool-private.h"
#include "network/cns-packet.h"
#include "network/cns-range-list-private.h"

G_BEGIN_DECLS

typedef struct
{
  const CnsTagClass *klass;
  guint8 data[CNS_TAG_MAX_SIZE];
} CnsPacketTag;

/* The metadata that belongs to the whole packet: its packet tags and its
 * nix vector with the packet's read position in it. Refcounted, never
 * changed while shared; a packet with neither has none. */
typedef struct
{
  guint32 ref_count;
  guint32 n; /* packet tags */
  guint32 block;
  guint32 nix_position; /* bits of nix read so far */
  CnsNixVector *nix;    /* a reference, or NULL */
  CnsPacketTag tags[];
} CnsPacketMetadata;

/* An item of a packet's byte_tags list. */
typedef struct
{
  CnsRange range;
  const CnsTagClass *klass;
  guint8 data[CNS_TAG_MAX_SIZE];
} CnsByteTag;

/* An item of a packet's headers list: a header or trailer added to it. */
typedef struct
{
  CnsRange range;
  const CnsHeaderClass *klass;
  gboolean trailer;
} CnsHeaderRecord;

struct _CnsPacket
{
  guint32 ref_count;
  guint32 origin; /* virtual coordinate of the first byte */
  CnsBuffer buffer;
  guint64 uid;
  CnsPacketMetadata *metadata;
  CnsRangeList *byte_tags;
  CnsRangeList *headers; /* NULL unless the packet records its headers */
};

G_STATIC_ASSERT (sizeof (CnsPacket) == 64);

/* Whether new packets record their headers; see
 * cns_packet_enable_printing(). */
G_GNUC_INTERNAL extern gboolean cns_packet_printing_enabled;

/* Makes room for the uid counters of @n_contexts contexts before a
 * parallel run, whose threads use them unlocked. */
G_GNUC_INTERNAL void cns_packet_reserve_uids (guint32 n_contexts);

/* A packet from the pool with one reference, no lists and origin 0; the
 * caller sets its uid and bytes. */
static inline CnsPacket *
cns_packet_alloc (void)
{
  CnsPacket *packet = cns_packet_pool_alloc (sizeof (CnsPacket));

  packet->ref_count = 1;
  packet->origin = 0;
  packet->metadata = NULL;
  packet->byte_tags = NULL;
  packet->headers = NULL;
  return packet;
}

static inline void
cns_packet_metadata_unref (CnsPacketMetadata *metadata)
{
  if (--metadata->ref_count > 0)
    return;
  if (metadata->nix != NULL)
    cns_nix_vector_unref (metadata->nix);
  cns_packet_pool_free (metadata, metadata->block);
}

/* Returns: the index of the tag of class @klass in @metadata (which may be
 * %NULL), or -1. */
static inline gint
cns_packet_metadata_find_tag (const CnsPacketMetadata *metadata,
                              const CnsTagClass *klass)
{
  for (guint32 i = 0; metadata != NULL && i < metadata->n; i++)
    if (metadata->tags[i].klass == klass)
      return i;
  return -1;
}

/* Records that a header (or trailer) of class @klass covers virtual
 * coordinates [@start, @end) of @packet. */
static inline void
cns_packet_record_header (CnsPacket *packet, const CnsHeaderClass *klass,
                          gboolean trailer, guint32 start, guint32 end)
{
  CnsHeaderRecord *record = cns_range_list_add (
      &packet->headers, sizeof (CnsHeaderRecord), start, end);

  record->klass = klass;
  record->trailer = trailer;
}

G_END_DECLS
