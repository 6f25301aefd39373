/* cns — a BRITE topology: the graph of the .brite file format.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * CnsBriteNodeType:
 * The node types of a .brite file: RT_NODE (router, not classified),
 * RT_LEAF, RT_BORDER, RT_STUB, RT_BACKBONE, and the same for AS nodes.
 */
typedef enum
{
  CNS_BRITE_RT_NODE,
  CNS_BRITE_RT_LEAF,
  CNS_BRITE_RT_BORDER,
  CNS_BRITE_RT_STUB,
  CNS_BRITE_RT_BACKBONE,
  CNS_BRITE_AS_NODE,
  CNS_BRITE_AS_LEAF,
  CNS_BRITE_AS_BORDER,
  CNS_BRITE_AS_STUB,
  CNS_BRITE_AS_BACKBONE,
} CnsBriteNodeType;

/**
 * CnsBriteEdgeType:
 * The edge types of a .brite file: E_RT (router edge, not classified),
 * E_RT_STUB, E_RT_BORDER, E_RT_BACKBONE, and the same for AS edges.
 */
typedef enum
{
  CNS_BRITE_E_RT,
  CNS_BRITE_E_RT_STUB,
  CNS_BRITE_E_RT_BORDER,
  CNS_BRITE_E_RT_BACKBONE,
  CNS_BRITE_E_AS,
  CNS_BRITE_E_AS_STUB,
  CNS_BRITE_E_AS_BORDER,
  CNS_BRITE_E_AS_BACKBONE,
} CnsBriteEdgeType;

/**
 * CnsBriteNode:
 * @x: its place on the plane
 * @y: its place on the plane
 * @in_degree: edges that end at it (undirected edges count at both ends)
 * @out_degree: edges that start at it (ditto)
 * @as_id: its AS; -1 in a flat router topology
 * @type: its class
 *
 * A node; its id is its index in the topology.
 */
typedef struct
{
  gdouble x;
  gdouble y;
  guint32 in_degree;
  guint32 out_degree;
  gint32 as_id;
  CnsBriteNodeType type;
} CnsBriteNode;

/**
 * CnsBriteEdge:
 * @src: the index of one end
 * @dst: the index of the other
 * @length: the distance between them on the plane (plane units: km)
 * @delay: the propagation delay, ms: @length / the speed of light; -1 for
 *   an AS-level edge
 * @bandwidth: Mbps
 * @as_from: the AS of @src
 * @as_to: the AS of @dst
 * @type: its class
 * @directed: the last field, D (TRUE) or U
 *
 * An edge; its id is its index in the topology.
 */
typedef struct
{
  guint32 src;
  guint32 dst;
  gdouble length;
  gdouble delay;
  gdouble bandwidth;
  gint32 as_from;
  gint32 as_to;
  CnsBriteEdgeType type;
  gboolean directed;
} CnsBriteEdge;

/**
 * CnsBriteTopology:
 * @nodes: the nodes, by id
 * @n_nodes: how many
 * @edges: the edges, by id
 * @n_edges: how many
 * @model_id: the number in the file's "Model ( id )" line: the model
 *   type that made it
 * @model: the text after "Model ( id ):", without the leading and
 *   trailing blanks (it may name the model, as in "1 - RTWaxman", and
 *   carry its fields)
 *
 * A graph in the shape of BRITE's output, read from a .brite file or
 * generated. The arrays are the topology's; read them, and change them
 * only through the functions below.
 */
typedef struct
{
  CnsBriteNode *nodes;
  guint32 n_nodes;
  CnsBriteEdge *edges;
  guint32 n_edges;
  guint32 model_id;
  gchar *model;
  /*< private >*/
  guint32 nodes_size;
  guint32 edges_size;
} CnsBriteTopology;

CnsBriteTopology *cns_brite_topology_new (void);
void cns_brite_topology_free (CnsBriteTopology *self);
guint32 cns_brite_topology_add_node (CnsBriteTopology *self, gdouble x,
                                     gdouble y, gint32 as_id,
                                     CnsBriteNodeType type);
guint32 cns_brite_topology_add_edge (CnsBriteTopology *self, guint32 src,
                                     guint32 dst, gdouble bandwidth,
                                     CnsBriteEdgeType type);
gdouble cns_brite_delay_for_length (gdouble length);

CnsBriteTopology *cns_brite_topology_read_file (const gchar *path,
                                                GError **error);
CnsBriteTopology *cns_brite_topology_read (const gchar *text, gssize length,
                                           const gchar *name, GError **error);
gchar *cns_brite_topology_to_string (const CnsBriteTopology *self);
gboolean cns_brite_topology_write_file (const CnsBriteTopology *self,
                                        const gchar *path, GError **error);

void cns_brite_topology_classify (CnsBriteTopology *self, guint32 m);
gboolean cns_brite_topology_is_connected (const CnsBriteTopology *self);
guint32 cns_brite_topology_get_n_as (const CnsBriteTopology *self);

const gchar *cns_brite_node_type_to_string (CnsBriteNodeType type);
const gchar *cns_brite_edge_type_to_string (CnsBriteEdgeType type);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsBriteTopology, cns_brite_topology_free)

G_END_DECLS
