/* cns — ATM end systems: ABR sources and destinations, VBR sources.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Aggregated to a host node, a CnsAtmHost owns the node's ATM port (a
 * device in host mode) and takes every cell it receives.
 *
 * Sending. A greedy ABR source (always has data) is paced by a per-VC
 * shaper, GCRA(1/ACR, 0): its next cell leaves at max (now, last + 1/ACR).
 * At each opportunity CnsAbrSource decides FRM or data; FRMs are in-rate,
 * go through the shaper and then into the device's RM queue, data cells
 * into its ABR queue. A source only puts a cell in while fewer than
 * CNS_ATM_HOST_ABR_BACKLOG cells wait in the device's ABR and RM queues;
 * otherwise it tries again one slot later, so that the shaper, not the NIC
 * queue, sets the rate. A BRM that changes ACR moves the next opportunity
 * to max (now, last + 1/ACR). VBR sources (MPEG, square wave) are not
 * shaped: each cell goes into the VBR queue at its generator's time.
 *
 * Receiving. Every VC that delivers cells gets counters and the ABR
 * destination rules: data cells update the EFCI state, forward RM cells
 * are turned around and sent back on the same VC through the RM queue,
 * and backward RM cells on a source's VC go to its CnsAbrSource.
 *
 * Each cell a host sends carries a flow id, (node id << 16) | VCI, that
 * switches keep: a trace at any port can tell sources apart.
 *
 * IP over AAL5 (RFC 2225 with PVCs). An IP VC joins the host to one IPv4
 * neighbour, and the host is the neighbour resolver of its port's IPv4
 * interface: the VC of a next hop is its address. A datagram the port is
 * given gets an LLC/SNAP header (or none, with null encapsulation), waits
 * ProcessingDelay (the host's per-packet protocol processing, 1 ms in the
 * TCP-over-ATM study), and is cut into AAL5 cells with their payload
 * bytes. On an ABR VC the cells wait in the VC's queue for the shaper,
 * which sends FRMs and data at ACR as for a greedy source but falls idle
 * when the queue is empty (TM 4.0's rules for an idle source, in
 * cns-abr-source.c); on a UBR VC they go straight to the port's UBR
 * queue. Received cells of an IP VC are reassembled; a whole frame with
 * a good CRC and length is handed up, anything else (a cell lost in a
 * switch) is discarded, counted and reported by "FrameDiscard".
 */
#include "atm/cns-atm-host.h"

#include "atm/cns-atm-private.h"
#include "atm/cns-atm-vc-address.h"
#include "atm/cns-llc-snap-header.h"
#include "core/cns-simulator.h"
#include "core/cns-trace-source.h"
#include "internet/cns-ipv4-l3-protocol.h"
#include "network/cns-ether-type.h"

#include <math.h>

#define DEFAULT_ENCAPSULATION    CNS_ATM_ENCAPSULATION_LLC_SNAP
#define DEFAULT_PROCESSING_DELAY 0

/* The SunATM pseudo-header the sniffer puts before each frame: direction
 * (0x80 sent) and traffic type (2: LLC), VPI, VCI. */
#define SUNATM_HEADER_SIZE 4
#define SUNATM_SENT        0x80
#define SUNATM_TYPE_LLC    0x02
#define SUNATM_TYPE_RAW    0x00

enum
{
  PROP_0,
  PROP_ENCAPSULATION,
  PROP_PROCESSING_DELAY,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

typedef enum
{
  VC_RECEIVE, /* no source: a destination only */
  VC_ABR,
  VC_MPEG,
  VC_SQUARE,
  VC_IP, /* IP over AAL5, ABR or UBR */
} VcKind;

typedef struct
{
  CnsAtmHost *host; /* not referenced: the host owns the VC */
  guint16 vci;
  VcKind kind;
  guint32 flow;
  CnsAtmHostVcStats stats;
  CnsAbrDestination dst;

  /* ABR source */
  CnsAbrSource abr;
  CnsTime last_tx;
  gboolean sent_any;
  CnsEventId next;
  CnsTime acr_start;   /* when the source started */
  CnsTime acr_since;   /* when the ACR area was last brought up to date */
  gdouble acr_area;    /* integral of ACR over time, cells/s x ps */
  gdouble acr_current; /* the ACR the area was last brought up with */

  /* IP over AAL5 */
  CnsAtmServiceClass ip_class; /* ABR or UBR */
  CnsIpv4Address neighbour;
  CnsAal5Reassembler *reassembler; /* on the first data cell */
  CnsAtmCell *tx_head;             /* AAL5 cells waiting for the shaper */
  CnsAtmCell *tx_tail;

  /* VBR source */
  CnsTime stop;
  guint64 k; /* the next cell's index */
  union
  {
    CnsAtmMpegSource mpeg;
    CnsAtmVbrSquareSource square;
  } gen;
} HostVc;

struct _CnsAtmHost
{
  CnsObject parent_instance;

