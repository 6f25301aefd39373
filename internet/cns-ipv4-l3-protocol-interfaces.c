/* cns — the interfaces of the IPv4 layer and their addresses.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The half of CnsIpv4L3Protocol that manages interfaces, while
 * cns-ipv4-l3-protocol.c forwards: adding them, their addresses, state,
 * metric and forwarding switch, and the choice of a source address.
 *
 * An address belongs to one interface of one node in a simulation, as in
 * ns-3, whose address generator refuses an address handed out before: two
 * nodes with the same address would each take the other's traffic for
 * their own, and packets would be lost without a word. Every address
 * added goes into a set of the addresses assigned in the process, so that
 * a second assignment fails at once, whichever way it comes (the address
 * helper or add_address). The set holds the addresses alone, about 13
 * bytes each with the table's spare room, and a layer takes its own out
 * when it is disposed, as cns_simulator_destroy() disposes every node: the
 * next simulation starts with none. The node and interface named in the
 * error are found by a scan of the node list, on that error path only.
 * Loopback addresses never leave a node: every node may have them.
 *
 * In a parallel run nodes of several threads may add and remove
 * addresses at once (rarely: in their events), so a lock covers the set
 * and, with it, every address list that changes, from the check that an
 * address is free to its addition: two nodes taking one address never
 * both succeed, and the scan of the error path reads lists that stand
 * still.
 */
#include "internet/cns-ipv4-l3-protocol-private.h"

#include "internet/cns-internet-error.h"
#include "internet/cns-loopback-net-device.h"

#include <pthread.h>

/* The addresses assigned to interfaces, loopback addresses aside, as
 * GUINT_TO_POINTER (address.value) keys; NULL while there are none. The
 * lock is held for every use of the set and change of an address list. */
static GHashTable *assigned;
/* a pthread lock, not a GMutex: ThreadSanitizer sees it */
static pthread_mutex_t assigned_lock = PTHREAD_MUTEX_INITIALIZER;

static void
assigned_add (CnsIpv4Address address)
{
  if (cns_ipv4_address_is_loopback (address))
    return;
  if (assigned == NULL)
    assigned = g_hash_table_new (NULL, NULL);
  g_hash_table_add (assigned, GUINT_TO_POINTER (address.value));
}

static void
assigned_remove (CnsIpv4Address address)
{
  if (assigned == NULL
      || !g_hash_table_remove (assigned, GUINT_TO_POINTER (address.value)))
    return;
  if (g_hash_table_size (assigned) == 0)
    g_clear_pointer (&assigned, g_hash_table_unref);
}

static gboolean
assigned_contains (CnsIpv4Address address)
{
  return assigned != NULL
         && g_hash_table_contains (assigned, GUINT_TO_POINTER (address.value));
}

/* The layer and interface that have @address, looked for in @self first,
 * then on every node. */
static CnsIpv4L3Protocol *
find_owner (CnsIpv4L3Protocol *self, CnsIpv4Address address, guint32 *interface)
{
  gint32 found = cns_ipv4_l3_protocol_get_interface_for_address (self, address);

  for (guint32 id = 0; found < 0 && id < cns_node_list_get_n_nodes (); id++)
    {
      CnsIpv4L3Protocol *other = cns_object_get (cns_node_list_get_node (id),
                                                 CNS_TYPE_IPV4_L3_PROTOCOL);

      if (other != NULL && other != self)
        {
          found
              = cns_ipv4_l3_protocol_get_interface_for_address (other, address);
          if (found >= 0)
            self = other;
        }
    }
  g_assert (found >= 0); /* every address assigned is on a node's layer */
  *interface = (guint32) found;
  return self;
}

