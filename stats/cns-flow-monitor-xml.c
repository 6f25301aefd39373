/* cns — the flow monitor's statistics as XML in ns-3's format.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The output follows ns-3's FlowMonitor::SerializeToXmlFile() structure
 * and attribute names, so that ns-3's flow-monitor scripts read it.
 * Times are written exactly, in nanoseconds with a decimal part
 * ("+7000000.0ns"), where ns-3 writes six significant digits; both parse
 * as "+<float>ns".
 */
#include "stats/cns-flow-monitor-private.h"

#include "core/cns-xml-writer.h"
#include "stats/cns-flow-probe-private.h"

typedef CnsXmlWriter XmlOut;

static void
xml_start (XmlOut *out, const gchar *name)
{
  cns_xml_writer_start_element (out, name);
}

static void
xml_end (XmlOut *out)
{
  cns_xml_writer_end_element (out);
}

static void
xml_attr (XmlOut *out, const gchar *name, const gchar *value)
{
  cns_xml_writer_write_attribute (out, name, value);
}

static void
xml_attr_uint (XmlOut *out, const gchar *name, guint64 value)
{
  gchar text[24];

  g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, value);
  xml_attr (out, name, text);
}

static void
xml_attr_double (XmlOut *out, const gchar *name, gdouble value)
{
  gchar text[G_ASCII_DTOSTR_BUF_SIZE];

  xml_attr (out, name, g_ascii_formatd (text, sizeof text, "%g", value));
}

/* A time in ns-3's form, "+7000000.0ns", exactly: nanoseconds with the
 * picoseconds as decimals. */
static void
xml_attr_time (XmlOut *out, const gchar *name, CnsTime t)
{
  guint64 ps = t < 0 ? -(guint64) t : (guint64) t;
  guint frac = (guint) (ps % 1000);
  gchar digits[4];
  gchar text[48];

  g_snprintf (digits, sizeof digits, "%03u", frac);
  for (gint i = 2; i > 0 && digits[i] == '0'; i--)
    digits[i] = '\0';
  g_snprintf (text, sizeof text, "%c%" G_GUINT64_FORMAT ".%sns",
              t < 0 ? '-' : '+', ps / 1000, digits);
  xml_attr (out, name, text);
}

static void
xml_drops (XmlOut *out, const CnsFlowDrops *drops)
{
  if (drops == NULL)
    return;
  for (guint32 r = 0; r < drops->n_reasons; r++)
    {
      xml_start (out, "packetsDropped");
      xml_attr_uint (out, "reasonCode", r);
      xml_attr_uint (out, "number", drops->packets[r]);
      xml_end (out);
    }
  for (guint32 r = 0; r < drops->n_reasons; r++)
    {
      xml_start (out, "bytesDropped");
      xml_attr_uint (out, "reasonCode", r);
      xml_attr_uint (out, "bytes", drops->bytes[r]);
      xml_end (out);
    }
}

/* ns-3 writes the number of bins up to the highest used, and the bins
 * with a count. */
static void
xml_histogram (XmlOut *out, const gchar *name, const CnsHistogram *h,
               gdouble width)
{
  xml_start (out, name);
  xml_attr_uint (out, "nBins", cns_histogram_get_n_bins (h));
  for (guint32 i = 0; i < h->n; i++)
    {
      guint64 index = (guint64) h->first + i;

      if (h->counts[i] == 0)
        continue;
      xml_start (out, "bin");
      xml_attr_uint (out, "index", index);
      xml_attr_double (out, "start", (gdouble) index * width);
      xml_attr_double (out, "width", width);
      xml_attr_uint (out, "count", h->counts[i]);
      xml_end (out);
    }
  xml_end (out);
}

