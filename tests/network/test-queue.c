/* cns — tests of queues.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <string.h>

#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/suites.h"

typedef struct
{
  guint enqueued, dequeued, dropped;
  guint64 dropped_bytes;
} Counts;

static void
on_enqueue (gpointer source, CnsPacket *packet, gpointer user_data)
{
  ((Counts *) user_data)->enqueued++;
}

static void
on_dequeue (gpointer source, CnsPacket *packet, gpointer user_data)
{
  ((Counts *) user_data)->dequeued++;
}

static void
on_drop (gpointer source, CnsPacket *packet, gpointer user_data)
{
  Counts *c = user_data;

  c->dropped++;
  c->dropped_bytes += cns_packet_get_size (packet);
}

static CnsQueue *
traced_queue (const gchar *max_size, Counts *counts)
{
  g_autoptr (GError) error = NULL;
  CnsQueue *q = cns_drop_tail_queue_new ();

  ck_assert (cns_attribute_set (q, "MaxSize", max_size, &error));
  ck_assert (cns_trace_connect (q, "Enqueue", G_CALLBACK (on_enqueue), counts,
                                &error));
  ck_assert (cns_trace_connect (q, "Dequeue", G_CALLBACK (on_dequeue), counts,
                                &error));
  ck_assert (
      cns_trace_connect (q, "Drop", G_CALLBACK (on_drop), counts, &error));
  return q;
}

START_TEST (test_queue_packets_limit)
{
  Counts c = { 0 };
  g_autoptr (CnsQueue) q = traced_queue ("3p", &c);
  guint64 uids[5];

  ck_assert (cns_queue_is_empty (q));
  ck_assert_ptr_null (cns_queue_dequeue (q));
  for (guint i = 0; i < 5; i++)
    {
      CnsPacket *p = cns_packet_new (100 + i);

      uids[i] = cns_packet_get_uid (p);
      ck_assert (cns_queue_enqueue (q, p) == (i < 3));
    }
  ck_assert_uint_eq (cns_queue_get_n_packets (q), 3);
  ck_assert_uint_eq (cns_queue_get_n_bytes (q), 100 + 101 + 102);
  ck_assert_uint_eq (c.enqueued, 3);
  ck_assert_uint_eq (c.dropped, 2);
  ck_assert_uint_eq (c.dropped_bytes, 103 + 104);
  ck_assert_uint_eq (cns_queue_get_total_received_packets (q), 3);
  ck_assert_uint_eq (cns_queue_get_total_received_bytes (q), 303);
  ck_assert_uint_eq (cns_queue_get_total_dropped_packets (q), 2);
  ck_assert_uint_eq (cns_queue_get_total_dropped_bytes (q), 207);
  ck_assert_uint_eq (cns_packet_get_uid (cns_queue_peek (q)), uids[0]);

  /* first in, first out */
  for (guint i = 0; i < 3; i++)
    {
      CnsPacket *p = cns_queue_dequeue (q);

      ck_assert_uint_eq (cns_packet_get_uid (p), uids[i]);
      cns_packet_unref (p);
    }
  ck_assert_uint_eq (c.dequeued, 3);
  ck_assert (cns_queue_is_empty (q));
  ck_assert_uint_eq (cns_queue_get_n_bytes (q), 0);
  cns_queue_reset_statistics (q);
  ck_assert_uint_eq (cns_queue_get_total_dropped_packets (q), 0);
}
END_TEST

START_TEST (test_queue_bytes_limit)
{
  Counts c = { 0 };
  g_autoptr (CnsQueue) q = traced_queue ("2.5KB", &c);
  CnsQueueSize size;

  cns_queue_get_max_size (q, &size);
  ck_assert_int_eq (size.unit, CNS_QUEUE_SIZE_BYTES);
  ck_assert_uint_eq (size.value, 2500);
  ck_assert (cns_queue_enqueue (q, cns_packet_new (1000)));
  ck_assert (cns_queue_enqueue (q, cns_packet_new (1000)));
  /* 2000 + 1000 > 2500, but a smaller packet still fits */
  ck_assert (!cns_queue_enqueue (q, cns_packet_new (1000)));
  ck_assert (cns_queue_enqueue (q, cns_packet_new (500)));
  ck_assert (!cns_queue_enqueue (q, cns_packet_new (1)));
  ck_assert_uint_eq (cns_queue_get_n_bytes (q), 2500);
  ck_assert_uint_eq (cns_queue_get_n_packets (q), 3);
  ck_assert_uint_eq (c.dropped, 2);
}
END_TEST