/* cns_ipv4_l3_protocol_check_address_free(), the lock held. */
static gboolean
check_address_free_locked (CnsIpv4L3Protocol *self, guint32 interface,
                           CnsIpv4Address address, GError **error)
{
  gchar text[CNS_IPV4_ADDRESS_STRING_SIZE];
  CnsIpv4L3Protocol *owner;
  guint32 owner_interface;
  const gchar *why;

  if (cns_ipv4_address_is_loopback (address))
    {
      if (interface >= self->n_interfaces
          || !cns_ipv4_interface_has_address (&self->interfaces[interface],
                                              address))
        return TRUE;
      owner = self;
      owner_interface = interface;
    }
  else if (!assigned_contains (address))
    return TRUE;
  else
    owner = find_owner (self, address, &owner_interface);
  if (owner != self)
    why = "";
  else if (owner_interface == interface)
    why = " again";
  else
    why = " as well (an address belongs to one interface)";
  cns_ipv4_address_format (address, text);
  g_set_error (error, CNS_INTERNET_ERROR, CNS_INTERNET_ERROR_ADDRESS_IN_USE,
               "%s is already assigned to node %u interface %u; cannot assign "
               "it to node %u interface %u%s",
               text, cns_node_get_id (cns_ipv4_l3_protocol_get_node (owner)),
               owner_interface,
               cns_node_get_id (cns_ipv4_l3_protocol_get_node (self)),
               interface, why);
  return FALSE;
}

gboolean
cns_ipv4_l3_protocol_check_address_free (CnsIpv4L3Protocol *self,
                                         guint32 interface,
                                         CnsIpv4Address address, GError **error)
{
  gboolean free;

  pthread_mutex_lock (&assigned_lock);
  free = check_address_free_locked (self, interface, address, error);
  pthread_mutex_unlock (&assigned_lock);
  return free;
}

gboolean
cns_ipv4_l3_protocol_check_interface (CnsIpv4L3Protocol *self,
                                      guint32 interface, const gchar *function)
{
  if (G_LIKELY (interface < self->n_interfaces))
    return TRUE;
  g_critical ("%s: no interface %u (the layer has %u)", function, interface,
              self->n_interfaces);
  return FALSE;
}

#define CHECK_INTERFACE(self, interface, val)                         \
  G_STMT_START                                                        \
    {                                                                 \
      g_return_val_if_fail (                                          \
          CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL), val);  \
      if (!cns_ipv4_l3_protocol_check_interface ((self), (interface), \
                                                 G_STRFUNC))          \
        return val;                                                   \
    }                                                                 \
  G_STMT_END
#define CHECK_INTERFACE_VOID(self, interface)                                 \
  G_STMT_START                                                                \
    {                                                                         \
      g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL)); \
      if (!cns_ipv4_l3_protocol_check_interface ((self), (interface),         \
                                                 G_STRFUNC))                  \
        return;                                                               \
    }                                                                         \
  G_STMT_END

/* The device of an interface reported its link up or down: routing
 * protocols hear of it as of the interface going down (while it is up)
 * and coming back, so that they stop using a dead link. IPv4's own
 * up/down state stays the administrator's. */
static void
l3_link_changed (CnsIpv4L3Protocol *self, CnsNetDevice *device, gboolean up)
{
  gint32 found = cns_ipv4_l3_protocol_get_interface_for_device (self, device);
  CnsIpv4Interface *iface;

  if (found < 0)
    return;
  iface = &self->interfaces[found];
  if (iface->link_down == !up)
    return;
  iface->link_down = !up;
  if (!iface->up || self->routing == NULL)
    return;
  if (up)
    cns_ipv4_routing_protocol_notify_interface_up (self->routing, found);
  else
    cns_ipv4_routing_protocol_notify_interface_down (self->routing, found);
}

/* A device reported its link up or down: the layer of its node hears of
 * it. One emission hook serves every layer, rather than a handler per
 * interface: a handler costs its device a closure and an entry in GLib's
 * table of the instances that have handlers, in which every object
 * disposed looks itself up (1.1 million devices at 1,000 campuses). */
static gboolean
l3_link_changed_hook (GSignalInvocationHint *hint, guint n_values,
                      const GValue *values, gpointer data)
{
  CnsNetDevice *device = g_value_get_object (&values[0]);
  CnsNode *node = cns_net_device_get_node (device);
  CnsIpv4L3Protocol *self
      = node != NULL ? cns_object_get (node, CNS_TYPE_IPV4_L3_PROTOCOL) : NULL;

  if (self != NULL)
    l3_link_changed (self, device, g_value_get_boolean (&values[1]));
  return TRUE; /* stays installed */
}

void
cns_ipv4_l3_protocol_watch_links (void)
{
  g_autoptr (GTypeClass) klass = g_type_class_ref (CNS_TYPE_NET_DEVICE);

  g_signal_add_emission_hook (
      g_signal_lookup ("link-changed", CNS_TYPE_NET_DEVICE), 0,
      l3_link_changed_hook, NULL, NULL);
}

