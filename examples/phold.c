/* cns — PHOLD, the classic synthetic benchmark of discrete-event kernels.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A set of logical processes (LPs) pass events around. Each LP starts with
 * --eventsPerLp events; when an event runs, the LP sends a new one either
 * to itself or, with probability --remote, to another LP chosen uniformly,
 * --lookahead plus an exponential delay of mean --mean later. The run ends
 * at --endTime.
 *
 * With --payload=BYTES every event carries a message body of that size,
 * passed on to the event it makes (the body moves; nothing is copied): on
 * threads it is handed over by pointer whatever its size, while between
 * MPI ranks it travels as bytes, the seeds' zero-copy experiment. The
 * handler writes a stamp into the first and last bytes of the body.
 *
 * Each LP is a simulator context and draws from its own random stream, so
 * the events and the checksum are the same whichever scheduler and however
 * many MPI ranks run the model: under mpirun, LP i runs on rank i % ranks,
 * and an event for an LP of another rank travels as an MPI message, under
 * the lookahead. Try:
 *
 *   ./waf --run "phold --lps=1024"
 *   ./waf --run "phold --lps=16384 --eventsPerLp=1 --SchedulerType=ladder"
 *   ./waf --run "phold --json --fingerprint"
 *   ./waf --run "phold --payload=50000 --threads=2"
 *   mpirun -np 4 build/examples/phold
 * --SimulatorImplementationType=null-message
 */
#include "core/cns-core.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct
{
  CnsRngStream rng;
} Lp;

/* An event's data under --payload: its LP and body. */
typedef struct
{
  guint32 lp;
  guint8 body[];
} Message;

typedef struct
{
  Lp *lps;
  guint n_lps;
  guint32 ranks;
  guint32 *routes;  /* to each rank, for events of its LPs */
  guint32 receiver; /* of those events, on this rank */
  gdouble remote;
  CnsTime lookahead;
  gdouble mean_ps;
  guint payload; /* bytes of each message's body, 0 for none */
  /* events, and the sum of (time, LP) over them: a fingerprint; counted
   * apart by each thread of a parallel run */
  CnsAccumulator *totals;
} Phold;

enum
{
  TOTAL_EVENTS,
  TOTAL_CHECKSUM,
  N_TOTALS
};

static void phold_event (gpointer obj, gpointer data);

/* Schedules the next event of the LP that is running: to itself or, with
 * probability remote, to another LP. @message, the running event's body
 * (or NULL), goes with it. */
static void
phold_send (Phold *model, Lp *lp, guint32 self, Message *message)
{
  guint32 dest = self;
  CnsTime delay;

  if (model->n_lps > 1 && cns_rng_stream_uniform (&lp->rng) < model->remote)
    {
      /* uniform over the other LPs */
      dest = (guint32) (cns_rng_stream_uniform (&lp->rng) * (model->n_lps - 1));
      if (dest >= self)
        dest++;
    }
  delay
      = model->lookahead
        + (CnsTime) (-model->mean_ps * log (cns_rng_stream_uniform (&lp->rng)));
  if (dest % model->ranks != self % model->ranks)
    {
      /* to another rank: the body travels as bytes */
      cns_mpi_send (model->routes[dest % model->ranks], model->receiver,
                    cns_simulator_now () + delay, dest, 0,
                    message != NULL ? message->body : NULL,
                    message != NULL ? model->payload : 0);
      g_free (message);
    }
  else if (message != NULL)
    {
      message->lp = dest;
      cns_simulator_schedule_with_context_full (dest, delay, phold_event,
                                                model, message, g_free);
    }
  else
    cns_simulator_schedule_with_context (dest, delay, phold_event, model,
                                         &model->lps[dest]);
}

static void
phold_event (gpointer obj, gpointer data)
{
  Phold *model = obj;
  Message *message = model->payload > 0 ? data : NULL;
  guint32 self = message != NULL ? message->lp
                                 : (guint32) ((Lp *) data - model->lps);
  guint64 *totals = cns_accumulator_get_values (model->totals);
  guint64 now = (guint64) cns_simulator_now ();

  totals[TOTAL_EVENTS]++;
  totals[TOTAL_CHECKSUM] += now * 31 + self;
  if (message != NULL)
    {
      /* the receiver reads and writes the body, as a model would */
      guint64 stamp;

      cns_simulator_take_event_data (); /* the body goes on */
      memcpy (&stamp, message->body, sizeof stamp);
      stamp += now;
      memcpy (message->body, &stamp, sizeof stamp);
      memcpy (message->body + model->payload - sizeof stamp, &stamp,
              sizeof stamp);
    }
  phold_send (model, &model->lps[self], self, message);
}

