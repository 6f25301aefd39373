/* cns — BRITE configuration files.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * CnsBriteModelType:
 * @CNS_BRITE_MODEL_ROUTER_WAXMAN: 1, router-level Waxman
 * @CNS_BRITE_MODEL_ROUTER_BA: 2, router-level Barabasi-Albert
 * @CNS_BRITE_MODEL_AS_WAXMAN: 3, AS-level Waxman
 * @CNS_BRITE_MODEL_AS_BA: 4, AS-level Barabasi-Albert
 * @CNS_BRITE_MODEL_TOP_DOWN: 5, top-down hierarchical (an AS model, then
 *   a router model in each AS)
 * @CNS_BRITE_MODEL_BOTTOM_UP: 6, bottom-up hierarchical (a router model,
 *   grouped into ASes)
 * @CNS_BRITE_MODEL_ROUTER_FILE: 7, a router-level topology read from a file
 * @CNS_BRITE_MODEL_AS_FILE: 8, an AS-level topology read from a file
 *
 * The value of a model block's Name field.
 */
typedef enum
{
  CNS_BRITE_MODEL_ROUTER_WAXMAN = 1,
  CNS_BRITE_MODEL_ROUTER_BA = 2,
  CNS_BRITE_MODEL_AS_WAXMAN = 3,
  CNS_BRITE_MODEL_AS_BA = 4,
  CNS_BRITE_MODEL_TOP_DOWN = 5,
  CNS_BRITE_MODEL_BOTTOM_UP = 6,
  CNS_BRITE_MODEL_ROUTER_FILE = 7,
  CNS_BRITE_MODEL_AS_FILE = 8,
} CnsBriteModelType;

/**
 * CnsBriteNodePlacement:
 *
 * NodePlacement: 1 random, 2 heavy-tailed.
 */
typedef enum
{
  CNS_BRITE_PLACEMENT_RANDOM = 1,
  CNS_BRITE_PLACEMENT_HEAVY_TAILED = 2,
} CnsBriteNodePlacement;

/**
 * CnsBriteGrowthType:
 *
 * GrowthType: 1 incremental, 2 all at once.
 */
typedef enum
{
  CNS_BRITE_GROWTH_INCREMENTAL = 1,
  CNS_BRITE_GROWTH_ALL = 2,
} CnsBriteGrowthType;

/**
 * CnsBriteBandwidthDist:
 * BWDist, BWInter, BWIntra, and bottom-up's AssignType (the sizes of the
 * ASes): 1 constant, 2 uniform, 3 exponential, 4 heavy-tailed (BRITE's
 * code; the comments of some published conf files swap 3 and 4).
 */
typedef enum
{
  CNS_BRITE_DIST_CONSTANT = 1,
  CNS_BRITE_DIST_UNIFORM = 2,
  CNS_BRITE_DIST_EXPONENTIAL = 3,
  CNS_BRITE_DIST_HEAVY_TAILED = 4,
} CnsBriteDist;

/**
 * CnsBriteEdgeConn:
 * Top-down's edgeConn, which router of an AS gets an inter-AS link:
 * 1 a random one, 2 the one of smallest degree, 3 the one of smallest
 * degree that is not a leaf, 4 the one of smallest degree above k
 * (BRITE's code; some published comments swap 2 and 3).
 */
typedef enum
{
  CNS_BRITE_EDGE_CONN_RANDOM = 1,
  CNS_BRITE_EDGE_CONN_SMALLEST = 2,
  CNS_BRITE_EDGE_CONN_SMALLEST_NONLEAF = 3,
  CNS_BRITE_EDGE_CONN_SMALLEST_K = 4,
} CnsBriteEdgeConn;

/**
 * CnsBriteGrouping:
 *
 * bottom-up's Grouping: 1 random pick, 2 random walk.
 */
typedef enum
{
  CNS_BRITE_GROUPING_RANDOM_PICK = 1,
  CNS_BRITE_GROUPING_RANDOM_WALK = 2,
} CnsBriteGrouping;

typedef struct _CnsBriteModel CnsBriteModel;