/* Adds @device, a device of the layer's node, as an interface. */
static guint32
l3_add_interface (CnsIpv4L3Protocol *self, CnsNetDevice *device)
{
  guint32 index = self->n_interfaces;
  guint32 context = cns_node_get_id (cns_net_device_get_node (device));

  cns_ipv4_l3_protocol_hint_interfaces (self, context,
                                        cns_prefetch_hint_remove);
  self->n_interfaces++;
  self->interfaces
      = g_renew (CnsIpv4Interface, self->interfaces, self->n_interfaces);
  for (guint32 i = 0; i < index; i++)
    cns_ipv4_interface_moved (&self->interfaces[i]);
  cns_ipv4_interface_init (&self->interfaces[index], device);
  self->interfaces[index].forwarding = self->ip_forward;
  self->interfaces[index].link_down = !cns_net_device_is_link_up (device);
  cns_ipv4_l3_protocol_hint_interfaces (self, context, cns_prefetch_hint_add);
  return index;
}

void
cns_ipv4_l3_protocol_add_loopback (CnsIpv4L3Protocol *self, CnsNode *node)
{
  g_autoptr (CnsLoopbackNetDevice) loopback = cns_loopback_net_device_new ();
  CnsIpv4InterfaceAddress address = cns_ipv4_interface_address_init (
      cns_ipv4_address_loopback (), cns_ipv4_mask_from_prefix_length (8));
  guint32 interface;

  address.scope = CNS_IPV4_SCOPE_HOST;
  cns_node_add_device (node, CNS_NET_DEVICE (loopback));
  interface = l3_add_interface (self, CNS_NET_DEVICE (loopback));
  cns_ipv4_l3_protocol_add_address (self, interface, &address, NULL);
  cns_ipv4_l3_protocol_set_up (self, interface);
}

void
cns_ipv4_l3_protocol_clear_interfaces (CnsIpv4L3Protocol *self)
{
  for (guint32 i = 0; i < self->n_interfaces; i++)
    {
      CnsIpv4Interface *iface = &self->interfaces[i];

      pthread_mutex_lock (&assigned_lock);
      for (guint j = 0; j < iface->n_addresses; j++)
        assigned_remove (iface->addresses[j].local);
      cns_ipv4_interface_clear (iface);
      pthread_mutex_unlock (&assigned_lock);
    }
  g_clear_pointer (&self->interfaces, g_free);
  if (self->rare != NULL)
    {
      g_clear_pointer (&self->rare->local_addresses, g_hash_table_unref);
      g_clear_pointer (&self->rare->resolvers, g_ptr_array_unref);
    }
  self->n_interfaces = 0;
}

/**
 * cns_ipv4_l3_protocol_add_interface:
 * @device: a device of the layer's node without an interface yet; the
 *   layer takes a reference
 *
 * Makes @device an IPv4 interface: down, without addresses, forwarding
 * as IpForward says, metric 1. Add addresses and set it up next.
 *
 * Returns: the interface index (1 for the first device: 0 is the
 * loopback).
 */
guint32
cns_ipv4_l3_protocol_add_interface (CnsIpv4L3Protocol *self,
                                    CnsNetDevice *device)
{
  CnsNode *node;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL), 0);
  g_return_val_if_fail (CNS_INSTANCE_IS_A (device, CNS_TYPE_NET_DEVICE), 0);
  node = cns_ipv4_l3_protocol_get_node (self);
  g_return_val_if_fail (node != NULL, 0);
  g_return_val_if_fail (cns_net_device_get_node (device) == node, 0);
  g_return_val_if_fail (
      cns_ipv4_l3_protocol_get_interface_for_device (self, device) < 0, 0);
  g_return_val_if_fail (self->n_interfaces < G_MAXUINT16, 0);
  return l3_add_interface (self, device);
}

/**
 * cns_ipv4_l3_protocol_get_n_interfaces:
 *
 * Returns: the interfaces.
 */
guint32
cns_ipv4_l3_protocol_get_n_interfaces (CnsIpv4L3Protocol *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL), 0);
  return self->n_interfaces;
}

/**
 * cns_ipv4_l3_protocol_get_interface_for_device:
 *
 * Returns: the interface of @device, or -1.
 */