/* A body of --payload bytes for an event of LP @lp. */
static Message *
phold_message_new (Phold *model, guint32 lp, const guint8 *body)
{
  Message *message = g_malloc (sizeof (Message) + model->payload);

  message->lp = lp;
  if (body != NULL)
    memcpy (message->body, body, model->payload);
  else
    memset (message->body, 0, model->payload);
  return message;
}

/* An event from an LP of another rank. */
static void
phold_receive (CnsTime time, guint64 key, guint32 dest, guint32 interface,
               const guint8 *bytes, gsize size, gpointer user_data)
{
  Phold *model = user_data;

  if (dest >= model->n_lps || dest % model->ranks != cns_mpi_get_rank ())
    cns_fatal ("phold: an event for LP %u, which this rank does not run", dest);
  if (size != (model->payload > 0 ? model->payload : 0))
    cns_fatal ("phold: an event of %" G_GSIZE_FORMAT " bytes from another "
               "rank, not --payload=%u: do all ranks have the same options?",
               size, model->payload);
  if (model->payload > 0)
    cns_simulator_schedule_remote (time, dest, key, phold_event, model,
                                   phold_message_new (model, dest, bytes),
                                   g_free);
  else
    cns_simulator_schedule_remote (time, dest, key, phold_event, model,
                                   &model->lps[dest], NULL);
}

/* Under MPI: a route to every other rank, whose events come at least the
 * lookahead later. */
static void
phold_connect_ranks (Phold *model)
{
  model->ranks = cns_mpi_get_size ();
  model->routes = g_new0 (guint32, model->ranks);
  if (model->ranks == 1)
    return;
  if (model->lookahead <= 0)
    cns_fatal ("phold: --lookahead must be positive on several ranks");
  model->receiver = cns_mpi_add_receiver (phold_receive, model);
  for (guint32 a = 0; a < model->ranks; a++)
    for (guint32 b = a + 1; b < model->ranks; b++)
      {
        guint32 route = cns_mpi_add_remote_route (a, b, model->lookahead);

        if (a == cns_mpi_get_rank ())
          model->routes[b] = route;
        else if (b == cns_mpi_get_rank ())
          model->routes[a] = route;
      }
}

/* The initial events: each LP of this rank gets events_per_lp events in
 * [0, mean). */
static void
phold_start (Phold *model, guint events_per_lp, guint32 seed)
{
  for (guint32 i = 0; i < model->n_lps; i++)
    {
      Lp *lp = &model->lps[i];

      if (i % model->ranks != cns_mpi_get_rank ())
        continue;
      cns_rng_stream_init (&lp->rng, seed, i, cns_rng_seed_manager_get_run ());
      for (guint e = 0; e < events_per_lp; e++)
        {
          CnsTime at = (CnsTime) (cns_rng_stream_uniform (&lp->rng)
                                  * model->mean_ps);

          if (model->payload > 0)
            cns_simulator_schedule_with_context_full (
                i, at, phold_event, model, phold_message_new (model, i, NULL),
                g_free);
          else
            cns_simulator_schedule_with_context (i, at, phold_event, model,
                                                 lp);
        }
    }
}

