/* cns — handing out IPv4 addresses to devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Ipv4AddressHelper: a network and mask, a first host number
 * (default 0.0.0.1), consecutive addresses from there, and new_network()
 * to move to the next network of the same size ("10.1.1.0/24" then
 * "10.1.2.0/24"). Host numbers run from the base to the last before the
 * broadcast; a /31 has two usable addresses and no broadcast (RFC 3021),
 * so its default base is 0.0.0.0 and a point-to-point link gets .0 and .1;
 * a /32 has its one address. Running out is an error naming the network,
 * not a wrap into the next one.
 */
#include "internet/cns-ipv4-address-helper.h"

#include "internet/cns-internet-error.h"
#include "internet/cns-ipv4-l3-protocol-private.h"

struct _CnsIpv4AddressHelper
{
  GObject parent_instance;

  guint32 network; /* host bits clear */
  guint32 mask;
  guint32 base; /* first host number of each network */
  guint32 next; /* next host number */
  guint32 last; /* last usable host number */
  gboolean have_base;
};

G_DEFINE_FINAL_TYPE (CnsIpv4AddressHelper, cns_ipv4_address_helper,
                     G_TYPE_OBJECT)

static void
cns_ipv4_address_helper_class_init (CnsIpv4AddressHelperClass *klass)
{
}

static void
cns_ipv4_address_helper_init (CnsIpv4AddressHelper *self)
{
}

/**
 * cns_ipv4_address_helper_new:
 *
 * Returns: (transfer full): a helper; call
 * cns_ipv4_address_helper_set_base() before using it.
 */
CnsIpv4AddressHelper *
cns_ipv4_address_helper_new (void)
{
  return g_object_new (CNS_TYPE_IPV4_ADDRESS_HELPER, NULL);
}

/* The highest usable host number of a network with @host_bits. */
static guint32
last_host (guint host_bits)
{
  if (host_bits <= 1)
    return host_bits; /* /32: host 0 only; /31: hosts 0 and 1 */
  return (guint32) ((G_GUINT64_CONSTANT (1) << host_bits) - 2);
}

/**
 * cns_ipv4_address_helper_set_base:
 * @network: the first network, "10.1.1.0"; its host bits must be clear
 * @mask: "255.255.255.0" or "/24"
 * @base: (nullable): the first host number, "0.0.0.1" when %NULL (0.0.0.0
 *   for /31 and /32 networks)
 * @error: a #CNS_INTERNET_ERROR naming the text at fault
 *
 * Returns: %TRUE on success; on failure the helper is unchanged.
 */
gboolean
cns_ipv4_address_helper_set_base (CnsIpv4AddressHelper *self,
                                  const gchar *network, const gchar *mask,
                                  const gchar *base, GError **error)
{
  CnsIpv4Address n, b;
  CnsIpv4Mask m;
  guint host_bits;

  g_return_val_if_fail (CNS_IS_IPV4_ADDRESS_HELPER (self), FALSE);
  g_return_val_if_fail (network != NULL && mask != NULL, FALSE);

  if (!cns_ipv4_address_parse (network, &n, error)
      || !cns_ipv4_mask_parse (mask, &m, error))
    return FALSE;
  host_bits = 32 - cns_ipv4_mask_get_prefix_length (m);
  if ((n.value & ~m.value) != 0)
    {
      g_set_error (error, CNS_INTERNET_ERROR, CNS_INTERNET_ERROR_INVALID,
                   "network %s has host bits set under mask %s", network, mask);
      return FALSE;
    }
  if (base == NULL)
    b.value = host_bits <= 1 ? 0 : 1;
  else if (!cns_ipv4_address_parse (base, &b, error))
    return FALSE;
  if ((b.value & m.value) != 0 || b.value > last_host (host_bits)
      || (host_bits > 1 && b.value == 0))
    {
      g_autofree gchar *text = cns_ipv4_address_to_string (b);

      g_set_error (error, CNS_INTERNET_ERROR, CNS_INTERNET_ERROR_INVALID,
                   "base %s is not a usable host number under mask %s "
                   "(expected 0.0.0.%u to the last before the broadcast)",
                   text, mask, host_bits > 1 ? 1 : 0);
      return FALSE;
    }
  self->network = n.value;
  self->mask = m.value;
  self->base = self->next = b.value;
  self->last = last_host (host_bits);
  self->have_base = TRUE;
  return TRUE;
}

/* The network in "10.1.1.0/24" form, for messages. */
static gchar *
describe_network (CnsIpv4AddressHelper *self)
{
  g_autofree gchar *network
      = cns_ipv4_address_to_string ((CnsIpv4Address){ self->network });

  return g_strdup_printf (
      "%s/%u", network,
      cns_ipv4_mask_get_prefix_length ((CnsIpv4Mask){ self->mask }));
}

