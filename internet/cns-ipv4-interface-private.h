/* cns — the state of one IPv4 interface, inside the IPv4 layer.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-interface-address.h"
#include "network/cns-net-device.h"

G_BEGIN_DECLS

/*
 * CnsIpv4Interface:
 * @device: the device (referenced)
 * @addresses: (array length=n_addresses): its addresses, primary first:
 *   @first while there is at most one, else an array of their own
 * @first: the storage of a single address
 * @n_addresses: how many
 * @metric: the routing metric of the interface
 * @up: whether IPv4 is up on it
 * @forwarding: whether packets received on it may be forwarded
 * @link_down: whether the device reported its link down
 * @resolve: whether the device needs the next hop's link address
 *   (%CNS_NET_DEVICE_NEEDS_ARP): the layer asks the interface's neighbour
 *   resolver for it
 *
 * ns-3's Ipv4Interface as a plain struct in the IPv4 layer's array of
 * interfaces, not an object: 40 bytes, the usual one address included.
 * Since @addresses may point into the struct itself, moving it takes
 * cns_ipv4_interface_moved().
 */
typedef struct
{
  CnsNetDevice *device;
  CnsIpv4InterfaceAddress *addresses;
  CnsIpv4InterfaceAddress first;
  guint16 n_addresses;
  guint16 metric;
  guint8 up;
  guint8 forwarding;
  guint8 link_down;
  guint8 resolve;
} CnsIpv4Interface;

G_GNUC_INTERNAL void cns_ipv4_interface_init (CnsIpv4Interface *self,
                                              CnsNetDevice *device);
G_GNUC_INTERNAL void cns_ipv4_interface_clear (CnsIpv4Interface *self);

/* Points @self's addresses at its own storage again after the struct was
 * copied or moved (by g_renew()). */
static inline void
cns_ipv4_interface_moved (CnsIpv4Interface *self)
{
  if (self->n_addresses <= 1)
    self->addresses = &self->first;
}
G_GNUC_INTERNAL void
cns_ipv4_interface_add_address (CnsIpv4Interface *self,
                                const CnsIpv4InterfaceAddress *address);
G_GNUC_INTERNAL gint cns_ipv4_interface_find_address (
    const CnsIpv4Interface *self, CnsIpv4Address address);
G_GNUC_INTERNAL void cns_ipv4_interface_remove_address (CnsIpv4Interface *self,
                                                        guint index);
G_GNUC_INTERNAL const CnsIpv4InterfaceAddress *
cns_ipv4_interface_select_address (const CnsIpv4Interface *self,
                                   CnsIpv4Address destination,
                                   gboolean require_match);

/* Whether @address is one of the interface's own. */
static inline gboolean
cns_ipv4_interface_has_address (const CnsIpv4Interface *self,
                                CnsIpv4Address address)
{
  for (guint i = 0; i < self->n_addresses; i++)
    if (self->addresses[i].local.value == address.value)
      return TRUE;
  return FALSE;
}

/* Whether @address is the directed broadcast of one of the interface's
 * subnets (not of a /32 or /31, which have none). Inline: the IPv4 layer
 * asks it of every interface for every datagram it sends. */
static inline gboolean
cns_ipv4_interface_is_broadcast (const CnsIpv4Interface *self,
                                 CnsIpv4Address address)
{
  for (guint i = 0; i < self->n_addresses; i++)
    if (self->addresses[i].broadcast.value == address.value
        && (self->addresses[i].mask.value & 2) == 0)
      return TRUE;
  return FALSE;
}

G_END_DECLS
