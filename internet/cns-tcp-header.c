/* cns — the TCP header (RFC 9293) and its options, 20 to 60 bytes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The checksum is UDP's (see cns-udp-header.c) with protocol 6 and the
 * segment's length, header and options included, in the pseudo-header: a
 * header class sees only its own bytes, so the sender sums the
 * pseudo-header and the payload first with cns_packet_sum16(), which
 * skips payload bytes that were never written, and keeps the unfolded sum
 * in the header struct; serialise adds the header's own words, options
 * included, and writes the complement. Unlike UDP, a computed 0 is
 * written as 0: TCP has no "no checksum". The receiver checks the whole
 * segment at once with cns_tcp_header_verify_checksum() before it removes
 * the header. Since the pseudo-header holds the segment's length, the
 * options must be final before the checksum is prepared.
 *
 * The options are the struct's fields, not a list of bytes, and are
 * written in one fixed layout, the one Linux sends, so that traces look
 * like a real stack's and the size of a header follows from which options
 * it has, without walking them:
 *
 *   MSS                   kind 2, length 4                    4 bytes
 *   SACK-Permitted + TS   kind 4, length 2; kind 8, length 10  12 bytes
 *     or TS alone         NOP, NOP, kind 8, length 10          12 bytes
 *     or SACK-Perm alone  NOP, NOP, kind 4, length 2            4 bytes
 *   Window Scale          NOP, kind 3, length 3                 4 bytes
 *   SACK                  NOP, NOP, kind 5, length 2 + 8n   4 + 8n bytes
 *
 * Each entry is a whole number of 32-bit words, so the 32-bit fields of
 * the timestamps and SACK blocks are word aligned, as RFC 7323 suggests,
 * and no padding is needed; the code still pads with EOL should that
 * change. The option space is 40 bytes; the fixed entries take at most
 * 20, which leaves room for at least two SACK blocks. When the SACK
 * blocks asked for do not fit, those at the end are dropped until they
 * do: the first block reports the most recent data (RFC 2018), so the
 * last ones matter least. A sender is expected to ask for at most 3
 * blocks with timestamps and 4 without, which always fit outside a SYN.
 *
 * Reading accepts options in any order and layout, skips kinds it does
 * not know by their length byte, and rejects a header whose option list
 * is malformed: a known kind with the wrong length, a length below 2, or
 * an option running past the data offset. It never reads past the data
 * offset or past the bytes it is given.
 */
#include "internet/cns-tcp-header.h"

#include "internet/cns-ipv4-header.h"

#define TCP_MAX_OPTIONS_SIZE (CNS_TCP_HEADER_MAX_SIZE - CNS_TCP_HEADER_SIZE)

#define OPTION_EOL            0
#define OPTION_NOP            1
#define OPTION_MSS            2
#define OPTION_WINDOW_SCALE   3
#define OPTION_SACK_PERMITTED 4
#define OPTION_SACK           5
#define OPTION_TIMESTAMP      8

#define OPTION_MSS_LENGTH            4
#define OPTION_WINDOW_SCALE_LENGTH   3
#define OPTION_SACK_PERMITTED_LENGTH 2
#define OPTION_TIMESTAMP_LENGTH      10
#define OPTION_SACK_BASE_LENGTH      2
#define OPTION_SACK_BLOCK_LENGTH     8

G_DEFINE_BOXED_TYPE (CnsTcpHeader, cns_tcp_header, cns_tcp_header_copy,
                     cns_tcp_header_free)

static inline guint16
load16 (const guint8 *p)
{
  return (guint16) (p[0] << 8 | p[1]);
}

