/* cns — pcap capture of net devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-net-device.h"

G_BEGIN_DECLS

gchar *cns_pcap_helper_filename (const gchar *prefix, CnsNetDevice *device);
gboolean cns_pcap_helper_enable (const gchar *prefix, CnsNetDevice *device,
                                 guint32 link_type, GError **error);

G_END_DECLS
