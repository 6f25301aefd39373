/* cns — a BRITE topology: the graph of the .brite file format.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A topology is two flat arrays, nodes and edges, grown geometrically:
 * 40 and 48 bytes an element, so a 100,000-node, 200,000-edge graph is
 * about 14 MB. Ids are indices.
 *
 * Classification and the connectivity test are linear and iterative
 * (union-find with path halving, no recursion), since generated
 * topologies reach 100,000 nodes.
 *
 * The reader scans the text line by line without copying it (fields are
 * copied into a small buffer only to convert numbers), so it takes
 * arbitrary bytes, embedded NULs included, and reports the first fault
 * as "name:LINE: what". Node and edge arrays are sized from the counts
 * the file announces only when the rest of the file is long enough to
 * hold that many lines; a file that announces four billion nodes is
 * reported as truncated without first allocating for them.
 *
 * The writer prints every double in the shortest of %.15g, %.16g and
 * %.17g that reads back as the same double, so write -> read gives the
 * same bits and write -> read -> write the same bytes.
 */
#include "brite/cns-brite-topology.h"

#include "brite/cns-brite-error.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

/* Metres a second; lengths are in km and delays in ms. */
#define SPEED_OF_LIGHT 299792458.0
#define INITIAL_SIZE   16
#define NO_ID          G_MAXUINT32
/* The shortest a node line (7 one-character fields, 6 separators) and an
 * edge line (10 fields, 9 separators) can be, with their end of line. */
#define MIN_NODE_LINE 14
#define MIN_EDGE_LINE 20
/* Fields longer than this are not numbers. */
#define MAX_NUMBER 128

static const gchar *const node_type_names[] = {
  [CNS_BRITE_RT_NODE] = "RT_NODE",
  [CNS_BRITE_RT_LEAF] = "RT_LEAF",
  [CNS_BRITE_RT_BORDER] = "RT_BORDER",
  [CNS_BRITE_RT_STUB] = "RT_STUB",
  [CNS_BRITE_RT_BACKBONE] = "RT_BACKBONE",
  [CNS_BRITE_AS_NODE] = "AS_NODE",
  [CNS_BRITE_AS_LEAF] = "AS_LEAF",
  [CNS_BRITE_AS_BORDER] = "AS_BORDER",
  [CNS_BRITE_AS_STUB] = "AS_STUB",
  [CNS_BRITE_AS_BACKBONE] = "AS_BACKBONE",
};

static const gchar *const edge_type_names[] = {
  [CNS_BRITE_E_RT] = "E_RT",
  [CNS_BRITE_E_RT_STUB] = "E_RT_STUB",
  [CNS_BRITE_E_RT_BORDER] = "E_RT_BORDER",
  [CNS_BRITE_E_RT_BACKBONE] = "E_RT_BACKBONE",
  [CNS_BRITE_E_AS] = "E_AS",
  [CNS_BRITE_E_AS_STUB] = "E_AS_STUB",
  [CNS_BRITE_E_AS_BORDER] = "E_AS_BORDER",
  [CNS_BRITE_E_AS_BACKBONE] = "E_AS_BACKBONE",
};

/* The names of the model types 1 to 8, for the writer's Model line. */
static const gchar *const model_names[] = {
  NULL,          "RTWaxman",     "RTBarabasi", "ASWaxman", "ASBarabasi",
  "TopDownHier", "BottomUpHier", "RTFile",     "ASFile",
};

#define IS_AS_NODE(t) ((t) >= CNS_BRITE_AS_NODE)
#define IS_AS_EDGE(t) ((t) >= CNS_BRITE_E_AS)

/* The capacity after @size that holds at least @needed, or 0 if none
 * fits in 32 bits. */
static guint32
grow_size (guint32 size, guint32 needed)
{
  guint64 next = MAX (size, INITIAL_SIZE);

  while (next < needed)
    next *= 2;
  return next > G_MAXUINT32 ? G_MAXUINT32 : (guint32) next;
}

static void
reserve_nodes (CnsBriteTopology *self, guint32 needed)
{
  if (needed <= self->nodes_size)
    return;
  self->nodes_size = grow_size (self->nodes_size, needed);
  self->nodes = g_renew (CnsBriteNode, self->nodes, self->nodes_size);
}

static void
reserve_edges (CnsBriteTopology *self, guint32 needed)
{
  if (needed <= self->edges_size)
    return;
  self->edges_size = grow_size (self->edges_size, needed);
  self->edges = g_renew (CnsBriteEdge, self->edges, self->edges_size);
}

/**
 * cns_brite_topology_new: (skip)
 *
 * Returns: (transfer full): an empty topology: no nodes, no edges,
 * model_id 0 and model %NULL. Free it with cns_brite_topology_free().
 */
CnsBriteTopology *
cns_brite_topology_new (void)
{
  return g_new0 (CnsBriteTopology, 1);
}

/**
 * cns_brite_topology_free:
 * @self: (nullable) (transfer full): a topology
 *
 * Frees @self, its arrays and its model string.
 */
void
cns_brite_topology_free (CnsBriteTopology *self)
{
  if (self == NULL)
    return;
  g_free (self->nodes);
  g_free (self->edges);
  g_free (self->model);
  g_free (self);
}

/**
 * cns_brite_topology_add_node:
 * @self: a topology
 * @x: its place on the plane
 * @y: its place on the plane
 * @as_id: its AS, or -1
 * @type: its class
 *
 * Appends a node with in and out degree 0 (amortised O(1)).
 *
 * Returns: its id, the new last index; G_MAXUINT32 on misuse.
 */
