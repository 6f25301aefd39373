/* cns — the CUDA routing plugin: all-pairs next hops by blocked
 * Floyd-Warshall on the GPU.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * libcns opens this shared object with GModule (routing/cns-cuda-route-
 * backend.c) and calls it through the table cns_route_cuda_plugin()
 * returns; see cns-route-cuda-plugin.h for the packed distance matrix P
 * it closes and the table it extracts. The CUDA runtime is linked in
 * statically, so the plugin needs only the driver (libcuda) at run time.
 *
 * A fill: the CSR arrays go to the device; an initialisation kernel
 * builds P, n padded to a multiple of TILE with INF rows and columns
 * (INF never wins a minimum, so the padding changes nothing); then per
 * round K of the blocked Floyd-Warshall (Venkataraman et al.):
 *
 *   phase 1  the diagonal tile (K, K) closes itself, k by k;
 *   phase 2  the tiles of row K and column K, each with the closed
 *            diagonal tile, k by k;
 *   phase 3  every other tile (I, J) from (I, K) and (K, J), which no
 *            longer change in this round: no synchronisation between
 *            the k steps, the hot loop of the whole fill.
 *
 * Within a round the k steps of phases 1 and 2 update a tile in place;
 * row k and column k of P do not change at step k (the diagonal holds
 * distance 0), so this is the same closure as the textbook loop, and
 * since every entry is the least (distance, first-link rank) over a set
 * of walks, the result is the unique one the CPU backends compute.
 *
 * A block is 16 x 16 threads on a 64 x 64 tile, each thread owning a
 * 4 x 4 block of entries kept in registers: in phase 3 each k step costs
 * a thread two 4-wide shared-memory loads (its 4 rows of column k of
 * (I, K), stored transposed, and its 4 columns of row k of (K, J), with
 * the rank bits already masked off) for 16 add-and-min operations
 * (__viaddmin_u32, one DPX instruction on sm_90, for 32-bit entries).
 * Finally an extraction kernel turns P into table entries, which are
 * copied back into job->table.
 */
#include "cns-route-cuda-plugin.h"

#include <cuda_runtime.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define TILE 64 /* entries per tile side */
#define SIDE 16 /* threads per block side */
#define PER  4  /* entries per thread per side: TILE / SIDE */
/* the row pitch of the transposed tile in phase 3: rows stay 16-byte
 * aligned, with fewer bank conflicts than TILE */
#define AT_PITCH (TILE + 4)

/* ---- entries: 32 or 64 bits ---- */

template <typename T> struct Entry;

template <> struct Entry<uint32_t>
{
  static constexpr uint32_t INF = 0x7FFFFFFFu;

  /* min (a + b, c); a + b never wraps: both are at most INF */
  static __device__ __forceinline__ uint32_t
  add_min (uint32_t a, uint32_t b, uint32_t c)
  {
    return __viaddmin_u32 (a, b, c);
  }
};

template <> struct Entry<uint64_t>
{
  static constexpr uint64_t INF = 0x7FFFFFFFFFFFFFFFull;

  static __device__ __forceinline__ uint64_t
  add_min (uint64_t a, uint64_t b, uint64_t c)
  {
    uint64_t s = a + b;

    return s < c ? s : c;
  }
};

/* Four consecutive entries, 16-byte aligned, in one or two vector
 * accesses. */
static __device__ __forceinline__ void
load4 (const uint32_t *p, uint32_t v[4])
{
  uint4 q = *reinterpret_cast<const uint4 *> (p);

  v[0] = q.x;
  v[1] = q.y;
  v[2] = q.z;
  v[3] = q.w;
}

static __device__ __forceinline__ void
load4 (const uint64_t *p, uint64_t v[4])
{
  ulonglong2 q0 = reinterpret_cast<const ulonglong2 *> (p)[0];
  ulonglong2 q1 = reinterpret_cast<const ulonglong2 *> (p)[1];

  v[0] = q0.x;
  v[1] = q0.y;
  v[2] = q1.x;
  v[3] = q1.y;
}

