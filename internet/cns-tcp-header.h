/* cns — the TCP header (RFC 9293) and its options, 20 to 60 bytes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-address.h"
#include "network/cns-header.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

/* The header without options, and with the most options the 4-bit data
 * offset allows (15 words). */
#define CNS_TCP_HEADER_SIZE     20
#define CNS_TCP_HEADER_MAX_SIZE 60

/* The most SACK blocks a header carries (RFC 2018): four fill 34 of the
 * 40 option bytes. */
#define CNS_TCP_MAX_SACK_BLOCKS 4

#define CNS_TCP_FLAG_FIN 0x01
#define CNS_TCP_FLAG_SYN 0x02
#define CNS_TCP_FLAG_RST 0x04
#define CNS_TCP_FLAG_PSH 0x08
#define CNS_TCP_FLAG_ACK 0x10
#define CNS_TCP_FLAG_URG 0x20
#define CNS_TCP_FLAG_ECE 0x40
#define CNS_TCP_FLAG_CWR 0x80

/**
 * CnsTcpSackBlock:
 * @left: the first sequence number of a block the receiver holds
 * @right: the sequence number just after the block's last byte
 *
 * One block of a SACK option (RFC 2018), the half-open range
 * [@left, @right) of sequence space.
 */
typedef struct
{
  guint32 left;
  guint32 right;
} CnsTcpSackBlock;

/**
 * CnsTcpHeader:
 * @source_port: the sender's port
 * @destination_port: the receiver's port
 * @sequence: the sequence number of the segment's first byte (of the SYN,
 *   if set)
 * @ack: the next sequence number the sender expects; meaningful with
 *   %CNS_TCP_FLAG_ACK
 * @flags: the %CNS_TCP_FLAG_FIN ... %CNS_TCP_FLAG_CWR bits
 * @window: the window field as on the wire, before any window scaling
 * @checksum: the checksum as read from the wire; written unchanged unless
 *   @calculate is set
 * @urgent_pointer: the urgent pointer; meaningful with %CNS_TCP_FLAG_URG
 * @has_mss: whether the header carries a Maximum Segment Size option
 * @mss: the MSS option's value, in bytes
 * @has_window_scale: whether the header carries a Window Scale option
 *   (RFC 7323)
 * @window_scale: the Window Scale option's shift count, as sent
 * @sack_permitted: whether the header carries a SACK-Permitted option
 *   (RFC 2018)
 * @has_timestamp: whether the header carries a Timestamps option
 *   (RFC 7323)
 * @ts_value: the Timestamps option's TSval
 * @ts_echo: the Timestamps option's TSecr
 * @n_sack_blocks: how many of @sack_blocks the SACK option carries, 0 for
 *   none; see cns_tcp_header_get_size() for how many fit
 * @sack_blocks: the SACK option's blocks, in the order sent
 * @calculate: whether serialisation computes the checksum from @sum
 * @sum: the unfolded RFC 1071 sum of the pseudo-header and the payload,
 *   set by cns_tcp_header_prepare_checksum()
 *
 * The checksum is prepared in two steps, as for #CnsUdpHeader: a header
 * class sees only its own bytes, so cns_tcp_header_prepare_checksum()
 * sums the pseudo-header and the payload into @sum before
 * cns_packet_add_header(), and serialisation adds the header's own words,
 * options included, and writes the result. A header made with
 * cns_tcp_header_init() alone is written with checksum 0, which TCP
 * receivers reject: TCP's checksum is not optional.
 *
 * Options are written in one fixed order whatever the order of the bytes
 * they were read from, and options cns does not know are not kept, so a
 * header read from bytes cns did not write may be written back
 * differently (and its checksum no longer match).
 */
typedef struct
{
  guint16 source_port;
  guint16 destination_port;
  guint32 sequence;
  guint32 ack;
  guint8 flags;
  guint16 window;
  guint16 checksum;
  guint16 urgent_pointer;

  gboolean has_mss;
  guint16 mss;
  gboolean has_window_scale;
  guint8 window_scale;
  gboolean sack_permitted;
  gboolean has_timestamp;
  guint32 ts_value;
  guint32 ts_echo;
  guint n_sack_blocks;
  CnsTcpSackBlock sack_blocks[CNS_TCP_MAX_SACK_BLOCKS];

  gboolean calculate;
  guint32 sum;
} CnsTcpHeader;

extern const CnsHeaderClass cns_tcp_header_class;

#define CNS_TYPE_TCP_HEADER (cns_tcp_header_get_type ())
GType cns_tcp_header_get_type (void) G_GNUC_CONST;

CnsTcpHeader *cns_tcp_header_copy (const CnsTcpHeader *header);
void cns_tcp_header_free (CnsTcpHeader *header);

void cns_tcp_header_init (CnsTcpHeader *header, guint16 source_port,
                          guint16 destination_port, guint32 sequence,
                          guint32 ack, guint8 flags, guint16 window);
gsize cns_tcp_header_get_size (const CnsTcpHeader *header);
void cns_tcp_header_prepare_checksum (CnsTcpHeader *header,
                                      CnsIpv4Address source,
                                      CnsIpv4Address destination,
                                      const CnsPacket *payload);
gboolean cns_tcp_header_verify_checksum (const CnsPacket *segment,
                                         CnsIpv4Address source,
                                         CnsIpv4Address destination);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsTcpHeader, cns_tcp_header_free)

G_END_DECLS
