/* cns — start-up of the internet module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Called once by the library's start-up (cns-library.c), after the network
 * module's: registers the internet module's GTypes (so that they can be
 * named in strings before any exists), its header classes, its
 * attribute text forms and the marshals that let bindings connect a
 * GClosure to its trace sources (cns_trace_connect_closure()).
 */
#include "internet/cns-internet.h"

#include "internet/cns-internet-private.h"

/* The marshals call the closure with the firing object, then the trace's
 * arguments: packets, addresses and headers as boxed copies (a packet as
 * a new reference), times as gint64, enums with a GType as that type and
 * the others as gint. */

/* CnsIcmpv4EchoReplyTraceFn: source, IPv4 header, identifier, sequence
 * (as guint), echoed data. */
static void
icmpv4_echo_reply_trace_marshal (gpointer source, const CnsIpv4Header *header,
                                 guint16 identifier, guint16 sequence,
                                 CnsPacket *data, gpointer closure)
{
  GValue args[5] = { G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT,
                     G_VALUE_INIT };

  g_value_set_object (g_value_init (&args[0], G_TYPE_OBJECT), source);
  g_value_set_boxed (g_value_init (&args[1], CNS_TYPE_IPV4_HEADER), header);
  g_value_set_uint (g_value_init (&args[2], G_TYPE_UINT), identifier);
  g_value_set_uint (g_value_init (&args[3], G_TYPE_UINT), sequence);
  g_value_set_boxed (g_value_init (&args[4], CNS_TYPE_PACKET), data);
  cns_trace_marshal_invoke (closure, args, G_N_ELEMENTS (args));
}

/* CnsIpv4TxRxTraceFn: source, packet, IPv4 layer, interface index. */
static void
ipv4_tx_rx_trace_marshal (gpointer source, CnsPacket *packet,
                          CnsIpv4L3Protocol *ipv4, guint32 interface,
                          gpointer closure)
{
  GValue args[4] = { G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT };

  g_value_set_object (g_value_init (&args[0], G_TYPE_OBJECT), source);
  g_value_set_boxed (g_value_init (&args[1], CNS_TYPE_PACKET), packet);
  g_value_set_object (g_value_init (&args[2], CNS_TYPE_IPV4_L3_PROTOCOL), ipv4);
  g_value_set_uint (g_value_init (&args[3], G_TYPE_UINT), interface);
  cns_trace_marshal_invoke (closure, args, G_N_ELEMENTS (args));
}

/* CnsIpv4SentTraceFn: source, IPv4 header, packet, interface index. */
static void
ipv4_sent_trace_marshal (gpointer source, const CnsIpv4Header *header,
                         CnsPacket *packet, guint32 interface, gpointer closure)
{
  GValue args[4] = { G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT };

  g_value_set_object (g_value_init (&args[0], G_TYPE_OBJECT), source);
  g_value_set_boxed (g_value_init (&args[1], CNS_TYPE_IPV4_HEADER), header);
  g_value_set_boxed (g_value_init (&args[2], CNS_TYPE_PACKET), packet);
  g_value_set_uint (g_value_init (&args[3], G_TYPE_UINT), interface);
  cns_trace_marshal_invoke (closure, args, G_N_ELEMENTS (args));
}

/* CnsIpv4DropTraceFn: source, IPv4 header, packet, reason (a
 * CnsIpv4DropReason), IPv4 layer, interface index. */
static void
ipv4_drop_trace_marshal (gpointer source, const CnsIpv4Header *header,
                         CnsPacket *packet, CnsIpv4DropReason reason,
                         CnsIpv4L3Protocol *ipv4, guint32 interface,
                         gpointer closure)
{
  GValue args[6] = { G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT,
                     G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT };

  g_value_set_object (g_value_init (&args[0], G_TYPE_OBJECT), source);
  g_value_set_boxed (g_value_init (&args[1], CNS_TYPE_IPV4_HEADER), header);
  g_value_set_boxed (g_value_init (&args[2], CNS_TYPE_PACKET), packet);
  g_value_set_enum (g_value_init (&args[3], CNS_TYPE_IPV4_DROP_REASON), reason);
  g_value_set_object (g_value_init (&args[4], CNS_TYPE_IPV4_L3_PROTOCOL), ipv4);
  g_value_set_uint (g_value_init (&args[5], G_TYPE_UINT), interface);
  cns_trace_marshal_invoke (closure, args, G_N_ELEMENTS (args));
}

/* CnsTcpUint32TraceFn: source, old value, new value. */
static void
tcp_uint32_trace_marshal (gpointer source, guint32 old_value, guint32 new_value,
                          gpointer closure)
{
  GValue args[3] = { G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT };

  g_value_set_object (g_value_init (&args[0], G_TYPE_OBJECT), source);
  g_value_set_uint (g_value_init (&args[1], G_TYPE_UINT), old_value);
  g_value_set_uint (g_value_init (&args[2], G_TYPE_UINT), new_value);
  cns_trace_marshal_invoke (closure, args, G_N_ELEMENTS (args));
}

