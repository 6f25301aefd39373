/* cns — ATM net devices: a cell port with per-class output queues.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One port of an ATM link, in a host (NIC) or a switch. Cells wait in five
 * FIFOs, one per service class (RM, CBR, VBR, ABR, UBR), each with an
 * optional limit in cells (0: unlimited); a cell that finds its queue full
 * is dropped, counted per class and reported by the "Drop" trace source.
 * The "Dequeue" trace source reports each cell as it starts on the wire,
 * with the time it waited (cell->enqueued is set by enqueue), and each
 * queue's length is integrated over time at every change, for its time
 * average (cns_atm_net_device_get_mean_queue_length()) and maximum.
 * The port sends one cell per slot, 1 / CellRate seconds. A host takes the
 * next cell by strict priority RM > CBR > VBR > ABR > UBR; a switch port
 * serves RM, then CBR, then VBR and ABR by weighted round robin
 * (VbrWeight cells of VBR, then AbrWeight cells of ABR, while both are
 * backlogged), then UBR.
 *
 * A cell queued while the port is idle starts at once. A cell whose
 * transmission starts at t arrives at the peer at t + slot + Delay, in the
 * peer node's context, the cell itself as the event's data; at t + slot
 * the port takes its next cell. The queues are intrusive lists through the
 * cells, so nothing is allocated per cell, and the per-cell path makes no
 * GObject call.
 *
 * Under MPI, a port whose peer is a node of another rank sends each cell
 * there as a remote message, serialized (cns_atm_cell_serialize()), to
 * arrive at the same t + slot + Delay. The message draws its ordering key
 * where the local arrival event would, right after the slot end's, and
 * the receiving rank schedules the arrival in the peer node's context
 * under that key, so simultaneous events keep their sequential order. The
 * choice is one branch per cell on the link id the channel got when it
 * was reported: the local path stays as it was.
 *
 * The device is a CnsNetDevice so that a node owns it and IPv4 can use a
 * host's port: it needs neighbour resolution (the VC of a next hop), and
 * send() hands packets to the host's AAL5 side (cns-atm-host.c), which
 * comes back with cells. A switch port refuses packets.
 */
#include "atm/cns-atm-net-device.h"

#include "atm/cns-atm-private.h"

#include "core/cns-log.h"
#include "core/cns-mpi.h"
#include "core/cns-simulator.h"
#include "core/cns-trace-source.h"
#include "network/cns-node.h"
#include "network/cns-queue.h"

#include <math.h>

#define DEFAULT_CELL_RATE  8000.0
#define DEFAULT_MODE       CNS_ATM_DEVICE_MODE_HOST
#define DEFAULT_VBR_WEIGHT 200
#define DEFAULT_ABR_WEIGHT 1
#define DEFAULT_LIMIT      0

enum
{
  PROP_0,
  PROP_CELL_RATE,
  PROP_MODE,
  PROP_VBR_WEIGHT,
  PROP_ABR_WEIGHT,
  PROP_RM_QUEUE_LIMIT, /* the five limits, in CnsAtmServiceClass order */
  PROP_CBR_QUEUE_LIMIT,
  PROP_VBR_QUEUE_LIMIT,
  PROP_ABR_QUEUE_LIMIT,
  PROP_UBR_QUEUE_LIMIT,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

/* The simulator's id for cells from other ranks. */
static guint32 remote_receiver = G_MAXUINT32;

typedef struct
{
  CnsAtmCell *head;
  CnsAtmCell *tail;
  guint length;
  guint limit; /* 0: unlimited */
  guint64 drops;
  guint max_length;    /* the most cells waiting since the stats' start */
  gdouble area;        /* integral of length over time, cells x ps */
  CnsTime last_change; /* when length last changed (or the stats' start) */
} CellFifo;

struct _CnsAtmNetDevice
{
  CnsNetDevice parent_instance;

  CnsAtmChannel *channel;
  CnsAtmNetDevice *peer; /* not referenced: the channel holds it */
  guint32 peer_context;  /* the peer node's id, CNS_CONTEXT_NONE until known */
  guint32 mpi_link;      /* the channel's, when the peer is on another rank */
  CnsAtmDeviceMode mode;
  gdouble cell_rate;
  CnsTime slot;
  guint vbr_weight;
  guint abr_weight;
  gboolean wrr_abr_turn; /* whose turn of the weighted round robin */
  guint wrr_served;      /* cells served in the current turn */
  gboolean busy;         /* a cell is on the wire; a slot end is due */
  guint64 tx_cells;
  CellFifo queues[CNS_ATM_N_SERVICE_CLASSES];

