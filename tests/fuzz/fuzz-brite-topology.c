/* cns — libFuzzer harness: arbitrary bytes into the .brite reader.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Any input must either parse or fail with CNS_BRITE_ERROR_PARSE, never
 * crash or leak; what parses must write and read back to the same
 * topology and the same text, and classify and test connectivity
 * without trouble. Built and run by run-fuzz.sh.
 */
#include "brite/cns-brite-error.h"
#include "brite/cns-brite-topology.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void
check_round_trip (const CnsBriteTopology *topo)
{
  g_autofree gchar *text = cns_brite_topology_to_string (topo);
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsBriteTopology) back
      = cns_brite_topology_read (text, -1, "rewritten", &error);
  g_autofree gchar *again = NULL;

  if (back == NULL)
    {
      g_printerr ("the rewritten text does not read back: %s\n%s\n",
                  error->message, text);
      abort ();
    }
  if (back->n_nodes != topo->n_nodes || back->n_edges != topo->n_edges
      || back->model_id != topo->model_id
      || (topo->n_nodes > 0
          && memcmp (back->nodes, topo->nodes,
                     topo->n_nodes * sizeof (CnsBriteNode))
                 != 0)
      || (topo->n_edges > 0
          && memcmp (back->edges, topo->edges,
                     topo->n_edges * sizeof (CnsBriteEdge))
                 != 0))
    {
      g_printerr ("the rewritten text reads back differently\n%s\n", text);
      abort ();
    }
  again = cns_brite_topology_to_string (back);
  if (strcmp (text, again) != 0)
    {
      g_printerr ("a second write differs\n%s\n---\n%s\n", text, again);
      abort ();
    }
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsBriteTopology) topo = NULL;

  topo = cns_brite_topology_read ((const gchar *) data, (gssize) size, "fuzz",
                                  &error);
  if (topo == NULL)
    {
      if (!g_error_matches (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_PARSE)
          || !g_str_has_prefix (error->message, "fuzz:"))
        abort ();
      return 0;
    }
  if (error != NULL)
    abort ();
  check_round_trip (topo);
  cns_brite_topology_is_connected (topo);
  cns_brite_topology_get_n_as (topo);
  cns_brite_topology_classify (topo, 2);
  return 0;
}
