/* cns — ATM switches: VC tables and EPRCA over a node's ATM ports.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "atm/cns-atm-net-device.h"
#include "atm/cns-eprca.h"
#include "core/cns-object.h"

G_BEGIN_DECLS

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
guint64 cns_atm_switch_get_unknown_vc_drops (CnsAtmSwitch *self);
guint64 cns_atm_switch_get_forwarded (CnsAtmSwitch *self);

G_END_DECLS
