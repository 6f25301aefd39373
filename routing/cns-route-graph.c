/* cns — the graph routing protocols compute paths on.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Links are collected as (node, link) pairs, then sealed into compressed
 * rows: links[offsets[i] .. offsets[i + 1]) are node i's, sorted by
 * (neighbour, interface) so that the first link that satisfies the tie
 * rule is the one every protocol must pick. Sealing also indexes each
 * node's links by interface (route lookups start from an interface
 * index), splits nodes into routers and hosts, and notes whether all
 * metrics are equal, in which case breadth-first search finds the same
 * paths as Dijkstra.
 *
 * Addresses map to nodes through an open-addressing hash table of 32-bit
 * keys (0.0.0.0 marks an empty slot, and is never a node's address): one
 * multiply and usually one probe per packet.
 */
#include "routing/cns-route-graph.h"

#include "core/cns-log.h"
#include "internet/cns-ipv4-l3-protocol.h"
#include "network/cns-channel.h"
#include "network/cns-node.h"
#include "routing/cns-routing-error.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

CNS_LOG_COMPONENT_DEFINE ("cns-route-graph");

#define NO_LINK G_MAXUINT32
/* A router whose number is not given yet (while sealing). */
#define UNNUMBERED (G_MAXUINT32 - 1)

typedef struct
{
  guint32 node;
  CnsRouteLink link;
} PendingLink;

struct _CnsRouteGraph
{
  gint ref_count;
  gboolean sealed;
  guint32 n_nodes;
  GArray *pending;         /* PendingLink, until sealed */
  guint16 *next_interface; /* per node, for add_edge */
  guint32 *offsets;        /* n_nodes + 1 */
  CnsRouteLink *links;     /* sorted per node */
  guint32 *interface_base; /* n_nodes + 1: rows of interface_link */
  guint32 *interface_link; /* link index (within the node) by interface */
  guint32 *router_index;   /* by node */
  guint32 *router_nodes;   /* by router */
  guint32 n_routers;
  guint32 max_interface;
  gboolean unit_metrics;
  guint32 *address_keys; /* address values, 0 = empty */
  guint32 *address_nodes;
  guint32 address_mask; /* capacity - 1 */
  guint32 n_addresses;
};

G_DEFINE_BOXED_TYPE (CnsRouteGraph, cns_route_graph, cns_route_graph_ref,
                     cns_route_graph_unref)

/**
 * cns_route_graph_new:
 * @n_nodes: the number of nodes, ids 0 to @n_nodes - 1
 *
 * Returns: (transfer full): an empty graph; add links and addresses, then
 * seal it with cns_route_graph_seal().
 */
CnsRouteGraph *
cns_route_graph_new (guint32 n_nodes)
{
  CnsRouteGraph *self = g_new0 (CnsRouteGraph, 1);

  g_return_val_if_fail (n_nodes < CNS_ROUTE_GRAPH_NO_NODE, NULL);
  self->ref_count = 1;
  self->n_nodes = n_nodes;
  self->pending = g_array_new (FALSE, FALSE, sizeof (PendingLink));
  return self;
}

/**
 * cns_route_graph_ref:
 *
 * Returns: @self, with one more reference.
 */
