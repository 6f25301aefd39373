/* cns — scenario B of the TCP/IP-over-ATM study: 4 cores, 12 edges, 120 hosts.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The seed says only that the 4 cores are "interconnected"; here they form
 * a full mesh (6 core links). Each core has 3 edges, each edge 5 ABR hosts
 * (0-4) and 5 VBR hosts (5-9). Every link is OC-3c, taken as the 149.76
 * Mb/s SONET payload, 353,207.5 cells/s, with --linkDelay (5 ms): a path is
 * host - edge - core - core - edge - host, RTT 50 ms.
 *
 * Edge pairs: each core has one edge per other core. For cores a < b, edge
 * b - 1 of core a pairs with edge a of core b (edge k of core c is
 * switch 3c + k), so the 6 pairs use the 6 core links, one each. Host j of
 * the pair's first edge (on the lower core) sends to host j of the second;
 * the second's hosts only receive, unless --bidirectional, when they send
 * back too and every host is a source and a destination. Each core link
 * then carries one edge's load a direction: 5 x 36,000 + 5 x 23,000 =
 * 295,000 cells/s offered, 0.84 of the link (1.02 at the VBR peak).
 * ABR: greedy, PCR 36,000, ICR 9,000, MCR 0 cells/s, TM 4.0 defaults
 * otherwise. VBR: a 50% square wave of period 100 ms between 36,000 and
 * 10,000 cells/s (mean 23,000), the k-th source (forward ones first)
 * starting 3k mod 100 ms late. Switches run EPRCA, LOW 200 / HIGH 300
 * cells, ER capped above LOW, MACR starting at the ICR. See
 * atm-scenario-common.c for what is measured and for --tcp (TCP Reno
 * over the ABR connections, a 128 KB window).
 *
 *   build/examples/atm-scenario-b --simTime=1s --json
 *   mpirun -np 2 build/examples/atm-scenario-b --simTime=1s
 */
#include "atm-scenario-common.h"

static const guint pairs[][2] = {
  { 0 * 3 + 0, 1 * 3 + 0 }, { 0 * 3 + 1, 2 * 3 + 0 }, { 0 * 3 + 2, 3 * 3 + 0 },
  { 1 * 3 + 1, 2 * 3 + 1 }, { 1 * 3 + 2, 3 * 3 + 1 }, { 2 * 3 + 2, 3 * 3 + 2 },
};

int
main (int argc, char **argv)
{
  const AtmScenario scenario = {
    .prog = "atm-scenario-b",
    .summary = "Scenario B of the TCP/IP-over-ATM study: 4 fully meshed "
               "cores, 12 edges, 120 hosts; ABR and VBR connections between "
               "cores",
    .n_cores = 4,
    .edges_per_core = 3,
    .abr_pcr = 36000,
    .vbr_max = 36000,
    .tcp_window = 128 * 1024,
    .vbr_min = 10000,
    .n_pairs = G_N_ELEMENTS (pairs),
    .pairs = pairs,
  };

  return atm_scenario_main (&scenario, argc, argv);
}
