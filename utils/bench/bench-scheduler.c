/* cns — benchmark of the event schedulers and the simulator kernel.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Prints one JSON line per case:
 *
 *   hold   The classic hold model: N pending events; each event schedules
 *          one more an exponential time later. Run through the simulator
 *          API with each scheduler at N = 10^3, 10^5, 10^6 and 10^7, next
 *          to a bare binary heap of 16-byte entries doing the same draws.
 *          Also reports the bytes of heap memory per pending event.
 *   phold  PHOLD (see examples/phold.c, one random stream per LP) through
 *          cns_simulator_* against a bare heap loop of 16-byte entries
 *          drawing from one global xorshift generator, for 1,024 to
 *          1,048,576 LPs x 16 events; also the time to schedule the first
 *          events and to destroy the simulator with all of them pending.
 *
 * ratio_to_bare = events_per_s / bare events_per_s. Timings are wall-clock
 * (CPU time with --cpuTime) and vary from run to run; compare on the same
 * machine.
 *
 *   bench-scheduler [--quick] [--case=hold|phold] [--maxLps=N] [--cpuTime]
 */
#include "core/cns-core.h"

#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

/* The bare loop's heap: 16-byte entries, no API, no keys. */
typedef struct
{
  gint64 time;
  guint64 payload;
} BareEntry;

typedef struct
{
  BareEntry *h; /* h[1..n] */
  gsize n;
} BareHeap;

/* The same memory treatment as the simulator's heap: 64-byte aligned, and
 * in transparent huge pages once large, so the comparison is of the
 * kernel's work, not of page sizes. */
static void
bare_init (BareHeap *heap, gsize capacity)
{
  gsize huge = 2 * 1024 * 1024;
  gsize bytes = (capacity + 1) * sizeof (BareEntry);

  if (bytes >= huge)
    {
      bytes = (bytes + huge - 1) / huge * huge;
      heap->h = aligned_alloc (huge, bytes);
      if (heap->h != NULL)
        madvise (heap->h, bytes, MADV_HUGEPAGE);
    }
  else
    heap->h = aligned_alloc (64, (bytes + 63) / 64 * 64);
  if (heap->h == NULL)
    g_error ("out of memory for the bare heap");
  heap->n = 0;
}

static inline void
bare_push (BareHeap *heap, BareEntry x)
{
  BareEntry *h = heap->h;
  gsize i = ++heap->n;

  while (i > 1 && x.time < h[i >> 1].time)
    {
      h[i] = h[i >> 1];
      i >>= 1;
    }
  h[i] = x;
}

static inline BareEntry
bare_pop (BareHeap *heap)
{
  BareEntry *h = heap->h;
  BareEntry top = h[1], x = h[heap->n--];
  gsize n = heap->n, i = 1;

  for (;;)
    {
      gsize c = 2 * i;

      if (c > n)
        break;
      if (c < n && h[c + 1].time < h[c].time)
        c++;
      if (h[c].time >= x.time)
        break;
      h[i] = h[c];
      i = c;
    }
  h[i] = x;
  return top;
}

/* Wall-clock seconds, or with --cpuTime the process's CPU seconds, which
 * other load on a shared machine inflates far less. */
static gboolean use_cpu_time;

static gdouble
now_s (void)
{
  struct timespec ts;

  if (!use_cpu_time)
    return (gdouble) g_get_monotonic_time () / 1e6;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (gdouble) ts.tv_sec + (gdouble) ts.tv_nsec / 1e9;
}

/* Heap bytes in use, from glibc's allocator. */
static gsize
heap_bytes (void)
{
  struct mallinfo2 mi = mallinfo2 ();

  return mi.uordblks + mi.hblkhd;
}

static inline CnsTime
exp_delay (CnsRngStream *rng, gdouble mean_ps)
{
  return (CnsTime) (-mean_ps * log (cns_rng_stream_uniform (rng)));
}

/* ---- hold ---- */

typedef struct
{
  CnsRngStream rng;
  gdouble mean_ps;
  guint64 remaining;
} Hold;

