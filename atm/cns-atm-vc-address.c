/* cns — ATM virtual channels as link addresses.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * IP over ATM sends a datagram to a VC, not to a station: the neighbour
 * resolver of a host's interface gives the VC of a next hop as a
 * CnsAddress of kind CNS_ADDRESS_TYPE_ATM_VC, VPI then VCI, two bytes
 * each in network byte order.
 */
#include "atm/cns-atm-vc-address.h"

/**
 * cns_atm_vc_address_init:
 * @address: (out caller-allocates): the address to fill
 * @vpi: the virtual path (12 bits at most on an NNI)
 * @vci: the virtual channel
 *
 * Makes the link address of the VC (@vpi, @vci).
 */
void
cns_atm_vc_address_init (CnsAddress *address, guint16 vpi, guint16 vci)
{
  guint8 bytes[CNS_ATM_VC_ADDRESS_SIZE]
      = { vpi >> 8, vpi & 0xff, vci >> 8, vci & 0xff };

  g_return_if_fail (address != NULL);
  cns_address_init (address, CNS_ADDRESS_TYPE_ATM_VC, bytes, sizeof bytes);
}

/**
 * cns_atm_vc_address_get:
 * @address: a link address
 * @vpi: (out) (optional): its virtual path
 * @vci: (out) (optional): its virtual channel
 *
 * Returns: whether @address is a VC address; @vpi and @vci are set only
 * then.
 */
gboolean
cns_atm_vc_address_get (const CnsAddress *address, guint16 *vpi, guint16 *vci)
{
  g_return_val_if_fail (address != NULL, FALSE);
  if (address->type != CNS_ADDRESS_TYPE_ATM_VC
      || address->length != CNS_ATM_VC_ADDRESS_SIZE)
    return FALSE;
  if (vpi != NULL)
    *vpi = (guint16) (address->bytes[0] << 8 | address->bytes[1]);
  if (vci != NULL)
    *vci = (guint16) (address->bytes[2] << 8 | address->bytes[3]);
  return TRUE;
}
