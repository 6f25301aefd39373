/* cns — building BRITE topologies into nodes and links.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "brite/cns-brite-config.h"
#include "brite/cns-brite-generator.h"
#include "brite/cns-brite-topology.h"
#include "internet/cns-internet-stack-helper.h"
#include "internet/cns-ipv4-address-helper.h"
#include "network/cns-node-container.h"

G_BEGIN_DECLS

#define CNS_TYPE_BRITE_TOPOLOGY_HELPER (cns_brite_topology_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsBriteTopologyHelper, cns_brite_topology_helper, CNS,
                      BRITE_TOPOLOGY_HELPER, GObject)

CnsBriteTopologyHelper *cns_brite_topology_helper_new (const gchar *conf_file,
                                                       const gchar *seed_file,
                                                       GError **error);
CnsBriteTopologyHelper *
cns_brite_topology_helper_new_from_file (const gchar *brite_file,
                                         GError **error);
CnsBriteTopologyHelper *
cns_brite_topology_helper_new_from_topology (CnsBriteTopology *topology);

gint64 cns_brite_topology_helper_assign_streams (CnsBriteTopologyHelper *self,
                                                 gint64 stream);
gboolean cns_brite_topology_helper_generate (CnsBriteTopologyHelper *self,
                                             GError **error);
const CnsBriteTopology *
cns_brite_topology_helper_get_topology (CnsBriteTopologyHelper *self);
gboolean cns_brite_topology_helper_get_seeds (CnsBriteTopologyHelper *self,
                                              CnsBriteSeeds *out);

void cns_brite_topology_helper_set_memory_check (CnsBriteTopologyHelper *self,
                                                 gboolean check);
gboolean cns_brite_topology_helper_build (CnsBriteTopologyHelper *self,
                                          CnsInternetStackHelper *stack,
                                          GError **error);
gboolean cns_brite_topology_helper_build_distributed (
    CnsBriteTopologyHelper *self, CnsInternetStackHelper *stack,
    guint32 system_count, GError **error);
gboolean
cns_brite_topology_helper_assign_ipv4_addresses (CnsBriteTopologyHelper *self,
                                                 CnsIpv4AddressHelper *address,
                                                 GError **error);

guint32 cns_brite_topology_helper_get_n_as (CnsBriteTopologyHelper *self);
guint32 cns_brite_topology_helper_get_n_nodes (CnsBriteTopologyHelper *self);
guint32 cns_brite_topology_helper_get_n_edges (CnsBriteTopologyHelper *self);
guint32
cns_brite_topology_helper_get_n_nodes_for_as (CnsBriteTopologyHelper *self,
                                              guint32 as);
guint32
cns_brite_topology_helper_get_n_leaf_nodes_for_as (CnsBriteTopologyHelper *self,
                                                   guint32 as);
CnsNode *
cns_brite_topology_helper_get_node_for_as (CnsBriteTopologyHelper *self,
                                           guint32 as, guint32 index);
CnsNode *
cns_brite_topology_helper_get_leaf_node_for_as (CnsBriteTopologyHelper *self,
                                                guint32 as, guint32 index);
guint32 cns_brite_topology_helper_get_system_number_for_as (
    CnsBriteTopologyHelper *self, guint32 as);
CnsNodeContainer *
cns_brite_topology_helper_get_nodes (CnsBriteTopologyHelper *self);
CnsNetDeviceContainer *
cns_brite_topology_helper_get_edge_devices (CnsBriteTopologyHelper *self,
                                            guint32 edge);

G_END_DECLS
