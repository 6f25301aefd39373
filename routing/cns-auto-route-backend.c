/* cns — the "auto" route-table backend: the backend likely to be fastest
 * for the graph at hand.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every backend fills the same table bit for bit, so the choice is one of
 * speed alone. It is made from a cost model of each backend, with
 * constants measured on a 2-core x86-64 machine with AVX-512 (the
 * project's reference) and on an H200 for the GPU:
 *
 *   spf, equal metrics (bit-parallel breadth-first search, 128
 *     destinations a pass): (7.4e-11 n L + 1.3e-8 n^2) / threads
 *   spf, other metrics (Dijkstra per destination):
 *     (5.8e-9 n L + 1.6e-8 n^2 log2 n) / threads
 *   fw-cpu (blocked Floyd-Warshall): 2.5e-11 n^3 / (2 (threads / 2)^0.69),
 *     twice that for unequal metrics, which usually need 64-bit entries
 *     (memory bandwidth caps its speed-up: 4.2 times from 2 to 16
 *     threads)
 *   cuda: 0.3 s to start the device, n^2 entry bytes copied back at
 *     20 GB/s, n^3 relaxations at 1.3e13 per second
 *
 * for n routers and L links. Breadth-first search wins on equal metrics
 * unless a GPU is there and the graph is large; Floyd-Warshall wins on
 * weighted graphs from a few hundred routers on, and on dense ones. The
 * GPU is probed (loading the plugin) only when its estimate would win;
 * when it is not there, or its fill fails, the best CPU backend runs.
 * The choice and the estimates are logged at INFO level
 * (`CNS_LOG=cns-auto-route-backend=info`, or
 * cns_route_backend_auto_choose()).
 */
#include "core/cns-log.h"
#include "routing/cns-cuda-route-backend.h"
#include "routing/cns-route-backend.h"
#include "routing/cns-routing-private.h"

#include <math.h>

CNS_LOG_COMPONENT_DEFINE ("cns-auto-route-backend");

typedef struct
{
  const gchar *name;
  gdouble seconds;
} Estimate;

/* The CPU backends' estimates for @graph on @n_threads threads; the best
 * first. */
static void
estimate_cpu (const CnsRouteGraph *graph, guint n_threads, Estimate out[2])
{
  gdouble n = cns_route_graph_get_n_routers (graph);
  gdouble links = (gdouble) cns_route_graph_get_n_links (graph);
  gdouble threads = MAX (n_threads, 1);
  Estimate spf, fw;

  spf.name = "spf";
  if (cns_route_graph_has_unit_metrics (graph))
    spf.seconds = (7.4e-11 * n * links + 1.3e-8 * n * n) / threads;
  else
    spf.seconds
        = (5.8e-9 * n * links + 1.6e-8 * n * n * log2 (MAX (n, 2))) / threads;
  fw.name = "fw-cpu";
  fw.seconds = 2.5e-11 * n * n * n / (2.0 * pow (threads / 2.0, 0.69))
               * (cns_route_graph_has_unit_metrics (graph) ? 1.0 : 2.0);
  out[0] = spf.seconds <= fw.seconds ? spf : fw;
  out[1] = spf.seconds <= fw.seconds ? fw : spf;
}

static gdouble
estimate_cuda (const CnsRouteGraph *graph)
{
  gdouble n = cns_route_graph_get_n_routers (graph);

  return 0.3 + 2.0 * n * n / 20e9 + n * n * n / 1.3e13;
}

/**
 * cns_route_backend_auto_choose:
 * @graph: the graph a table is to be filled for
 * @n_threads: the threads the fill may use
 * @reason: (out) (optional) (transfer full): why, with the estimates
 *
 * The backend that "auto" runs for @graph: the one of least estimated
 * time (see cns-auto-route-backend.c), "cuda" only when a GPU is there.
 *
 * Returns: (transfer none): its name.
 */
const gchar *
cns_route_backend_auto_choose (const CnsRouteGraph *graph, guint n_threads,
                               gchar **reason)
{
  Estimate cpu[2];
  gdouble cuda = estimate_cuda (graph);
  g_autofree gchar *why_not = NULL;
  const gchar *chosen;

  g_return_val_if_fail (graph != NULL, "spf");
  estimate_cpu (graph, n_threads, cpu);
  chosen = cpu[0].name;
  if (cuda >= cpu[0].seconds)
    why_not = g_strdup ("slower");
  else if (cns_cuda_route_backend_is_available (&why_not))
    chosen = "cuda";
  if (reason != NULL)
    *reason = g_strdup_printf (
        "%u routers, %" G_GUINT64_FORMAT " links, %s metrics, %u threads: "
        "estimated %s %.3g s, %s %.3g s, cuda %.3g s%s%s%s",
        cns_route_graph_get_n_routers (graph),
        cns_route_graph_get_n_links (graph),
        cns_route_graph_has_unit_metrics (graph) ? "equal" : "unequal",
        MAX (n_threads, 1), cpu[0].name, cpu[0].seconds, cpu[1].name,
        cpu[1].seconds, cuda, why_not != NULL ? " (" : "",
        why_not != NULL ? why_not : "", why_not != NULL ? ")" : "");
  return chosen;
}

static gboolean
auto_fill (CnsRouteTable *table, guint n_threads, GError **error)
{
  const CnsRouteGraph *graph = cns_route_table_get_graph (table);
  g_autofree gchar *reason = NULL;
  const gchar *chosen
      = cns_route_backend_auto_choose (graph, n_threads, &reason);
  g_autoptr (GError) gpu_error = NULL;
  Estimate cpu[2];

  CNS_LOG_INFO ("auto chose %s: %s", chosen, reason);
  if (!g_str_equal (chosen, "cuda"))
    return cns_route_backend_lookup (chosen)->fill (table, n_threads, error);
  if (cns_route_backend_lookup ("cuda")->fill (table, n_threads, &gpu_error))
    return TRUE;
  /* out of device memory, say: the CPU does it, slower */
  estimate_cpu (graph, n_threads, cpu);
  CNS_LOG_INFO ("auto: cuda failed (%s); %s instead", gpu_error->message,
                cpu[0].name);
  return cns_route_backend_lookup (cpu[0].name)->fill (table, n_threads, error);
}

static const CnsRouteBackend auto_backend = {
  .name = "auto",
  .description = "the backend of least estimated time for the graph: spf, "
                 "fw-cpu, or cuda when a GPU is there",
  .fill = auto_fill,
};

void
cns_auto_route_backend_register (void)
{
  cns_route_backend_register (&auto_backend);
}
