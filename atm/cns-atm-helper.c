/* cns — building ATM networks: hosts, switches, links and PVCs.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A host is a plain node whose ATM devices are in host mode; a switch is a
 * node with a CnsAtmSwitch aggregated, whose ATM devices are in switch
 * mode and are the switch's ports. A PVC along a path of nodes gets a
 * fresh VCI on each link (from 32 up, counted per link: VCIs 0 to 31 are
 * reserved) and an entry in each switch's VC table in both directions, so
 * that backward RM cells return along the path.
 *
 * Under MPI every rank builds the whole network; each node runs on the
 * rank of its system id (the *_with_system_id() variants), and a link
 * between nodes of two ranks carries its cells as remote messages.
 */
#include "atm/cns-atm-helper.h"

#include "atm/cns-atm-host.h"
#include "internet/cns-ipv4-l3-protocol.h"

#define FIRST_VCI 32

struct _CnsAtmHelper
{
  GObject parent_instance;
};

G_DEFINE_FINAL_TYPE (CnsAtmHelper, cns_atm_helper, G_TYPE_OBJECT)

/* The next free VCI of a link is kept on its channel, so that it goes
 * with the channel and every helper sees the same count. */
static GQuark
next_vci_quark (void)
{
  return g_quark_from_static_string ("cns-atm-helper-next-vci");
}

static void
cns_atm_helper_class_init (CnsAtmHelperClass *klass)
{
}

static void
cns_atm_helper_init (CnsAtmHelper *self)
{
}

/**
 * cns_atm_helper_new:
 *
 * Returns: (transfer full): a helper.
 */
CnsAtmHelper *
cns_atm_helper_new (void)
{
  return g_object_new (CNS_TYPE_ATM_HELPER, NULL);
}

/**
 * cns_atm_helper_create_host:
 *
 * Returns: (transfer full): a new node, an ATM end system, on rank 0.
 */
CnsNode *
cns_atm_helper_create_host (CnsAtmHelper *self)
{
  return cns_atm_helper_create_host_with_system_id (self, 0);
}

/**
 * cns_atm_helper_create_host_with_system_id:
 * @system_id: the MPI rank that simulates the node
 *
 * Returns: (transfer full): a new node, an ATM end system.
 */
CnsNode *
cns_atm_helper_create_host_with_system_id (CnsAtmHelper *self,
                                           guint32 system_id)
{
  g_return_val_if_fail (CNS_IS_ATM_HELPER (self), NULL);
  return cns_node_new_with_system_id (system_id);
}

/**
 * cns_atm_helper_create_switch:
 *
 * Returns: (transfer full): a new node with a #CnsAtmSwitch aggregated, on
 * rank 0.
 */
CnsNode *
cns_atm_helper_create_switch (CnsAtmHelper *self)
{
  return cns_atm_helper_create_switch_with_system_id (self, 0);
}

/**
 * cns_atm_helper_create_switch_with_system_id:
 * @system_id: the MPI rank that simulates the node
 *
 * Returns: (transfer full): a new node with a #CnsAtmSwitch aggregated.
 */
CnsNode *
cns_atm_helper_create_switch_with_system_id (CnsAtmHelper *self,
                                             guint32 system_id)
{
  CnsNode *node;
  g_autoptr (CnsAtmSwitch) sw = NULL;

  g_return_val_if_fail (CNS_IS_ATM_HELPER (self), NULL);
  node = cns_node_new_with_system_id (system_id);
  sw = cns_atm_switch_new ();
  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (sw));
  return node;
}

static CnsAtmNetDevice *
atm_helper_add_device (CnsNode *node, gdouble cell_rate)
{
  CnsAtmSwitch *sw = cns_object_get (node, CNS_TYPE_ATM_SWITCH);
  g_autoptr (CnsAtmNetDevice) device = cns_atm_net_device_new (
      sw != NULL ? CNS_ATM_DEVICE_MODE_SWITCH : CNS_ATM_DEVICE_MODE_HOST);

  cns_atm_net_device_set_cell_rate (device, cell_rate);
  cns_node_add_device (node, CNS_NET_DEVICE (device));
  if (sw != NULL)
    cns_atm_switch_add_port (sw, device);
  return device;
}

