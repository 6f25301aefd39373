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
 */
#include "atm/cns-atm-host.h"

#include "core/cns-simulator.h"

#include <math.h>

typedef enum
{
  VC_RECEIVE, /* no source: a destination only */
  VC_ABR,
  VC_MPEG,
  VC_SQUARE,
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
};

G_DEFINE_FINAL_TYPE (CnsAtmHost, cns_atm_host, CNS_TYPE_OBJECT)

static void
atm_host_dispose (GObject *object)
{
  CnsAtmHost *self = CNS_ATM_HOST (object);

  if (self->device != NULL)
    cns_atm_net_device_set_cell_receive_callback (self->device, NULL, NULL);
  g_clear_object (&self->device);
  G_OBJECT_CLASS (cns_atm_host_parent_class)->dispose (object);
}

static void
atm_host_finalize (GObject *object)
{
  CnsAtmHost *self = CNS_ATM_HOST (object);

  g_hash_table_unref (self->vcs);
  G_OBJECT_CLASS (cns_atm_host_parent_class)->finalize (object);
}

static void
cns_atm_host_class_init (CnsAtmHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = atm_host_dispose;
  object_class->finalize = atm_host_finalize;
}

static void
cns_atm_host_init (CnsAtmHost *self)
{
  self->vcs
      = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
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

/* One transmission opportunity of a greedy ABR source. */
static void
abr_opportunity (gpointer obj, gpointer data)
{
  HostVc *vc = obj;
  CnsAtmNetDevice *device = vc->host->device;
  CnsTime now = cns_simulator_now ();
  CnsAbrCellKind kind;
  CnsAtmCell *cell;

  if (cns_atm_net_device_get_queue_length (device, CNS_ATM_SERVICE_ABR)
          + cns_atm_net_device_get_queue_length (device, CNS_ATM_SERVICE_RM)
      >= CNS_ATM_HOST_ABR_BACKLOG)
    {
      abr_schedule_at (vc, now + cns_atm_net_device_get_slot (device));
      return;
    }
  kind = cns_abr_source_next_cell (&vc->abr, now, TRUE);
  abr_account (vc, now);
  if (kind == CNS_ABR_CELL_NONE)
    return; /* cannot happen for a greedy source */
  cell = cns_atm_cell_new ();
  cell->header.vci = vc->vci;
  cell->flow = vc->flow;
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
      cell->header.pti = cns_atm_pti_user (FALSE, FALSE);
      cns_atm_net_device_enqueue (device, cell, CNS_ATM_SERVICE_ABR);
    }
  abr_schedule_at (vc, now + interval_of (vc->acr_current));
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
          if (vc->kind == VC_ABR)
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
  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (self));
  g_object_unref (self);
  return self;
}

/** cns_atm_host_get_device: Returns: (transfer none): the host's ATM
 * port. */
CnsAtmNetDevice *
cns_atm_host_get_device (CnsAtmHost *self)
{
  g_return_val_if_fail (CNS_IS_ATM_HOST (self), NULL);
  return self->device;
}

/** cns_atm_host_get_flow_id: Returns: the flow id the cells the host sends
 * on @vci carry, (node id << 16) | @vci. */
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
  if (vc->kind == VC_ABR)
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

/** cns_atm_host_get_abr_source: Returns: (transfer none) (nullable): the
 * rule engine of the ABR source on @vci, %NULL when there is none. */
const CnsAbrSource *
cns_atm_host_get_abr_source (CnsAtmHost *self, guint16 vci)
{
  HostVc *vc;

  g_return_val_if_fail (CNS_IS_ATM_HOST (self), NULL);
  vc = atm_host_lookup (self, vci);
  return vc != NULL && vc->kind == VC_ABR ? &vc->abr : NULL;
}