  CnsAtmCellReceiveFn receive_fn;
  gpointer receive_data;
  CnsAtmFrameSendFn frame_send_fn; /* the owner's AAL5 side, for send() */
  gpointer frame_send_data;

  CnsTime stats_start; /* when the queue-length statistics began */

  CnsTraceSource drop_trace;
  CnsTraceSource dequeue_trace;
  CnsTraceSource sniffer_trace;
};

G_DEFINE_FINAL_TYPE (CnsAtmNetDevice, cns_atm_net_device, CNS_TYPE_NET_DEVICE)

static void atm_device_set_property (GObject *object, guint prop_id,
                                     const GValue *value, GParamSpec *pspec);
static void atm_device_get_property (GObject *object, guint prop_id,
                                     GValue *value, GParamSpec *pspec);

GType
cns_atm_service_class_get_type (void)
{
  static gsize type_id = 0;
  static const GEnumValue values[] = {
    { CNS_ATM_SERVICE_RM, "CNS_ATM_SERVICE_RM", "rm" },
    { CNS_ATM_SERVICE_CBR, "CNS_ATM_SERVICE_CBR", "cbr" },
    { CNS_ATM_SERVICE_VBR, "CNS_ATM_SERVICE_VBR", "vbr" },
    { CNS_ATM_SERVICE_ABR, "CNS_ATM_SERVICE_ABR", "abr" },
    { CNS_ATM_SERVICE_UBR, "CNS_ATM_SERVICE_UBR", "ubr" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type_id))
    {
      GType id = g_enum_register_static (
          g_intern_static_string ("CnsAtmServiceClass"), values);
      g_once_init_leave (&type_id, id);
    }
  return type_id;
}

GType
cns_atm_device_mode_get_type (void)
{
  static gsize type_id = 0;
  static const GEnumValue values[] = {
    { CNS_ATM_DEVICE_MODE_HOST, "CNS_ATM_DEVICE_MODE_HOST", "host" },
    { CNS_ATM_DEVICE_MODE_SWITCH, "CNS_ATM_DEVICE_MODE_SWITCH", "switch" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type_id))
    {
      GType id = g_enum_register_static (
          g_intern_static_string ("CnsAtmDeviceMode"), values);
      g_once_init_leave (&type_id, id);
    }
  return type_id;
}

static void
fifo_clear (CellFifo *fifo)
{
  while (fifo->head != NULL)
    {
      CnsAtmCell *next = fifo->head->next;

      cns_atm_cell_free (fifo->head);
      fifo->head = next;
    }
  fifo->tail = NULL;
  fifo->length = 0;
}

static void
atm_device_dispose (GObject *object)
{
  CnsAtmNetDevice *self = CNS_ATM_NET_DEVICE (object);

  for (guint i = 0; i < CNS_ATM_N_SERVICE_CLASSES; i++)
    fifo_clear (&self->queues[i]);
  self->peer = NULL;
  g_clear_object (&self->channel);
  self->receive_fn = NULL;
  G_OBJECT_CLASS (cns_atm_net_device_parent_class)->dispose (object);
}

static void
atm_device_finalize (GObject *object)
{
  CnsAtmNetDevice *self = CNS_ATM_NET_DEVICE (object);

  cns_trace_source_clear (&self->drop_trace);
  cns_trace_source_clear (&self->dequeue_trace);
  cns_trace_source_clear (&self->sniffer_trace);
  G_OBJECT_CLASS (cns_atm_net_device_parent_class)->finalize (object);
}

/* Packets go to the owner's AAL5 side, which segments them on the VC
 * @dest names; a device without one (a switch port) refuses them. */
static gboolean
atm_device_send (CnsNetDevice *device, CnsPacket *packet,
                 const CnsAddress *dest, guint16 protocol)
{
  CnsAtmNetDevice *self = CNS_ATM_NET_DEVICE (device);

  if (self->frame_send_fn == NULL)
    {
      cns_packet_unref (packet);
      return FALSE;
    }
  return self->frame_send_fn (self, packet, dest, protocol,
                              self->frame_send_data);
}

/* A host port carries IP over AAL5 (RFC 2225): next hops are resolved to
 * VCs, and the default MTU is 9180. */
static void
atm_device_constructed (GObject *object)
{
  CnsAtmNetDevice *self = CNS_ATM_NET_DEVICE (object);

  G_OBJECT_CLASS (cns_atm_net_device_parent_class)->constructed (object);
  if (self->mode == CNS_ATM_DEVICE_MODE_HOST)
    {
      cns_net_device_set_flags (CNS_NET_DEVICE (self),
                                CNS_NET_DEVICE_NEEDS_ARP);
      cns_net_device_set_mtu (CNS_NET_DEVICE (self), CNS_ATM_IP_MTU);
    }
}

static CnsChannel *
atm_device_get_channel (CnsNetDevice *device)
{
  return CNS_CHANNEL (CNS_ATM_NET_DEVICE (device)->channel);
}

/* ATM links have no broadcast: an all-zero address. */
static void
atm_device_get_broadcast (CnsNetDevice *device, CnsAddress *out)
{
  *out = (CnsAddress){ 0 };
}

static GParamSpec *
param_spec_limit (const gchar *name, const gchar *nick, const gchar *blurb)
{
  return g_param_spec_uint (name, nick, blurb, 0, G_MAXUINT, DEFAULT_LIMIT,
                            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
}

static void
cns_atm_net_device_class_init (CnsAtmNetDeviceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsNetDeviceClass *device_class = CNS_NET_DEVICE_CLASS (klass);

  object_class->constructed = atm_device_constructed;
  object_class->dispose = atm_device_dispose;
  object_class->finalize = atm_device_finalize;
  object_class->set_property = atm_device_set_property;
  object_class->get_property = atm_device_get_property;
  device_class->send = atm_device_send;
  device_class->get_channel = atm_device_get_channel;
  device_class->get_broadcast = atm_device_get_broadcast;

  properties[PROP_CELL_RATE] = g_param_spec_double (
      "cell-rate", "Cell rate",
      "The line rate in cells/s: the port sends one cell per slot of "
      "1 / CellRate seconds",
      1e-3, 1e12, DEFAULT_CELL_RATE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODE] = g_param_spec_enum (
      "mode", "Mode",
      "How the port picks the next cell: host, strict priority RM > CBR > "
      "VBR > ABR > UBR; switch, RM, CBR, then VBR and ABR by weighted round "
      "robin, then UBR",
      CNS_TYPE_ATM_DEVICE_MODE, DEFAULT_MODE,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VBR_WEIGHT] = g_param_spec_uint (
      "vbr-weight", "VBR weight",
      "Switch mode: VBR cells sent in a row, while ABR also waits, before "
      "ABR's turn",
      1, G_MAXUINT, DEFAULT_VBR_WEIGHT,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ABR_WEIGHT] = g_param_spec_uint (
      "abr-weight", "ABR weight",
      "Switch mode: ABR cells sent in a row, while VBR also waits, before "
      "VBR's turn",
      1, G_MAXUINT, DEFAULT_ABR_WEIGHT,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RM_QUEUE_LIMIT] = param_spec_limit (
      "rm-queue-limit", "RM queue limit",
      "Most RM cells waiting; more are dropped (0: unlimited)");
  properties[PROP_CBR_QUEUE_LIMIT] = param_spec_limit (
      "cbr-queue-limit", "CBR queue limit",
      "Most CBR cells waiting; more are dropped (0: unlimited)");
  properties[PROP_VBR_QUEUE_LIMIT] = param_spec_limit (
      "vbr-queue-limit", "VBR queue limit",
      "Most VBR cells waiting; more are dropped (0: unlimited)");
  properties[PROP_ABR_QUEUE_LIMIT] = param_spec_limit (
      "abr-queue-limit", "ABR queue limit",
      "Most ABR cells waiting; more are dropped (0: unlimited)");
  properties[PROP_UBR_QUEUE_LIMIT] = param_spec_limit (
      "ubr-queue-limit", "UBR queue limit",
      "Most UBR cells waiting; more are dropped (0: unlimited)");
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);

  cns_trace_source_install (G_TYPE_FROM_CLASS (klass), "Drop",
                            "A cell was dropped: its output queue was full",
                            "CnsAtmCellTraceFn",
                            G_STRUCT_OFFSET (CnsAtmNetDevice, drop_trace));
  cns_trace_source_install (
      G_TYPE_FROM_CLASS (klass), "Dequeue",
      "A cell left its queue for the wire, with the time it waited (0 for a "
      "cell that found the port idle)",
      "CnsAtmCellDequeueTraceFn",
      G_STRUCT_OFFSET (CnsAtmNetDevice, dequeue_trace));
  cns_trace_source_install (
      G_TYPE_FROM_CLASS (klass), "PromiscSniffer",
      "An AAL5 frame of an IP VC a host sent or received whole, behind a "
      "4-byte SunATM header (direction and type, VPI, VCI): what "
      "cns_pcap_helper_enable() writes with link type SUNATM",
      "CnsPacketTraceFn", G_STRUCT_OFFSET (CnsAtmNetDevice, sniffer_trace));
}

/* Whether something listens to the sniffer: the host builds the frames
 * only then. */
gboolean
cns_atm_net_device_is_sniffed (CnsAtmNetDevice *self)
{
  return cns_trace_source_is_connected (&self->sniffer_trace);
}

/* Hands @frame (a SunATM header and an AAL5 SDU) to the sniffer. */
void
cns_atm_net_device_sniff (CnsAtmNetDevice *self, CnsPacket *frame)
{
  CNS_TRACE_SOURCE_FIRE (&self->sniffer_trace, CnsPacketTraceFn, self, frame);
}

static CnsTime
slot_of (gdouble cell_rate)
{
  return (CnsTime) llround ((gdouble) CNS_TIME_PS_PER_S / cell_rate);
}

static void
cns_atm_net_device_init (CnsAtmNetDevice *self)
{
  self->mode = DEFAULT_MODE;
  self->cell_rate = DEFAULT_CELL_RATE;
  self->slot = slot_of (DEFAULT_CELL_RATE);
  self->vbr_weight = DEFAULT_VBR_WEIGHT;
  self->abr_weight = DEFAULT_ABR_WEIGHT;
  self->peer_context = CNS_CONTEXT_NONE;
  self->mpi_link = CNS_ATM_NO_MPI_LINK;
  cns_net_device_set_flags (CNS_NET_DEVICE (self),
                            CNS_NET_DEVICE_POINT_TO_POINT);
}

/* Sets where send() hands packets: the host that owns the port. */
void
cns_atm_net_device_set_frame_sender (CnsAtmNetDevice *self,
                                     CnsAtmFrameSendFn fn, gpointer user_data)
{
  self->frame_send_fn = fn;
  self->frame_send_data = user_data;
}

/**
 * cns_atm_net_device_new:
 * @mode: host or switch port (construct-only)
 *
 * Returns: (transfer full): a device with the configured defaults, not yet
 * on a node or a channel.
 */
CnsAtmNetDevice *
cns_atm_net_device_new (CnsAtmDeviceMode mode)
{
  return cns_object_new (CNS_TYPE_ATM_NET_DEVICE, "mode", mode, NULL);
}

/**
 * cns_atm_net_device_get_cell_rate:
 *
 * Returns: the line rate, cells/s.
 */
gdouble
cns_atm_net_device_get_cell_rate (CnsAtmNetDevice *self)
{
  g_return_val_if_fail (CNS_IS_ATM_NET_DEVICE (self), 0);
  return self->cell_rate;
}

/**
 * cns_atm_net_device_set_cell_rate:
 *
 * Sets the line rate, cells/s (> 0).
 */
void
cns_atm_net_device_set_cell_rate (CnsAtmNetDevice *self, gdouble cell_rate)
{
  g_return_if_fail (CNS_IS_ATM_NET_DEVICE (self));
  g_return_if_fail (cell_rate >= 1e-3 && cell_rate <= 1e12);
  self->cell_rate = cell_rate;
  self->slot = slot_of (cell_rate);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CELL_RATE]);
}