static void
xml_flow_stats (XmlOut *out, CnsFlowMonitor *self, const CnsFlowRecord *flow,
                gboolean histograms)
{
  const CnsFlowStats *s = &flow->stats;

  xml_start (out, "Flow");
  xml_attr_uint (out, "flowId", flow->id);
  xml_attr_time (out, "timeFirstTxPacket", s->time_first_tx);
  xml_attr_time (out, "timeFirstRxPacket", s->time_first_rx);
  xml_attr_time (out, "timeLastTxPacket", s->time_last_tx);
  xml_attr_time (out, "timeLastRxPacket", s->time_last_rx);
  xml_attr_time (out, "delaySum", s->delay_sum);
  xml_attr_time (out, "jitterSum", s->jitter_sum);
  xml_attr_time (out, "lastDelay", s->last_delay);
  xml_attr_time (out, "maxDelay", s->max_delay);
  xml_attr_time (out, "minDelay", s->min_delay);
  xml_attr_uint (out, "txBytes", s->tx_bytes);
  xml_attr_uint (out, "rxBytes", s->rx_bytes);
  xml_attr_uint (out, "txPackets", s->tx_packets);
  xml_attr_uint (out, "rxPackets", s->rx_packets);
  xml_attr_uint (out, "lostPackets", s->lost_packets);
  xml_attr_uint (out, "timesForwarded", s->times_forwarded);
  xml_drops (out, flow->drops);
  if (histograms)
    {
      xml_histogram (out, "delayHistogram", &flow->delay,
                     self->delay_bin_width);
      xml_histogram (out, "jitterHistogram", &flow->jitter,
                     self->jitter_bin_width);
      xml_histogram (out, "packetSizeHistogram", &flow->size,
                     self->packet_size_bin_width);
      xml_histogram (out, "flowInterruptionsHistogram", &flow->interruptions,
                     self->interruptions_bin_width);
    }
  xml_end (out);
}

static void
xml_classifier_flow (XmlOut *out, const CnsFlowRecord *flow)
{
  gchar source[CNS_IPV4_ADDRESS_STRING_SIZE];
  gchar destination[CNS_IPV4_ADDRESS_STRING_SIZE];

  cns_ipv4_address_format (flow->tuple.source, source);
  cns_ipv4_address_format (flow->tuple.destination, destination);
  xml_start (out, "Flow");
  xml_attr_uint (out, "flowId", flow->id);
  xml_attr (out, "sourceAddress", source);
  xml_attr (out, "destinationAddress", destination);
  xml_attr_uint (out, "protocol", flow->tuple.protocol);
  xml_attr_uint (out, "sourcePort", flow->tuple.source_port);
  xml_attr_uint (out, "destinationPort", flow->tuple.destination_port);
  xml_end (out);
}

static void
xml_probe (XmlOut *out, const GArray *records, guint32 index)
{
  xml_start (out, "FlowProbe");
  xml_attr_uint (out, "index", index);
  for (guint i = 0; i < records->len; i++)
    {
      const CnsFlowProbeRecord *record
          = &g_array_index (records, CnsFlowProbeRecord, i);

      xml_start (out, "FlowStats");
      xml_attr_uint (out, "flowId", record->flow);
      xml_attr_uint (out, "packets", record->packets);
      xml_attr_uint (out, "bytes", record->bytes);
      xml_attr_time (out, "delayFromFirstProbeSum", record->delay_sum);
      xml_drops (out, record->drops);
      xml_end (out);
    }
  xml_end (out);
}

static void
xml_document (XmlOut *out, CnsFlowMonitor *self, const CnsFlowReport *report,
              gboolean histograms, gboolean probes)
{
  xml_start (out, "FlowMonitor");
  xml_start (out, "FlowStats");
  for (guint i = 0; i < report->flows->len; i++)
    xml_flow_stats (out, self, report->flows->pdata[i], histograms);
  xml_end (out);
  xml_start (out, "Ipv4FlowClassifier");
  for (guint i = 0; i < report->flows->len; i++)
    xml_classifier_flow (out, report->flows->pdata[i]);
  xml_end (out);
  /* ns-3's helper always has an IPv6 classifier too; cns has no IPv6 */
  xml_start (out, "Ipv6FlowClassifier");
  xml_end (out);
  if (probes)
    {
      xml_start (out, "FlowProbes");
      for (guint i = 0; i < report->probes->len; i++)
        xml_probe (out, report->probes->pdata[i], i);
      xml_end (out);
    }
  xml_end (out);
}

/**
 * cns_flow_report_write_xml:
 * @report: merged statistics
 * @self: the monitor, for its bin widths
 * @path: the file to write, replaced if it exists
 * @histograms: whether to write each flow's histograms
 * @probes: whether to write the FlowProbes element
 * @error: a #GFileError naming @path when it cannot be written
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_flow_report_write_xml (const CnsFlowReport *report, CnsFlowMonitor *self,
                           const gchar *path, gboolean histograms,
                           gboolean probes, GError **error)
{
  CnsXmlWriter *out = cns_xml_writer_new (path, error);

  if (out == NULL)
    return FALSE;
  xml_document (out, self, report, histograms, probes);
  return cns_xml_writer_close (out, error);
}
