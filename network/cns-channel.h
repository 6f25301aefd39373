/* cns — channels: what net devices are attached to.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"
#include "network/cns-net-device.h"

G_BEGIN_DECLS

#define CNS_TYPE_CHANNEL (cns_channel_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsChannel, cns_channel, CNS, CHANNEL, CnsObject)

/**
 * CnsChannelClass:
 * @get_n_devices: the number of devices attached
 * @get_device: device @index, or %NULL
 *
 * Base of channels. Every channel gets an id, its index in the global
 * channel list ("/ChannelList/N" in config paths), when it is made.
 */
struct _CnsChannelClass
{
  CnsObjectClass parent_class;

  guint32 (*get_n_devices) (CnsChannel *self);
  CnsNetDevice *(*get_device) (CnsChannel *self, guint32 index);

  /*< private >*/
  gpointer padding[4];
};

guint32 cns_channel_get_id (CnsChannel *self);
guint32 cns_channel_get_n_devices (CnsChannel *self);
CnsNetDevice *cns_channel_get_device (CnsChannel *self, guint32 index);

guint32 cns_channel_list_get_n_channels (void);
CnsChannel *cns_channel_list_get_channel (guint32 index);

G_END_DECLS
