/* cns — generating BRITE topologies.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "brite/cns-brite-config.h"
#include "brite/cns-brite-topology.h"
#include "core/cns-random-variable.h"

G_BEGIN_DECLS

/**
 * CnsBriteSeeds:
 * @places: the state of the generator that places nodes
 * @connect: of the one that links them
 * @edge_conn: of the one that picks the routers of inter-AS links
 * @grouping: of the one that groups routers into ASes (bottom-up)
 * @assignment: of the one that draws the sizes of the ASes (bottom-up)
 * @bandwidth: of the one that draws bandwidths
 *
 * BRITE's seed file: six 48-bit generators (erand48), each three 16-bit
 * words, one line each: "PLACES 12 34 56", "CONNECT ...", "EDGE_CONN
 * ...", "GROUPING ...", "ASSIGNMENT ...", "BANDWIDTH ...". Generating
 * advances them, so that the seeds after one topology, written back,
 * give the next one, as BRITE's last_seed_file does.
 */
typedef struct
{
  guint16 places[3];
  guint16 connect[3];
  guint16 edge_conn[3];
  guint16 grouping[3];
  guint16 assignment[3];
  guint16 bandwidth[3];
} CnsBriteSeeds;

gboolean cns_brite_seeds_read_file (const gchar *path, CnsBriteSeeds *out,
                                    GError **error);
gboolean cns_brite_seeds_parse (const gchar *text, const gchar *name,
                                CnsBriteSeeds *out, GError **error);
gchar *cns_brite_seeds_to_string (const CnsBriteSeeds *seeds);
gboolean cns_brite_seeds_write_file (const CnsBriteSeeds *seeds,
                                     const gchar *path, GError **error);
void cns_brite_seeds_from_random (CnsBriteSeeds *out,
                                  CnsRandomVariable *uniform);

CnsBriteTopology *cns_brite_generate (const CnsBriteConfig *config,
                                      CnsBriteSeeds *seeds, GError **error);

G_END_DECLS
