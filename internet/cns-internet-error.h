/* cns — error domain of the internet module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CNS_INTERNET_ERROR (cns_internet_error_quark ())

/**
 * CnsInternetError:
 * @CNS_INTERNET_ERROR_PARSE: text that is not an address, mask or prefix
 * @CNS_INTERNET_ERROR_INVALID: a value out of range or inconsistent
 * @CNS_INTERNET_ERROR_ADDRESS_IN_USE: a port already taken, or an address
 *   that an interface of some node has already
 * @CNS_INTERNET_ERROR_ADDRESS_NOT_AVAILABLE: an address the node lacks
 * @CNS_INTERNET_ERROR_EXHAUSTED: an address helper has no addresses left
 * @CNS_INTERNET_ERROR_NOT_FOUND: a node, device or interface that is not
 *   there
 */
typedef enum
{
  CNS_INTERNET_ERROR_PARSE,
  CNS_INTERNET_ERROR_INVALID,
  CNS_INTERNET_ERROR_ADDRESS_IN_USE,
  CNS_INTERNET_ERROR_ADDRESS_NOT_AVAILABLE,
  CNS_INTERNET_ERROR_EXHAUSTED,
  CNS_INTERNET_ERROR_NOT_FOUND,
} CnsInternetError;

GQuark cns_internet_error_quark (void);

G_END_DECLS