guint32
cns_brite_topology_add_node (CnsBriteTopology *self, gdouble x, gdouble y,
                             gint32 as_id, CnsBriteNodeType type)
{
  CnsBriteNode *node;

  g_return_val_if_fail (self != NULL, NO_ID);
  g_return_val_if_fail ((guint) type <= CNS_BRITE_AS_BACKBONE, NO_ID);
  g_return_val_if_fail (self->n_nodes < G_MAXUINT32 - 1, NO_ID);

  reserve_nodes (self, self->n_nodes + 1);
  node = &self->nodes[self->n_nodes];
  node->x = x;
  node->y = y;
  node->in_degree = 0;
  node->out_degree = 0;
  node->as_id = as_id;
  node->type = type;
  return self->n_nodes++;
}

/**
 * cns_brite_delay_for_length:
 * @length: a length on the plane, km
 *
 * Returns: the time light takes to cover @length, in ms:
 * @length * 10^6 / 299,792,458.
 */
gdouble
cns_brite_delay_for_length (gdouble length)
{
  return length * 1e6 / SPEED_OF_LIGHT;
}

/**
 * cns_brite_topology_add_edge:
 * @self: a topology
 * @src: the id of one end
 * @dst: the id of the other end
 * @bandwidth: Mbps
 * @type: its class; E_RT* for a router edge, E_AS* for an AS edge
 *
 * Appends an undirected edge between @src and @dst (amortised O(1)). Its
 * length is the Euclidean distance of the two nodes; its delay is
 * cns_brite_delay_for_length() of it for a router edge and -1 for an AS
 * edge, as BRITE prints them; as_from and as_to are the nodes' AS ids.
 * The in and out degrees of both ends go up by one.
 *
 * Returns: its id, the new last index; G_MAXUINT32 on misuse (an end
 * that is not a node).
 */
guint32
cns_brite_topology_add_edge (CnsBriteTopology *self, guint32 src, guint32 dst,
                             gdouble bandwidth, CnsBriteEdgeType type)
{
  CnsBriteNode *a, *b;
  CnsBriteEdge *edge;
  gdouble dx, dy;

  g_return_val_if_fail (self != NULL, NO_ID);
  g_return_val_if_fail (src < self->n_nodes, NO_ID);
  g_return_val_if_fail (dst < self->n_nodes, NO_ID);
  g_return_val_if_fail ((guint) type <= CNS_BRITE_E_AS_BACKBONE, NO_ID);
  g_return_val_if_fail (self->n_edges < G_MAXUINT32 - 1, NO_ID);

  reserve_edges (self, self->n_edges + 1);
  a = &self->nodes[src];
  b = &self->nodes[dst];
  dx = a->x - b->x;
  dy = a->y - b->y;
  edge = &self->edges[self->n_edges];
  edge->src = src;
  edge->dst = dst;
  edge->length = sqrt (dx * dx + dy * dy);
  edge->delay
      = IS_AS_EDGE (type) ? -1.0 : cns_brite_delay_for_length (edge->length);
  edge->bandwidth = bandwidth;
  edge->as_from = a->as_id;
  edge->as_to = b->as_id;
  edge->type = type;
  edge->directed = FALSE;
  a->in_degree++;
  a->out_degree++;
  b->in_degree++;
  b->out_degree++;
  return self->n_edges++;
}

/**
 * cns_brite_topology_classify:
 * @self: a topology
 * @m: the leaf threshold: the number of links each new node makes
 *
 * Classifies nodes and edges as BRITE does. A node's degree is its out
 * degree; a node of degree <= @m is a leaf, and an edge with a leaf at
 * either end a stub edge. A node that is not a leaf is a stub when one
 * stub edge touches it, a border when more than one do, and a backbone
 * node when none does. An edge that is not a stub edge is a border edge
 * when either end is a stub or border node, and a backbone edge
 * otherwise. Router nodes and edges get the RT classes, AS nodes and
 * edges (those whose type is already an AS one) the AS classes. A
 * self-loop counts once at its node. Linear in nodes + edges.
 */
void
cns_brite_topology_classify (CnsBriteTopology *self, guint32 m)
{
  guint32 *stub_edges;

  g_return_if_fail (self != NULL);

  /* Per node: G_MAXUINT32 for a leaf, else its number of stub edges. */
  stub_edges = g_new (guint32, MAX (self->n_nodes, 1));
  for (guint32 i = 0; i < self->n_nodes; i++)
    stub_edges[i] = self->nodes[i].out_degree <= m ? G_MAXUINT32 : 0;

  for (guint32 i = 0; i < self->n_edges; i++)
    {
      CnsBriteEdge *edge = &self->edges[i];
      gboolean as = IS_AS_EDGE (edge->type);

      if (stub_edges[edge->src] == G_MAXUINT32
          || stub_edges[edge->dst] == G_MAXUINT32)
        {
          edge->type = as ? CNS_BRITE_E_AS_STUB : CNS_BRITE_E_RT_STUB;
          if (stub_edges[edge->src] != G_MAXUINT32)
            stub_edges[edge->src]++;
          if (edge->dst != edge->src && stub_edges[edge->dst] != G_MAXUINT32)
            stub_edges[edge->dst]++;
        }
      else
        edge->type = as ? CNS_BRITE_E_AS : CNS_BRITE_E_RT; /* for now */
    }

  for (guint32 i = 0; i < self->n_nodes; i++)
    {
      CnsBriteNode *node = &self->nodes[i];
      gboolean as = IS_AS_NODE (node->type);
      CnsBriteNodeType rt_type;

      if (stub_edges[i] == G_MAXUINT32)
        rt_type = CNS_BRITE_RT_LEAF;
      else if (stub_edges[i] == 1)
        rt_type = CNS_BRITE_RT_STUB;
      else if (stub_edges[i] > 1)
        rt_type = CNS_BRITE_RT_BORDER;
      else
        rt_type = CNS_BRITE_RT_BACKBONE;
      node->type = as ? rt_type + CNS_BRITE_AS_NODE : rt_type;
    }

  for (guint32 i = 0; i < self->n_edges; i++)
    {
      CnsBriteEdge *edge = &self->edges[i];
      CnsBriteNodeType s = self->nodes[edge->src].type;
      CnsBriteNodeType d = self->nodes[edge->dst].type;
      gboolean as = IS_AS_EDGE (edge->type);
      gboolean border;

      if (edge->type == CNS_BRITE_E_RT_STUB
          || edge->type == CNS_BRITE_E_AS_STUB)
        continue;
      if (IS_AS_NODE (s))
        s -= CNS_BRITE_AS_NODE;
      if (IS_AS_NODE (d))
        d -= CNS_BRITE_AS_NODE;
      border = s == CNS_BRITE_RT_STUB || s == CNS_BRITE_RT_BORDER
               || d == CNS_BRITE_RT_STUB || d == CNS_BRITE_RT_BORDER;
      if (border)
        edge->type = as ? CNS_BRITE_E_AS_BORDER : CNS_BRITE_E_RT_BORDER;
      else
        edge->type = as ? CNS_BRITE_E_AS_BACKBONE : CNS_BRITE_E_RT_BACKBONE;
    }

  g_free (stub_edges);
}

