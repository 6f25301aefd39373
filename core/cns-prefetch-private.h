/* cns — prefetch hints, the schedulers' side.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-memory-private.h"
#include "core/cns-prefetch.h"

G_BEGIN_DECLS

/* A context's hints, one block of two cache lines: the number of lines,
 * then each line as its distance, in lines, from cns_prefetch_base. */
typedef struct
{
  gint32 n_lines;
  gint32 lines[CNS_PREFETCH_LINES_MAX];
} CnsPrefetchHints;

#define CNS_PREFETCH_CHUNK_BITS 8
#define CNS_PREFETCH_LINE       64

/* Chunks of 2^CNS_PREFETCH_CHUNK_BITS contexts, made as contexts get
 * hints: the table costs about as much as the contexts hinted. */
G_GNUC_INTERNAL extern CnsPrefetchHints **cns_prefetch_chunks;
G_GNUC_INTERNAL extern guint32 cns_prefetch_n_chunks;
/* the line of the first block hinted; lines within 2^31 lines of it
 * (128 GiB) can be hinted */
G_GNUC_INTERNAL extern const guint8 *cns_prefetch_base;
/* whether the lines hinted, all contexts together, are many enough for
 * the schedulers to prefetch them (see cns-prefetch.c) */
G_GNUC_INTERNAL extern gboolean cns_prefetch_active;
/* Set by a parallel run while its threads run events: hints are neither
 * added nor removed then. */
G_GNUC_INTERNAL extern gboolean cns_prefetch_frozen;

G_GNUC_INTERNAL void cns_prefetch_hints_free (void);

static inline const CnsPrefetchHints *
cns_prefetch_hints_peek (guint32 context)
{
  guint32 chunk = context >> CNS_PREFETCH_CHUNK_BITS;

  if (chunk >= cns_prefetch_n_chunks || cns_prefetch_chunks[chunk] == NULL)
    return NULL;
  return &cns_prefetch_chunks[chunk]
                             [context & ((1u << CNS_PREFETCH_CHUNK_BITS) - 1)];
}

/* The first of two steps a scheduler takes for an event a few places
 * ahead: fetch @context's hints. */
static inline void
cns_prefetch_hints_fetch (guint32 context)
{
  const CnsPrefetchHints *h = cns_prefetch_hints_peek (context);

  if (h != NULL)
    {
      CNS_PREFETCH (h);
      CNS_PREFETCH ((const guint8 *) h + CNS_PREFETCH_LINE);
    }
}

/* The second, for an event nearer, whose hints the first step fetched:
 * fetch the memory they name. */
static inline void
cns_prefetch_hints_issue (guint32 context)
{
  const CnsPrefetchHints *h = cns_prefetch_hints_peek (context);

  if (h == NULL)
    return;
  for (gint32 i = 0; i < h->n_lines; i++)
    CNS_PREFETCH (cns_prefetch_base
                  + (gintptr) h->lines[i] * CNS_PREFETCH_LINE);
}

G_END_DECLS