gint32
cns_ipv4_l3_protocol_get_interface_for_device (CnsIpv4L3Protocol *self,
                                               CnsNetDevice *device)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL),
                        -1);
  g_return_val_if_fail (CNS_INSTANCE_IS_A (device, CNS_TYPE_NET_DEVICE), -1);
  if (cns_net_device_get_node (device) != cns_ipv4_l3_protocol_get_node (self))
    return -1;
  return cns_ipv4_l3_protocol_find_interface (
      self, device, cns_net_device_get_ifindex (device));
}

/**
 * cns_ipv4_l3_protocol_get_interface_for_address: (skip)
 *
 * Returns: the interface that has @address, or -1.
 */
gint32
cns_ipv4_l3_protocol_get_interface_for_address (CnsIpv4L3Protocol *self,
                                                CnsIpv4Address address)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL),
                        -1);
  for (guint32 i = 0; i < self->n_interfaces; i++)
    if (cns_ipv4_interface_has_address (&self->interfaces[i], address))
      return (gint32) i;
  return -1;
}

/**
 * cns_ipv4_l3_protocol_get_interface_for_prefix: (skip)
 *
 * Returns: the first interface with an address in @address/@mask, or -1.
 */
gint32
cns_ipv4_l3_protocol_get_interface_for_prefix (CnsIpv4L3Protocol *self,
                                               CnsIpv4Address address,
                                               CnsIpv4Mask mask)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL),
                        -1);
  for (guint32 i = 0; i < self->n_interfaces; i++)
    {
      const CnsIpv4Interface *iface = &self->interfaces[i];

      for (guint j = 0; j < iface->n_addresses; j++)
        if (cns_ipv4_mask_is_match (mask, iface->addresses[j].local, address))
          return (gint32) i;
    }
  return -1;
}

/**
 * cns_ipv4_l3_protocol_get_net_device:
 *
 * Returns: (transfer none) (nullable): the device of @interface.
 */
CnsNetDevice *
cns_ipv4_l3_protocol_get_net_device (CnsIpv4L3Protocol *self, guint32 interface)
{
  CHECK_INTERFACE (self, interface, NULL);
  return self->interfaces[interface].device;
}

CnsNetDevice *
cns_ipv4_l3_protocol_peek_device (CnsIpv4L3Protocol *self, guint32 interface)
{
  return interface < self->n_interfaces ? self->interfaces[interface].device
                                        : NULL;
}

const CnsIpv4Interface *
cns_ipv4_l3_protocol_peek_interface (CnsIpv4L3Protocol *self, guint32 interface)
{
  return interface < self->n_interfaces ? &self->interfaces[interface] : NULL;
}

gboolean
cns_ipv4_l3_protocol_is_local_address (CnsIpv4L3Protocol *self,
                                       CnsIpv4Address address,
                                       gboolean or_broadcast)
{
  for (guint32 i = 0; i < self->n_interfaces; i++)
    {
      const CnsIpv4Interface *iface = &self->interfaces[i];

      for (guint32 j = 0; j < iface->n_addresses; j++)
        if (cns_ipv4_address_equal (iface->addresses[j].local, address)
            || (or_broadcast
                && cns_ipv4_address_equal (iface->addresses[j].broadcast,
                                           address)))
          return TRUE;
    }
  return FALSE;
}

/**
 * cns_ipv4_l3_protocol_add_address:
 * @interface: an interface index
 * @address: the address, mask and broadcast to add
 * @error: where to report bad input
 *
 * Adds an address to @interface and tells the routing protocol, which
 * (if it is static routing and the interface is up) adds the route to
 * the connected subnet.
 *
 * Returns: %FALSE, with @error set, when @interface does not exist
 * (%CNS_INTERNET_ERROR_NOT_FOUND), the address is 0.0.0.0, a broadcast
 * or multicast address or its mask is not contiguous
 * (%CNS_INTERNET_ERROR_INVALID), or an interface has it already
 * (%CNS_INTERNET_ERROR_ADDRESS_IN_USE): an address belongs to one
 * interface of one node in a simulation, except the loopback addresses
 * (127.0.0.0/8), which every node may have, once per interface.
 */