START_TEST (test_queue_grows_and_wraps)
{
  g_autoptr (CnsQueue) q = cns_drop_tail_queue_new ();
  CnsQueueSize big = { CNS_QUEUE_SIZE_PACKETS, 100000 };
  guint next_in = 0, next_out = 0;
  GRand *rand = g_rand_new_with_seed (5);

  cns_queue_set_max_size (q, &big);
  /* random interleaving exercises growth while the ring has wrapped */
  for (guint step = 0; step < 20000; step++)
    {
      if (g_rand_int_range (rand, 0, 3) != 0)
        ck_assert (cns_queue_enqueue (q, cns_packet_new (next_in++ % 1500)));
      else if (!cns_queue_is_empty (q))
        {
          CnsPacket *p = cns_queue_dequeue (q);

          ck_assert_uint_eq (cns_packet_get_size (p), next_out++ % 1500);
          cns_packet_unref (p);
        }
    }
  ck_assert_uint_eq (cns_queue_get_n_packets (q), next_in - next_out);
  g_rand_free (rand);
  /* finalizing a non-empty queue releases its packets (valgrind checks) */
}
END_TEST

START_TEST (test_queue_default_and_attributes)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsQueue) q = cns_drop_tail_queue_new ();
  g_autofree gchar *text = cns_attribute_get (q, "MaxSize", &error);

  /* ns-3's default */
  ck_assert_str_eq (text, "100p");
  ck_assert (!cns_attribute_set (q, "MaxSize", "100 parcels", &error));
  ck_assert_str_eq (error->message,
                    "CnsDropTailQueue::MaxSize: '100 parcels' has an unknown "
                    "queue size unit 'parcels' (expected a count and a unit "
                    "such as 100p (packets), 64KB or 1MiB (bytes))");
  g_clear_error (&error);
  ck_assert (cns_config_set_default ("CnsQueue::MaxSize", "7p", &error));
  {
    g_autoptr (CnsQueue) q2 = cns_drop_tail_queue_new ();
    CnsQueueSize size;

    cns_queue_get_max_size (q2, &size);
    ck_assert_uint_eq (size.value, 7);
  }
}
END_TEST

/* The listing shows the default a queue really gets, however it is made
 * (it once showed "none" while queues held 100 packets). */
START_TEST (test_queue_listing_default)
{
  g_autofree gchar *base = cns_type_listing_attributes (CNS_TYPE_QUEUE);
  g_autofree gchar *derived
      = cns_type_listing_attributes (CNS_TYPE_DROP_TAIL_QUEUE);
  g_autoptr (CnsQueue) made = cns_drop_tail_queue_new ();
  g_autoptr (GObject) plain = g_object_new (CNS_TYPE_DROP_TAIL_QUEUE, NULL);
  g_autofree gchar *made_text = cns_attribute_get (made, "MaxSize", NULL);
  g_autofree gchar *plain_text = cns_attribute_get (plain, "MaxSize", NULL);

  ck_assert_msg (g_str_has_prefix (base, "Attributes of CnsQueue:\n"
                                         "  --CnsQueue::MaxSize=[100p]\n"),
                 "%s", base);
  ck_assert_msg (strstr (derived, "  --CnsQueue::MaxSize=[100p]\n") != NULL,
                 "%s", derived);
  ck_assert_str_eq (made_text, "100p");
  ck_assert_str_eq (plain_text, "100p");
}
END_TEST

Suite *
test_queue_suite (void)
{
  Suite *s = suite_create ("queue");
  TCase *tc = tcase_create ("queue");

  tcase_add_checked_fixture (tc, NULL, cns_test_reset);
  tcase_add_test (tc, test_queue_packets_limit);
  tcase_add_test (tc, test_queue_bytes_limit);
  tcase_add_test (tc, test_queue_grows_and_wraps);
  tcase_add_test (tc, test_queue_default_and_attributes);
  tcase_add_test (tc, test_queue_listing_default);
  suite_add_tcase (s, tc);
  return s;
}
