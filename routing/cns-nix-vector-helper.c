/* cns — installing nix-vector routing.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Ipv4NixVectorHelper: a routing helper that gives each node a
 * #CnsNixVectorRouting (in a list routing after static routing, as ns-3's
 * examples do, so that local subnets and broadcasts are static's), and
 * printing a path at a given simulation time.
 */
#include "routing/cns-nix-vector-helper.h"

#include "core/cns-simulator.h"
#include "routing/cns-nix-vector-routing.h"

#include <stdio.h>

struct _CnsNixVectorHelper
{
  CnsIpv4RoutingHelper parent_instance;
};

G_DEFINE_FINAL_TYPE (CnsNixVectorHelper, cns_nix_vector_helper,
                     CNS_TYPE_IPV4_ROUTING_HELPER)

typedef struct
{
  CnsNode *source;
  CnsIpv4Address destination;
  GString *out;
} PrintJob;

static CnsIpv4RoutingProtocol *
nix_helper_create (CnsIpv4RoutingHelper *helper, CnsNode *node)
{
  return CNS_IPV4_ROUTING_PROTOCOL (cns_nix_vector_routing_new ());
}

static void
cns_nix_vector_helper_class_init (CnsNixVectorHelperClass *klass)
{
  CNS_IPV4_ROUTING_HELPER_CLASS (klass)->create = nix_helper_create;
}

static void
cns_nix_vector_helper_init (CnsNixVectorHelper *self)
{
}

/**
 * cns_nix_vector_helper_new:
 *
 * Returns: (transfer full): a helper.
 */
CnsNixVectorHelper *
cns_nix_vector_helper_new (void)
{
  return g_object_new (CNS_TYPE_NIX_VECTOR_HELPER, NULL);
}

static void
print_job_free (gpointer data)
{
  PrintJob *job = data;

  g_object_unref (job->source);
  g_free (job);
}

static void
print_job_run (gpointer obj, gpointer data)
{
  PrintJob *job = data;
  g_autoptr (GString) text = g_string_new (NULL);
  gchar now[CNS_TIME_STRING_SIZE];

  cns_time_format (cns_simulator_now (), now);
  g_string_append_printf (text, "Time: %s, Nix routing\n", now);
  cns_nix_vector_routing_print_routing_path (job->source, job->destination,
                                             text);
  if (job->out != NULL)
    g_string_append_len (job->out, text->str, text->len);
  else
    {
      fputs (text->str, stdout);
      fflush (stdout);
    }
}

/**
 * cns_nix_vector_helper_print_routing_path_at: (skip)
 * @at: when to print, from now (a delay, as ns-3's PrintRoutingPathAt)
 * @source: the node the path starts at
 * @destination: an address of the node it ends at
 * @out: (nullable): where to append, kept alive by the caller until
 *   then; %NULL for standard output
 *
 * Schedules printing the path from @source to @destination as
 * cns_nix_vector_routing_print_routing_path() does, after a line with
 * the simulation time, on the topology as it will be then.
 */
void
cns_nix_vector_helper_print_routing_path_at (CnsNixVectorHelper *self,
                                             CnsTime at, CnsNode *source,
                                             CnsIpv4Address destination,
                                             GString *out)
{
  PrintJob *job;

  g_return_if_fail (CNS_IS_NIX_VECTOR_HELPER (self));
  g_return_if_fail (at >= 0);
  g_return_if_fail (CNS_IS_NODE (source));
  job = g_new0 (PrintJob, 1);
  job->source = g_object_ref (source);
  job->destination = destination;
  job->out = out;
  cns_simulator_schedule_full (at, print_job_run, NULL, job, print_job_free);
}
