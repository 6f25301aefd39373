/* cns — the IPv4 interfaces an address helper configured.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Ipv4InterfaceContainer: (IPv4 layer, interface index) pairs in
 * the order the helper assigned them, so that a scenario can ask for "the
 * address of the second device" without knowing interface numbers. A
 * refcounted boxed type, like the node and device containers. An address
 * helper makes one per link, kept by scenarios as long as the topology:
 * the two entries of a link live in the container's own block.
 */
#include "internet/cns-ipv4-interface-container.h"

#include <string.h>

typedef struct
{
  CnsIpv4L3Protocol *ipv4; /* referenced */
  guint32 interface;
} Entry;

#define INLINE_ENTRIES 2

/* 40 bytes: two entries, or where more are */
struct _CnsIpv4InterfaceContainer
{
  gint ref_count;
  guint32 n;
  union
  {
    Entry inline_entries[INLINE_ENTRIES]; /* while n <= INLINE_ENTRIES */
    struct
    {
      Entry *entries;
      guint32 size;
    } heap;
  };
};

static inline Entry *
entries_of (const CnsIpv4InterfaceContainer *self)
{
  return self->n <= INLINE_ENTRIES ? (Entry *) self->inline_entries
                                   : self->heap.entries;
}

G_DEFINE_BOXED_TYPE (CnsIpv4InterfaceContainer, cns_ipv4_interface_container,
                     cns_ipv4_interface_container_ref,
                     cns_ipv4_interface_container_unref)

/**
 * cns_ipv4_interface_container_new:
 *
 * Returns: (transfer full): an empty
 * container.
 */
CnsIpv4InterfaceContainer *
cns_ipv4_interface_container_new (void)
{
  CnsIpv4InterfaceContainer *self = g_new (CnsIpv4InterfaceContainer, 1);

  self->ref_count = 1;
  self->n = 0;
  return self;
}

/**
 * cns_ipv4_interface_container_ref:
 *
 * Returns: @self, with one more
 * reference.
 */
CnsIpv4InterfaceContainer *
cns_ipv4_interface_container_ref (CnsIpv4InterfaceContainer *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

/**
 * cns_ipv4_interface_container_unref:
 *
 * Drops a reference; the last one
 * frees the container and releases its IPv4 layers.
 */
void
cns_ipv4_interface_container_unref (CnsIpv4InterfaceContainer *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  for (guint32 i = 0; i < self->n; i++)
    g_object_unref (entries_of (self)[i].ipv4);
  if (self->n > INLINE_ENTRIES)
    g_free (self->heap.entries);
  g_free (self);
}

/**
 * cns_ipv4_interface_container_add:
 *
 * Appends interface @interface of
 * @ipv4.
 */
void
cns_ipv4_interface_container_add (CnsIpv4InterfaceContainer *self,
                                  CnsIpv4L3Protocol *ipv4, guint32 interface)
{
  Entry entry;

  g_return_if_fail (self != NULL);
  g_return_if_fail (CNS_IS_IPV4_L3_PROTOCOL (ipv4));
  if (self->n == INLINE_ENTRIES)
    {
      Entry *entries = g_new (Entry, 2 * INLINE_ENTRIES);

      memcpy (entries, self->inline_entries, sizeof self->inline_entries);
      self->heap.entries = entries;
      self->heap.size = 2 * INLINE_ENTRIES;
    }
  else if (self->n > INLINE_ENTRIES && self->n == self->heap.size)
    {
      self->heap.size *= 2;
      self->heap.entries = g_renew (Entry, self->heap.entries, self->heap.size);
    }
  entry = (Entry){ g_object_ref (ipv4), interface };
  self->n++;
  entries_of (self)[self->n - 1] = entry;
}

/**
 * cns_ipv4_interface_container_add_container:
 *
 * Appends every interface of
 * @other.
 */
void
cns_ipv4_interface_container_add_container (
    CnsIpv4InterfaceContainer *self, const CnsIpv4InterfaceContainer *other)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (other != NULL);
  /* @other may be @self: count first */
  for (guint32 i = 0, n = other->n; i < n; i++)
    cns_ipv4_interface_container_add (self, entries_of (other)[i].ipv4,
                                      entries_of (other)[i].interface);
}