CnsRouteGraph *
cns_route_graph_ref (CnsRouteGraph *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

/**
 * cns_route_graph_unref:
 *
 * Drops a reference, freeing @self with the last.
 */
void
cns_route_graph_unref (CnsRouteGraph *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  if (self->pending != NULL)
    g_array_unref (self->pending);
  g_free (self->next_interface);
  g_free (self->offsets);
  g_free (self->links);
  g_free (self->interface_base);
  g_free (self->interface_link);
  g_free (self->router_index);
  g_free (self->router_nodes);
  g_free (self->address_keys);
  g_free (self->address_nodes);
  g_free (self);
}

/**
 * cns_route_graph_add_link:
 * @node: the node the link leaves from
 * @link: the link, as @node sees it
 *
 * Adds one direction of a link; add the other from the neighbour's side.
 */
void
cns_route_graph_add_link (CnsRouteGraph *self, guint32 node,
                          const CnsRouteLink *link)
{
  PendingLink pending;

  g_return_if_fail (self != NULL && !self->sealed && link != NULL);
  g_return_if_fail (node < self->n_nodes && link->neighbor < self->n_nodes);
  g_return_if_fail (link->interface > 0 && link->metric > 0);
  g_return_if_fail (self->pending->len < G_MAXUINT32 - 1);
  pending.node = node;
  pending.link = *link;
  g_array_append_val (self->pending, pending);
}

/**
 * cns_route_graph_add_edge:
 * @metric_uv: the cost from @u to @v
 * @metric_vu: the cost from @v to @u
 *
 * Adds a link between @u and @v in both directions, on new interfaces of
 * each numbered from 1 in the order edges are added, as an internet
 * stack would number their devices. For graphs without nodes (edge
 * lists); gateways are 0.0.0.0.
 */
void
cns_route_graph_add_edge (CnsRouteGraph *self, guint32 u, guint32 v,
                          guint16 metric_uv, guint16 metric_vu)
{
  CnsRouteLink link;

  g_return_if_fail (self != NULL && !self->sealed);
  g_return_if_fail (u < self->n_nodes && v < self->n_nodes && u != v);
  g_return_if_fail (metric_uv > 0 && metric_vu > 0);
  if (self->next_interface == NULL)
    self->next_interface = g_new0 (guint16, self->n_nodes);
  g_return_if_fail (self->next_interface[u] < G_MAXUINT16
                    && self->next_interface[v] < G_MAXUINT16);
  link = (CnsRouteLink){ .neighbor = v,
                         .interface = ++self->next_interface[u],
                         .peer_interface = ++self->next_interface[v],
                         .metric = metric_uv,
                         .peer_metric = metric_vu };
  cns_route_graph_add_link (self, u, &link);
  link = (CnsRouteLink){ .neighbor = u,
                         .interface = link.peer_interface,
                         .peer_interface = link.interface,
                         .metric = metric_vu,
                         .peer_metric = metric_uv };
  cns_route_graph_add_link (self, v, &link);
}

static inline guint32
address_slot (guint32 value, guint32 mask)
{
  return (guint32) ((value * 0x9e3779b1u) >> 7) & mask;
}

static void
address_grow (CnsRouteGraph *self)
{
  guint32 *keys = self->address_keys, *nodes = self->address_nodes;
  guint32 old_capacity = keys != NULL ? self->address_mask + 1 : 0;
  guint32 capacity = MAX (64, 2 * old_capacity);

  self->address_keys = g_new0 (guint32, capacity);
  self->address_nodes = g_new (guint32, capacity);
  self->address_mask = capacity - 1;
  for (guint32 i = 0; i < old_capacity; i++)
    if (keys[i] != 0)
      {
        guint32 s = address_slot (keys[i], self->address_mask);

        while (self->address_keys[s] != 0)
          s = (s + 1) & self->address_mask;
        self->address_keys[s] = keys[i];
        self->address_nodes[s] = nodes[i];
      }
  g_free (keys);
  g_free (nodes);
}

/**
 * cns_route_graph_add_address: (skip)
 *
 * Records that @address belongs to @node, so that routes to the address
 * lead to the node. Adding an address again moves it.
 */
void
cns_route_graph_add_address (CnsRouteGraph *self, CnsIpv4Address address,
                             guint32 node)
{
  guint32 s;

  g_return_if_fail (self != NULL && node < self->n_nodes);
  g_return_if_fail (address.value != 0);
  if (self->address_keys == NULL
      || 2 * (self->n_addresses + 1) > self->address_mask + 1)
    address_grow (self);
  s = address_slot (address.value, self->address_mask);
  while (self->address_keys[s] != 0 && self->address_keys[s] != address.value)
    s = (s + 1) & self->address_mask;
  if (self->address_keys[s] == 0)
    self->n_addresses++;
  self->address_keys[s] = address.value;
  self->address_nodes[s] = node;
}

static int
pending_compare (const void *a, const void *b)
{
  const PendingLink *x = a, *y = b;

  if (x->node != y->node)
    return x->node < y->node ? -1 : 1;
  if (x->link.neighbor != y->link.neighbor)
    return x->link.neighbor < y->link.neighbor ? -1 : 1;
  if (x->link.interface != y->link.interface)
    return x->link.interface < y->link.interface ? -1 : 1;
  return 0;
}

static void
seal_interfaces (CnsRouteGraph *self)
{
  guint32 total = 0;

  self->interface_base = g_new (guint32, self->n_nodes + 1);
  for (guint32 i = 0; i < self->n_nodes; i++)
    {
      guint32 top = 0;

      self->interface_base[i] = total;
      for (guint32 l = self->offsets[i]; l < self->offsets[i + 1]; l++)
        top = MAX (top, self->links[l].interface);
      total += self->offsets[i + 1] > self->offsets[i] ? top + 1 : 0;
      self->max_interface = MAX (self->max_interface, top);
    }
  self->interface_base[self->n_nodes] = total;
  self->interface_link = g_new (guint32, MAX (total, 1));
  memset (self->interface_link, 0xff, MAX (total, 1) * sizeof (guint32));
  for (guint32 i = 0; i < self->n_nodes; i++)
    for (guint32 l = self->offsets[i]; l < self->offsets[i + 1]; l++)
      {
        guint32 *slot = &self->interface_link[self->interface_base[i]
                                              + self->links[l].interface];

        /* a second link on one interface (a bad graph) is unusable */
        if (*slot == NO_LINK)
          *slot = l - self->offsets[i];
      }
}

/* Routers are numbered in breadth-first order from the lowest node of
 * each component, so that neighbours get nearby numbers: the table's
 * backends then find a node's neighbours in nearby memory, and a batch
 * of consecutive destinations lies in one region of the graph. */
static void
seal_routers (CnsRouteGraph *self)
{
  guint32 *queue = g_new (guint32, MAX (self->n_nodes, 1));

  self->router_index = g_new (guint32, MAX (self->n_nodes, 1));
  self->router_nodes = g_new (guint32, MAX (self->n_nodes, 1));
  for (guint32 i = 0; i < self->n_nodes; i++)
    self->router_index[i] = self->offsets[i + 1] == self->offsets[i]
                                    || cns_route_graph_is_host (self, i)
                                ? CNS_ROUTE_GRAPH_NOT_A_ROUTER
                                : UNNUMBERED;
  for (guint32 root = 0; root < self->n_nodes; root++)
    {
      guint32 head = 0, tail = 0;

      if (self->router_index[root] != UNNUMBERED)
        continue;
      self->router_index[root] = self->n_routers;
      self->router_nodes[self->n_routers++] = root;
      queue[tail++] = root;
      while (head < tail)
        {
          guint32 u = queue[head++];

          for (guint32 l = self->offsets[u]; l < self->offsets[u + 1]; l++)
            {
              guint32 v = self->links[l].neighbor;

              if (self->router_index[v] != UNNUMBERED)
                continue;
              self->router_index[v] = self->n_routers;
              self->router_nodes[self->n_routers++] = v;
              queue[tail++] = v;
            }
        }
    }
  g_free (queue);
}

/**
 * cns_route_graph_seal:
 *
 * Ends construction: sorts the links, indexes them and splits the nodes
 * into routers and hosts. The graph is read-only afterwards.
 */
void
cns_route_graph_seal (CnsRouteGraph *self)
{
  PendingLink *pending;
  guint32 n;
  guint16 metric = 0;

  g_return_if_fail (self != NULL && !self->sealed);
  pending = (PendingLink *) self->pending->data;
  n = self->pending->len;
  if (n > 1) /* an empty array's data may be NULL, which qsort refuses */
    qsort (pending, n, sizeof *pending, pending_compare);
  self->offsets = g_new0 (guint32, self->n_nodes + 1);
  self->links = g_new (CnsRouteLink, MAX (n, 1));
  self->unit_metrics = TRUE;
  for (guint32 l = 0; l < n; l++)
    {
      self->offsets[pending[l].node + 1]++;
      self->links[l] = pending[l].link;
      if (metric == 0)
        metric = pending[l].link.metric;
      if (pending[l].link.metric != metric)
        self->unit_metrics = FALSE;
    }
  for (guint32 i = 0; i < self->n_nodes; i++)
    self->offsets[i + 1] += self->offsets[i];
  g_clear_pointer (&self->pending, g_array_unref);
  g_clear_pointer (&self->next_interface, g_free);
  self->sealed = TRUE;
  seal_interfaces (self);
  seal_routers (self);
  CNS_LOG_DEBUG ("graph of %u nodes, %u links, %u routers, unit metrics %d",
                 self->n_nodes, n, self->n_routers, self->unit_metrics);
}

/* Links and addresses of a node's IPv4 layer: the interfaces that are up,
 * on point-to-point devices whose link is up, to a neighbour whose
 * interface on the link is up too and has an address. */
static void
graph_add_node (CnsRouteGraph *self, guint32 id, CnsIpv4L3Protocol *ipv4)
{
  guint32 n_interfaces = cns_ipv4_l3_protocol_get_n_interfaces (ipv4);

  for (guint32 i = 1; i < n_interfaces; i++)
    {
      CnsNetDevice *device, *peer = NULL;
      CnsIpv4L3Protocol *peer_ipv4;
      CnsChannel *channel;
      CnsRouteLink link;
      gint32 pi;

      for (guint32 a = 0; a < cns_ipv4_l3_protocol_get_n_addresses (ipv4, i);
           a++)
        {
          CnsIpv4Address local
              = cns_ipv4_l3_protocol_get_address (ipv4, i, a).local;

          if (!cns_ipv4_address_is_any (local)
              && !cns_ipv4_address_is_loopback (local))
            cns_route_graph_add_address (self, local, id);
        }
      device = cns_ipv4_l3_protocol_get_net_device (ipv4, i);
      if (!cns_ipv4_l3_protocol_is_up (ipv4, i)
          || cns_ipv4_l3_protocol_get_n_addresses (ipv4, i) == 0
          || !cns_net_device_is_point_to_point (device)
          || !cns_net_device_is_link_up (device))
        continue;
      channel = cns_net_device_get_channel (device);
      if (channel == NULL || cns_channel_get_n_devices (channel) != 2)
        continue;
      for (guint32 d = 0; d < 2; d++)
        if (cns_channel_get_device (channel, d) != device)
          peer = cns_channel_get_device (channel, d);
      if (peer == NULL)
        continue;
      peer_ipv4 = cns_object_get (cns_net_device_get_node (peer),
                                  CNS_TYPE_IPV4_L3_PROTOCOL);
      if (peer_ipv4 == NULL)
        continue;
      pi = cns_ipv4_l3_protocol_get_interface_for_device (peer_ipv4, peer);
      if (pi < 0 || !cns_ipv4_l3_protocol_is_up (peer_ipv4, pi)
          || cns_ipv4_l3_protocol_get_n_addresses (peer_ipv4, pi) == 0
          || i > G_MAXUINT16 || pi > G_MAXUINT16)
        continue;
      link = (CnsRouteLink){
        .neighbor = cns_node_get_id (cns_net_device_get_node (peer)),
        .interface = i,
        .peer_interface = pi,
        .metric = cns_ipv4_l3_protocol_get_metric (ipv4, i),
        .peer_metric = cns_ipv4_l3_protocol_get_metric (peer_ipv4, pi),
        .peer_address
        = cns_ipv4_l3_protocol_get_address (peer_ipv4, pi, 0).local,
      };
      if (link.metric == 0 || link.peer_metric == 0)
        continue;
      cns_route_graph_add_link (self, id, &link);
    }
}

/**
 * cns_route_graph_new_from_nodes:
 *
 * Returns: (transfer full): the sealed graph of every node in the node
 * list that has an IPv4 layer, with the point-to-point links both of
 * whose interfaces are up and have an address, their metrics, and every
 * address of every interface.
 */
CnsRouteGraph *
cns_route_graph_new_from_nodes (void)
{
  guint32 n = cns_node_list_get_n_nodes ();
  CnsRouteGraph *self = cns_route_graph_new (n);

  for (guint32 id = 0; id < n; id++)
    {
      CnsIpv4L3Protocol *ipv4 = cns_object_get (cns_node_list_get_node (id),
                                                CNS_TYPE_IPV4_L3_PROTOCOL);

      if (ipv4 != NULL)
        graph_add_node (self, id, ipv4);
    }
  cns_route_graph_seal (self);
  return self;
}

static gboolean
parse_number (const gchar *path, guint line, const gchar *what,
              const gchar **cursor, guint64 max, guint64 *out, GError **error)
{
  gchar *end;
  guint64 value;

  while (**cursor == ' ' || **cursor == '\t')
    (*cursor)++;
  errno = 0;
  value = g_ascii_strtoull (*cursor, &end, 10);
  if (end == *cursor || errno != 0 || value > max
      || (*end != '\0' && !g_ascii_isspace (*end)))
    {
      g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_PARSE,
                   "%s:%u: %s is not a number from 0 to %" G_GUINT64_FORMAT,
                   path, line, what, max);
      return FALSE;
    }
  *cursor = end;
  *out = value;
  return TRUE;
}

