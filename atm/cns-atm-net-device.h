/* cns — ATM net devices: a cell port with per-class output queues.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "atm/cns-atm-channel.h"
#include "atm/cns-atm-sim-cell.h"
#include "network/cns-net-device.h"

G_BEGIN_DECLS

/* The default MTU of a host port: RFC 2225's for IP over ATM. */
#define CNS_ATM_IP_MTU 9180

#define CNS_TYPE_ATM_NET_DEVICE (cns_atm_net_device_get_type ())
G_DECLARE_FINAL_TYPE (CnsAtmNetDevice, cns_atm_net_device, CNS, ATM_NET_DEVICE,
                      CnsNetDevice)

/**
 * CnsAtmServiceClass:
 * @CNS_ATM_SERVICE_RM: resource management cells (highest priority)
 * @CNS_ATM_SERVICE_CBR: constant bit rate
 * @CNS_ATM_SERVICE_VBR: variable bit rate
 * @CNS_ATM_SERVICE_ABR: available bit rate
 * @CNS_ATM_SERVICE_UBR: unspecified bit rate (lowest priority)
 *
 * The output queues of a device, in priority order.
 */
typedef enum
{
  CNS_ATM_SERVICE_RM,
  CNS_ATM_SERVICE_CBR,
  CNS_ATM_SERVICE_VBR,
  CNS_ATM_SERVICE_ABR,
  CNS_ATM_SERVICE_UBR,
} CnsAtmServiceClass;

#define CNS_ATM_N_SERVICE_CLASSES 5

GType cns_atm_service_class_get_type (void) G_GNUC_CONST;
#define CNS_TYPE_ATM_SERVICE_CLASS (cns_atm_service_class_get_type ())

/**
 * CnsAtmDeviceMode:
 * @CNS_ATM_DEVICE_MODE_HOST: a host NIC: strict priority
 *   RM > CBR > VBR > ABR > UBR
 * @CNS_ATM_DEVICE_MODE_SWITCH: a switch port: RM, then CBR, then weighted
 *   round robin between VBR and ABR (VbrWeight:AbrWeight), then UBR
 */
typedef enum
{
  CNS_ATM_DEVICE_MODE_HOST,
  CNS_ATM_DEVICE_MODE_SWITCH,
} CnsAtmDeviceMode;

GType cns_atm_device_mode_get_type (void) G_GNUC_CONST;
#define CNS_TYPE_ATM_DEVICE_MODE (cns_atm_device_mode_get_type ())

/**
 * CnsAtmCellReceiveFn:
 * @device: the device that received the cell
 * @cell: (transfer full): the cell
 * @user_data: what was given with the callback
 *
 * Takes the cells a device receives: its owner (a switch, an end system).
 */
typedef void (*CnsAtmCellReceiveFn) (CnsAtmNetDevice *device, CnsAtmCell *cell,
                                     gpointer user_data);

/**
 * CnsAtmCellTraceFn:
 * @device: the device
 * @cell: (transfer none): the cell, valid during the call only
 * @service_class: the queue it was meant for
 * @user_data: the sink's user data
 *
 * The signature of the "Drop" trace source.
 */
typedef void (*CnsAtmCellTraceFn) (CnsAtmNetDevice *device,
                                   const CnsAtmCell *cell,
                                   CnsAtmServiceClass service_class,
                                   gpointer user_data);

/**
 * CnsAtmCellDequeueTraceFn:
 * @waited: how long @cell waited in its queue (0 when it found the port
 *   idle)
 *
 * The signature of the "Dequeue" trace source: @cell of @service_class
 * starts on the wire now.
 */
typedef void (*CnsAtmCellDequeueTraceFn) (CnsAtmNetDevice *device,
                                          const CnsAtmCell *cell,
                                          CnsAtmServiceClass service_class,
                                          CnsTime waited, gpointer user_data);

CnsAtmNetDevice *cns_atm_net_device_new (CnsAtmDeviceMode mode);

gdouble cns_atm_net_device_get_cell_rate (CnsAtmNetDevice *self);
void cns_atm_net_device_set_cell_rate (CnsAtmNetDevice *self,
                                       gdouble cell_rate);
CnsTime cns_atm_net_device_get_slot (CnsAtmNetDevice *self);
CnsAtmDeviceMode cns_atm_net_device_get_mode (CnsAtmNetDevice *self);
void cns_atm_net_device_set_queue_limit (CnsAtmNetDevice *self,
                                         CnsAtmServiceClass service_class,
                                         guint limit);
guint cns_atm_net_device_get_queue_limit (CnsAtmNetDevice *self,
                                          CnsAtmServiceClass service_class);

gboolean cns_atm_net_device_attach (CnsAtmNetDevice *self,
                                    CnsAtmChannel *channel);
CnsAtmChannel *cns_atm_net_device_get_atm_channel (CnsAtmNetDevice *self);
CnsAtmNetDevice *cns_atm_net_device_get_peer (CnsAtmNetDevice *self);

gboolean cns_atm_net_device_enqueue (CnsAtmNetDevice *self, CnsAtmCell *cell,
                                     CnsAtmServiceClass service_class);
guint cns_atm_net_device_get_queue_length (CnsAtmNetDevice *self,
                                           CnsAtmServiceClass service_class);
gdouble
cns_atm_net_device_get_mean_queue_length (CnsAtmNetDevice *self,
                                          CnsAtmServiceClass service_class);
guint
cns_atm_net_device_get_max_queue_length (CnsAtmNetDevice *self,
                                         CnsAtmServiceClass service_class);
void cns_atm_net_device_reset_queue_stats (CnsAtmNetDevice *self);
guint64 cns_atm_net_device_get_drops (CnsAtmNetDevice *self,
                                      CnsAtmServiceClass service_class);
guint64 cns_atm_net_device_get_tx_cells (CnsAtmNetDevice *self);
void cns_atm_net_device_set_cell_receive_callback (CnsAtmNetDevice *self,
                                                   CnsAtmCellReceiveFn fn,
                                                   gpointer user_data);

G_END_DECLS
