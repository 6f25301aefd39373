/* cns — shared fixtures of the IPv4 tests.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/ipv4-fixtures.h"

#include <string.h>

/* ---- TestL4 ---- */

G_DEFINE_FINAL_TYPE (TestL4, test_l4, CNS_TYPE_IPV4_L4_PROTOCOL)

static CnsIpv4L4RxStatus
test_l4_receive (CnsIpv4L4Protocol *protocol, CnsPacket *packet,
                 const CnsIpv4Header *header, guint32 interface)
{
  TestL4 *self = TEST_L4 (protocol);
  guint32 size = cns_packet_get_size (packet);
  guint8 *bytes = g_malloc (size);
  TestRx rx = { cns_simulator_now (), *header, interface, NULL };

  ck_assert (cns_packet_is_writable (packet));
  cns_packet_copy_data (packet, 0, bytes, size);
  rx.payload = g_bytes_new_take (bytes, size);
  g_array_append_val (self->rx, rx);
  return self->status;
}

static void
test_l4_receive_icmp (CnsIpv4L4Protocol *protocol, CnsIpv4Address icmp_source,
                      guint8 icmp_ttl, guint8 icmp_type, guint8 icmp_code,
                      guint32 icmp_info, CnsIpv4Address payload_source,
                      CnsIpv4Address payload_destination,
                      const guint8 payload[8])
{
  TestL4 *self = TEST_L4 (protocol);
  TestIcmp icmp = {
    cns_simulator_now (), icmp_source,         icmp_type, icmp_code, icmp_info,
    payload_source,       payload_destination, { 0 }
  };

  memcpy (icmp.payload, payload, 8);
  g_array_append_val (self->icmp, icmp);
}

static void
test_rx_clear (gpointer data)
{
  g_bytes_unref (((TestRx *) data)->payload);
}

static void
test_l4_finalize (GObject *object)
{
  TestL4 *self = TEST_L4 (object);

  g_array_unref (self->rx);
  g_array_unref (self->icmp);
  G_OBJECT_CLASS (test_l4_parent_class)->finalize (object);
}

static void
test_l4_class_init (TestL4Class *klass)
{
  CnsIpv4L4ProtocolClass *l4_class = CNS_IPV4_L4_PROTOCOL_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = test_l4_finalize;
  l4_class->protocol_number = TEST_PROTOCOL;
  l4_class->receive = test_l4_receive;
  l4_class->receive_icmp = test_l4_receive_icmp;
}

static void
test_l4_init (TestL4 *self)
{
  self->status = CNS_IPV4_L4_RX_OK;
  self->rx = g_array_new (FALSE, FALSE, sizeof (TestRx));
  g_array_set_clear_func (self->rx, test_rx_clear);
  self->icmp = g_array_new (FALSE, FALSE, sizeof (TestIcmp));
}

/* ---- stacks ---- */

/* Keeps only borrowed pointers: the node's aggregate owns the protocols. */
void
stack_install (Stack *stack, CnsNode *node)
{
  g_autoptr (CnsIpv4L3Protocol) ipv4 = cns_ipv4_l3_protocol_new ();
  g_autoptr (CnsIcmpv4L4Protocol) icmp = cns_icmpv4_l4_protocol_new ();
  g_autoptr (CnsIpv4StaticRouting) routing = cns_ipv4_static_routing_new ();
  g_autoptr (TestL4) l4 = g_object_new (TEST_TYPE_L4, NULL);

  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (ipv4));
  cns_object_aggregate (CNS_OBJECT (node), CNS_OBJECT (icmp));
  cns_ipv4_l3_protocol_set_routing_protocol (
      ipv4, CNS_IPV4_ROUTING_PROTOCOL (routing));
  cns_ipv4_l3_protocol_insert_l4_protocol (ipv4, CNS_IPV4_L4_PROTOCOL (l4));
  *stack = (Stack){ node, ipv4, icmp, routing, l4 };
}

