/* cns — benchmark of BRITE topologies: generation, and building the
 * nodes and links of one.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Cases, one JSON line each, each in a process of its own so that
 * max_rss_kb is the case's peak:
 *
 *   generate  for each N of --nodes (10000,100000): a flat router Waxman
 *             topology of N nodes (HS 1000, LS 100, random placement,
 *             incremental growth, m 2, alpha 0.15, beta 0.2, constant
 *             10 Mbps: router-waxman-1000.conf with another N), or the
 *             model of --conf=FILE; time_s is cns_brite_generate() alone,
 *             heap_bytes the heap the topology holds
 *   build     for each N of --buildNodes (10000): the same topology made
 *             into nodes with the internet stack (static and global
 *             routing) and a point-to-point link per edge, then one /30
 *             per link; time_s is cns_brite_topology_helper_build(),
 *             assign_s the addresses
 *
 * Fields: case, model, nodes, edges, time_s, assign_s (build), max_rss_kb,
 * heap_bytes. The seeds are drawn under RngSeed --seed (1).
 */
#include "utils/bench/bench-util.h"
#include "brite/cns-brite.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct
{
  gchar *nodes;
  gchar *build_nodes;
  gchar *conf;
  gint seed;
} Options;

static glong
max_rss_kb (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

static G_GNUC_NORETURN void
usage_error (const gchar *message)
{
  fprintf (stderr, "bench-brite: %s\n", message);
  exit (2);
}

/* The configuration of a case: --conf's, or the router Waxman one of
 * @n nodes. */
static CnsBriteConfig *
case_config (const Options *o, guint32 n)
{
  CnsBriteConfig *config;
  GError *error = NULL;

  if (o->conf != NULL)
    {
      config = cns_brite_config_parse_file (o->conf, &error);
      bench_check ("bench-brite", config != NULL, error);
      return config;
    }
  config = g_new0 (CnsBriteConfig, 1);
  config->model = g_new0 (CnsBriteModel, 1);
  *config->model = (CnsBriteModel){
    .type = CNS_BRITE_MODEL_ROUTER_WAXMAN,
    .n = n,
    .hs = 1000,
    .ls = 100,
    .placement = CNS_BRITE_PLACEMENT_RANDOM,
    .growth = CNS_BRITE_GROWTH_INCREMENTAL,
    .m = 2,
    .alpha = 0.15,
    .beta = 0.2,
    .bw_dist = CNS_BRITE_DIST_CONSTANT,
    .bw_min = 10,
    .bw_max = 1024,
  };
  config->path = g_strdup ("router-waxman");
  return config;
}

static CnsBriteTopology *
generate (const Options *o, const CnsBriteConfig *config, gdouble *time_s)
{
  g_autoptr (CnsRandomVariable) uniform = NULL;
  CnsBriteTopology *topology;
  CnsBriteSeeds seeds;
  GError *error = NULL;
  gdouble t0;

  cns_rng_seed_manager_set_seed ((guint32) o->seed);
  uniform = cns_uniform_random_variable_new (0, 1);
  cns_brite_seeds_from_random (&seeds, uniform);
  t0 = bench_now_s ();
  topology = cns_brite_generate (config, &seeds, &error);
  *time_s = bench_now_s () - t0;
  bench_check ("bench-brite", topology != NULL, error);
  return topology;
}

static void
run_generate (const Options *o, guint32 n)
{
  g_autoptr (CnsBriteConfig) config = case_config (o, n);
  gsize heap0 = bench_heap_bytes ();
  g_autoptr (CnsBriteTopology) topology = NULL;
  gdouble time_s;

  topology = generate (o, config, &time_s);
  printf ("{\"case\":\"generate\",\"model\":\"%s\",\"nodes\":%u,\"edges\":%u,"
          "\"time_s\":%.6f,\"max_rss_kb\":%ld,\"heap_bytes\":%zu}\n",
          config->path, topology->n_nodes, topology->n_edges, time_s,
          max_rss_kb (), bench_heap_bytes () - heap0);
}

static void
run_build (const Options *o, guint32 n)
{
  g_autoptr (CnsBriteConfig) config = case_config (o, n);
  g_autoptr (CnsBriteTopologyHelper) brite = NULL;
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) address = cns_ipv4_address_helper_new ();
  CnsBriteTopology *topology;
  GError *error = NULL;
  gdouble generate_s, t0, build_s, assign_s;
  gsize heap0;

  topology = generate (o, config, &generate_s);
  heap0 = bench_heap_bytes ();
  brite = cns_brite_topology_helper_new_from_topology (topology);
  t0 = bench_now_s ();
  bench_check ("bench-brite",
               cns_brite_topology_helper_build (brite, stack, &error), error);
  build_s = bench_now_s () - t0;
  bench_check ("bench-brite",
               cns_ipv4_address_helper_set_base (
                   address, "10.0.0.0", "255.255.255.252", NULL, &error),
               error);
  t0 = bench_now_s ();
  bench_check (
      "bench-brite",
      cns_brite_topology_helper_assign_ipv4_addresses (brite, address, &error),
      error);
  assign_s = bench_now_s () - t0;
  printf ("{\"case\":\"build\",\"model\":\"%s\",\"nodes\":%u,\"edges\":%u,"
          "\"time_s\":%.6f,\"assign_s\":%.6f,\"max_rss_kb\":%ld,"
          "\"heap_bytes\":%zu}\n",
          config->path, cns_brite_topology_helper_get_n_nodes (brite),
          cns_brite_topology_helper_get_n_edges (brite), build_s, assign_s,
          max_rss_kb (), bench_heap_bytes () - heap0);
  g_clear_object (&brite);
  cns_simulator_destroy ();
}