static __device__ __forceinline__ void
store4 (uint32_t *p, const uint32_t v[4])
{
  *reinterpret_cast<uint4 *> (p) = make_uint4 (v[0], v[1], v[2], v[3]);
}

static __device__ __forceinline__ void
store4 (uint64_t *p, const uint64_t v[4])
{
  reinterpret_cast<ulonglong2 *> (p)[0] = make_ulonglong2 (v[0], v[1]);
  reinterpret_cast<ulonglong2 *> (p)[1] = make_ulonglong2 (v[2], v[3]);
}

/* Dynamic shared memory, carved per kernel. */
extern __shared__ __align__ (16) unsigned char cns_shared[];

/* ---- initialisation ---- */

template <typename T>
__global__ void
init_inf_kernel (T *p, uint64_t count)
{
  uint64_t stride = (uint64_t) gridDim.x * blockDim.x;

  for (uint64_t at = (uint64_t) blockIdx.x * blockDim.x + threadIdx.x;
       at < count; at += stride)
    p[at] = Entry<T>::INF;
}

/* One thread per router: the diagonal, then the row's links in order,
 * the least (metric, rank) per neighbour. */
template <typename T>
__global__ void
init_links_kernel (T *p, uint64_t pitch, uint32_t n, const uint32_t *offsets,
                   const uint32_t *neighbor, const uint16_t *metric,
                   uint32_t rank_bits)
{
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  T *row;
  uint32_t first;

  if (i >= n)
    return;
  row = p + (uint64_t) i * pitch;
  row[i] = ((T) 1 << rank_bits) - 1;
  first = offsets[i];
  for (uint32_t l = first; l < offsets[i + 1]; l++)
    {
      T v = ((T) metric[l] << rank_bits) | (T) (l - first);
      uint32_t nb = neighbor[l];

      if (v < row[nb])
        row[nb] = v;
    }
}

/* ---- blocked Floyd-Warshall ---- */

/* Thread (tx, ty) owns rows ty * PER + u and columns tx * PER + v of its
 * tile, u, v in [0, PER). */

template <typename T>
static __device__ __forceinline__ void
tile_load (const T *p, uint64_t pitch, uint32_t ti, uint32_t tj, T c[PER][PER])
{
  const T *base = p + ((uint64_t) ti * TILE + threadIdx.y * PER) * pitch
                  + (uint64_t) tj * TILE + threadIdx.x * PER;

  for (int u = 0; u < PER; u++)
    load4 (base + u * pitch, c[u]);
}

template <typename T>
static __device__ __forceinline__ void
tile_store (T *p, uint64_t pitch, uint32_t ti, uint32_t tj,
            const T c[PER][PER])
{
  T *base = p + ((uint64_t) ti * TILE + threadIdx.y * PER) * pitch
            + (uint64_t) tj * TILE + threadIdx.x * PER;

  for (int u = 0; u < PER; u++)
    store4 (base + u * pitch, c[u]);
}

/* Closes own (TILE x TILE in shared memory, its thread's part also in
 * c) k by k, with a[u] = row[ty * PER + u][k], b[v] = col[k][tx * PER +
 * v] & ~mask, row and col being own or the closed diagonal tile.
 * Everything read at step k is read before anything is written. */
template <typename T>
static __device__ __forceinline__ void
tile_close (T *own, const T *row, const T *col, T mask, T c[PER][PER])
{
  for (int k = 0; k < TILE; k++)
    {
      T a[PER], b[PER];

      for (int u = 0; u < PER; u++)
        a[u] = row[(threadIdx.y * PER + u) * TILE + k];
      for (int v = 0; v < PER; v++)
        b[v] = col[k * TILE + threadIdx.x * PER + v] & ~mask;
      __syncthreads ();
      for (int u = 0; u < PER; u++)
        for (int v = 0; v < PER; v++)
          {
            c[u][v] = Entry<T>::add_min (a[u], b[v], c[u][v]);
            own[(threadIdx.y * PER + u) * TILE + threadIdx.x * PER + v]
                = c[u][v];
          }
      __syncthreads ();
    }
}