  CnsAtmNetDevice *device; /* referenced */
  guint32 context;         /* the node's id */
  GHashTable *vcs;         /* VCI -> HostVc, owned */
  GHashTable *neighbours;  /* IPv4 address -> its IP VC, in vcs */
  CnsAtmEncapsulation encapsulation;
  CnsTime processing_delay;
  GByteArray *scratch; /* a frame's bytes, while it is cut into cells */
  CnsTraceSource discard_trace;
};

static void atm_host_resolver_init (CnsIpv4NeighbourResolverInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (
    CnsAtmHost, cns_atm_host, CNS_TYPE_OBJECT,
    G_IMPLEMENT_INTERFACE (CNS_TYPE_IPV4_NEIGHBOUR_RESOLVER,
                           atm_host_resolver_init))

GType
cns_atm_encapsulation_get_type (void)
{
  static gsize type_id = 0;
  static const GEnumValue values[] = {
    { CNS_ATM_ENCAPSULATION_LLC_SNAP, "CNS_ATM_ENCAPSULATION_LLC_SNAP",
      "llc-snap" },
    { CNS_ATM_ENCAPSULATION_NULL, "CNS_ATM_ENCAPSULATION_NULL", "null" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type_id))
    g_once_init_leave (&type_id,
                       g_enum_register_static ("CnsAtmEncapsulation", values));
  return type_id;
}

/* Lets go of a VC: the cells still waiting to be sent, the frame being
 * reassembled. */
static void
host_vc_free (gpointer data)
{
  HostVc *vc = data;

  while (vc->tx_head != NULL)
    {
      CnsAtmCell *cell = vc->tx_head;

      vc->tx_head = cell->next;
      cns_atm_cell_free (cell);
    }
  if (vc->reassembler != NULL)
    {
      cns_aal5_reassembler_clear (vc->reassembler);
      g_free (vc->reassembler);
    }
  g_free (vc);
}

static void
atm_host_dispose (GObject *object)
{
  CnsAtmHost *self = CNS_ATM_HOST (object);

  if (self->device != NULL)
    {
      cns_atm_net_device_set_cell_receive_callback (self->device, NULL, NULL);
      cns_atm_net_device_set_frame_sender (self->device, NULL, NULL);
    }
  g_clear_object (&self->device);
  G_OBJECT_CLASS (cns_atm_host_parent_class)->dispose (object);
}

static void
atm_host_finalize (GObject *object)
{
  CnsAtmHost *self = CNS_ATM_HOST (object);

  g_hash_table_unref (self->neighbours);
  g_hash_table_unref (self->vcs);
  g_byte_array_unref (self->scratch);
  cns_trace_source_clear (&self->discard_trace);
  G_OBJECT_CLASS (cns_atm_host_parent_class)->finalize (object);
}

static void
atm_host_set_property (GObject *object, guint prop_id, const GValue *value,
                       GParamSpec *pspec)
{
  CnsAtmHost *self = CNS_ATM_HOST (object);

  switch (prop_id)
    {
    case PROP_ENCAPSULATION:
      self->encapsulation = g_value_get_enum (value);
      break;
    case PROP_PROCESSING_DELAY:
      self->processing_delay = cns_value_get_time (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
atm_host_get_property (GObject *object, guint prop_id, GValue *value,
                       GParamSpec *pspec)
{
  CnsAtmHost *self = CNS_ATM_HOST (object);

  switch (prop_id)
    {
    case PROP_ENCAPSULATION:
      g_value_set_enum (value, self->encapsulation);
      break;
    case PROP_PROCESSING_DELAY:
      cns_value_set_time (value, self->processing_delay);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_atm_host_class_init (CnsAtmHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = atm_host_dispose;
  object_class->finalize = atm_host_finalize;
  object_class->set_property = atm_host_set_property;
  object_class->get_property = atm_host_get_property;

  properties[PROP_ENCAPSULATION] = g_param_spec_enum (
      "encapsulation", "Encapsulation",
      "How datagrams go into AAL5 frames: llc-snap (RFC 2684 LLC "
      "encapsulation, RFC 2225's default) or null (VC multiplexing, IPv4 "
      "only); both ends of a VC must agree",
      CNS_TYPE_ATM_ENCAPSULATION, DEFAULT_ENCAPSULATION,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROCESSING_DELAY] = cns_param_spec_time (
      "processing-delay", "Processing delay",
      "How long the host's protocol processing holds each datagram it "
      "sends before AAL5 cuts it into cells (1 ms in the TCP-over-ATM "
      "study)",
      0, CNS_TIME_MAX, DEFAULT_PROCESSING_DELAY,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);

  cns_trace_source_install (
      G_TYPE_FROM_CLASS (klass), "FrameDiscard",
      "An IP VC discarded an AAL5 frame: a bad CRC or length (a cell was "
      "lost), too long, or not LLC/SNAP",
      "CnsAtmFrameDiscardTraceFn", G_STRUCT_OFFSET (CnsAtmHost, discard_trace));
}

static void
cns_atm_host_init (CnsAtmHost *self)
{
  self->vcs = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                     host_vc_free);
  self->neighbours = g_hash_table_new (g_direct_hash, g_direct_equal);
  self->encapsulation = DEFAULT_ENCAPSULATION;
  self->processing_delay = DEFAULT_PROCESSING_DELAY;
  self->scratch = g_byte_array_new ();
}

static HostVc *
atm_host_lookup (CnsAtmHost *self, guint16 vci)
{
  return g_hash_table_lookup (self->vcs, GUINT_TO_POINTER ((guint) vci));
}

static HostVc *
atm_host_vc (CnsAtmHost *self, guint16 vci)
{
  HostVc *vc = atm_host_lookup (self, vci);

  if (vc == NULL)
    {
      vc = g_new0 (HostVc, 1);
      vc->host = self;
      vc->vci = vci;
      vc->kind = VC_RECEIVE;
      vc->flow = (self->context << 16) | vci;
      vc->stats.first_rx = -1;
      vc->stats.last_rx = -1;
      cns_abr_destination_init (&vc->dst, CNS_ABR_DEFAULT_BECN_INTERVAL);
      g_hash_table_insert (self->vcs, GUINT_TO_POINTER ((guint) vci), vc);
    }
  return vc;
}

/* 1/ACR as a time; a rate near 0 waits at most 1000 s (a BRM that raises
 * it moves the opportunity). */
static CnsTime
interval_of (gdouble rate)
{
  return (CnsTime) llround ((gdouble) CNS_TIME_PS_PER_S / MAX (rate, 1e-3));
}

/* Brings the ACR area up to now, then records the current ACR. */
static void
abr_account (HostVc *vc, CnsTime now)
{
  vc->acr_area += vc->acr_current * (gdouble) (now - vc->acr_since);
  vc->acr_since = now;
  vc->acr_current = cns_abr_source_get_acr (&vc->abr);
}

static void abr_opportunity (gpointer obj, gpointer data);

static void
abr_schedule_at (HostVc *vc, CnsTime when)
{
  vc->next = cns_simulator_schedule (when - cns_simulator_now (),
                                     abr_opportunity, vc, NULL);
}

/* Whether @vc has an ABR source: a greedy one or an IP VC's. */
static inline gboolean
has_abr_source (const HostVc *vc)
{
  return vc->kind == VC_ABR
         || (vc->kind == VC_IP && vc->ip_class == CNS_ATM_SERVICE_ABR);
}

/* One transmission opportunity of an ABR source: a greedy source always
 * has data; an IP VC has while AAL5 cells wait, and otherwise falls idle
 * until the next frame wakes it (abr_wake()). */
static void
abr_opportunity (gpointer obj, gpointer data)
{
  HostVc *vc = obj;
  CnsAtmNetDevice *device = vc->host->device;
  CnsTime now = cns_simulator_now ();
  gboolean greedy = vc->kind == VC_ABR;
  CnsAbrCellKind kind;
  CnsAtmCell *cell;

  if (cns_atm_net_device_get_queue_length (device, CNS_ATM_SERVICE_ABR)
          + cns_atm_net_device_get_queue_length (device, CNS_ATM_SERVICE_RM)
      >= CNS_ATM_HOST_ABR_BACKLOG)
    {
      abr_schedule_at (vc, now + cns_atm_net_device_get_slot (device));
      return;
    }
  kind
      = cns_abr_source_next_cell (&vc->abr, now, greedy || vc->tx_head != NULL);
  abr_account (vc, now);
  if (kind == CNS_ABR_CELL_NONE)
    return; /* idle (never for a greedy source) */
  if (kind == CNS_ABR_CELL_DATA && !greedy)
    {
      cell = vc->tx_head;
      vc->tx_head = cell->next;
      if (vc->tx_head == NULL)
        vc->tx_tail = NULL;
      cell->next = NULL;
    }
  else
    {
      cell = cns_atm_cell_new ();
      cell->header.vci = vc->vci;
      cell->flow = vc->flow;
    }
  vc->stats.tx_cells++;
  vc->last_tx = now;
  vc->sent_any = TRUE;
  if (kind == CNS_ABR_CELL_FRM)
    {
      cell->header.pti = CNS_ATM_PTI_RM;
      cell->rm = TRUE;
      cns_abr_source_fill_frm (&vc->abr, &cell->rm_fields);
      vc->stats.tx_frm++;
      cns_atm_net_device_enqueue (device, cell, CNS_ATM_SERVICE_RM);
    }
  else
    {
      if (greedy)
        cell->header.pti = cns_atm_pti_user (FALSE, FALSE);
      cns_atm_net_device_enqueue (device, cell, CNS_ATM_SERVICE_ABR);
    }
  if (greedy || vc->tx_head != NULL)
    abr_schedule_at (vc, now + interval_of (vc->acr_current));
}

/* Data came for an idle IP VC: its next opportunity is one 1/ACR after
 * its last cell, or now. */
static void
abr_wake (HostVc *vc)
{
  CnsTime now = cns_simulator_now ();

  if (!cns_simulator_is_expired (&vc->next))
    return;
  abr_schedule_at (
      vc, vc->sent_any ? MAX (now, vc->last_tx + interval_of (vc->acr_current))
                       : now);
}

/* A BRM reached the source of @vc. */
static void
abr_receive_brm (HostVc *vc, const CnsAbrRmFields *brm)
{
  CnsTime now = cns_simulator_now ();
  gdouble before = cns_abr_source_get_acr (&vc->abr);

  abr_account (vc, now);
  cns_abr_source_receive_brm (&vc->abr, brm, now);
  abr_account (vc, now);
  if (vc->acr_current != before && vc->sent_any
      && !cns_simulator_is_expired (&vc->next))
    {
      cns_simulator_cancel (&vc->next);
      abr_schedule_at (vc,
                       MAX (now, vc->last_tx + interval_of (vc->acr_current)));
    }
}

static CnsTime
vbr_cell_time (HostVc *vc, guint64 k)
{
  if (vc->kind == VC_MPEG)
    return cns_atm_mpeg_source_cell_time (&vc->gen.mpeg, k);
  return cns_atm_vbr_square_source_cell_time (&vc->gen.square, k);
}

/* One cell of a VBR source, unshaped, into the VBR queue. */
static void
vbr_cell (gpointer obj, gpointer data)
{
  HostVc *vc = obj;
  CnsAtmCell *cell = cns_atm_cell_new ();
  CnsTime next;

  cell->header.vci = vc->vci;
  cell->header.pti = cns_atm_pti_user (FALSE, FALSE);
  cell->flow = vc->flow;
  vc->stats.tx_cells++;
  cns_atm_net_device_enqueue (vc->host->device, cell, CNS_ATM_SERVICE_VBR);
  next = vbr_cell_time (vc, ++vc->k);
  if (next < vc->stop)
    cns_simulator_schedule (next - cns_simulator_now (), vbr_cell, vc, NULL);
}

/* ---- IP over AAL5 ---- */

/* Hands the sniffer @sdu behind a SunATM header, when it listens. */
static void
ip_sniff (HostVc *vc, const guint8 *sdu, gsize len, gboolean sent)
{
  CnsAtmHost *self = vc->host;
  guint8 header[SUNATM_HEADER_SIZE];
  CnsPacket *frame;
  GByteArray *bytes;

  if (!cns_atm_net_device_is_sniffed (self->device))
    return;
  header[0] = (sent ? SUNATM_SENT : 0)
              | (self->encapsulation == CNS_ATM_ENCAPSULATION_LLC_SNAP
                     ? SUNATM_TYPE_LLC
                     : SUNATM_TYPE_RAW);
  header[1] = 0; /* VPI: hosts use VPI 0 */
  header[2] = (guint8) (vc->vci >> 8);
  header[3] = (guint8) vc->vci;
  bytes = g_byte_array_sized_new ((guint) (SUNATM_HEADER_SIZE + len));
  g_byte_array_append (bytes, header, SUNATM_HEADER_SIZE);
  g_byte_array_append (bytes, sdu, (guint) len);
  frame = cns_packet_new_from_data (bytes->data, bytes->len);
  g_byte_array_unref (bytes);
  cns_atm_net_device_sniff (self->device, frame);
  cns_packet_unref (frame);
}

/* Cuts @packet (transfer full: the datagram behind its encapsulation)
 * into AAL5 cells on @vc. */
static void
ip_segment (HostVc *vc, CnsPacket *packet)
{
  CnsAtmHost *self = vc->host;
  guint32 size = cns_packet_get_size (packet);
  CnsAal5Segmenter segmenter;
  guint n_cells;

  g_byte_array_set_size (self->scratch, size);
  cns_packet_copy_data (packet, 0, self->scratch->data, size);
  cns_packet_unref (packet);
  ip_sniff (vc, self->scratch->data, size, TRUE);
  cns_aal5_segmenter_init (&segmenter, self->scratch->data, size, 0, 0);
  n_cells = cns_aal5_segmenter_get_n_cells (&segmenter);
  vc->stats.tx_frames++;
  for (guint i = 0; i < n_cells; i++)
    {
      CnsAtmCell *cell = cns_atm_cell_new ();
      gboolean auu = FALSE;

      cns_aal5_segmenter_next (&segmenter, cell->payload, &auu);
      cell->header.vci = vc->vci;
      cell->header.pti = cns_atm_pti_user (FALSE, auu);
      cell->flow = vc->flow;
      if (vc->ip_class == CNS_ATM_SERVICE_UBR)
        {
          vc->stats.tx_cells++;
          cns_atm_net_device_enqueue (self->device, cell, CNS_ATM_SERVICE_UBR);
          continue;
        }
      if (vc->tx_tail != NULL)
        vc->tx_tail->next = cell;
      else
        vc->tx_head = cell;
      vc->tx_tail = cell;
    }
  if (vc->ip_class == CNS_ATM_SERVICE_ABR)
    abr_wake (vc);
}

/* The end of a datagram's processing delay. */
static void
ip_processed (gpointer obj, gpointer data)
{
  cns_simulator_take_event_data ();
  ip_segment (obj, data);
}

/* The port's send(): @packet (transfer full) for the VC @dest. */
static gboolean
ip_send (CnsAtmNetDevice *device, CnsPacket *packet, const CnsAddress *dest,
         guint16 protocol, gpointer user_data)
{
  CnsAtmHost *self = user_data;
  gboolean llc = self->encapsulation == CNS_ATM_ENCAPSULATION_LLC_SNAP;
  HostVc *vc = NULL;
  guint16 vci;

  if (cns_atm_vc_address_get (dest, NULL, &vci))
    vc = g_hash_table_lookup (self->vcs, GUINT_TO_POINTER ((guint) vci));
  if (G_UNLIKELY (vc == NULL || vc->kind != VC_IP
                  || (!llc && protocol != CNS_ETHER_TYPE_IPV4)
                  || cns_packet_get_size (packet)
                             + (llc ? CNS_LLC_SNAP_HEADER_SIZE : 0)
                         > CNS_AAL5_MAX_SDU))
    {
      cns_packet_unref (packet);
      return FALSE;
    }
  if (llc)
    {
      CnsLlcSnapHeader header = { protocol };

      packet = cns_packet_make_writable (packet);
      cns_packet_add_header (packet, &cns_llc_snap_header_class, &header);
    }
  if (self->processing_delay > 0)
    cns_simulator_schedule_full (self->processing_delay, ip_processed, vc,
                                 packet, cns_packet_unref_notify);
  else
    ip_segment (vc, packet);
  return TRUE;
}

/* Counts and reports a frame @vc could not hand up. */
static void
ip_discard (HostVc *vc, CnsAal5RxResult reason)
{
  vc->stats.rx_frames_discarded++;
  CNS_TRACE_SOURCE_FIRE (&vc->host->discard_trace, CnsAtmFrameDiscardTraceFn,
                         vc->host, vc->vci, reason);
}

/* A whole frame came on @vc: strip the encapsulation, hand it up. */
static void
ip_deliver (HostVc *vc, GBytes *sdu)
{
  CnsAtmHost *self = vc->host;
  gsize len;
  const guint8 *data = g_bytes_get_data (sdu, &len);
  guint16 protocol = CNS_ETHER_TYPE_IPV4;
  gsize offset = 0;
  CnsAddress from, to;
  CnsPacket *packet;

  ip_sniff (vc, data, len, FALSE);
  if (self->encapsulation == CNS_ATM_ENCAPSULATION_LLC_SNAP)
    {
      CnsLlcSnapHeader llc;

      offset = cns_llc_snap_header_class.deserialize (&llc, data, len);
      if (offset == 0)
        {
          ip_discard (vc, CNS_AAL5_RX_OK);
          return;
        }
      protocol = llc.ether_type;
    }
  vc->stats.rx_frames++;
  packet = cns_packet_new_from_data (data + offset, (guint32) (len - offset));
  cns_atm_vc_address_init (&from, 0, vc->vci);
  cns_net_device_get_address (CNS_NET_DEVICE (self->device), &to);
  cns_net_device_deliver (CNS_NET_DEVICE (self->device), packet, protocol,
                          &from, &to, CNS_PACKET_HOST);
}

/* A data cell of an IP VC: one more piece of the frame being rebuilt. */
static void
ip_receive_cell (HostVc *vc, const CnsAtmCell *cell)
{
  GBytes *sdu = NULL;
  CnsAal5RxResult result;

  if (vc->reassembler == NULL)
    {
      vc->reassembler = g_new0 (CnsAal5Reassembler, 1);
      cns_aal5_reassembler_init (vc->reassembler, CNS_AAL5_MAX_SDU);
    }
  result = cns_aal5_reassembler_push (vc->reassembler, cell->payload,
                                      cns_atm_pti_auu (cell->header.pti), &sdu,
                                      NULL);
  if (result == CNS_AAL5_RX_MORE)
    return;
  if (result == CNS_AAL5_RX_OK)
    {
      ip_deliver (vc, sdu);
      g_bytes_unref (sdu);
      return;
    }
  ip_discard (vc, result);
}

static CnsIpv4NeighbourResult
atm_host_resolve (CnsIpv4NeighbourResolver *resolver, CnsNetDevice *device,
                  CnsIpv4Address next_hop, CnsPacket *packet, CnsAddress *out)
{
  CnsAtmHost *self = CNS_ATM_HOST (resolver);
  HostVc *vc = g_hash_table_lookup (self->neighbours,
                                    GUINT_TO_POINTER (next_hop.value));

  if (vc == NULL || device != CNS_NET_DEVICE (self->device))
    return CNS_IPV4_NEIGHBOUR_UNREACHABLE;
  cns_atm_vc_address_init (out, 0, vc->vci);
  return CNS_IPV4_NEIGHBOUR_RESOLVED;
}

static void
atm_host_resolver_init (CnsIpv4NeighbourResolverInterface *iface)
{
  iface->resolve = atm_host_resolve;
}

static void
atm_host_receive (CnsAtmNetDevice *device, CnsAtmCell *cell, gpointer user_data)
{
  CnsAtmHost *self = user_data;
  HostVc *vc = atm_host_vc (self, cell->header.vci);

  if (cell->rm)
    {
      vc->stats.rx_rm++;
      if (cell->rm_fields.dir_backward)
        {
          if (has_abr_source (vc))
            abr_receive_brm (vc, &cell->rm_fields);
          cns_atm_cell_free (cell);
          return;
        }
      /* destination rule 2: back on the same VC, in the RM queue */
      cns_abr_destination_turn_around (&vc->dst, &cell->rm_fields);
      vc->stats.tx_brm++;
      cns_atm_net_device_enqueue (device, cell, CNS_ATM_SERVICE_RM);
      return;
    }
  vc->stats.rx_cells++;
  vc->stats.last_rx = cns_simulator_now ();
  if (vc->stats.first_rx < 0)
    vc->stats.first_rx = vc->stats.last_rx;
  cns_abr_destination_receive_data (&vc->dst,
                                    cns_atm_pti_efci (cell->header.pti));
  if (vc->kind == VC_IP)
    ip_receive_cell (vc, cell);
  cns_atm_cell_free (cell);
}

/**
 * cns_atm_host_install:
 * @node: a host node with exactly one ATM device in host mode (made by
 *   cns_atm_helper_link())
 * @error: return location for a #CNS_ATM_ERROR_INVALID error
 *
 * Makes @node an ATM end system: aggregates a host to it that takes the
 * cells its ATM device receives. A node that already has one gets it
 * back.
 *
 * Returns: (transfer none) (nullable): the host, owned by @node; %NULL
 * with @error set when @node has no ATM host device.
 */
CnsAtmHost *
cns_atm_host_install (CnsNode *node, GError **error)
{
  CnsAtmHost *self;
  CnsAtmNetDevice *device = NULL;

  g_return_val_if_fail (CNS_IS_NODE (node), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  self = cns_object_get (node, CNS_TYPE_ATM_HOST);
  if (self != NULL)
    return self;
  for (guint32 i = 0; i < cns_node_get_n_devices (node); i++)
    {
      CnsNetDevice *d = cns_node_get_device (node, i);

      if (CNS_IS_ATM_NET_DEVICE (d)
          && cns_atm_net_device_get_mode (CNS_ATM_NET_DEVICE (d))
                 == CNS_ATM_DEVICE_MODE_HOST)
        {
          device = CNS_ATM_NET_DEVICE (d);
          break;
        }
    }
  if (device == NULL)
    {
      g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_INVALID,
                   "ATM host: node %u has no ATM device in host mode",
                   cns_node_get_id (node));
      return NULL;
    }
  self = cns_object_new (CNS_TYPE_ATM_HOST, NULL);
  self->device = g_object_ref (device);
  self->context = cns_node_get_id (node);
  cns_atm_net_device_set_cell_receive_callback (device, atm_host_receive, self);
  cns_atm_net_device_set_frame_sender (device, ip_send, self);
  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (self));
  g_object_unref (self);
  return self;
}

/**
 * cns_atm_host_get_device:
 *
 * Returns: (transfer none): the host's ATM
 * port.
 */
CnsAtmNetDevice *
cns_atm_host_get_device (CnsAtmHost *self)
{
  g_return_val_if_fail (CNS_IS_ATM_HOST (self), NULL);
  return self->device;
}

/**
 * cns_atm_host_get_flow_id:
 *
 * Returns: the flow id the cells the host sends
 * on @vci carry, (node id << 16) | @vci.
 */
guint32
cns_atm_host_get_flow_id (CnsAtmHost *self, guint16 vci)
{
  g_return_val_if_fail (CNS_IS_ATM_HOST (self), 0);
  return (self->context << 16) | vci;
}

/* A fresh sending VC, or NULL with @error set when @vci already sends. */
static HostVc *
atm_host_new_source (CnsAtmHost *self, guint16 vci, VcKind kind, GError **error)
{
  HostVc *vc = atm_host_vc (self, vci);

  if (vc->kind != VC_RECEIVE)
    {
      g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_INVALID,
                   "ATM host: VCI %u of node %u already has a source", vci,
                   self->context);
      return NULL;
    }
  vc->kind = kind;
  return vc;
}

/**
 * cns_atm_host_add_abr_source:
 * @vci: the VC's VCI on the host's link (from cns_atm_helper_setup_pvc())
 * @params: the ABR parameters (copied)
 * @error: return location for a #CNS_ATM_ERROR_INVALID error
 *
 * Starts a greedy ABR source on @vci now: its first cell (an FRM) leaves
 * at once, the next at 1/ICR, and so on at 1/ACR; it sends until the
 * simulation stops.
 *
 * Returns: %FALSE with @error set when @vci already has a source.
 */
gboolean
cns_atm_host_add_abr_source (CnsAtmHost *self, guint16 vci,
                             const CnsAbrParams *params, GError **error)
{
  HostVc *vc;
  CnsTime now;

  g_return_val_if_fail (CNS_IS_ATM_HOST (self), FALSE);
  g_return_val_if_fail (params != NULL && params->pcr > 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  vc = atm_host_new_source (self, vci, VC_ABR, error);
  if (vc == NULL)
    return FALSE;
  now = cns_simulator_now ();
  cns_abr_source_init (&vc->abr, params, now);
  vc->acr_start = vc->acr_since = now;
  vc->acr_current = cns_abr_source_get_acr (&vc->abr);
  vc->next = cns_simulator_schedule_with_context (self->context, 0,
                                                  abr_opportunity, vc, NULL);
  return TRUE;
}

/**
 * cns_atm_host_add_ip_vc: (skip)
 * @vci: the VC's VCI on the host's link (from cns_atm_helper_setup_pvc())
 * @neighbour: the IPv4 address at the VC's other end
 * @service_class: %CNS_ATM_SERVICE_ABR or %CNS_ATM_SERVICE_UBR
 * @params: (nullable): the ABR source's parameters (copied); ignored for
 *   UBR
 * @error: return location for a #CNS_ATM_ERROR_INVALID error
 *
 * Carries IPv4 to @neighbour on @vci: datagrams whose next hop is
 * @neighbour leave as AAL5 frames on @vci, and frames arriving on it are
 * handed up. The node must have IPv4 with an interface on the host's
 * port; the host becomes that interface's neighbour resolver. An ABR VC's
 * source starts idle and sends, at ACR, only while frames wait.
 *
 * Returns: %FALSE with @error set when @vci already has a source,
 * @neighbour already has a VC or is 0.0.0.0, @service_class is neither
 * ABR nor UBR, ABR comes without @params, or the node has no IPv4
 * interface on the port.
 */
gboolean
cns_atm_host_add_ip_vc (CnsAtmHost *self, guint16 vci, CnsIpv4Address neighbour,
                        CnsAtmServiceClass service_class,
                        const CnsAbrParams *params, GError **error)
{
  CnsNetDevice *device;
  CnsIpv4L3Protocol *ipv4;
  gint32 interface = -1;
  HostVc *vc;
  CnsTime now;

  g_return_val_if_fail (CNS_IS_ATM_HOST (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  device = CNS_NET_DEVICE (self->device);
  if (service_class != CNS_ATM_SERVICE_ABR
      && service_class != CNS_ATM_SERVICE_UBR)
    {
      g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_INVALID,
                   "ATM host: node %u: IP over ATM runs on ABR or UBR VCs, "
                   "not on service class %d (VCI %u)",
                   self->context, service_class, vci);
      return FALSE;
    }
  if (service_class == CNS_ATM_SERVICE_ABR
      && (params == NULL || !(params->pcr > 0)))
    {
      g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_INVALID,
                   "ATM host: node %u: the ABR IP VC %u needs ABR parameters "
                   "with a PCR above 0",
                   self->context, vci);
      return FALSE;
    }
  if (cns_ipv4_address_is_any (neighbour)
      || g_hash_table_contains (self->neighbours,
                                GUINT_TO_POINTER (neighbour.value)))
    {
      gchar text[CNS_IPV4_ADDRESS_STRING_SIZE];

      cns_ipv4_address_format (neighbour, text);
      g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_INVALID,
                   "ATM host: node %u: neighbour %s %s", self->context, text,
                   cns_ipv4_address_is_any (neighbour) ? "is not an address"
                                                       : "already has a VC");
      return FALSE;
    }
  ipv4 = cns_object_get (cns_net_device_get_node (device),
                         CNS_TYPE_IPV4_L3_PROTOCOL);
  if (ipv4 != NULL)
    interface = cns_ipv4_l3_protocol_get_interface_for_device (ipv4, device);
  if (interface < 0)
    {
      g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_INVALID,
                   "ATM host: node %u has no IPv4 interface on its ATM port: "
                   "install the internet stack and assign it an address "
                   "before adding IP VCs",
                   self->context);
      return FALSE;
    }
  vc = atm_host_new_source (self, vci, VC_IP, error);
  if (vc == NULL)
    return FALSE;
  vc->ip_class = service_class;
  vc->neighbour = neighbour;
  g_hash_table_insert (self->neighbours, GUINT_TO_POINTER (neighbour.value),
                       vc);
  if (service_class == CNS_ATM_SERVICE_ABR)
    {
      now = cns_simulator_now ();
      cns_abr_source_init (&vc->abr, params, now);
      vc->acr_start = vc->acr_since = now;
      vc->acr_current = cns_abr_source_get_acr (&vc->abr);
    }
  if (cns_ipv4_l3_protocol_get_neighbour_resolver (ipv4, (guint32) interface)
      != CNS_IPV4_NEIGHBOUR_RESOLVER (self))
    cns_ipv4_l3_protocol_set_neighbour_resolver (
        ipv4, (guint32) interface, CNS_IPV4_NEIGHBOUR_RESOLVER (self));
  return TRUE;
}

static void
atm_host_start_vbr (CnsAtmHost *self, HostVc *vc, CnsTime stop)
{
  CnsTime first = vbr_cell_time (vc, 0);

  vc->stop = stop;
  if (first < stop)
    cns_simulator_schedule_with_context (
        self->context, first - cns_simulator_now (), vbr_cell, vc, NULL);
}

/**
 * cns_atm_host_add_mpeg_source:
 * @vci: the VC's VCI on the host's link
 * @mean_rate: cells/s, the mean over a GOP
 * @fps: frames per second
 * @start: when the first frame starts (not before now)
 * @stop: cells due at or after it are not sent
 * @error: return location for a #CNS_ATM_ERROR_INVALID error
 *
 * Starts an unshaped VBR source of MPEG-like frames (cns-atm-traffic.h)
 * on @vci, into the device's VBR queue.
 *
 * Returns: %FALSE with @error set when @vci already has a source.
 */
gboolean
cns_atm_host_add_mpeg_source (CnsAtmHost *self, guint16 vci, gdouble mean_rate,
                              gdouble fps, CnsTime start, CnsTime stop,
                              GError **error)
{
  HostVc *vc;

  g_return_val_if_fail (CNS_IS_ATM_HOST (self), FALSE);
  g_return_val_if_fail (start >= cns_simulator_now (), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  vc = atm_host_new_source (self, vci, VC_MPEG, error);
  if (vc == NULL)
    return FALSE;
  cns_atm_mpeg_source_init (&vc->gen.mpeg, start, mean_rate, fps);
  atm_host_start_vbr (self, vc, stop);
  return TRUE;
}

/**
 * cns_atm_host_add_vbr_square_source:
 * @vci: the VC's VCI on the host's link
 * @max_rate: cells/s during the high part of each period
 * @min_rate: cells/s during the rest
 * @period: the square wave's period
 * @duty_cycle: the high part's share of @period, 0 to 1
 * @start: when the first period starts (not before now)
 * @stop: cells due at or after it are not sent
 * @error: return location for a #CNS_ATM_ERROR_INVALID error
 *
 * Starts an unshaped square-wave VBR source on @vci, into the device's
 * VBR queue.
 *
 * Returns: %FALSE with @error set when @vci already has a source.
 */
gboolean
cns_atm_host_add_vbr_square_source (CnsAtmHost *self, guint16 vci,
                                    gdouble max_rate, gdouble min_rate,
                                    CnsTime period, gdouble duty_cycle,
                                    CnsTime start, CnsTime stop, GError **error)
{
  HostVc *vc;

  g_return_val_if_fail (CNS_IS_ATM_HOST (self), FALSE);
  g_return_val_if_fail (start >= cns_simulator_now (), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  vc = atm_host_new_source (self, vci, VC_SQUARE, error);
  if (vc == NULL)
    return FALSE;
  cns_atm_vbr_square_source_init (&vc->gen.square, start, max_rate, min_rate,
                                  period, duty_cycle);
  atm_host_start_vbr (self, vc, stop);
  return TRUE;
}

/**
 * cns_atm_host_get_vc_stats:
 * @out: (out): filled with what the host counted on @vci
 *
 * Returns: %FALSE (and @out zeroed, times -1) when @vci has neither sent
 * nor received.
 */
gboolean
cns_atm_host_get_vc_stats (CnsAtmHost *self, guint16 vci,
                           CnsAtmHostVcStats *out)
{
  HostVc *vc;

  g_return_val_if_fail (CNS_IS_ATM_HOST (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  vc = atm_host_lookup (self, vci);
  if (vc == NULL)
    {
      *out = (CnsAtmHostVcStats){ .first_rx = -1, .last_rx = -1 };
      return FALSE;
    }
  *out = vc->stats;
  if (has_abr_source (vc))
    {
      CnsTime now = cns_simulator_now ();
      gdouble area
          = vc->acr_area + vc->acr_current * (gdouble) (now - vc->acr_since);

      out->acr = cns_abr_source_get_acr (&vc->abr);
      out->acr_mean = now > vc->acr_start
                          ? area / (gdouble) (now - vc->acr_start)
                          : out->acr;
    }
  return TRUE;
}

/**
 * cns_atm_host_get_abr_source:
 *
 * Returns: (transfer none) (nullable): the
 * rule engine of the ABR source on @vci, %NULL when there is none.
 */
const CnsAbrSource *
cns_atm_host_get_abr_source (CnsAtmHost *self, guint16 vci)
{
  HostVc *vc;

  g_return_val_if_fail (CNS_IS_ATM_HOST (self), NULL);
  vc = atm_host_lookup (self, vci);
  return vc != NULL && has_abr_source (vc) ? &vc->abr : NULL;
}