/* Runs @fn (@o, @n) in a child process; FALSE when the child failed. */
static gboolean
in_child (void (*fn) (const Options *o, guint32 n), const Options *o, guint32 n)
{
  pid_t pid;
  int status;

  fflush (stdout);
  pid = fork ();
  if (pid < 0)
    usage_error ("cannot fork");
  if (pid == 0)
    {
      fn (o, n);
      fflush (stdout);
      _exit (0);
    }
  if (waitpid (pid, &status, 0) < 0)
    return FALSE;
  return WIFEXITED (status) && WEXITSTATUS (status) == 0;
}

/* The node counts of @text, "10000,100000". */
static GArray *
parse_counts (const gchar *option, const gchar *text)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  GArray *counts = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint k = 0; parts[k] != NULL; k++)
    {
      guint64 n;

      if (*parts[k] == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (parts[k], 10, 1, G_MAXUINT32, &n, NULL))
        {
          g_autofree gchar *message = g_strdup_printf (
              "--%s: \"%s\" is not a node count", option, parts[k]);

          usage_error (message);
        }
      g_array_append_val (counts, n);
    }
  return counts;
}

int
main (int argc, char **argv)
{
  Options o = { .seed = 1 };
  GOptionEntry entries[]
      = { { "nodes", 0, 0, G_OPTION_ARG_STRING, &o.nodes,
            "Node counts of the generate case (10000,100000)", "N,N" },
          { "buildNodes", 0, 0, G_OPTION_ARG_STRING, &o.build_nodes,
            "Node counts of the build case (10000); empty for none", "N,N" },
          { "conf", 0, 0, G_OPTION_ARG_FILENAME, &o.conf,
            "Generate this configuration file's model instead (run once)",
            "FILE" },
          { "seed", 0, 0, G_OPTION_ARG_INT, &o.seed,
            "RngSeed the generators' seeds are drawn with (1)", "S" },
          G_OPTION_ENTRY_NULL };
  g_autoptr (GOptionContext) context
      = g_option_context_new ("- time BRITE generation and building");
  g_autoptr (GArray) nodes = NULL;
  g_autoptr (GArray) build_nodes = NULL;
  GError *error = NULL;
  gboolean ok = TRUE;

  /* large runs want malloc tuned; the library leaves it alone unless asked */
  cns_memory_tune_heap ();

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    usage_error (error->message);
  if (argc > 1)
    {
      g_autofree gchar *message
          = g_strdup_printf ("unexpected argument '%s'; see --help", argv[1]);

      usage_error (message);
    }
  if (o.seed < 1)
    usage_error ("--seed: expected at least 1");
  nodes = parse_counts ("nodes", o.nodes != NULL ? o.nodes : "10000,100000");
  build_nodes = parse_counts ("buildNodes",
                              o.build_nodes != NULL ? o.build_nodes : "10000");
  if (o.conf != NULL)
    {
      /* read once here, so that a bad file is reported once, not by
       * every case's child */
      cns_brite_config_free (case_config (&o, 0));
      /* the file says how many nodes: one run of each case */
      g_array_set_size (nodes, MIN (nodes->len, 1));
      g_array_set_size (build_nodes, MIN (build_nodes->len, 1));
    }
  for (guint k = 0; k < nodes->len; k++)
    ok &= in_child (run_generate, &o, g_array_index (nodes, guint32, k));
  for (guint k = 0; k < build_nodes->len; k++)
    ok &= in_child (run_build, &o, g_array_index (build_nodes, guint32, k));
  g_free (o.nodes);
  g_free (o.build_nodes);
  g_free (o.conf);
  return ok ? 0 : 1;
}