static guint32
find_root (guint32 *parent, guint32 i)
{
  while (parent[i] != i)
    {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
  return i;
}

/**
 * cns_brite_topology_is_connected:
 * @self: a topology
 *
 * Whether every node reaches every other, edges taken as undirected
 * (union-find, no recursion). An empty topology and a single node are
 * connected.
 *
 * Returns: %TRUE if @self is connected
 */
gboolean
cns_brite_topology_is_connected (const CnsBriteTopology *self)
{
  guint32 *parent, *size;
  guint32 components;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->n_nodes <= 1)
    return TRUE;
  components = self->n_nodes;
  parent = g_new (guint32, self->n_nodes);
  size = g_new (guint32, self->n_nodes);
  for (guint32 i = 0; i < self->n_nodes; i++)
    {
      parent[i] = i;
      size[i] = 1;
    }
  for (guint32 i = 0; i < self->n_edges && components > 1; i++)
    {
      guint32 a = find_root (parent, self->edges[i].src);
      guint32 b = find_root (parent, self->edges[i].dst);

      if (a == b)
        continue;
      if (size[a] < size[b])
        {
          guint32 t = a;
          a = b;
          b = t;
        }
      parent[b] = a;
      size[a] += size[b];
      components--;
    }
  g_free (parent);
  g_free (size);
  return components == 1;
}

/**
 * cns_brite_topology_get_n_as:
 * @self: a topology
 *
 * The number of ASes: the highest AS id + 1. A topology whose nodes all
 * have AS id -1 (a flat router topology) is one AS, as the ns-3 helper
 * puts such nodes in AS 0; an empty topology has none.
 *
 * Returns: the number of ASes
 */
guint32
cns_brite_topology_get_n_as (const CnsBriteTopology *self)
{
  gint64 highest = -1;

  g_return_val_if_fail (self != NULL, 0);

  if (self->n_nodes == 0)
    return 0;
  for (guint32 i = 0; i < self->n_nodes; i++)
    highest = MAX (highest, self->nodes[i].as_id);
  return highest < 0 ? 1 : (guint32) (highest + 1);
}

/**
 * cns_brite_node_type_to_string:
 * @type: a node type
 *
 * Returns: (transfer none): its name in .brite files, such as "RT_NODE"
 */
const gchar *
cns_brite_node_type_to_string (CnsBriteNodeType type)
{
  g_return_val_if_fail ((guint) type < G_N_ELEMENTS (node_type_names), NULL);
  return node_type_names[type];
}

/**
 * cns_brite_edge_type_to_string:
 * @type: an edge type
 *
 * Returns: (transfer none): its name in .brite files, such as "E_RT"
 */
const gchar *
cns_brite_edge_type_to_string (CnsBriteEdgeType type)
{
  g_return_val_if_fail ((guint) type < G_N_ELEMENTS (edge_type_names), NULL);
  return edge_type_names[type];
}

/* Reading. */

typedef struct
{
  const gchar *name;
  const gchar *pos; /* the start of the next line */
  const gchar *end;
  guint line_no;     /* of the current line, from 1 */
  const gchar *line; /* the current line, without its '\n' */
  const gchar *line_end;
} Reader;

/* A span of a line that parsing eats from the front. */
typedef struct
{
  const gchar *p;
  const gchar *end;
} Cursor;

typedef struct
{
  const gchar *s;
  gsize len;
} Field;

static inline gboolean
is_blank (gchar c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static gboolean fail (const Reader *r, GError **error, const gchar *format, ...)
    G_GNUC_PRINTF (3, 4);

static gboolean
fail (const Reader *r, GError **error, const gchar *format, ...)
{
  g_autofree gchar *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_PARSE, "%s:%u: %s",
               r->name, MAX (r->line_no, 1), what);
  return FALSE;
}

/* A field as an error message shows it: at most 32 bytes, anything but
 * printable ASCII as '?'. */
static gchar *
excerpt (Field f)
{
  gsize n = MIN (f.len, 32);
  gchar *out = g_malloc (n + 4);

  for (gsize i = 0; i < n; i++)
    out[i] = g_ascii_isprint (f.s[i]) ? f.s[i] : '?';
  strcpy (out + n, f.len > n ? "..." : "");
  return out;
}

static gboolean
next_line (Reader *r)
{
  const gchar *nl;

  if (r->pos >= r->end)
    return FALSE;
  nl = memchr (r->pos, '\n', r->end - r->pos);
  r->line = r->pos;
  r->line_end = nl != NULL ? nl : r->end;
  r->pos = nl != NULL ? nl + 1 : r->end;
  r->line_no++;
  return TRUE;
}