/**
 * CnsBriteModel:
 * @type: the Name field
 * @n: N, the number of nodes (flat models)
 * @hs: HS, the side of the plane (flat and imported models)
 * @ls: LS, the side of its squares
 * @placement: NodePlacement (flat models)
 * @growth: GrowthType (Waxman models; BA models grow incrementally)
 * @m: m, the links each new node adds (flat models)
 * @alpha: Waxman's alpha
 * @beta: Waxman's beta
 * @bw_dist: BWDist (flat and imported models)
 * @bw_min: BWMin, Mbps
 * @bw_max: BWMax, Mbps
 * @edge_conn: top-down's edgeConn
 * @k: top-down's k (-1 unless edgeConn is 4)
 * @bw_inter_dist: BWInter (top-down, bottom-up): bandwidth of inter-AS
 *   links, overriding the AS block's BW fields
 * @bw_inter_min: BWInterMin
 * @bw_inter_max: BWInterMax
 * @bw_intra_dist: BWIntra (top-down): bandwidth of links inside an AS,
 *   overriding the router block's BW fields
 * @bw_intra_min: BWIntraMin
 * @bw_intra_max: BWIntraMax
 * @grouping: bottom-up's Grouping
 * @assign_type: bottom-up's AssignType: the distribution of AS sizes
 * @num_as: bottom-up's NumAS
 * @format: imported models' Format (1 BRITE is the one cns reads)
 * @file: imported models' File, resolved against the directory of the
 *   configuration file when relative
 * @as_model: top-down's AS-level block (model 3, 4 or 8)
 * @router_model: top-down's and bottom-up's router-level block (model
 *   1, 2 or 7)
 *
 * One BeginModel ... EndModel block, with the fields of its model set
 * (the others zero).
 */
struct _CnsBriteModel
{
  CnsBriteModelType type;
  guint32 n;
  guint32 hs;
  guint32 ls;
  CnsBriteNodePlacement placement;
  CnsBriteGrowthType growth;
  guint32 m;
  gdouble alpha;
  gdouble beta;
  CnsBriteDist bw_dist;
  gdouble bw_min;
  gdouble bw_max;
  CnsBriteEdgeConn edge_conn;
  gint32 k;
  CnsBriteDist bw_inter_dist;
  gdouble bw_inter_min;
  gdouble bw_inter_max;
  CnsBriteDist bw_intra_dist;
  gdouble bw_intra_min;
  gdouble bw_intra_max;
  CnsBriteGrouping grouping;
  CnsBriteDist assign_type;
  guint32 num_as;
  guint32 format;
  gchar *file;
  CnsBriteModel *as_model;
  CnsBriteModel *router_model;
};

/**
 * CnsBriteConfig:
 * @model: the model block
 * @output_brite: BeginOutput's BRITE field: write a .brite file
 * @output_otter: its OTTER field (read and kept; cns writes no OTTER
 *   files)
 * @path: the file it was read from, or the name given to
 *   cns_brite_config_parse()
 *
 * A parsed BRITE configuration file.
 */
typedef struct
{
  CnsBriteModel *model;
  gboolean output_brite;
  gboolean output_otter;
  gchar *path;
} CnsBriteConfig;

CnsBriteConfig *cns_brite_config_parse_file (const gchar *path,
                                             GError **error);
CnsBriteConfig *cns_brite_config_parse (const gchar *text, gssize length,
                                        const gchar *name, GError **error);
void cns_brite_config_free (CnsBriteConfig *config);

/* BRITE's short name of a model type: "RTWaxman", "RTBarabasi",
 * "ASWaxman", "ASBarabasi", "TopDownHier", "BottomUpHier", "RTFile",
 * "ASFile"; NULL for a value that is not a model. */
const gchar *cns_brite_model_type_to_string (CnsBriteModelType type);

/* The text after "Model ( id ):" of a .brite file: the model's fields in
 * the configuration file's order, separated by spaces ("1000 1000 100 1
 * 1 2 0.15 0.2 1 10 1024" for a router Waxman model), then those of the
 * nested blocks of a hierarchical model. */
gchar *cns_brite_model_to_string (const CnsBriteModel *model);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsBriteConfig, cns_brite_config_free)

G_END_DECLS
