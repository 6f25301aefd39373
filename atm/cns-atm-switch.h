/* cns — ATM switches: VC tables and EPRCA over a node's ATM ports.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "atm/cns-atm-net-device.h"
#include "atm/cns-eprca.h"
#include "core/cns-object.h"

G_BEGIN_DECLS

/**
 * CnsAtmFrameDiscard:
 * @CNS_ATM_FRAME_DISCARD_NONE: cells are dropped one by one, only when a
 *   queue is full (default)
 * @CNS_ATM_FRAME_DISCARD_PARTIAL: partial packet discard: once a cell of a
 *   frame is lost, the frame's later cells are discarded but its last,
 *   which still ends the frame at the receiver
 * @CNS_ATM_FRAME_DISCARD_EARLY: early packet discard: a frame whose first
 *   cell finds its out queue at or above the "epd-threshold" is discarded
 *   whole; a frame that loses a cell later gets partial packet discard
 *
 * What a switch does with the cells of AAL5 frames on the VCs marked with
 * cns_atm_switch_set_vc_aal5(). The nicks ("none", "partial", "early") are
 * the values of its "frame-discard" property.
 */
typedef enum
{
  CNS_ATM_FRAME_DISCARD_NONE,
  CNS_ATM_FRAME_DISCARD_PARTIAL,
  CNS_ATM_FRAME_DISCARD_EARLY,
} CnsAtmFrameDiscard;

GType cns_atm_frame_discard_get_type (void) G_GNUC_CONST;
#define CNS_TYPE_ATM_FRAME_DISCARD (cns_atm_frame_discard_get_type ())

/**
 * CnsAtmSwitchFrameStats:
 * @early_frames: frames discarded whole by early packet discard
 * @partial_frames: frames cut short by partial packet discard
 * @cells: the cells the switch discarded for both (not counting the cell
 *   a full queue dropped, which starts a partial discard)
 */
typedef struct
{
  guint64 early_frames;
  guint64 partial_frames;
  guint64 cells;
} CnsAtmSwitchFrameStats;

#define CNS_TYPE_ATM_SWITCH (cns_atm_switch_get_type ())
G_DECLARE_FINAL_TYPE (CnsAtmSwitch, cns_atm_switch, CNS, ATM_SWITCH, CnsObject)

CnsAtmSwitch *cns_atm_switch_new (void);

guint cns_atm_switch_add_port (CnsAtmSwitch *self, CnsAtmNetDevice *device);
guint cns_atm_switch_get_n_ports (CnsAtmSwitch *self);
CnsAtmNetDevice *cns_atm_switch_get_port (CnsAtmSwitch *self, guint port);
gint cns_atm_switch_find_port (CnsAtmSwitch *self, CnsAtmNetDevice *device);
const CnsEprcaPort *cns_atm_switch_get_eprca (CnsAtmSwitch *self, guint port);

gboolean cns_atm_switch_add_vc (CnsAtmSwitch *self, guint in_port,
                                guint16 in_vci, guint out_port, guint16 out_vci,
                                CnsAtmServiceClass service_class,
                                GError **error);
gboolean cns_atm_switch_set_vc_aal5 (CnsAtmSwitch *self, guint in_port,
                                     guint16 in_vci, gboolean aal5,
                                     GError **error);
void cns_atm_switch_get_frame_stats (CnsAtmSwitch *self,
                                     CnsAtmSwitchFrameStats *stats);
guint64 cns_atm_switch_get_unknown_vc_drops (CnsAtmSwitch *self);
guint64 cns_atm_switch_get_forwarded (CnsAtmSwitch *self);

G_END_DECLS
