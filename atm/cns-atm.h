/* cns — everything of the ATM module: cells, AAL5, ABR flow control and
 * EPRCA switches. Include this one header.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "atm/cns-aal5.h"
#include "atm/cns-abr-destination.h"
#include "atm/cns-abr-source.h"
#include "atm/cns-atm-cell.h"
#include "atm/cns-atm-rm-cell.h"
#include "atm/cns-atm-traffic.h"
#include "atm/cns-eprca.h"
