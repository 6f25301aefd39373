/* cns — the IPv4 header (RFC 791), 20 bytes without options.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The header is what a wire carries: version and IHL, type of service,
 * total length, identification, the DF and MF flags with the fragment
 * offset in 8-byte units, TTL, protocol, header checksum and the two
 * addresses, all in network byte order. The struct keeps the offset in
 * bytes and the payload size rather than the total length, as ns-3's
 * Ipv4Header does, because that is what the IPv4 layer computes with.
 *
 * Serialising always writes a correct checksum (RFC 1071 over the 20
 * bytes), so forwarding a packet after its TTL changed needs nothing
 * more than removing and re-adding the header. Deserialising verifies the
 * checksum of the bytes read and says so in checksum_ok; the IPv4 layer
 * drops a datagram whose header does not check out. Headers with options
 * (IHL above 5) are read and their options skipped; cns never writes
 * options.
 */
#include "internet/cns-ipv4-header.h"

#include <string.h>

#define IPV4_VERSION     4
#define FLAG_DONT_FRAG   0x4000
#define FLAG_MORE_FRAGS  0x2000
#define FRAG_OFFSET_MASK 0x1fff

G_DEFINE_BOXED_TYPE (CnsIpv4Header, cns_ipv4_header, cns_ipv4_header_copy,
                     cns_ipv4_header_free)

/* Headers are read and written as five big-endian 32-bit words, the
 * checksum summed from the same words (RFC 1071 allows any word size whose
 * sum is folded to 16 bits), so each is straight-line code. */

static inline guint32
load32 (const guint8 *p)
{
  guint32 v;

  memcpy (&v, p, sizeof v);
  return GUINT32_FROM_BE (v);
}

static inline void
store32 (guint8 *p, guint32 v)
{
  v = GUINT32_TO_BE (v);
  memcpy (p, &v, sizeof v);
}

/* @sum, a sum of 32-bit words, folded to 16 bits with
 * end-around carries and inverted: the value of a checksum field. */
static inline guint16
checksum_fold (guint64 sum)
{
  while (sum >> 16)
    sum = (sum & 0xffff) + (sum >> 16);
  return (guint16) ~sum;
}

/* The Internet checksum of the options after the first 20 bytes of a
 * header of @size bytes (a multiple of 4), added to @sum. */
static guint64
add_options (guint64 sum, const guint8 *bytes, gsize size)
{
  for (gsize i = CNS_IPV4_HEADER_SIZE; i < size; i += 4)
    sum += load32 (bytes + i);
  return sum;
}

static gsize
ipv4_header_get_serialized_size (gconstpointer header)
{
  return CNS_IPV4_HEADER_SIZE;
}

static void
ipv4_header_serialize (gconstpointer header, guint8 *start)
{
  const CnsIpv4Header *h = header;
  guint32 flags = (h->fragment_offset >> 3) & FRAG_OFFSET_MASK;
  guint32 words[5];

  if (h->dont_fragment)
    flags |= FLAG_DONT_FRAG;
  if (h->more_fragments)
    flags |= FLAG_MORE_FRAGS;
  words[0] = (guint32) ((IPV4_VERSION << 4) | (CNS_IPV4_HEADER_SIZE / 4)) << 24
             | (guint32) h->tos << 16
             | (guint16) (h->payload_size + CNS_IPV4_HEADER_SIZE);
  words[1] = (guint32) h->identification << 16 | flags;
  words[2] = (guint32) h->ttl << 24 | (guint32) h->protocol << 16;
  words[3] = h->source.value;
  words[4] = h->destination.value;
  words[2] |= checksum_fold ((guint64) words[0] + words[1] + words[2] + words[3]
                             + words[4]);
  store32 (start, words[0]);
  store32 (start + 4, words[1]);
  store32 (start + 8, words[2]);
  store32 (start + 12, words[3]);
  store32 (start + 16, words[4]);
}