static gboolean
line_is_blank (const gchar *s)
{
  while (g_ascii_isspace (*s))
    s++;
  return *s == '\0';
}

/**
 * cns_route_graph_load:
 * @path: an edge-list file: a first line "N M", then M lines "u v" or
 *   "u v metric" (0-based node ids; the metric, default 1, applies in
 *   both directions)
 *
 * Returns: (transfer full): the sealed graph, or %NULL with
 * %CNS_ROUTING_ERROR_PARSE (or a file error) naming the file and line.
 */
CnsRouteGraph *
cns_route_graph_load (const gchar *path, GError **error)
{
  g_autofree gchar *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (CnsRouteGraph) self = NULL;
  guint64 n, m, found = 0;
  const gchar *cursor;
  guint line = 0;

  g_return_val_if_fail (path != NULL, NULL);
  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  while (lines[line] != NULL && line_is_blank (lines[line]))
    line++;
  if (lines[line] == NULL)
    {
      g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_PARSE,
                   "%s: empty file, expected a first line \"N M\"", path);
      return NULL;
    }
  cursor = lines[line];
  if (!parse_number (path, line + 1, "the node count N", &cursor,
                     CNS_ROUTE_GRAPH_NO_NODE - 1, &n, error)
      || !parse_number (path, line + 1, "the edge count M", &cursor,
                        G_MAXUINT32 / 2, &m, error))
    return NULL;
  if (!line_is_blank (cursor))
    {
      g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_PARSE,
                   "%s:%u: expected \"N M\", found \"%s\"", path, line + 1,
                   lines[line]);
      return NULL;
    }
  self = cns_route_graph_new ((guint32) n);
  for (line++; lines[line] != NULL; line++)
    {
      guint64 u, v, metric = 1;

      if (line_is_blank (lines[line]))
        continue;
      cursor = lines[line];
      if (n == 0)
        {
          g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_PARSE,
                       "%s:%u: node u cannot exist: the graph has 0 nodes",
                       path, line + 1);
          return NULL;
        }
      if (!parse_number (path, line + 1, "node u", &cursor, n - 1, &u, error)
          || !parse_number (path, line + 1, "node v", &cursor, n - 1, &v,
                            error))
        return NULL;
      if (!line_is_blank (cursor)
          && !parse_number (path, line + 1, "the metric", &cursor, G_MAXUINT16,
                            &metric, error))
        return NULL;
      if (!line_is_blank (cursor) || u == v || metric == 0)
        {
          g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_PARSE,
                       "%s:%u: expected \"u v [metric]\" with u != v and a "
                       "metric from 1 to 65535, found \"%s\"",
                       path, line + 1, lines[line]);
          return NULL;
        }
      if (++found > m)
        break;
      cns_route_graph_add_edge (self, (guint32) u, (guint32) v,
                                (guint16) metric, (guint16) metric);
    }
  if (found != m)
    {
      g_set_error (error, CNS_ROUTING_ERROR, CNS_ROUTING_ERROR_PARSE,
                   "%s: the first line announces %" G_GUINT64_FORMAT
                   " edges, the file has %s%" G_GUINT64_FORMAT,
                   path, m, found > m ? "more than " : "", MIN (found, m));
      return NULL;
    }
  cns_route_graph_seal (self);
  return g_steal_pointer (&self);
}