template <typename T>
static __device__ __forceinline__ void
tile_to_shared (T *s, const T c[PER][PER])
{
  for (int u = 0; u < PER; u++)
    for (int v = 0; v < PER; v++)
      s[(threadIdx.y * PER + u) * TILE + threadIdx.x * PER + v] = c[u][v];
}

/* Phase 1: the diagonal tile (K, K). One block. */
template <typename T>
__global__ void
phase1_kernel (T *p, uint64_t pitch, uint32_t K, T mask)
{
  T *d = reinterpret_cast<T *> (cns_shared);
  T c[PER][PER];

  tile_load (p, pitch, K, K, c);
  tile_to_shared (d, c);
  __syncthreads ();
  tile_close (d, d, d, mask, c);
  tile_store (p, pitch, K, K, c);
}

/* Phase 2: block (x, 0) is tile (K, x) of row K, block (x, 1) tile (x, K)
 * of column K; x == K is the diagonal, done. */
template <typename T>
__global__ void
phase2_kernel (T *p, uint64_t pitch, uint32_t K, T mask)
{
  T *d = reinterpret_cast<T *> (cns_shared);
  T *own = d + TILE * TILE;
  uint32_t x = blockIdx.x;
  bool in_row = blockIdx.y == 0;
  uint32_t ti = in_row ? K : x, tj = in_row ? x : K;
  T c[PER][PER];

  if (x == K)
    return;
  tile_load (p, pitch, K, K, c);
  tile_to_shared (d, c);
  tile_load (p, pitch, ti, tj, c);
  tile_to_shared (own, c);
  __syncthreads ();
  /* (K, x): P[i][j] from P[i][k] of the diagonal and P[k][j] of its own;
   * (x, K): from P[i][k] of its own and P[k][j] of the diagonal */
  if (in_row)
    tile_close (own, d, own, mask, c);
  else
    tile_close (own, own, d, mask, c);
  tile_store (p, pitch, ti, tj, c);
}

/* Phase 3: tile (I, J) = (blockIdx.y, blockIdx.x), I != K != J, from
 * (I, K) (transposed in shared memory: a thread's 4 rows of column k are
 * adjacent) and (K, J) (rank bits masked off). */
template <typename T>
__global__ void
phase3_kernel (T *p, uint64_t pitch, uint32_t K, T mask)
{
  T *at = reinterpret_cast<T *> (cns_shared); /* [k][i], AT_PITCH */
  T *bs = at + TILE * AT_PITCH;               /* [k][j], TILE */
  uint32_t I = blockIdx.y, J = blockIdx.x;
  uint32_t t = threadIdx.y * SIDE + threadIdx.x;
  const T *ik = p + (uint64_t) I * TILE * pitch + (uint64_t) K * TILE;
  const T *kj = p + (uint64_t) K * TILE * pitch + (uint64_t) J * TILE;
  T c[PER][PER];

  if (I == K || J == K)
    return;
  /* row by row, coalesced: SIDE * SIDE threads, TILE entries a row */
  for (uint32_t e = t; e < TILE * TILE; e += SIDE * SIDE)
    {
      uint32_t r = e / TILE, k = e % TILE;

      at[k * AT_PITCH + r] = ik[(uint64_t) r * pitch + k];
      bs[r * TILE + k] = kj[(uint64_t) r * pitch + k] & ~mask;
    }
  tile_load (p, pitch, I, J, c);
  __syncthreads ();
#pragma unroll 8
  for (int k = 0; k < TILE; k++)
    {
      T a[PER], b[PER];

      load4 (at + k * AT_PITCH + threadIdx.y * PER, a);
      load4 (bs + k * TILE + threadIdx.x * PER, b);
      for (int u = 0; u < PER; u++)
        for (int v = 0; v < PER; v++)
          c[u][v] = Entry<T>::add_min (a[u], b[v], c[u][v]);
    }
  tile_store (p, pitch, I, J, c);
}

