/* cns — building point-to-point links.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-ascii-trace-helper.h"
#include "network/cns-net-device-container.h"
#include "network/cns-node-container.h"

G_BEGIN_DECLS

#define CNS_TYPE_POINT_TO_POINT_HELPER (cns_point_to_point_helper_get_type ())
G_DECLARE_FINAL_TYPE (CnsPointToPointHelper, cns_point_to_point_helper, CNS,
                      POINT_TO_POINT_HELPER, GObject)

CnsPointToPointHelper *cns_point_to_point_helper_new (void);
gboolean cns_point_to_point_helper_set_device_attribute (
    CnsPointToPointHelper *self, const gchar *name, const gchar *value,
    GError **error);
gboolean cns_point_to_point_helper_set_channel_attribute (
    CnsPointToPointHelper *self, const gchar *name, const gchar *value,
    GError **error);
gboolean cns_point_to_point_helper_set_queue (CnsPointToPointHelper *self,
                                              const gchar *type_name,
                                              GError **error);
gboolean cns_point_to_point_helper_set_queue_attribute (
    CnsPointToPointHelper *self, const gchar *name, const gchar *value,
    GError **error);

CnsNetDeviceContainer *
cns_point_to_point_helper_install (CnsPointToPointHelper *self, CnsNode *a,
                                   CnsNode *b);
CnsNetDeviceContainer *
cns_point_to_point_helper_install_container (CnsPointToPointHelper *self,
                                             CnsNodeContainer *nodes);

gboolean cns_point_to_point_helper_enable_pcap (CnsPointToPointHelper *self,
                                                const gchar *prefix,
                                                CnsNetDevice *device,
                                                GError **error);
gboolean cns_point_to_point_helper_enable_pcap_all (CnsPointToPointHelper *self,
                                                    const gchar *prefix,
                                                    GError **error);
gboolean cns_point_to_point_helper_enable_ascii (CnsPointToPointHelper *self,
                                                 CnsAsciiTraceStream *stream,
                                                 CnsNetDevice *device,
                                                 GError **error);
gboolean
cns_point_to_point_helper_enable_ascii_all (CnsPointToPointHelper *self,
                                            const gchar *path, GError **error);

G_END_DECLS