gboolean
cns_ipv4_l3_protocol_add_address (CnsIpv4L3Protocol *self, guint32 interface,
                                  const CnsIpv4InterfaceAddress *address,
                                  GError **error)
{
  gchar text[CNS_IPV4_ADDRESS_STRING_SIZE];
  CnsIpv4Interface *iface;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL),
                        FALSE);
  g_return_val_if_fail (address != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (interface >= self->n_interfaces)
    {
      cns_ipv4_address_format (address->local, text);
      g_set_error (error, CNS_INTERNET_ERROR, CNS_INTERNET_ERROR_NOT_FOUND,
                   "cannot add %s to interface %u: the node has %u "
                   "interfaces",
                   text, interface, self->n_interfaces);
      return FALSE;
    }
  if (cns_ipv4_address_is_any (address->local)
      || cns_ipv4_address_is_broadcast (address->local)
      || cns_ipv4_address_is_multicast (address->local)
      || !cns_ipv4_mask_is_contiguous (address->mask))
    {
      cns_ipv4_address_format (address->local, text);
      g_set_error (error, CNS_INTERNET_ERROR, CNS_INTERNET_ERROR_INVALID,
                   "%s with mask 0x%08x is not an address an interface can "
                   "have",
                   text, address->mask.value);
      return FALSE;
    }
  pthread_mutex_lock (&assigned_lock);
  if (!check_address_free_locked (self, interface, address->local, error))
    {
      pthread_mutex_unlock (&assigned_lock);
      return FALSE;
    }
  iface = &self->interfaces[interface];
  cns_ipv4_interface_add_address (iface, address);
  assigned_add (address->local);
  pthread_mutex_unlock (&assigned_lock);
  cns_ipv4_l3_protocol_update_own_filter (self, address);
  if (self->routing != NULL)
    cns_ipv4_routing_protocol_notify_add_address (
        self->routing, interface, &iface->addresses[iface->n_addresses - 1]);
  return TRUE;
}

/**
 * cns_ipv4_l3_protocol_remove_address: (skip)
 *
 * Removes @address from @interface and tells the routing protocol, which
 * drops the routes that came with it.
 *
 * Returns: %FALSE when the interface does not have @address.
 */
gboolean
cns_ipv4_l3_protocol_remove_address (CnsIpv4L3Protocol *self, guint32 interface,
                                     CnsIpv4Address address)
{
  CnsIpv4InterfaceAddress removed;
  CnsIpv4Interface *iface;
  gint index;

  CHECK_INTERFACE (self, interface, FALSE);
  iface = &self->interfaces[interface];
  pthread_mutex_lock (&assigned_lock);
  index = cns_ipv4_interface_find_address (iface, address);
  if (index >= 0)
    {
      removed = iface->addresses[index];
      cns_ipv4_interface_remove_address (iface, (guint) index);
      assigned_remove (address);
    }
  pthread_mutex_unlock (&assigned_lock);
  if (index < 0)
    return FALSE;
  cns_ipv4_l3_protocol_update_own_filter (self, NULL);
  if (self->routing != NULL)
    cns_ipv4_routing_protocol_notify_remove_address (self->routing, interface,
                                                     &removed);
  return TRUE;
}

/**
 * cns_ipv4_l3_protocol_get_n_addresses:
 *
 * Returns: @interface's addresses.
 */
guint32
cns_ipv4_l3_protocol_get_n_addresses (CnsIpv4L3Protocol *self,
                                      guint32 interface)
{
  CHECK_INTERFACE (self, interface, 0);
  return self->interfaces[interface].n_addresses;
}

/**
 * cns_ipv4_l3_protocol_get_address: (skip)
 * @index: less than cns_ipv4_l3_protocol_get_n_addresses()
 *
 * Returns: address @index of @interface (the primary one first).
 */
CnsIpv4InterfaceAddress
cns_ipv4_l3_protocol_get_address (CnsIpv4L3Protocol *self, guint32 interface,
                                  guint32 index)
{
  CnsIpv4InterfaceAddress none = { { 0 } };

  CHECK_INTERFACE (self, interface, none);
  g_return_val_if_fail (index < self->interfaces[interface].n_addresses, none);
  return self->interfaces[interface].addresses[index];
}

