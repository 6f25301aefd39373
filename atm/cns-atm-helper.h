/* cns — building ATM networks: hosts, switches, links and PVCs.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "atm/cns-abr-source.h"
#include "atm/cns-atm-switch.h"
#include "network/cns-node.h"

G_BEGIN_DECLS

#define CNS_TYPE_ATM_HELPER (cns_atm_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsAtmHelper, cns_atm_helper, CNS, ATM_HELPER, GObject)

CnsAtmHelper *cns_atm_helper_new (void);
CnsNode *cns_atm_helper_create_host (CnsAtmHelper *self);
CnsNode *cns_atm_helper_create_switch (CnsAtmHelper *self);
CnsNode *cns_atm_helper_create_host_with_system_id (CnsAtmHelper *self,
                                                    guint32 system_id);
CnsNode *cns_atm_helper_create_switch_with_system_id (CnsAtmHelper *self,
                                                      guint32 system_id);
gboolean cns_atm_helper_link (CnsAtmHelper *self, CnsNode *a, CnsNode *b,
                              gdouble cell_rate, CnsTime delay,
                              CnsAtmNetDevice **device_a,
                              CnsAtmNetDevice **device_b);
gboolean cns_atm_helper_setup_pvc (CnsAtmHelper *self, CnsNode **path, guint n,
                                   CnsAtmServiceClass service_class,
                                   guint32 *src_vci_out, guint32 *dst_vci_out,
                                   GError **error);

gboolean cns_atm_helper_setup_ip_pvc (CnsAtmHelper *self, CnsNode **path,
                                      guint n, CnsAtmServiceClass service_class,
                                      const CnsAbrParams *params,
                                      guint32 *first_vci_out,
                                      guint32 *last_vci_out, GError **error);

G_END_DECLS