static inline guint32
load32 (const guint8 *p)
{
  return (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8
         | p[3];
}

static inline void
store16 (guint8 *p, guint16 v)
{
  p[0] = (guint8) (v >> 8);
  p[1] = (guint8) v;
}

static inline void
store32 (guint8 *p, guint32 v)
{
  p[0] = (guint8) (v >> 24);
  p[1] = (guint8) (v >> 16);
  p[2] = (guint8) (v >> 8);
  p[3] = (guint8) v;
}

/* The bytes @h's options take in the layout above, SACK blocks aside. */
static guint
tcp_fixed_options_size (const CnsTcpHeader *h)
{
  guint size = 0;

  if (h->has_mss)
    size += 4;
  if (h->has_timestamp)
    size += 12;
  else if (h->sack_permitted)
    size += 4;
  if (h->has_window_scale)
    size += 4;
  return size;
}

/* How many of @h's SACK blocks are written: all of them, at most
 * %CNS_TCP_MAX_SACK_BLOCKS, less those at the end that do not fit in the
 * option space the other options leave. */
static guint
tcp_sack_blocks_sent (const CnsTcpHeader *h)
{
  guint room = TCP_MAX_OPTIONS_SIZE - tcp_fixed_options_size (h);
  guint n = MIN (h->n_sack_blocks, CNS_TCP_MAX_SACK_BLOCKS);

  while (n > 0
         && 2 + OPTION_SACK_BASE_LENGTH + n * OPTION_SACK_BLOCK_LENGTH > room)
    n--;
  return n;
}

static gsize
tcp_size (const CnsTcpHeader *h)
{
  guint n = tcp_sack_blocks_sent (h);
  guint options = tcp_fixed_options_size (h);

  if (n > 0)
    options += 2 + OPTION_SACK_BASE_LENGTH + n * OPTION_SACK_BLOCK_LENGTH;
  return CNS_TCP_HEADER_SIZE + ((options + 3) & ~3u);
}

static gsize
tcp_get_serialized_size (gconstpointer header)
{
  return tcp_size (header);
}

/* The pseudo-header's words (RFC 9293, 3.1): addresses, zero and
 * protocol, and the TCP length, header and options included. */
static guint32
pseudo_header_sum (CnsIpv4Address source, CnsIpv4Address destination,
                   guint32 tcp_length)
{
  return (source.value >> 16) + (source.value & 0xffff)
         + (destination.value >> 16) + (destination.value & 0xffff)
         + CNS_IP_PROTOCOL_TCP + tcp_length;
}

/* @sum folded to 16 bits with end-around carries and inverted, as
 * cns_checksum_fold() does, without a call per packet. */
static inline guint16
tcp_checksum_fold (guint64 sum)
{
  while (sum >> 16)
    sum = (sum & 0xffff) + (sum >> 16);
  return (guint16) ~sum;
}

static void
tcp_serialize (gconstpointer header, guint8 *start)
{
  const CnsTcpHeader *h = header;
  gsize size = tcp_size (h);
  guint n_sack = tcp_sack_blocks_sent (h);
  guint8 *p = start + CNS_TCP_HEADER_SIZE;

  store16 (start, h->source_port);
  store16 (start + 2, h->destination_port);
  store32 (start + 4, h->sequence);
  store32 (start + 8, h->ack);
  /* the data offset in 32-bit words; the reserved bits are zero */
  start[12] = (guint8) ((size / 4) << 4);
  start[13] = h->flags;
  store16 (start + 14, h->window);
  store16 (start + 16, h->calculate ? 0 : h->checksum);
  store16 (start + 18, h->urgent_pointer);

  if (h->has_mss)
    {
      p[0] = OPTION_MSS;
      p[1] = OPTION_MSS_LENGTH;
      store16 (p + 2, h->mss);
      p += 4;
    }
  if (h->has_timestamp)
    {
      if (h->sack_permitted)
        {
          p[0] = OPTION_SACK_PERMITTED;
          p[1] = OPTION_SACK_PERMITTED_LENGTH;
        }
      else
        p[0] = p[1] = OPTION_NOP;
      p[2] = OPTION_TIMESTAMP;
      p[3] = OPTION_TIMESTAMP_LENGTH;
      store32 (p + 4, h->ts_value);
      store32 (p + 8, h->ts_echo);
      p += 12;
    }
  else if (h->sack_permitted)
    {
      p[0] = p[1] = OPTION_NOP;
      p[2] = OPTION_SACK_PERMITTED;
      p[3] = OPTION_SACK_PERMITTED_LENGTH;
      p += 4;
    }
  if (h->has_window_scale)
    {
      p[0] = OPTION_NOP;
      p[1] = OPTION_WINDOW_SCALE;
      p[2] = OPTION_WINDOW_SCALE_LENGTH;
      p[3] = h->window_scale;
      p += 4;
    }
  if (n_sack > 0)
    {
      p[0] = p[1] = OPTION_NOP;
      p[2] = OPTION_SACK;
      p[3] = (guint8) (OPTION_SACK_BASE_LENGTH
                       + n_sack * OPTION_SACK_BLOCK_LENGTH);
      p += 4;
      for (guint i = 0; i < n_sack; i++)
        {
          store32 (p, h->sack_blocks[i].left);
          store32 (p + 4, h->sack_blocks[i].right);
          p += 8;
        }
    }
  while (p < start + size)
    *p++ = OPTION_EOL;

  if (h->calculate)
    {
      guint64 sum = h->sum;
      guint16 checksum;

      for (gsize i = 0; i < size; i += 2)
        sum += load16 (start + i);
      /* a computed 0 stays 0: TCP has no "no checksum" */
      checksum = tcp_checksum_fold (sum);
      store16 (start + 16, checksum);
    }
}

/* Reads the options in @data[CNS_TCP_HEADER_SIZE, @end) into @h, whose
 * option fields are clear. Returns %FALSE when they are malformed. */
static gboolean
tcp_deserialize_options (CnsTcpHeader *h, const guint8 *data, gsize end)
{
  gsize i = CNS_TCP_HEADER_SIZE;

  while (i < end)
    {
      guint8 kind = data[i];
      guint8 length;
      const guint8 *value;

      if (kind == OPTION_EOL)
        break;
      if (kind == OPTION_NOP)
        {
          i++;
          continue;
        }
      /* every other kind has a length byte, counting kind and length */
      if (end - i < 2)
        return FALSE;
      length = data[i + 1];
      if (length < 2 || length > end - i)
        return FALSE;
      value = data + i + 2;
      switch (kind)
        {
        case OPTION_MSS:
          if (length != OPTION_MSS_LENGTH)
            return FALSE;
          h->has_mss = TRUE;
          h->mss = load16 (value);
          break;
        case OPTION_WINDOW_SCALE:
          if (length != OPTION_WINDOW_SCALE_LENGTH)
            return FALSE;
          h->has_window_scale = TRUE;
          h->window_scale = value[0];
          break;
        case OPTION_SACK_PERMITTED:
          if (length != OPTION_SACK_PERMITTED_LENGTH)
            return FALSE;
          h->sack_permitted = TRUE;
          break;
        case OPTION_TIMESTAMP:
          if (length != OPTION_TIMESTAMP_LENGTH)
            return FALSE;
          h->has_timestamp = TRUE;
          h->ts_value = load32 (value);
          h->ts_echo = load32 (value + 4);
          break;
        case OPTION_SACK:
          {
            guint n
                = (length - OPTION_SACK_BASE_LENGTH) / OPTION_SACK_BLOCK_LENGTH;

            /* at least one block: an empty SACK option says nothing */
            if ((length - OPTION_SACK_BASE_LENGTH) % OPTION_SACK_BLOCK_LENGTH
                    != 0
                || n == 0 || n > CNS_TCP_MAX_SACK_BLOCKS)
              return FALSE;
            h->n_sack_blocks = n;
            for (guint b = 0; b < n; b++)
              {
                h->sack_blocks[b].left = load32 (value + 8 * b);
                h->sack_blocks[b].right = load32 (value + 8 * b + 4);
              }
            break;
          }
        default:
          /* not one cns knows: skipped */
          break;
        }
      i += length;
    }
  return TRUE;
}

static gsize
tcp_deserialize (gpointer header, const guint8 *data, gsize available)
{
  CnsTcpHeader *h = header;
  gsize size;

  if (available < CNS_TCP_HEADER_SIZE)
    return 0;
  size = (gsize) (data[12] >> 4) * 4;
  if (size < CNS_TCP_HEADER_SIZE || size > available)
    return 0;
  /* options absent until read; calculate and sum cleared */
  *h = (CnsTcpHeader){
    .source_port = load16 (data),
    .destination_port = load16 (data + 2),
    .sequence = load32 (data + 4),
    .ack = load32 (data + 8),
    .flags = data[13],
    .window = load16 (data + 14),
    .checksum = load16 (data + 16),
    .urgent_pointer = load16 (data + 18),
  };
  if (!tcp_deserialize_options (h, data, size))
    return 0;
  return size;
}

/* "49153 > 9 [SYN|ACK] Seq=0 Ack=1 Win=65535 MSS=536 WS=7 SACK_PERM
 * TS=123:0 SACK=[100,200)", the options only when present; the SACK
 * blocks are those that are written. */
static void
tcp_print (gconstpointer header, GString *out)
{
  static const gchar *const flag_names[]
      = { "FIN", "SYN", "RST", "PSH", "ACK", "URG", "ECE", "CWR" };
  const CnsTcpHeader *h = header;
  guint n_sack = tcp_sack_blocks_sent (h);
  gboolean first = TRUE;

  g_string_append_printf (out, "%u > %u [", h->source_port,
                          h->destination_port);
  for (guint i = 0; i < G_N_ELEMENTS (flag_names); i++)
    if (h->flags & (1u << i))
      {
        if (!first)
          g_string_append_c (out, '|');
        g_string_append (out, flag_names[i]);
        first = FALSE;
      }
  if (first)
    g_string_append (out, "none");
  g_string_append_printf (out, "] Seq=%u Ack=%u Win=%u", h->sequence, h->ack,
                          h->window);
  if (h->flags & CNS_TCP_FLAG_URG)
    g_string_append_printf (out, " Urg=%u", h->urgent_pointer);
  if (h->has_mss)
    g_string_append_printf (out, " MSS=%u", h->mss);
  if (h->has_window_scale)
    g_string_append_printf (out, " WS=%u", h->window_scale);
  if (h->sack_permitted)
    g_string_append (out, " SACK_PERM");
  if (h->has_timestamp)
    g_string_append_printf (out, " TS=%u:%u", h->ts_value, h->ts_echo);
  for (guint i = 0; i < n_sack; i++)
    g_string_append_printf (out, "%s[%u,%u)", i == 0 ? " SACK=" : ",",
                            h->sack_blocks[i].left, h->sack_blocks[i].right);
}

const CnsHeaderClass cns_tcp_header_class = {
  .name = "TcpHeader",
  .get_serialized_size = tcp_get_serialized_size,
  .serialize = tcp_serialize,
  .deserialize = tcp_deserialize,
  .print = tcp_print,
};

/**
 * cns_tcp_header_init:
 * @header: (out caller-allocates): the header to fill
 * @source_port: the sender's port
 * @destination_port: the receiver's port
 * @sequence: the sequence number of the segment's first byte
 * @ack: the acknowledgement number, meaningful with %CNS_TCP_FLAG_ACK
 * @flags: %CNS_TCP_FLAG_* bits
 * @window: the window field as written, already scaled down
 *
 * Fills @header with the ports, numbers, flags and window, no options,
 * urgent pointer 0 and checksum 0; set the option fields next, then call
 * cns_tcp_header_prepare_checksum() to have the checksum computed.
 */
void
cns_tcp_header_init (CnsTcpHeader *header, guint16 source_port,
                     guint16 destination_port, guint32 sequence, guint32 ack,
                     guint8 flags, guint16 window)
{
  g_return_if_fail (header != NULL);
  *header = (CnsTcpHeader){ .source_port = source_port,
                            .destination_port = destination_port,
                            .sequence = sequence,
                            .ack = ack,
                            .flags = flags,
                            .window = window };
}

/**
 * cns_tcp_header_get_size:
 * @header: a header
 *
 * The number of bytes @header takes on the wire: 20 plus its options in
 * the layout described at the top of cns-tcp-header.c, a multiple of 4 and
 * at most %CNS_TCP_HEADER_MAX_SIZE. SACK blocks that do not fit in the 40
 * option bytes next to the other options are not counted, nor written:
 * the last ones are dropped first. A sender that wants every block it
 * asks for sends at most 3 with timestamps and 4 without.
 *
 * Returns: the header's size in bytes, also the data offset times 4.
 */
gsize
cns_tcp_header_get_size (const CnsTcpHeader *header)
{
  g_return_val_if_fail (header != NULL, CNS_TCP_HEADER_SIZE);
  return tcp_size (header);
}

/**
 * cns_tcp_header_prepare_checksum: (skip)
 * @header: a header with its ports and options set
 * @source: the IPv4 source address the segment will carry
 * @destination: its IPv4 destination address
 * @payload: the segment's payload, without the TCP header
 *
 * Sums the pseudo-header, whose length is @header's size plus the
 * payload's, and @payload, so that adding @header to @payload with
 * cns_packet_add_header() writes the correct checksum. Neither the
 * payload nor @header's options may change in between; the other fields
 * may. Costs what the payload's written bytes cost: bytes of a
 * cns_packet_new() payload that were never written are not read. The
 * segment must fit the pseudo-header's 16-bit length.
 */
void
cns_tcp_header_prepare_checksum (CnsTcpHeader *header, CnsIpv4Address source,
                                 CnsIpv4Address destination,
                                 const CnsPacket *payload)
{
  guint32 header_size;
  guint32 size;

  g_return_if_fail (header != NULL);
  g_return_if_fail (payload != NULL);
  header_size = (guint32) tcp_size (header);
  size = cns_packet_get_size (payload);
  g_return_if_fail (size <= G_MAXUINT16 - header_size);

  /* the header is a whole number of words: the payload's words line up
   * as in the segment */
  header->sum = pseudo_header_sum (source, destination, header_size + size)
                + cns_packet_sum16 (payload, 0, size);
  header->calculate = TRUE;
}

/**
 * cns_tcp_header_verify_checksum: (skip)
 * @segment: a TCP segment, header first
 * @source: the IPv4 source address it came with
 * @destination: its IPv4 destination address
 *
 * Checks the checksum of a received segment against the pseudo-header
 * built from @source, @destination and the segment's size. The header is
 * not parsed; a segment that checks out may still have a bad header,
 * which cns_packet_remove_header() reports.
 *
 * Returns: %FALSE when the segment is shorter than a TCP header, longer
 * than the pseudo-header's length can say, or its checksum is wrong.
 */
gboolean
cns_tcp_header_verify_checksum (const CnsPacket *segment, CnsIpv4Address source,
                                CnsIpv4Address destination)
{
  guint32 size;
  guint64 sum;

  g_return_val_if_fail (segment != NULL, FALSE);
  size = cns_packet_get_size (segment);
  if (size < CNS_TCP_HEADER_SIZE || size > G_MAXUINT16)
    return FALSE;
  sum = (guint64) pseudo_header_sum (source, destination, size)
        + cns_packet_sum16 (segment, 0, size);
  return cns_checksum_fold (sum) == 0;
}

/**
 * cns_tcp_header_copy:
 * @header: a header
 *
 * Copies @header, options and SACK blocks included: it holds no
 * pointers, so the copy is a plain one.
 *
 * Returns: (transfer full): a copy of @header; free it with
 * cns_tcp_header_free().
 */
CnsTcpHeader *
cns_tcp_header_copy (const CnsTcpHeader *header)
{
  g_return_val_if_fail (header != NULL, NULL);
  return g_memdup2 (header, sizeof *header);
}

/**
 * cns_tcp_header_free:
 * @header: (transfer full) (nullable): a header from cns_tcp_header_copy()
 *
 * Frees a header made by cns_tcp_header_copy().
 */
void
cns_tcp_header_free (CnsTcpHeader *header)
{
  g_free (header);
}