/**
 * cns_atm_net_device_get_slot:
 *
 * Returns: one cell time, 1 / CellRate.
 */
CnsTime
cns_atm_net_device_get_slot (CnsAtmNetDevice *self)
{
  g_return_val_if_fail (CNS_IS_ATM_NET_DEVICE (self), 0);
  return self->slot;
}

/**
 * cns_atm_net_device_get_mode:
 *
 * Returns: host or switch port.
 */
CnsAtmDeviceMode
cns_atm_net_device_get_mode (CnsAtmNetDevice *self)
{
  g_return_val_if_fail (CNS_IS_ATM_NET_DEVICE (self), DEFAULT_MODE);
  return self->mode;
}

/**
 * cns_atm_net_device_set_queue_limit:
 * @limit: the most cells of @service_class waiting, 0 for no limit
 *
 * Cells already waiting stay; only new ones are refused.
 */
void
cns_atm_net_device_set_queue_limit (CnsAtmNetDevice *self,
                                    CnsAtmServiceClass service_class,
                                    guint limit)
{
  g_return_if_fail (CNS_IS_ATM_NET_DEVICE (self));
  g_return_if_fail (service_class <= CNS_ATM_SERVICE_UBR);
  self->queues[service_class].limit = limit;
  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[PROP_RM_QUEUE_LIMIT + service_class]);
}

