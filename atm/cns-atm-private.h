/* cns — start-up of the ATM module, called by the library's.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "atm/cns-atm-channel.h"
#include "atm/cns-atm-net-device.h"

G_BEGIN_DECLS

G_GNUC_INTERNAL void cns_atm_init (void);
/* The CRC tables of AAL5 and of the cell header's HEC, filled at
 * start-up. */
G_GNUC_INTERNAL void cns_aal5_init_tables (void);
G_GNUC_INTERNAL void cns_atm_cell_init_tables (void);

/* cns_atm_channel_get_delay() without the type check, for the devices'
 * per-cell path. */
G_GNUC_INTERNAL CnsTime cns_atm_channel_peek_delay (CnsAtmChannel *self);

/* A channel's MPI link id while its ends are on the same rank. */
#define CNS_ATM_NO_MPI_LINK G_MAXUINT32

G_GNUC_INTERNAL guint32 cns_atm_channel_note_link (CnsAtmChannel *self);

/* Where a host port's send() hands a packet (transfer full) for the VC
 * @dest; returns FALSE when it was dropped. */
typedef gboolean (*CnsAtmFrameSendFn) (CnsAtmNetDevice *device,
                                       CnsPacket *packet,
                                       const CnsAddress *dest, guint16 protocol,
                                       gpointer user_data);

G_GNUC_INTERNAL void cns_atm_net_device_set_frame_sender (CnsAtmNetDevice *self,
                                                          CnsAtmFrameSendFn fn,
                                                          gpointer user_data);

G_GNUC_INTERNAL gboolean cns_atm_net_device_is_sniffed (CnsAtmNetDevice *self);
G_GNUC_INTERNAL void cns_atm_net_device_sniff (CnsAtmNetDevice *self,
                                               CnsPacket *frame);

G_END_DECLS
