/* cns — transport protocols above IPv4 (ICMP, UDP, TCP).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"
#include "internet/cns-ipv4-header.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

typedef struct _CnsIpv4L3Protocol CnsIpv4L3Protocol;

/**
 * CnsIpv4L4RxStatus:
 * @CNS_IPV4_L4_RX_OK: the packet was taken
 * @CNS_IPV4_L4_RX_CHECKSUM_ERROR: the transport checksum was wrong
 * @CNS_IPV4_L4_RX_ENDPOINT_UNREACHABLE: nothing listens on the port; the
 *   IPv4 layer answers with ICMP destination unreachable (port)
 */
typedef enum
{
  CNS_IPV4_L4_RX_OK,
  CNS_IPV4_L4_RX_CHECKSUM_ERROR,
  CNS_IPV4_L4_RX_ENDPOINT_UNREACHABLE,
} CnsIpv4L4RxStatus;

#define CNS_TYPE_IPV4_L4_PROTOCOL (cns_ipv4_l4_protocol_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsIpv4L4Protocol, cns_ipv4_l4_protocol, CNS,
                          IPV4_L4_PROTOCOL, CnsObject)

/**
 * CnsIpv4L4ProtocolClass:
 * @protocol_number: the IP protocol number (1 ICMP, 6 TCP, 17 UDP)
 * @receive: takes a packet for this node whose IPv4 header (@header) has
 *   been removed, received on interface @interface. The packet is writable
 *   and stays the caller's: keep it with cns_packet_ref(). When the
 *   result is not %CNS_IPV4_L4_RX_OK the packet must be as it came in,
 *   since the IPv4 layer may quote it in an ICMP error.
 * @receive_icmp: an ICMP error from @icmp_source (type @icmp_type, code
 *   @icmp_code, @icmp_info: the next-hop MTU for "fragmentation needed")
 *   about a packet this node sent from @payload_source to
 *   @payload_destination, whose first 8 transport bytes are @payload
 *   (the ports, for UDP and TCP)
 *
 * ns-3's IpL4Protocol for IPv4. The IPv4 layer dispatches on
 * @protocol_number; protocols send with cns_ipv4_l3_protocol_send().
 */
struct _CnsIpv4L4ProtocolClass
{
  CnsObjectClass parent_class;

  guint8 protocol_number;
  CnsIpv4L4RxStatus (*receive) (CnsIpv4L4Protocol *self, CnsPacket *packet,
                                const CnsIpv4Header *header, guint32 interface);
  void (*receive_icmp) (CnsIpv4L4Protocol *self, CnsIpv4Address icmp_source,
                        guint8 icmp_ttl, guint8 icmp_type, guint8 icmp_code,
                        guint32 icmp_info, CnsIpv4Address payload_source,
                        CnsIpv4Address payload_destination,
                        const guint8 payload[8]);

  /*< private >*/
  gpointer padding[6];
};

guint8 cns_ipv4_l4_protocol_get_protocol_number (CnsIpv4L4Protocol *self);
CnsIpv4L4RxStatus cns_ipv4_l4_protocol_receive (CnsIpv4L4Protocol *self,
                                                CnsPacket *packet,
                                                const CnsIpv4Header *header,
                                                guint32 interface);
void cns_ipv4_l4_protocol_receive_icmp (CnsIpv4L4Protocol *self,
                                        CnsIpv4Address icmp_source,
                                        guint8 icmp_ttl, guint8 icmp_type,
                                        guint8 icmp_code, guint32 icmp_info,
                                        CnsIpv4Address payload_source,
                                        CnsIpv4Address payload_destination,
                                        const guint8 payload[8]);

/* Set by cns_ipv4_l3_protocol_insert_l4_protocol(). */
void cns_ipv4_l4_protocol_set_ipv4 (CnsIpv4L4Protocol *self,
                                    CnsIpv4L3Protocol *ipv4);
CnsIpv4L3Protocol *cns_ipv4_l4_protocol_get_ipv4 (CnsIpv4L4Protocol *self);

G_END_DECLS
