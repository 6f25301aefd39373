/* cns — nodes: hosts and routers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A node has an id (its index in the global node list, "/NodeList/N" in
 * config paths), a system id (the MPI rank that simulates it), its devices
 * and applications, and the protocol handlers its devices deliver to. The
 * protocol stacks (IPv4, UDP, ...) are aggregated onto it.
 *
 * As in ns-3, making a node adds it to the node list and has it
 * initialized, in its own context, at the current time: at the start of
 * the run for nodes made beforehand. One event starts every node made
 * since the last such event, rather than one event per node, which would
 * cost a pending event per node until the run begins.
 * cns_simulator_destroy() disposes every node and empties the list.
 *
 * A node's events read its objects one after the other, each found
 * through the one before: in large topologies the scheduler prefetches
 * them (see cns-prefetch.c), and the node tells it where they lie: it
 * hints itself when made, and when it starts, once the scenario has built
 * it, its devices with their transmit queues and channels, its
 * applications and the members of its aggregate; what joins it later is
 * hinted as it joins.
 */
#include "network/cns-node.h"

#include "core/cns-config.h"
#include "core/cns-mpi.h"
#include "core/cns-prefetch.h"
#include "core/cns-simulator.h"
#include "network/cns-mac48-address.h"
#include "network/cns-net-device-private.h"
#include "network/cns-network-private.h"
#include "network/cns-queue.h"

#include <string.h>

enum
{
  PROP_0,
  PROP_ID,
  PROP_SYSTEM_ID,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

/* 24 bytes: the device is named by its interface index. */
typedef struct
{
  CnsProtocolHandler handler;
  gpointer user_data;
  guint32 ifindex;  /* ANY_DEVICE: every device */
  guint16 protocol; /* 0: every protocol */
  guint8 promiscuous;
} ProtocolHandler;

#define ANY_DEVICE G_MAXUINT32
/* Nodes with more devices than this hint their protocols before their
 * devices (see cns_node_initialize()). */
#define HINT_PROTOCOLS_FIRST 4

struct _CnsNode
{
  CnsObject parent_instance;