int
main (int argc, char **argv)
{
  g_autoptr (CnsCommandLine) cmd = NULL;
  guint lps = 1024;
  guint events_per_lp = 16;
  gdouble remote = 0.25;
  CnsTime lookahead = cns_nano_seconds (100);
  CnsTime mean = cns_micro_seconds (1);
  CnsTime end_time = cns_milli_seconds (1);
  guint seed = 1;
  guint payload = 0;
  gboolean json = FALSE, fingerprint = FALSE;
  g_autofree gchar *digest = NULL;
  guint64 totals[N_TOTALS];
  Phold model = { 0 };
  gint64 start, stop;
  gdouble wall;
  guint64 events;

  /* large topologies want malloc tuned; libcns leaves it alone unless asked */
  cns_memory_tune_heap ();

  cmd = cns_command_line_new ("PHOLD: logical processes exchanging events, "
                              "a benchmark of the event kernel");
  cns_command_line_add_uint (cmd, "lps", "Number of logical processes", &lps);
  cns_command_line_add_uint (cmd, "eventsPerLp", "Events each LP starts with",
                             &events_per_lp);
  cns_command_line_add_double (
      cmd, "remote", "Fraction of events sent to another LP (0-1)", &remote);
  cns_command_line_add_time (cmd, "lookahead",
                             "Fixed part of every event's delay", &lookahead);
  cns_command_line_add_time (
      cmd, "mean", "Mean of the exponential part of the delay", &mean);
  cns_command_line_add_time (cmd, "endTime", "When the run stops", &end_time);
  cns_command_line_add_uint (
      cmd, "payload",
      "Bytes of a body every event carries and passes on (0: none; at "
      "least 16)",
      &payload);
  cns_command_line_add_uint (cmd, "seed", "Seed of the LPs' random streams",
                             &seed);
  cns_command_line_add_boolean (cmd, "json",
                                "Print one JSON line instead of text", &json);
  cns_command_line_add_boolean (
      cmd, "fingerprint",
      "Print a SHA-256 of the events every LP ran, the same on any number "
      "of ranks",
      &fingerprint);
  cns_mpi_enable (&argc, &argv);
  cns_command_line_parse (cmd, &argc, &argv);

  if (lps == 0 || lps > CNS_CONTEXT_MAX + 1u)
    {
      g_printerr ("phold: --lps must be between 1 and %u, got %u\n",
                  CNS_CONTEXT_MAX + 1u, lps);
      return 2;
    }
  if (remote < 0.0 || remote > 1.0)
    {
      g_printerr ("phold: --remote must be between 0 and 1, got %g\n", remote);
      return 2;
    }
  if (lookahead < 0 || mean <= 0 || end_time < 0)
    {
      g_printerr ("phold: --lookahead and --endTime must not be negative and "
                  "--mean must be positive\n");
      return 2;
    }
  if (payload != 0 && (payload < 16 || payload > 64 * 1024 * 1024))
    {
      g_printerr ("phold: --payload must be 0 or between 16 and 67108864 "
                  "bytes, got %u\n",
                  payload);
      return 2;
    }
  if (seed == 0 || seed > 4294944442u)
    {
      g_printerr ("phold: --seed must be between 1 and 4294944442, got %u\n",
                  seed);
      return 2;
    }

  model.n_lps = lps;
  model.lps = g_new (Lp, lps);
  model.remote = remote;
  model.lookahead = lookahead;
  model.mean_ps = (gdouble) mean;
  model.payload = payload;
  model.totals = cns_accumulator_new (N_TOTALS);
  /* on threads, events between LPs come at least this late */
  if (lookahead > 0)
    cns_simulator_set_lookahead (lookahead);

  phold_connect_ranks (&model);
  phold_start (&model, events_per_lp, seed);
  cns_simulator_stop_at (end_time);
  if (fingerprint)
    cns_simulator_enable_fingerprint ();
  start = g_get_monotonic_time ();
  cns_simulator_run ();
  stop = g_get_monotonic_time ();
  cns_accumulator_sum (model.totals, totals);
  events = totals[TOTAL_EVENTS];
  digest = cns_simulator_get_fingerprint ();
  wall = (gdouble) (stop - start) / 1e6;
  if (cns_mpi_get_rank () != 0)
    json = FALSE;

  if (cns_mpi_get_rank () != 0)
    ;
  else if (json)
    printf ("{\"program\":\"phold\",\"lps\":%u,\"events_per_lp\":%u,"
            "\"remote\":%g,\"lookahead_s\":%g,\"mean_s\":%g,\"end_time_s\":%g,"
            "\"payload\":%u,\"scheduler\":\"%s\",\"seed\":%u,"
            "\"events\":%" G_GUINT64_FORMAT ",\"checksum\":%" G_GUINT64_FORMAT
            "%s%s%s,\"ranks\":%u,\"simulator\":\"%s\",\"threads\":%u,"
            "\"wall_s\":%.6f,\"events_per_s\":%.0f}\n",
            lps, events_per_lp, remote, cns_time_to_seconds (lookahead),
            cns_time_to_seconds (mean), cns_time_to_seconds (end_time),
            payload, cns_simulator_get_scheduler_name (), seed, events,
            totals[TOTAL_CHECKSUM], digest != NULL ? ",\"fingerprint\":\"" : "",
            digest != NULL ? digest : "", digest != NULL ? "\"" : "",
            model.ranks, cns_simulator_get_implementation_name (),
            cns_simulator_get_n_threads (), wall,
            wall > 0 ? (gdouble) events / wall : 0.0);
  else
    {
      g_autofree gchar *end = cns_time_to_string (end_time);

      printf ("phold: %u LPs x %u events, remote %g, scheduler %s, until %s\n",
              lps, events_per_lp, remote, cns_simulator_get_scheduler_name (),
              end);
      printf ("events processed: %" G_GUINT64_FORMAT "\n", events);
      printf ("checksum: %" G_GUINT64_FORMAT "\n", totals[TOTAL_CHECKSUM]);
      if (digest != NULL)
        printf ("fingerprint: %s\n", digest);
      printf ("wall time: %.3f s\n", wall);
      printf ("events/s: %.0f\n", wall > 0 ? (gdouble) events / wall : 0.0);
    }

  cns_simulator_destroy ();
  g_free (model.lps);
  cns_accumulator_unref (model.totals);
  g_free (model.routes);
  cns_mpi_disable ();
  return 0;
}
