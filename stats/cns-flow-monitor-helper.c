/* cns — installing a flow monitor on nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's FlowMonitorHelper: the helper makes one CnsFlowMonitor, when
 * first asked for it, and puts a probe on each node it installs on. The
 * helper owns the monitor; scenarios keep the helper until they have
 * written the statistics. Nodes without an IPv4 layer are skipped.
 */
#include "stats/cns-flow-monitor-helper.h"

#include "core/cns-attribute.h"

struct _CnsFlowMonitorHelper
{
  GObject parent_instance;

  CnsFlowMonitor *monitor; /* NULL until first needed */
};

G_DEFINE_FINAL_TYPE (CnsFlowMonitorHelper, cns_flow_monitor_helper,
                     G_TYPE_OBJECT)

static void
cns_flow_monitor_helper_dispose (GObject *object)
{
  CnsFlowMonitorHelper *self = CNS_FLOW_MONITOR_HELPER (object);

  g_clear_object (&self->monitor);
  G_OBJECT_CLASS (cns_flow_monitor_helper_parent_class)->dispose (object);
}

static void
cns_flow_monitor_helper_class_init (CnsFlowMonitorHelperClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = cns_flow_monitor_helper_dispose;
}

static void
cns_flow_monitor_helper_init (CnsFlowMonitorHelper *self)
{
}

/**
 * cns_flow_monitor_helper_new:
 *
 * Returns: (transfer full): a helper.
 */
CnsFlowMonitorHelper *
cns_flow_monitor_helper_new (void)
{
  return g_object_new (CNS_TYPE_FLOW_MONITOR_HELPER, NULL);
}

/**
 * cns_flow_monitor_helper_get_monitor:
 *
 * Returns: (transfer none): the helper's monitor, made on the first call.
 */
CnsFlowMonitor *
cns_flow_monitor_helper_get_monitor (CnsFlowMonitorHelper *self)
{
  g_return_val_if_fail (CNS_IS_FLOW_MONITOR_HELPER (self), NULL);
  if (self->monitor == NULL)
    self->monitor = cns_flow_monitor_new ();
  return self->monitor;
}

/**
 * cns_flow_monitor_helper_set_monitor_attribute:
 * @name: an attribute of #CnsFlowMonitor, "MaxPerHopDelay"
 * @value: its value as text, "5s"
 * @error: a #CNS_CORE_ERROR naming the attribute or the value at fault
 *
 * Sets an attribute of the monitor (ns-3's SetMonitorAttribute); set the
 * bin widths before the simulation runs.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_flow_monitor_helper_set_monitor_attribute (CnsFlowMonitorHelper *self,
                                               const gchar *name,
                                               const gchar *value,
                                               GError **error)
{
  g_return_val_if_fail (CNS_IS_FLOW_MONITOR_HELPER (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  return cns_attribute_set (cns_flow_monitor_helper_get_monitor (self), name,
                            value, error);
}

/**
 * cns_flow_monitor_helper_install_node:
 * @node: a node; skipped when it has no IPv4 layer
 *
 * Returns: (transfer none): the helper's monitor.
 */
CnsFlowMonitor *
cns_flow_monitor_helper_install_node (CnsFlowMonitorHelper *self, CnsNode *node)
{
  CnsFlowMonitor *monitor;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR_HELPER (self), NULL);
  g_return_val_if_fail (CNS_IS_NODE (node), NULL);
  monitor = cns_flow_monitor_helper_get_monitor (self);
  cns_flow_monitor_add_node (monitor, node);
  return monitor;
}

/**
 * cns_flow_monitor_helper_install:
 * @nodes: the nodes to watch; those without an IPv4 layer are skipped
 *
 * Returns: (transfer none): the helper's monitor.
 */
CnsFlowMonitor *
cns_flow_monitor_helper_install (CnsFlowMonitorHelper *self,
                                 CnsNodeContainer *nodes)
{
  CnsFlowMonitor *monitor;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR_HELPER (self), NULL);
  g_return_val_if_fail (nodes != NULL, NULL);
  monitor = cns_flow_monitor_helper_get_monitor (self);
  for (guint32 i = 0; i < cns_node_container_get_n (nodes); i++)
    cns_flow_monitor_add_node (monitor, cns_node_container_get (nodes, i));
  return monitor;
}

/**
 * cns_flow_monitor_helper_install_all:
 *
 * Watches every node of the simulation that has an IPv4 layer.
 *
 * Returns: (transfer none): the helper's monitor.
 */
CnsFlowMonitor *
cns_flow_monitor_helper_install_all (CnsFlowMonitorHelper *self)
{
  CnsFlowMonitor *monitor;

  g_return_val_if_fail (CNS_IS_FLOW_MONITOR_HELPER (self), NULL);
  monitor = cns_flow_monitor_helper_get_monitor (self);
  for (guint32 i = 0; i < cns_node_list_get_n_nodes (); i++)
    cns_flow_monitor_add_node (monitor, cns_node_list_get_node (i));
  return monitor;
}

/**
 * cns_flow_monitor_helper_serialize_to_xml_file:
 *
 * cns_flow_monitor_write_xml() on the helper's monitor. Under MPI it is
 * collective: every rank calls it, and rank 0 alone writes the file,
 * with every rank's statistics merged.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_flow_monitor_helper_serialize_to_xml_file (CnsFlowMonitorHelper *self,
                                               const gchar *path,
                                               gboolean histograms,
                                               gboolean probes, GError **error)
{
  g_return_val_if_fail (CNS_IS_FLOW_MONITOR_HELPER (self), FALSE);
  return cns_flow_monitor_write_xml (cns_flow_monitor_helper_get_monitor (self),
                                     path, histograms, probes, error);
}
