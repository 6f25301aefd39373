/* cns — ICMPv4: echo and error messages.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Icmpv4L4Protocol, protocol 1 above IPv4. Aggregated to a node
 * that has (or gets) an IPv4 layer, it inserts itself into that layer.
 * It answers echo requests with replies carrying the same identifier,
 * sequence number and data, reports echo replies on the EchoReply trace
 * source (so a ping can be observed), and hands received errors
 * (destination unreachable, time exceeded) to the transport protocol
 * named in the quoted header, through its receive_icmp.
 *
 * The IPv4 layer asks it to send errors: port unreachable when no
 * transport takes a datagram, host unreachable when there is no route to
 * forward one, fragmentation needed when DF forbids fitting one to a
 * link, time exceeded when a TTL runs out or reassembly times out. Per
 * RFC 1122 (3.2.2) none is sent about an ICMP error, about a datagram to
 * a broadcast or multicast address or from an address that is not one
 * host's, or about a fragment other than the first.
 */
#include "internet/cns-icmpv4-l4-protocol.h"

#include "core/cns-trace-source.h"
#include "internet/cns-icmpv4-header.h"
#include "internet/cns-ipv4-l3-protocol.h"

struct _CnsIcmpv4L4Protocol
{
  CnsIpv4L4Protocol parent_instance;

  CnsTraceSource echo_reply;
};

G_DEFINE_FINAL_TYPE (CnsIcmpv4L4Protocol, cns_icmpv4_l4_protocol,
                     CNS_TYPE_IPV4_L4_PROTOCOL)

/* Adds the ICMP header to @body (a writable packet) and sends it. */
static void
icmp_send (CnsIcmpv4L4Protocol *self, CnsPacket *body, CnsIpv4Address source,
           CnsIpv4Address destination, guint8 type, guint8 code)
{
  CnsIpv4L3Protocol *ipv4
      = cns_ipv4_l4_protocol_get_ipv4 (CNS_IPV4_L4_PROTOCOL (self));
  CnsIcmpv4Header header;

  cns_icmpv4_header_init (&header, type, code, body);
  cns_packet_add_header (body, &cns_icmpv4_header_class, &header);
  cns_ipv4_l3_protocol_send (ipv4, body, source, destination,
                             CNS_IP_PROTOCOL_ICMP, 0, 0, NULL);
}

static gboolean
icmp_is_query (guint8 type)
{
  switch (type)
    {
    case CNS_ICMPV4_ECHO_REPLY:
    case CNS_ICMPV4_ECHO:
    case 13: /* timestamp */
    case 14: /* timestamp reply */
    case 15: /* information request */
    case 16: /* information reply */
    case 17: /* address mask request */
    case 18: /* address mask reply */
      return TRUE;
    default:
      return FALSE;
    }
}

/* RFC 1122 3.2.2: whether an error may be sent about this datagram. */
static gboolean
icmp_may_report (const CnsIpv4Header *header, const CnsPacket *payload)
{
  guint8 type;

  if (cns_ipv4_address_is_broadcast (header->destination)
      || cns_ipv4_address_is_multicast (header->destination)
      || cns_ipv4_address_is_any (header->source)
      || cns_ipv4_address_is_broadcast (header->source)
      || cns_ipv4_address_is_multicast (header->source)
      || header->fragment_offset != 0)
    return FALSE;
  if (header->protocol != CNS_IP_PROTOCOL_ICMP)
    return TRUE;
  return cns_packet_copy_data (payload, 0, &type, 1) == 1
         && icmp_is_query (type);
}

static void
icmp_send_error (CnsIcmpv4L4Protocol *self, const CnsIpv4Header *header,
                 const CnsPacket *payload, guint8 type, guint8 code,
                 guint16 next_hop_mtu)
{
  CnsIcmpv4Error error = { next_hop_mtu, *header, { 0 } };
  CnsPacket *body;

  if (cns_ipv4_l4_protocol_get_ipv4 (CNS_IPV4_L4_PROTOCOL (self)) == NULL
      || !icmp_may_report (header, payload))
    return;
  cns_packet_copy_data (payload, 0, error.data, sizeof error.data);
  body = cns_packet_new (0);
  cns_packet_add_header (body, &cns_icmpv4_error_class, &error);
  icmp_send (self, body, cns_ipv4_address_any (), header->source, type, code);
}

static void
icmp_handle_echo (CnsIcmpv4L4Protocol *self, CnsPacket *packet,
                  const CnsIpv4Header *header)
{
  CnsIpv4L3Protocol *ipv4
      = cns_ipv4_l4_protocol_get_ipv4 (CNS_IPV4_L4_PROTOCOL (self));
  CnsIcmpv4Echo echo;
  CnsPacket *reply;

  if (cns_packet_remove_header (packet, &cns_icmpv4_echo_class, &echo) == 0)
    return;
  reply = cns_packet_copy (packet);
  cns_packet_add_header (reply, &cns_icmpv4_echo_class, &echo);
  /* a request to a broadcast is answered from the route's address */
  icmp_send (
      self, reply,
      cns_ipv4_l3_protocol_get_interface_for_address (ipv4, header->destination)
              >= 0
          ? header->destination
          : cns_ipv4_address_any (),
      header->source, CNS_ICMPV4_ECHO_REPLY, 0);
}