/* Adds @device as an interface with @address/@prefix_length, up. */
guint32
stack_add_interface (Stack *stack, CnsNetDevice *device, const gchar *address,
                     guint prefix_length)
{
  g_autoptr (GError) error = NULL;
  CnsIpv4InterfaceAddress a = cns_ipv4_interface_address_init (
      cns_ipv4_address_from_string (address),
      cns_ipv4_mask_from_prefix_length (prefix_length));
  guint32 interface = cns_ipv4_l3_protocol_add_interface (stack->ipv4, device);

  ck_assert (
      cns_ipv4_l3_protocol_add_address (stack->ipv4, interface, &a, &error));
  cns_ipv4_l3_protocol_set_up (stack->ipv4, interface);
  return interface;
}

/* ---- topologies ---- */

CnsNetDeviceContainer *
link_nodes (CnsNode *a, CnsNode *b, const gchar *rate, const gchar *delay)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsPointToPointHelper) helper = cns_point_to_point_helper_new ();

  ck_assert (cns_point_to_point_helper_set_device_attribute (helper, "DataRate",
                                                             rate, &error));
  ck_assert (cns_point_to_point_helper_set_channel_attribute (helper, "Delay",
                                                              delay, &error));
  return cns_point_to_point_helper_install (helper, a, b);
}

void
pair_build (Pair *pair, const gchar *rate, const gchar *delay)
{
  g_autoptr (CnsNode) a = cns_node_new ();
  g_autoptr (CnsNode) b = cns_node_new ();

  pair->ab = link_nodes (a, b, rate, delay);
  stack_install (&pair->a, a);
  stack_install (&pair->b, b);
  ck_assert_uint_eq (
      stack_add_interface (&pair->a, cns_net_device_container_get (pair->ab, 0),
                           "10.1.1.1", 24),
      1);
  ck_assert_uint_eq (
      stack_add_interface (&pair->b, cns_net_device_container_get (pair->ab, 1),
                           "10.1.1.2", 24),
      1);
}

void
pair_clear (Pair *pair)
{
  g_clear_pointer (&pair->ab, cns_net_device_container_unref);
  memset (pair, 0, sizeof *pair);
}

void
line_build (Line *line, const gchar *rate_ar, const gchar *delay_ar,
            const gchar *rate_rb, const gchar *delay_rb)
{
  g_autoptr (CnsNode) a = cns_node_new ();
  g_autoptr (CnsNode) r = cns_node_new ();
  g_autoptr (CnsNode) b = cns_node_new ();

  line->ar = link_nodes (a, r, rate_ar, delay_ar);
  line->rb = link_nodes (r, b, rate_rb, delay_rb);
  stack_install (&line->a, a);
  stack_install (&line->r, r);
  stack_install (&line->b, b);
  stack_add_interface (&line->a, cns_net_device_container_get (line->ar, 0),
                       "10.1.1.1", 24);
  stack_add_interface (&line->r, cns_net_device_container_get (line->ar, 1),
                       "10.1.1.2", 24);
  stack_add_interface (&line->r, cns_net_device_container_get (line->rb, 0),
                       "10.1.2.1", 24);
  stack_add_interface (&line->b, cns_net_device_container_get (line->rb, 1),
                       "10.1.2.2", 24);
  cns_ipv4_static_routing_set_default_route (
      line->a.routing, cns_ipv4_address_from_string ("10.1.1.2"), 1, 0);
  cns_ipv4_static_routing_set_default_route (
      line->b.routing, cns_ipv4_address_from_string ("10.1.2.1"), 1, 0);
}

/* UDP on every node of @line, for applications and sockets. */
void
line_install_udp (Line *line)
{
  CnsNode *nodes[] = { line->a.node, line->r.node, line->b.node };

  for (guint i = 0; i < G_N_ELEMENTS (nodes); i++)
    {
      g_autoptr (CnsUdpL4Protocol) udp = cns_udp_l4_protocol_new ();

      cns_object_aggregate (CNS_OBJECT (nodes[i]), CNS_OBJECT (udp));
    }
}