  guint32 id;
  guint32 system_id;
  guint32 n_devices;
  guint32 n_applications;
  guint32 n_handlers;
  CnsNetDevice **devices;
  CnsApplication **applications;
  /* in registration order: &one_handler while there is at most one (a
   * node usually has IPv4's alone, and every frame received reads it),
   * else a block sized to them: a GArray's header and spare room would
   * cost every node */
  ProtocolHandler *handlers;
  ProtocolHandler one_handler;
};

static GPtrArray *nodes;            /* CnsNode, in id order */
static gboolean initialize_pending; /* an event to start new nodes is due */

G_DEFINE_FINAL_TYPE (CnsNode, cns_node, CNS_TYPE_OBJECT)

static void cns_node_set_property (GObject *object, guint prop_id,
                                   const GValue *value, GParamSpec *pspec);
static void cns_node_get_property (GObject *object, guint prop_id,
                                   GValue *value, GParamSpec *pspec);

static void
node_list_destroy (gpointer obj, gpointer data)
{
  GPtrArray *list = g_steal_pointer (&nodes);

  for (guint i = 0; i < list->len; i++)
    cns_object_dispose (list->pdata[i]);
  g_ptr_array_unref (list);
  initialize_pending = FALSE;
  cns_mac48_address_reset_allocation ();
}

static void
node_initialize (gpointer obj, gpointer data)
{
  cns_object_initialize (obj);
}

/* Initializes, in id order and each in its own context, the nodes not yet
 * initialized. */
static void
node_list_initialize (gpointer obj, gpointer data)
{
  initialize_pending = FALSE;
  for (guint i = 0; nodes != NULL && i < nodes->len; i++)
    {
      CnsNode *node = nodes->pdata[i];

      if (!cns_object_is_initialized (CNS_OBJECT (node)))
        cns_simulator_invoke_with_context (node->id, node_initialize, node,
                                           NULL);
    }
}

static void
cns_node_constructed (GObject *object)
{
  CnsNode *self = CNS_NODE (object);

  G_OBJECT_CLASS (cns_node_parent_class)->constructed (object);
  if (nodes == NULL)
    {
      nodes = g_ptr_array_new_with_free_func (g_object_unref);
      cns_simulator_schedule_destroy (node_list_destroy, NULL, NULL);
    }
  self->id = nodes->len;
  g_ptr_array_add (nodes, g_object_ref (self));
  cns_prefetch_hint_add_object (self->id, self);
  /* node_list_destroy() disposes it before the list lets go of it */
  cns_object_anchor (CNS_OBJECT (self));
  if (!initialize_pending)
    {
      cns_simulator_schedule_with_context (CNS_CONTEXT_NONE, 0,
                                           node_list_initialize, NULL, NULL);
      initialize_pending = TRUE;
    }
}

static void
cns_node_dispose (GObject *object)
{
  CnsNode *self = CNS_NODE (object);

  for (guint32 i = 0; i < self->n_devices; i++)
    {
      cns_object_dispose (CNS_OBJECT (self->devices[i]));
      g_object_unref (self->devices[i]);
    }
  for (guint32 i = 0; i < self->n_applications; i++)
    {
      cns_object_dispose (CNS_OBJECT (self->applications[i]));
      g_object_unref (self->applications[i]);
    }
  g_clear_pointer (&self->devices, g_free);
  g_clear_pointer (&self->applications, g_free);
  self->n_devices = self->n_applications = 0;
  if (self->handlers != &self->one_handler)
    g_free (self->handlers);
  self->handlers = &self->one_handler;
  self->n_handlers = 0;
  G_OBJECT_CLASS (cns_node_parent_class)->dispose (object);
}

static void
node_hint_member (gpointer member, gpointer user_data)
{
  cns_prefetch_hint_add_object (GPOINTER_TO_UINT (user_data), member);
}

/* The device, and the transmit queue (ns-3's TxQueue attribute) and the
 * channel each frame it sends reads. A device without a channel, such as
 * a loopback, carries nothing between nodes: it is left out, to keep the
 * few lines a context holds for what every packet reads (so is a device
 * whose channel comes after its node started). */
static void
node_hint_device (CnsNode *self, CnsNetDevice *device)
{
  CnsChannel *channel = cns_net_device_get_channel (device);
  GParamSpec *pspec;

  if (channel == NULL)
    return;
  cns_prefetch_hint_add_object (self->id, device);
  pspec
      = g_object_class_find_property (G_OBJECT_GET_CLASS (device), "tx-queue");
  if (pspec != NULL && (pspec->flags & G_PARAM_READABLE) != 0
      && g_type_is_a (pspec->value_type, CNS_TYPE_QUEUE))
    {
      g_autoptr (GObject) queue = NULL;

      g_object_get (device, "tx-queue", &queue, NULL);
      cns_prefetch_hint_add_object (self->id, queue);
    }
  cns_prefetch_hint_add_object (self->id, channel);
}

/* Devices and applications start with their node, which hints them. */
static void
cns_node_initialize (CnsObject *object)
{
  CnsNode *self = CNS_NODE (object);
  /* A node with many devices (a LAN switch of campus-ring has 43) filled
   * its hint budget with devices, of which one packet uses two, and its
   * protocols, which every packet uses, were never hinted: hinting them
   * first ran 200 campuses in 21-32 s instead of 29-45 s. */
  gboolean protocols_first = self->n_devices > HINT_PROTOCOLS_FIRST;

  if (protocols_first)
    cns_object_foreach_aggregate (object, node_hint_member,
                                  GUINT_TO_POINTER (self->id));
  for (guint32 i = 0; i < self->n_devices; i++)
    node_hint_device (self, self->devices[i]);
  for (guint32 i = 0; i < self->n_applications; i++)
    cns_prefetch_hint_add_object (self->id, self->applications[i]);
  /* otherwise last: a protocol seldom used (ICMP, a socket factory) is in
   * the aggregate too, and past the budget the last hints are dropped */
  if (!protocols_first)
    cns_object_foreach_aggregate (object, node_hint_member,
                                  GUINT_TO_POINTER (self->id));
  for (guint32 i = 0; i < self->n_devices; i++)
    cns_object_initialize (CNS_OBJECT (self->devices[i]));
  for (guint32 i = 0; i < self->n_applications; i++)
    cns_object_initialize (CNS_OBJECT (self->applications[i]));
  CNS_OBJECT_CLASS (cns_node_parent_class)->initialize (object);
}

static guint
node_device_count (GObject *owner, gpointer user_data)
{
  return CNS_NODE (owner)->n_devices;
}

static GObject *
node_device_nth (GObject *owner, guint index, gpointer user_data)
{
  CnsNode *self = CNS_NODE (owner);

  return index < self->n_devices ? G_OBJECT (self->devices[index]) : NULL;
}

static guint
node_application_count (GObject *owner, gpointer user_data)
{
  return CNS_NODE (owner)->n_applications;
}

static GObject *
node_application_nth (GObject *owner, guint index, gpointer user_data)
{
  CnsNode *self = CNS_NODE (owner);

  return index < self->n_applications ? G_OBJECT (self->applications[index])
                                      : NULL;
}

/* Members that join a started node are hinted as they join; those
 * hinted before add no line twice. */
static void
cns_node_notify_new_aggregate (CnsObject *object)
{
  CnsNode *self = CNS_NODE (object);

  CNS_OBJECT_CLASS (cns_node_parent_class)->notify_new_aggregate (object);
  if (cns_object_is_initialized (object))
    cns_object_foreach_aggregate (object, node_hint_member,
                                  GUINT_TO_POINTER (self->id));
}

static void
cns_node_class_init (CnsNodeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = cns_node_constructed;
  object_class->dispose = cns_node_dispose;
  object_class->set_property = cns_node_set_property;
  object_class->get_property = cns_node_get_property;
  CNS_OBJECT_CLASS (klass)->initialize = cns_node_initialize;
  CNS_OBJECT_CLASS (klass)->notify_new_aggregate
      = cns_node_notify_new_aggregate;

  properties[PROP_ID] = g_param_spec_uint (
      "id", "Id",
      "The node's index in the node list, and the "
      "context its events run in",
      0, G_MAXUINT32, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SYSTEM_ID] = g_param_spec_uint (
      "system-id", "System id",
      "The MPI rank that simulates the node; 0 in sequential runs", 0,
      G_MAXUINT32, 0,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);

  cns_config_install_list (CNS_TYPE_NODE, "DeviceList",
                           "The node's net devices, by interface index",
                           node_device_count, node_device_nth, NULL);
  cns_config_install_list (CNS_TYPE_NODE, "ApplicationList",
                           "The node's applications", node_application_count,
                           node_application_nth, NULL);
}

static void
cns_node_init (CnsNode *self)
{
  self->handlers = &self->one_handler;
}

/**
 * cns_node_new:
 *
 * Makes a node for system (rank) 0 and adds it to the node list.
 *
 * Returns: (transfer full): the node; the node list holds its own
 * reference until cns_simulator_destroy().
 */
CnsNode *
cns_node_new (void)
{
  return cns_node_new_with_system_id (0);
}

/**
 * cns_node_new_with_system_id:
 * @system_id: the MPI rank that simulates the node
 *
 * Returns: (transfer full): the node.
 */
CnsNode *
cns_node_new_with_system_id (guint32 system_id)
{
  return cns_object_new (CNS_TYPE_NODE, "system-id", system_id, NULL);
}

/**
 * cns_node_get_id:
 *
 * Returns: the node's id.
 */
guint32
cns_node_get_id (CnsNode *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NODE), 0);
  return self->id;
}