/* An error about a datagram this node sent: to its transport. */
static void
icmp_handle_error (CnsIcmpv4L4Protocol *self, CnsPacket *packet,
                   const CnsIpv4Header *header, const CnsIcmpv4Header *icmp)
{
  CnsIpv4L3Protocol *ipv4
      = cns_ipv4_l4_protocol_get_ipv4 (CNS_IPV4_L4_PROTOCOL (self));
  CnsIpv4L4Protocol *l4;
  CnsIcmpv4Error error;

  if (cns_packet_remove_header (packet, &cns_icmpv4_error_class, &error) == 0)
    return;
  l4 = cns_ipv4_l3_protocol_get_l4_protocol (ipv4, error.header.protocol);
  if (l4 == NULL)
    return;
  cns_ipv4_l4_protocol_receive_icmp (
      l4, header->source, header->ttl, icmp->type, icmp->code,
      icmp->type == CNS_ICMPV4_DEST_UNREACH
              && icmp->code == CNS_ICMPV4_FRAG_NEEDED
          ? error.next_hop_mtu
          : 0,
      error.header.source, error.header.destination, error.data);
}

static CnsIpv4L4RxStatus
icmp_receive (CnsIpv4L4Protocol *protocol, CnsPacket *packet,
              const CnsIpv4Header *header, guint32 interface)
{
  CnsIcmpv4L4Protocol *self = CNS_ICMPV4_L4_PROTOCOL (protocol);
  CnsIcmpv4Header icmp;
  CnsIcmpv4Echo echo;

  if (!cns_icmpv4_checksum_ok (packet)
      || cns_packet_remove_header (packet, &cns_icmpv4_header_class, &icmp)
             == 0)
    return CNS_IPV4_L4_RX_CHECKSUM_ERROR;
  switch (icmp.type)
    {
    case CNS_ICMPV4_ECHO:
      icmp_handle_echo (self, packet, header);
      break;
    case CNS_ICMPV4_ECHO_REPLY:
      if (cns_packet_remove_header (packet, &cns_icmpv4_echo_class, &echo) != 0)
        CNS_TRACE_SOURCE_FIRE (&self->echo_reply, CnsIcmpv4EchoReplyTraceFn,
                               self, header, echo.identifier, echo.sequence,
                               packet);
      break;
    case CNS_ICMPV4_DEST_UNREACH:
    case CNS_ICMPV4_TIME_EXCEEDED:
      icmp_handle_error (self, packet, header, &icmp);
      break;
    default:
      break;
    }
  return CNS_IPV4_L4_RX_OK;
}

/* Joining an aggregate that holds an IPv4 layer: insert ourselves. */
static void
icmp_notify_new_aggregate (CnsObject *object)
{
  CnsIpv4L4Protocol *self = CNS_IPV4_L4_PROTOCOL (object);

  if (cns_ipv4_l4_protocol_get_ipv4 (self) == NULL)
    {
      CnsIpv4L3Protocol *ipv4
          = cns_object_get (object, CNS_TYPE_IPV4_L3_PROTOCOL);

      if (ipv4 != NULL)
        cns_ipv4_l3_protocol_insert_l4_protocol (ipv4, self);
    }
  CNS_OBJECT_CLASS (cns_icmpv4_l4_protocol_parent_class)
      ->notify_new_aggregate (object);
}

static void
cns_icmpv4_l4_protocol_class_init (CnsIcmpv4L4ProtocolClass *klass)
{
  CnsIpv4L4ProtocolClass *l4_class = CNS_IPV4_L4_PROTOCOL_CLASS (klass);

  CNS_OBJECT_CLASS (klass)->notify_new_aggregate = icmp_notify_new_aggregate;
  l4_class->protocol_number = CNS_IP_PROTOCOL_ICMP;
  l4_class->receive = icmp_receive;

  cns_trace_source_install (
      G_TYPE_FROM_CLASS (klass), "EchoReply",
      "An echo reply arrived: who answered, the identifier and sequence "
      "number it echoes, and its data",
      "CnsIcmpv4EchoReplyTraceFn",
      G_STRUCT_OFFSET (CnsIcmpv4L4Protocol, echo_reply));
}

static void
cns_icmpv4_l4_protocol_init (CnsIcmpv4L4Protocol *self)
{
}

/**
 * cns_icmpv4_l4_protocol_new:
 *
 * Returns: (transfer full): an ICMP protocol; aggregate it to a node with
 * an IPv4 layer, or insert it into one.
 */
CnsIcmpv4L4Protocol *
cns_icmpv4_l4_protocol_new (void)
{
  return cns_object_new (CNS_TYPE_ICMPV4_L4_PROTOCOL, NULL);
}

