/* cns — start-up of the ATM module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Called once by the library's start-up (cns-library.c), after the
 * routing module's: registers the ATM module's GTypes, so that they and
 * their attributes can be named in strings before any exists.
 */
#include "atm/cns-atm.h"

#include "atm/cns-atm-private.h"

void
cns_atm_init (void)
{
  g_type_ensure (CNS_TYPE_EPRCA_ER_CAP);
  g_type_ensure (CNS_TYPE_ATM_SERVICE_CLASS);
  g_type_ensure (CNS_TYPE_ATM_DEVICE_MODE);
  g_type_ensure (CNS_TYPE_ATM_CHANNEL);
  g_type_ensure (CNS_TYPE_ATM_NET_DEVICE);
  g_type_ensure (CNS_TYPE_ATM_SWITCH);
  g_type_ensure (CNS_TYPE_ATM_HELPER);
  g_type_ensure (CNS_TYPE_ATM_HOST);
}