/**
 * cns_atm_helper_link:
 * @a: a host or switch node
 * @b: another
 * @cell_rate: the line rate of both ends, cells/s
 * @delay: the propagation delay
 * @device_a: (out) (optional) (transfer none): the device made on @a
 * @device_b: (out) (optional) (transfer none): the device made on @b
 *
 * Joins @a and @b by a new ATM link: a device on each (a switch port on a
 * switch node) and a channel between them. When @a and @b are on
 * different ranks of a distributed run, the link carries its cells between
 * the ranks, and @delay, which must then be positive, bounds how far they
 * may run apart.
 *
 * Returns: %TRUE.
 */
gboolean
cns_atm_helper_link (CnsAtmHelper *self, CnsNode *a, CnsNode *b,
                     gdouble cell_rate, CnsTime delay,
                     CnsAtmNetDevice **device_a, CnsAtmNetDevice **device_b)
{
  g_autoptr (CnsAtmChannel) channel = NULL;
  CnsAtmNetDevice *da, *db;

  g_return_val_if_fail (CNS_IS_ATM_HELPER (self), FALSE);
  g_return_val_if_fail (CNS_IS_NODE (a) && CNS_IS_NODE (b), FALSE);
  g_return_val_if_fail (cell_rate > 0, FALSE);
  g_return_val_if_fail (delay >= 0, FALSE);
  channel = cns_atm_channel_new ();
  cns_atm_channel_set_delay (channel, delay);
  da = atm_helper_add_device (a, cell_rate);
  db = atm_helper_add_device (b, cell_rate);
  cns_atm_net_device_attach (da, channel);
  cns_atm_net_device_attach (db, channel);
  if (device_a != NULL)
    *device_a = da;
  if (device_b != NULL)
    *device_b = db;
  return TRUE;
}

/* The ATM device of @from whose link leads to @to, or NULL. */
static CnsAtmNetDevice *
atm_helper_find_link (CnsNode *from, CnsNode *to)
{
  for (guint32 i = 0; i < cns_node_get_n_devices (from); i++)
    {
      CnsNetDevice *device = cns_node_get_device (from, i);
      CnsAtmNetDevice *peer;

      if (!CNS_IS_ATM_NET_DEVICE (device))
        continue;
      peer = cns_atm_net_device_get_peer (CNS_ATM_NET_DEVICE (device));
      if (peer != NULL && cns_net_device_get_node (CNS_NET_DEVICE (peer)) == to)
        return CNS_ATM_NET_DEVICE (device);
    }
  return NULL;
}

static gboolean atm_helper_setup_pvc_full (CnsAtmHelper *self, CnsNode **path,
                                           guint n,
                                           CnsAtmServiceClass service_class,
                                           gboolean aal5, guint32 *src_vci_out,
                                           guint32 *dst_vci_out,
                                           GError **error);

/**
 * cns_atm_helper_setup_pvc:
 * @path: (array length=n): the nodes of the VC: a host, the switches, a
 *   host; each joined to the next by a link
 * @n: the number of nodes, at least 2
 * @service_class: the queue of the VC's cells other than RM cells
 * @src_vci_out: (out) (optional): the VCI the first host sends on
 * @dst_vci_out: (out) (optional): the VCI the last host receives on
 * @error: %CNS_ATM_ERROR_INVALID when two neighbours of @path have no
 *   link, an inner node is not a switch, or a link has no VCI left
 *
 * Sets up a permanent VC along @path, both directions: a fresh VCI on each
 * link, and the VC table entries of each switch from the link before to
 * the link after and back. Cells the last host sends on the
 * @dst_vci_out VCI return to the first on @src_vci_out.
 *
 * Returns: whether the VC was set up. Only an entry a caller added to a
 * switch by hand with a VCI the helper then hands out fails after tables
 * were changed.
 */
gboolean
cns_atm_helper_setup_pvc (CnsAtmHelper *self, CnsNode **path, guint n,
                          CnsAtmServiceClass service_class,
                          guint32 *src_vci_out, guint32 *dst_vci_out,
                          GError **error)
{
  return atm_helper_setup_pvc_full (self, path, n, service_class, FALSE,
                                    src_vci_out, dst_vci_out, error);
}

