/* cns — CnsApplication lives in network/ now, as in ns-3. This header only
 * forwards there, for stats/cns-delay-monitor.h, which another change
 * points at network/cns-application.h; then it goes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-application.h"
