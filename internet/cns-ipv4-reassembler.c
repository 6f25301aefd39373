/* cns — the datagrams an IPv4 layer is reassembling from fragments.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * RFC 791 reassembly for CnsIpv4L3Protocol: fragments are kept by
 * (source, destination, protocol, identification), in the order of their
 * offsets, until they cover the whole payload without a gap; overlaps
 * count once. A datagram whose fragments do not all arrive within the
 * timeout is dropped, and the layer told (it sends the ICMP time
 * exceeded and fires its Drop trace). Most nodes never see a fragment:
 * the layer makes its reassembler when the first one arrives or the
 * timeout is configured, and the table is made with the first record.
 */
#include "internet/cns-ipv4-reassembler-private.h"

#include "core/cns-simulator.h"

struct _CnsIpv4Reassembler
{
  GHashTable *records; /* Reassembly; NULL until a fragment arrives */
  CnsTime timeout;
  CnsIpv4ReassemblyExpiredFn expired;
  gpointer user_data;
};

/* A fragment waiting for the rest of its datagram. */
typedef struct
{
  guint32 offset;
  guint32 size;
  CnsPacket *packet;
} Fragment;

/* A datagram being reassembled, keyed by (source, destination, protocol,
 * identification) as RFC 791 says. */
typedef struct
{
  CnsIpv4Header header; /* of the fragment at offset 0 once it arrived,
                           else of the first to arrive */
  guint32 interface;
  guint32 total; /* payload size, known once the last fragment arrived */
  gboolean have_first;
  gboolean have_last;
  GArray *fragments; /* Fragment, by offset */
  CnsEventId timeout;
} Reassembly;

static guint
reassembly_hash (gconstpointer key)
{
  const Reassembly *r = key;

  return (r->header.source.value * 2654435761u)
         ^ (r->header.destination.value * 40503u)
         ^ ((guint) r->header.identification << 8) ^ r->header.protocol;
}

static gboolean
reassembly_equal (gconstpointer a, gconstpointer b)
{
  const Reassembly *x = a, *y = b;

  return x->header.source.value == y->header.source.value
         && x->header.destination.value == y->header.destination.value
         && x->header.identification == y->header.identification
         && x->header.protocol == y->header.protocol;
}

static void
reassembly_free (gpointer data)
{
  Reassembly *r = data;

  cns_simulator_cancel (&r->timeout);
  for (guint i = 0; i < r->fragments->len; i++)
    cns_packet_unref (g_array_index (r->fragments, Fragment, i).packet);
  g_array_unref (r->fragments);
  g_free (r);
}

static void
reassembly_timeout (gpointer obj, gpointer data)
{
  CnsIpv4Reassembler *self = obj;
  Reassembly *r = data;
  Fragment *first = &g_array_index (r->fragments, Fragment, 0);

  self->expired (self->user_data, &r->header, first->packet, r->have_first,
                 r->interface);
  g_hash_table_remove (self->records, r);
}

/* Whether the fragments cover the whole payload without a gap. */
static gboolean
reassembly_is_complete (const Reassembly *r)
{
  guint32 end = 0;

  if (!r->have_first || !r->have_last)
    return FALSE;
  for (guint i = 0; i < r->fragments->len && end < r->total; i++)
    {
      const Fragment *f = &g_array_index (r->fragments, Fragment, i);

      if (f->offset > end)
        return FALSE;
      end = MAX (end, f->offset + f->size);
    }
  return end >= r->total;
}

/* Joins the fragments, overlaps counted once. Returns: (transfer full). */
static CnsPacket *
reassembly_join (Reassembly *r)
{
  Fragment *first = &g_array_index (r->fragments, Fragment, 0);
  CnsPacket *whole
      = cns_packet_make_writable (g_steal_pointer (&first->packet));
  guint32 end = first->size;

  for (guint i = 1; i < r->fragments->len && end < r->total; i++)
    {
      const Fragment *f = &g_array_index (r->fragments, Fragment, i);

      if (f->offset + f->size <= end)
        continue;
      if (f->offset < end)
        {
          CnsPacket *tail = cns_packet_create_fragment (
              f->packet, end - f->offset, f->offset + f->size - end);

          cns_packet_add_at_end (whole, tail);
          cns_packet_unref (tail);
        }
      else
        cns_packet_add_at_end (whole, f->packet);
      end = f->offset + f->size;
    }
  /* the packet left in the array is gone; keep the array consistent */
  g_array_remove_index (r->fragments, 0);
  if (end > r->total)
    cns_packet_remove_at_end (whole, end - r->total);
  return whole;
}

CnsIpv4Reassembler *
cns_ipv4_reassembler_new (CnsTime timeout, CnsIpv4ReassemblyExpiredFn expired,
                          gpointer user_data)
{
  CnsIpv4Reassembler *self = g_new (CnsIpv4Reassembler, 1);

  *self = (CnsIpv4Reassembler){ NULL, timeout, expired, user_data };
  return self;
}

void
cns_ipv4_reassembler_free (CnsIpv4Reassembler *self)
{
  g_clear_pointer (&self->records, g_hash_table_unref);
  g_free (self);
}

CnsTime
cns_ipv4_reassembler_get_timeout (const CnsIpv4Reassembler *self)
{
  return self->timeout;
}

void
cns_ipv4_reassembler_set_timeout (CnsIpv4Reassembler *self, CnsTime timeout)
{
  self->timeout = timeout;
}

CnsPacket *
cns_ipv4_reassembler_add (CnsIpv4Reassembler *self, CnsPacket *packet,
                          CnsIpv4Header *header, guint32 interface,
                          CnsIpv4DropReason *reason)
{
  Reassembly key = { .header = *header };
  Fragment fragment = { header->fragment_offset, header->payload_size, packet };
  Reassembly *r;
  guint i;

  *reason = 0;
  if (G_UNLIKELY (fragment.offset + fragment.size > CNS_IPV4_MAX_PAYLOAD))
    {
      /* would make a datagram longer than 65535 bytes */
      *reason = CNS_IPV4_DROP_MALFORMED;
      return NULL;
    }
  if (self->records == NULL)
    self->records = g_hash_table_new_full (reassembly_hash, reassembly_equal,
                                           NULL, reassembly_free);
  r = g_hash_table_lookup (self->records, &key);
  if (r == NULL)
    {
      r = g_new0 (Reassembly, 1);
      r->header = *header;
      r->interface = interface;
      r->fragments = g_array_new (FALSE, FALSE, sizeof (Fragment));
      r->timeout
          = cns_simulator_schedule (self->timeout, reassembly_timeout, self, r);
      g_hash_table_add (self->records, r);
    }
  for (i = 0; i < r->fragments->len; i++)
    {
      const Fragment *f = &g_array_index (r->fragments, Fragment, i);

      if (f->offset == fragment.offset && f->size == fragment.size)
        {
          *reason = CNS_IPV4_DROP_DUPLICATE;
          return NULL;
        }
      if (f->offset > fragment.offset)
        break;
    }
  g_array_insert_val (r->fragments, i, fragment);
  if (fragment.offset == 0)
    {
      r->have_first = TRUE;
      r->header = *header;
    }
  if (!header->more_fragments && !r->have_last)
    {
      r->have_last = TRUE;
      r->total = fragment.offset + fragment.size;
    }
  if (!reassembly_is_complete (r))
    return NULL;

  packet = reassembly_join (r);
  *header = r->header;
  header->fragment_offset = 0;
  header->more_fragments = FALSE;
  header->payload_size = (guint16) r->total;
  g_hash_table_remove (self->records, r);
  return packet;
}
