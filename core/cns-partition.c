/* cns — the partition of a parallel run: nodes grouped into logical
 * processes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A parallel run needs LPs whose events reach each other only some time
 * later (the lookahead), and many more of them than threads, so that
 * threads can be given LPs of about equal cost. Links whose delay is at
 * least a threshold are cut, the contexts still joined form atoms, and
 * atoms are packed, in context order (neighbouring nodes tend to be
 * numbered together), into about LPS_PER_THREAD LPs per thread. The
 * threshold trades lookahead against parallelism: the slowest delay that
 * still leaves no atom larger than half a thread's share, tried among at
 * most MAX_CANDIDATES of the model's delays, as Unison's cut at the
 * median delay does more crudely. Contexts of different system ids are
 * never joined.
 */
#include "core/cns-partition-private.h"

#include "core/cns-log.h"

#include <stdlib.h>
#include <string.h>

#define LPS_PER_THREAD 16
#define MAX_CANDIDATES 24
#define SYSTEM_ID_UNSET G_MAXUINT32

typedef struct
{
  guint32 a, b;
  CnsTime delay;
} PartitionLink;

struct _CnsPartition
{
  GArray *links;      /* PartitionLink */
  GArray *system_ids; /* guint32 by context, SYSTEM_ID_UNSET if not given */
  guint32 n_contexts;
};

typedef struct
{
  CnsPartitionProvider provider;
  gpointer user_data;
} PartitionProviderEntry;

static GArray *providers; /* PartitionProviderEntry, in order added */
static CnsTime model_lookahead = CNS_TIME_MAX;

/**
 * cns_partition_add_provider:
 * @provider: (scope forever): describes links when a parallel run starts
 * @user_data: for @provider
 *
 * Registers a module's description of its links; point-to-point channels
 * register theirs when the network module starts.
 */
void
cns_partition_add_provider (CnsPartitionProvider provider, gpointer user_data)
{
  PartitionProviderEntry entry = { provider, user_data };

  g_return_if_fail (provider != NULL);
  if (providers == NULL)
    providers = g_array_new (FALSE, FALSE, sizeof (PartitionProviderEntry));
  g_array_append_val (providers, entry);
}

/**
 * cns_partition_add_link:
 * @a: a context
 * @b: another context
 * @delay: the least time after which an event of one end reaches the other
 *
 * Says that events of @a make events of @b and back, at least @delay
 * later.
 */
void
cns_partition_add_link (CnsPartition *partition, guint32 a, guint32 b,
                        CnsTime delay)
{
  PartitionLink link = { a, b, delay };

  g_return_if_fail (partition != NULL);
  g_return_if_fail (a <= CNS_CONTEXT_MAX && b <= CNS_CONTEXT_MAX);
  g_return_if_fail (delay >= 0);
  g_array_append_val (partition->links, link);
  partition->n_contexts = MAX (partition->n_contexts, MAX (a, b) + 1);
}

/**
 * cns_partition_set_system_id:
 * @context: a context
 * @system_id: the system id the scenario gave it
 *
 * Keeps @context out of LPs that hold contexts of other system ids.
 */
void
cns_partition_set_system_id (CnsPartition *partition, guint32 context,
                             guint32 system_id)
{
  g_return_if_fail (partition != NULL);
  g_return_if_fail (context <= CNS_CONTEXT_MAX);
  if (context >= partition->system_ids->len)
    {
      guint32 old = partition->system_ids->len;

      g_array_set_size (partition->system_ids, context + 1);
      for (guint32 i = old; i <= context; i++)
        g_array_index (partition->system_ids, guint32, i) = SYSTEM_ID_UNSET;
    }
  g_array_index (partition->system_ids, guint32, context) = system_id;
  partition->n_contexts = MAX (partition->n_contexts, context + 1);
}

/**
 * cns_partition_set_n_contexts:
 * @n_contexts: how many contexts (nodes) the model has
 *
 * Makes room for contexts numbered below @n_contexts, links or not.
 */
void
cns_partition_set_n_contexts (CnsPartition *partition, guint32 n_contexts)
{
  g_return_if_fail (partition != NULL);
  g_return_if_fail (n_contexts <= CNS_CONTEXT_MAX + 1);
  partition->n_contexts = MAX (partition->n_contexts, n_contexts);
}

