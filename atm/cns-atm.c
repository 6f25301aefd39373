/* cns — start-up of the ATM module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Called once by the library's start-up (cns-library.c), after the
 * routing module's: registers the ATM module's GTypes, so that they and
 * their attributes can be named in strings before any exists, the
 * marshals that let bindings connect a GClosure to its trace sources
 * (cns_trace_connect_closure()), and the description of ATM links that a
 * parallel run partitions the nodes by.
 */
#include "atm/cns-atm.h"

#include "atm/cns-atm-private.h"
#include "core/cns-partition.h"
#include "core/cns-trace-source.h"

/* The marshals call the closure with the firing object, then the trace's
 * arguments: cells as boxed copies, service classes as
 * CNS_TYPE_ATM_SERVICE_CLASS, times as gint64, and the AAL5 result, which
 * has no GType, as gint. */

/* CnsAtmCellTraceFn: device, cell, service class. */
static void
atm_cell_trace_marshal (CnsAtmNetDevice *device, const CnsAtmCell *cell,
                        CnsAtmServiceClass service_class, gpointer closure)
{
  GValue args[3] = { G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT };

  g_value_set_object (g_value_init (&args[0], G_TYPE_OBJECT), device);
  g_value_set_boxed (g_value_init (&args[1], CNS_TYPE_ATM_CELL), cell);
  g_value_set_enum (g_value_init (&args[2], CNS_TYPE_ATM_SERVICE_CLASS),
                    service_class);
  cns_trace_marshal_invoke (closure, args, G_N_ELEMENTS (args));
}

/* CnsAtmCellDequeueTraceFn: device, cell, service class, time waited. */
static void
atm_cell_dequeue_trace_marshal (CnsAtmNetDevice *device, const CnsAtmCell *cell,
                                CnsAtmServiceClass service_class,
                                CnsTime waited, gpointer closure)
{
  GValue args[4] = { G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT };

  g_value_set_object (g_value_init (&args[0], G_TYPE_OBJECT), device);
  g_value_set_boxed (g_value_init (&args[1], CNS_TYPE_ATM_CELL), cell);
  g_value_set_enum (g_value_init (&args[2], CNS_TYPE_ATM_SERVICE_CLASS),
                    service_class);
  g_value_set_int64 (g_value_init (&args[3], G_TYPE_INT64), waited);
  cns_trace_marshal_invoke (closure, args, G_N_ELEMENTS (args));
}

/* CnsAtmFrameDiscardTraceFn: host, VCI (as guint), reason (a
 * CnsAal5RxResult, as gint). */
static void
atm_frame_discard_trace_marshal (CnsAtmHost *host, guint16 vci,
                                 CnsAal5RxResult reason, gpointer closure)
{
  GValue args[3] = { G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT };

  g_value_set_object (g_value_init (&args[0], G_TYPE_OBJECT), host);
  g_value_set_uint (g_value_init (&args[1], G_TYPE_UINT), vci);
  g_value_set_int (g_value_init (&args[2], G_TYPE_INT), reason);
  cns_trace_marshal_invoke (closure, args, G_N_ELEMENTS (args));
}

/* Tells a parallel run every ATM link: a cell that starts on the wire at
 * t reaches the other end at t + one slot of the sending port + Delay,
 * so the ends are at least Delay plus the shorter slot apart. The nodes
 * and their system ids are the network module's to describe. */
static void
atm_describe_partition (CnsPartition *partition, gpointer user_data)
{
  for (guint32 c = 0; c < cns_channel_list_get_n_channels (); c++)
    {
      CnsChannel *channel = cns_channel_list_get_channel (c);
      CnsAtmNetDevice *ends[2];
      CnsNode *nodes[2];

      if (!CNS_IS_ATM_CHANNEL (channel)
          || cns_channel_get_n_devices (channel) != 2)
        continue;
      for (guint32 d = 0; d < 2; d++)
        {
          ends[d] = CNS_ATM_NET_DEVICE (cns_channel_get_device (channel, d));
          nodes[d] = cns_net_device_get_node (CNS_NET_DEVICE (ends[d]));
        }
      if (nodes[0] != NULL && nodes[1] != NULL)
        cns_partition_add_link (
            partition, cns_node_get_id (nodes[0]), cns_node_get_id (nodes[1]),
            cns_atm_channel_get_delay (CNS_ATM_CHANNEL (channel))
                + MIN (cns_atm_net_device_get_slot (ends[0]),
                       cns_atm_net_device_get_slot (ends[1])));
    }
}

void
cns_atm_init (void)
{
  cns_aal5_init_tables ();
  cns_atm_cell_init_tables ();
  cns_partition_add_provider (atm_describe_partition, NULL);
  g_type_ensure (CNS_TYPE_EPRCA_ER_CAP);
  g_type_ensure (CNS_TYPE_ATM_SERVICE_CLASS);
  g_type_ensure (CNS_TYPE_ATM_DEVICE_MODE);
  g_type_ensure (CNS_TYPE_ATM_CHANNEL);
  g_type_ensure (CNS_TYPE_ATM_NET_DEVICE);
  g_type_ensure (CNS_TYPE_ATM_SWITCH);
  g_type_ensure (CNS_TYPE_ATM_HELPER);
  g_type_ensure (CNS_TYPE_ATM_HOST);
  g_type_ensure (CNS_TYPE_ATM_CELL);

  cns_trace_source_register_marshal ("CnsAtmCellTraceFn",
                                     G_CALLBACK (atm_cell_trace_marshal));
  cns_trace_source_register_marshal (
      "CnsAtmCellDequeueTraceFn", G_CALLBACK (atm_cell_dequeue_trace_marshal));
  cns_trace_source_register_marshal (
      "CnsAtmFrameDiscardTraceFn",
      G_CALLBACK (atm_frame_discard_trace_marshal));
}
