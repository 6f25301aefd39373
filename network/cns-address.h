/* cns — a generic holder for link and network addresses.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CNS_ADDRESS_MAX_SIZE 20

/**
 * CnsAddress:
 * @type: which kind of address (registered with
 *   cns_address_register_type()); 0 for an invalid, empty address
 * @length: the number of bytes used in @bytes
 * @bytes: the address, in network byte order
 *
 * Any address up to 20 bytes, tagged with its kind, as ns-3's Address:
 * net devices take and return addresses in this form whatever their
 * technology. A plain value type; copy it by assignment.
 */
typedef struct
{
  guint8 type;
  guint8 length;
  guint8 bytes[CNS_ADDRESS_MAX_SIZE];
} CnsAddress;

/**
 * CnsAddressType:
 * @CNS_ADDRESS_TYPE_INVALID: the empty, invalid address
 * @CNS_ADDRESS_TYPE_MAC48: "Mac48Address"
 * @CNS_ADDRESS_TYPE_IPV4: "Ipv4Address"
 * @CNS_ADDRESS_TYPE_INET_SOCKET: "InetSocketAddress"
 * @CNS_ADDRESS_TYPE_ATM_VC: "AtmVcAddress", an ATM virtual channel
 *   (atm/cns-atm-vc-address.h)
 * @CNS_ADDRESS_TYPE_FIRST_REGISTERED: the id of the first kind registered
 *   by name that is not one of the above
 *
 * The ids of the address kinds cns defines. They are fixed, so that every
 * process (every MPI rank) agrees on them whatever registers or uses
 * which kind first; a module that adds a kind adds it here.
 */
typedef enum
{
  CNS_ADDRESS_TYPE_INVALID = 0,
  CNS_ADDRESS_TYPE_MAC48 = 1,
  CNS_ADDRESS_TYPE_IPV4 = 2,
  CNS_ADDRESS_TYPE_INET_SOCKET = 3,
  CNS_ADDRESS_TYPE_ATM_VC = 4,
  CNS_ADDRESS_TYPE_FIRST_REGISTERED = 16,
} CnsAddressType;

#define CNS_TYPE_ADDRESS (cns_address_get_type ())
GType cns_address_get_type (void) G_GNUC_CONST;

guint8 cns_address_register_type (const gchar *name);
void cns_address_init (CnsAddress *address, guint8 type, const guint8 *bytes,
                       guint8 length);
gboolean cns_address_is_valid (const CnsAddress *address);
gboolean cns_address_is_type (const CnsAddress *address, guint8 type);
gboolean cns_address_equal (const CnsAddress *a, const CnsAddress *b);
gint cns_address_compare (const CnsAddress *a, const CnsAddress *b);
guint cns_address_hash (const CnsAddress *address);
gchar *cns_address_to_string (const CnsAddress *address);
CnsAddress *cns_address_copy (const CnsAddress *address);
void cns_address_free (CnsAddress *address);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsAddress, cns_address_free)

G_END_DECLS
