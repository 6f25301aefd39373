/* cns — cns-brite-gen: generate a BRITE topology, or read one, and say
 * what it is.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 *   cns-brite-gen CONF [--seed N] [--seedFile FILE] [--newSeedFile FILE]
 *                 [-o OUT.brite]
 *   cns-brite-gen --import FILE.brite
 *
 * Generates the topology of the BRITE configuration file CONF, with the
 * seeds of a BRITE seed file or, by default, seeds drawn from cns's
 * random numbers with RngSeed N (1), writes it in BRITE's format when
 * asked, and prints a summary: the model, nodes, edges, ASes, degree
 * statistics, leaves, and whether the graph is connected. --import reads
 * a .brite file instead. Exit status 2 for a wrong command line, 1 for a
 * file that cannot be read, parsed or generated.
 */
#include "brite/cns-brite.h"

#include <stdio.h>

static void
print_summary (const CnsBriteTopology *t)
{
  guint32 min_degree = t->n_nodes > 0 ? G_MAXUINT32 : 0, max_degree = 0;
  guint32 leaves = 0;
  guint64 sum = 0;

  for (guint32 i = 0; i < t->n_nodes; i++)
    {
      guint32 d = t->nodes[i].out_degree;

      min_degree = MIN (min_degree, d);
      max_degree = MAX (max_degree, d);
      sum += d;
      if (t->nodes[i].type == CNS_BRITE_RT_LEAF
          || t->nodes[i].type == CNS_BRITE_AS_LEAF)
        leaves++;
    }
  printf ("model: %u", t->model_id);
  if (cns_brite_model_type_to_string (t->model_id) != NULL)
    printf (" (%s)", cns_brite_model_type_to_string (t->model_id));
  printf ("\nnodes: %u\nedges: %u\nASes: %u\n", t->n_nodes, t->n_edges,
          cns_brite_topology_get_n_as (t));
  printf ("degree: min %u, mean %.3f, max %u\n", min_degree,
          t->n_nodes > 0 ? (gdouble) sum / t->n_nodes : 0.0, max_degree);
  printf ("leaves: %u\n", leaves);
  printf ("connected: %s\n",
          cns_brite_topology_is_connected (t) ? "yes" : "no");
}

/* A usage error: the message and a pointer to --help, status 2. */
static int
usage (const gchar *message)
{
  fprintf (stderr,
           "cns-brite-gen: %s\n"
           "Try 'cns-brite-gen --help' for more information.\n",
           message);
  return 2;
}

int
main (int argc, char **argv)
{
  g_autofree gchar *import = NULL;
  g_autofree gchar *output = NULL;
  g_autofree gchar *seed_file = NULL;
  g_autofree gchar *new_seed_file = NULL;
  gint seed = 1;
  GOptionEntry entries[]
      = { { "import", 0, 0, G_OPTION_ARG_FILENAME, &import,
            "Read this .brite file instead of generating", "FILE" },
          { "seed", 0, 0, G_OPTION_ARG_INT, &seed,
            "Draw the generators' seeds with this RngSeed (1)", "N" },
          { "seedFile", 0, 0, G_OPTION_ARG_FILENAME, &seed_file,
            "Take the generators' seeds from this BRITE seed file", "FILE" },
          { "newSeedFile", 0, 0, G_OPTION_ARG_FILENAME, &new_seed_file,
            "Write the seeds after generation to this file", "FILE" },
          { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
            "Write the topology to this .brite file", "FILE" },
          { NULL } };
  g_autoptr (GOptionContext) context
      = g_option_context_new ("CONF | --import FILE.brite");
  g_autoptr (CnsBriteTopology) topology = NULL;
  g_autoptr (GError) error = NULL;

  g_option_context_set_summary (
      context, "Generates a BRITE topology from a configuration file, or "
               "reads a .brite file, and prints a summary.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage (error->message);
  if (argc > 2 || (import != NULL && argc == 2))
    {
      g_autofree gchar *message = g_strdup_printf (
          "unexpected argument '%s': give one configuration file, or "
          "--import FILE",
          argv[argc - 1]);

      return usage (message);
    }
  if (argc < 2 && import == NULL)
    return usage ("give one configuration file, or --import FILE");
  if (seed <= 0)
    return usage ("--seed must be at least 1");
  if (import != NULL && (seed_file != NULL || new_seed_file != NULL))
    return usage ("--import takes no seeds");

  if (import != NULL)
    topology = cns_brite_topology_read_file (import, &error);
  else
    {
      g_autoptr (CnsBriteConfig) config
          = cns_brite_config_parse_file (argv[1], &error);
      CnsBriteSeeds seeds;

      if (config != NULL && seed_file != NULL)
        cns_brite_seeds_read_file (seed_file, &seeds, &error);
      else if (config != NULL)
        {
          g_autoptr (CnsRandomVariable) uniform = NULL;

          cns_rng_seed_manager_set_seed ((guint32) seed);
          uniform = cns_uniform_random_variable_new (0, 1);
          cns_brite_seeds_from_random (&seeds, uniform);
        }
      if (error == NULL)
        topology = cns_brite_generate (config, &seeds, &error);
      if (topology != NULL && new_seed_file != NULL)
        cns_brite_seeds_write_file (&seeds, new_seed_file, &error);
    }
  if (error == NULL && topology != NULL && output != NULL)
    cns_brite_topology_write_file (topology, output, &error);
  if (error != NULL || topology == NULL)
    {
      fprintf (stderr, "cns-brite-gen: %s\n",
               error != NULL ? error->message : "no topology");
      return 1;
    }
  print_summary (topology);
  return 0;
}
