/* cns — building point-to-point links.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's PointToPointHelper: remembers attributes for the devices, the
 * channel and the transmit queues (checked when set, so a typo is reported
 * where it was written), and makes a link between two nodes: two devices
 * with fresh MAC addresses and queues, joined by one channel.
 */
#include "network/cns-point-to-point-helper.h"

#include "core/cns-mpi.h"
#include "core/cns-object-factory.h"
#include "network/cns-drop-tail-queue.h"
#include "network/cns-mac48-address.h"
#include "network/cns-pcap-file.h"
#include "network/cns-pcap-helper.h"
#include "network/cns-point-to-point-net-device.h"
#include "network/cns-point-to-point-remote-channel.h"

struct _CnsPointToPointHelper
{
  GObject parent_instance;

  CnsObjectFactory *device_factory;
  CnsObjectFactory *channel_factory;
  CnsObjectFactory *remote_channel_factory; /* the same attributes */
  CnsObjectFactory *queue_factory;
};

G_DEFINE_FINAL_TYPE (CnsPointToPointHelper, cns_point_to_point_helper,
                     G_TYPE_OBJECT)

static void
p2p_helper_finalize (GObject *object)
{
  CnsPointToPointHelper *self = CNS_POINT_TO_POINT_HELPER (object);

  cns_object_factory_free (self->device_factory);
  cns_object_factory_free (self->channel_factory);
  cns_object_factory_free (self->remote_channel_factory);
  cns_object_factory_free (self->queue_factory);
  G_OBJECT_CLASS (cns_point_to_point_helper_parent_class)->finalize (object);
}

static void
cns_point_to_point_helper_class_init (CnsPointToPointHelperClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = p2p_helper_finalize;
}

static void
cns_point_to_point_helper_init (CnsPointToPointHelper *self)
{
  self->device_factory
      = cns_object_factory_new (CNS_TYPE_POINT_TO_POINT_NET_DEVICE);
  self->channel_factory
      = cns_object_factory_new (CNS_TYPE_POINT_TO_POINT_CHANNEL);
  self->remote_channel_factory
      = cns_object_factory_new (CNS_TYPE_POINT_TO_POINT_REMOTE_CHANNEL);
  self->queue_factory = cns_object_factory_new (CNS_TYPE_DROP_TAIL_QUEUE);
}

/**
 * cns_point_to_point_helper_new:
 *
 * Returns: (transfer full): a helper.
 */
CnsPointToPointHelper *
cns_point_to_point_helper_new (void)
{
  return g_object_new (CNS_TYPE_POINT_TO_POINT_HELPER, NULL);
}

/**
 * cns_point_to_point_helper_set_device_attribute:
 * @name: a CnsPointToPointNetDevice attribute, "DataRate"
 * @value: its value as text, "5Mbps"
 * @error: a #CNS_CORE_ERROR naming the attribute or value at fault
 *
 * Returns: %TRUE when the value was accepted for devices made afterwards.
 */
gboolean
cns_point_to_point_helper_set_device_attribute (CnsPointToPointHelper *self,
                                                const gchar *name,
                                                const gchar *value,
                                                GError **error)
{
  g_return_val_if_fail (CNS_IS_POINT_TO_POINT_HELPER (self), FALSE);
  return cns_object_factory_set (self->device_factory, name, value, error);
}

/**
 * cns_point_to_point_helper_set_channel_attribute:
 * @name: a CnsPointToPointChannel attribute, "Delay"
 *
 * Returns: %TRUE when the value was accepted.
 */
gboolean
cns_point_to_point_helper_set_channel_attribute (CnsPointToPointHelper *self,
                                                 const gchar *name,
                                                 const gchar *value,
                                                 GError **error)
{
  g_return_val_if_fail (CNS_IS_POINT_TO_POINT_HELPER (self), FALSE);
  return cns_object_factory_set (self->channel_factory, name, value, error)
         && cns_object_factory_set (self->remote_channel_factory, name, value,
                                    error);
}

