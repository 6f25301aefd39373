/* cns — ATM channels: a full-duplex cell link between two ATM devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The wire of an ATM link: two ends, each direction independent, and a
 * propagation Delay. The devices schedule the arrivals themselves (a cell
 * that starts at t arrives at t + slot + Delay); the channel only joins
 * them and holds the delay.
 *
 * Under MPI every rank builds the whole topology, and a link whose ends
 * are nodes of two ranks is reported to the simulator once both ends are
 * attached: its Delay bounds how far the ranks may run apart (the
 * lookahead). The devices then send their cells to the other rank as
 * remote messages under the link's id.
 */
#include "atm/cns-atm-channel.h"

#include "atm/cns-atm-private.h"

#include "atm/cns-atm-net-device.h"
#include "core/cns-log.h"
#include "core/cns-mpi.h"
#include "network/cns-node.h"

#define DEFAULT_DELAY 0

enum
{
  PROP_0,
  PROP_DELAY,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _CnsAtmChannel
{
  CnsChannel parent_instance;

  CnsAtmNetDevice *devices[2]; /* referenced */
  guint32 n_devices;
  CnsTime delay;
  guint32 mpi_link; /* the simulator's id for a link between ranks */
};

G_DEFINE_FINAL_TYPE (CnsAtmChannel, cns_atm_channel, CNS_TYPE_CHANNEL)

static void atm_channel_set_property (GObject *object, guint prop_id,
                                      const GValue *value, GParamSpec *pspec);
static void atm_channel_get_property (GObject *object, guint prop_id,
                                      GValue *value, GParamSpec *pspec);

static void
atm_channel_dispose (GObject *object)
{
  CnsAtmChannel *self = CNS_ATM_CHANNEL (object);

  for (guint32 i = 0; i < self->n_devices; i++)
    g_clear_object (&self->devices[i]);
  self->n_devices = 0;
  G_OBJECT_CLASS (cns_atm_channel_parent_class)->dispose (object);
}

static guint32
atm_channel_get_n_devices (CnsChannel *channel)
{
  return CNS_ATM_CHANNEL (channel)->n_devices;
}

static CnsNetDevice *
atm_channel_get_device (CnsChannel *channel, guint32 index)
{
  CnsAtmChannel *self = CNS_ATM_CHANNEL (channel);

  return index < self->n_devices ? CNS_NET_DEVICE (self->devices[index]) : NULL;
}

static void
cns_atm_channel_class_init (CnsAtmChannelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsChannelClass *channel_class = CNS_CHANNEL_CLASS (klass);

  object_class->dispose = atm_channel_dispose;
  object_class->set_property = atm_channel_set_property;
  object_class->get_property = atm_channel_get_property;
  channel_class->get_n_devices = atm_channel_get_n_devices;
  channel_class->get_device = atm_channel_get_device;

  properties[PROP_DELAY] = cns_param_spec_time (
      "delay", "Delay",
      "The propagation delay: a cell whose transmission starts at t "
      "arrives whole at t + one slot + Delay",
      0, CNS_TIME_MAX, DEFAULT_DELAY,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_atm_channel_init (CnsAtmChannel *self)
{
  self->delay = DEFAULT_DELAY;
  self->mpi_link = CNS_ATM_NO_MPI_LINK;
}

/**
 * cns_atm_channel_new:
 *
 * Returns: (transfer full): a channel with the configured default Delay.
 */
CnsAtmChannel *
cns_atm_channel_new (void)
{
  return cns_object_new (CNS_TYPE_ATM_CHANNEL, NULL);
}

/**
 * cns_atm_channel_get_delay:
 *
 * Returns: the propagation delay.
 */
CnsTime
cns_atm_channel_get_delay (CnsAtmChannel *self)
{
  g_return_val_if_fail (CNS_IS_ATM_CHANNEL (self), 0);
  return self->delay;
}

CnsTime
cns_atm_channel_peek_delay (CnsAtmChannel *self)
{
  return self->delay;
}

/**
 * cns_atm_channel_set_delay:
 *
 * Sets the propagation delay (>= 0).
 */
void
cns_atm_channel_set_delay (CnsAtmChannel *self, CnsTime delay)
{
  g_return_if_fail (CNS_IS_ATM_CHANNEL (self));
  g_return_if_fail (delay >= 0);
  self->delay = delay;
  if (self->mpi_link != CNS_ATM_NO_MPI_LINK)
    cns_mpi_set_link_delay (self->mpi_link, delay);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DELAY]);
}

/**
 * cns_atm_channel_attach:
 *
 * Connects @device to one end; the channel references it. Devices call
 * this from cns_atm_net_device_attach().
 *
 * Returns: %FALSE when both ends are taken.
 */
gboolean
cns_atm_channel_attach (CnsAtmChannel *self, CnsAtmNetDevice *device)
{
  g_return_val_if_fail (CNS_IS_ATM_CHANNEL (self), FALSE);
  g_return_val_if_fail (CNS_IS_ATM_NET_DEVICE (device), FALSE);
  if (self->n_devices == 2)
    return FALSE;
  self->devices[self->n_devices++] = g_object_ref (device);
  return TRUE;
}

/* The rank that simulates @device's node, or G_MAXUINT32 while it has
 * none. */
static guint32
atm_channel_rank_of (CnsAtmNetDevice *device)
{
  CnsNode *node = cns_net_device_get_node (CNS_NET_DEVICE (device));

  return node != NULL ? cns_node_get_system_id (node) : G_MAXUINT32;
}

/* Reports the link to the simulator when its two ends are nodes of
 * different ranks of a distributed run; the devices call it when the
 * second end attaches. Every rank builds the same links in the same
 * order, so every rank makes the same calls. Returns the link's id, or
 * CNS_ATM_NO_MPI_LINK for a link within one rank. */
guint32
cns_atm_channel_note_link (CnsAtmChannel *self)
{
  guint32 rank_a, rank_b;

  if (self->mpi_link != CNS_ATM_NO_MPI_LINK || self->n_devices < 2
      || cns_mpi_get_size () < 2)
    return self->mpi_link;
  rank_a = atm_channel_rank_of (self->devices[0]);
  rank_b = atm_channel_rank_of (self->devices[1]);
  if (rank_a == G_MAXUINT32 || rank_b == G_MAXUINT32)
    cns_fatal ("an ATM link was attached at both ends before its devices "
               "were added to nodes: under MPI the link must know the ranks "
               "of its nodes (add the devices to their nodes first, as the "
               "ATM helper does)");
  if (rank_a != rank_b)
    self->mpi_link = cns_mpi_add_remote_link (rank_a, rank_b, self->delay);
  return self->mpi_link;
}

/**
 * cns_atm_channel_get_peer:
 *
 * Returns: (transfer none) (nullable): the device at the other end from
 * @device.
 */
CnsAtmNetDevice *
cns_atm_channel_get_peer (CnsAtmChannel *self, CnsAtmNetDevice *device)
{
  g_return_val_if_fail (CNS_IS_ATM_CHANNEL (self), NULL);
  if (self->n_devices < 2)
    return NULL;
  return self->devices[0] == device ? self->devices[1] : self->devices[0];
}

static void
atm_channel_set_property (GObject *object, guint prop_id, const GValue *value,
                          GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_DELAY:
      cns_atm_channel_set_delay (CNS_ATM_CHANNEL (object),
                                 cns_value_get_time (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
atm_channel_get_property (GObject *object, guint prop_id, GValue *value,
                          GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_DELAY:
      cns_value_set_time (value, CNS_ATM_CHANNEL (object)->delay);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
