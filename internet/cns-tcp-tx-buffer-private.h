/* cns — a TCP sender's buffer and SACK scoreboard.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-tcp-header.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

/* Sequence numbers compare modulo 2^32 (RFC 9293, 3.4). */
#define CNS_TCP_SEQ_LT(a, b)  ((gint32) ((guint32) (a) - (guint32) (b)) < 0)
#define CNS_TCP_SEQ_LEQ(a, b) ((gint32) ((guint32) (a) - (guint32) (b)) <= 0)
#define CNS_TCP_SEQ_GT(a, b)  CNS_TCP_SEQ_LT (b, a)
#define CNS_TCP_SEQ_GEQ(a, b) CNS_TCP_SEQ_LEQ (b, a)

/**
 * CnsTcpTxBuffer:
 *
 * The bytes a TCP sender holds, from SND.UNA (@head_seq) on: those sent
 * and not yet acknowledged, then those not yet sent, as the application's
 * packets; and, for SACK loss recovery (RFC 6675), the ranges the receiver
 * reported holding above SND.UNA and the highest byte retransmitted.
 * Embedded in the socket. It allocates nothing until the first packet or
 * SACK block arrives; its arrays are then kept for reuse as it drains and
 * fills again, and cns_tcp_tx_buffer_clear() frees them.
 */
typedef struct
{
  guint32 head_seq; /* SND.UNA: the sequence number of the first byte */
  guint32 size;     /* bytes held */
  guint32 max_size; /* the most it holds: SndBufSize */
  /* the implementation's own fields follow */
  guint32 head_offset;        /* bytes of the first packet below head_seq,
                                 already acknowledged */
  struct _CnsTcpTxSlot *ring; /* the packets with the sequence number of
                                 their first byte, oldest at ring_start;
                                 NULL until the first packet */
  guint32 ring_start;
  guint32 n_packets;
  guint32 ring_capacity;   /* 0 or a power of two */
  guint32 n_sacked;        /* blocks in sacked */
  CnsTcpSackBlock *sacked; /* the scoreboard: sorted from head_seq up,
                              disjoint and not touching; NULL until the
                              first block */
  guint32 sacked_capacity;
  guint32 sacked_bytes; /* bytes the blocks cover */
  guint32 high_rxt;     /* RFC 6675 HighRxt, but one past the highest byte
                           retransmitted; never below head_seq */
} CnsTcpTxBuffer;

void cns_tcp_tx_buffer_init (CnsTcpTxBuffer *buffer, guint32 head_seq,
                             guint32 max_size);
void cns_tcp_tx_buffer_clear (CnsTcpTxBuffer *buffer);
void cns_tcp_tx_buffer_set_head_seq (CnsTcpTxBuffer *buffer, guint32 seq);
guint32 cns_tcp_tx_buffer_get_available (const CnsTcpTxBuffer *buffer);
guint32 cns_tcp_tx_buffer_get_tail_seq (const CnsTcpTxBuffer *buffer);
gboolean cns_tcp_tx_buffer_add (CnsTcpTxBuffer *buffer, CnsPacket *packet);
CnsPacket *cns_tcp_tx_buffer_copy (const CnsTcpTxBuffer *buffer, guint32 seq,
                                   guint32 size);
guint32 cns_tcp_tx_buffer_discard_up_to (CnsTcpTxBuffer *buffer, guint32 seq);

/* The SACK scoreboard (RFC 6675). */
gboolean cns_tcp_tx_buffer_update_sack (CnsTcpTxBuffer *buffer,
                                        const CnsTcpSackBlock *blocks,
                                        guint n_blocks, guint32 snd_nxt);
gboolean cns_tcp_tx_buffer_is_sacked (const CnsTcpTxBuffer *buffer,
                                      guint32 seq);
guint32 cns_tcp_tx_buffer_get_sacked_bytes (const CnsTcpTxBuffer *buffer);
gboolean cns_tcp_tx_buffer_is_lost (const CnsTcpTxBuffer *buffer, guint32 seq,
                                    guint32 dup_thresh, guint32 smss);
guint32 cns_tcp_tx_buffer_get_pipe (const CnsTcpTxBuffer *buffer,
                                    guint32 snd_nxt, guint32 dup_thresh,
                                    guint32 smss);
gboolean cns_tcp_tx_buffer_next_seg (const CnsTcpTxBuffer *buffer,
                                     guint32 snd_nxt, guint32 dup_thresh,
                                     guint32 smss, guint32 *seq, guint32 *size);
void cns_tcp_tx_buffer_mark_retransmitted (CnsTcpTxBuffer *buffer, guint32 seq,
                                           guint32 size);
void cns_tcp_tx_buffer_reset_sack (CnsTcpTxBuffer *buffer);
guint32 cns_tcp_tx_buffer_next_unsacked (const CnsTcpTxBuffer *buffer,
                                         guint32 seq, guint32 *run);

G_END_DECLS