#define CHECK_SEALED(self, val)                                       \
  G_STMT_START                                                        \
    {                                                                 \
      g_return_val_if_fail ((self) != NULL && (self)->sealed, (val)); \
    }                                                                 \
  G_STMT_END

/**
 * cns_route_graph_get_n_nodes:
 *
 * Returns: the number of nodes.
 */
guint32
cns_route_graph_get_n_nodes (const CnsRouteGraph *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_nodes;
}

/**
 * cns_route_graph_get_n_links:
 *
 * Returns: the number of links, each
 * direction counted once.
 */
guint64
cns_route_graph_get_n_links (const CnsRouteGraph *self)
{
  CHECK_SEALED (self, 0);
  return self->offsets[self->n_nodes];
}

/**
 * cns_route_graph_get_links:
 * @n_links: (out): the number of links of @node
 *
 * Returns: (array length=n_links) (transfer none): @node's links, sorted
 * by (neighbour, interface).
 */
const CnsRouteLink *
cns_route_graph_get_links (const CnsRouteGraph *self, guint32 node,
                           guint32 *n_links)
{
  CHECK_SEALED (self, NULL);
  g_return_val_if_fail (node < self->n_nodes && n_links != NULL, NULL);
  *n_links = self->offsets[node + 1] - self->offsets[node];
  return self->links + self->offsets[node];
}

