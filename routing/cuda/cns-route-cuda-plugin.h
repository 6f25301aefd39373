/* cns — the interface between libcns and its CUDA routing plugin.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The plugin (routing/cuda/, built only when configure finds nvcc) is a
 * shared object that libcns opens with GModule when a table is first
 * filled with Backend=cuda, so that libcns itself never links against
 * CUDA. It exports one symbol, cns_route_cuda_plugin, returning the
 * table below. Plain C and fixed-width types only: nvcc compiles the
 * plugin without GLib.
 *
 * THE PACKED DISTANCE MATRIX (shared with the fw-cpu backend, which must
 * give the same table bit for bit). Routers 0..n-1; row i's links, in
 * tie-rule order (neighbour node id, then interface index), are
 * neighbor[offsets[i] .. offsets[i+1]), their position there being the
 * link's rank r. With b bits such that 2^b > the largest row length and
 * mask = 2^b - 1, entry P[i][j] = (distance << b) | rank of the first
 * link. Initially P[i][j] = INF, P[i][i] = mask (distance 0, no link:
 * the largest key, so it never wins a tie), and for each link (i, n, w,
 * rank r) P[i][n] = min (P[i][n], (w << b) | r). The closure is
 * Floyd-Warshall with
 *     P[i][j] = min (P[i][j], P[i][k] + (P[k][j] & ~mask))
 * which keeps, for each pair, the least (distance, first-link rank):
 * exactly the tie rule's next hop. INF is 0x7FFFFFFF in 32-bit entries,
 * 0x7FFFFFFFFFFFFFFF in 64-bit ones: sums of two entries never wrap, and
 * every finite entry is below INF as long as ((max distance + 1) << b)
 * <= INF, max distance = (n - 1) * the largest metric; 32-bit entries are
 * used when that holds, 64-bit ones otherwise. The table entry for (i, j)
 * is 0 when i == j or P[i][j] >= INF, else interface[offsets[i] +
 * (P[i][j] & mask)].
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CNS_ROUTE_CUDA_PLUGIN_ABI 1

/* One table to fill: the router graph in CSR form, tie-rule order. */
typedef struct
{
  uint32_t n;                 /* routers */
  const uint32_t *offsets;    /* n + 1 */
  const uint32_t *neighbor;   /* router index of each link's far end */
  const uint16_t *interface;  /* the interface index it leaves by */
  const uint16_t *metric;     /* its metric, from this end */
  uint32_t rank_bits;         /* b */
  uint32_t wide;              /* 1: 64-bit entries, 0: 32-bit */
  uint32_t entry_size;        /* bytes per table entry: 1 or 2 */
  uint64_t stride;            /* entries per table row */
  void *table;                /* n rows of stride entries, zeroed */
} CnsRouteCudaJob;

/* What a fill cost, and where. */
typedef struct
{
  double transfer_s; /* host <-> device copies */
  double kernel_s;   /* initialisation, Floyd-Warshall, extraction */
  uint64_t device_bytes; /* device memory the fill used */
} CnsRouteCudaStats;

typedef struct
{
  uint32_t abi; /* CNS_ROUTE_CUDA_PLUGIN_ABI */
  /* Whether a usable device is there: 1, with its name and memory, or
   * 0 with why not (no device, no driver, ...). */
  int (*probe) (char *device, size_t device_size, uint64_t *memory,
                char *why, size_t why_size);
  /* Fills job->table: 1, or 0 with why not (out of device memory, with
   * the bytes needed; a CUDA error). */
  int (*fill) (const CnsRouteCudaJob *job, CnsRouteCudaStats *stats,
               char *why, size_t why_size);
} CnsRouteCudaPlugin;

/* The one symbol the plugin exports. */
typedef const CnsRouteCudaPlugin *(*CnsRouteCudaPluginGetFn) (void);
#define CNS_ROUTE_CUDA_PLUGIN_SYMBOL "cns_route_cuda_plugin"

#ifdef __cplusplus
}
#endif