/* cns_ipv4_l3_protocol_select_source_address() without its checks. */
static CnsIpv4Address
l3_select_source (CnsIpv4L3Protocol *self, CnsNetDevice *device,
                  CnsIpv4Address destination)
{
  const CnsIpv4InterfaceAddress *a = NULL;

  if (device != NULL)
    {
      gint32 i = cns_ipv4_l3_protocol_get_interface_for_device (self, device);

      if (i >= 0)
        a = cns_ipv4_interface_select_address (&self->interfaces[i],
                                               destination, FALSE);
      return a != NULL ? a->local : cns_ipv4_address_any ();
    }
  for (guint32 i = 0; i < self->n_interfaces && a == NULL; i++)
    a = cns_ipv4_interface_select_address (&self->interfaces[i], destination,
                                           TRUE);
  for (guint32 i = 1; i < self->n_interfaces && a == NULL; i++)
    a = cns_ipv4_interface_select_address (&self->interfaces[i], destination,
                                           FALSE);
  return a != NULL ? a->local : cns_ipv4_address_any ();
}

/**
 * cns_ipv4_l3_protocol_select_source_address: (skip)
 * @device: (nullable): the device the packet leaves by, or %NULL for any
 * @destination: where it goes
 *
 * Chooses the source address of a packet: an address of @device's
 * interface in @destination's subnet, else that interface's primary
 * address; without a device, an address of any interface in the subnet,
 * else the primary address of the first interface beyond the loopback
 * that has one.
 *
 * Returns: the address, or 0.0.0.0 when there is none.
 */
CnsIpv4Address
cns_ipv4_l3_protocol_select_source_address (CnsIpv4L3Protocol *self,
                                            CnsNetDevice *device,
                                            CnsIpv4Address destination)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L3_PROTOCOL),
                        cns_ipv4_address_any ());
  return l3_select_source (self, device, destination);
}

CnsIpv4Address
cns_ipv4_l3_protocol_select_interface_source (CnsIpv4L3Protocol *self,
                                              guint32 interface,
                                              CnsIpv4Address destination)
{
  const CnsIpv4InterfaceAddress *a;

  /* no such interface: no device, as cns_ipv4_l3_protocol_peek_device() */
  if (interface >= self->n_interfaces)
    return l3_select_source (self, NULL, destination);
  a = cns_ipv4_interface_select_address (&self->interfaces[interface],
                                         destination, FALSE);
  return a != NULL ? a->local : cns_ipv4_address_any ();
}

/**
 * cns_ipv4_l3_protocol_set_up:
 *
 * Brings IPv4 up on @interface and tells the routing protocol.
 */
void
cns_ipv4_l3_protocol_set_up (CnsIpv4L3Protocol *self, guint32 interface)
{
  CHECK_INTERFACE_VOID (self, interface);
  if (self->interfaces[interface].up)
    return;
  self->interfaces[interface].up = TRUE;
  if (self->routing != NULL)
    cns_ipv4_routing_protocol_notify_interface_up (self->routing, interface);
}

/**
 * cns_ipv4_l3_protocol_set_down:
 *
 * Takes IPv4 down on @interface: what arrives on it or would leave by it
 * is dropped (INTERFACE_DOWN), and the routing protocol is told.
 */
void
cns_ipv4_l3_protocol_set_down (CnsIpv4L3Protocol *self, guint32 interface)
{
  CHECK_INTERFACE_VOID (self, interface);
  if (!self->interfaces[interface].up)
    return;
  self->interfaces[interface].up = FALSE;
  if (self->routing != NULL)
    cns_ipv4_routing_protocol_notify_interface_down (self->routing, interface);
}

/**
 * cns_ipv4_l3_protocol_is_up:
 *
 * Returns: whether IPv4 is up on @interface.
 */
gboolean
cns_ipv4_l3_protocol_is_up (CnsIpv4L3Protocol *self, guint32 interface)
{
  CHECK_INTERFACE (self, interface, FALSE);
  return self->interfaces[interface].up;
}

/**
 * cns_ipv4_l3_protocol_get_mtu:
 *
 * Returns: the MTU of @interface's device.
 */
guint16
cns_ipv4_l3_protocol_get_mtu (CnsIpv4L3Protocol *self, guint32 interface)
{
  CHECK_INTERFACE (self, interface, 0);
  return cns_net_device_get_mtu (self->interfaces[interface].device);
}

/**
 * cns_ipv4_l3_protocol_set_metric:
 *
 * Sets @interface's routing metric.
 */
