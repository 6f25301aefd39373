/* cns — the flow monitor's classifier: which flow a datagram belongs to,
 * and the table of flows one node keeps.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Ipv4FlowClassifier: a unicast UDP or TCP datagram is classified
 * by its 5-tuple with one hash lookup. Flow ids are what the flows are
 * known by in the XML and the getters: the flows in the order of their
 * first packets' send times, flows whose first packets left at the same
 * time in the order of their 5-tuples (source address, destination
 * address, protocol, source port, destination port, as numbers). That
 * order does not depend on the order events of different nodes ran in,
 * so it is the same on any number of threads and MPI ranks; the ids are
 * given when the tables are merged (cns-flow-monitor-merge.c).
 *
 * Each node keeps a table of its own, written by its own events only, so
 * that nodes run by different threads never write the same table: the
 * flows it sends, classified here, and the records of flows classified
 * elsewhere that it receives or takes over from another logical process
 * or rank. A flow is named by where it was classified, that node and its
 * index there, the same in every run; tags name a flow's record in a
 * table by the table's node and the record's index, which never change.
 */
#include "stats/cns-flow-classifier-private.h"

#include "core/cns-log.h"

CNS_LOG_COMPONENT_DEFINE ("cns-flow-classifier");

#define IP_PROTOCOL_TCP 6
#define IP_PROTOCOL_UDP 17

#define COMPARE(x, y) (((x) > (y)) - ((x) < (y)))

/**
 * cns_flow_five_tuple_hash:
 * @key: a #CnsFlowFiveTuple
 *
 * Returns: its hash, for a #GHashTable.
 */
guint
cns_flow_five_tuple_hash (gconstpointer key)
{
  const CnsFlowFiveTuple *t = key;
  guint h = t->source.value;

  h = h * 31u + t->destination.value;
  h = h * 31u + t->protocol;
  h = h * 31u + ((guint) t->source_port << 16 | t->destination_port);
  return h ^ (h >> 15);
}

/**
 * cns_flow_five_tuple_equal:
 * @a: a #CnsFlowFiveTuple
 * @b: another
 *
 * Returns: whether they are the same.
 */
gboolean
cns_flow_five_tuple_equal (gconstpointer a, gconstpointer b)
{
  const CnsFlowFiveTuple *x = a, *y = b;

  return x->source.value == y->source.value
         && x->destination.value == y->destination.value
         && x->protocol == y->protocol && x->source_port == y->source_port
         && x->destination_port == y->destination_port;
}

/* The order of flow ids: by first send time, then by 5-tuple. */
static gint
flow_compare (const CnsFlowRecord *a, const CnsFlowRecord *b)
{
  const CnsFlowFiveTuple *x = &a->tuple, *y = &b->tuple;
  gint c;

  if ((c = COMPARE (a->stats.time_first_tx, b->stats.time_first_tx)) != 0
      || (c = COMPARE (x->source.value, y->source.value)) != 0
      || (c = COMPARE (x->destination.value, y->destination.value)) != 0
      || (c = COMPARE (x->protocol, y->protocol)) != 0
      || (c = COMPARE (x->source_port, y->source_port)) != 0)
    return c;
  return COMPARE (x->destination_port, y->destination_port);
}

/**
 * cns_flow_record_compare_pointers:
 * @a: a pointer to a #CnsFlowRecord pointer
 * @b: another
 *
 * The order of flow ids, for g_ptr_array_sort().
 *
 * Returns: negative, 0 or positive as @a's flow comes before, with or
 * after @b's.
 */
gint
cns_flow_record_compare_pointers (gconstpointer a, gconstpointer b)
{
  return flow_compare (*(CnsFlowRecord *const *) a,
                       *(CnsFlowRecord *const *) b);
}

/**
 * cns_flow_classifier_new:
 * @node: the node whose table it is
 *
 * Returns: (transfer full): a table with no flow.
 */
CnsFlowClassifier *
cns_flow_classifier_new (guint32 node)
{
  CnsFlowClassifier *c = g_new0 (CnsFlowClassifier, 1);

  c->flows = g_ptr_array_new_with_free_func (cns_flow_record_free);
  c->node = node;
  return c;
}

/**
 * cns_flow_classifier_free:
 * @data: a #CnsFlowClassifier
 *
 * Frees the table and its flows.
 */
void
cns_flow_classifier_free (gpointer data)
{
  CnsFlowClassifier *c = data;

  g_clear_pointer (&c->by_tuple, g_hash_table_unref);
  g_clear_pointer (&c->by_source, g_hash_table_unref);
  g_ptr_array_unref (c->flows);
  g_free (c);
}

