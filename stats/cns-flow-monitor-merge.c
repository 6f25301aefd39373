/* cns — the flow monitor's tables: what the nodes of one MPI rank saw,
 * as bytes, and every rank's merged into what the XML reports.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A table is the statistics of one rank's flow records, those of every
 * node's table, and of its probes, in little endian:
 *
 *   "CNSF", rank, number of records, and for each: the flow's name
 *     (node and index where classified), whether it was classified
 *     there, then its 5-tuple, the statistics, the four histograms
 *     (first bin, bins, counts as u32), the drops (reasons, then packets
 *     and bytes of each);
 *   number of probes, and for each probe: records, and for each the
 *     flow's name, packets, bytes, delay sum and drops.
 *
 * The merge takes the records classified, flow by flow (by 5-tuple),
 * then the others by their flows' names: every count and sum added,
 * first times the earliest, last times the latest. A flow's jitter and
 * interruptions come from consecutive arrivals at one sink, whose node
 * keeps them in one record. Nothing depends on the order the records
 * come in, so the report is the same however the nodes were spread over
 * threads and ranks.
 */
#include "stats/cns-flow-monitor-private.h"

#include "core/cns-mpi.h"
#include "internet/cns-internet-error.h"
#include "network/cns-byte-reader.h"
#include "network/cns-byte-writer.h"
#include "stats/cns-flow-probe-private.h"

#define TABLE_MAGIC 0x46534e43u /* "CNSF" */

/* The size of a probe record without its drops. */
#define PROBE_RECORD_SIZE 32

#define COMPARE(x, y) (((x) > (y)) - ((x) < (y)))

/* Reading a table: the bytes, and the first thing wrong with them. */
typedef struct
{
  CnsByteReader bytes;
  GError *error;
} TableIn;

static guint8
get8 (TableIn *in, const gchar *what)
{
  guint8 v;

  cns_byte_reader_get_u8 (&in->bytes, &v, what, &in->error);
  return v;
}

static guint16
get16 (TableIn *in, const gchar *what)
{
  guint16 v;

  cns_byte_reader_get_u16_le (&in->bytes, &v, what, &in->error);
  return v;
}

static guint32
get32 (TableIn *in, const gchar *what)
{
  guint32 v;

  cns_byte_reader_get_u32_le (&in->bytes, &v, what, &in->error);
  return v;
}

static guint64
get64 (TableIn *in, const gchar *what)
{
  guint64 v;

  cns_byte_reader_get_u64_le (&in->bytes, &v, what, &in->error);
  return v;
}

static gboolean
table_in_failed (const TableIn *in)
{
  return in->error != NULL;
}

/* Marks the table corrupt, saying why. */
G_GNUC_PRINTF (2, 3)
static void
table_in_corrupt (TableIn *in, const gchar *format, ...)
{
  va_list args;

  if (in->error != NULL)
    return;
  va_start (args, format);
  in->error = g_error_new_valist (CNS_INTERNET_ERROR,
                                  CNS_INTERNET_ERROR_INVALID, format, args);
  va_end (args);
}

/* A count of items of at least @item_size bytes each: at most what the
 * rest of the table can hold. */
static guint32
get_count (TableIn *in, gsize item_size, const gchar *what)
{
  guint32 n = get32 (in, what);

  if (n > cns_byte_reader_get_remaining (&in->bytes) / item_size)
    {
      table_in_corrupt (
          in, "%s counts %u, more than the %" G_GSIZE_FORMAT " bytes left hold",
          what, n, cns_byte_reader_get_remaining (&in->bytes));
      return 0;
    }
  return n;
}

static void
put_histogram (CnsByteWriter *out, const CnsHistogram *h)
{
  cns_byte_writer_put_u32_le (out, h->first);
  cns_byte_writer_put_u32_le (out, h->n);
  /* a flow's counts are packets, which fit 32 bits as tx_packets does */
  for (guint32 i = 0; i < h->n; i++)
    cns_byte_writer_put_u32_le (out, (guint32) h->counts[i]);
}

static void
get_histogram (TableIn *in, CnsHistogram *h)
{
  guint32 first = get32 (in, "a histogram");
  guint32 n = get_count (in, sizeof (guint32), "a histogram");

  if (n > 0 && (guint64) first + n - 1 > CNS_HISTOGRAM_MAX_BIN)
    {
      table_in_corrupt (in, "a histogram goes past bin %u",
                        (guint) CNS_HISTOGRAM_MAX_BIN);
      return;
    }
  for (guint32 i = 0; i < n; i++)
    {
      guint32 count = get32 (in, "a histogram");

      if (count != 0)
        cns_histogram_add (h, (guint64) first + i, count);
    }
}