/* ---- extraction ---- */

/* Entry (i, j) for j in [0, stride): 0 on the diagonal, for unreachable
 * routers and past n; else the interface of the first link. Rows
 * blockIdx.y, + gridDim.y, ... (a grid has at most 65535 rows). */
template <typename T, typename E>
__global__ void
extract_kernel (const T *p, uint64_t pitch, uint32_t n, uint64_t stride,
                const uint32_t *offsets, const uint16_t *interface, T mask,
                E *table)
{
  uint64_t j = (uint64_t) blockIdx.x * blockDim.x + threadIdx.x;

  if (j >= stride)
    return;
  for (uint32_t i = blockIdx.y; i < n; i += gridDim.y)
    {
      E out = 0;

      if (j < n && j != i)
        {
          T v = p[(uint64_t) i * pitch + j];

          if (v < Entry<T>::INF)
            out = (E) interface[offsets[i] + (uint32_t) (v & mask)];
        }
      table[(uint64_t) i * stride + j] = out;
    }
}

/* ---- the host side ---- */

static void
say (char *why, size_t why_size, const char *format, ...)
{
  va_list args;

  if (why == NULL || why_size == 0)
    return;
  va_start (args, format);
  vsnprintf (why, why_size, format, args);
  va_end (args);
}

/* Every CUDA call: on failure, the call and the error, then out. */
#define CHECK(call)                                                      \
  do                                                                     \
    {                                                                    \
      cudaError_t check_error_ = (call);                                 \
      if (check_error_ != cudaSuccess)                                   \
        {                                                                \
          say (why, why_size, "%s: %s (%s)", #call,                      \
               cudaGetErrorString (check_error_),                        \
               cudaGetErrorName (check_error_));                         \
          goto out;                                                      \
        }                                                                \
    }                                                                    \
  while (0)

static int
probe (char *device, size_t device_size, uint64_t *memory, char *why,
       size_t why_size)
{
  int count = 0;
  cudaDeviceProp prop;
  cudaError_t e = cudaGetDeviceCount (&count);

  if (e != cudaSuccess)
    {
      say (why, why_size, "%s (%s)", cudaGetErrorString (e),
           cudaGetErrorName (e));
      return 0;
    }
  if (count == 0)
    {
      say (why, why_size, "the driver sees no device");
      return 0;
    }
  e = cudaGetDeviceProperties (&prop, 0);
  if (e != cudaSuccess)
    {
      say (why, why_size, "device 0: %s (%s)", cudaGetErrorString (e),
           cudaGetErrorName (e));
      return 0;
    }
  if (device != NULL && device_size > 0)
    snprintf (device, device_size, "%s (compute capability %d.%d)",
              prop.name, prop.major, prop.minor);
  if (memory != NULL)
    *memory = prop.totalGlobalMem;
  return 1;
}

/* Sets the dynamic shared memory limit of the kernels of entry type T. */
template <typename T>
static cudaError_t
allow_shared (size_t phase12, size_t phase3)
{
  cudaError_t e;

  e = cudaFuncSetAttribute (phase1_kernel<T>,
                            cudaFuncAttributeMaxDynamicSharedMemorySize,
                            (int) phase12);
  if (e == cudaSuccess)
    e = cudaFuncSetAttribute (phase2_kernel<T>,
                              cudaFuncAttributeMaxDynamicSharedMemorySize,
                              (int) phase12);
  if (e == cudaSuccess)
    e = cudaFuncSetAttribute (phase3_kernel<T>,
                              cudaFuncAttributeMaxDynamicSharedMemorySize,
                              (int) phase3);
  return e;
}