/**
 * cns_flow_classifier_get_tuple:
 * @header: a datagram's IPv4 header
 * @packet: its payload
 * @tuple: (out): its 5-tuple
 *
 * Returns: whether the datagram is one ns-3's classifier follows: UDP or
 * TCP, not a later fragment, with its ports.
 */
gboolean
cns_flow_classifier_get_tuple (const CnsIpv4Header *header,
                               const CnsPacket *packet, CnsFlowFiveTuple *tuple)
{
  guint8 ports[4];

  if ((header->protocol != IP_PROTOCOL_UDP
       && header->protocol != IP_PROTOCOL_TCP)
      || header->fragment_offset != 0
      || cns_packet_copy_data (packet, 0, ports, sizeof ports) < sizeof ports)
    return FALSE;
  *tuple = (CnsFlowFiveTuple){
    header->source,
    header->destination,
    header->protocol,
    (guint16) (ports[0] << 8 | ports[1]),
    (guint16) (ports[2] << 8 | ports[3]),
  };
  return TRUE;
}

static CnsFlowRecord *
classifier_add_flow (CnsFlowClassifier *c, guint64 source)
{
  CnsFlowRecord *flow = g_new0 (CnsFlowRecord, 1);

  flow->node = c->node;
  flow->index = c->flows->len;
  flow->source = source;
  g_ptr_array_add (c->flows, flow);
  return flow;
}

/**
 * cns_flow_classifier_classify:
 * @c: the table of the node sending the datagram
 * @tuple: a datagram's 5-tuple
 * @now: when it is sent
 *
 * Returns: (transfer none): the flow of @tuple, new when it is the
 * first datagram of it sent from this node.
 */
CnsFlowRecord *
cns_flow_classifier_classify (CnsFlowClassifier *c,
                              const CnsFlowFiveTuple *tuple, CnsTime now)
{
  CnsFlowRecord *flow;

  if (G_UNLIKELY (c->by_tuple == NULL))
    c->by_tuple = g_hash_table_new (cns_flow_five_tuple_hash,
                                    cns_flow_five_tuple_equal);
  flow = g_hash_table_lookup (c->by_tuple, tuple);
  if (G_LIKELY (flow != NULL))
    return flow;
  flow = classifier_add_flow (c, CNS_FLOW_SOURCE (c->node, c->flows->len));
  flow->tuple = *tuple;
  flow->classified = TRUE;
  flow->stats.time_first_tx = now;
  g_hash_table_insert (c->by_tuple, &flow->tuple, flow);
  CNS_LOG_DEBUG ("node %u flow %u: protocol %u, ports %u -> %u", c->node,
                 flow->index, tuple->protocol, tuple->source_port,
                 tuple->destination_port);
  return flow;
}

/**
 * cns_flow_classifier_peek:
 * @c: a table
 * @index: what a tag names a flow by
 *
 * Returns: (transfer none) (nullable): the flow at @index in the table.
 */
CnsFlowRecord *
cns_flow_classifier_peek (CnsFlowClassifier *c, guint32 index)
{
  return index < c->flows->len ? c->flows->pdata[index] : NULL;
}

/**
 * cns_flow_classifier_lookup_source:
 * @c: a table
 * @source: a flow's name: where it was classified
 *
 * The record this node keeps of the flow named @source, added to the
 * table when the node meets the flow first; a flow classified here is
 * its own record.
 *
 * Returns: (transfer none) (nullable): the record, %NULL when @source
 * names this node but no flow classified here.
 */
CnsFlowRecord *
cns_flow_classifier_lookup_source (CnsFlowClassifier *c, guint64 source)
{
  CnsFlowRecord *flow;

  if (CNS_FLOW_SOURCE_NODE (source) == c->node)
    {
      flow = cns_flow_classifier_peek (c, CNS_FLOW_SOURCE_INDEX (source));
      return flow != NULL && flow->source == source ? flow : NULL;
    }
  if (c->by_source == NULL)
    c->by_source = g_hash_table_new (g_int64_hash, g_int64_equal);
  flow = g_hash_table_lookup (c->by_source, &source);
  if (flow == NULL)
    {
      flow = classifier_add_flow (c, source);
      g_hash_table_insert (c->by_source, &flow->source, flow);
    }
  return flow;
}

CnsFlowClassifier *
cns_flow_classifier_table_get (GPtrArray *tables, guint32 node)
{
  if (node >= tables->len)
    g_ptr_array_set_size (tables, node + 1);
  if (tables->pdata[node] == NULL)
    tables->pdata[node] = cns_flow_classifier_new (node);
  return tables->pdata[node];
}
