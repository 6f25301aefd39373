/* cns — the state of one IPv4 interface, inside the IPv4 layer.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An interface is a device plus its addresses, metric and state. ns-3
 * makes each one an object with an ARP cache and a transmit queue
 * interface; point-to-point links need neither, and a node with two links
 * should cost little memory, so here an interface is a small struct that
 * the IPv4 layer keeps in an array. The usual single address lives in
 * the struct; more get an array of their own. The first is the primary
 * address, the one a packet sent on the interface carries when nothing
 * better matches.
 */
#include "internet/cns-ipv4-interface-private.h"

/* Makes @self the state of a new interface on @device: down, forwarding
 * off until the IPv4 layer sets it, metric 1, no addresses. */
void
cns_ipv4_interface_init (CnsIpv4Interface *self, CnsNetDevice *device)
{
  *self = (CnsIpv4Interface){
    .device = g_object_ref (device),
    .metric = 1,
    .resolve
    = (cns_net_device_get_flags (device) & CNS_NET_DEVICE_NEEDS_ARP) != 0,
  };
  self->addresses = &self->first;
}

/* Releases the device and the addresses. */
void
cns_ipv4_interface_clear (CnsIpv4Interface *self)
{
  g_clear_object (&self->device);
  if (self->addresses != &self->first)
    g_free (self->addresses);
  self->addresses = &self->first;
  self->n_addresses = 0;
}

/* Appends @address; it is secondary if the interface already has an
 * address in the same subnet. */
void
cns_ipv4_interface_add_address (CnsIpv4Interface *self,
                                const CnsIpv4InterfaceAddress *address)
{
  CnsIpv4InterfaceAddress a = *address;

  for (guint i = 0; i < self->n_addresses; i++)
    if (self->addresses[i].mask.value == a.mask.value
        && cns_ipv4_mask_is_match (a.mask, self->addresses[i].local, a.local))
      a.secondary = TRUE;
  if (self->n_addresses == 1)
    {
      self->addresses = g_new (CnsIpv4InterfaceAddress, 2);
      self->addresses[0] = self->first;
    }
  else if (self->n_addresses > 1)
    self->addresses = g_renew (CnsIpv4InterfaceAddress, self->addresses,
                               self->n_addresses + 1);
  self->addresses[self->n_addresses++] = a;
}

/* Returns: the index of @address among the interface's, or -1. */
gint
cns_ipv4_interface_find_address (const CnsIpv4Interface *self,
                                 CnsIpv4Address address)
{
  for (guint i = 0; i < self->n_addresses; i++)
    if (self->addresses[i].local.value == address.value)
      return (gint) i;
  return -1;
}

/* Removes the address at @index, keeping the order of the others. */
void
cns_ipv4_interface_remove_address (CnsIpv4Interface *self, guint index)
{
  g_return_if_fail (index < self->n_addresses);
  memmove (&self->addresses[index], &self->addresses[index + 1],
           (self->n_addresses - index - 1) * sizeof self->addresses[0]);
  if (--self->n_addresses == 1)
    {
      self->first = self->addresses[0];
      g_free (self->addresses);
      self->addresses = &self->first;
    }
}

/* The address to send from towards @destination: the first whose subnet
 * holds @destination, else (unless @require_match) the first primary one.
 * Returns: (nullable): the address, %NULL when there is none. */
const CnsIpv4InterfaceAddress *
cns_ipv4_interface_select_address (const CnsIpv4Interface *self,
                                   CnsIpv4Address destination,
                                   gboolean require_match)
{
  const CnsIpv4InterfaceAddress *primary = NULL;

  for (guint i = 0; i < self->n_addresses; i++)
    {
      const CnsIpv4InterfaceAddress *a = &self->addresses[i];

      if (cns_ipv4_mask_is_match (a->mask, a->local, destination))
        return a;
      if (primary == NULL && !a->secondary)
        primary = a;
    }
  return require_match ? NULL : primary;
}