/**
 * cns_atm_net_device_get_queue_limit:
 *
 * Returns: the limit, 0: none.
 */
guint
cns_atm_net_device_get_queue_limit (CnsAtmNetDevice *self,
                                    CnsAtmServiceClass service_class)
{
  g_return_val_if_fail (CNS_IS_ATM_NET_DEVICE (self), 0);
  g_return_val_if_fail (service_class <= CNS_ATM_SERVICE_UBR, 0);
  return self->queues[service_class].limit;
}

static void atm_device_remote_receive (CnsTime time, guint64 key,
                                       guint32 node_id, guint32 interface,
                                       const guint8 *bytes, gsize size,
                                       gpointer user_data);

/* Both ends are attached: a link between ranks is reported to the
 * simulator, and its devices send their cells there. */
static void
atm_device_note_link (CnsAtmNetDevice *self, CnsAtmNetDevice *peer)
{
  guint32 link = cns_atm_channel_note_link (self->channel);

  if (link == CNS_ATM_NO_MPI_LINK)
    return;
  self->mpi_link = peer->mpi_link = link;
  /* every rank builds the same links in the same order, so registers the
   * receiver at the same point */
  if (remote_receiver == G_MAXUINT32)
    remote_receiver = cns_mpi_add_receiver (atm_device_remote_receive, NULL);
}