/**
 * cns_point_to_point_helper_set_queue:
 * @type_name: a CnsQueue type, "CnsDropTailQueue" or "DropTail"
 * @error: a #CNS_CORE_ERROR listing the queue types when @type_name is
 *   not one
 *
 * Chooses the kind of transmit queue; its attributes set so far are
 * forgotten.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_point_to_point_helper_set_queue (CnsPointToPointHelper *self,
                                     const gchar *type_name, GError **error)
{
  GType type;

  g_return_val_if_fail (CNS_IS_POINT_TO_POINT_HELPER (self), FALSE);
  g_return_val_if_fail (type_name != NULL, FALSE);
  type = cns_object_factory_resolve_type (type_name, CNS_TYPE_QUEUE, error);
  if (type == G_TYPE_INVALID)
    return FALSE;
  cns_object_factory_set_object_type (self->queue_factory, type);
  return TRUE;
}

/**
 * cns_point_to_point_helper_set_queue_attribute:
 * @name: an attribute of the queue type, "MaxSize"
 *
 * Returns: %TRUE when the value was accepted.
 */
gboolean
cns_point_to_point_helper_set_queue_attribute (CnsPointToPointHelper *self,
                                               const gchar *name,
                                               const gchar *value,
                                               GError **error)
{
  g_return_val_if_fail (CNS_IS_POINT_TO_POINT_HELPER (self), FALSE);
  return cns_object_factory_set (self->queue_factory, name, value, error);
}

static CnsPointToPointNetDevice *
p2p_helper_make_device (CnsPointToPointHelper *self, CnsNode *node)
{
  CnsPointToPointNetDevice *device
      = cns_object_factory_create (self->device_factory);
  g_autoptr (CnsQueue) queue = cns_object_factory_create (self->queue_factory);
  CnsMac48Address mac = cns_mac48_address_allocate ();
  CnsAddress address;

  cns_mac48_address_to_address (&mac, &address);
  cns_net_device_set_address (CNS_NET_DEVICE (device), &address);
  cns_point_to_point_net_device_set_queue (device, queue);
  cns_node_add_device (node, CNS_NET_DEVICE (device));
  return device;
}

/**
 * cns_point_to_point_helper_install:
 *
 * Links @a and @b: a new device on each, with a new MAC address and
 * transmit queue, and a channel between them: a remote channel when MPI
 * runs several ranks and the nodes' system ids differ.
 *
 * Returns: (transfer full): the two devices, @a's first.
 */
CnsNetDeviceContainer *
cns_point_to_point_helper_install (CnsPointToPointHelper *self, CnsNode *a,
                                   CnsNode *b)
{
  g_autoptr (CnsPointToPointNetDevice) dev_a = NULL;
  g_autoptr (CnsPointToPointNetDevice) dev_b = NULL;
  g_autoptr (CnsPointToPointChannel) channel = NULL;
  CnsNetDeviceContainer *devices;
  gboolean remote;

  g_return_val_if_fail (CNS_IS_POINT_TO_POINT_HELPER (self), NULL);
  g_return_val_if_fail (CNS_IS_NODE (a) && CNS_IS_NODE (b), NULL);

  dev_a = p2p_helper_make_device (self, a);
  dev_b = p2p_helper_make_device (self, b);
  remote = cns_mpi_get_size () > 1
           && cns_node_get_system_id (a) != cns_node_get_system_id (b);
  channel = cns_object_factory_create (remote ? self->remote_channel_factory
                                              : self->channel_factory);
  cns_point_to_point_net_device_attach (dev_a, channel);
  cns_point_to_point_net_device_attach (dev_b, channel);
  if (remote)
    cns_point_to_point_remote_channel_note_link (
        CNS_POINT_TO_POINT_REMOTE_CHANNEL (channel));
  devices = cns_net_device_container_new ();
  cns_net_device_container_add (devices, CNS_NET_DEVICE (dev_a));
  cns_net_device_container_add (devices, CNS_NET_DEVICE (dev_b));
  return devices;
}

/**
 * cns_point_to_point_helper_install_container:
 * @nodes: exactly two nodes
 *
 * Returns: (transfer full): the two devices.
 */
CnsNetDeviceContainer *
cns_point_to_point_helper_install_container (CnsPointToPointHelper *self,
                                             CnsNodeContainer *nodes)
{
  g_return_val_if_fail (nodes != NULL, NULL);
  g_return_val_if_fail (cns_node_container_get_n (nodes) == 2, NULL);
  return cns_point_to_point_helper_install (self,
                                            cns_node_container_get (nodes, 0),
                                            cns_node_container_get (nodes, 1));
}