static gboolean
line_is_blank (const Reader *r)
{
  for (const gchar *p = r->line; p < r->line_end; p++)
    if (!is_blank (*p))
      return FALSE;
  return TRUE;
}

/* Moves to the next line that is not blank; FALSE at the end. */
static gboolean
next_content_line (Reader *r)
{
  while (next_line (r))
    if (!line_is_blank (r))
      return TRUE;
  return FALSE;
}

static Cursor
line_cursor (const Reader *r)
{
  Cursor c = { r->line, r->line_end };
  return c;
}

static void
skip_blanks (Cursor *c)
{
  while (c->p < c->end && is_blank (*c->p))
    c->p++;
}

static void
trim_end (Cursor *c)
{
  while (c->end > c->p && is_blank (c->end[-1]))
    c->end--;
}

/* Eats blanks, then @word; FALSE (eating the blanks only) if it is not
 * there. */
static gboolean
eat_word (Cursor *c, const gchar *word)
{
  gsize len = strlen (word);

  skip_blanks (c);
  if ((gsize) (c->end - c->p) < len || memcmp (c->p, word, len) != 0)
    return FALSE;
  c->p += len;
  return TRUE;
}

static gboolean
eat_uint (Cursor *c, guint32 *value)
{
  guint64 v = 0;
  const gchar *start;

  skip_blanks (c);
  start = c->p;
  while (c->p < c->end && g_ascii_isdigit (*c->p))
    {
      v = v * 10 + (guint) (*c->p - '0');
      if (v > G_MAXUINT32)
        return FALSE;
      c->p++;
    }
  *value = (guint32) v;
  return c->p > start;
}

static gboolean
at_end (Cursor *c)
{
  skip_blanks (c);
  return c->p == c->end;
}

static gboolean
line_starts_with (const Reader *r, const gchar *word)
{
  Cursor c = line_cursor (r);
  return eat_word (&c, word);
}

static gboolean
line_starts_with_digit (const Reader *r)
{
  Cursor c = line_cursor (r);

  skip_blanks (&c);
  return c.p < c.end && g_ascii_isdigit (*c.p);
}

static gboolean
next_field (Cursor *c, Field *f)
{
  skip_blanks (c);
  if (c->p == c->end)
    return FALSE;
  f->s = c->p;
  while (c->p < c->end && !is_blank (*c->p))
    c->p++;
  f->len = c->p - f->s;
  return TRUE;
}

/* "Topology: ( N Nodes, M Edges )" */
static gboolean
parse_topology_line (const Reader *r, guint32 *n_nodes, guint32 *n_edges)
{
  Cursor c = line_cursor (r);

  return eat_word (&c, "Topology") && eat_word (&c, ":") && eat_word (&c, "(")
         && eat_uint (&c, n_nodes) && eat_word (&c, "Nodes")
         && eat_word (&c, ",") && eat_uint (&c, n_edges)
         && eat_word (&c, "Edges") && eat_word (&c, ")") && at_end (&c);
}

/* "Nodes: ( N )" or "Edges: ( M ):", with or without the blanks and the
 * last colon. */
static gboolean
parse_count_line (const Reader *r, const gchar *word, guint32 *count)
{
  Cursor c = line_cursor (r);

  if (!(eat_word (&c, word) && eat_word (&c, ":") && eat_word (&c, "(")
        && eat_uint (&c, count) && eat_word (&c, ")")))
    return FALSE;
  eat_word (&c, ":");
  return at_end (&c);
}

/* "Model (ID - NAME): TEXT", "Model ( ID ): TEXT" or "Model (ID - NAME)":
 * the id, and TEXT without the blanks around it. */
static gboolean
parse_model_line (const Reader *r, guint32 *model_id, gchar **model)
{
  Cursor c = line_cursor (r);

  if (!(eat_word (&c, "Model") && eat_word (&c, "(")
        && eat_uint (&c, model_id)))
    return FALSE;
  if (eat_word (&c, "-"))
    while (c.p < c.end && *c.p != ')')
      c.p++;
  if (!eat_word (&c, ")"))
    return FALSE;
  eat_word (&c, ":");
  skip_blanks (&c);
  trim_end (&c);
  *model = g_strndup (c.p, c.end - c.p);
  return TRUE;
}

static gboolean
parse_uint_field (const Reader *r, const gchar *what, Field f, guint32 *value,
                  GError **error)
{
  Cursor c = { f.s, f.s + f.len };

  if (!eat_uint (&c, value) || c.p != c.end)
    {
      g_autofree gchar *text = excerpt (f);
      return fail (r, error, "%s, \"%s\", is not a number from 0 to %u", what,
                   text, G_MAXUINT32);
    }
  return TRUE;
}

/* An AS id: -1 or a number up to G_MAXINT32. */
static gboolean
parse_as_field (const Reader *r, const gchar *what, Field f, gint32 *value,
                GError **error)
{
  guint32 v = 0;
  Cursor c = { f.s, f.s + f.len };

  if (f.len == 2 && f.s[0] == '-' && f.s[1] == '1')
    {
      *value = -1;
      return TRUE;
    }
  if (!eat_uint (&c, &v) || c.p != c.end || v > G_MAXINT32)
    {
      g_autofree gchar *text = excerpt (f);
      return fail (r, error, "%s, \"%s\", is not an AS id from -1 to %d", what,
                   text, G_MAXINT32);
    }
  *value = (gint32) v;
  return TRUE;
}

