/* cns — the runtime ATM cell that travels through simulated devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Cells come from a free list: the simulator's hot path allocates no
 * memory per cell once the list holds as many cells as are ever in flight
 * at once. The list is per process and unlocked: a simulation runs on one
 * thread per process (MPI ranks are processes). Cells on the free list
 * stay allocated (reachable) until cns_atm_cell_trim_free_list(); nothing
 * releases them at cns_simulator_destroy(), so that the next simulation in
 * the same process reuses them.
 */
#include "atm/cns-atm-sim-cell.h"

#include <string.h>

static CnsAtmCell *free_cells;
static guint64 n_live;

/**
 * cns_atm_cell_new:
 *
 * Returns: (transfer full): a zeroed cell, from the free list when it has
 * one. Free it with cns_atm_cell_free().
 */
CnsAtmCell *
cns_atm_cell_new (void)
{
  CnsAtmCell *cell = free_cells;

  if (G_LIKELY (cell != NULL))
    {
      free_cells = cell->next;
      memset (cell, 0, sizeof *cell);
    }
  else
    cell = g_new0 (CnsAtmCell, 1);
  n_live++;
  return cell;
}

/**
 * cns_atm_cell_free:
 * @cell: (transfer full) (nullable): a cell from cns_atm_cell_new()
 *
 * Puts @cell back on the free list.
 */
void
cns_atm_cell_free (CnsAtmCell *cell)
{
  if (cell == NULL)
    return;
  g_return_if_fail (n_live > 0);
  cell->next = free_cells;
  free_cells = cell;
  n_live--;
}

/**
 * cns_atm_cell_free_notify:
 * @cell: (transfer full): a #CnsAtmCell
 *
 * cns_atm_cell_free() as a #GDestroyNotify, for event data.
 */
void
cns_atm_cell_free_notify (gpointer cell)
{
  cns_atm_cell_free (cell);
}

/**
 * cns_atm_cell_get_n_live:
 *
 * Returns: the number of cells allocated and not yet freed in this
 * process: 0 once a simulation is destroyed, unless a caller still holds
 * cells.
 */
guint64
cns_atm_cell_get_n_live (void)
{
  return n_live;
}

/**
 * cns_atm_cell_trim_free_list:
 *
 * Releases the memory of the cells on the free list.
 */
void
cns_atm_cell_trim_free_list (void)
{
  while (free_cells != NULL)
    {
      CnsAtmCell *next = free_cells->next;

      g_free (free_cells);
      free_cells = next;
    }
}