/**
 * cns_point_to_point_helper_enable_pcap:
 * @prefix: file name prefix; the file is "@prefix-NODE-DEVICE.pcap"
 * @device: a point-to-point device on a node
 * @error: a #CNS_NETWORK_ERROR when the file cannot be created
 *
 * Captures what @device sends and receives, link type PPP.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_point_to_point_helper_enable_pcap (CnsPointToPointHelper *self,
                                       const gchar *prefix,
                                       CnsNetDevice *device, GError **error)
{
  g_return_val_if_fail (CNS_IS_POINT_TO_POINT_HELPER (self), FALSE);
  g_return_val_if_fail (CNS_IS_POINT_TO_POINT_NET_DEVICE (device), FALSE);
  return cns_pcap_helper_enable (prefix, device, CNS_PCAP_LINKTYPE_PPP, error);
}

/* Calls @enable on every point-to-point device of every node. */
static gboolean
p2p_helper_foreach_device (CnsPointToPointHelper *self,
                           gboolean (*enable) (CnsPointToPointHelper *,
                                               gconstpointer, CnsNetDevice *,
                                               GError **),
                           gconstpointer target, GError **error)
{
  for (guint32 n = 0; n < cns_node_list_get_n_nodes (); n++)
    {
      CnsNode *node = cns_node_list_get_node (n);

      /* another rank traces the nodes it runs */
      if (!cns_node_is_local (node))
        continue;
      for (guint32 d = 0; d < cns_node_get_n_devices (node); d++)
        {
          CnsNetDevice *device = cns_node_get_device (node, d);

          if (CNS_IS_POINT_TO_POINT_NET_DEVICE (device)
              && !enable (self, target, device, error))
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
p2p_helper_enable_pcap_one (CnsPointToPointHelper *self, gconstpointer prefix,
                            CnsNetDevice *device, GError **error)
{
  return cns_point_to_point_helper_enable_pcap (self, prefix, device, error);
}

/**
 * cns_point_to_point_helper_enable_pcap_all:
 *
 * Captures every point-to-point device made so far on the nodes this
 * rank runs (every node in a sequential run), one file each.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_point_to_point_helper_enable_pcap_all (CnsPointToPointHelper *self,
                                           const gchar *prefix, GError **error)
{
  g_return_val_if_fail (CNS_IS_POINT_TO_POINT_HELPER (self), FALSE);
  g_return_val_if_fail (prefix != NULL, FALSE);
  return p2p_helper_foreach_device (self, p2p_helper_enable_pcap_one, prefix,
                                    error);
}

/**
 * cns_point_to_point_helper_enable_ascii:
 * @stream: where the trace lines go
 * @device: a point-to-point device on a node
 *
 * Writes '+', '-', 'd' and 'r' lines for @device, as ns-3 does.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_point_to_point_helper_enable_ascii (CnsPointToPointHelper *self,
                                        CnsAsciiTraceStream *stream,
                                        CnsNetDevice *device, GError **error)
{
  g_return_val_if_fail (CNS_IS_POINT_TO_POINT_HELPER (self), FALSE);
  g_return_val_if_fail (CNS_IS_POINT_TO_POINT_NET_DEVICE (device), FALSE);
  return cns_ascii_trace_helper_enable (stream, device, "TxQueue", error);
}

static gboolean
p2p_helper_enable_ascii_one (CnsPointToPointHelper *self, gconstpointer stream,
                             CnsNetDevice *device, GError **error)
{
  return cns_point_to_point_helper_enable_ascii (
      self, (CnsAsciiTraceStream *) stream, device, error);
}

/**
 * cns_point_to_point_helper_enable_ascii_all:
 * @path: the trace file to write
 * @error: a #CNS_NETWORK_ERROR when it cannot be created
 *
 * Writes an ASCII trace of every point-to-point device made so far to one
 * file.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_point_to_point_helper_enable_ascii_all (CnsPointToPointHelper *self,
                                            const gchar *path, GError **error)
{
  g_autoptr (CnsAsciiTraceStream) stream = NULL;

  g_return_val_if_fail (CNS_IS_POINT_TO_POINT_HELPER (self), FALSE);
  if ((stream = cns_ascii_trace_stream_new (path, error)) == NULL)
    return FALSE;
  return p2p_helper_foreach_device (self, p2p_helper_enable_ascii_one, stream,
                                    error);
}