/**
 * cns_node_get_system_id:
 *
 * Returns: the node's MPI rank.
 */
guint32
cns_node_get_system_id (CnsNode *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NODE), 0);
  return self->system_id;
}

/**
 * cns_node_is_local:
 *
 * Returns: whether this process simulates the node: its system id is this
 * MPI rank (always, in a sequential run). Scenarios install applications
 * only on local nodes.
 */
gboolean
cns_node_is_local (CnsNode *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NODE), FALSE);
  return self->system_id == cns_mpi_get_rank ();
}

static void node_receive (CnsNetDevice *device, CnsPacket *packet,
                          guint16 protocol, const CnsAddress *from,
                          gpointer user_data);
static void node_promisc_receive (CnsNetDevice *device, CnsPacket *packet,
                                  guint16 protocol, const CnsAddress *from,
                                  const CnsAddress *to, CnsPacketType type,
                                  gpointer user_data);

static gboolean
node_has_promiscuous_handler (CnsNode *self, guint32 ifindex)
{
  for (guint32 i = 0; i < self->n_handlers; i++)
    {
      ProtocolHandler *h = &self->handlers[i];

      if (h->promiscuous && (h->ifindex == ANY_DEVICE || h->ifindex == ifindex))
        return TRUE;
    }
  return FALSE;
}

/**
 * cns_node_add_device:
 * @device: a device not yet on any node; the node takes a reference
 *
 * Returns: the device's interface index.
 */
guint32
cns_node_add_device (CnsNode *self, CnsNetDevice *device)
{
  guint32 ifindex;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NODE), 0);
  g_return_val_if_fail (CNS_INSTANCE_IS_A (device, CNS_TYPE_NET_DEVICE), 0);
  g_return_val_if_fail (cns_net_device_get_node (device) == NULL, 0);

  ifindex = self->n_devices++;
  self->devices = g_renew (CnsNetDevice *, self->devices, self->n_devices);
  self->devices[ifindex] = g_object_ref (device);
  cns_net_device_attach_to_node (device, self, ifindex);
  if (cns_object_is_initialized (CNS_OBJECT (self)))
    node_hint_device (self, device);
  cns_net_device_set_receive_callback (device, node_receive, self);
  if (node_has_promiscuous_handler (self, ifindex))
    cns_net_device_set_promisc_receive_callback (device, node_promisc_receive,
                                                 self);
  return ifindex;
}