/* CnsTcpTimeTraceFn: source, old time, new time (gint64 picoseconds). */
static void
tcp_time_trace_marshal (gpointer source, CnsTime old_value, CnsTime new_value,
                        gpointer closure)
{
  GValue args[3] = { G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT };

  g_value_set_object (g_value_init (&args[0], G_TYPE_OBJECT), source);
  g_value_set_int64 (g_value_init (&args[1], G_TYPE_INT64), old_value);
  g_value_set_int64 (g_value_init (&args[2], G_TYPE_INT64), new_value);
  cns_trace_marshal_invoke (closure, args, G_N_ELEMENTS (args));
}

/* CnsTcpStateTraceFn: source, old state, new state (CnsTcpState has no
 * GType: gint). */
static void
tcp_state_trace_marshal (gpointer source, CnsTcpState old_state,
                         CnsTcpState new_state, gpointer closure)
{
  GValue args[3] = { G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT };

  g_value_set_object (g_value_init (&args[0], G_TYPE_OBJECT), source);
  g_value_set_int (g_value_init (&args[1], G_TYPE_INT), old_state);
  g_value_set_int (g_value_init (&args[2], G_TYPE_INT), new_state);
  cns_trace_marshal_invoke (closure, args, G_N_ELEMENTS (args));
}

/* CnsTcpSegmentTraceFn: source, packet, TCP header. */
static void
tcp_segment_trace_marshal (gpointer source, CnsPacket *packet,
                           const CnsTcpHeader *header, gpointer closure)
{
  GValue args[3] = { G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT };

  g_value_set_object (g_value_init (&args[0], G_TYPE_OBJECT), source);
  g_value_set_boxed (g_value_init (&args[1], CNS_TYPE_PACKET), packet);
  g_value_set_boxed (g_value_init (&args[2], CNS_TYPE_TCP_HEADER), header);
  cns_trace_marshal_invoke (closure, args, G_N_ELEMENTS (args));
}

void
cns_internet_init (void)
{
  cns_ipv4_address_install ();
  cns_header_class_register (&cns_udp_header_class);
  cns_header_class_register (&cns_tcp_header_class);
  g_type_ensure (CNS_TYPE_UDP_L4_PROTOCOL);
  g_type_ensure (CNS_TYPE_UDP_SOCKET);
  g_type_ensure (CNS_TYPE_UDP_SOCKET_FACTORY);
  g_type_ensure (CNS_TYPE_TCP_L4_PROTOCOL);
  g_type_ensure (CNS_TYPE_TCP_SOCKET);
  g_type_ensure (CNS_TYPE_TCP_SOCKET_FACTORY);
  cns_header_class_register (&cns_ipv4_header_class);
  cns_header_class_register (&cns_icmpv4_header_class);
  cns_header_class_register (&cns_icmpv4_echo_class);
  cns_header_class_register (&cns_icmpv4_error_class);
  g_type_ensure (CNS_TYPE_IPV4_DROP_REASON);
  g_type_ensure (CNS_TYPE_IPV4_L3_PROTOCOL);
  g_type_ensure (CNS_TYPE_IPV4_STATIC_ROUTING);
  g_type_ensure (CNS_TYPE_IPV4_LIST_ROUTING);
  g_type_ensure (CNS_TYPE_ICMPV4_L4_PROTOCOL);
  g_type_ensure (CNS_TYPE_LOOPBACK_NET_DEVICE);
  g_type_ensure (CNS_TYPE_IPV4_HEADER);
  g_type_ensure (CNS_TYPE_TCP_HEADER);

  cns_trace_source_register_marshal (
      "CnsIcmpv4EchoReplyTraceFn",
      G_CALLBACK (icmpv4_echo_reply_trace_marshal));
  cns_trace_source_register_marshal ("CnsIpv4TxRxTraceFn",
                                     G_CALLBACK (ipv4_tx_rx_trace_marshal));
  cns_trace_source_register_marshal ("CnsIpv4SentTraceFn",
                                     G_CALLBACK (ipv4_sent_trace_marshal));
  cns_trace_source_register_marshal ("CnsIpv4DropTraceFn",
                                     G_CALLBACK (ipv4_drop_trace_marshal));
  cns_trace_source_register_marshal ("CnsTcpUint32TraceFn",
                                     G_CALLBACK (tcp_uint32_trace_marshal));
  cns_trace_source_register_marshal ("CnsTcpTimeTraceFn",
                                     G_CALLBACK (tcp_time_trace_marshal));
  cns_trace_source_register_marshal ("CnsTcpStateTraceFn",
                                     G_CALLBACK (tcp_state_trace_marshal));
  cns_trace_source_register_marshal ("CnsTcpSegmentTraceFn",
                                     G_CALLBACK (tcp_segment_trace_marshal));
}