/**
 * cns_ipv4_interface_container_get_n:
 *
 * Returns: the number of interfaces.
 */
guint32
cns_ipv4_interface_container_get_n (const CnsIpv4InterfaceContainer *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n;
}

static const Entry *
get_entry (const CnsIpv4InterfaceContainer *self, guint32 index)
{
  if (index >= self->n)
    {
      g_critical ("cns_ipv4_interface_container: index %u is out of range "
                  "(the container holds %u interfaces)",
                  index, self->n);
      return NULL;
    }
  return &entries_of (self)[index];
}

/**
 * cns_ipv4_interface_container_get_ipv4:
 *
 * Returns: (transfer none): the
 * IPv4 layer of entry @index.
 */
CnsIpv4L3Protocol *
cns_ipv4_interface_container_get_ipv4 (const CnsIpv4InterfaceContainer *self,
                                       guint32 index)
{
  const Entry *entry;

  g_return_val_if_fail (self != NULL, NULL);
  entry = get_entry (self, index);
  return entry ? entry->ipv4 : NULL;
}

/**
 * cns_ipv4_interface_container_get_interface:
 *
 * Returns: the interface
 * index of entry @index in its IPv4 layer.
 */
guint32
cns_ipv4_interface_container_get_interface (
    const CnsIpv4InterfaceContainer *self, guint32 index)
{
  const Entry *entry;

  g_return_val_if_fail (self != NULL, 0);
  entry = get_entry (self, index);
  return entry ? entry->interface : 0;
}

/* clang-format off */
/**
 * cns_ipv4_interface_container_lookup_address: (rename-to cns_ipv4_interface_container_get_address)
 * @self: a container
 * @index: the entry
 * @address_index: which address of the interface, usually 0
 * @address: (out caller-allocates): the address
 *
 * cns_ipv4_interface_container_get_address() for bindings, which cannot
 * take a structure returned by value.
 */
/* clang-format on */
void
cns_ipv4_interface_container_lookup_address (
    const CnsIpv4InterfaceContainer *self, guint32 index, guint32 address_index,
    CnsIpv4Address *address)
{
  g_return_if_fail (address != NULL);
  *address
      = cns_ipv4_interface_container_get_address (self, index, address_index);
}

/**
 * cns_ipv4_interface_container_get_address: (skip)
 * @self: a container
 * @address_index: which address of the interface, usually 0
 *
 * Returns: the address, as ns-3's GetAddress (i, j); 0.0.0.0 (with a
 * critical warning) when there is no such entry or address.
 */
CnsIpv4Address
cns_ipv4_interface_container_get_address (const CnsIpv4InterfaceContainer *self,
                                          guint32 index, guint32 address_index)
{
  const Entry *entry;

  g_return_val_if_fail (self != NULL, cns_ipv4_address_any ());
  entry = get_entry (self, index);
  if (entry == NULL)
    return cns_ipv4_address_any ();
  if (address_index
      >= cns_ipv4_l3_protocol_get_n_addresses (entry->ipv4, entry->interface))
    {
      g_critical ("cns_ipv4_interface_container: interface %u of entry %u "
                  "has no address %u",
                  entry->interface, index, address_index);
      return cns_ipv4_address_any ();
    }
  return cns_ipv4_l3_protocol_get_address (entry->ipv4, entry->interface,
                                           address_index)
      .local;
}

/**
 * cns_ipv4_interface_container_set_metric:
 *
 * Sets the routing metric of
 * entry @index's interface.
 */
void
cns_ipv4_interface_container_set_metric (const CnsIpv4InterfaceContainer *self,
                                         guint32 index, guint16 metric)
{
  const Entry *entry;

  g_return_if_fail (self != NULL);
  entry = get_entry (self, index);
  if (entry != NULL)
    cns_ipv4_l3_protocol_set_metric (entry->ipv4, entry->interface, metric);
}