/* cns_atm_helper_setup_pvc(), marking the VC in each switch as carrying
 * AAL5 frames when @aal5. */
static gboolean
atm_helper_setup_pvc_full (CnsAtmHelper *self, CnsNode **path, guint n,
                           CnsAtmServiceClass service_class, gboolean aal5,
                           guint32 *src_vci_out, guint32 *dst_vci_out,
                           GError **error)
{
  g_autofree CnsAtmNetDevice **out_dev = NULL; /* path[i]'s toward i + 1 */
  g_autofree CnsAtmNetDevice **in_dev = NULL;  /* path[i + 1]'s toward i */
  g_autofree guint32 *vci = NULL;

  g_return_val_if_fail (CNS_IS_ATM_HELPER (self), FALSE);
  g_return_val_if_fail (path != NULL && n >= 2, FALSE);
  g_return_val_if_fail (service_class != CNS_ATM_SERVICE_RM, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  out_dev = g_new0 (CnsAtmNetDevice *, n - 1);
  in_dev = g_new0 (CnsAtmNetDevice *, n - 1);
  vci = g_new0 (guint32, n - 1);
  /* check everything before changing anything */
  for (guint i = 0; i + 1 < n; i++)
    {
      CnsAtmChannel *channel;

      out_dev[i] = atm_helper_find_link (path[i], path[i + 1]);
      if (out_dev[i] == NULL)
        {
          g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_INVALID,
                       "ATM PVC: no link from node %u to node %u",
                       cns_node_get_id (path[i]),
                       cns_node_get_id (path[i + 1]));
          return FALSE;
        }
      in_dev[i] = cns_atm_net_device_get_peer (out_dev[i]);
      channel = cns_atm_net_device_get_atm_channel (out_dev[i]);
      vci[i] = GPOINTER_TO_UINT (
          g_object_get_qdata (G_OBJECT (channel), next_vci_quark ()));
      if (vci[i] == 0)
        vci[i] = FIRST_VCI;
      if (vci[i] > CNS_ATM_VCI_MAX)
        {
          g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_INVALID,
                       "ATM PVC: no VCI left on the link from node %u to "
                       "node %u",
                       cns_node_get_id (path[i]),
                       cns_node_get_id (path[i + 1]));
          return FALSE;
        }
      if (i > 0 && cns_object_get (path[i], CNS_TYPE_ATM_SWITCH) == NULL)
        {
          g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_INVALID,
                       "ATM PVC: node %u inside the path is not a switch",
                       cns_node_get_id (path[i]));
          return FALSE;
        }
    }
  for (guint i = 1; i + 1 < n; i++)
    {
      CnsAtmSwitch *sw = cns_object_get (path[i], CNS_TYPE_ATM_SWITCH);
      gint p_in = cns_atm_switch_find_port (sw, in_dev[i - 1]);
      gint p_out = cns_atm_switch_find_port (sw, out_dev[i]);

      if (p_in < 0 || p_out < 0)
        {
          g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_INVALID,
                       "ATM PVC: a link of node %u is not a port of its "
                       "switch",
                       cns_node_get_id (path[i]));
          return FALSE;
        }
    }
  /* VCIs are fresh on each link: the entries cannot collide */
  for (guint i = 0; i + 1 < n; i++)
    g_object_set_qdata (
        G_OBJECT (cns_atm_net_device_get_atm_channel (out_dev[i])),
        next_vci_quark (), GUINT_TO_POINTER (vci[i] + 1));
  for (guint i = 1; i + 1 < n; i++)
    {
      CnsAtmSwitch *sw = cns_object_get (path[i], CNS_TYPE_ATM_SWITCH);
      guint p_in = cns_atm_switch_find_port (sw, in_dev[i - 1]);
      guint p_out = cns_atm_switch_find_port (sw, out_dev[i]);

      if (!cns_atm_switch_add_vc (sw, p_in, vci[i - 1], p_out, vci[i],
                                  service_class, error)
          || !cns_atm_switch_add_vc (sw, p_out, vci[i], p_in, vci[i - 1],
                                     service_class, error))
        return FALSE;
      /* the entries exist: marking them cannot fail */
      if (aal5)
        {
          cns_atm_switch_set_vc_aal5 (sw, p_in, vci[i - 1], TRUE, NULL);
          cns_atm_switch_set_vc_aal5 (sw, p_out, vci[i], TRUE, NULL);
        }
    }
  if (src_vci_out != NULL)
    *src_vci_out = vci[0];
  if (dst_vci_out != NULL)
    *dst_vci_out = vci[n - 2];
  return TRUE;
}

