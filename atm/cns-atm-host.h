/* cns — ATM end systems: ABR sources and destinations, VBR sources.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "atm/cns-aal5.h"
#include "atm/cns-abr-destination.h"
#include "atm/cns-abr-source.h"
#include "atm/cns-atm-net-device.h"
#include "atm/cns-atm-traffic.h"
#include "core/cns-object.h"
#include "internet/cns-ipv4-address.h"
#include "network/cns-node.h"

G_BEGIN_DECLS

#define CNS_TYPE_ATM_HOST (cns_atm_host_get_type ())
G_DECLARE_FINAL_TYPE (CnsAtmHost, cns_atm_host, CNS, ATM_HOST, CnsObject)

/**
 * CnsAtmEncapsulation:
 * @CNS_ATM_ENCAPSULATION_LLC_SNAP: RFC 2684 LLC encapsulation, an 8-byte
 *   LLC/SNAP header naming the EtherType (RFC 2225's default)
 * @CNS_ATM_ENCAPSULATION_NULL: VC multiplexing: no header, IPv4 only
 *
 * How a host puts datagrams into AAL5 frames; both ends of a VC must
 * agree.
 */
typedef enum
{
  CNS_ATM_ENCAPSULATION_LLC_SNAP,
  CNS_ATM_ENCAPSULATION_NULL,
} CnsAtmEncapsulation;

GType cns_atm_encapsulation_get_type (void) G_GNUC_CONST;
#define CNS_TYPE_ATM_ENCAPSULATION (cns_atm_encapsulation_get_type ())

/**
 * CnsAtmFrameDiscardTraceFn:
 * @host: the host
 * @vci: the VC the frame came on
 * @reason: why: a #CnsAal5RxResult other than MORE and OK, or
 *   %CNS_AAL5_RX_OK for a whole frame that was not LLC/SNAP
 * @user_data: the sink's user data
 *
 * The signature of the "FrameDiscard" trace source.
 */
typedef void (*CnsAtmFrameDiscardTraceFn) (CnsAtmHost *host, guint16 vci,
                                           CnsAal5RxResult reason,
                                           gpointer user_data);

/* A source puts a cell into its device's ABR or RM queue only while fewer
 * than this many wait there: the shaper, not the NIC queue, sets the
 * rate. */
#define CNS_ATM_HOST_ABR_BACKLOG 2

/**
 * CnsAtmHostVcStats:
 * @tx_cells: in-rate cells sent by the VC's source (data and FRMs)
 * @tx_frm: of those, FRM cells
 * @tx_brm: RM cells turned around by the destination and sent back
 * @tx_frames: AAL5 frames an IP VC segmented
 * @rx_frames: AAL5 frames an IP VC reassembled whole and handed up
 * @rx_frames_discarded: AAL5 frames an IP VC discarded: a bad CRC or
 *   length (a cell was lost on the way), too long, or not LLC/SNAP
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
  guint64 tx_frames;
  guint64 rx_frames;
  guint64 rx_frames_discarded;
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

gboolean cns_atm_host_add_ip_vc (CnsAtmHost *self, guint16 vci,
                                 CnsIpv4Address neighbour,
                                 CnsAtmServiceClass service_class,
                                 const CnsAbrParams *params, GError **error);
gboolean cns_atm_host_get_vc_stats (CnsAtmHost *self, guint16 vci,
                                    CnsAtmHostVcStats *out);
const CnsAbrSource *cns_atm_host_get_abr_source (CnsAtmHost *self, guint16 vci);

G_END_DECLS