/**
 * cns_atm_net_device_attach:
 *
 * Connects the device to one end of @channel. The link comes up on both
 * devices when the second end is connected.
 *
 * Returns: %FALSE when the device already has a channel or @channel has
 * both ends taken.
 */
gboolean
cns_atm_net_device_attach (CnsAtmNetDevice *self, CnsAtmChannel *channel)
{
  CnsAtmNetDevice *peer;

  g_return_val_if_fail (CNS_IS_ATM_NET_DEVICE (self), FALSE);
  g_return_val_if_fail (CNS_IS_ATM_CHANNEL (channel), FALSE);
  if (self->channel != NULL || !cns_atm_channel_attach (channel, self))
    return FALSE;
  self->channel = g_object_ref (channel);
  peer = cns_atm_channel_get_peer (channel, self);
  if (peer != NULL)
    {
      self->peer = peer;
      peer->peer = self;
      atm_device_note_link (self, peer);
      cns_net_device_set_link_up (CNS_NET_DEVICE (self), TRUE);
      cns_net_device_set_link_up (CNS_NET_DEVICE (peer), TRUE);
    }
  return TRUE;
}

/**
 * cns_atm_net_device_get_atm_channel:
 *
 * Returns: (transfer none) (nullable):
 * the channel.
 */
CnsAtmChannel *
cns_atm_net_device_get_atm_channel (CnsAtmNetDevice *self)
{
  g_return_val_if_fail (CNS_IS_ATM_NET_DEVICE (self), NULL);
  return self->channel;
}

/**
 * cns_atm_net_device_get_peer:
 *
 * Returns: (transfer none) (nullable): the
 * device at the other end of the link.
 */
CnsAtmNetDevice *
cns_atm_net_device_get_peer (CnsAtmNetDevice *self)
{
  g_return_val_if_fail (CNS_IS_ATM_NET_DEVICE (self), NULL);
  return self->peer;
}

/* A cell has arrived whole: hand it to the owner, the event's data with
 * it. */
static void
atm_device_arrive (gpointer obj, gpointer data)
{
  CnsAtmNetDevice *self = obj;

  cns_simulator_take_event_data ();
  if (G_LIKELY (self->receive_fn != NULL))
    self->receive_fn (self, data, self->receive_data);
  else
    cns_atm_cell_free (data);
}

static void atm_device_slot_end (gpointer obj, gpointer data);

/* Sends @cell (transfer full) to the peer's rank, to arrive at @arrival. */
G_GNUC_NO_INLINE static void
atm_device_send_remote (CnsAtmNetDevice *self, CnsAtmCell *cell,
                        CnsTime arrival)
{
  guint8 bytes[CNS_ATM_CELL_SERIALIZED_SIZE];

  cns_atm_cell_serialize (cell, bytes);
  cns_atm_cell_free (cell);
  cns_mpi_send (self->mpi_link, remote_receiver, arrival, self->peer_context,
                cns_net_device_get_ifindex (CNS_NET_DEVICE (self->peer)), bytes,
                sizeof bytes);
}

/* A cell from another rank: schedules its arrival at the device of
 * @node_id with index @interface, as the sending rank would have. */