/**
 * cns_simulator_set_lookahead:
 * @delay: a positive time, or %CNS_TIME_MAX to take the promise back
 *
 * Promises that every event one context schedules for another, over no
 * link a provider describes, comes at least @delay later: what a model
 * that schedules across contexts directly (PHOLD) tells a parallel run.
 * A run that finds the promise broken stops with an error naming the two
 * contexts.
 */
void
cns_simulator_set_lookahead (CnsTime delay)
{
  g_return_if_fail (delay > 0);
  model_lookahead = delay;
}

/**
 * cns_simulator_get_lookahead:
 *
 * Returns: what cns_simulator_set_lookahead() promised, or %CNS_TIME_MAX.
 */
CnsTime
cns_simulator_get_lookahead (void)
{
  return model_lookahead;
}

/* The simulation was destroyed: the next one promises afresh. */
void
cns_partition_reset (void)
{
  model_lookahead = CNS_TIME_MAX;
}

/* ---- union-find ---- */

static guint32
uf_find (guint32 *parent, guint32 x)
{
  while (parent[x] != x)
    {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
  return x;
}

static void
uf_union (guint32 *parent, guint32 *size, guint32 a, guint32 b)
{
  a = uf_find (parent, a);
  b = uf_find (parent, b);
  if (a == b)
    return;
  if (size[a] < size[b])
    {
      guint32 t = a;
      a = b;
      b = t;
    }
  parent[b] = a;
  size[a] += size[b];
}

static guint32
partition_system_id (const CnsPartition *p, guint32 context)
{
  return context < p->system_ids->len
             ? g_array_index (p->system_ids, guint32, context)
             : SYSTEM_ID_UNSET;
}

/* Joins the ends of links faster than @threshold (of one system id) and
 * returns the size of the largest atom. */
static guint32
partition_atoms (const CnsPartition *p, CnsTime threshold, guint32 *parent,
                 guint32 *size)
{
  guint32 largest = p->n_contexts > 0 ? 1 : 0;

  for (guint32 c = 0; c < p->n_contexts; c++)
    {
      parent[c] = c;
      size[c] = 1;
    }
  for (guint i = 0; i < p->links->len; i++)
    {
      const PartitionLink *l = &g_array_index (p->links, PartitionLink, i);

      if (l->delay < threshold
          && partition_system_id (p, l->a) == partition_system_id (p, l->b))
        {
          uf_union (parent, size, l->a, l->b);
          largest = MAX (largest, size[uf_find (parent, l->a)]);
        }
    }
  return largest;
}

static int
compare_time_desc (const void *a, const void *b)
{
  CnsTime x = *(const CnsTime *) a, y = *(const CnsTime *) b;

  return x < y ? 1 : x > y ? -1 : 0;
}

/* The threshold: the slowest candidate delay whose largest atom leaves
 * every thread work to balance, else the one with the smallest largest
 * atom. 0 when no link has a positive delay. */
static CnsTime
partition_choose_threshold (const CnsPartition *p, guint n_threads,
                            guint32 *parent, guint32 *size)
{
  g_autoptr (GArray) delays = g_array_new (FALSE, FALSE, sizeof (CnsTime));
  guint n_distinct = 0, n_candidates;
  CnsTime best = 0;
  guint32 best_largest = G_MAXUINT32;
  guint64 room = p->n_contexts / (2 * (guint64) n_threads);

  for (guint i = 0; i < p->links->len; i++)
    {
      CnsTime d = g_array_index (p->links, PartitionLink, i).delay;

      if (d > 0)
        g_array_append_val (delays, d);
    }
  if (delays->len == 0)
    return 0;
  qsort (delays->data, delays->len, sizeof (CnsTime), compare_time_desc);
  for (guint i = 0; i < delays->len; i++)
    if (i == 0
        || g_array_index (delays, CnsTime, i)
               != g_array_index (delays, CnsTime, n_distinct - 1))
      g_array_index (delays, CnsTime, n_distinct++)
          = g_array_index (delays, CnsTime, i);
  n_candidates = MIN (n_distinct, MAX_CANDIDATES);
  for (guint k = 0; k < n_candidates; k++)
    {
      /* evenly over the distinct delays, the slowest first */
      guint i = n_candidates == 1
                    ? 0
                    : (guint) ((guint64) k * (n_distinct - 1)
                               / (n_candidates - 1));
      CnsTime d = g_array_index (delays, CnsTime, i);
      guint32 largest = partition_atoms (p, d, parent, size);

      if (largest <= MAX (room, 1))
        return d;
      if (largest < best_largest)
        {
          best_largest = largest;
          best = d;
        }
    }
  return best;
}

/* Packs the atoms, in the order of their first context, into LPs of about
 * n_contexts / @target contexts, never mixing system ids. */
static guint32
partition_pack (const CnsPartition *p, guint32 target, guint32 *parent,
                guint32 *lp_of)
{
  guint32 per_lp = MAX (p->n_contexts / MAX (target, 1), 1);
  g_autofree guint32 *atom_lp = g_new (guint32, p->n_contexts);
  guint32 n_lps = 0, filled = 0, lp_system = SYSTEM_ID_UNSET;

  for (guint32 c = 0; c < p->n_contexts; c++)
    atom_lp[c] = CNS_PARTITION_LP_NONE;
  lp_of[0] = CNS_PARTITION_LP_NONE;
  for (guint32 c = 0; c < p->n_contexts; c++)
    {
      guint32 root = uf_find (parent, c);

      if (atom_lp[root] == CNS_PARTITION_LP_NONE)
        {
          guint32 system = partition_system_id (p, c);

          if (n_lps == 0 || filled >= per_lp || system != lp_system)
            {
              n_lps++;
              filled = 0;
              lp_system = system;
            }
          atom_lp[root] = n_lps - 1;
        }
      lp_of[c + 1] = atom_lp[root];
      if (atom_lp[root] == n_lps - 1)
        filled++;
    }
  return n_lps;
}

void
cns_partition_compute (guint32 n_contexts, guint n_threads, CnsTime threshold,
                       CnsPartitionResult *result)
{
  CnsPartition p = { 0 };
  g_autofree guint32 *parent = NULL;
  g_autofree guint32 *size = NULL;
  CnsPartitionInfo *info = &result->info;
  CnsTime lookahead = CNS_TIME_MAX;
  guint32 largest = 0;

  g_return_if_fail (n_threads >= 1);
  p.links = g_array_new (FALSE, FALSE, sizeof (PartitionLink));
  p.system_ids = g_array_new (FALSE, FALSE, sizeof (guint32));
  p.n_contexts = n_contexts;
  for (guint i = 0; providers != NULL && i < providers->len; i++)
    {
      PartitionProviderEntry *e
          = &g_array_index (providers, PartitionProviderEntry, i);

      e->provider (&p, e->user_data);
    }

  parent = g_new (guint32, MAX (p.n_contexts, 1));
  size = g_new (guint32, MAX (p.n_contexts, 1));
  if (threshold <= 0)
    threshold = partition_choose_threshold (&p, n_threads, parent, size);
  /* no link to cut: the model's promise alone splits every context */
  if (threshold <= 0 && model_lookahead != CNS_TIME_MAX)
    threshold = model_lookahead;
  partition_atoms (&p, threshold > 0 ? threshold : CNS_TIME_MAX, parent,
                   size);

  memset (info, 0, sizeof *info);
  result->lp_of = g_new (guint32, (gsize) p.n_contexts + 1);
  info->n_contexts = p.n_contexts;
  info->n_lps = partition_pack (&p, n_threads * LPS_PER_THREAD, parent,
                                result->lp_of);
  info->n_links = p.links->len;
  info->threshold = threshold;
  for (guint i = 0; i < p.links->len; i++)
    {
      const PartitionLink *l = &g_array_index (p.links, PartitionLink, i);

      if (result->lp_of[l->a + 1] != result->lp_of[l->b + 1])
        {
          info->n_cut_links++;
          lookahead = MIN (lookahead, l->delay);
        }
    }
  if (info->n_lps > 1)
    lookahead = MIN (lookahead, model_lookahead);
  if (info->n_lps > 1 && lookahead == 0)
    cns_fatal ("partition: a link of delay 0 joins nodes of different "
               "system ids; give it a positive delay or the nodes one "
               "system id");
  info->lookahead = lookahead;
  {
    g_autofree guint32 *count = g_new0 (guint32, MAX (info->n_lps, 1));

    for (guint32 c = 0; c < p.n_contexts; c++)
      {
        guint32 n = ++count[result->lp_of[c + 1]];

        largest = MAX (largest, n);
      }
  }
  info->largest_lp = largest;
  g_array_unref (p.links);
  g_array_unref (p.system_ids);
}

void
cns_partition_result_clear (CnsPartitionResult *result)
{
  g_clear_pointer (&result->lp_of, g_free);
  memset (&result->info, 0, sizeof result->info);
}