static gboolean
parse_double_field (const Reader *r, const gchar *what, Field f, gdouble *value,
                    GError **error)
{
  gchar buffer[MAX_NUMBER];
  gchar *end = NULL;
  gdouble v = 0;

  if (f.len < sizeof buffer)
    {
      memcpy (buffer, f.s, f.len);
      buffer[f.len] = '\0';
      v = g_ascii_strtod (buffer, &end);
    }
  if (end == NULL || end != buffer + f.len || f.len == 0)
    {
      g_autofree gchar *text = excerpt (f);
      return fail (r, error, "%s, \"%s\", is not a number", what, text);
    }
  if (!isfinite (v))
    {
      g_autofree gchar *text = excerpt (f);
      return fail (r, error, "%s, \"%s\", is not finite", what, text);
    }
  *value = v;
  return TRUE;
}

static gboolean
field_is (Field f, const gchar *word)
{
  return strlen (word) == f.len && memcmp (f.s, word, f.len) == 0;
}

/* Finds @f among @names (a type's printed names, by value) or, as the
 * type @none_value, @none (the "_NONE" name ns-3's helper prints for an
 * unclassified entry); the second @none is the AS one. */
static gboolean
parse_type (const Reader *r, Field f, const gchar *what,
            const gchar *const *names, guint n_names,
            const gchar *const none[2], const guint none_value[2], guint *type,
            GError **error)
{
  g_autofree gchar *text = NULL;

  for (guint i = 0; i < n_names; i++)
    if (field_is (f, names[i]))
      {
        *type = i;
        return TRUE;
      }
  for (guint i = 0; i < 2; i++)
    if (field_is (f, none[i]))
      {
        *type = none_value[i];
        return TRUE;
      }
  text = excerpt (f);
  return fail (r, error, "unknown %s type \"%s\"", what, text);
}

static gboolean
parse_node_type (const Reader *r, Field f, CnsBriteNodeType *type,
                 GError **error)
{
  static const gchar *const none[2] = { "RT_NONE", "AS_NONE" };
  static const guint none_value[2] = { CNS_BRITE_RT_NODE, CNS_BRITE_AS_NODE };
  guint value;

  if (!parse_type (r, f, "node", node_type_names,
                   G_N_ELEMENTS (node_type_names), none, none_value, &value,
                   error))
    return FALSE;
  *type = value;
  return TRUE;
}

static gboolean
parse_edge_type (const Reader *r, Field f, CnsBriteEdgeType *type,
                 GError **error)
{
  static const gchar *const none[2] = { "E_RT_NONE", "E_AS_NONE" };
  static const guint none_value[2] = { CNS_BRITE_E_RT, CNS_BRITE_E_AS };
  guint value;

  if (!parse_type (r, f, "edge", edge_type_names,
                   G_N_ELEMENTS (edge_type_names), none, none_value, &value,
                   error))
    return FALSE;
  *type = value;
  return TRUE;
}

/* Splits the current line into exactly @n fields. */
static gboolean
split_fields (const Reader *r, const gchar *kind, const gchar *const *names,
              Field *fields, guint n, GError **error)
{
  Cursor c = line_cursor (r);
  Field extra;

  for (guint i = 0; i < n; i++)
    if (!next_field (&c, &fields[i]))
      return fail (r, error, "the %s line has no %s", kind, names[i]);
  if (next_field (&c, &extra))
    return fail (r, error, "the %s line has more than %u fields", kind, n);
  return TRUE;
}

static const gchar *const node_fields[] = {
  "id", "x", "y", "in degree", "out degree", "AS id", "type",
};

/* "id x y indeg outdeg ASid type" */
static gboolean
parse_node_line (const Reader *r, guint32 *id, CnsBriteNode *node,
                 GError **error)
{
  Field f[G_N_ELEMENTS (node_fields)];

  return split_fields (r, "node", node_fields, f, G_N_ELEMENTS (f), error)
         && parse_uint_field (r, "the node id", f[0], id, error)
         && parse_double_field (r, "the node's x", f[1], &node->x, error)
         && parse_double_field (r, "the node's y", f[2], &node->y, error)
         && parse_uint_field (r, "the node's in degree", f[3], &node->in_degree,
                              error)
         && parse_uint_field (r, "the node's out degree", f[4],
                              &node->out_degree, error)
         && parse_as_field (r, "the node's AS id", f[5], &node->as_id, error)
         && parse_node_type (r, f[6], &node->type, error);
}

static const gchar *const edge_fields[] = {
  "id",        "source",  "destination", "length", "delay",
  "bandwidth", "AS from", "AS to",       "type",   "direction (U or D)",
};

/* "id src dst length delay bandwidth ASfrom ASto type U|D" */
static gboolean
parse_edge_line (const Reader *r, guint32 n_nodes, guint32 *id,
                 CnsBriteEdge *edge, GError **error)
{
  Field f[G_N_ELEMENTS (edge_fields)];
  g_autofree gchar *text = NULL;

  if (!(split_fields (r, "edge", edge_fields, f, G_N_ELEMENTS (f), error)
        && parse_uint_field (r, "the edge id", f[0], id, error)
        && parse_uint_field (r, "the edge's source", f[1], &edge->src, error)
        && parse_uint_field (r, "the edge's destination", f[2], &edge->dst,
                             error)
        && parse_double_field (r, "the edge's length", f[3], &edge->length,
                               error)
        && parse_double_field (r, "the edge's delay", f[4], &edge->delay, error)
        && parse_double_field (r, "the edge's bandwidth", f[5],
                               &edge->bandwidth, error)
        && parse_as_field (r, "the edge's AS from", f[6], &edge->as_from, error)
        && parse_as_field (r, "the edge's AS to", f[7], &edge->as_to, error)
        && parse_edge_type (r, f[8], &edge->type, error)))
    return FALSE;
  if (edge->src >= n_nodes)
    return fail (r, error, "edge %u starts at node %u, but there are %u nodes",
                 *id, edge->src, n_nodes);
  if (edge->dst >= n_nodes)
    return fail (r, error, "edge %u ends at node %u, but there are %u nodes",
                 *id, edge->dst, n_nodes);
  if (edge->length < 0)
    return fail (r, error, "edge %u has a negative length", *id);
  if (edge->delay < 0 && edge->delay != -1)
    return fail (r, error, "edge %u has a negative delay other than -1", *id);
  if (edge->bandwidth < 0)
    return fail (r, error, "edge %u has a negative bandwidth", *id);
  if (field_is (f[9], "U") || field_is (f[9], "D"))
    {
      edge->directed = f[9].s[0] == 'D';
      return TRUE;
    }
  text = excerpt (f[9]);
  return fail (r, error, "the edge's direction, \"%s\", is neither U nor D",
               text);
}