static void
atm_device_remote_receive (CnsTime time, guint64 key, guint32 node_id,
                           guint32 interface, const guint8 *bytes, gsize size,
                           gpointer user_data)
{
  g_autoptr (GError) error = NULL;
  CnsNode *node = cns_node_list_get_node (node_id);
  CnsNetDevice *device
      = node != NULL ? cns_node_get_device (node, interface) : NULL;
  CnsAtmCell *cell;

  if (device == NULL || !CNS_IS_ATM_NET_DEVICE (device))
    cns_fatal ("an ATM cell from another rank for device %u of node %u, "
               "which has no such ATM device: do all ranks build the same "
               "topology?",
               interface, node_id);
  cell = cns_atm_cell_new ();
  if (!cns_atm_cell_deserialize (cell, bytes, size, &error))
    cns_fatal ("an ATM cell from another rank for device %u of node %u: %s",
               interface, node_id, error->message);
  cns_simulator_schedule_remote (time, node_id, key, atm_device_arrive, device,
                                 cell, cns_atm_cell_free_notify);
}

/* Puts @cell (transfer full) on the wire for one slot. */
static void
atm_device_transmit (CnsAtmNetDevice *self, CnsAtmCell *cell)
{
  self->busy = TRUE;
  self->tx_cells++;
  cell->next = NULL;
  cns_simulator_schedule (self->slot, atm_device_slot_end, self, NULL);
  if (G_UNLIKELY (self->peer_context == CNS_CONTEXT_NONE))
    {
      CnsNode *node = cns_net_device_get_node ((CnsNetDevice *) self->peer);

      if (node != NULL)
        self->peer_context = cns_node_get_id (node);
    }
  if (G_UNLIKELY (self->mpi_link != CNS_ATM_NO_MPI_LINK))
    {
      atm_device_send_remote (self, cell,
                              cns_simulator_now () + self->slot
                                  + cns_atm_channel_peek_delay (self->channel));
      return;
    }
  cns_simulator_schedule_with_context_full (
      self->peer_context,
      self->slot + cns_atm_channel_peek_delay (self->channel),
      atm_device_arrive, self->peer, cell, cns_atm_cell_free_notify);
}

/* Adds the time since the last change at the current length to the
 * queue's area. */
static inline void
fifo_account (CellFifo *fifo, CnsTime now)
{
  fifo->area += (gdouble) fifo->length * (gdouble) (now - fifo->last_change);
  fifo->last_change = now;
}

static CnsAtmCell *
fifo_pop (CellFifo *fifo)
{
  CnsAtmCell *cell = fifo->head;

  fifo_account (fifo, cns_simulator_now ());

  fifo->head = cell->next;
  if (fifo->head == NULL)
    fifo->tail = NULL;
  fifo->length--;
  return cell;
}

/* The next cell to send by the port's discipline, or NULL. */
static CnsAtmCell *
atm_device_pick (CnsAtmNetDevice *self, CnsAtmServiceClass *cls)
{
  CellFifo *q = self->queues;

  if (q[CNS_ATM_SERVICE_RM].head != NULL)
    return fifo_pop (&q[*cls = CNS_ATM_SERVICE_RM]);
  if (q[CNS_ATM_SERVICE_CBR].head != NULL)
    return fifo_pop (&q[*cls = CNS_ATM_SERVICE_CBR]);
  if (self->mode == CNS_ATM_DEVICE_MODE_SWITCH
      && q[CNS_ATM_SERVICE_VBR].head != NULL
      && q[CNS_ATM_SERVICE_ABR].head != NULL)
    {
      /* both backlogged: VbrWeight VBR cells, then AbrWeight ABR cells */
      guint weight = self->wrr_abr_turn ? self->abr_weight : self->vbr_weight;
      CellFifo *fifo;

      *cls = self->wrr_abr_turn ? CNS_ATM_SERVICE_ABR : CNS_ATM_SERVICE_VBR;
      fifo = &q[*cls];

      if (++self->wrr_served >= weight)
        {
          self->wrr_abr_turn = !self->wrr_abr_turn;
          self->wrr_served = 0;
        }
      return fifo_pop (fifo);
    }
  if (q[CNS_ATM_SERVICE_VBR].head != NULL)
    return fifo_pop (&q[*cls = CNS_ATM_SERVICE_VBR]);
  if (q[CNS_ATM_SERVICE_ABR].head != NULL)
    return fifo_pop (&q[*cls = CNS_ATM_SERVICE_ABR]);
  if (q[CNS_ATM_SERVICE_UBR].head != NULL)
    return fifo_pop (&q[*cls = CNS_ATM_SERVICE_UBR]);
  return NULL;
}