/* The primary IPv4 address of @node's interface on its ATM host port, or
 * 0.0.0.0 with @error set. */
static CnsIpv4Address
atm_helper_ip_address (CnsNode *node, GError **error)
{
  CnsAtmHost *host = cns_atm_host_install (node, error);
  CnsIpv4L3Protocol *ipv4 = cns_object_get (node, CNS_TYPE_IPV4_L3_PROTOCOL);
  gint32 interface = -1;

  if (host == NULL)
    return cns_ipv4_address_any ();
  if (ipv4 != NULL)
    interface = cns_ipv4_l3_protocol_get_interface_for_device (
        ipv4, CNS_NET_DEVICE (cns_atm_host_get_device (host)));
  if (interface < 0
      || cns_ipv4_l3_protocol_get_n_addresses (ipv4, (guint32) interface) == 0)
    {
      g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_INVALID,
                   "ATM IP PVC: node %u has no IPv4 address on its ATM port",
                   cns_node_get_id (node));
      return cns_ipv4_address_any ();
    }
  return cns_ipv4_l3_protocol_get_address (ipv4, (guint32) interface, 0).local;
}

/**
 * cns_atm_helper_setup_ip_pvc:
 * @path: (array length=n): host, switches, host, each linked to the next
 * @n: the path's length, at least 2
 * @service_class: %CNS_ATM_SERVICE_ABR or %CNS_ATM_SERVICE_UBR
 * @params: (nullable): the ABR sources' parameters, for both directions
 * @first_vci_out: (out) (optional): the VCI of the first host's end
 * @last_vci_out: (out) (optional): the VCI of the last host's end
 * @error: return location for a #CNS_ATM_ERROR_INVALID error
 *
 * Sets up a PVC along @path (cns_atm_helper_setup_pvc()) and carries
 * IPv4 over it between the two end hosts (cns_atm_host_add_ip_vc()),
 * each the other's neighbour at the primary address of its ATM port. Both
 * ends need IPv4 with an address on their port. The switches are told
 * that the VC carries AAL5 frames (cns_atm_switch_set_vc_aal5()), for
 * their "frame-discard".
 *
 * Returns: %FALSE with @error set when a step fails.
 */
gboolean
cns_atm_helper_setup_ip_pvc (CnsAtmHelper *self, CnsNode **path, guint n,
                             CnsAtmServiceClass service_class,
                             const CnsAbrParams *params, guint32 *first_vci_out,
                             guint32 *last_vci_out, GError **error)
{
  CnsIpv4Address first, last;
  guint32 first_vci, last_vci;

  g_return_val_if_fail (CNS_IS_ATM_HELPER (self), FALSE);
  g_return_val_if_fail (path != NULL && n >= 2, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  first = atm_helper_ip_address (path[0], error);
  if (cns_ipv4_address_is_any (first))
    return FALSE;
  last = atm_helper_ip_address (path[n - 1], error);
  if (cns_ipv4_address_is_any (last))
    return FALSE;
  if (!atm_helper_setup_pvc_full (self, path, n, service_class, TRUE,
                                  &first_vci, &last_vci, error)
      || !cns_atm_host_add_ip_vc (cns_atm_host_install (path[0], NULL),
                                  (guint16) first_vci, last, service_class,
                                  params, error)
      || !cns_atm_host_add_ip_vc (cns_atm_host_install (path[n - 1], NULL),
                                  (guint16) last_vci, first, service_class,
                                  params, error))
    return FALSE;
  if (first_vci_out != NULL)
    *first_vci_out = first_vci;
  if (last_vci_out != NULL)
    *last_vci_out = last_vci;
  return TRUE;
}
