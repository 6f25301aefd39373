/* cns — peers as ns-3's applications name them in their log lines.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-address.h"
#include "network/cns-address.h"

G_BEGIN_DECLS

/* Longest text cns_application_format_(inet_)endpoint() writes, with the NUL:
 * "255.255.255.255 port 65535". */
#define CNS_APPLICATION_ENDPOINT_STRING_SIZE 27

void cns_application_format_endpoint (
    const CnsAddress *address, gchar buf[CNS_APPLICATION_ENDPOINT_STRING_SIZE]);
void cns_application_format_inet_endpoint (
    const CnsInetSocketAddress *address,
    gchar buf[CNS_APPLICATION_ENDPOINT_STRING_SIZE]);

G_END_DECLS