/**
 * cns_node_get_n_devices:
 *
 * Returns: the number of devices.
 */
guint32
cns_node_get_n_devices (CnsNode *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NODE), 0);
  return self->n_devices;
}

/**
 * cns_node_get_device:
 *
 * Returns: (transfer none) (nullable): the device with interface @index.
 */
CnsNetDevice *
cns_node_get_device (CnsNode *self, guint32 index)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NODE), NULL);
  return index < self->n_devices ? self->devices[index] : NULL;
}

/**
 * cns_node_add_application:
 * @application: an application; the node takes a reference
 *
 * Adds @application to the node's list, as ns-3's Node::AddApplication;
 * cns_application_install() calls it, and gives the application its node.
 *
 * Returns: the application's index.
 */
guint32
cns_node_add_application (CnsNode *self, CnsApplication *application)
{
  guint32 index;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NODE), 0);
  /* a CnsObject check: the node does not call into the application's
   * file, which calls into this one */
  g_return_val_if_fail (CNS_INSTANCE_IS_A (application, CNS_TYPE_OBJECT), 0);

  index = self->n_applications++;
  self->applications
      = g_renew (CnsApplication *, self->applications, self->n_applications);
  self->applications[index] = g_object_ref (application);
  if (cns_object_is_initialized (CNS_OBJECT (self)))
    cns_prefetch_hint_add_object (self->id, application);
  return index;
}

/**
 * cns_node_get_n_applications:
 *
 * Returns: the number of applications.
 */
guint32
cns_node_get_n_applications (CnsNode *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NODE), 0);
  return self->n_applications;
}

/**
 * cns_node_get_application:
 *
 * Returns: (transfer none) (nullable): application @index.
 */
CnsApplication *
cns_node_get_application (CnsNode *self, guint32 index)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NODE), NULL);
  return index < self->n_applications ? self->applications[index] : NULL;
}

static gboolean
node_handler_matches (const ProtocolHandler *h, guint32 ifindex,
                      guint16 protocol, gboolean promiscuous)
{
  return h->promiscuous == promiscuous
         && (h->ifindex == ANY_DEVICE || h->ifindex == ifindex)
         && (h->protocol == 0 || h->protocol == protocol);
}

/* Hands @packet to every handler that matches, the last with our
 * reference and the others each with one of their own, so that the usual
 * single handler gets a writable packet. Handlers registered while the
 * last one runs see the next packet. */
static void
node_dispatch (CnsNode *self, CnsNetDevice *device, CnsPacket *packet,
               guint16 protocol, const CnsAddress *from, const CnsAddress *to,
               CnsPacketType type, gboolean promiscuous)
{
  guint32 ifindex = cns_net_device_peek_private (device)->ifindex;

  for (guint32 i = 0; i < self->n_handlers; i++)
    {
      const ProtocolHandler *h = &self->handlers[i];
      CnsProtocolHandler handler;
      gpointer user_data;
      gboolean last = TRUE;

      if (!node_handler_matches (h, ifindex, protocol, promiscuous))
        continue;
      /* the handler may register or unregister handlers: read it first */
      handler = h->handler;
      user_data = h->user_data;
      for (guint32 j = i + 1; last && j < self->n_handlers; j++)
        last = !node_handler_matches (&self->handlers[j], ifindex, protocol,
                                      promiscuous);
      if (last)
        {
          handler (device, packet, protocol, from, to, type, user_data);
          return;
        }
      handler (device, cns_packet_ref (packet), protocol, from, to, type,
               user_data);
    }
  cns_packet_unref (packet);
}

/* The usual node has one handler for each protocol it receives: that one
 * is called here directly, since node_dispatch(), made for several, costs
 * more than the search. */
