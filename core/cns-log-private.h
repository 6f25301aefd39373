/* cns — start-up of logging, for the core module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL void cns_log_init (void);
G_GNUC_INTERNAL void cns_log_start (void);
/* Resolves the mask of every component now, which each otherwise does on
 * its first use: before threads run events, so that they only read. */
G_GNUC_INTERNAL void cns_log_resolve_components (void);

/* What prefixes a log line with the simulation time ("+1.500000000000s",
 * at least CNS_TIME_STRING_SIZE bytes) and the running event's node ("-"
 * outside one): the simulator's, installed by the core's start-up, as
 * ns-3's LogSetTimePrinter and LogSetNodePrinter; time 0 and "-" without. */
typedef void (*CnsLogPrinter) (gchar *out, gsize size);

G_GNUC_INTERNAL void cns_log_set_time_printer (CnsLogPrinter printer);
G_GNUC_INTERNAL void cns_log_set_node_printer (CnsLogPrinter printer);

/* How a process among several ends on an error that every one of them
 * meets alike (cns_exit_collective()): @leave leaves the group cleanly
 * (MPI_Finalize) and @reporter says whether this process is the one that
 * prints. Set by the MPI layer while it runs; NULL for both outside it. */
G_GNUC_INTERNAL void cns_log_set_collective_exit (void (*leave) (void),
                                                  gboolean (*reporter) (void));

G_END_DECLS
