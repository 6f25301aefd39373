/* cns — 48-bit MAC addresses.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-address.h"

G_BEGIN_DECLS

/**
 * CnsMac48Address:
 *
 * An IEEE 802 48-bit MAC address, as six bytes in transmission order.
 */
typedef struct
{
  guint8 bytes[6];
} CnsMac48Address;

/* Longest text cns_mac48_address_format() writes, with the NUL. */
#define CNS_MAC48_ADDRESS_STRING_SIZE 18

/* A boxed type, so that a device's "Address" attribute can hold one and be
 * set from "00:00:00:00:00:05". */
#define CNS_TYPE_MAC48_ADDRESS (cns_mac48_address_get_type ())
GType cns_mac48_address_get_type (void) G_GNUC_CONST;

CnsMac48Address *cns_mac48_address_copy (const CnsMac48Address *address);
void cns_mac48_address_free (CnsMac48Address *address);

CnsMac48Address cns_mac48_address_allocate (void);
void cns_mac48_address_reset_allocation (void);
gboolean cns_mac48_address_parse (const gchar *text, CnsMac48Address *out,
                                  GError **error);
gsize cns_mac48_address_format (const CnsMac48Address *address,
                                gchar buf[CNS_MAC48_ADDRESS_STRING_SIZE]);
gchar *cns_mac48_address_to_string (const CnsMac48Address *address);
gboolean cns_mac48_address_equal (const CnsMac48Address *a,
                                  const CnsMac48Address *b);
CnsMac48Address cns_mac48_address_get_broadcast (void);
gboolean cns_mac48_address_is_broadcast (const CnsMac48Address *address);
gboolean cns_mac48_address_is_group (const CnsMac48Address *address);
guint8 cns_mac48_address_get_address_type (void);
void cns_mac48_address_to_address (const CnsMac48Address *address,
                                   CnsAddress *out);
gboolean cns_mac48_address_from_address (const CnsAddress *address,
                                         CnsMac48Address *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsMac48Address, cns_mac48_address_free)

G_END_DECLS
