/* cns — the "cuda" route-table backend: Floyd-Warshall on the GPU, in a
 * plugin.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The backend is always registered, so that Backend=cuda is a name every
 * build knows; the work is done by the plugin routing/cuda/cns-route-
 * cuda.so (built when configure finds nvcc), which the first fill opens
 * with GModule, so that libcns never links against CUDA. The plugin is
 * looked for in the directories of $CNS_PLUGIN_PATH (colon-separated),
 * then in the build tree's routing/cuda, then in the installed
 * $(pkglibdir)/plugins. Without the plugin, or without a device, a fill
 * fails with %CNS_ROUTING_ERROR_FAILED saying which. The router graph
 * goes to the plugin in CSR form (#CnsRouterGraph) with the packing of
 * routing/cuda/cns-route-cuda-plugin.h, shared with the fw-cpu backend,
 * so that both give the same table.
 */
#include "routing/cns-cuda-route-backend.h"

#include "cns-build-config.h"
#include "core/cns-log.h"
#include "routing/cns-route-backend.h"
#include "routing/cns-router-graph-private.h"
#include "routing/cns-routing-error.h"
#include "routing/cns-routing-private.h"
#include "routing/cuda/cns-route-cuda-plugin.h"

#include <gmodule.h>

CNS_LOG_COMPONENT_DEFINE ("cns-cuda-route-backend");

#define PLUGIN_FILE "cns-route-cuda.so"

#ifndef CNS_BUILD_PLUGIN_DIR
#define CNS_BUILD_PLUGIN_DIR NULL
#endif
#ifndef CNS_INSTALL_PLUGIN_DIR
#define CNS_INSTALL_PLUGIN_DIR NULL
#endif

static GMutex lock;
static const CnsRouteCudaPlugin *plugin; /* once loaded, for good */
static gboolean have_stats;
static CnsRouteCudaStats last_stats;

/* The directories to look in, in order. */
static GPtrArray *
plugin_dirs (void)
{
  GPtrArray *dirs = g_ptr_array_new_with_free_func (g_free);
  const gchar *env = g_getenv ("CNS_PLUGIN_PATH");
  const gchar *fixed[] = { CNS_BUILD_PLUGIN_DIR, CNS_INSTALL_PLUGIN_DIR };

  if (env != NULL)
    {
      g_auto (GStrv) parts = g_strsplit (env, G_SEARCHPATH_SEPARATOR_S, -1);

      for (guint k = 0; parts[k] != NULL; k++)
        if (parts[k][0] != '\0')
          g_ptr_array_add (dirs, g_strdup (parts[k]));
    }
  for (guint k = 0; k < G_N_ELEMENTS (fixed); k++)
    if (fixed[k] != NULL)
      g_ptr_array_add (dirs, g_strdup (fixed[k]));
  return dirs;
}

/* Opens the first plugin found and checks its ABI, once; until one is
 * loaded, every call looks again (CNS_PLUGIN_PATH may have changed).
 * Call with the lock held. */
static const CnsRouteCudaPlugin *
plugin_load (GError **error)
{
  g_autoptr (GPtrArray) dirs = NULL;
  g_autoptr (GString) searched = NULL;

  if (plugin != NULL)
    return plugin;
  dirs = plugin_dirs ();
  searched = g_string_new (NULL);
  for (guint k = 0; k < dirs->len; k++)
    {
      g_autofree gchar *path
          = g_build_filename (g_ptr_array_index (dirs, k), PLUGIN_FILE, NULL);
      CnsRouteCudaPluginGetFn get = NULL;
      const CnsRouteCudaPlugin *p;
      GModule *module;

      g_string_append_printf (searched, "%s%s", k > 0 ? ", " : "",
                              (const gchar *) g_ptr_array_index (dirs, k));
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        continue;
      module = g_module_open (path, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
      if (module == NULL)
        {
          g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_FAILED,
                       "cannot load the CUDA plugin %s: %s", path,
                       g_module_error ());
          return NULL;
        }
      if (!g_module_symbol (module, CNS_ROUTE_CUDA_PLUGIN_SYMBOL,
                            (gpointer *) &get)
          || get == NULL)
        {
          g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_FAILED,
                       "%s is not a CUDA plugin: it has no %s", path,
                       CNS_ROUTE_CUDA_PLUGIN_SYMBOL);
          g_module_close (module);
          return NULL;
        }
      p = get ();
      if (p == NULL || p->abi != CNS_ROUTE_CUDA_PLUGIN_ABI || p->probe == NULL
          || p->fill == NULL)
        {
          g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_FAILED,
                       "the CUDA plugin %s has interface version %u, this "
                       "libcns needs %u: rebuild it",
                       path, p != NULL ? p->abi : 0, CNS_ROUTE_CUDA_PLUGIN_ABI);
          g_module_close (module);
          return NULL;
        }
      g_module_make_resident (module);
      CNS_LOG_INFO ("loaded the CUDA plugin %s", path);
      plugin = p;
      return plugin;
    }
#ifdef CNS_HAVE_CUDA_PLUGIN
  g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_FAILED,
               "no CUDA plugin in %s (looked for %s; set CNS_PLUGIN_PATH to "
               "its directory)",
               searched->len > 0 ? searched->str : "no directory", PLUGIN_FILE);
#else
  g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_FAILED,
               "the CUDA plugin was not built: configure found no nvcc, or "
               "was given --without-cuda (and there is no %s in %s)",
               PLUGIN_FILE, searched->len > 0 ? searched->str : "no directory");
#endif
  return NULL;
}