static gsize
ipv4_header_deserialize (gpointer header, const guint8 *data, gsize available)
{
  CnsIpv4Header *h = header;
  guint32 words[5];
  gsize header_size;
  guint16 total_length, flags;

  if (available < CNS_IPV4_HEADER_SIZE)
    return 0;
  words[0] = load32 (data);
  words[1] = load32 (data + 4);
  words[2] = load32 (data + 8);
  words[3] = load32 (data + 12);
  words[4] = load32 (data + 16);
  if ((words[0] >> 28) != IPV4_VERSION)
    return 0;
  header_size = (gsize) ((words[0] >> 24) & 0x0f) * 4;
  total_length = (guint16) words[0];
  if (header_size < CNS_IPV4_HEADER_SIZE || header_size > available
      || total_length < header_size)
    return 0;
  flags = (guint16) words[1];
  h->tos = (guint8) (words[0] >> 16);
  h->payload_size = (guint16) (total_length - header_size);
  h->identification = (guint16) (words[1] >> 16);
  h->dont_fragment = (flags & FLAG_DONT_FRAG) != 0;
  h->more_fragments = (flags & FLAG_MORE_FRAGS) != 0;
  h->fragment_offset = (guint16) ((flags & FRAG_OFFSET_MASK) << 3);
  h->ttl = (guint8) (words[2] >> 24);
  h->protocol = (guint8) (words[2] >> 16);
  h->checksum = (guint16) words[2];
  h->source.value = words[3];
  h->destination.value = words[4];
  /* A correct header sums to 0xffff, its checksum included. */
  h->checksum_ok
      = checksum_fold (add_options ((guint64) words[0] + words[1] + words[2]
                                        + words[3] + words[4],
                                    data, header_size))
        == 0;
  return header_size;
}

static const gchar *
ipv4_dscp_name (guint8 dscp)
{
  switch (dscp)
    {
    case 0:
      return "Default";
    case 8:
      return "CS1";
    case 10:
      return "AF11";
    case 12:
      return "AF12";
    case 14:
      return "AF13";
    case 16:
      return "CS2";
    case 18:
      return "AF21";
    case 20:
      return "AF22";
    case 22:
      return "AF23";
    case 24:
      return "CS3";
    case 26:
      return "AF31";
    case 28:
      return "AF32";
    case 30:
      return "AF33";
    case 32:
      return "CS4";
    case 34:
      return "AF41";
    case 36:
      return "AF42";
    case 38:
      return "AF43";
    case 40:
      return "CS5";
    case 46:
      return "EF";
    case 48:
      return "CS6";
    case 56:
      return "CS7";
    default:
      return NULL;
    }
}

static void
ipv4_header_print (gconstpointer header, GString *out)
{
  static const gchar *const ecn_names[]
      = { "Not-ECT", "ECT (1)", "ECT (0)", "CE" };
  const CnsIpv4Header *h = header;
  gchar src[CNS_IPV4_ADDRESS_STRING_SIZE], dst[CNS_IPV4_ADDRESS_STRING_SIZE];
  const gchar *dscp = ipv4_dscp_name (h->tos >> 2);
  const gchar *flags = h->dont_fragment && h->more_fragments ? "MF|DF"
                       : h->dont_fragment                    ? "DF"
                       : h->more_fragments                   ? "MF"
                                                             : "none";

  cns_ipv4_address_format (h->source, src);
  cns_ipv4_address_format (h->destination, dst);
  g_string_append_printf (out, "tos 0x%x DSCP ", h->tos);
  if (dscp != NULL)
    g_string_append (out, dscp);
  else
    g_string_append_printf (out, "0x%02x", h->tos >> 2);
  g_string_append_printf (out,
                          " ECN %s ttl %u id %u protocol %u offset (bytes) %u "
                          "flags [%s] length: %u %s > %s",
                          ecn_names[h->tos & 3], h->ttl, h->identification,
                          h->protocol, h->fragment_offset, flags,
                          h->payload_size + CNS_IPV4_HEADER_SIZE, src, dst);
}

const CnsHeaderClass cns_ipv4_header_class = {
  .name = "Ipv4Header",
  .get_serialized_size = ipv4_header_get_serialized_size,
  .serialize = ipv4_header_serialize,
  .deserialize = ipv4_header_deserialize,
  .print = ipv4_header_print,
};

/**
 * cns_ipv4_header_init:
 * @header: (out caller-allocates): the header to fill
 *
 * Sets @header to ns-3's defaults: TTL 64, every other field zero, no
 * flags, checksum_ok %TRUE.
 */
void
cns_ipv4_header_init (CnsIpv4Header *header)
{
  g_return_if_fail (header != NULL);
  *header = (CnsIpv4Header){ .ttl = 64, .checksum_ok = TRUE };
}

/**
 * cns_ipv4_header_copy:
 * @header: a header
 *
 * Copies @header: it holds no pointers, so the copy is a plain one.
 *
 * Returns: (transfer full): a copy of @header; free it with
 * cns_ipv4_header_free().
 */
CnsIpv4Header *
cns_ipv4_header_copy (const CnsIpv4Header *header)
{
  g_return_val_if_fail (header != NULL, NULL);
  return g_memdup2 (header, sizeof *header);
}

/**
 * cns_ipv4_header_free:
 * @header: (transfer full) (nullable): a header from cns_ipv4_header_copy()
 *
 * Frees a header made by cns_ipv4_header_copy().
 */
void
cns_ipv4_header_free (CnsIpv4Header *header)
{
  g_free (header);
}