static void
put_drops (CnsByteWriter *out, const CnsFlowDrops *drops)
{
  guint32 n = drops != NULL ? drops->n_reasons : 0;

  cns_byte_writer_put_u32_le (out, n);
  for (guint32 r = 0; r < n; r++)
    {
      cns_byte_writer_put_u32_le (out, drops->packets[r]);
      cns_byte_writer_put_u64_le (out, drops->bytes[r]);
    }
}

static void
get_drops (TableIn *in, CnsFlowDrops **drops)
{
  guint32 n = get32 (in, "the drops");

  if (n > CNS_FLOW_N_DROP_REASONS)
    {
      table_in_corrupt (in, "the drops have %u reasons, more than the %u known",
                        n, (guint) CNS_FLOW_N_DROP_REASONS);
      return;
    }
  for (guint32 r = 0; r < n && !table_in_failed (in); r++)
    {
      guint32 packets = get32 (in, "the drops");

      cns_flow_drops_add (drops, r, packets, get64 (in, "the drops"));
    }
}

static void
put_flow (CnsByteWriter *out, const CnsFlowRecord *flow)
{
  const CnsFlowStats *s = &flow->stats;

  cns_byte_writer_put_u64_le (out, flow->source);
  cns_byte_writer_put_u8 (out, flow->classified);
  if (flow->classified)
    {
      cns_byte_writer_put_u32_le (out, flow->tuple.source.value);
      cns_byte_writer_put_u32_le (out, flow->tuple.destination.value);
      cns_byte_writer_put_u8 (out, flow->tuple.protocol);
      cns_byte_writer_put_u16_le (out, flow->tuple.source_port);
      cns_byte_writer_put_u16_le (out, flow->tuple.destination_port);
    }
  cns_byte_writer_put_u64_le (out, (guint64) s->time_first_tx);
  cns_byte_writer_put_u64_le (out, (guint64) s->time_first_rx);
  cns_byte_writer_put_u64_le (out, (guint64) s->time_last_tx);
  cns_byte_writer_put_u64_le (out, (guint64) s->time_last_rx);
  cns_byte_writer_put_u64_le (out, (guint64) s->delay_sum);
  cns_byte_writer_put_u64_le (out, (guint64) s->jitter_sum);
  cns_byte_writer_put_u64_le (out, (guint64) s->last_delay);
  cns_byte_writer_put_u64_le (out, (guint64) s->max_delay);
  cns_byte_writer_put_u64_le (out, (guint64) s->min_delay);
  cns_byte_writer_put_u64_le (out, s->tx_bytes);
  cns_byte_writer_put_u64_le (out, s->rx_bytes);
  cns_byte_writer_put_u32_le (out, s->tx_packets);
  cns_byte_writer_put_u32_le (out, s->rx_packets);
  cns_byte_writer_put_u32_le (out, s->lost_packets);
  cns_byte_writer_put_u32_le (out, s->times_forwarded);
  put_histogram (out, &flow->delay);
  put_histogram (out, &flow->jitter);
  put_histogram (out, &flow->size);
  put_histogram (out, &flow->interruptions);
  put_drops (out, flow->drops);
}

/* Returns: (transfer full): a flow as put_flow() wrote it; *@classified
 * says whether it came with its 5-tuple. */
