/* cns — start-up of the network module, called by the library's.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

G_GNUC_INTERNAL void cns_network_init (void);

/* The config roots "ChannelList" and "NodeList" are registered at start-up
 * so that paths work before the first node exists. */
G_GNUC_INTERNAL void cns_channel_list_install (void);
G_GNUC_INTERNAL void cns_node_list_install (void);
G_GNUC_INTERNAL void cns_mac48_address_install (void);

G_END_DECLS
