/* cns — IPv4 addresses, masks and socket addresses.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-address.h"

G_BEGIN_DECLS

/**
 * CnsIpv4Address:
 * @value: the address in host byte order (10.1.1.2 is 0x0a010102)
 *
 * An IPv4 address, passed by value like ns-3's Ipv4Address.
 */
typedef struct
{
  guint32 value;
} CnsIpv4Address;

/**
 * CnsIpv4Mask:
 * @value: the mask in host byte order (255.255.255.0 is 0xffffff00)
 *
 * A network mask; only contiguous masks ("/0" to "/32") can be made from
 * text.
 */
typedef struct
{
  guint32 value;
} CnsIpv4Mask;

/**
 * CnsInetSocketAddress:
 * @address: the IPv4 address
 * @port: the port
 *
 * An IPv4 address and a transport port, as ns-3's InetSocketAddress;
 * written "10.1.1.2:9".
 */
typedef struct
{
  CnsIpv4Address address;
  guint16 port;
} CnsInetSocketAddress;

/* Longest texts the format functions write, with the NUL. */
#define CNS_IPV4_ADDRESS_STRING_SIZE        16
#define CNS_INET_SOCKET_ADDRESS_STRING_SIZE 22

#define CNS_IPV4_ADDRESS_INIT(a, b, c, d)                          \
  ((CnsIpv4Address){ ((guint32) (a) << 24) | ((guint32) (b) << 16) \
                     | ((guint32) (c) << 8) | (guint32) (d) })

/* Hidden from g-ir-scanner, whose parser takes no compound literal. */
#ifndef __GI_SCANNER__
static inline CnsIpv4Address
cns_ipv4_address_any (void)
{
  return (CnsIpv4Address){ 0 };
}

static inline CnsIpv4Address
cns_ipv4_address_broadcast (void)
{
  return (CnsIpv4Address){ 0xffffffffu };
}

static inline CnsIpv4Address
cns_ipv4_address_loopback (void)
{
  return CNS_IPV4_ADDRESS_INIT (127, 0, 0, 1);
}
#endif

static inline gboolean
cns_ipv4_address_equal (CnsIpv4Address a, CnsIpv4Address b)
{
  return a.value == b.value;
}

static inline gboolean
cns_ipv4_address_is_any (CnsIpv4Address a)
{
  return a.value == 0;
}

static inline gboolean
cns_ipv4_address_is_broadcast (CnsIpv4Address a)
{
  return a.value == 0xffffffffu;
}

static inline gboolean
cns_ipv4_address_is_multicast (CnsIpv4Address a)
{
  return (a.value & 0xf0000000u) == 0xe0000000u;
}

static inline gboolean
cns_ipv4_address_is_loopback (CnsIpv4Address a)
{
  return (a.value >> 24) == 127;
}

/* Hidden from g-ir-scanner, whose parser takes no compound literal. */
#ifndef __GI_SCANNER__
static inline CnsIpv4Address
cns_ipv4_address_combine_mask (CnsIpv4Address a, CnsIpv4Mask mask)
{
  return (CnsIpv4Address){ a.value & mask.value };
}

/* The directed broadcast of @a's subnet: all host bits set. */
static inline CnsIpv4Address
cns_ipv4_address_get_subnet_directed_broadcast (CnsIpv4Address a,
                                                CnsIpv4Mask mask)
{
  return (CnsIpv4Address){ a.value | ~mask.value };
}
#endif

static inline gboolean
cns_ipv4_mask_is_match (CnsIpv4Mask mask, CnsIpv4Address a, CnsIpv4Address b)
{
  return ((a.value ^ b.value) & mask.value) == 0;
}

gboolean cns_ipv4_address_parse (const gchar *text, CnsIpv4Address *out,
                                 GError **error);
CnsIpv4Address cns_ipv4_address_from_string (const gchar *text);
gsize cns_ipv4_address_format (CnsIpv4Address address,
                               gchar buf[CNS_IPV4_ADDRESS_STRING_SIZE]);
gchar *cns_ipv4_address_to_string (CnsIpv4Address address);
gchar *cns_ipv4_address_dup_string (const CnsIpv4Address *address);
gboolean cns_ipv4_address_is_subnet_directed_broadcast (CnsIpv4Address address,
                                                        CnsIpv4Mask mask);

guint8 cns_ipv4_address_get_address_type (void);
void cns_ipv4_address_to_address (CnsIpv4Address address, CnsAddress *out);
gboolean cns_ipv4_address_from_address (const CnsAddress *address,
                                        CnsIpv4Address *out);

gboolean cns_ipv4_mask_parse (const gchar *text, CnsIpv4Mask *out,
                              GError **error);
CnsIpv4Mask cns_ipv4_mask_from_prefix_length (guint prefix_length);
guint cns_ipv4_mask_get_prefix_length (CnsIpv4Mask mask);
gboolean cns_ipv4_mask_is_contiguous (CnsIpv4Mask mask);
gsize cns_ipv4_mask_format (CnsIpv4Mask mask,
                            gchar buf[CNS_IPV4_ADDRESS_STRING_SIZE]);
gchar *cns_ipv4_mask_to_string (CnsIpv4Mask mask);

gboolean cns_ipv4_prefix_parse (const gchar *text, CnsIpv4Address *network,
                                CnsIpv4Mask *mask, GError **error);

#define CNS_TYPE_INET_SOCKET_ADDRESS (cns_inet_socket_address_get_type ())
GType cns_inet_socket_address_get_type (void) G_GNUC_CONST;
CnsInetSocketAddress *
cns_inet_socket_address_copy (const CnsInetSocketAddress *address);
void cns_inet_socket_address_free (CnsInetSocketAddress *address);

/* Hidden from g-ir-scanner, whose parser takes no compound literal. */
#ifndef __GI_SCANNER__
static inline CnsInetSocketAddress
cns_inet_socket_address_init (CnsIpv4Address address, guint16 port)
{
  return (CnsInetSocketAddress){ address, port };
}
#endif

gboolean cns_inet_socket_address_parse (const gchar *text,
                                        CnsInetSocketAddress *out,
                                        GError **error);
gsize
cns_inet_socket_address_format (const CnsInetSocketAddress *address,
                                gchar buf[CNS_INET_SOCKET_ADDRESS_STRING_SIZE]);
gchar *cns_inet_socket_address_to_string (const CnsInetSocketAddress *address);
guint8 cns_inet_socket_address_get_address_type (void);
void cns_inet_socket_address_to_address (const CnsInetSocketAddress *address,
                                         CnsAddress *out);
gboolean cns_inet_socket_address_from_address (const CnsAddress *address,
                                               CnsInetSocketAddress *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsInetSocketAddress,
                               cns_inet_socket_address_free)

G_END_DECLS
