/* cns — pcap capture of net devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Writes every frame a device sends or receives, as its PromiscSniffer
 * trace source reports it, to PREFIX-NODE-DEVICE.pcap, stamped with the
 * simulation time: the start of transmission for frames sent, last-bit
 * arrival for frames received, as ns-3 does. Files are closed by
 * cns_simulator_destroy(). A write error (a full disk) is reported once
 * and stops that file, since a trace sink cannot fail the simulation.
 */
#include "network/cns-pcap-helper.h"

#include "core/cns-simulator.h"
#include "core/cns-trace-source.h"
#include "network/cns-node.h"
#include "network/cns-pcap-file.h"

#include <glib/gstdio.h>

typedef struct
{
  CnsPcapFile *file;
  gchar *path;
  gboolean failed;
} PcapSink;

static void
pcap_sink_write (gpointer source, CnsPacket *packet, gpointer user_data)
{
  PcapSink *sink = user_data;
  g_autoptr (GError) error = NULL;

  if (sink->failed)
    return;
  if (!cns_pcap_file_write_packet (sink->file, cns_simulator_now (), packet,
                                   &error))
    {
      g_warning ("pcap capture to %s stopped: %s", sink->path, error->message);
      sink->failed = TRUE;
    }
}

static void
pcap_sink_close (gpointer obj, gpointer data)
{
  PcapSink *sink = data;
  g_autoptr (GError) error = NULL;

  cns_trace_disconnect (obj, "PromiscSniffer", G_CALLBACK (pcap_sink_write),
                        sink);
  if (!cns_pcap_file_close (sink->file, &error) && !sink->failed)
    g_warning ("pcap capture to %s: %s", sink->path, error->message);
  g_object_unref (obj);
  g_free (sink->path);
  g_free (sink);
}

/**
 * cns_pcap_helper_filename:
 *
 * Returns: (transfer full): "@prefix-NODE-DEVICE.pcap" for @device.
 */
gchar *
cns_pcap_helper_filename (const gchar *prefix, CnsNetDevice *device)
{
  CnsNode *node;

  g_return_val_if_fail (prefix != NULL, NULL);
  g_return_val_if_fail (CNS_IS_NET_DEVICE (device), NULL);
  node = cns_net_device_get_node (device);
  g_return_val_if_fail (node != NULL, NULL);
  return g_strdup_printf ("%s-%u-%u.pcap", prefix, cns_node_get_id (node),
                          cns_net_device_get_ifindex (device));
}

/**
 * cns_pcap_helper_enable:
 * @prefix: file name prefix, possibly with a directory
 * @device: a device on a node, with a PromiscSniffer trace source
 * @link_type: the pcap link type of its frames (%CNS_PCAP_LINKTYPE_PPP)
 * @error: a #CNS_NETWORK_ERROR when the file cannot be created or the
 *   device has no PromiscSniffer trace source
 *
 * Returns: %TRUE when capture is set up.
 */
gboolean
cns_pcap_helper_enable (const gchar *prefix, CnsNetDevice *device,
                        guint32 link_type, GError **error)
{
  g_autofree gchar *path = cns_pcap_helper_filename (prefix, device);
  PcapSink *sink;
  CnsPcapFile *file;

  g_return_val_if_fail (path != NULL, FALSE);
  file
      = cns_pcap_file_create (path, link_type, CNS_PCAP_DEFAULT_SNAPLEN, error);
  if (file == NULL)
    return FALSE;
  sink = g_new0 (PcapSink, 1);
  sink->file = file;
  sink->path = g_steal_pointer (&path);
  if (cns_trace_connect (device, "PromiscSniffer", G_CALLBACK (pcap_sink_write),
                         sink, error)
      == 0)
    {
      cns_pcap_file_close (sink->file, NULL);
      g_unlink (sink->path);
      g_free (sink->path);
      g_free (sink);
      return FALSE;
    }
  cns_simulator_schedule_destroy (pcap_sink_close, g_object_ref (device), sink);
  return TRUE;
}