/* Whether the rest of the text may hold @count lines of at least
 * @min_line bytes (the last without its '\n'). */
static gboolean
may_hold (const Reader *r, guint32 count, guint min_line)
{
  return (guint64) count * min_line <= (guint64) (r->end - r->pos) + 1;
}

/* Marks @id as seen in @seen; FALSE if it was already. */
static gboolean
see (guint8 *seen, guint32 id)
{
  guint8 bit = (guint8) (1u << (id % 8));

  if (seen[id / 8] & bit)
    return FALSE;
  seen[id / 8] |= bit;
  return TRUE;
}

static gboolean
read_header (Reader *r, CnsBriteTopology *self, guint32 *n_nodes,
             guint32 *n_edges, GError **error)
{
  GString *model;
  gboolean more;
  guint32 count;

  if (!next_content_line (r) || !parse_topology_line (r, n_nodes, n_edges))
    return fail (r, error, "expected \"Topology: ( N Nodes, M Edges )\"");
  if (!next_content_line (r)
      || !parse_model_line (r, &self->model_id, &self->model))
    return fail (r, error, "expected \"Model ( ID ): ...\"");

  /* Hierarchical models print the models of their levels on more Model
   * lines: the model keeps them, one a line. */
  model = g_string_new (self->model);
  while ((more = next_content_line (r)) && line_starts_with (r, "Model"))
    {
      Cursor c = line_cursor (r);

      skip_blanks (&c);
      trim_end (&c);
      g_string_append_c (model, '\n');
      g_string_append_len (model, c.p, c.end - c.p);
    }
  g_free (self->model);
  self->model = g_string_free (model, FALSE);

  if (!more || !parse_count_line (r, "Nodes", &count))
    return fail (r, error, "expected \"Nodes: ( N )\"");
  if (count != *n_nodes)
    return fail (r, error,
                 "the Nodes line announces %u nodes, the Topology line %u",
                 count, *n_nodes);
  return TRUE;
}

static gboolean
read_nodes (Reader *r, CnsBriteTopology *self, guint32 n_nodes, GError **error)
{
  g_autofree guint8 *seen = NULL;
  gboolean store = may_hold (r, n_nodes, MIN_NODE_LINE);

  /* A file too short for the nodes it announces fails below: only the
   * lines are checked, nothing is allocated for them. */
  if (store && n_nodes > 0)
    {
      self->nodes = g_new (CnsBriteNode, n_nodes);
      self->nodes_size = n_nodes;
      seen = g_new0 (guint8, n_nodes / 8 + 1);
    }
  for (guint32 count = 0; count < n_nodes; count++)
    {
      CnsBriteNode node;
      guint32 id;

      if (!next_content_line (r))
        return fail (r, error, "the file ends after %u of the %u nodes", count,
                     n_nodes);
      if (line_starts_with (r, "Edges"))
        return fail (r, error, "only %u of the %u nodes before the Edges line",
                     count, n_nodes);
      if (!parse_node_line (r, &id, &node, error))
        return FALSE;
      if (id >= n_nodes)
        return fail (r, error, "node id %u is out of range: there are %u nodes",
                     id, n_nodes);
      if (store)
        {
          if (!see (seen, id))
            return fail (r, error, "node %u is listed twice", id);
          self->nodes[id] = node;
        }
    }
  g_assert (store); /* else a line was missing or too short */
  self->n_nodes = n_nodes;
  return TRUE;
}

static gboolean
read_edges (Reader *r, CnsBriteTopology *self, guint32 n_nodes, guint32 n_edges,
            GError **error)
{
  g_autofree guint8 *seen = NULL;
  gboolean store;
  guint32 count;

  if (!next_content_line (r))
    return fail (r, error, "the file ends before the Edges line");
  if (line_starts_with_digit (r))
    return fail (r, error, "more than the %u nodes announced", n_nodes);
  if (!parse_count_line (r, "Edges", &count))
    return fail (r, error, "expected \"Edges: ( M )\"");
  if (count != n_edges)
    return fail (r, error,
                 "the Edges line announces %u edges, the Topology line %u",
                 count, n_edges);

  /* As for the nodes. */
  store = may_hold (r, n_edges, MIN_EDGE_LINE);
  if (store && n_edges > 0)
    {
      self->edges = g_new (CnsBriteEdge, n_edges);
      self->edges_size = n_edges;
      seen = g_new0 (guint8, n_edges / 8 + 1);
    }
  for (count = 0; count < n_edges; count++)
    {
      CnsBriteEdge edge;
      guint32 id;

      if (!next_content_line (r))
        return fail (r, error, "the file ends after %u of the %u edges", count,
                     n_edges);
      if (!parse_edge_line (r, n_nodes, &id, &edge, error))
        return FALSE;
      if (id >= n_edges)
        return fail (r, error, "edge id %u is out of range: there are %u edges",
                     id, n_edges);
      if (store)
        {
          if (!see (seen, id))
            return fail (r, error, "edge %u is listed twice", id);
          self->edges[id] = edge;
        }
    }
  g_assert (store); /* else a line was missing or too short */
  self->n_edges = n_edges;

  if (next_content_line (r))
    {
      if (line_starts_with_digit (r))
        return fail (r, error, "more than the %u edges announced", n_edges);
      return fail (r, error, "unexpected text after the edges");
    }
  return TRUE;
}