/* Initialisation, the rounds, extraction: all queued on the default
 * stream. */
template <typename T>
static cudaError_t
run_kernels (const CnsRouteCudaJob *job, void *p_dev, uint64_t pitch,
             const uint32_t *offsets, const uint32_t *neighbor,
             const uint16_t *interface, const uint16_t *metric,
             void *table_dev)
{
  T *p = static_cast<T *> (p_dev);
  T mask = ((T) 1 << job->rank_bits) - 1;
  uint32_t n_tiles = (uint32_t) (pitch / TILE);
  size_t phase12 = 2 * TILE * TILE * sizeof (T);
  size_t phase3 = (TILE * AT_PITCH + TILE * TILE) * sizeof (T);
  dim3 block (SIDE, SIDE);
  cudaError_t e;

  e = allow_shared<T> (phase12, phase3);
  if (e != cudaSuccess)
    return e;
  init_inf_kernel<T><<<1024, 256>>> (p, pitch * pitch);
  init_links_kernel<T><<<(job->n + 255) / 256, 256>>> (
      p, pitch, job->n, offsets, neighbor, metric, job->rank_bits);
  if ((e = cudaGetLastError ()) != cudaSuccess)
    return e;
  for (uint32_t K = 0; K < n_tiles; K++)
    {
      phase1_kernel<T><<<1, block, TILE * TILE * sizeof (T)>>> (p, pitch, K,
                                                                 mask);
      if (n_tiles > 1)
        {
          phase2_kernel<T><<<dim3 (n_tiles, 2), block, phase12>>> (p, pitch,
                                                                   K, mask);
          phase3_kernel<T><<<dim3 (n_tiles, n_tiles), block, phase3>>> (
              p, pitch, K, mask);
        }
      if ((e = cudaGetLastError ()) != cudaSuccess)
        return e;
    }
  {
    dim3 grid ((unsigned) ((job->stride + 255) / 256),
               job->n < 65535 ? job->n : 65535);

    if (job->entry_size == 1)
      extract_kernel<T, uint8_t><<<grid, 256>>> (
          p, pitch, job->n, job->stride, offsets, interface, mask,
          static_cast<uint8_t *> (table_dev));
    else
      extract_kernel<T, uint16_t><<<grid, 256>>> (
          p, pitch, job->n, job->stride, offsets, interface, mask,
          static_cast<uint16_t *> (table_dev));
  }
  return cudaGetLastError ();
}

