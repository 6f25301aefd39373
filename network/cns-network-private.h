/* cns — internals shared inside the network module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Register the "ChannelList" and "NodeList" config roots; called by the
 * module constructor so paths work before the first node exists. */
G_GNUC_INTERNAL void cns_channel_list_install (void);
G_GNUC_INTERNAL void cns_node_list_install (void);

G_END_DECLS