/**
 * cns_route_graph_get_link_index_for_interface:
 *
 * Returns: the position of @node's link on @interface among its links,
 * or -1 when the interface has no link in the graph.
 */
gint32
cns_route_graph_get_link_index_for_interface (const CnsRouteGraph *self,
                                              guint32 node, guint32 interface)
{
  guint32 base;

  CHECK_SEALED (self, -1);
  g_return_val_if_fail (node < self->n_nodes, -1);
  base = self->interface_base[node];
  if (interface >= self->interface_base[node + 1] - base)
    return -1;
  return self->interface_link[base + interface] == NO_LINK
             ? -1
             : (gint32) self->interface_link[base + interface];
}

/**
 * cns_route_graph_get_link_for_interface:
 *
 * Returns: (nullable) (transfer none): @node's link on @interface, or
 * %NULL.
 */
const CnsRouteLink *
cns_route_graph_get_link_for_interface (const CnsRouteGraph *self, guint32 node,
                                        guint32 interface)
{
  gint32 l
      = cns_route_graph_get_link_index_for_interface (self, node, interface);

  return l < 0 ? NULL : &self->links[self->offsets[node] + (guint32) l];
}

/**
 * cns_route_graph_has_unit_metrics:
 *
 * Returns: whether every link has the
 * same metric, so that hop counts order paths as metrics do.
 */