static CnsFlowRecord *
get_flow (TableIn *in, gboolean *classified)
{
  CnsFlowRecord *flow = g_new0 (CnsFlowRecord, 1);
  CnsFlowStats *s = &flow->stats;

  flow->source = get64 (in, "a flow");
  *classified = flow->classified = get8 (in, "a flow") != 0;
  if (*classified)
    {
      flow->tuple.source.value = get32 (in, "a 5-tuple");
      flow->tuple.destination.value = get32 (in, "a 5-tuple");
      flow->tuple.protocol = get8 (in, "a 5-tuple");
      flow->tuple.source_port = get16 (in, "a 5-tuple");
      flow->tuple.destination_port = get16 (in, "a 5-tuple");
    }
  s->time_first_tx = (CnsTime) get64 (in, "a flow's statistics");
  s->time_first_rx = (CnsTime) get64 (in, "a flow's statistics");
  s->time_last_tx = (CnsTime) get64 (in, "a flow's statistics");
  s->time_last_rx = (CnsTime) get64 (in, "a flow's statistics");
  s->delay_sum = (CnsTime) get64 (in, "a flow's statistics");
  s->jitter_sum = (CnsTime) get64 (in, "a flow's statistics");
  s->last_delay = (CnsTime) get64 (in, "a flow's statistics");
  s->max_delay = (CnsTime) get64 (in, "a flow's statistics");
  s->min_delay = (CnsTime) get64 (in, "a flow's statistics");
  s->tx_bytes = get64 (in, "a flow's statistics");
  s->rx_bytes = get64 (in, "a flow's statistics");
  s->tx_packets = get32 (in, "a flow's statistics");
  s->rx_packets = get32 (in, "a flow's statistics");
  s->lost_packets = get32 (in, "a flow's statistics");
  s->times_forwarded = get32 (in, "a flow's statistics");
  get_histogram (in, &flow->delay);
  get_histogram (in, &flow->jitter);
  get_histogram (in, &flow->size);
  get_histogram (in, &flow->interruptions);
  get_drops (in, &flow->drops);
  return flow;
}

/**
 * cns_flow_monitor_serialize_table:
 *
 * Returns: (transfer full): the statistics of this rank's monitor as a
 * table for cns_flow_monitor_load_tables().
 */
GBytes *
cns_flow_monitor_serialize_table (CnsFlowMonitor *self)
{
  GByteArray *array;
  CnsByteWriter out;
  guint32 n = 0;

  g_return_val_if_fail (self != NULL, NULL);
  array = g_byte_array_new ();
  cns_byte_writer_init (&out, array);
  cns_byte_writer_put_u32_le (&out, TABLE_MAGIC);
  cns_byte_writer_put_u32_le (&out, cns_mpi_get_rank ());
  for (guint t = 0; t < self->tables->len; t++)
    {
      const CnsFlowClassifier *table = self->tables->pdata[t];

      n += table != NULL ? table->flows->len : 0;
    }
  cns_byte_writer_put_u32_le (&out, n);
  for (guint t = 0; t < self->tables->len; t++)
    {
      const CnsFlowClassifier *table = self->tables->pdata[t];

      for (guint i = 0; table != NULL && i < table->flows->len; i++)
        put_flow (&out, table->flows->pdata[i]);
    }
  cns_byte_writer_put_u32_le (&out, self->probes->len);
  for (guint i = 0; i < self->probes->len; i++)
    {
      const GArray *records = ((CnsFlowProbe *) self->probes->pdata[i])->flows;
      guint32 n_records = records != NULL ? records->len : 0;

      cns_byte_writer_put_u32_le (&out, n_records);
      for (guint32 j = 0; j < n_records; j++)
        {
          const CnsFlowProbeRecord *r
              = &g_array_index (records, CnsFlowProbeRecord, j);

          cns_byte_writer_put_u64_le (&out, r->flow);
          cns_byte_writer_put_u32_le (&out, r->packets);
          cns_byte_writer_put_u64_le (&out, r->bytes);
          cns_byte_writer_put_u64_le (&out, (guint64) r->delay_sum);
          put_drops (&out, r->drops);
        }
    }
  cns_byte_writer_finish (&out);
  return g_byte_array_free_to_bytes (array);
}

/**
 * cns_flow_report_free:
 * @report: a report
 */
void
cns_flow_report_free (CnsFlowReport *report)
{
  g_hash_table_unref (report->by_tuple);
  g_ptr_array_unref (report->flows);
  for (guint i = 0; i < report->probes->len; i++)
    cns_flow_probe_records_free (report->probes->pdata[i]);
  g_ptr_array_unref (report->probes);
  g_free (report);
}

static gint
probe_record_compare (gconstpointer a, gconstpointer b)
{
  guint32 x = ((const CnsFlowProbeRecord *) a)->flow;
  guint32 y = ((const CnsFlowProbeRecord *) b)->flow;

  return COMPARE (x, y);
}

/* One table read back: its flows, and each one's flow in the report. */
typedef struct
{
  guint32 rank;
  GPtrArray *flows;   /* CnsFlowRecord */
  GArray *classified; /* gboolean, by flow */
  gsize probes_at;    /* where the probes' part starts */
} Table;

static void
table_free (gpointer data)
{
  Table *table = data;

  g_ptr_array_unref (table->flows);
  g_array_unref (table->classified);
  g_free (table);
}

static gboolean
table_error (GError **error, guint i, const gchar *what)
{
  g_set_error (error, CNS_INTERNET_ERROR, CNS_INTERNET_ERROR_INVALID,
               "Flow monitor table %u: %s", i, what);
  return FALSE;
}