/* One slot is over: the port takes its next cell, if any. */
static void
atm_device_slot_end (gpointer obj, gpointer data)
{
  CnsAtmNetDevice *self = obj;
  CnsAtmServiceClass cls = CNS_ATM_SERVICE_UBR;
  CnsAtmCell *cell;

  self->busy = FALSE;
  cell = atm_device_pick (self, &cls);
  if (cell != NULL)
    {
      CNS_TRACE_SOURCE_FIRE (&self->dequeue_trace, CnsAtmCellDequeueTraceFn,
                             self, cell, cls,
                             cns_simulator_now () - cell->enqueued);
      atm_device_transmit (self, cell);
    }
}

G_GNUC_NO_INLINE static void
atm_device_drop (CnsAtmNetDevice *self, CnsAtmCell *cell,
                 CnsAtmServiceClass service_class)
{
  self->queues[service_class].drops++;
  CNS_TRACE_SOURCE_FIRE (&self->drop_trace, CnsAtmCellTraceFn, self, cell,
                         service_class);
  cns_atm_cell_free (cell);
}

/**
 * cns_atm_net_device_enqueue:
 * @cell: (transfer full): the cell to send
 * @service_class: the queue it waits in
 *
 * Queues @cell for sending; it starts at once when the port is idle. The
 * device must be attached to a channel with both ends.
 *
 * Returns: %FALSE when the queue was full: the cell is dropped (counted,
 * reported by "Drop") and freed.
 */
gboolean
cns_atm_net_device_enqueue (CnsAtmNetDevice *self, CnsAtmCell *cell,
                            CnsAtmServiceClass service_class)
{
  CellFifo *fifo;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_ATM_NET_DEVICE),
                        FALSE);
  g_return_val_if_fail (cell != NULL, FALSE);
  g_return_val_if_fail (service_class <= CNS_ATM_SERVICE_UBR, FALSE);
  if (G_UNLIKELY (self->peer == NULL))
    {
      g_critical ("%s: the device is not on a link with two ends", G_STRFUNC);
      cns_atm_cell_free (cell);
      return FALSE;
    }
  cell->enqueued = cns_simulator_now ();
  /* an idle port has empty queues */
  if (!self->busy)
    {
      CNS_TRACE_SOURCE_FIRE (&self->dequeue_trace, CnsAtmCellDequeueTraceFn,
                             self, cell, service_class, (CnsTime) 0);
      atm_device_transmit (self, cell);
      return TRUE;
    }
  fifo = &self->queues[service_class];
  if (fifo->limit != 0 && fifo->length >= fifo->limit)
    {
      atm_device_drop (self, cell, service_class);
      return FALSE;
    }
  cell->next = NULL;
  if (fifo->tail != NULL)
    fifo->tail->next = cell;
  else
    fifo->head = cell;
  fifo->tail = cell;
  fifo_account (fifo, cell->enqueued);
  fifo->length++;
  if (fifo->length > fifo->max_length)
    fifo->max_length = fifo->length;
  return TRUE;
}

/**
 * cns_atm_net_device_get_queue_length:
 *
 * Returns: the cells waiting in the
 * queue of @service_class (not the one on the wire).
 */
guint
cns_atm_net_device_get_queue_length (CnsAtmNetDevice *self,
                                     CnsAtmServiceClass service_class)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_ATM_NET_DEVICE), 0);
  g_return_val_if_fail (service_class <= CNS_ATM_SERVICE_UBR, 0);
  return self->queues[service_class].length;
}

/**
 * cns_atm_net_device_get_mean_queue_length:
 *
 * The time average of the number of cells waiting in the queue of
 * @service_class, from the statistics' start (the device's creation or
 * cns_atm_net_device_reset_queue_stats()) to now.
 *
 * Returns: cells; 0 when no time has passed.
 */
gdouble
cns_atm_net_device_get_mean_queue_length (CnsAtmNetDevice *self,
                                          CnsAtmServiceClass service_class)
{
  CellFifo *fifo;
  CnsTime now;

  g_return_val_if_fail (CNS_IS_ATM_NET_DEVICE (self), 0);
  g_return_val_if_fail (service_class <= CNS_ATM_SERVICE_UBR, 0);
  fifo = &self->queues[service_class];
  now = cns_simulator_now ();
  if (now <= self->stats_start)
    return 0;
  return (fifo->area
          + (gdouble) fifo->length * (gdouble) (now - fifo->last_change))
         / (gdouble) (now - self->stats_start);
}

/**
 * cns_atm_net_device_get_max_queue_length:
 *
 * Returns: the most cells that
 * waited in the queue of @service_class at once since the statistics'
 * start.
 */
