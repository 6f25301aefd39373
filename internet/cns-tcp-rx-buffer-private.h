/* cns — a TCP receiver's buffer: reassembly and SACK blocks.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-tcp-header.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

/**
 * CnsTcpRxResult:
 * @CNS_TCP_RX_IN_ORDER: the segment started at RCV.NXT, which moved on
 *   (past out-of-order data it joined, too)
 * @CNS_TCP_RX_OUT_OF_ORDER: it was kept above a hole; RCV.NXT stays
 * @CNS_TCP_RX_DUPLICATE: nothing in it was new
 * @CNS_TCP_RX_OUTSIDE_WINDOW: it lies wholly beyond the receive window
 *   (or the buffer is full), nothing was kept
 *
 * What cns_tcp_rx_buffer_add() did with a segment.
 */
typedef enum
{
  CNS_TCP_RX_IN_ORDER,
  CNS_TCP_RX_OUT_OF_ORDER,
  CNS_TCP_RX_DUPLICATE,
  CNS_TCP_RX_OUTSIDE_WINDOW,
} CnsTcpRxResult;

/**
 * CnsTcpRxBuffer:
 *
 * The bytes a TCP receiver holds: in order from the first byte not yet
 * read up to RCV.NXT (@next_seq), then out-of-order blocks above holes,
 * kept until the holes fill, as packets (fragments of the segments'
 * payloads). Embedded in the socket; it allocates nothing while empty.
 */
typedef struct
{
  guint32 next_seq;  /* RCV.NXT: the next byte expected */
  guint32 available; /* in-order bytes ready to read, just below next_seq */
  guint32 size;      /* bytes held, in order and out of order */
  guint32 max_size;  /* the most it holds: RcvBufSize */
  /* the implementation's own fields follow */
  GQueue in_order;     /* of CnsPacket, @available bytes in all */
  GQueue out_of_order; /* of blocks [left, right) with their packets, by
                          sequence, never touching one another */
  guint32 fin_seq;     /* the sequence number of the peer's FIN */
  gboolean has_fin;
  guint32 last_seq; /* a byte of the latest out-of-order segment: its
                       block is the first SACK block */
  gboolean has_last;
} CnsTcpRxBuffer;

void cns_tcp_rx_buffer_init (CnsTcpRxBuffer *buffer, guint32 next_seq,
                             guint32 max_size);
void cns_tcp_rx_buffer_clear (CnsTcpRxBuffer *buffer);
guint32 cns_tcp_rx_buffer_get_window (const CnsTcpRxBuffer *buffer);
CnsTcpRxResult cns_tcp_rx_buffer_add (CnsTcpRxBuffer *buffer,
                                      const CnsPacket *payload, guint32 seq);
void cns_tcp_rx_buffer_set_fin (CnsTcpRxBuffer *buffer, guint32 fin_seq);
gboolean cns_tcp_rx_buffer_is_finished (const CnsTcpRxBuffer *buffer);
CnsPacket *cns_tcp_rx_buffer_extract (CnsTcpRxBuffer *buffer, guint32 max_size);
guint cns_tcp_rx_buffer_get_sack_blocks (const CnsTcpRxBuffer *buffer,
                                         CnsTcpSackBlock *blocks, guint max);
gboolean cns_tcp_rx_buffer_has_holes (const CnsTcpRxBuffer *buffer);

G_END_DECLS