void
cns_ipv4_l3_protocol_set_metric (CnsIpv4L3Protocol *self, guint32 interface,
                                 guint16 metric)
{
  CHECK_INTERFACE_VOID (self, interface);
  self->interfaces[interface].metric = metric;
}

/**
 * cns_ipv4_l3_protocol_get_metric:
 *
 * Returns: @interface's routing metric.
 */
guint16
cns_ipv4_l3_protocol_get_metric (CnsIpv4L3Protocol *self, guint32 interface)
{
  CHECK_INTERFACE (self, interface, 0);
  return self->interfaces[interface].metric;
}

/* The free function of the resolver array, whose unset slots are NULL. */
static void
resolver_release (gpointer resolver)
{
  if (resolver != NULL)
    g_object_unref (resolver);
}

/**
 * cns_ipv4_l3_protocol_set_neighbour_resolver:
 * @resolver: (nullable): what finds the link address of a next hop on
 *   @interface; %NULL removes it
 *
 * Sets the neighbour-resolution hook of an interface whose device needs
 * one (%CNS_NET_DEVICE_NEEDS_ARP): every datagram leaving by it goes to
 * the link address @resolver gives for its next hop, the route's gateway
 * or else its destination. Without a resolver such an interface drops
 * what it would send (NO_NEIGHBOUR). The layer takes a reference.
 *
 * Returns: %FALSE, with a critical, when @interface does not exist or its
 * device does not need resolution.
 */
gboolean
cns_ipv4_l3_protocol_set_neighbour_resolver (CnsIpv4L3Protocol *self,
                                             guint32 interface,
                                             CnsIpv4NeighbourResolver *resolver)
{
  CnsIpv4L3Rare *rare;

  CHECK_INTERFACE (self, interface, FALSE);
  g_return_val_if_fail (
      resolver == NULL || CNS_IS_IPV4_NEIGHBOUR_RESOLVER (resolver), FALSE);
  if (!self->interfaces[interface].resolve)
    {
      g_critical ("cns_ipv4_l3_protocol_set_neighbour_resolver: the device "
                  "of interface %u (a %s) needs no neighbour resolution",
                  interface,
                  G_OBJECT_TYPE_NAME (self->interfaces[interface].device));
      return FALSE;
    }
  rare = cns_ipv4_l3_protocol_get_rare (self);
  if (rare->resolvers == NULL)
    rare->resolvers = g_ptr_array_new_with_free_func (resolver_release);
  if (rare->resolvers->len < self->n_interfaces)
    g_ptr_array_set_size (rare->resolvers, self->n_interfaces);
  if (resolver != NULL)
    g_object_ref (resolver);
  if (rare->resolvers->pdata[interface] != NULL)
    g_object_unref (rare->resolvers->pdata[interface]);
  rare->resolvers->pdata[interface] = resolver;
  return TRUE;
}

/**
 * cns_ipv4_l3_protocol_get_neighbour_resolver:
 *
 * Returns: (transfer none) (nullable): @interface's neighbour resolver.
 */
CnsIpv4NeighbourResolver *
cns_ipv4_l3_protocol_get_neighbour_resolver (CnsIpv4L3Protocol *self,
                                             guint32 interface)
{
  CHECK_INTERFACE (self, interface, NULL);
  if (self->rare == NULL || self->rare->resolvers == NULL
      || interface >= self->rare->resolvers->len)
    return NULL;
  return self->rare->resolvers->pdata[interface];
}

/**
 * cns_ipv4_l3_protocol_set_forwarding:
 *
 * Sets whether datagrams received on @interface that are not for the
 * node are forwarded (else dropped, ROUTE_ERROR, as in ns-3).
 */
void
cns_ipv4_l3_protocol_set_forwarding (CnsIpv4L3Protocol *self, guint32 interface,
                                     gboolean forwarding)
{
  CHECK_INTERFACE_VOID (self, interface);
  self->interfaces[interface].forwarding = forwarding != FALSE;
}

/**
 * cns_ipv4_l3_protocol_is_forwarding:
 *
 * Returns: whether @interface
 * forwards.
 */
gboolean
cns_ipv4_l3_protocol_is_forwarding (CnsIpv4L3Protocol *self, guint32 interface)
{
  CHECK_INTERFACE (self, interface, FALSE);
  return self->interfaces[interface].forwarding;
}