static int
fill (const CnsRouteCudaJob *job, CnsRouteCudaStats *stats, char *why,
      size_t why_size)
{
  int ok = 0;
  uint64_t n = job->n, pitch, links, p_bytes, table_bytes, csr_bytes, need;
  size_t free_bytes = 0, total_bytes = 0;
  void *p = NULL, *table = NULL;
  uint32_t *offsets = NULL, *neighbor = NULL;
  uint16_t *interface = NULL, *metric = NULL;
  cudaEvent_t ev[4] = { NULL, NULL, NULL, NULL };
  float up_ms = 0, kernel_ms = 0, down_ms = 0;
  cudaError_t e;

  memset (stats, 0, sizeof *stats);
  if (n == 0)
    return 1;
  if (job->entry_size != 1 && job->entry_size != 2)
    {
      say (why, why_size, "entries of %u bytes: expected 1 or 2",
           job->entry_size);
      return 0;
    }
  if (job->rank_bits == 0 || job->rank_bits > 16 || job->stride < n)
    {
      say (why, why_size, "bad job: %u rank bits, stride %llu for %llu "
           "routers", job->rank_bits, (unsigned long long) job->stride,
           (unsigned long long) n);
      return 0;
    }
  pitch = (n + TILE - 1) / TILE * TILE;
  links = job->offsets[n];
  p_bytes = pitch * pitch * (job->wide ? 8 : 4);
  table_bytes = n * job->stride * job->entry_size;
  csr_bytes = (n + 1) * 4 + links * (4 + 2 + 2);
  need = p_bytes + table_bytes + csr_bytes;

  CHECK (cudaSetDevice (0));
  CHECK (cudaMemGetInfo (&free_bytes, &total_bytes));
  if (need > free_bytes)
    {
      say (why, why_size,
           "needs %llu bytes of GPU memory (%llu for the %llu x %llu "
           "matrix of %d-bit entries, %llu for the table, %llu for the "
           "graph), the device has %llu free of %llu",
           (unsigned long long) need, (unsigned long long) p_bytes,
           (unsigned long long) pitch, (unsigned long long) pitch,
           job->wide ? 64 : 32, (unsigned long long) table_bytes,
           (unsigned long long) csr_bytes, (unsigned long long) free_bytes,
           (unsigned long long) total_bytes);
      return 0;
    }
  for (int k = 0; k < 4; k++)
    CHECK (cudaEventCreate (&ev[k]));
  CHECK (cudaMalloc (&p, p_bytes));
  CHECK (cudaMalloc (&table, table_bytes));
  CHECK (cudaMalloc ((void **) &offsets, (n + 1) * 4));
  CHECK (cudaMalloc ((void **) &neighbor, (links > 0 ? links : 1) * 4));
  CHECK (cudaMalloc ((void **) &interface, (links > 0 ? links : 1) * 2));
  CHECK (cudaMalloc ((void **) &metric, (links > 0 ? links : 1) * 2));

  CHECK (cudaEventRecord (ev[0]));
  CHECK (cudaMemcpy (offsets, job->offsets, (n + 1) * 4,
                     cudaMemcpyHostToDevice));
  if (links > 0)
    {
      CHECK (cudaMemcpy (neighbor, job->neighbor, links * 4,
                         cudaMemcpyHostToDevice));
      CHECK (cudaMemcpy (interface, job->interface, links * 2,
                         cudaMemcpyHostToDevice));
      CHECK (cudaMemcpy (metric, job->metric, links * 2,
                         cudaMemcpyHostToDevice));
    }
  CHECK (cudaEventRecord (ev[1]));
  if (job->wide)
    e = run_kernels<uint64_t> (job, p, pitch, offsets, neighbor, interface,
                               metric, table);
  else
    e = run_kernels<uint32_t> (job, p, pitch, offsets, neighbor, interface,
                               metric, table);
  CHECK (e);
  CHECK (cudaEventRecord (ev[2]));
  /* a failure of the kernels shows here */
  CHECK (cudaEventSynchronize (ev[2]));
  CHECK (cudaMemcpy (job->table, table, table_bytes, cudaMemcpyDeviceToHost));
  CHECK (cudaEventRecord (ev[3]));
  CHECK (cudaEventSynchronize (ev[3]));
  CHECK (cudaEventElapsedTime (&up_ms, ev[0], ev[1]));
  CHECK (cudaEventElapsedTime (&kernel_ms, ev[1], ev[2]));
  CHECK (cudaEventElapsedTime (&down_ms, ev[2], ev[3]));
  stats->transfer_s = (up_ms + down_ms) / 1e3;
  stats->kernel_s = kernel_ms / 1e3;
  stats->device_bytes = need;
  ok = 1;

out:
  /* after a failure, keep its message: these only clean up */
  cudaFree (p);
  cudaFree (table);
  cudaFree (offsets);
  cudaFree (neighbor);
  cudaFree (interface);
  cudaFree (metric);
  for (int k = 0; k < 4; k++)
    if (ev[k] != NULL)
      cudaEventDestroy (ev[k]);
  return ok;
}

static const CnsRouteCudaPlugin plugin = {
  CNS_ROUTE_CUDA_PLUGIN_ABI,
  probe,
  fill,
};

extern "C" __attribute__ ((visibility ("default"))) const CnsRouteCudaPlugin *
cns_route_cuda_plugin (void)
{
  return &plugin;
}