/**
 * cns_brite_topology_read: (skip)
 * @text: the contents of a .brite file
 * @length: the length of @text in bytes, or -1 if it ends with a NUL
 * @name: (nullable): the name of the file, for error messages
 * @error: return location for a #GError
 *
 * Parses a topology in BRITE's output format. Fields are separated by
 * any mix of tabs and spaces; lines end in LF or CRLF; blank lines are
 * skipped; "Nodes: ( N )" and "Edges: ( M ):" may be written with or
 * without the blanks and the final colon. The Model line may name the
 * model, "Model (1 - RTWaxman): ...", or not, "Model ( 1 ): ...";
 * model_id is its number, model the text after the colon (the name is
 * dropped), followed by any more Model lines (those of hierarchical
 * models), one a line. Node and edge lines may come in any order as long
 * as their ids are exactly 0 to N - 1 and 0 to M - 1. "RT_NONE",
 * "AS_NONE", "E_RT_NONE" and "E_AS_NONE" are taken for RT_NODE, AS_NODE,
 * E_RT and E_AS. The degrees are kept as the file gives them.
 *
 * Returns: (transfer full) (nullable): the topology, or %NULL with
 * @error set to CNS_BRITE_ERROR_PARSE, whose message starts with
 * "name:LINE: " and says what is wrong
 */
CnsBriteTopology *
cns_brite_topology_read (const gchar *text, gssize length, const gchar *name,
                         GError **error)
{
  g_autoptr (CnsBriteTopology) self = NULL;
  Reader r = { 0 };
  guint32 n_nodes, n_edges;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (text);
  r.name = name != NULL ? name : "<string>";
  r.pos = text != NULL ? text : "";
  r.end = r.pos + length;
  if (length >= 3 && memcmp (r.pos, "\xef\xbb\xbf", 3) == 0)
    r.pos += 3; /* a UTF-8 byte order mark */

  self = cns_brite_topology_new ();
  if (!read_header (&r, self, &n_nodes, &n_edges, error)
      || !read_nodes (&r, self, n_nodes, error)
      || !read_edges (&r, self, n_nodes, n_edges, error))
    return NULL;
  return g_steal_pointer (&self);
}

/**
 * cns_brite_topology_read_file: (skip)
 * @path: a .brite file
 * @error: return location for a #GError
 *
 * Reads @path with cns_brite_topology_read().
 *
 * Returns: (transfer full) (nullable): the topology, or %NULL with
 * @error set: CNS_BRITE_ERROR_IO if @path cannot be read (the message
 * names it), CNS_BRITE_ERROR_PARSE if it is malformed
 */
CnsBriteTopology *
cns_brite_topology_read_file (const gchar *path, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autofree gchar *contents = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_file_get_contents (path, &contents, &length, &local))
    {
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_IO, "%s",
                   local->message);
      return NULL;
    }
  return cns_brite_topology_read (contents, length, path, error);
}

/* Writing. */

static void
append_uint (GString *out, guint64 v)
{
  gchar buffer[24];
  gchar *p = buffer + sizeof buffer;

  do
    {
      *--p = (gchar) ('0' + v % 10);
      v /= 10;
    }
  while (v != 0);
  g_string_append_len (out, p, buffer + sizeof buffer - p);
}

static void
append_int (GString *out, gint64 v)
{
  if (v < 0)
    {
      g_string_append_c (out, '-');
      append_uint (out, (guint64) 0 - (guint64) v);
    }
  else
    append_uint (out, (guint64) v);
}

/* The shortest of %.15g, %.16g and %.17g that reads back as @v; whole
 * numbers below 10^15 as integers, "3", not "3.0". */
static void
append_double (GString *out, gdouble v)
{
  static const gchar *const formats[] = { "%.15g", "%.16g", "%.17g" };
  gchar buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (v == floor (v) && fabs (v) < 1e15 && !(v == 0 && signbit (v)))
    {
      append_int (out, (gint64) v);
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buffer, sizeof buffer, formats[i], v);
      if (g_ascii_strtod (buffer, NULL) == v)
        break;
    }
  g_string_append (out, buffer);
}

/* Skips the "ID - NAME):" (or "ID - NAME:", "ID - NAME") that a caller
 * may have left at the start of the model text, so that it is not
 * written twice. */
static const gchar *
skip_model_name (const gchar *s, const gchar *end)
{
  for (;;)
    {
      Cursor c = { s, end };
      guint32 id;

      if (!eat_uint (&c, &id) || !eat_word (&c, "-"))
        return s;
      skip_blanks (&c);
      if (c.p == c.end || !g_ascii_isalpha (*c.p))
        return s;
      while (c.p < c.end && (g_ascii_isalnum (*c.p) || *c.p == '_'))
        c.p++;
      eat_word (&c, ")");
      eat_word (&c, ":");
      skip_blanks (&c);
      s = c.p;
    }
}

/* The Model line, then the model's further Model lines. The first line
 * of model, without its blanks and any "ID - NAME):" start, follows the
 * colon; later lines that start with "Model" get their own lines, the
 * others join the line before with a blank. Blank lines are dropped.
 * That is the form the reader keeps, so a second write is the same. */