static void
hold_event (gpointer obj, gpointer data)
{
  Hold *hold = obj;

  if (hold->remaining-- == 0)
    {
      cns_simulator_stop ();
      return;
    }
  cns_simulator_schedule (exp_delay (&hold->rng, hold->mean_ps), hold_event,
                          hold, NULL);
}

/* One run of the hold model through the simulator API. Returns the wall
 * time of the @ops hold operations; *bytes_per_pending gets the heap
 * memory the pending events took. */
static gdouble
hold_api (gsize n, guint64 ops, gdouble *bytes_per_pending)
{
  Hold hold = { .mean_ps = 1e6, .remaining = ops };
  gsize before, after;
  gdouble t0, wall;

  cns_rng_stream_init (&hold.rng, 1, 0, 0);
  before = heap_bytes ();
  for (gsize i = 0; i < n; i++)
    cns_simulator_schedule (exp_delay (&hold.rng, hold.mean_ps), hold_event,
                            &hold, NULL);
  after = heap_bytes ();
  t0 = now_s ();
  cns_simulator_run ();
  wall = now_s () - t0;
  cns_simulator_destroy ();
  *bytes_per_pending = (gdouble) (after - before) / (gdouble) n;
  return wall;
}

/* The same hold model as a bare heap loop. */
static gdouble
hold_bare (gsize n, guint64 ops)
{
  CnsRngStream rng;
  BareHeap bare;
  gdouble t0, wall;

  cns_rng_stream_init (&rng, 1, 0, 0);
  bare_init (&bare, n);
  for (gsize i = 0; i < n; i++)
    bare_push (&bare, (BareEntry){ exp_delay (&rng, 1e6), i });
  t0 = now_s ();
  for (guint64 k = 0; k < ops; k++)
    {
      BareEntry e = bare_pop (&bare);

      e.time += exp_delay (&rng, 1e6);
      bare_push (&bare, e);
    }
  wall = now_s () - t0;
  free (bare.h);
  return wall;
}

static void
bench_hold (const gchar *scheduler, gsize n, guint64 ops, guint repeat)
{
  gdouble api_s = G_MAXDOUBLE, bare_s = G_MAXDOUBLE, bytes = 0;
  g_autoptr (GError) error = NULL;

  if (!cns_global_value_set ("SchedulerType", scheduler, &error))
    g_error ("%s", error->message);
  /* Alternate the two and keep the best of each, so that other load on
   * the machine does not skew the ratio. */
  for (guint r = 0; r < repeat; r++)
    {
      api_s = MIN (api_s, hold_api (n, ops, &bytes));
      bare_s = MIN (bare_s, hold_bare (n, ops));
    }
  printf ("{\"bench\":\"scheduler\",\"case\":\"hold\",\"scheduler\":\"%s\","
          "\"pending\":%" G_GSIZE_FORMAT ",\"events\":%" G_GUINT64_FORMAT
          ",\"repeat\":%u,\"wall_s\":%.3f,\"events_per_s\":%.0f,"
          "\"bare_events_per_s\":%.0f,\"ratio_to_bare\":%.3f,"
          "\"bytes_per_pending\":%.1f}\n",
          scheduler, n, ops, repeat, api_s, (gdouble) ops / api_s,
          (gdouble) ops / bare_s, bare_s / api_s, bytes);
  fflush (stdout);
}

/* ---- phold ---- */

/* PHOLD as examples/phold.c runs it: each LP draws from its own stream. */
typedef struct
{
  CnsRngStream *rng; /* one stream per LP */
  guint n_lps;
  gdouble remote;
  CnsTime lookahead;
  gdouble mean_ps;
  guint64 events;
} Phold;

static void
phold_event (gpointer obj, gpointer data)
{
  Phold *p = obj;
  CnsRngStream *rng = data;
  guint32 self = (guint32) (rng - p->rng);
  guint32 dest = self;
  CnsTime delay;

  if (cns_rng_stream_uniform (rng) < p->remote)
    {
      dest = (guint32) (cns_rng_stream_uniform (rng) * (p->n_lps - 1));
      if (dest >= self)
        dest++;
    }
  delay = p->lookahead + exp_delay (rng, p->mean_ps);
  p->events++;
  cns_simulator_schedule_with_context (dest, delay, phold_event, p,
                                       &p->rng[dest]);
}