/* Reports what was wrong with the bytes of table @i, in the domain of
 * the other table errors. */
static gboolean
table_in_error (TableIn *in, GError **error, guint i)
{
  table_error (error, i, in->error->message);
  g_clear_error (&in->error);
  return FALSE;
}

static void
table_in_init (TableIn *in, GBytes *table, gsize offset)
{
  gsize size;
  gconstpointer data = g_bytes_get_data (table, &size);

  cns_byte_reader_init (&in->bytes, data, size, "table");
  in->bytes.pos = offset;
  in->error = NULL;
}

/* Reads the flows of table @i (the rest is read by report_add_probes()). */
static Table *
table_read_flows (TableIn *in, guint i, GError **error)
{
  Table *table;
  guint32 n;

  if (get32 (in, "its magic") != TABLE_MAGIC)
    {
      g_clear_error (&in->error);
      table_error (error, i, "not a flow monitor table");
      return NULL;
    }
  table = g_new0 (Table, 1);
  table->rank = get32 (in, "its rank");
  n = get_count (in, 1, "the number of flows");
  table->flows = g_ptr_array_new_full (n, cns_flow_record_free);
  table->classified = g_array_sized_new (FALSE, FALSE, sizeof (gboolean), n);
  for (guint32 j = 0; j < n && !table_in_failed (in); j++)
    {
      gboolean classified;

      g_ptr_array_add (table->flows, get_flow (in, &classified));
      g_array_append_val (table->classified, classified);
    }
  if (table_in_failed (in))
    {
      table_in_error (in, error, i);
      table_free (table);
      return NULL;
    }
  table->probes_at = cns_byte_reader_get_position (&in->bytes);
  return table;
}

/* Adds table @i's probe records, @in positioned after its flows, whose
 * flows @by_source finds by name; those of flows it does not know are
 * left out when @partial. */
static gboolean
report_add_probes (CnsFlowReport *report, TableIn *in, GHashTable *by_source,
                   gboolean partial, guint i, GError **error)
{
  guint32 n_probes = get32 (in, "the number of probes");

  if (report->probes->len == 0)
    for (guint32 p = 0; p < n_probes; p++)
      g_ptr_array_add (report->probes,
                       g_array_new (FALSE, TRUE, sizeof (CnsFlowProbeRecord)));
  if (n_probes != report->probes->len)
    return table_error (error, i, "a different number of probes");
  for (guint32 p = 0; p < n_probes && !table_in_failed (in); p++)
    {
      GArray *records = report->probes->pdata[p];
      g_autoptr (GHashTable) index
          = g_hash_table_new (g_direct_hash, g_direct_equal);
      guint32 n = get_count (in, PROBE_RECORD_SIZE, "a probe's records");

      /* a report's probe records are by flow id */
      for (guint32 k = 0; k < records->len; k++)
        g_hash_table_insert (
            index,
            GSIZE_TO_POINTER (
                g_array_index (records, CnsFlowProbeRecord, k).flow),
            GUINT_TO_POINTER (k + 1));
      for (guint32 k = 0; k < n && !table_in_failed (in); k++)
        {
          guint64 flow = get64 (in, "a probe record");
          CnsFlowRecord *merged = g_hash_table_lookup (by_source, &flow);
          CnsFlowProbeRecord *r;

          CnsFlowProbeRecord skipped = { 0 };

          if (table_in_failed (in))
            break;
          if (merged == NULL && !partial)
            return table_error (error, i, "a probe names no flow");
          r = merged != NULL
                  ? cns_flow_probe_records_find (&records, &index, merged->id)
                  : &skipped;
          r->packets += get32 (in, "a probe record");
          r->bytes += get64 (in, "a probe record");
          r->delay_sum += (CnsTime) get64 (in, "a probe record");
          get_drops (in, &r->drops);
          g_free (skipped.drops);
        }
    }
  if (table_in_failed (in))
    return table_in_error (in, error, i);
  if (cns_byte_reader_get_remaining (&in->bytes) > 0)
    return table_error (error, i, "stray bytes at its end");
  return TRUE;
}

/* Merges the flows classified in @read's tables by 5-tuple into
 * @report, and names them in @by_source. */
