/* cns — what the module's sockets (UDP, TCP) share over network's
 * CnsSocket: reading inet socket addresses and naming them in errors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-address.h"
#include "network/cns-socket.h"

G_BEGIN_DECLS

/* Reads @address (nullable: any address, port 0) into @out; when it is
 * not an inet socket address, sets the errno to @errno_if_not. */
G_GNUC_INTERNAL gboolean cns_socket_read_inet_address (
    CnsSocket *self, const CnsAddress *address, CnsSocketErrno errno_if_not,
    CnsInetSocketAddress *out);

/* Makes @klass's failed bind, connect and listen name addresses as
 * "10.1.1.2:9" and report them in CNS_INTERNET_ERROR. */
G_GNUC_INTERNAL void cns_inet_socket_class_init (CnsSocketClass *klass);

G_END_DECLS
