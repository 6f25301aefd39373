/* cns — start-up of logging, for the core module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL void cns_log_init (void);
G_GNUC_INTERNAL void cns_log_start (void);

/* How a process among several ends on an error that every one of them
 * meets alike (cns_exit_collective()): @leave leaves the group cleanly
 * (MPI_Finalize) and @reporter says whether this process is the one that
 * prints. Set by the MPI layer while it runs; NULL for both outside it. */
G_GNUC_INTERNAL void cns_log_set_collective_exit (void (*leave) (void),
                                                  gboolean (*reporter) (void));

G_END_DECLS
