/* cns — ATM end systems: ABR sources and destinations, VBR sources.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "atm/cns-abr-destination.h"
#include "atm/cns-abr-source.h"
#include "atm/cns-atm-net-device.h"
#include "atm/cns-atm-traffic.h"
#include "core/cns-object.h"
#include "network/cns-node.h"

G_BEGIN_DECLS

#define CNS_TYPE_ATM_HOST (cns_atm_host_get_type ())
G_DECLARE_FINAL_TYPE (CnsAtmHost, cns_atm_host, CNS, ATM_HOST, CnsObject)

/* A source puts a cell into its device's ABR or RM queue only while fewer
 * than this many wait there: the shaper, not the NIC queue, sets the
 * rate. */
#define CNS_ATM_HOST_ABR_BACKLOG 2

/**
 * CnsAtmHostVcStats:
 * @tx_cells: in-rate cells sent by the VC's source (data and FRMs)
 * @tx_frm: of those, FRM cells
 * @tx_brm: RM cells turned around by the destination and sent back
 * @rx_cells: data cells received
 * @rx_rm: RM cells received: BRMs at a source, FRMs at a destination
 * @first_rx: when the first data cell arrived, -1 before any
 * @last_rx: when the last data cell arrived, -1 before any
 * @acr: an ABR source's allowed cell rate now, cells/s; 0 otherwise
 * @acr_mean: an ABR source's time-average ACR from its start to now
 *
 * What a host counted on one VC.
 */
typedef struct
{
  guint64 tx_cells;
  guint64 tx_frm;
  guint64 tx_brm;
  guint64 rx_cells;
  guint64 rx_rm;
  CnsTime first_rx;
  CnsTime last_rx;
  gdouble acr;
  gdouble acr_mean;
} CnsAtmHostVcStats;

CnsAtmHost *cns_atm_host_install (CnsNode *node, GError **error);
CnsAtmNetDevice *cns_atm_host_get_device (CnsAtmHost *self);
guint32 cns_atm_host_get_flow_id (CnsAtmHost *self, guint16 vci);

gboolean cns_atm_host_add_abr_source (CnsAtmHost *self, guint16 vci,
                                      const CnsAbrParams *params,
                                      GError **error);
gboolean cns_atm_host_add_mpeg_source (CnsAtmHost *self, guint16 vci,
                                       gdouble mean_rate, gdouble fps,
                                       CnsTime start, CnsTime stop,
                                       GError **error);
gboolean cns_atm_host_add_vbr_square_source (CnsAtmHost *self, guint16 vci,
                                             gdouble max_rate, gdouble min_rate,
                                             CnsTime period, gdouble duty_cycle,
                                             CnsTime start, CnsTime stop,
                                             GError **error);

gboolean cns_atm_host_get_vc_stats (CnsAtmHost *self, guint16 vci,
                                    CnsAtmHostVcStats *out);
const CnsAbrSource *cns_atm_host_get_abr_source (CnsAtmHost *self, guint16 vci);

G_END_DECLS