/**
 * cns_ipv4_address_helper_new_address:
 * @out: (out): the next address of the current network
 * @error: %CNS_INTERNET_ERROR_EXHAUSTED naming the network when it has no
 *   addresses left (or when new_network() went past 255.255.255.255)
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_ipv4_address_helper_new_address (CnsIpv4AddressHelper *self,
                                     CnsIpv4Address *out, GError **error)
{
  g_return_val_if_fail (CNS_IS_IPV4_ADDRESS_HELPER (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (!self->have_base)
    {
      g_set_error_literal (error, CNS_INTERNET_ERROR,
                           CNS_INTERNET_ERROR_INVALID,
                           "the address helper has no network: call "
                           "cns_ipv4_address_helper_set_base() first");
      return FALSE;
    }
  if (self->next > self->last)
    {
      g_autofree gchar *where = describe_network (self);

      g_set_error (error, CNS_INTERNET_ERROR, CNS_INTERNET_ERROR_EXHAUSTED,
                   "network %s has no addresses left (%u handed out); call "
                   "cns_ipv4_address_helper_new_network() or set a new base",
                   where, self->last - self->base + 1);
      return FALSE;
    }
  out->value = self->network | self->next++;
  return TRUE;
}

/**
 * cns_ipv4_address_helper_new_network:
 *
 * Moves to the next network of the same size and starts again from the
 * base host number, as ns-3's NewNetwork.
 */
void
cns_ipv4_address_helper_new_network (CnsIpv4AddressHelper *self)
{
  guint32 size;

  g_return_if_fail (CNS_IS_IPV4_ADDRESS_HELPER (self));
  g_return_if_fail (self->have_base);
  size = ~self->mask + 1;
  if (size == 0 || self->network > G_MAXUINT32 - size + 1 - size)
    {
      /* Past the end of the address space: nothing more to hand out. */
      self->next = self->last + 1;
      return;
    }
  self->network += size;
  self->next = self->base;
}

/**
 * cns_ipv4_address_helper_assign:
 * @devices: devices whose nodes have an IPv4 layer
 *   (cns_internet_stack_helper_install())
 * @error: a #CNS_INTERNET_ERROR naming the node and device at fault, the
 *   exhausted network, or (%CNS_INTERNET_ERROR_ADDRESS_IN_USE) the address
 *   that another interface has already, and both nodes
 *
 * Gives each device the next address of the current network: adds an
 * IPv4 interface for the device when it has none, adds the address with
 * the network's mask, sets the metric to 1 and brings the interface up.
 * An address goes to one interface in a simulation: two helpers with the
 * same base fail on the second's first device. On error the devices
 * before the failing one keep their addresses and the failing one is
 * left as it was.
 *
 * Returns: (transfer full) (nullable): the interfaces, in device order.
 */
CnsIpv4InterfaceContainer *
cns_ipv4_address_helper_assign (CnsIpv4AddressHelper *self,
                                CnsNetDeviceContainer *devices, GError **error)
{
  g_autoptr (CnsIpv4InterfaceContainer) interfaces = NULL;

  g_return_val_if_fail (CNS_IS_IPV4_ADDRESS_HELPER (self), NULL);
  g_return_val_if_fail (devices != NULL, NULL);

  interfaces = cns_ipv4_interface_container_new ();
  for (guint32 i = 0; i < cns_net_device_container_get_n (devices); i++)
    {
      CnsNetDevice *device = cns_net_device_container_get (devices, i);
      CnsNode *node = cns_net_device_get_node (device);
      CnsIpv4L3Protocol *ipv4
          = node ? cns_object_get (node, CNS_TYPE_IPV4_L3_PROTOCOL) : NULL;
      CnsIpv4InterfaceAddress address;
      CnsIpv4Address local;
      gint32 interface;
      guint32 target;

      if (ipv4 == NULL)
        {
          g_set_error (error, CNS_INTERNET_ERROR, CNS_INTERNET_ERROR_NOT_FOUND,
                       "device %u of node %d has no IPv4 stack to address; "
                       "install one with cns_internet_stack_helper_install()",
                       cns_net_device_get_ifindex (device),
                       node ? (gint) cns_node_get_id (node) : -1);
          return NULL;
        }
      if (!cns_ipv4_address_helper_new_address (self, &local, error))
        return NULL;
      interface = cns_ipv4_l3_protocol_get_interface_for_device (ipv4, device);
      /* before an interface is added, so that a device whose address is
       * taken is left as it was */
      if (interface >= 0)
        target = (guint32) interface;
      else
        target = cns_ipv4_l3_protocol_get_n_interfaces (ipv4);
      if (!cns_ipv4_l3_protocol_check_address_free (ipv4, target, local, error))
        return NULL;
      if (interface < 0)
        interface = (gint32) cns_ipv4_l3_protocol_add_interface (ipv4, device);
      address = cns_ipv4_interface_address_init (local,
                                                 (CnsIpv4Mask){ self->mask });
      if (!cns_ipv4_l3_protocol_add_address (ipv4, (guint32) interface,
                                             &address, error))
        return NULL;
      cns_ipv4_l3_protocol_set_metric (ipv4, (guint32) interface, 1);
      cns_ipv4_l3_protocol_set_up (ipv4, (guint32) interface);
      cns_ipv4_interface_container_add (interfaces, ipv4, (guint32) interface);
    }
  return g_steal_pointer (&interfaces);
}