static void
report_add_classified (CnsFlowReport *report, GPtrArray *read,
                       GHashTable *by_source)
{
  for (guint i = 0; i < read->len; i++)
    {
      Table *table = read->pdata[i];

      for (guint j = 0; j < table->flows->len; j++)
        {
          CnsFlowRecord *flow = table->flows->pdata[j];
          CnsFlowRecord *merged;

          if (!g_array_index (table->classified, gboolean, j))
            continue;
          merged = g_hash_table_lookup (report->by_tuple, &flow->tuple);
          if (merged == NULL)
            {
              merged = g_new0 (CnsFlowRecord, 1);
              merged->tuple = flow->tuple;
              g_ptr_array_add (report->flows, merged);
              g_hash_table_insert (report->by_tuple, &merged->tuple, merged);
            }
          cns_flow_record_merge (merged, flow);
          g_hash_table_insert (by_source, &flow->source, merged);
        }
    }
}

/**
 * cns_flow_report_merge:
 * @tables: (element-type GBytes): tables, one per rank
 * @partial: whether to leave out what the tables hold of flows that none
 *   of them classified, rather than fail: one rank's view of a
 *   distributed run
 * @error: a %CNS_INTERNET_ERROR_INVALID naming the table at fault
 *
 * Returns: (transfer full) (nullable): the statistics of @tables merged.
 */
CnsFlowReport *
cns_flow_report_merge (GPtrArray *tables, gboolean partial, GError **error)
{
  g_autoptr (GPtrArray) read = g_ptr_array_new_with_free_func (table_free);
  g_autoptr (GHashTable) by_source
      = g_hash_table_new (g_int64_hash, g_int64_equal);
  CnsFlowReport *report;

  report = g_new0 (CnsFlowReport, 1);
  report->flows = g_ptr_array_new_with_free_func (cns_flow_record_free);
  report->by_tuple
      = g_hash_table_new (cns_flow_five_tuple_hash, cns_flow_five_tuple_equal);
  report->probes = g_ptr_array_new ();
  for (guint i = 0; i < tables->len; i++)
    {
      TableIn in;
      Table *table;

      table_in_init (&in, tables->pdata[i], 0);
      if ((table = table_read_flows (&in, i, error)) == NULL)
        goto fail;
      g_ptr_array_add (read, table);
    }
  report_add_classified (report, read, by_source);
  /* what other nodes saw of those flows, by their names */
  for (guint i = 0; i < read->len; i++)
    {
      Table *table = read->pdata[i];

      for (guint j = 0; j < table->flows->len; j++)
        {
          CnsFlowRecord *flow = table->flows->pdata[j];
          CnsFlowRecord *merged;

          if (g_array_index (table->classified, gboolean, j))
            continue;
          merged = g_hash_table_lookup (by_source, &flow->source);
          if (merged == NULL && partial)
            continue;
          if (merged == NULL)
            {
              table_error (error, i, "a flow that no table classified");
              goto fail;
            }
          cns_flow_record_merge (merged, flow);
        }
    }
  g_ptr_array_sort (report->flows, cns_flow_record_compare_pointers);
  for (guint i = 0; i < report->flows->len; i++)
    ((CnsFlowRecord *) report->flows->pdata[i])->id = i + 1;
  for (guint i = 0; i < read->len; i++)
    {
      Table *table = read->pdata[i];
      TableIn in;

      table_in_init (&in, tables->pdata[i], table->probes_at);
      if (!report_add_probes (report, &in, by_source, partial, i, error))
        {
          g_clear_error (&in.error);
          goto fail;
        }
    }
  for (guint p = 0; p < report->probes->len; p++)
    g_array_sort (report->probes->pdata[p], probe_record_compare);
  return report;

fail:
  cns_flow_report_free (report);
  return NULL;
}

/**
 * cns_flow_monitor_load_tables:
 * @tables: (element-type GBytes): tables from
 *   cns_flow_monitor_serialize_table(), one per rank
 * @error: a %CNS_INTERNET_ERROR_INVALID naming the table at fault
 *
 * Merges @tables; the getters then report the merged statistics, until
 * the next load (a distributed cns_flow_monitor_write_xml() loads every
 * rank's tables on rank 0).
 *
 * Returns: %TRUE on success; on failure the monitor is unchanged.
 */
gboolean
cns_flow_monitor_load_tables (CnsFlowMonitor *self, GPtrArray *tables,
                              GError **error)
{
  CnsFlowReport *report;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  if ((report = cns_flow_report_merge (tables, FALSE, error)) == NULL)
    return FALSE;
  g_clear_pointer (&self->gathered, cns_flow_report_free);
  self->gathered = report;
  return TRUE;
}
