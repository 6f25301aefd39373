/* cns — start-up of the statistics module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Registers the module's GTypes at load, so that they can be named in
 * strings (attribute defaults, config paths) before a program has used
 * them.
 */
#include "stats/cns-stats.h"

#include "stats/cns-stats-private.h"

void
cns_stats_init (void)
{
  g_type_ensure (CNS_TYPE_FLOW_MONITOR);
}
