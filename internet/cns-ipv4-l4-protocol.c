/* cns — transport protocols above IPv4 (ICMP, UDP, TCP).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's IpL4Protocol for IPv4, as a derivable class: a subclass sets its
 * protocol number in class_init and implements receive (and, to learn of
 * ICMP errors about what it sent, receive_icmp). The base keeps the IPv4
 * layer the protocol was inserted into, not referenced, since that layer
 * holds the protocol. ICMP errors are ignored by default, as a protocol
 * without connections has nothing to tell.
 */
#include "internet/cns-ipv4-l4-protocol-private.h"

gint cns_ipv4_l4_protocol_private_offset;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CnsIpv4L4Protocol, cns_ipv4_l4_protocol,
                                     CNS_TYPE_OBJECT)

static void
l4_real_receive_icmp (CnsIpv4L4Protocol *self, CnsIpv4Address icmp_source,
                      guint8 icmp_ttl, guint8 icmp_type, guint8 icmp_code,
                      guint32 icmp_info, CnsIpv4Address payload_source,
                      CnsIpv4Address payload_destination,
                      const guint8 payload[8])
{
}

static void
cns_ipv4_l4_protocol_class_init (CnsIpv4L4ProtocolClass *klass)
{
  cns_ipv4_l4_protocol_private_offset = CnsIpv4L4Protocol_private_offset;
  klass->receive_icmp = l4_real_receive_icmp;
}

static void
cns_ipv4_l4_protocol_init (CnsIpv4L4Protocol *self)
{
}

/**
 * cns_ipv4_l4_protocol_get_protocol_number:
 *
 * Returns: the IP protocol.
 */
guint8
cns_ipv4_l4_protocol_get_protocol_number (CnsIpv4L4Protocol *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L4_PROTOCOL), 0);
  return CNS_IPV4_L4_PROTOCOL_GET_CLASS (self)->protocol_number;
}

/**
 * cns_ipv4_l4_protocol_receive:
 * @packet: a writable packet for this node, without its IPv4 header; it
 *   stays the caller's
 * @header: its IPv4 header
 * @interface: the interface it came in on
 *
 * Hands a received packet to the protocol; the IPv4 layer calls it.
 *
 * Returns: what became of the packet.
 */
CnsIpv4L4RxStatus
cns_ipv4_l4_protocol_receive (CnsIpv4L4Protocol *self, CnsPacket *packet,
                              const CnsIpv4Header *header, guint32 interface)
{
  CnsIpv4L4ProtocolClass *klass;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L4_PROTOCOL),
                        CNS_IPV4_L4_RX_ENDPOINT_UNREACHABLE);
  g_return_val_if_fail (packet != NULL && header != NULL,
                        CNS_IPV4_L4_RX_ENDPOINT_UNREACHABLE);
  klass = CNS_IPV4_L4_PROTOCOL_GET_CLASS (self);
  g_return_val_if_fail (klass->receive != NULL,
                        CNS_IPV4_L4_RX_ENDPOINT_UNREACHABLE);
  return klass->receive (self, packet, header, interface);
}

/**
 * cns_ipv4_l4_protocol_receive_icmp: (skip)
 * @icmp_source: who sent the ICMP error
 * @icmp_ttl: the TTL of the ICMP datagram
 * @icmp_type: its type (3 destination unreachable, 11 time exceeded)
 * @icmp_code: its code
 * @icmp_info: the next-hop MTU for "fragmentation needed", else 0
 * @payload_source: the source of the datagram the error is about
 * @payload_destination: its destination
 * @payload: its first 8 transport bytes
 *
 * Tells the protocol of an ICMP error about a datagram it sent; the ICMP
 * protocol calls it.
 */
void
cns_ipv4_l4_protocol_receive_icmp (CnsIpv4L4Protocol *self,
                                   CnsIpv4Address icmp_source, guint8 icmp_ttl,
                                   guint8 icmp_type, guint8 icmp_code,
                                   guint32 icmp_info,
                                   CnsIpv4Address payload_source,
                                   CnsIpv4Address payload_destination,
                                   const guint8 payload[8])
{
  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L4_PROTOCOL));
  g_return_if_fail (payload != NULL);
  CNS_IPV4_L4_PROTOCOL_GET_CLASS (self)->receive_icmp (
      self, icmp_source, icmp_ttl, icmp_type, icmp_code, icmp_info,
      payload_source, payload_destination, payload);
}

/**
 * cns_ipv4_l4_protocol_set_ipv4:
 * @ipv4: (nullable): the IPv4 layer; not referenced
 *
 * Called by cns_ipv4_l3_protocol_insert_l4_protocol().
 */
void
cns_ipv4_l4_protocol_set_ipv4 (CnsIpv4L4Protocol *self, CnsIpv4L3Protocol *ipv4)
{
  CnsIpv4L4ProtocolPrivate *priv;

  g_return_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L4_PROTOCOL));
  priv = cns_ipv4_l4_protocol_get_instance_private (self);
  priv->ipv4 = ipv4;
}

/**
 * cns_ipv4_l4_protocol_get_ipv4:
 *
 * Returns: (transfer none) (nullable): the IPv4 layer the protocol was
 * inserted into.
 */
CnsIpv4L3Protocol *
cns_ipv4_l4_protocol_get_ipv4 (CnsIpv4L4Protocol *self)
{
  CnsIpv4L4ProtocolPrivate *priv;

  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_IPV4_L4_PROTOCOL),
                        NULL);
  priv = cns_ipv4_l4_protocol_get_instance_private (self);
  return priv->ipv4;
}