gboolean
cns_route_graph_has_unit_metrics (const CnsRouteGraph *self)
{
  CHECK_SEALED (self, FALSE);
  return self->unit_metrics;
}

/**
 * cns_route_graph_get_max_interface:
 *
 * Returns: the largest interface
 * index of any link.
 */
guint32
cns_route_graph_get_max_interface (const CnsRouteGraph *self)
{
  CHECK_SEALED (self, 0);
  return self->max_interface;
}

/**
 * cns_route_graph_get_n_routers:
 *
 * Returns: the number of routers: nodes
 * with links that are not hosts.
 */
guint32
cns_route_graph_get_n_routers (const CnsRouteGraph *self)
{
  CHECK_SEALED (self, 0);
  return self->n_routers;
}

/**
 * cns_route_graph_get_router_index:
 *
 * Returns: @node's row in all-pairs
 * tables, or %CNS_ROUTE_GRAPH_NOT_A_ROUTER.
 */
guint32
cns_route_graph_get_router_index (const CnsRouteGraph *self, guint32 node)
{
  CHECK_SEALED (self, CNS_ROUTE_GRAPH_NOT_A_ROUTER);
  g_return_val_if_fail (node < self->n_nodes, CNS_ROUTE_GRAPH_NOT_A_ROUTER);
  return self->router_index[node];
}

/**
 * cns_route_graph_get_router_node:
 *
 * Returns: the node of router
 * @router.
 */
guint32
cns_route_graph_get_router_node (const CnsRouteGraph *self, guint32 router)
{
  CHECK_SEALED (self, CNS_ROUTE_GRAPH_NO_NODE);
  g_return_val_if_fail (router < self->n_routers, CNS_ROUTE_GRAPH_NO_NODE);
  return self->router_nodes[router];
}

/**
 * cns_route_graph_is_host:
 *
 * Returns: whether @node has a single link, to
 * a neighbour that has more than one.
 */
gboolean
cns_route_graph_is_host (const CnsRouteGraph *self, guint32 node)
{
  guint32 neighbor;

  CHECK_SEALED (self, FALSE);
  g_return_val_if_fail (node < self->n_nodes, FALSE);
  if (self->offsets[node + 1] - self->offsets[node] != 1)
    return FALSE;
  neighbor = self->links[self->offsets[node]].neighbor;
  return self->offsets[neighbor + 1] - self->offsets[neighbor] > 1;
}

/**
 * cns_route_graph_lookup_address: (skip)
 *
 * Returns: the node @address belongs
 * to, or %CNS_ROUTE_GRAPH_NO_NODE.
 */
guint32
cns_route_graph_lookup_address (const CnsRouteGraph *self,
                                CnsIpv4Address address)
{
  guint32 s;

  g_return_val_if_fail (self != NULL, CNS_ROUTE_GRAPH_NO_NODE);
  if (self->address_keys == NULL || address.value == 0)
    return CNS_ROUTE_GRAPH_NO_NODE;
  s = address_slot (address.value, self->address_mask);
  while (self->address_keys[s] != 0)
    {
      if (self->address_keys[s] == address.value)
        return self->address_nodes[s];
      s = (s + 1) & self->address_mask;
    }
  return CNS_ROUTE_GRAPH_NO_NODE;
}