/* Schedules every LP's first events, as phold_start() in the example. */
static void
phold_schedule (Phold *p, guint events_per_lp)
{
  for (guint32 i = 0; i < p->n_lps; i++)
    {
      cns_rng_stream_init (&p->rng[i], 1, i, 1);
      for (guint e = 0; e < events_per_lp; e++)
        cns_simulator_schedule_with_context (
            i, (CnsTime) (cns_rng_stream_uniform (&p->rng[i]) * p->mean_ps),
            phold_event, p, &p->rng[i]);
    }
}

/* The bare loop's random numbers: one global xorshift64*, no state per
 * LP, so that the bare loop measures a heap and nothing else. */
static inline gdouble
bare_uniform (guint64 *state)
{
  guint64 x = *state;

  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return (gdouble) ((x * G_GUINT64_CONSTANT (2685821657736338717)) >> 11)
         * 0x1.0p-53;
}

/* The same PHOLD as a bare heap loop of 16-byte entries; *events gets the
 * count. */
static gdouble
phold_bare (Phold *p, guint events_per_lp, CnsTime end, guint64 *events)
{
  guint64 rng = G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  BareHeap bare;
  gdouble t0, wall;

  *events = 0;
  bare_init (&bare, (gsize) p->n_lps * events_per_lp);
  for (guint32 i = 0; i < p->n_lps; i++)
    for (guint e = 0; e < events_per_lp; e++)
      bare_push (&bare, (BareEntry){
                            (CnsTime) (bare_uniform (&rng) * p->mean_ps), i });
  t0 = now_s ();
  for (;;)
    {
      BareEntry e = bare_pop (&bare);
      guint32 self = (guint32) e.payload;
      guint32 dest = self;

      if (e.time >= end)
        break;
      (*events)++;
      if (bare_uniform (&rng) < p->remote)
        {
          dest = (guint32) (bare_uniform (&rng) * (p->n_lps - 1));
          if (dest >= self)
            dest++;
        }
      e.payload = dest;
      e.time += p->lookahead
                + (CnsTime) (-p->mean_ps * log (1.0 - bare_uniform (&rng)));
      bare_push (&bare, e);
    }
  wall = now_s () - t0;
  free (bare.h);
  return wall;
}

/* PHOLD through the API against the bare loop, both with the parameters
 * of the issue that set the target: remote 0.9, lookahead 1 s, mean 1 s,
 * until 1.2 s, so that each LP's first events run and the heap holds
 * lps * events_per_lp entries throughout. Also times scheduling the first
 * events and cns_simulator_destroy() with every event still pending. */
static void
bench_phold (guint lps, guint events_per_lp, guint repeat)
{
  Phold p = {
    .n_lps = lps, .remote = 0.9, .lookahead = cns_seconds (1), .mean_ps = 1e12
  };
  CnsTime end = cns_milli_seconds (1200);
  gdouble api_s = G_MAXDOUBLE, bare_s = G_MAXDOUBLE;
  gdouble schedule_s = G_MAXDOUBLE, destroy_s = G_MAXDOUBLE;
  guint64 bare_events = 0;
  g_autoptr (GError) error = NULL;

  if (!cns_global_value_set ("SchedulerType", "heap", &error))
    g_error ("%s", error->message);
  p.rng = g_new (CnsRngStream, lps);
  for (guint r = 0; r < repeat; r++)
    {
      gdouble t0 = now_s (), t1, t2;

      p.events = 0;
      phold_schedule (&p, events_per_lp);
      cns_simulator_stop_at (end);
      t1 = now_s ();
      cns_simulator_run ();
      t2 = now_s ();
      cns_simulator_destroy ();
      schedule_s = MIN (schedule_s, t1 - t0);
      api_s = MIN (api_s, t2 - t1);
      bare_s = MIN (bare_s, phold_bare (&p, events_per_lp, end, &bare_events));

      /* scheduling and destroying alone: every event still pending */
      phold_schedule (&p, events_per_lp);
      t0 = now_s ();
      cns_simulator_destroy ();
      destroy_s = MIN (destroy_s, now_s () - t0);
    }
  g_free (p.rng);

  printf ("{\"bench\":\"scheduler\",\"case\":\"phold\",\"scheduler\":\"heap\","
          "\"lps\":%u,\"events_per_lp\":%u,\"remote\":%g,\"events\":"
          "%" G_GUINT64_FORMAT ",\"bare_events\":%" G_GUINT64_FORMAT
          ",\"repeat\":%u,\"wall_s\":%.3f,\"events_per_s\":%.0f,"
          "\"bare_events_per_s\":%.0f,\"ratio_to_bare\":%.3f,"
          "\"schedule_s\":%.3f,\"destroy_s\":%.3f}\n",
          lps, events_per_lp, p.remote, p.events, bare_events, repeat, api_s,
          (gdouble) p.events / api_s, (gdouble) bare_events / bare_s,
          ((gdouble) p.events / api_s) / ((gdouble) bare_events / bare_s),
          schedule_s, destroy_s);
  fflush (stdout);
}

