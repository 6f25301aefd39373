/* cns — error domain of the network module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CNS_NETWORK_ERROR (cns_network_error_quark ())

/**
 * CnsNetworkError:
 * @CNS_NETWORK_ERROR_PARSE: text or bytes do not have the expected form
 *   (an address string, a serialized packet, a pcap file)
 * @CNS_NETWORK_ERROR_NOT_FOUND: something named does not exist (a tag or
 *   header class in a serialized packet)
 * @CNS_NETWORK_ERROR_INVALID: the request is well formed but not allowed
 * @CNS_NETWORK_ERROR_IO: reading or writing a file failed
 */
typedef enum
{
  CNS_NETWORK_ERROR_PARSE,
  CNS_NETWORK_ERROR_NOT_FOUND,
  CNS_NETWORK_ERROR_INVALID,
  CNS_NETWORK_ERROR_IO,
} CnsNetworkError;

GQuark cns_network_error_quark (void);

G_END_DECLS