void
line_clear (Line *line)
{
  g_clear_pointer (&line->ar, cns_net_device_container_unref);
  g_clear_pointer (&line->rb, cns_net_device_container_unref);
  memset (line, 0, sizeof *line);
}

/* ---- sending ---- */

/* A packet of @size bytes: @seed, @seed + 1, ... modulo 256. */
CnsPacket *
pattern_packet (guint32 size, guint8 seed)
{
  g_autofree guint8 *bytes = g_malloc (size);

  for (guint32 i = 0; i < size; i++)
    bytes[i] = (guint8) (seed + i);
  return cns_packet_new_from_data (bytes, size);
}

typedef struct
{
  Stack *from;
  CnsPacket *packet;
  CnsIpv4Address destination;
  guint8 ttl;
} SendJob;

static void
send_job_run (gpointer obj, gpointer data)
{
  SendJob *job = data;

  cns_ipv4_l3_protocol_send (job->from->ipv4, g_steal_pointer (&job->packet),
                             cns_ipv4_address_any (), job->destination,
                             TEST_PROTOCOL, job->ttl, 0, NULL);
}

static void
send_job_free (gpointer data)
{
  SendJob *job = data;

  g_clear_pointer (&job->packet, cns_packet_unref);
  g_free (job);
}

/* Schedules @from to send @packet (transfer full) with TestL4's number. */
void
send_at (Stack *from, CnsTime when, CnsPacket *packet, const gchar *destination,
         guint8 ttl)
{
  SendJob *job = g_new0 (SendJob, 1);

  job->from = from;
  job->packet = packet;
  job->destination = cns_ipv4_address_from_string (destination);
  job->ttl = ttl;
  cns_simulator_schedule_with_context_full (cns_node_get_id (from->node), when,
                                            send_job_run, NULL, job,
                                            send_job_free);
}

/* ---- trace recorders ---- */

static void
on_tx (gpointer source, CnsPacket *packet, CnsIpv4L3Protocol *ipv4,
       guint32 interface, gpointer user_data)
{
  ((L3Counts *) user_data)->tx++;
}

static void
on_rx (gpointer source, CnsPacket *packet, CnsIpv4L3Protocol *ipv4,
       guint32 interface, gpointer user_data)
{
  ((L3Counts *) user_data)->rx++;
}

static void
on_send_outgoing (gpointer source, const CnsIpv4Header *header,
                  CnsPacket *packet, guint32 interface, gpointer user_data)
{
  ((L3Counts *) user_data)->send_outgoing++;
}

static void
on_unicast_forward (gpointer source, const CnsIpv4Header *header,
                    CnsPacket *packet, guint32 interface, gpointer user_data)
{
  ((L3Counts *) user_data)->unicast_forward++;
}

static void
on_local_deliver (gpointer source, const CnsIpv4Header *header,
                  CnsPacket *packet, guint32 interface, gpointer user_data)
{
  ((L3Counts *) user_data)->local_deliver++;
}

static void
on_drop (gpointer source, const CnsIpv4Header *header, CnsPacket *packet,
         CnsIpv4DropReason reason, CnsIpv4L3Protocol *ipv4, guint32 interface,
         gpointer user_data)
{
  TestDrop drop = { cns_simulator_now (), *header, reason, interface,
                    cns_packet_get_size (packet) };

  ck_assert_ptr_eq (source, ipv4);
  g_array_append_val (((L3Counts *) user_data)->drops, drop);
}

void
l3_counts_connect (L3Counts *counts, CnsIpv4L3Protocol *ipv4)
{
  g_autoptr (GError) error = NULL;

  memset (counts, 0, sizeof *counts);
  counts->drops = g_array_new (FALSE, FALSE, sizeof (TestDrop));
  ck_assert (
      cns_trace_connect (ipv4, "Tx", G_CALLBACK (on_tx), counts, &error));
  ck_assert (
      cns_trace_connect (ipv4, "Rx", G_CALLBACK (on_rx), counts, &error));
  ck_assert (cns_trace_connect (ipv4, "SendOutgoing",
                                G_CALLBACK (on_send_outgoing), counts, &error));
  ck_assert (cns_trace_connect (
      ipv4, "UnicastForward", G_CALLBACK (on_unicast_forward), counts, &error));
  ck_assert (cns_trace_connect (ipv4, "LocalDeliver",
                                G_CALLBACK (on_local_deliver), counts, &error));
  ck_assert (
      cns_trace_connect (ipv4, "Drop", G_CALLBACK (on_drop), counts, &error));
}

