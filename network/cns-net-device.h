/* cns — net devices: a node's interfaces to channels.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"
#include "network/cns-address.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

typedef struct _CnsChannel CnsChannel;
typedef struct _CnsNode CnsNode;

/**
 * CnsPacketType:
 * @CNS_PACKET_HOST: addressed to this device
 * @CNS_PACKET_BROADCAST: a broadcast
 * @CNS_PACKET_MULTICAST: to a multicast group
 * @CNS_PACKET_OTHERHOST: addressed to another device (promiscuous receive)
 *
 * Who a received frame was for, as in ns-3 and Linux's PACKET_* types.
 */
typedef enum
{
  CNS_PACKET_HOST,
  CNS_PACKET_BROADCAST,
  CNS_PACKET_MULTICAST,
  CNS_PACKET_OTHERHOST,
} CnsPacketType;

#define CNS_TYPE_NET_DEVICE (cns_net_device_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsNetDevice, cns_net_device, CNS, NET_DEVICE,
                          CnsObject)

/**
 * CnsNetDeviceReceiveFn:
 * @device: the receiving device
 * @packet: (transfer full): the packet, without the link-layer header
 * @protocol: the EtherType of its payload (0x0800 for IPv4)
 * @from: the sender's link address
 *
 * Where a device hands up what it received; the node sets it when the
 * device is added and dispatches to protocol handlers.
 */
typedef void (*CnsNetDeviceReceiveFn) (CnsNetDevice *device, CnsPacket *packet,
                                       guint16 protocol, const CnsAddress *from,
                                       gpointer user_data);

/**
 * CnsNetDevicePromiscReceiveFn:
 * @to: the destination link address
 * @type: who the frame was for
 *
 * Like #CnsNetDeviceReceiveFn, for devices in promiscuous mode.
 */
typedef void (*CnsNetDevicePromiscReceiveFn) (
    CnsNetDevice *device, CnsPacket *packet, guint16 protocol,
    const CnsAddress *from, const CnsAddress *to, CnsPacketType type,
    gpointer user_data);

/**
 * CnsNetDeviceClass:
 * @send: sends @packet (transfer full) to @dest with EtherType @protocol;
 *   returns %FALSE when the packet was dropped
 * @send_from: like send with a source address; %NULL when unsupported
 * @get_channel: the channel the device is attached to, or %NULL
 * @get_broadcast: the broadcast address; the default gives an invalid
 *   (empty) address, for devices that cannot broadcast
 *
 * The ns-3 NetDevice contract. The base keeps the node, interface index,
 * address, MTU, link state, flags and callbacks; a subclass implements
 * sending, reports its channel, and calls cns_net_device_deliver() with
 * what it receives and cns_net_device_set_link_up() when its link changes.
 */
struct _CnsNetDeviceClass
{
  CnsObjectClass parent_class;

  gboolean (*send) (CnsNetDevice *self, CnsPacket *packet,
                    const CnsAddress *dest, guint16 protocol);
  gboolean (*send_from) (CnsNetDevice *self, CnsPacket *packet,
                         const CnsAddress *source, const CnsAddress *dest,
                         guint16 protocol);
  CnsChannel *(*get_channel) (CnsNetDevice *self);
  void (*get_broadcast) (CnsNetDevice *self, CnsAddress *out);

  /*< private >*/
  gpointer padding[6];
};

/**
 * CnsNetDeviceFlags:
 * @CNS_NET_DEVICE_POINT_TO_POINT: the link has exactly one peer
 * @CNS_NET_DEVICE_BROADCAST: the device can broadcast
 * @CNS_NET_DEVICE_MULTICAST: the device supports multicast
 * @CNS_NET_DEVICE_NEEDS_ARP: addresses must be resolved before sending
 * @CNS_NET_DEVICE_BRIDGE: the device is a bridge
 */
typedef enum
{
  CNS_NET_DEVICE_POINT_TO_POINT = 1 << 0,
  CNS_NET_DEVICE_BROADCAST = 1 << 1,
  CNS_NET_DEVICE_MULTICAST = 1 << 2,
  CNS_NET_DEVICE_NEEDS_ARP = 1 << 3,
  CNS_NET_DEVICE_BRIDGE = 1 << 4,
} CnsNetDeviceFlags;

gboolean cns_net_device_send (CnsNetDevice *self, CnsPacket *packet,
                              const CnsAddress *dest, guint16 protocol);
gboolean cns_net_device_send_from (CnsNetDevice *self, CnsPacket *packet,
                                   const CnsAddress *source,
                                   const CnsAddress *dest, guint16 protocol);
gboolean cns_net_device_supports_send_from (CnsNetDevice *self);

CnsNode *cns_net_device_get_node (CnsNetDevice *self);
guint32 cns_net_device_get_ifindex (CnsNetDevice *self);
CnsChannel *cns_net_device_get_channel (CnsNetDevice *self);
void cns_net_device_get_address (CnsNetDevice *self, CnsAddress *out);
void cns_net_device_set_address (CnsNetDevice *self, const CnsAddress *address);
void cns_net_device_get_broadcast (CnsNetDevice *self, CnsAddress *out);
guint16 cns_net_device_get_mtu (CnsNetDevice *self);
gboolean cns_net_device_set_mtu (CnsNetDevice *self, guint16 mtu);
gboolean cns_net_device_is_link_up (CnsNetDevice *self);
CnsNetDeviceFlags cns_net_device_get_flags (CnsNetDevice *self);
gboolean cns_net_device_is_point_to_point (CnsNetDevice *self);
gboolean cns_net_device_is_broadcast (CnsNetDevice *self);

void cns_net_device_set_receive_callback (CnsNetDevice *self,
                                          CnsNetDeviceReceiveFn callback,
                                          gpointer user_data);
void cns_net_device_set_promisc_receive_callback (
    CnsNetDevice *self, CnsNetDevicePromiscReceiveFn callback,
    gpointer user_data);
gboolean cns_net_device_is_promiscuous (CnsNetDevice *self);

/* For subclasses. */
void cns_net_device_set_flags (CnsNetDevice *self, CnsNetDeviceFlags flags);
void cns_net_device_set_link_up (CnsNetDevice *self, gboolean up);
void cns_net_device_deliver (CnsNetDevice *self, CnsPacket *packet,
                             guint16 protocol, const CnsAddress *from,
                             const CnsAddress *to, CnsPacketType type);

/* For nodes. */
void cns_net_device_attach_to_node (CnsNetDevice *self, CnsNode *node,
                                    guint32 ifindex);

G_END_DECLS