/* Loads the plugin and asks it for a device. Call with the lock held. */
static const CnsRouteCudaPlugin *
plugin_with_device (gchar *device, gsize device_size, guint64 *memory,
                    GError **error)
{
  const CnsRouteCudaPlugin *p = plugin_load (error);
  gchar why[512] = "";

  if (p == NULL)
    return NULL;
  if (!p->probe (device, device_size, memory, why, sizeof why))
    {
      g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_FAILED,
                   "no CUDA device: %s", why);
      return NULL;
    }
  return p;
}

static gboolean
cuda_fill (CnsRouteTable *table, guint n_threads, GError **error)
{
  const CnsRouteGraph *g = cns_route_table_get_graph (table);
  const CnsRouteCudaPlugin *p;
  CnsRouterGraph rg;
  CnsRouteCudaJob job = { 0 };
  CnsRouteCudaStats stats = { 0 };
  gchar device[256] = "", why[512] = "";
  guint64 memory = 0;
  guint32 rank_bits;
  gboolean wide, ok;

  g_mutex_lock (&lock);
  p = plugin_with_device (device, sizeof device, &memory, error);
  if (p == NULL)
    {
      g_mutex_unlock (&lock);
      return FALSE;
    }
  cns_router_graph_init (&rg, g);
  cns_router_graph_packing (&rg, &rank_bits, &wide);
  job.n = rg.n;
  job.offsets = rg.offsets;
  job.neighbor = rg.neighbor;
  job.interface = rg.interface;
  job.metric = rg.metric;
  job.rank_bits = rank_bits;
  job.wide = wide ? 1 : 0;
  job.entry_size = cns_route_table_get_entry_size (table);
  job.table = rg.n > 0 ? cns_route_table_get_row (table, 0) : NULL;
  /* rows are a fixed distance apart; one row needs no more than itself */
  job.stride = rg.n > 1
                   ? (guint64) ((guint8 *) cns_route_table_get_row (table, 1)
                                - (guint8 *) job.table)
                         / job.entry_size
                   : rg.n;
  ok = p->fill (&job, &stats, why, sizeof why);
  if (ok)
    {
      last_stats = stats;
      have_stats = TRUE;
      CNS_LOG_INFO ("cuda: %u routers on %s, %d-bit entries, %" G_GUINT64_FORMAT
                    " bytes of GPU memory: transfers %.6f s, kernels %.6f s",
                    rg.n, device, wide ? 64 : 32, stats.device_bytes,
                    stats.transfer_s, stats.kernel_s);
    }
  else
    g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_FAILED,
                 "the CUDA backend cannot fill the table of %u routers on "
                 "%s: %s",
                 rg.n, device, why);
  g_mutex_unlock (&lock);
  cns_router_graph_clear (&rg);
  return ok;
}

static const CnsRouteBackend cuda_backend = {
  .name = "cuda",
  .description = "blocked Floyd-Warshall on a CUDA device, in a plugin "
                 "(routing/cuda/cns-route-cuda.so)",
  .fill = cuda_fill,
};

void
cns_cuda_route_backend_register (void)
{
  cns_route_backend_register (&cuda_backend);
}

/**
 * cns_cuda_route_backend_is_available:
 * @why: (out) (optional) (transfer full): where to put why not, when not
 *
 * Loads the CUDA plugin, if it is not loaded yet, and asks it whether a
 * device is there, logging the device's name and memory at level info.
 * The "cuda" backend is registered in every build; this says whether a
 * fill with it can work.
 *
 * Returns: %TRUE when a CUDA device can be used; else %FALSE with @why
 * set to a message: the plugin was not built (no nvcc at configure
 * time), is not found (naming the directories searched), cannot be
 * loaded, or finds no device (with the driver's message).
 */
gboolean
cns_cuda_route_backend_is_available (gchar **why)
{
  GError *error = NULL;
  gchar device[256] = "";
  guint64 memory = 0;
  gboolean ok;

  g_mutex_lock (&lock);
  ok = plugin_with_device (device, sizeof device, &memory, &error) != NULL;
  g_mutex_unlock (&lock);
  if (ok)
    CNS_LOG_INFO ("CUDA device 0: %s, %" G_GUINT64_FORMAT " bytes of memory",
                  device, memory);
  else
    {
      CNS_LOG_INFO ("the cuda backend is not available: %s", error->message);
      if (why != NULL)
        *why = g_strdup (error->message);
      g_error_free (error);
    }
  return ok;
}

/**
 * cns_cuda_route_backend_get_last_stats:
 * @transfer_s: (out) (optional): the seconds of host-device copies
 * @kernel_s: (out) (optional): the seconds of the kernels
 *
 * What the last successful fill with the "cuda" backend cost on the
 * device, as CUDA events timed it: copies of the graph to the device
 * and of the table back, and the kernels (initialisation, Floyd-Warshall,
 * extraction of next hops). The rest of a fill's wall-clock time is on
 * the host (the router graph) and in CUDA's set-up.
 *
 * Returns: %TRUE, or %FALSE with nothing set when no fill has succeeded
 * yet.
 */
gboolean
cns_cuda_route_backend_get_last_stats (gdouble *transfer_s, gdouble *kernel_s)
{
  gboolean ok;

  g_mutex_lock (&lock);
  ok = have_stats;
  if (ok && transfer_s != NULL)
    *transfer_s = last_stats.transfer_s;
  if (ok && kernel_s != NULL)
    *kernel_s = last_stats.kernel_s;
  g_mutex_unlock (&lock);
  return ok;
}