static void
append_model (GString *out, const CnsBriteTopology *self)
{
  const gchar *model = self->model != NULL ? self->model : "";
  gboolean first = TRUE;

  if (self->model_id >= 1 && self->model_id < G_N_ELEMENTS (model_names))
    {
      g_string_append (out, "Model (");
      append_uint (out, self->model_id);
      g_string_append (out, " - ");
      g_string_append (out, model_names[self->model_id]);
      g_string_append (out, "):");
    }
  else
    {
      g_string_append (out, "Model ( ");
      append_uint (out, self->model_id);
      g_string_append (out, " ):");
    }

  while (*model != '\0')
    {
      const gchar *nl = strchr (model, '\n');
      const gchar *next = nl != NULL ? nl + 1 : model + strlen (model);
      Cursor line = { model, nl != NULL ? nl : next };

      skip_blanks (&line);
      trim_end (&line);
      if (first)
        line.p = skip_model_name (line.p, line.end);
      if (line.p < line.end)
        {
          gboolean own_line = !first && line.end - line.p >= 5
                              && memcmp (line.p, "Model", 5) == 0;

          g_string_append_c (out, own_line ? '\n' : ' ');
          g_string_append_len (out, line.p, line.end - line.p);
        }
      first = FALSE;
      model = next;
    }
  g_string_append_c (out, '\n');
}

static const gchar *
node_type_name (CnsBriteNodeType type)
{
  return (guint) type < G_N_ELEMENTS (node_type_names) ? node_type_names[type]
                                                       : "?";
}

static const gchar *
edge_type_name (CnsBriteEdgeType type)
{
  return (guint) type < G_N_ELEMENTS (edge_type_names) ? edge_type_names[type]
                                                       : "?";
}

/**
 * cns_brite_topology_to_string:
 * @self: a topology
 *
 * Prints @self in BRITE's output format:
 *
 * |[
 * Topology: ( N Nodes, M Edges )
 * Model (ID - NAME): MODEL
 *
 * Nodes: ( N )
 * id x y in_degree out_degree as_id type
 *
 * Edges: ( M ):
 * id src dst length delay bandwidth as_from as_to type U|D
 * ]|
 *
 * with tabs between the fields. The Model line names the model for ids 1
 * to 8 ("Model ( ID ): MODEL" otherwise); a model text that starts with
 * "ID - NAME):" has that start dropped, so it is not written twice, and
 * its further lines that start with "Model" are written as lines of
 * their own. Doubles are written in the fewest digits that read back as
 * the same double (whole numbers as integers, "3"), so
 * cns_brite_topology_read() gives back the same nodes and edges, bit for
 * bit, and writing that again gives the same text. NaNs and infinities
 * are written as "nan" and "inf", which the reader refuses.
 *
 * Returns: (transfer full): the text
 */
gchar *
cns_brite_topology_to_string (const CnsBriteTopology *self)
{
  GString *out;

  g_return_val_if_fail (self != NULL, NULL);

  out = g_string_sized_new (256 + (gsize) self->n_nodes * 48
                            + (gsize) self->n_edges * 96);
  g_string_append (out, "Topology: ( ");
  append_uint (out, self->n_nodes);
  g_string_append (out, " Nodes, ");
  append_uint (out, self->n_edges);
  g_string_append (out, " Edges )\n");
  append_model (out, self);

  g_string_append (out, "\nNodes: ( ");
  append_uint (out, self->n_nodes);
  g_string_append (out, " )\n");
  for (guint32 i = 0; i < self->n_nodes; i++)
    {
      const CnsBriteNode *node = &self->nodes[i];

      append_uint (out, i);
      g_string_append_c (out, '\t');
      append_double (out, node->x);
      g_string_append_c (out, '\t');
      append_double (out, node->y);
      g_string_append_c (out, '\t');
      append_uint (out, node->in_degree);
      g_string_append_c (out, '\t');
      append_uint (out, node->out_degree);
      g_string_append_c (out, '\t');
      append_int (out, node->as_id);
      g_string_append_c (out, '\t');
      g_string_append (out, node_type_name (node->type));
      g_string_append_c (out, '\n');
    }

  g_string_append (out, "\nEdges: ( ");
  append_uint (out, self->n_edges);
  g_string_append (out, " ):\n");
  for (guint32 i = 0; i < self->n_edges; i++)
    {
      const CnsBriteEdge *edge = &self->edges[i];

      append_uint (out, i);
      g_string_append_c (out, '\t');
      append_uint (out, edge->src);
      g_string_append_c (out, '\t');
      append_uint (out, edge->dst);
      g_string_append_c (out, '\t');
      append_double (out, edge->length);
      g_string_append_c (out, '\t');
      append_double (out, edge->delay);
      g_string_append_c (out, '\t');
      append_double (out, edge->bandwidth);
      g_string_append_c (out, '\t');
      append_int (out, edge->as_from);
      g_string_append_c (out, '\t');
      append_int (out, edge->as_to);
      g_string_append_c (out, '\t');
      g_string_append (out, edge_type_name (edge->type));
      g_string_append (out, edge->directed ? "\tD\n" : "\tU\n");
    }
  return g_string_free (out, FALSE);
}

/**
 * cns_brite_topology_write_file:
 * @self: a topology
 * @path: the file to write (replaced atomically)
 * @error: return location for a #GError
 *
 * Writes cns_brite_topology_to_string() to @path.
 *
 * Returns: %TRUE on success; %FALSE with @error set to
 * CNS_BRITE_ERROR_IO (the message names @path)
 */
gboolean
cns_brite_topology_write_file (const CnsBriteTopology *self, const gchar *path,
                               GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autofree gchar *text = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  text = cns_brite_topology_to_string (self);
  if (!g_file_set_contents (path, text, -1, &local))
    {
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_IO, "%s",
                   local->message);
      return FALSE;
    }
  return TRUE;
}