/**
 * cns_icmpv4_l4_protocol_send_echo_request: (skip)
 * @destination: whom to ping
 * @identifier: echoed back in the reply
 * @sequence: echoed back in the reply
 * @data_size: the number of (zero) data bytes
 *
 * Sends an echo request; the reply shows on the EchoReply trace source.
 * The protocol must be inserted into an IPv4 layer.
 */
void
cns_icmpv4_l4_protocol_send_echo_request (CnsIcmpv4L4Protocol *self,
                                          CnsIpv4Address destination,
                                          guint16 identifier, guint16 sequence,
                                          guint32 data_size)
{
  CnsIcmpv4Echo echo = { identifier, sequence };
  CnsPacket *body;

  g_return_if_fail (CNS_IS_ICMPV4_L4_PROTOCOL (self));
  g_return_if_fail (cns_ipv4_l4_protocol_get_ipv4 (CNS_IPV4_L4_PROTOCOL (self))
                    != NULL);
  body = cns_packet_new (data_size);
  cns_packet_add_header (body, &cns_icmpv4_echo_class, &echo);
  icmp_send (self, body, cns_ipv4_address_any (), destination, CNS_ICMPV4_ECHO,
             0);
}

/**
 * cns_icmpv4_l4_protocol_send_dest_unreach_port:
 * @header: the IPv4 header of the datagram no transport took
 * @payload: (transfer none): its payload
 *
 * Sends destination unreachable (port) to the datagram's source, unless
 * RFC 1122 forbids an error about it.
 */
void
cns_icmpv4_l4_protocol_send_dest_unreach_port (CnsIcmpv4L4Protocol *self,
                                               const CnsIpv4Header *header,
                                               const CnsPacket *payload)
{
  g_return_if_fail (CNS_IS_ICMPV4_L4_PROTOCOL (self));
  g_return_if_fail (header != NULL && payload != NULL);
  icmp_send_error (self, header, payload, CNS_ICMPV4_DEST_UNREACH,
                   CNS_ICMPV4_PORT_UNREACHABLE, 0);
}

/**
 * cns_icmpv4_l4_protocol_send_dest_unreach_host:
 * @header: the IPv4 header of the datagram that could not be forwarded
 * @payload: (transfer none): its payload
 *
 * Sends destination unreachable (host) to the datagram's source, unless
 * RFC 1122 forbids an error about it.
 */
void
cns_icmpv4_l4_protocol_send_dest_unreach_host (CnsIcmpv4L4Protocol *self,
                                               const CnsIpv4Header *header,
                                               const CnsPacket *payload)
{
  g_return_if_fail (CNS_IS_ICMPV4_L4_PROTOCOL (self));
  g_return_if_fail (header != NULL && payload != NULL);
  icmp_send_error (self, header, payload, CNS_ICMPV4_DEST_UNREACH,
                   CNS_ICMPV4_HOST_UNREACHABLE, 0);
}

/**
 * cns_icmpv4_l4_protocol_send_dest_unreach_frag_needed:
 * @header: the IPv4 header of the datagram, DF set, that did not fit
 * @payload: (transfer none): its payload
 * @next_hop_mtu: the MTU it did not fit (RFC 1191)
 *
 * Sends destination unreachable (fragmentation needed) to the datagram's
 * source, unless RFC 1122 forbids an error about it.
 */
void
cns_icmpv4_l4_protocol_send_dest_unreach_frag_needed (
    CnsIcmpv4L4Protocol *self, const CnsIpv4Header *header,
    const CnsPacket *payload, guint16 next_hop_mtu)
{
  g_return_if_fail (CNS_IS_ICMPV4_L4_PROTOCOL (self));
  g_return_if_fail (header != NULL && payload != NULL);
  icmp_send_error (self, header, payload, CNS_ICMPV4_DEST_UNREACH,
                   CNS_ICMPV4_FRAG_NEEDED, next_hop_mtu);
}

/**
 * cns_icmpv4_l4_protocol_send_time_exceeded:
 * @header: the IPv4 header of the datagram (its first fragment for
 *   reassembly)
 * @payload: (transfer none): its payload
 * @reassembly: %TRUE for "fragment reassembly time exceeded" (code 1),
 *   %FALSE for "time to live exceeded in transit" (code 0)
 *
 * Sends time exceeded to the datagram's source, unless RFC 1122 forbids
 * an error about it.
 */
void
cns_icmpv4_l4_protocol_send_time_exceeded (CnsIcmpv4L4Protocol *self,
                                           const CnsIpv4Header *header,
                                           const CnsPacket *payload,
                                           gboolean reassembly)
{
  g_return_if_fail (CNS_IS_ICMPV4_L4_PROTOCOL (self));
  g_return_if_fail (header != NULL && payload != NULL);
  icmp_send_error (
      self, header, payload, CNS_ICMPV4_TIME_EXCEEDED,
      reassembly ? CNS_ICMPV4_FRAGMENT_REASSEMBLY : CNS_ICMPV4_TIME_TO_LIVE, 0);
}
