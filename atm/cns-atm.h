/* cns — everything of the ATM module: cells, AAL5, ABR flow control and
 * EPRCA switches, and the devices, channels and switches that carry cells.
 * Include this one header.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "atm/cns-aal5.h"
#include "atm/cns-abr-destination.h"
#include "atm/cns-abr-source.h"
#include "atm/cns-atm-cell.h"
#include "atm/cns-atm-channel.h"
#include "atm/cns-atm-helper.h"
#include "atm/cns-atm-host.h"
#include "atm/cns-atm-net-device.h"
#include "atm/cns-atm-rm-cell.h"
#include "atm/cns-atm-sim-cell.h"
#include "atm/cns-atm-switch.h"
#include "atm/cns-atm-traffic.h"
#include "atm/cns-atm-vc-address.h"
#include "atm/cns-eprca.h"
#include "atm/cns-llc-snap-header.h"
