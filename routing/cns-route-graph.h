/* cns — the graph routing protocols compute paths on.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-address.h"

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CnsRouteLink:
 * @neighbor: the node at the other end
 * @interface: this node's interface on the link (its IPv4 interface index)
 * @peer_interface: the neighbour's interface on the link
 * @metric: the metric of @interface: the cost of going from this node to
 *   @neighbor
 * @peer_metric: the metric of @peer_interface: the cost of coming back
 * @peer_address: the neighbour's address on the link, the gateway of
 *   routes over it (0.0.0.0 in graphs read from edge lists)
 *
 * One direction of a point-to-point link, as seen from one of its nodes.
 */
typedef struct
{
  guint32 neighbor;
  guint16 interface;
  guint16 peer_interface;
  guint16 metric;
  guint16 peer_metric;
  CnsIpv4Address peer_address;
} CnsRouteLink;

/* What cns_route_graph_get_router_index() returns for nodes that are not
 * routers. */
#define CNS_ROUTE_GRAPH_NOT_A_ROUTER G_MAXUINT32
/* What the lookups by node return when there is no such node. */
#define CNS_ROUTE_GRAPH_NO_NODE G_MAXUINT32

/**
 * CnsRouteGraph:
 *
 * A snapshot of the topology for route computation: nodes 0..N-1 (node
 * ids), each with its links sorted by (neighbour id, interface index),
 * which is the order of the tie rule every routing protocol follows; the
 * addresses of every node; and the split into routers and hosts. A host
 * is a node with a single link whose neighbour has more than one: it gets
 * no row or column in all-pairs tables, and is reached through its
 * neighbour. Refcounted; read-only (and so safe to share between threads)
 * once sealed.
 */
typedef struct _CnsRouteGraph CnsRouteGraph;

#define CNS_TYPE_ROUTE_GRAPH (cns_route_graph_get_type ())
GType cns_route_graph_get_type (void) G_GNUC_CONST;

CnsRouteGraph *cns_route_graph_new (guint32 n_nodes);
CnsRouteGraph *cns_route_graph_new_from_nodes (void);
CnsRouteGraph *cns_route_graph_load (const gchar *path, GError **error);
CnsRouteGraph *cns_route_graph_ref (CnsRouteGraph *self);
void cns_route_graph_unref (CnsRouteGraph *self);

void cns_route_graph_add_link (CnsRouteGraph *self, guint32 node,
                               const CnsRouteLink *link);
void cns_route_graph_add_edge (CnsRouteGraph *self, guint32 u, guint32 v,
                               guint16 metric_uv, guint16 metric_vu);
void cns_route_graph_add_address (CnsRouteGraph *self, CnsIpv4Address address,
                                  guint32 node);
void cns_route_graph_seal (CnsRouteGraph *self);

guint32 cns_route_graph_get_n_nodes (const CnsRouteGraph *self);
guint64 cns_route_graph_get_n_links (const CnsRouteGraph *self);
const CnsRouteLink *cns_route_graph_get_links (const CnsRouteGraph *self,
                                               guint32 node, guint32 *n_links);
const CnsRouteLink *
cns_route_graph_get_link_for_interface (const CnsRouteGraph *self, guint32 node,
                                        guint32 interface);
gint32 cns_route_graph_get_link_index_for_interface (const CnsRouteGraph *self,
                                                     guint32 node,
                                                     guint32 interface);
gboolean cns_route_graph_has_unit_metrics (const CnsRouteGraph *self);
guint32 cns_route_graph_get_max_interface (const CnsRouteGraph *self);
guint32 cns_route_graph_get_n_routers (const CnsRouteGraph *self);
guint32 cns_route_graph_get_router_index (const CnsRouteGraph *self,
                                          guint32 node);
guint32 cns_route_graph_get_router_node (const CnsRouteGraph *self,
                                         guint32 router);
gboolean cns_route_graph_is_host (const CnsRouteGraph *self, guint32 node);
guint32 cns_route_graph_lookup_address (const CnsRouteGraph *self,
                                        CnsIpv4Address address);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsRouteGraph, cns_route_graph_unref)

G_END_DECLS