guint
cns_atm_net_device_get_max_queue_length (CnsAtmNetDevice *self,
                                         CnsAtmServiceClass service_class)
{
  g_return_val_if_fail (CNS_IS_ATM_NET_DEVICE (self), 0);
  g_return_val_if_fail (service_class <= CNS_ATM_SERVICE_UBR, 0);
  return self->queues[service_class].max_length;
}

/**
 * cns_atm_net_device_reset_queue_stats:
 *
 * Starts the queue-length statistics (mean and maximum) of every class
 * again, now, from the queues' current lengths.
 */
void
cns_atm_net_device_reset_queue_stats (CnsAtmNetDevice *self)
{
  CnsTime now;

  g_return_if_fail (CNS_IS_ATM_NET_DEVICE (self));
  now = cns_simulator_now ();
  self->stats_start = now;
  for (guint i = 0; i < CNS_ATM_N_SERVICE_CLASSES; i++)
    {
      self->queues[i].area = 0;
      self->queues[i].last_change = now;
      self->queues[i].max_length = self->queues[i].length;
    }
}

/**
 * cns_atm_net_device_get_drops:
 *
 * Returns: the cells of @service_class
 * dropped because their queue was full.
 */
guint64
cns_atm_net_device_get_drops (CnsAtmNetDevice *self,
                              CnsAtmServiceClass service_class)
{
  g_return_val_if_fail (CNS_IS_ATM_NET_DEVICE (self), 0);
  g_return_val_if_fail (service_class <= CNS_ATM_SERVICE_UBR, 0);
  return self->queues[service_class].drops;
}

/**
 * cns_atm_net_device_get_tx_cells:
 *
 * Returns: the cells sent so far.
 */
guint64
cns_atm_net_device_get_tx_cells (CnsAtmNetDevice *self)
{
  g_return_val_if_fail (CNS_IS_ATM_NET_DEVICE (self), 0);
  return self->tx_cells;
}

/**
 * cns_atm_net_device_set_cell_receive_callback: (skip)
 * @fn: (nullable): takes each received cell; without one, received cells
 *   are freed
 * @user_data: passed to @fn
 */
void
cns_atm_net_device_set_cell_receive_callback (CnsAtmNetDevice *self,
                                              CnsAtmCellReceiveFn fn,
                                              gpointer user_data)
{
  g_return_if_fail (CNS_IS_ATM_NET_DEVICE (self));
  self->receive_fn = fn;
  self->receive_data = user_data;
}

static void
atm_device_set_property (GObject *object, guint prop_id, const GValue *value,
                         GParamSpec *pspec)
{
  CnsAtmNetDevice *self = CNS_ATM_NET_DEVICE (object);

  switch (prop_id)
    {
    case PROP_CELL_RATE:
      cns_atm_net_device_set_cell_rate (self, g_value_get_double (value));
      break;
    case PROP_MODE:
      self->mode = g_value_get_enum (value);
      break;
    case PROP_VBR_WEIGHT:
      self->vbr_weight = g_value_get_uint (value);
      break;
    case PROP_ABR_WEIGHT:
      self->abr_weight = g_value_get_uint (value);
      break;
    case PROP_RM_QUEUE_LIMIT:
    case PROP_CBR_QUEUE_LIMIT:
    case PROP_VBR_QUEUE_LIMIT:
    case PROP_ABR_QUEUE_LIMIT:
    case PROP_UBR_QUEUE_LIMIT:
      self->queues[prop_id - PROP_RM_QUEUE_LIMIT].limit
          = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
atm_device_get_property (GObject *object, guint prop_id, GValue *value,
                         GParamSpec *pspec)
{
  CnsAtmNetDevice *self = CNS_ATM_NET_DEVICE (object);

  switch (prop_id)
    {
    case PROP_CELL_RATE:
      g_value_set_double (value, self->cell_rate);
      break;
    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;
    case PROP_VBR_WEIGHT:
      g_value_set_uint (value, self->vbr_weight);
      break;
    case PROP_ABR_WEIGHT:
      g_value_set_uint (value, self->abr_weight);
      break;
    case PROP_RM_QUEUE_LIMIT:
    case PROP_CBR_QUEUE_LIMIT:
    case PROP_VBR_QUEUE_LIMIT:
    case PROP_ABR_QUEUE_LIMIT:
    case PROP_UBR_QUEUE_LIMIT:
      g_value_set_uint (value,
                        self->queues[prop_id - PROP_RM_QUEUE_LIMIT].limit);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