static void
node_receive (CnsNetDevice *device, CnsPacket *packet, guint16 protocol,
              const CnsAddress *from, gpointer user_data)
{
  CnsNode *self = user_data;
  CnsNetDevicePrivate *priv = cns_net_device_peek_private (device);
  const ProtocolHandler *match = NULL;

  for (guint32 i = 0; i < self->n_handlers; i++)
    {
      const ProtocolHandler *h = &self->handlers[i];

      if (!node_handler_matches (h, priv->ifindex, protocol, FALSE))
        continue;
      if (match != NULL)
        {
          node_dispatch (self, device, packet, protocol, from, &priv->address,
                         CNS_PACKET_HOST, FALSE);
          return;
        }
      match = h;
    }
  if (match != NULL)
    match->handler (device, packet, protocol, from, &priv->address,
                    CNS_PACKET_HOST, match->user_data);
  else
    cns_packet_unref (packet);
}

static void
node_promisc_receive (CnsNetDevice *device, CnsPacket *packet, guint16 protocol,
                      const CnsAddress *from, const CnsAddress *to,
                      CnsPacketType type, gpointer user_data)
{
  node_dispatch (user_data, device, packet, protocol, from, to, type, TRUE);
}

/**
 * cns_node_register_protocol_handler: (skip)
 * @handler: receives matching packets
 * @protocol: the EtherType to receive, or 0 for all
 * @device: (nullable): the device to receive from, or %NULL for all
 * @promiscuous: whether to receive every frame the devices see (this puts
 *   them in promiscuous mode) rather than those addressed to them
 */
void
cns_node_register_protocol_handler (CnsNode *self, CnsProtocolHandler handler,
                                    gpointer user_data, guint16 protocol,
                                    CnsNetDevice *device, gboolean promiscuous)
{
  ProtocolHandler h;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NODE));
  g_return_if_fail (handler != NULL);
  g_return_if_fail (device == NULL || cns_net_device_get_node (device) == self);

  h = (ProtocolHandler){ handler, user_data,
                         device != NULL ? cns_net_device_get_ifindex (device)
                                        : ANY_DEVICE,
                         protocol, promiscuous != FALSE };
  if (self->handlers != &self->one_handler)
    self->handlers
        = g_renew (ProtocolHandler, self->handlers, self->n_handlers + 1);
  else if (self->n_handlers == 1)
    {
      self->handlers = g_new (ProtocolHandler, 2);
      self->handlers[0] = self->one_handler;
    }
  self->handlers[self->n_handlers++] = h;
  if (!promiscuous)
    return;
  for (guint32 i = 0; i < self->n_devices; i++)
    if (device == NULL || device == self->devices[i])
      cns_net_device_set_promisc_receive_callback (self->devices[i],
                                                   node_promisc_receive, self);
}

/**
 * cns_node_unregister_protocol_handler: (skip)
 *
 * Removes every registration of @handler with @user_data.
 */
void
cns_node_unregister_protocol_handler (CnsNode *self, CnsProtocolHandler handler,
                                      gpointer user_data)
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_NODE));
  for (guint32 i = 0; i < self->n_handlers;)
    {
      ProtocolHandler *h = &self->handlers[i];

      if (h->handler == handler && h->user_data == user_data)
        {
          /* keep the order: handlers run in registration order */
          memmove (h, h + 1, (--self->n_handlers - i) * sizeof *h);
        }
      else
        i++;
    }
  for (guint32 i = 0; i < self->n_devices; i++)
    if (!node_has_promiscuous_handler (self, i))
      cns_net_device_set_promisc_receive_callback (self->devices[i], NULL,
                                                   NULL);
}

static guint
node_list_length (GObject *owner, gpointer user_data)
{
  return nodes != NULL ? nodes->len : 0;
}

static GObject *
node_list_nth (GObject *owner, guint index, gpointer user_data)
{
  return nodes != NULL && index < nodes->len ? nodes->pdata[index] : NULL;
}

void
cns_node_list_install (void)
{
  cns_config_register_root ("NodeList", node_list_length, node_list_nth, NULL);
}

/**
 * cns_node_list_get_n_nodes:
 *
 * Returns: nodes made in this simulation.
 */
guint32
cns_node_list_get_n_nodes (void)
{
  return nodes != NULL ? nodes->len : 0;
}

/**
 * cns_node_list_get_node:
 *
 * Returns: (transfer none) (nullable): the node with id @id.
 */
CnsNode *
cns_node_list_get_node (guint32 id)
{
  return (CnsNode *) node_list_nth (NULL, id, NULL);
}

static void
cns_node_set_property (GObject *object, guint prop_id, const GValue *value,
                       GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SYSTEM_ID:
      CNS_NODE (object)->system_id = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cns_node_get_property (GObject *object, guint prop_id, GValue *value,
                       GParamSpec *pspec)
{
  CnsNode *self = CNS_NODE (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_uint (value, self->id);
      break;
    case PROP_SYSTEM_ID:
      g_value_set_uint (value, self->system_id);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
