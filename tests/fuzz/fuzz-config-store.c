/* cns — libFuzzer harness: arbitrary bytes as a config store file.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The input is written to a file that a CnsConfigStore in Load mode
 * reads, first for its defaults and global values, then for the values of
 * a small point-to-point topology (so that good paths are set, not only
 * refused). Each step must succeed with no error or fail with one, in the
 * core error domain and with a message naming the file; nothing may
 * crash, leak or log a warning. Defaults, global values and the topology
 * are reset after each input. Built and run by fuzz-smoke.sh.
 */
#include "fuzz-common.h"
#include "core/cns-config-store.h"
#include "core/cns-config.h"
#include "core/cns-global-value.h"
#include "core/cns-simulator.h"
#include "network/cns-node-container.h"
#include "network/cns-point-to-point-helper.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static gchar *path; /* the file the store reads, removed at exit */

static void
remove_file (void)
{
  unlink (path);
  g_free (path);
}

/* The result of one configure call: a success sets no error, a failure
 * sets one that names the file (a parse error, or "FILE:LINE: " and the
 * error of the module whose value was refused, in that module's domain). */
static void
check (gboolean ok, GError *error)
{
  if (ok != (error == NULL))
    abort ();
  if (error == NULL)
    return;
  if (strstr (error->message, path) == NULL)
    {
      g_printerr ("unexpected error: %s\n", error->message);
      abort ();
    }
}

/* Back to the library's start-up state: the input may have set any
 * default or global value (a simulator implementation that needs MPI,
 * say), and the topology is built with the usual ones. */
static void
reset (void)
{
  GList *globals = cns_global_value_list ();

  cns_simulator_destroy ();
  cns_config_reset_defaults ();
  for (GList *it = globals; it != NULL; it = it->next)
    cns_global_value_reset (((GParamSpec *) it->data)->name);
  g_list_free (globals);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  gint fd = g_file_open_tmp ("fuzz-config-store-XXXXXX.xml", &path, NULL);

  if (fd < 0)
    abort ();
  close (fd);
  atexit (remove_file);
  g_log_set_default_handler (fuzz_abort_on_warning, NULL);
  g_unsetenv ("CNS_ATTRIBUTE_DEFAULT");
  g_unsetenv ("CNS_GLOBAL_VALUE");
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (CnsConfigStore) store = cns_config_store_new ();
  g_autoptr (GError) error = NULL;
  FILE *file = fopen (path, "wb");

  if (file == NULL || fwrite (data, 1, size, file) != size
      || fclose (file) != 0)
    abort ();
  g_object_set (store, "mode", CNS_CONFIG_STORE_MODE_LOAD, "filename", path,
                NULL);

  check (cns_config_store_configure_defaults (store, &error), error);
  g_clear_error (&error);
  reset ();
  {
    g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
    g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
    g_autoptr (CnsNetDeviceContainer) devices = NULL;

    cns_node_container_create (nodes, 2);
    devices = cns_point_to_point_helper_install_container (p2p, nodes);
    check (cns_config_store_configure_attributes (store, &error), error);
  }
  reset ();
  return 0;
}
