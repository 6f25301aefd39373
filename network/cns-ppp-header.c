/* cns — the 2-byte PPP header of point-to-point links.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Devices speak EtherType protocol numbers to the layers above (0x0800 for
 * IPv4); on the wire a point-to-point frame carries the PPP protocol
 * number instead, as RFC 1332 and RFC 5072 assign.
 */
#include "network/cns-ppp-header.h"

static gsize
ppp_get_serialized_size (gconstpointer header)
{
  return 2;
}

static void
ppp_serialize (gconstpointer header, guint8 *start)
{
  const CnsPppHeader *h = header;

  start[0] = (guint8) (h->protocol >> 8);
  start[1] = (guint8) h->protocol;
}

static gsize
ppp_deserialize (gpointer header, const guint8 *data, gsize available)
{
  CnsPppHeader *h = header;

  if (available < 2)
    return 0;
  h->protocol = (guint16) (data[0] << 8 | data[1]);
  return 2;
}

static void
ppp_print (gconstpointer header, GString *out)
{
  const CnsPppHeader *h = header;
  const gchar *name = h->protocol == CNS_PPP_PROTOCOL_IPV4   ? "IP"
                      : h->protocol == CNS_PPP_PROTOCOL_IPV6 ? "IPv6"
                                                             : "unknown";

  g_string_append_printf (out, "Point-to-Point Protocol: %s (0x%04x)", name,
                          h->protocol);
}

const CnsHeaderClass cns_ppp_header_class = {
  .name = "PppHeader",
  .get_serialized_size = ppp_get_serialized_size,
  .serialize = ppp_serialize,
  .deserialize = ppp_deserialize,
  .print = ppp_print,
};

/**
 * cns_ppp_header_protocol_from_ether_type:
 *
 * Returns: the PPP protocol number for @ether_type; other EtherTypes are
 * carried unchanged, as a simulator has no other protocols to confuse.
 */
guint16
cns_ppp_header_protocol_from_ether_type (guint16 ether_type)
{
  switch (ether_type)
    {
    case CNS_ETHER_TYPE_IPV4:
      return CNS_PPP_PROTOCOL_IPV4;
    case CNS_ETHER_TYPE_IPV6:
      return CNS_PPP_PROTOCOL_IPV6;
    default:
      return ether_type;
    }
}

/**
 * cns_ppp_header_protocol_to_ether_type:
 *
 * The inverse mapping.
 */
guint16
cns_ppp_header_protocol_to_ether_type (guint16 protocol)
{
  switch (protocol)
    {
    case CNS_PPP_PROTOCOL_IPV4:
      return CNS_ETHER_TYPE_IPV4;
    case CNS_PPP_PROTOCOL_IPV6:
      return CNS_ETHER_TYPE_IPV6;
    default:
      return protocol;
    }
}
