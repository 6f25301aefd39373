/* cns — what the ATM scenario programs A and B share.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

/* OC-3c: the 149.76 Mb/s SONET payload over 53-byte cells. */
#define ATM_SCENARIO_OC3_CELL_RATE 353207.5

/**
 * AtmScenario:
 * @prog: the program's name, for messages
 * @summary: its --help summary
 * @n_cores: core switches, joined in a full mesh (one link for 2)
 * @edges_per_core: edge switches hung off each core
 * @abr_pcr: the ABR sources' PCR, cells/s (ICR is a quarter of it)
 * @vbr_max: the VBR square wave's high rate, cells/s
 * @vbr_min: its low rate, cells/s
 * @tcp_window: with --tcp, the TCP send and receive buffers, bytes
 * @n_pairs: how many edge pairs
 * @pairs: each edge pair (edges numbered core * @edges_per_core + index);
 *   host j of the first edge sends to host j of the second, and back
 *   with --bidirectional. Both edges of a pair are on different cores.
 *
 * One of the two scenarios of the TCP/IP-over-ATM study.
 */
typedef struct
{
  const gchar *prog;
  const gchar *summary;
  guint n_cores;
  guint edges_per_core;
  gdouble abr_pcr;
  gdouble vbr_max;
  gdouble vbr_min;
  guint tcp_window;
  guint n_pairs;
  const guint (*pairs)[2];
} AtmScenario;

int atm_scenario_main (const AtmScenario *scenario, int argc, char **argv);