int
main (int argc, char **argv)
{
  g_autoptr (CnsCommandLine) cmd = NULL;
  gboolean quick = FALSE;
  guint repeat = 3;
  guint max_lps = 1048576;
  g_autofree gchar *which = NULL;
  static const gsize sizes[] = { 1000, 100000, 1000000, 10000000 };
  static const gchar *const schedulers[] = { "heap", "ladder", "list" };

  /* large runs want malloc tuned; the library leaves it alone unless asked */
  cns_memory_tune_heap ();

  cmd = cns_command_line_new ("Benchmark of the event schedulers and the "
                              "simulator kernel; one JSON line per case");
  cns_command_line_add_boolean (
      cmd, "quick", "Small sizes only, to check the program runs", &quick);
  cns_command_line_add_string (cmd, "case", "Run only this case: hold or phold",
                               &which);
  cns_command_line_add_boolean (
      cmd, "cpuTime",
      "Time with the process's CPU clock instead of the wall clock",
      &use_cpu_time);
  cns_command_line_add_uint (
      cmd, "maxLps", "Largest PHOLD size: 1024 LPs x 4^k up to this", &max_lps);
  cns_command_line_add_uint (
      cmd, "repeat", "Runs of each side of a case; the best counts", &repeat);
  cns_command_line_parse (cmd, &argc, &argv);
  if (repeat == 0)
    {
      g_printerr ("bench-scheduler: --repeat must be at least 1\n");
      return 2;
    }
  if (max_lps < 1024)
    {
      g_printerr ("bench-scheduler: --maxLps must be at least 1024, got %u\n",
                  max_lps);
      return 2;
    }
  if (which != NULL && strcmp (which, "hold") != 0
      && strcmp (which, "phold") != 0)
    {
      g_printerr ("bench-scheduler: --case must be hold or phold, got '%s'\n",
                  which);
      return 2;
    }

  if (which == NULL || strcmp (which, "hold") == 0)
    for (gsize s = 0; s < G_N_ELEMENTS (schedulers); s++)
      for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
        {
          gsize n = sizes[i];

          if (quick && n > 1000)
            break;
          /* The sorted list is O(n) per insert: the reference for tests,
           * not a scheduler for large runs. */
          if (strcmp (schedulers[s], "list") == 0 && n > 100000)
            {
              printf ("{\"bench\":\"scheduler\",\"case\":\"hold\","
                      "\"scheduler\":\"list\",\"pending\":%" G_GSIZE_FORMAT
                      ",\"skipped\":\"O(n) insert; reference only\"}\n",
                      n);
              continue;
            }
          bench_hold (schedulers[s], n,
                      quick                                 ? 100000
                      : strcmp (schedulers[s], "list") == 0 ? 2000000000 / n
                                                            : 10000000,
                      quick ? 1 : repeat);
        }

  if (which == NULL || strcmp (which, "phold") == 0)
    {
      if (quick)
        bench_phold (64, 16, 1);
      else
        for (guint lps = 1024; lps <= max_lps; lps *= 4)
          bench_phold (lps, 16, repeat);
    }
  return 0;
}
