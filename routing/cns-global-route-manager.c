/* cns — the shared state of global routing.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's GlobalRouteManager, as one object per simulation: populating
 * takes a snapshot of the topology (a #CnsRouteGraph of every node with
 * IPv4) and fills one all-pairs #CnsRouteTable with the chosen backend;
 * every node's #CnsIpv4GlobalRouting answers from them. ns-3 keeps a
 * route per destination in every node instead, which is what makes its
 * routing tables cubic in time and huge in memory.
 *
 * The manager lives until cns_simulator_destroy(); the routing protocols
 * hold references, so a table outlives the manager's own reference when
 * they do. An interface going down marks the table stale: routes keep
 * their old paths (and packets meet the down interface) until
 * cns_ipv4_global_routing_helper_recompute_routing_tables().
 */
#include "routing/cns-global-route-manager.h"

#include "core/cns-log.h"
#include "core/cns-simulator.h"
#include "routing/cns-route-backend.h"
#include "routing/cns-routing-error.h"
#include "routing/cns-routing-private.h"

#include <unistd.h>

CNS_LOG_COMPONENT_DEFINE ("cns-global-route-manager");

#define DEFAULT_BACKEND "auto"

enum
{
  PROP_0,
  PROP_BACKEND,
  PROP_MEMORY_BUDGET,
  PROP_THREADS,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsGlobalRouteManager
{
  CnsObject parent_instance;

  gchar *backend;
  guint64 memory_budget;
  guint threads;
  CnsRouteTable *table;
  gint stale; /* nodes of several threads may set it at once */
};

G_DEFINE_FINAL_TYPE (CnsGlobalRouteManager, cns_global_route_manager,
                     CNS_TYPE_OBJECT)

static CnsGlobalRouteManager *default_manager;

static void cns_global_route_manager_set_property (GObject *object,
                                                   guint prop_id,
                                                   const GValue *value,
                                                   GParamSpec *pspec);
static void cns_global_route_manager_get_property (GObject *object,
                                                   guint prop_id, GValue *value,
                                                   GParamSpec *pspec);

/* Half of physical memory: what one table may take by default. */
static guint64
default_memory_budget (void)
{
  long pages = sysconf (_SC_PHYS_PAGES);
  long page_size = sysconf (_SC_PAGESIZE);

  if (pages <= 0 || page_size <= 0)
    return G_MAXUINT64;
  return (guint64) pages * (guint64) page_size / 2;
}

static void
cns_global_route_manager_finalize (GObject *object)
{
  CnsGlobalRouteManager *self = CNS_GLOBAL_ROUTE_MANAGER (object);

  g_free (self->backend);
  g_clear_pointer (&self->table, cns_route_table_unref);
  G_OBJECT_CLASS (cns_global_route_manager_parent_class)->finalize (object);
}

static void
cns_global_route_manager_class_init (CnsGlobalRouteManagerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cns_global_route_manager_finalize;
  object_class->set_property = cns_global_route_manager_set_property;
  object_class->get_property = cns_global_route_manager_get_property;

  properties[PROP_BACKEND] = g_param_spec_string (
      "backend", "Backend",
      "The algorithm that computes the all-pairs next-hop table: auto "
      "(the one of least estimated time for the graph), spf (breadth-first "
      "search or Dijkstra per destination), fw-cpu (blocked "
      "Floyd-Warshall) or cuda (Floyd-Warshall on a GPU, through its "
      "plugin); all give the same table",
      DEFAULT_BACKEND, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MEMORY_BUDGET] = g_param_spec_uint64 (
      "memory-budget", "MemoryBudget",
      "The most bytes the all-pairs table may take (routers squared, one "
      "or two bytes each); populating a larger one fails with an error. "
      "Default: half of physical memory",
      0, G_MAXUINT64, default_memory_budget (),
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_THREADS] = g_param_spec_uint (
      "threads", "Threads",
      "The most threads computing the table; 0 for one per processor", 0, 4096,
      0, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_global_route_manager_init (CnsGlobalRouteManager *self)
{
  self->backend = g_strdup (DEFAULT_BACKEND);
  self->memory_budget = default_memory_budget ();
}

static void
manager_simulation_destroyed (gpointer obj, gpointer data)
{
  g_clear_object (&default_manager);
}

/**
 * cns_global_route_manager_get_default:
 *
 * The simulation's manager, made on first use with the attribute
 * defaults in force then (`--CnsGlobalRouteManager::Backend=spf`), and
 * dropped by cns_simulator_destroy().
 *
 * Returns: (transfer none): the manager.
 */
CnsGlobalRouteManager *
cns_global_route_manager_get_default (void)
{
  if (default_manager == NULL)
    {
      default_manager = cns_object_new (CNS_TYPE_GLOBAL_ROUTE_MANAGER, NULL);
      cns_simulator_schedule_destroy (manager_simulation_destroyed, NULL, NULL);
    }
  return default_manager;
}

/**
 * cns_global_route_manager_populate:
 *
 * Computes the routes of every node with IPv4 from the topology as it is
 * now, replacing any earlier table.
 *
 * Returns: %TRUE, or %FALSE with a #CnsRoutingError (unknown backend,
 * over the memory budget) and the old table kept.
 */
gboolean
cns_global_route_manager_populate (CnsGlobalRouteManager *self, GError **error)
{
  g_autoptr (CnsRouteGraph) graph = NULL;
  g_autoptr (CnsRouteTable) table = NULL;

  g_return_val_if_fail (CNS_IS_GLOBAL_ROUTE_MANAGER (self), FALSE);
  /* the table goes while other threads' nodes route by it */
  cns_routing_check_shared_change ("the global routing table");
  if (cns_route_backend_lookup (self->backend) == NULL)
    {
      g_autofree gchar *names = cns_route_backend_list_names ();

      g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_UNKNOWN_BACKEND,
                   "CnsGlobalRouteManager::Backend: no routing backend is "
                   "called \"%s\" (there are: %s)",
                   self->backend, names);
      return FALSE;
    }
  graph = cns_route_graph_new_from_nodes ();
  table = cns_route_table_new (graph, self->memory_budget, error);
  if (table == NULL
      || !cns_route_table_fill (table, self->backend, self->threads, error))
    return FALSE;
  g_clear_pointer (&self->table, cns_route_table_unref);
  self->table = g_steal_pointer (&table);
  g_atomic_int_set (&self->stale, FALSE);
  CNS_LOG_INFO ("global routes for %u nodes (%u routers): %" G_GUINT64_FORMAT
                " bytes, backend %s",
                cns_route_graph_get_n_nodes (graph),
                cns_route_graph_get_n_routers (graph),
                cns_route_table_get_bytes (self->table), self->backend);
  return TRUE;
}

/**
 * cns_global_route_manager_get_table:
 *
 * Returns: (transfer none)
 * (nullable): the routes, or %NULL before they are populated.
 */
CnsRouteTable *
cns_global_route_manager_get_table (CnsGlobalRouteManager *self)
{
  g_return_val_if_fail (CNS_IS_GLOBAL_ROUTE_MANAGER (self), NULL);
  return self->table;
}

/**
 * cns_global_route_manager_is_stale:
 *
 * Returns: whether the topology
 * changed since the routes were computed.
 */
gboolean
cns_global_route_manager_is_stale (CnsGlobalRouteManager *self)
{
  g_return_val_if_fail (CNS_IS_GLOBAL_ROUTE_MANAGER (self), FALSE);
  return g_atomic_int_get (&self->stale);
}

/**
 * cns_global_route_manager_mark_stale:
 *
 * Records that the topology changed (an interface went down or up, an
 * address changed): routes stay as they are until recomputed.
 */
void
cns_global_route_manager_mark_stale (CnsGlobalRouteManager *self)
{
  g_return_if_fail (CNS_IS_GLOBAL_ROUTE_MANAGER (self));
  /* An atomic store, no read-modify-write: in a parallel run, nodes of
   * several threads may mark the table stale in one window (each that
   * finds it fresh logs); the routes stay as they are. */
  if (self->table != NULL && !g_atomic_int_get (&self->stale))
    CNS_LOG_INFO ("topology changed: global routes are stale until "
                  "recomputed");
  g_atomic_int_set (&self->stale, self->table != NULL);
}

static void
cns_global_route_manager_set_property (GObject *object, guint prop_id,
                                       const GValue *value, GParamSpec *pspec)
{
  CnsGlobalRouteManager *self = CNS_GLOBAL_ROUTE_MANAGER (object);

  switch (prop_id)
    {
    case PROP_BACKEND:
      g_free (self->backend);
      self->backend = g_value_dup_string (value);
      if (self->backend == NULL)
        self->backend = g_strdup (DEFAULT_BACKEND);
      break;
    case PROP_MEMORY_BUDGET:
      self->memory_budget = g_value_get_uint64 (value);
      break;
    case PROP_THREADS:
      self->threads = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cns_global_route_manager_get_property (GObject *object, guint prop_id,
                                       GValue *value, GParamSpec *pspec)
{
  CnsGlobalRouteManager *self = CNS_GLOBAL_ROUTE_MANAGER (object);

  switch (prop_id)
    {
    case PROP_BACKEND:
      g_value_set_string (value, self->backend);
      break;
    case PROP_MEMORY_BUDGET:
      g_value_set_uint64 (value, self->memory_budget);
      break;
    case PROP_THREADS:
      g_value_set_uint (value, self->threads);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