void
l3_counts_clear (L3Counts *counts)
{
  g_clear_pointer (&counts->drops, g_array_unref);
}

/* Returns: how many drops for @reason were recorded. */
guint
l3_counts_drops (const L3Counts *counts, CnsIpv4DropReason reason)
{
  guint n = 0;

  for (guint i = 0; i < counts->drops->len; i++)
    n += g_array_index (counts->drops, TestDrop, i).reason == reason;
  return n;
}

void
fixtures_teardown (void)
{
  cns_test_reset ();
}

/* ---- a GClosure that records how trace marshals call it ---- */

static void
closure_call_clear (gpointer data)
{
  ClosureCall *call = data;

  for (guint i = 0; i < MIN (call->n_values, CLOSURE_CALL_MAX_VALUES); i++)
    g_value_unset (&call->values[i]);
}

/* Copies the values the closure was called with into its GArray. */
static void
record_call (GClosure *closure, GValue *return_value, guint n_param_values,
             const GValue *param_values, gpointer invocation_hint,
             gpointer marshal_data)
{
  ClosureCall call = { n_param_values, { 0 }, { G_VALUE_INIT } };

  ck_assert_ptr_null (return_value);
  for (guint i = 0; i < MIN (n_param_values, CLOSURE_CALL_MAX_VALUES); i++)
    {
      GType type = G_VALUE_TYPE (&param_values[i]);

      call.types[i] = type;
      if (G_TYPE_IS_OBJECT (type))
        g_value_set_pointer (g_value_init (&call.values[i], G_TYPE_POINTER),
                             g_value_get_object (&param_values[i]));
      else
        {
          g_value_init (&call.values[i], type);
          g_value_copy (&param_values[i], &call.values[i]);
        }
    }
  g_array_append_val ((GArray *) closure->data, call);
}

static void
calls_unref (gpointer data, GClosure *closure)
{
  g_array_unref (data);
}

/* The calls of the closures closure_calls_connect() makes (ClosureCall):
 * unref it when done; each closure keeps its own reference. */
GArray *
closure_calls_new (void)
{
  GArray *calls = g_array_new (FALSE, TRUE, sizeof (ClosureCall));

  g_array_set_clear_func (calls, closure_call_clear);
  return calls;
}

/* Connects a recording closure to @object's trace source @name with
 * cns_trace_connect_closure(), as a binding would. */
void
closure_calls_connect (GArray *calls, gpointer object, const gchar *name)
{
  GClosure *closure
      = g_closure_new_simple (sizeof (GClosure), g_array_ref (calls));
  g_autoptr (GError) error = NULL;

  g_closure_set_marshal (closure, record_call);
  g_closure_add_finalize_notifier (closure, calls, calls_unref);
  ck_assert_msg (
      cns_trace_connect_closure (G_OBJECT (object), name, closure, &error) != 0,
      "%s: %s", name, error ? error->message : "");
}

/* Call @i, checked to have been made with @n_values values. */
const ClosureCall *
closure_calls_get (GArray *calls, guint i, guint n_values)
{
  const ClosureCall *call;

  ck_assert_uint_lt (i, calls->len);
  call = &g_array_index (calls, ClosureCall, i);
  ck_assert_uint_eq (call->n_values, n_values);
  return call;
}

/* Drops the calls recorded so far, and the caller's reference. */
void
closure_calls_free (GArray *calls)
{
  g_array_set_size (calls, 0);
  g_array_unref (calls);
}
