/* cns — channels: what net devices are attached to.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Channels are numbered in creation order and listed globally, as ns-3's
 * ChannelList, under the config root "ChannelList". The list holds a
 * reference to each channel until cns_simulator_destroy(), which empties
 * it so that the next simulation numbers from 0 again.
 */
#include "network/cns-channel.h"

#include "core/cns-config.h"
#include "core/cns-simulator.h"
#include "network/cns-network-private.h"

typedef struct
{
  guint32 id;
} CnsChannelPrivate;

static GPtrArray *channels; /* CnsChannel, in id order */

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CnsChannel, cns_channel, CNS_TYPE_OBJECT)

static void
channel_list_destroy (gpointer obj, gpointer data)
{
  GPtrArray *list = g_steal_pointer (&channels);

  for (guint i = 0; i < list->len; i++)
    cns_object_dispose (list->pdata[i]);
  g_ptr_array_unref (list);
}

static void
cns_channel_constructed (GObject *object)
{
  CnsChannelPrivate *priv
      = cns_channel_get_instance_private (CNS_CHANNEL (object));

  G_OBJECT_CLASS (cns_channel_parent_class)->constructed (object);
  if (channels == NULL)
    {
      channels = g_ptr_array_new_with_free_func (g_object_unref);
      cns_simulator_schedule_destroy (channel_list_destroy, NULL, NULL);
    }
  priv->id = channels->len;
  g_ptr_array_add (channels, g_object_ref (object));
}

static guint
channel_list_length (GObject *owner, gpointer user_data)
{
  return channels != NULL ? channels->len : 0;
}

static GObject *
channel_list_nth (GObject *owner, guint index, gpointer user_data)
{
  return channels != NULL && index < channels->len ? channels->pdata[index]
                                                   : NULL;
}

static void
cns_channel_class_init (CnsChannelClass *klass)
{
  G_OBJECT_CLASS (klass)->constructed = cns_channel_constructed;
}

void
cns_channel_list_install (void)
{
  cns_config_register_root ("ChannelList", channel_list_length,
                            channel_list_nth, NULL);
}

static void
cns_channel_init (CnsChannel *self)
{
}

/**
 * cns_channel_get_id:
 *
 * Returns: the channel's index in the channel list.
 */
guint32
cns_channel_get_id (CnsChannel *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_CHANNEL), 0);
  return ((CnsChannelPrivate *) cns_channel_get_instance_private (self))->id;
}

/**
 * cns_channel_get_n_devices:
 *
 * Returns: the devices attached.
 */
guint32
cns_channel_get_n_devices (CnsChannel *self)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_CHANNEL), 0);
  return CNS_CHANNEL_GET_CLASS (self)->get_n_devices (self);
}

/**
 * cns_channel_get_device:
 *
 * Returns: (transfer none) (nullable): device @index.
 */
CnsNetDevice *
cns_channel_get_device (CnsChannel *self, guint32 index)
{
  g_return_val_if_fail (CNS_INSTANCE_IS_A (self, CNS_TYPE_CHANNEL), NULL);
  return CNS_CHANNEL_GET_CLASS (self)->get_device (self, index);
}

/**
 * cns_channel_list_get_n_channels:
 *
 * Returns: channels made so far.
 */
guint32
cns_channel_list_get_n_channels (void)
{
  return channels != NULL ? channels->len : 0;
}

/**
 * cns_channel_list_get_channel:
 *
 * Returns: (transfer none) (nullable): the channel with id @index.
 */
CnsChannel *
cns_channel_list_get_channel (guint32 index)
{
  return (CnsChannel *) channel_list_nth (NULL, index, NULL);
}
