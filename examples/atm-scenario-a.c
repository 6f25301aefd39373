/* cns — scenario A of the TCP/IP-over-ATM study: 2 cores, 4 edges, 40 hosts.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 *   hosts 0-9 -- E0 --+            +-- E2 -- hosts 20-29
 *                     C0 -------- C1
 *   hosts 10-19 - E1 --+            +-- E3 -- hosts 30-39
 *
 * Every link is OC-3c, taken as the 149.76 Mb/s SONET payload,
 * 353,207.5 cells/s (the seed does not say; the raw 155.52 Mb/s line would
 * be 366,792), with --linkDelay (5 ms), so a path is 5 hops, RTT 50 ms.
 * Each edge has 5 ABR hosts (0-4) and 5 VBR hosts (5-9). The pairs are
 * E0 with E2 and E1 with E3: host j of E0 sends to host j of E2, and of E1
 * to E3, so every connection crosses the C0-C1 link; the far side's hosts
 * (E2, E3) only receive. With --bidirectional the far side's host j sends
 * back to its partner too, so every host is a source and a destination.
 * ABR: greedy, PCR 21,000, ICR 5,250, MCR 0 cells/s, TM 4.0 defaults
 * otherwise. VBR: a 50% square wave of period 100 ms between 15,000 and
 * 10,000 cells/s (mean 12,500), the k-th source (forward ones first)
 * starting 3k mod 100 ms late. Switches run EPRCA, LOW 200 / HIGH 300
 * cells, ER capped above LOW, MACR starting at the ICR. Uni load on
 * C0->C1: 10 x 21,000 + 10 x 12,500 = 335,000 cells/s offered, 0.95 of the
 * link, so EPRCA binds there. See atm-scenario-common.c for what is
 * measured and for --tcp (TCP Reno over the ABR connections, a 512 KB
 * window); --json prints it as one line.
 *
 *   build/examples/atm-scenario-a --simTime=10s --json
 *   mpirun -np 2 build/examples/atm-scenario-a --simTime=10s
 */
#include "atm-scenario-common.h"

/* Edges numbered core * 2 + index: E0, E1 on C0; E2, E3 on C1. */
static const guint pairs[][2] = { { 0, 2 }, { 1, 3 } };

int
main (int argc, char **argv)
{
  const AtmScenario scenario = {
    .prog = "atm-scenario-a",
    .summary = "Scenario A of the TCP/IP-over-ATM study: 2 cores, 4 edges, 40 "
               "hosts; ABR and VBR connections across the core link",
    .n_cores = 2,
    .edges_per_core = 2,
    .abr_pcr = 21000,
    .vbr_max = 15000,
    .tcp_window = 512 * 1024,
    .vbr_min = 10000,
    .n_pairs = G_N_ELEMENTS (pairs),
    .pairs = pairs,
  };

  return atm_scenario_main (&scenario, argc, argv);
}
