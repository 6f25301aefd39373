/* cns — nodes: hosts and routers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"
#include "network/cns-net-device.h"

G_BEGIN_DECLS

#define CNS_TYPE_NODE (cns_node_get_type ())
G_DECLARE_FINAL_TYPE (CnsNode, cns_node, CNS, NODE, CnsObject)

/* network/cns-application.h, which includes this header, declares it. */
typedef struct _CnsApplication CnsApplication;

/**
 * CnsProtocolHandler:
 * @device: the device the packet came in on
 * @packet: (transfer full): the packet, without its link header
 * @protocol: its EtherType
 * @from: the sender's link address
 * @to: the destination link address
 * @type: who the frame was for
 *
 * Receives packets of one protocol from a node's devices: IPv4 registers
 * one for 0x0800.
 */
typedef void (*CnsProtocolHandler) (CnsNetDevice *device, CnsPacket *packet,
                                    guint16 protocol, const CnsAddress *from,
                                    const CnsAddress *to, CnsPacketType type,
                                    gpointer user_data);

CnsNode *cns_node_new (void);
CnsNode *cns_node_new_with_system_id (guint32 system_id);
guint32 cns_node_get_id (CnsNode *self);
guint32 cns_node_get_system_id (CnsNode *self);
gboolean cns_node_is_local (CnsNode *self);

guint32 cns_node_add_device (CnsNode *self, CnsNetDevice *device);
guint32 cns_node_get_n_devices (CnsNode *self);
CnsNetDevice *cns_node_get_device (CnsNode *self, guint32 index);

guint32 cns_node_add_application (CnsNode *self, CnsApplication *application);
guint32 cns_node_get_n_applications (CnsNode *self);
CnsApplication *cns_node_get_application (CnsNode *self, guint32 index);

void cns_node_register_protocol_handler (CnsNode *self,
                                         CnsProtocolHandler handler,
                                         gpointer user_data, guint16 protocol,
                                         CnsNetDevice *device,
                                         gboolean promiscuous);
void cns_node_unregister_protocol_handler (CnsNode *self,
                                           CnsProtocolHandler handler,
                                           gpointer user_data);

guint32 cns_node_list_get_n_nodes (void);
CnsNode *cns_node_list_get_node (guint32 id);

G_END_DECLS
