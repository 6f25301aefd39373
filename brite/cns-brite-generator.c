/* cns — generating BRITE topologies, without the BRITE library.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The models are BRITE's (BU BRITE 2.x, the code ns-3's fork builds);
 * the code is ours. Every purpose draws from its own erand48 generator
 * of the seed file: PLACES places nodes, CONNECT links them, EDGE_CONN
 * picks the routers of top-down inter-AS links, GROUPING and ASSIGNMENT
 * group routers into ASes bottom-up, BANDWIDTH draws bandwidths. The
 * generators' states after a topology are written back into the seeds,
 * as BRITE's last_seed_file.
 *
 * Flat models (1 to 4) place N nodes on an HS x HS plane of integer
 * squares, one node a square:
 *  - random placement draws x then y, floor (U HS) each, again while the
 *    square is taken;
 *  - heavy-tailed placement is BRITE's RouterModel::PlaceNodes: it walks
 *    the LS x LS squares row by row (again from the first when all have
 *    been visited), gives each floor (Pareto) nodes, the Pareto bounded
 *    to [1, 10^6 LS^2] with shape 1 (so P(count >= k) is about 1/k), at
 *    most 3/4 of the square's cells, and places them uniformly on free
 *    cells of the square. cns also caps a square's count at its free
 *    cells, where BRITE would loop for ever on a full square.
 * All nodes of one generation share one occupancy set, as BRITE's static
 * plane does: the routers of a top-down topology never share a square
 * with each other or with the AS nodes, so no inter-AS link has length 0.
 *
 * Waxman links u and v with probability P = alpha exp (-d / (beta L)),
 * L = sqrt (2) HS. Incremental growth: node i in id order draws a
 * candidate j uniformly among 0 .. i-1, then a coin, and links when the
 * coin is below P (i, j), until it has min (m, i) distinct links, so its
 * link goes to j with probability P (i, j) / sum P (i, k). Growth "all":
 * node i in id order adds min (m, N - 1 - degree) links the same way to
 * any other node, then every component not holding node 0 is joined to
 * node 0's by a link from a random node of it to its nearest node there.
 * (BRITE starts incremental growth at node m and links the first m nodes
 * forward at the end, and its "all" growth stops when every node has a
 * link, connected or not; we keep the simpler rules above.)
 *
 * Barabasi-Albert: node i links to min (m, i) distinct earlier nodes,
 * each drawn from a list that holds both ends of every earlier link, so
 * with probability proportional to degree. Nodes 0 .. m form a clique,
 * as in BRITE, which starts from one.
 *
 * Bandwidths, drawn edge by edge after linking (BRITE's AssignBW):
 * 1 BWMin; 2 BWMin + U (BWMax - BWMin); 3 -BWMin ln U, exponential of
 * mean BWMin; 4 BRITE's GetValPareto (BWMax, 1.2): a Pareto of shape 1.2
 * bounded to [1, BWMax] (BRITE ignores BWMin there, and so do we).
 *
 * Top-down (5): the AS graph (bandwidths from BWInter*), then one router
 * graph per AS in id order (bandwidths from BWIntra*), appended with
 * consecutive ids, then one router link per AS link in order, between
 * routers chosen by edgeConn (TopDownHierModel::InterConnectBorders):
 * 1 a random router of the AS; 2 the one of smallest degree; 3 the one of
 * smallest degree above the smallest degree of the whole router graph
 * (BRITE's test for "not a leaf"); 4 the one of smallest degree above k;
 * 3 and 4 fall back to 2 when no router qualifies. Degrees are current:
 * they count the inter-AS links already added (BRITE does not update
 * them). Ties go to the lowest id.
 *
 * Bottom-up (6): a router graph, NumAS AS sizes (AssignType 1: N / NumAS,
 * the remainder one each to the first ASes; 2, 3, 4: weights uniform on
 * [1, N], exponential of mean N / NumAS, or bounded Pareto on [1, N] of
 * shape 1.2, drawn from ASSIGNMENT and apportioned so that each AS has
 * at least one router and the sizes sum to N, largest remainders first),
 * then grouping: 1 fills AS 0, 1, ... with routers drawn uniformly among
 * the unassigned; 2 starts each AS on a random unassigned router and
 * walks to random neighbours, taking the unassigned ones, jumping to a
 * random unassigned router after N steps that took nothing (the last AS
 * takes what is left). Links between ASes get bandwidths from BWInter*.
 *
 * Imported files (7, 8): BRITE format only; nodes and links are copied
 * with their coordinates and bandwidths (redrawn from BWDist unless BWMin
 * and BWMax are both -1), their classes reset to RT_NODE / E_RT (routers
 * keep the file's AS ids, as BRITE's importer does) or AS_NODE / E_AS
 * with each node its own AS. The import has no m; it is classified with
 * m = 1, so that nodes of degree 1 are its leaves.
 *
 * Every flat step is linear in nodes and links (expected), apart from the
 * nearest-node search of "all" growth, linear per component joined.
 */
#include "brite/cns-brite-generator.h"

#include "brite/cns-brite-error.h"
#include "brite/cns-brite-random-private.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NONE     G_MAXUINT32
#define N_SEEDS  6
#define MAX_SEED 65535
/* Heavy-tailed placement: the Pareto's upper bound is HT_SCALE LS^2. */
#define HT_SCALE 1000000.0
/* The most LS x LS squares heavy-tailed placement keeps counts for. */
#define MAX_HT_SQUARES (G_GUINT64_CONSTANT (1) << 26)
/* The shape of the Pareto of heavy-tailed bandwidths and AS sizes. */
#define PARETO_SHAPE 1.2

static const gchar *const seed_names[N_SEEDS] = {
  "PLACES", "CONNECT", "EDGE_CONN", "GROUPING", "ASSIGNMENT", "BANDWIDTH",
};

/* ---------------------------------------------------------------------- */
/* Seeds                                                                   */

static guint16 *
seed_words (CnsBriteSeeds *seeds, guint i)
{
  switch (i)
    {
    case 0:
      return seeds->places;
    case 1:
      return seeds->connect;
    case 2:
      return seeds->edge_conn;
    case 3:
      return seeds->grouping;
    case 4:
      return seeds->assignment;
    default:
      return seeds->bandwidth;
    }
}

static gboolean
parse_seed_word (const gchar *token, guint16 *out)
{
  guint64 value;
  gchar *end;

  if (!g_ascii_isdigit (token[0]))
    return FALSE;
  errno = 0;
  value = g_ascii_strtoull (token, &end, 10);
  if (errno != 0 || *end != '\0' || value > MAX_SEED)
    return FALSE;
  *out = (guint16) value;
  return TRUE;
}

/* Splits @line (comment already cut) into its blank-separated tokens. */
static GPtrArray *
split_tokens (gchar *line)
{
  GPtrArray *tokens = g_ptr_array_new ();
  gchar *p = line;

  while (*p)
    {
      while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\v' || *p == '\f')
        p++;
      if (!*p)
        break;
      g_ptr_array_add (tokens, p);
      while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\v'
             && *p != '\f')
        p++;
      if (*p)
        *p++ = '\0';
    }
  return tokens;
}

/**
 * cns_brite_seeds_parse:
 * @text: the text of a seed file, NUL-terminated
 * @name: (nullable): the file's name, for messages
 * @out: (out caller-allocates): the seeds, set only on success
 * @error: return location for a #GError
 *
 * Reads BRITE's seed file format: six lines "PLACES a b c", "CONNECT a b
 * c", "EDGE_CONN a b c", "GROUPING a b c", "ASSIGNMENT a b c" and
 * "BANDWIDTH a b c", in that order, each value an integer from 0 to
 * 65535, the first the least significant word of the generator's state.
 * Blank lines and '#' comments are allowed.
 *
 * Returns: %TRUE on success; %FALSE with %CNS_BRITE_ERROR_PARSE, the
 * message "name:LINE: ..." naming the token at fault.
 */
gboolean
cns_brite_seeds_parse (const gchar *text, const gchar *name, CnsBriteSeeds *out,
                       GError **error)
{
  g_auto (GStrv) lines = NULL;
  CnsBriteSeeds seeds = { 0 };
  guint next = 0, line_no = 0;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (name == NULL)
    name = "seeds";
  lines = g_strsplit (text, "\n", -1);
  for (guint l = 0; lines[l] != NULL; l++)
    {
      g_autoptr (GPtrArray) tokens = NULL;
      gchar *hash = strchr (lines[l], '#');
      const gchar *key;
      guint16 *words;

      line_no = l + 1;
      if (hash)
        *hash = '\0';
      tokens = split_tokens (lines[l]);
      if (tokens->len == 0)
        continue;
      key = g_ptr_array_index (tokens, 0);
      if (next == N_SEEDS)
        {
          g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_PARSE,
                       "%s:%u: unexpected '%s' after the BANDWIDTH line", name,
                       line_no, key);
          return FALSE;
        }
      if (strcmp (key, seed_names[next]) != 0)
        {
          g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_PARSE,
                       "%s:%u: expected %s, found '%s'", name, line_no,
                       seed_names[next], key);
          return FALSE;
        }
      words = seed_words (&seeds, next);
      for (guint w = 0; w < 3; w++)
        {
          const gchar *token;

          if (w + 1 >= tokens->len)
            {
              g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_PARSE,
                           "%s:%u: %s has %u value%s; it needs 3", name,
                           line_no, key, tokens->len - 1,
                           tokens->len == 2 ? "" : "s");
              return FALSE;
            }
          token = g_ptr_array_index (tokens, w + 1);
          if (!parse_seed_word (token, &words[w]))
            {
              g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_PARSE,
                           "%s:%u: '%s' is not a seed value for %s (expected "
                           "an integer from 0 to 65535)",
                           name, line_no, token, key);
              return FALSE;
            }
        }
      if (tokens->len > 4)
        {
          g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_PARSE,
                       "%s:%u: unexpected '%s' after the 3 values of %s", name,
                       line_no, (const gchar *) g_ptr_array_index (tokens, 4),
                       key);
          return FALSE;
        }
      next++;
    }
  if (next < N_SEEDS)
    {
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_PARSE,
                   "%s:%u: expected %s, found the end of the file", name,
                   MAX (line_no, 1), seed_names[next]);
      return FALSE;
    }
  *out = seeds;
  return TRUE;
}

/**
 * cns_brite_seeds_read_file:
 * @path: a seed file
 * @out: (out caller-allocates): the seeds, set only on success
 * @error: return location for a #GError
 *
 * Reads @path with cns_brite_seeds_parse(), which names @path in its
 * messages.
 *
 * Returns: %TRUE on success; %FALSE with %CNS_BRITE_ERROR_IO (naming
 * @path) or %CNS_BRITE_ERROR_PARSE.
 */
gboolean
cns_brite_seeds_read_file (const gchar *path, CnsBriteSeeds *out,
                           GError **error)
{
  g_autofree gchar *text = NULL;
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!g_file_get_contents (path, &text, NULL, &local))
    {
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_IO,
                   "cannot read the seed file '%s': %s", path, local->message);
      return FALSE;
    }
  return cns_brite_seeds_parse (text, path, out, error);
}

/**
 * cns_brite_seeds_to_string:
 * @seeds: seeds
 *
 * Returns: (transfer full): the six lines of a seed file, each ended by a
 * newline; free with g_free().
 */
gchar *
cns_brite_seeds_to_string (const CnsBriteSeeds *seeds)
{
  GString *s;

  g_return_val_if_fail (seeds != NULL, NULL);

  s = g_string_new (NULL);
  for (guint i = 0; i < N_SEEDS; i++)
    {
      const guint16 *w = seed_words ((CnsBriteSeeds *) seeds, i);

      g_string_append_printf (s, "%s %u %u %u\n", seed_names[i], w[0], w[1],
                              w[2]);
    }
  return g_string_free (s, FALSE);
}

/**
 * cns_brite_seeds_write_file:
 * @seeds: seeds
 * @path: the file to write (replaced atomically)
 * @error: return location for a #GError
 *
 * Writes cns_brite_seeds_to_string() to @path.
 *
 * Returns: %TRUE on success; %FALSE with %CNS_BRITE_ERROR_IO naming @path.
 */
gboolean
cns_brite_seeds_write_file (const CnsBriteSeeds *seeds, const gchar *path,
                            GError **error)
{
  g_autofree gchar *text = NULL;
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (seeds != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  text = cns_brite_seeds_to_string (seeds);
  if (!g_file_set_contents (path, text, -1, &local))
    {
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_IO,
                   "cannot write the seed file '%s': %s", path, local->message);
      return FALSE;
    }
  return TRUE;
}

/**
 * cns_brite_seeds_from_random:
 * @out: (out caller-allocates): the seeds
 * @uniform: a random variable whose stream to draw from
 *
 * Draws the 18 words as ns-3's helper does when it is given no seed file:
 * floor (cns_random_variable_uniform() * 65536) each, in the order
 * PLACES, CONNECT, EDGE_CONN, GROUPING, ASSIGNMENT, BANDWIDTH, each
 * line's words first to last.
 */
void
cns_brite_seeds_from_random (CnsBriteSeeds *out, CnsRandomVariable *uniform)
{
  g_return_if_fail (out != NULL);
  g_return_if_fail (CNS_IS_RANDOM_VARIABLE (uniform));

  for (guint i = 0; i < N_SEEDS; i++)
    {
      guint16 *w = seed_words (out, i);

      for (guint j = 0; j < 3; j++)
        {
          gdouble v = floor (cns_random_variable_uniform (uniform) * 65536.0);

          w[j] = (guint16) CLAMP (v, 0.0, (gdouble) MAX_SEED);
        }
    }
}

/* ---------------------------------------------------------------------- */
/* A set of 64-bit keys: open addressing, linear probing, kept at most half
 * full. A slot holds key + 1; 0 is empty (no key is G_MAXUINT64). */

typedef struct
{
  guint64 *slots;
  guint64 mask;
  guint64 count;
} KeySet;

static guint64
key_hash (guint64 k)
{
  k ^= k >> 33;
  k *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  k ^= k >> 33;
  k *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  k ^= k >> 33;
  return k;
}

static void
key_set_init (KeySet *self, guint64 expected)
{
  guint64 size = 16;

  while (size < 2 * expected)
    size <<= 1;
  self->slots = g_new0 (guint64, size);
  self->mask = size - 1;
  self->count = 0;
}

static void
key_set_clear (KeySet *self)
{
  g_clear_pointer (&self->slots, g_free);
  self->mask = self->count = 0;
}

static gboolean
key_set_contains (const KeySet *self, guint64 key)
{
  for (guint64 i = key_hash (key) & self->mask;; i = (i + 1) & self->mask)
    {
      if (self->slots[i] == 0)
        return FALSE;
      if (self->slots[i] == key + 1)
        return TRUE;
    }
}

static void key_set_grow (KeySet *self);

/* Adds @key; FALSE if it was there. */
static gboolean
key_set_add (KeySet *self, guint64 key)
{
  guint64 i;

  if (2 * (self->count + 1) > self->mask + 1)
    key_set_grow (self);
  for (i = key_hash (key) & self->mask; self->slots[i] != 0;
       i = (i + 1) & self->mask)
    if (self->slots[i] == key + 1)
      return FALSE;
  self->slots[i] = key + 1;
  self->count++;
  return TRUE;
}

static void
key_set_grow (KeySet *self)
{
  guint64 *old = self->slots;
  guint64 old_size = self->mask + 1;

  self->slots = g_new0 (guint64, 2 * old_size);
  self->mask = 2 * old_size - 1;
  self->count = 0;
  for (guint64 i = 0; i < old_size; i++)
    if (old[i] != 0)
      key_set_add (self, old[i] - 1);
  g_free (old);
}

static guint64
square_key (guint32 x, guint32 y)
{
  return (guint64) x << 32 | y;
}

static guint64
pair_key (guint32 a, guint32 b)
{
  return a < b ? (guint64) a << 32 | b : (guint64) b << 32 | a;
}

/* ---------------------------------------------------------------------- */
/* The generator: six random generators and the occupied squares. */

typedef struct
{
  CnsBriteRandom places;
  CnsBriteRandom connect;
  CnsBriteRandom edge_conn;
  CnsBriteRandom grouping;
  CnsBriteRandom assignment;
  CnsBriteRandom bandwidth;
  KeySet occupied;
} Generator;

/* A bandwidth distribution; @draw FALSE keeps the bandwidths there are
 * (imported files whose BWMin and BWMax are both -1). */
typedef struct
{
  CnsBriteDist dist;
  gdouble min;
  gdouble max;
  gboolean draw;
} Bandwidth;

static void
generator_init (Generator *gen, const CnsBriteSeeds *seeds)
{
  memcpy (gen->places.x, seeds->places, sizeof gen->places.x);
  memcpy (gen->connect.x, seeds->connect, sizeof gen->connect.x);
  memcpy (gen->edge_conn.x, seeds->edge_conn, sizeof gen->edge_conn.x);
  memcpy (gen->grouping.x, seeds->grouping, sizeof gen->grouping.x);
  memcpy (gen->assignment.x, seeds->assignment, sizeof gen->assignment.x);
  memcpy (gen->bandwidth.x, seeds->bandwidth, sizeof gen->bandwidth.x);
  key_set_init (&gen->occupied, 0);
}

static void
generator_save (const Generator *gen, CnsBriteSeeds *seeds)
{
  memcpy (seeds->places, gen->places.x, sizeof seeds->places);
  memcpy (seeds->connect, gen->connect.x, sizeof seeds->connect);
  memcpy (seeds->edge_conn, gen->edge_conn.x, sizeof seeds->edge_conn);
  memcpy (seeds->grouping, gen->grouping.x, sizeof seeds->grouping);
  memcpy (seeds->assignment, gen->assignment.x, sizeof seeds->assignment);
  memcpy (seeds->bandwidth, gen->bandwidth.x, sizeof seeds->bandwidth);
}

static gdouble
bandwidth_draw (Generator *gen, const Bandwidth *bw)
{
  switch (bw->dist)
    {
    case CNS_BRITE_DIST_UNIFORM:
      return bw->min
             + cns_brite_random_uniform (&gen->bandwidth) * (bw->max - bw->min);
    case CNS_BRITE_DIST_EXPONENTIAL:
      return cns_brite_random_exponential (&gen->bandwidth, bw->min);
    case CNS_BRITE_DIST_HEAVY_TAILED:
      return cns_brite_random_bounded_pareto (&gen->bandwidth, bw->max,
                                              PARETO_SHAPE);
    case CNS_BRITE_DIST_CONSTANT:
    default:
      return bw->min;
    }
}

/* Draws the bandwidths of edges @first .. the last. */
static void
assign_bandwidths (Generator *gen, const Bandwidth *bw, CnsBriteTopology *topo,
                   guint32 first)
{
  if (!bw->draw)
    return;
  for (guint32 e = first; e < topo->n_edges; e++)
    topo->edges[e].bandwidth = bandwidth_draw (gen, bw);
}

/* ---------------------------------------------------------------------- */
/* Validation */

static gboolean
is_router_model (CnsBriteModelType type)
{
  return type == CNS_BRITE_MODEL_ROUTER_WAXMAN
         || type == CNS_BRITE_MODEL_ROUTER_BA
         || type == CNS_BRITE_MODEL_ROUTER_FILE;
}

static gboolean
is_as_model (CnsBriteModelType type)
{
  return type == CNS_BRITE_MODEL_AS_WAXMAN || type == CNS_BRITE_MODEL_AS_BA
         || type == CNS_BRITE_MODEL_AS_FILE;
}

static gboolean
is_waxman (CnsBriteModelType type)
{
  return type == CNS_BRITE_MODEL_ROUTER_WAXMAN
         || type == CNS_BRITE_MODEL_AS_WAXMAN;
}

static gboolean
is_file (CnsBriteModelType type)
{
  return type == CNS_BRITE_MODEL_ROUTER_FILE || type == CNS_BRITE_MODEL_AS_FILE;
}

static const gchar *
model_label (const CnsBriteModel *model)
{
  const gchar *name = cns_brite_model_type_to_string (model->type);

  return name ? name : "BRITE";
}

/* @prefix is "BW", "BWInter" or "BWIntra"; @dist_field the field that
 * holds the distribution ("BWDist", "BWInter", "BWIntra"). */
static gboolean
validate_bandwidth (const CnsBriteModel *model, const gchar *dist_field,
                    const gchar *prefix, const Bandwidth *bw, GError **error)
{
  const gchar *label = model_label (model);

  if (!bw->draw)
    return TRUE;
  switch (bw->dist)
    {
    case CNS_BRITE_DIST_CONSTANT:
      if (bw->min > 0.0)
        return TRUE;
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "%s model: %sMin = %g: a constant bandwidth must be above "
                   "0 Mbps",
                   label, prefix, bw->min);
      return FALSE;
    case CNS_BRITE_DIST_UNIFORM:
      if (bw->min >= 0.0 && bw->min <= bw->max)
        return TRUE;
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "%s model: %sMin = %g, %sMax = %g: a uniform bandwidth "
                   "needs 0 <= %sMin <= %sMax",
                   label, prefix, bw->min, prefix, bw->max, prefix, prefix);
      return FALSE;
    case CNS_BRITE_DIST_EXPONENTIAL:
      if (bw->min > 0.0)
        return TRUE;
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "%s model: %sMin = %g: an exponential bandwidth needs a "
                   "mean (%sMin) above 0",
                   label, prefix, bw->min, prefix);
      return FALSE;
    case CNS_BRITE_DIST_HEAVY_TAILED:
      if (bw->max >= 1.0)
        return TRUE;
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "%s model: %sMax = %g: a heavy-tailed bandwidth (Pareto "
                   "from 1 to %sMax) needs %sMax >= 1",
                   label, prefix, bw->max, prefix, prefix);
      return FALSE;
    default:
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "%s model: %s = %d is not a distribution (1 constant, "
                   "2 uniform, 3 exponential, 4 heavy-tailed)",
                   label, dist_field, (gint) bw->dist);
      return FALSE;
    }
}

/* The bandwidth of a flat or imported block's own BW fields. */
static Bandwidth
block_bandwidth (const CnsBriteModel *model)
{
  Bandwidth bw = { model->bw_dist, model->bw_min, model->bw_max, TRUE };

  if (is_file (model->type) && model->bw_min == -1.0 && model->bw_max == -1.0)
    bw.draw = FALSE;
  return bw;
}

/* Checks a flat (1 to 4) or imported (7, 8) block, drawing its
 * bandwidths from @bw. */
static gboolean
validate_block (const CnsBriteModel *model, const Bandwidth *bw,
                const gchar *dist_field, const gchar *prefix, GError **error)
{
  const gchar *label = model_label (model);

  if (is_file (model->type))
    {
      if (model->format != 1)
        {
          g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_UNSUPPORTED,
                       "%s model: Format = %u is not supported; cns imports "
                       "only BRITE files (Format = 1)",
                       label, model->format);
          return FALSE;
        }
      if (model->file == NULL || model->file[0] == '\0')
        {
          g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                       "%s model: File is empty", label);
          return FALSE;
        }
      return validate_bandwidth (model, dist_field, prefix, bw, error);
    }

  if (model->n == 0)
    {
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "%s model: N = 0: a topology needs at least one node",
                   label);
      return FALSE;
    }
  if (model->hs == 0)
    {
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "%s model: HS = 0: the plane needs a side of at least 1",
                   label);
      return FALSE;
    }
  if ((guint64) model->n > (guint64) model->hs * model->hs)
    {
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "%s model: N = %u nodes do not fit on a plane of HS = %u "
                   "(%" G_GUINT64_FORMAT " squares, one node a square)",
                   label, model->n, model->hs, (guint64) model->hs * model->hs);
      return FALSE;
    }
  if (model->m == 0)
    {
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "%s model: m = 0: each new node must add at least one link",
                   label);
      return FALSE;
    }
  switch (model->placement)
    {
    case CNS_BRITE_PLACEMENT_RANDOM:
      break;
    case CNS_BRITE_PLACEMENT_HEAVY_TAILED:
      if (model->ls == 0 || model->ls > model->hs || model->hs % model->ls)
        {
          g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                       "%s model: HS = %u is not a multiple of LS = %u, as "
                       "heavy-tailed placement needs",
                       label, model->hs, model->ls);
          return FALSE;
        }
      if ((guint64) (model->hs / model->ls) * (model->hs / model->ls)
          > MAX_HT_SQUARES)
        {
          g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                       "%s model: HS = %u, LS = %u: heavy-tailed placement "
                       "handles at most %" G_GUINT64_FORMAT " squares",
                       label, model->hs, model->ls, MAX_HT_SQUARES);
          return FALSE;
        }
      break;
    default:
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "%s model: NodePlacement = %d is not 1 (random) or 2 "
                   "(heavy-tailed)",
                   label, (gint) model->placement);
      return FALSE;
    }
  if (is_waxman (model->type))
    {
      if (model->growth != CNS_BRITE_GROWTH_INCREMENTAL
          && model->growth != CNS_BRITE_GROWTH_ALL)
        {
          g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                       "%s model: GrowthType = %d is not 1 (incremental) or "
                       "2 (all)",
                       label, (gint) model->growth);
          return FALSE;
        }
      if (!(model->alpha > 0.0) || !isfinite (model->alpha))
        {
          g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                       "%s model: alpha = %g: Waxman's alpha must be above 0",
                       label, model->alpha);
          return FALSE;
        }
      if (!(model->beta > 0.0) || !isfinite (model->beta))
        {
          g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                       "%s model: beta = %g: Waxman's beta must be above 0",
                       label, model->beta);
          return FALSE;
        }
    }
  return validate_bandwidth (model, dist_field, prefix, bw, error);
}

static gboolean
validate_model (const CnsBriteModel *model, GError **error)
{
  const gchar *label = model_label (model);
  const CnsBriteModel *as = model->as_model, *rt = model->router_model;

  switch (model->type)
    {
    case CNS_BRITE_MODEL_ROUTER_WAXMAN:
    case CNS_BRITE_MODEL_ROUTER_BA:
    case CNS_BRITE_MODEL_AS_WAXMAN:
    case CNS_BRITE_MODEL_AS_BA:
    case CNS_BRITE_MODEL_ROUTER_FILE:
    case CNS_BRITE_MODEL_AS_FILE:
      {
        Bandwidth bw = block_bandwidth (model);

        return validate_block (model, &bw, "BWDist", "BW", error);
      }

    case CNS_BRITE_MODEL_TOP_DOWN:
      {
        Bandwidth inter = { model->bw_inter_dist, model->bw_inter_min,
                            model->bw_inter_max, TRUE };
        Bandwidth intra = { model->bw_intra_dist, model->bw_intra_min,
                            model->bw_intra_max, TRUE };

        if (model->edge_conn < CNS_BRITE_EDGE_CONN_RANDOM
            || model->edge_conn > CNS_BRITE_EDGE_CONN_SMALLEST_K)
          {
            g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                         "%s model: edgeConn = %d is not 1 (random), 2 "
                         "(smallest degree), 3 (smallest non-leaf) or 4 "
                         "(smallest degree above k)",
                         label, (gint) model->edge_conn);
            return FALSE;
          }
        if (as == NULL || !is_as_model (as->type))
          {
            g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                         "%s model: the AS-level block is model %d; it must "
                         "be 3, 4 or 8",
                         label, as ? (gint) as->type : 0);
            return FALSE;
          }
        if (rt == NULL || !is_router_model (rt->type))
          {
            g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                         "%s model: the router-level block is model %d; it "
                         "must be 1, 2 or 7",
                         label, rt ? (gint) rt->type : 0);
            return FALSE;
          }
        return validate_bandwidth (model, "BWInter", "BWInter", &inter, error)
               && validate_bandwidth (model, "BWIntra", "BWIntra", &intra,
                                      error)
               && validate_block (as, &inter, "BWInter", "BWInter", error)
               && validate_block (rt, &intra, "BWIntra", "BWIntra", error);
      }

    case CNS_BRITE_MODEL_BOTTOM_UP:
      {
        Bandwidth inter = { model->bw_inter_dist, model->bw_inter_min,
                            model->bw_inter_max, TRUE };
        Bandwidth bw;

        if (rt == NULL || !is_router_model (rt->type))
          {
            g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                         "%s model: the router-level block is model %d; it "
                         "must be 1, 2 or 7",
                         label, rt ? (gint) rt->type : 0);
            return FALSE;
          }
        if (model->grouping != CNS_BRITE_GROUPING_RANDOM_PICK
            && model->grouping != CNS_BRITE_GROUPING_RANDOM_WALK)
          {
            g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                         "%s model: Grouping = %d is not 1 (random pick) or 2 "
                         "(random walk)",
                         label, (gint) model->grouping);
            return FALSE;
          }
        if (model->assign_type < CNS_BRITE_DIST_CONSTANT
            || model->assign_type > CNS_BRITE_DIST_HEAVY_TAILED)
          {
            g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                         "%s model: AssignType = %d is not a distribution (1 "
                         "constant, 2 uniform, 3 exponential, 4 heavy-tailed)",
                         label, (gint) model->assign_type);
            return FALSE;
          }
        if (model->num_as == 0)
          {
            g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                         "%s model: NumAS = 0: there must be at least one AS",
                         label);
            return FALSE;
          }
        if (!is_file (rt->type) && model->num_as > rt->n)
          {
            g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                         "%s model: NumAS = %u is more than the N = %u "
                         "routers to group",
                         label, model->num_as, rt->n);
            return FALSE;
          }
        bw = block_bandwidth (rt);
        return validate_bandwidth (model, "BWInter", "BWInter", &inter, error)
               && validate_block (rt, &bw, "BWDist", "BW", error);
      }

    default:
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "Name = %d is not a BRITE model (1 to 8)",
                   (gint) model->type);
      return FALSE;
    }
}

/* ---------------------------------------------------------------------- */
/* Placement */

/* The squares of [0, @hs)^2 taken already (by an earlier block). */
static guint64
occupied_in_plane (const Generator *gen, guint32 hs)
{
  guint64 n = 0;

  for (guint64 i = 0; i <= gen->occupied.mask; i++)
    {
      guint64 key;

      if (gen->occupied.slots[i] == 0)
        continue;
      key = gen->occupied.slots[i] - 1;
      if ((key >> 32) < hs && (key & G_MAXUINT32) < hs)
        n++;
    }
  return n;
}

static gboolean
place_nodes (Generator *gen, const CnsBriteModel *model, gint32 as_id,
             CnsBriteTopology *topo, GError **error)
{
  gboolean as_level = is_as_model (model->type);
  CnsBriteNodeType type = as_level ? CNS_BRITE_AS_NODE : CNS_BRITE_RT_NODE;
  guint32 first = topo->n_nodes, n = model->n, hs = model->hs;
  guint64 squares = (guint64) hs * hs;

  /* Blocks placed before (top-down) may have taken squares of this
   * plane; count them only when it matters. */
  if (gen->occupied.count + n > squares
      && n > squares - occupied_in_plane (gen, hs))
    {
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "%s model: N = %u nodes do not fit on the plane of HS = %u: "
                   "the nodes placed before leave %" G_GUINT64_FORMAT
                   " of its squares free",
                   model_label (model), n, hs,
                   squares - occupied_in_plane (gen, hs));
      return FALSE;
    }

  if (model->placement == CNS_BRITE_PLACEMENT_RANDOM)
    {
      for (guint32 i = 0; i < n; i++)
        {
          guint32 x, y;

          do
            {
              x = cns_brite_random_index (&gen->places, hs);
              y = cns_brite_random_index (&gen->places, hs);
            }
          while (!key_set_add (&gen->occupied, square_key (x, y)));
          cns_brite_topology_add_node (
              topo, x, y, as_level ? (gint32) (first + i) : as_id, type);
        }
      return TRUE;
    }
  else
    {
      guint32 ls = model->ls, side = hs / ls;
      guint64 cells = (guint64) ls * ls;
      guint64 cap = MAX ((guint64) (3.0 * cells / 4.0), 1);
      guint32 *used = g_new0 (guint32, (gsize) side * side);
      guint32 placed = 0;

      for (guint64 s = 0; s <= gen->occupied.mask && gen->occupied.count; s++)
        {
          guint64 key;

          if (gen->occupied.slots[s] == 0)
            continue;
          key = gen->occupied.slots[s] - 1;
          if ((key >> 32) < hs && (key & G_MAXUINT32) < hs)
            used[(gsize) ((key & G_MAXUINT32) / ls) * side
                 + (key >> 32) / ls]++;
        }
      while (placed < n)
        for (guint32 row = 0; row < side && placed < n; row++)
          for (guint32 col = 0; col < side && placed < n; col++)
            {
              guint32 *u = &used[(gsize) row * side + col];
              guint64 num = (guint64) floor (cns_brite_random_bounded_pareto (
                  &gen->places, HT_SCALE * cells, 1.0));

              num = MIN (num, cap);
              num = MIN (num, cells - *u);
              num = MIN (num, n - placed);
              for (guint64 k = 0; k < num; k++)
                {
                  guint32 x, y;

                  do
                    {
                      /* BRITE's floor (U LS + col LS), without the
                       * rounding that could push it into the next
                       * square. */
                      x = col * ls + cns_brite_random_index (&gen->places, ls);
                      y = row * ls + cns_brite_random_index (&gen->places, ls);
                    }
                  while (!key_set_add (&gen->occupied, square_key (x, y)));
                  cns_brite_topology_add_node (
                      topo, x, y, as_level ? (gint32) (first + placed) : as_id,
                      type);
                  placed++;
                  (*u)++;
                }
            }
      g_free (used);
      return TRUE;
    }
}

/* ---------------------------------------------------------------------- */
/* Linking */

static gdouble
waxman_probability (const CnsBriteModel *model, const CnsBriteNode *a,
                    const CnsBriteNode *b)
{
  gdouble dx = a->x - b->x, dy = a->y - b->y;
  gdouble d = sqrt (dx * dx + dy * dy);

  return model->alpha
         * exp (-d / (model->beta * G_SQRT2 * (gdouble) model->hs));
}

static guint32
uf_find (guint32 *parent, guint32 i)
{
  while (parent[i] != i)
    {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
  return i;
}

/* Joins every component of nodes @first .. @first + @n - 1 (edges from
 * @first_edge on) that does not hold @first to the one that does. */
static void
join_components (Generator *gen, CnsBriteTopology *topo, guint32 first,
                 guint32 n, guint32 first_edge, CnsBriteEdgeType etype)
{
  guint32 *parent = g_new (guint32, n);
  guint32 *comp = g_new (guint32, n); /* per root: its component */
  guint32 *start = g_new0 (guint32, n + 1);
  guint32 *members = g_new (guint32, n);
  guint32 *joined = g_new (guint32, n); /* node 0's component, growing */
  guint32 n_comp = 0, n_main = 0, root0;

  for (guint32 i = 0; i < n; i++)
    parent[i] = i;
  for (guint32 e = first_edge; e < topo->n_edges; e++)
    {
      guint32 a = uf_find (parent, topo->edges[e].src - first);
      guint32 b = uf_find (parent, topo->edges[e].dst - first);

      if (a != b)
        parent[MAX (a, b)] = MIN (a, b);
    }
  /* Components numbered by their lowest node; members in id order. */
  for (guint32 i = 0; i < n; i++)
    comp[i] = NONE;
  for (guint32 i = 0; i < n; i++)
    {
      guint32 r = uf_find (parent, i);

      if (comp[r] == NONE)
        comp[r] = n_comp++;
      start[comp[r] + 1]++;
    }
  if (n_comp <= 1)
    goto out;
  for (guint32 c = 0; c < n_comp; c++)
    start[c + 1] += start[c];
  {
    guint32 *fill = g_memdup2 (start, sizeof (guint32) * n_comp);

    for (guint32 i = 0; i < n; i++)
      members[fill[comp[uf_find (parent, i)]]++] = i;
    g_free (fill);
  }
  root0 = comp[uf_find (parent, 0)];
  g_assert (root0 == 0);
  for (guint32 k = start[0]; k < start[1]; k++)
    joined[n_main++] = members[k];
  for (guint32 c = 1; c < n_comp; c++)
    {
      guint32 size = start[c + 1] - start[c];
      guint32 r
          = members[start[c] + cns_brite_random_index (&gen->connect, size)];
      const CnsBriteNode *a = &topo->nodes[first + r];
      guint32 best = NONE;
      gdouble best_d = G_MAXDOUBLE;

      for (guint32 k = 0; k < n_main; k++)
        {
          const CnsBriteNode *b = &topo->nodes[first + joined[k]];
          gdouble dx = a->x - b->x, dy = a->y - b->y;
          gdouble d = dx * dx + dy * dy;

          if (d < best_d || (d == best_d && joined[k] < best))
            {
              best_d = d;
              best = joined[k];
            }
        }
      cns_brite_topology_add_edge (topo, first + r, first + best, 0.0, etype);
      for (guint32 k = start[c]; k < start[c + 1]; k++)
        joined[n_main++] = members[k];
    }
out:
  g_free (parent);
  g_free (comp);
  g_free (start);
  g_free (members);
  g_free (joined);
}

static void
link_waxman (Generator *gen, const CnsBriteModel *model, CnsBriteTopology *topo,
             guint32 first, CnsBriteEdgeType etype)
{
  guint32 n = model->n, m = model->m, first_edge = topo->n_edges;

  if (model->growth == CNS_BRITE_GROWTH_INCREMENTAL)
    {
      /* taken[j] == i + 1: node i has linked to j. */
      guint32 *taken = g_new0 (guint32, n);

      for (guint32 i = 1; i < n; i++)
        {
          guint32 want = MIN (m, i);

          for (guint32 added = 0; added < want;)
            {
              guint32 j = cns_brite_random_index (&gen->connect, i);

              if (taken[j] == i + 1)
                continue;
              if (cns_brite_random_uniform (&gen->connect)
                  < waxman_probability (model, &topo->nodes[first + i],
                                        &topo->nodes[first + j]))
                {
                  taken[j] = i + 1;
                  cns_brite_topology_add_edge (topo, first + i, first + j, 0.0,
                                               etype);
                  added++;
                }
            }
        }
      g_free (taken);
    }
  else
    {
      KeySet linked;

      key_set_init (&linked, (guint64) n * MIN (m, n));
      for (guint32 i = 0; i < n; i++)
        {
          guint32 degree = topo->nodes[first + i].out_degree;
          guint32 want = degree >= n - 1 ? 0 : MIN (m, n - 1 - degree);

          for (guint32 added = 0; added < want;)
            {
              guint32 j = cns_brite_random_index (&gen->connect, n);

              if (j == i || key_set_contains (&linked, pair_key (i, j)))
                continue;
              if (cns_brite_random_uniform (&gen->connect)
                  < waxman_probability (model, &topo->nodes[first + i],
                                        &topo->nodes[first + j]))
                {
                  key_set_add (&linked, pair_key (i, j));
                  cns_brite_topology_add_edge (topo, first + i, first + j, 0.0,
                                               etype);
                  added++;
                }
            }
        }
      key_set_clear (&linked);
      join_components (gen, topo, first, n, first_edge, etype);
    }
}

static void
link_barabasi_albert (Generator *gen, const CnsBriteModel *model,
                      CnsBriteTopology *topo, guint32 first,
                      CnsBriteEdgeType etype)
{
  guint32 n = model->n, m = model->m;
  guint32 *taken = g_new0 (guint32, n);
  guint32 *chosen = g_new (guint32, MIN (m, n));
  /* Both ends of every link so far: a node appears degree times. */
  guint32 *ends = g_new (guint32, 2 * (gsize) MIN (m, n) * n + 2);
  gsize n_ends = 0;

  for (guint32 i = 1; i < n; i++)
    {
      guint32 want = MIN (m, i);

      for (guint32 added = 0; added < want;)
        {
          guint32 j
              = n_ends == 0
                    ? cns_brite_random_index (&gen->connect, i)
                    : ends[cns_brite_random_index (&gen->connect, n_ends)];

          if (taken[j] == i + 1)
            continue;
          taken[j] = i + 1;
          chosen[added++] = j;
          cns_brite_topology_add_edge (topo, first + i, first + j, 0.0, etype);
        }
      for (guint32 k = 0; k < want; k++)
        {
          ends[n_ends++] = i;
          ends[n_ends++] = chosen[k];
        }
    }
  g_free (taken);
  g_free (chosen);
  g_free (ends);
}

/* ---------------------------------------------------------------------- */
/* Blocks */

static gboolean
import_block (const CnsBriteModel *model, gint32 as_id, CnsBriteTopology *topo,
              GError **error)
{
  gboolean as_level = is_as_model (model->type);
  g_autoptr (CnsBriteTopology) file = NULL;
  guint32 first = topo->n_nodes;

  file = cns_brite_topology_read_file (model->file, error);
  if (file == NULL)
    return FALSE;
  if (file->n_nodes == 0)
    {
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "%s model: the file '%s' has no nodes", model_label (model),
                   model->file);
      return FALSE;
    }
  /* A router file keeps its AS ids, as BRITE does, unless the routers
   * are those of one AS of a top-down topology. */
  for (guint32 i = 0; i < file->n_nodes; i++)
    cns_brite_topology_add_node (topo, file->nodes[i].x, file->nodes[i].y,
                                 as_level      ? (gint32) (first + i)
                                 : as_id != -1 ? as_id
                                               : file->nodes[i].as_id,
                                 as_level ? CNS_BRITE_AS_NODE
                                          : CNS_BRITE_RT_NODE);
  for (guint32 e = 0; e < file->n_edges; e++)
    {
      const CnsBriteEdge *edge = &file->edges[e];
      guint32 id = cns_brite_topology_add_edge (
          topo, first + edge->src, first + edge->dst, edge->bandwidth,
          as_level ? CNS_BRITE_E_AS : CNS_BRITE_E_RT);

      topo->edges[id].directed = edge->directed;
    }
  return TRUE;
}

/* Appends the nodes and links of a flat or imported block to @topo:
 * router nodes of AS @as_id, or AS nodes each its own AS. */
static gboolean
generate_block (Generator *gen, const CnsBriteModel *model, const Bandwidth *bw,
                gint32 as_id, CnsBriteTopology *topo, GError **error)
{
  CnsBriteEdgeType etype
      = is_as_model (model->type) ? CNS_BRITE_E_AS : CNS_BRITE_E_RT;
  guint32 first = topo->n_nodes, first_edge = topo->n_edges;

  if (is_file (model->type))
    {
      if (!import_block (model, as_id, topo, error))
        return FALSE;
    }
  else
    {
      if (!place_nodes (gen, model, as_id, topo, error))
        return FALSE;
      if (is_waxman (model->type))
        link_waxman (gen, model, topo, first, etype);
      else
        link_barabasi_albert (gen, model, topo, first, etype);
    }
  assign_bandwidths (gen, bw, topo, first_edge);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Top-down */

typedef struct
{
  guint32 *count; /* routers of each degree */
  guint32 size;
  guint32 min;
} DegreeHistogram;

static void
histogram_init (DegreeHistogram *h, const CnsBriteTopology *topo, guint32 extra)
{
  guint32 max = 0;

  for (guint32 i = 0; i < topo->n_nodes; i++)
    max = MAX (max, topo->nodes[i].out_degree);
  h->size = max + extra + 1;
  h->count = g_new0 (guint32, h->size);
  h->min = G_MAXUINT32;
  for (guint32 i = 0; i < topo->n_nodes; i++)
    {
      h->count[topo->nodes[i].out_degree]++;
      h->min = MIN (h->min, topo->nodes[i].out_degree);
    }
}

/* A router's degree went from @degree to @degree + 1. */
static void
histogram_raise (DegreeHistogram *h, guint32 degree)
{
  h->count[degree]--;
  h->count[degree + 1]++;
  while (h->count[h->min] == 0)
    h->min++;
}

/* The router of @topo in @first .. @last - 1 that edgeConn picks. */
static guint32
pick_border (Generator *gen, const CnsBriteModel *model,
             const CnsBriteTopology *topo, const DegreeHistogram *h,
             guint32 first, guint32 last)
{
  guint32 best = NONE, best_degree = G_MAXUINT32;
  gint64 above;

  switch (model->edge_conn)
    {
    case CNS_BRITE_EDGE_CONN_RANDOM:
      return first + cns_brite_random_index (&gen->edge_conn, last - first);
    case CNS_BRITE_EDGE_CONN_SMALLEST_NONLEAF:
      above = h->min;
      break;
    case CNS_BRITE_EDGE_CONN_SMALLEST_K:
      above = model->k;
      break;
    case CNS_BRITE_EDGE_CONN_SMALLEST:
    default:
      above = -1;
      break;
    }
  for (guint32 i = first; i < last; i++)
    {
      guint32 d = topo->nodes[i].out_degree;

      if ((gint64) d > above && d < best_degree)
        {
          best = i;
          best_degree = d;
        }
    }
  if (best != NONE)
    return best;
  for (guint32 i = first; i < last; i++)
    if (topo->nodes[i].out_degree < best_degree)
      {
        best = i;
        best_degree = topo->nodes[i].out_degree;
      }
  return best;
}

static CnsBriteTopology *
generate_top_down (Generator *gen, const CnsBriteModel *model, GError **error)
{
  Bandwidth inter = { model->bw_inter_dist, model->bw_inter_min,
                      model->bw_inter_max, TRUE };
  Bandwidth intra = { model->bw_intra_dist, model->bw_intra_min,
                      model->bw_intra_max, TRUE };
  g_autoptr (CnsBriteTopology) as = cns_brite_topology_new ();
  g_autoptr (CnsBriteTopology) topo = cns_brite_topology_new ();
  g_autofree guint32 *start = NULL;
  DegreeHistogram h = { NULL, 0, 0 };

  if (!generate_block (gen, model->as_model, &inter, -1, as, error))
    return NULL;
  if (!cns_brite_topology_is_connected (as))
    {
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "%s model: the AS-level graph is not connected",
                   model_label (model));
      return NULL;
    }
  start = g_new (guint32, as->n_nodes + 1);
  for (guint32 a = 0; a < as->n_nodes; a++)
    {
      start[a] = topo->n_nodes;
      if (!generate_block (gen, model->router_model, &intra, (gint32) a, topo,
                           error))
        return NULL;
    }
  start[as->n_nodes] = topo->n_nodes;

  if (model->edge_conn == CNS_BRITE_EDGE_CONN_SMALLEST_NONLEAF)
    histogram_init (&h, topo, 2 * as->n_edges);
  for (guint32 e = 0; e < as->n_edges; e++)
    {
      const CnsBriteEdge *edge = &as->edges[e];
      guint32 u = edge->src, v = edge->dst, a, b, id;

      a = pick_border (gen, model, topo, &h, start[u], start[u + 1]);
      b = pick_border (gen, model, topo, &h, start[v], start[v + 1]);
      id = cns_brite_topology_add_edge (topo, a, b, edge->bandwidth,
                                        CNS_BRITE_E_RT);
      if (h.count)
        {
          /* Both ends went up by one (the same end by two, for a loop
           * of an imported AS graph). */
          histogram_raise (&h, topo->nodes[a].out_degree - 1 - (a == b));
          histogram_raise (&h, topo->nodes[b].out_degree - 1);
        }
      topo->edges[id].directed = edge->directed;
    }
  g_free (h.count);
  return g_steal_pointer (&topo);
}

/* ---------------------------------------------------------------------- */
/* Bottom-up */

typedef struct
{
  gdouble frac;
  guint32 as;
} Remainder;

/* Largest remainder first, then lowest AS id. */
static int
compare_remainders (const void *pa, const void *pb)
{
  const Remainder *a = pa, *b = pb;

  if (a->frac != b->frac)
    return a->frac > b->frac ? -1 : 1;
  return a->as < b->as ? -1 : a->as > b->as;
}

/* The sizes of @num_as ASes that share @n routers. */
static guint32 *
as_sizes (Generator *gen, const CnsBriteModel *model, guint32 n, guint32 num_as)
{
  guint32 *size = g_new (guint32, num_as);
  g_autofree gdouble *w = NULL;
  g_autofree Remainder *rest = NULL;
  gdouble total = 0.0;
  guint32 spare = n - num_as, given = 0;

  if (model->assign_type == CNS_BRITE_DIST_CONSTANT)
    {
      for (guint32 a = 0; a < num_as; a++)
        size[a] = n / num_as + (a < n % num_as ? 1 : 0);
      return size;
    }
  w = g_new (gdouble, num_as);
  for (guint32 a = 0; a < num_as; a++)
    {
      switch (model->assign_type)
        {
        case CNS_BRITE_DIST_UNIFORM:
          w[a] = 1.0 + cns_brite_random_uniform (&gen->assignment) * (n - 1.0);
          break;
        case CNS_BRITE_DIST_EXPONENTIAL:
          w[a] = cns_brite_random_exponential (&gen->assignment,
                                               (gdouble) n / num_as);
          break;
        case CNS_BRITE_DIST_HEAVY_TAILED:
        default:
          w[a] = cns_brite_random_bounded_pareto (&gen->assignment, n,
                                                  PARETO_SHAPE);
          break;
        }
      total += w[a];
    }
  /* Each AS 1 router, then the spare ones in proportion to the weights:
   * the rounded-down shares, then one each to the largest remainders
   * (fewer than num_as are left). */
  rest = g_new (Remainder, num_as);
  for (guint32 a = 0; a < num_as; a++)
    {
      gdouble share = total > 0.0 ? w[a] / total * spare : 0.0;
      guint32 whole = (guint32) MIN (floor (share), (gdouble) (spare - given));

      size[a] = 1 + whole;
      given += whole;
      rest[a].frac = share - whole;
      rest[a].as = a;
    }
  qsort (rest, num_as, sizeof *rest, compare_remainders);
  for (guint32 r = 0; given < spare; r++, given++)
    size[rest[r % num_as].as]++;
  return size;
}

/* Removes router @r from the pool of unassigned routers. */
static void
pool_remove (guint32 *pool, guint32 *where, guint32 *n_pool, guint32 r)
{
  guint32 at = where[r], last = pool[--*n_pool];

  pool[at] = last;
  where[last] = at;
  where[r] = NONE;
}

static CnsBriteTopology *
generate_bottom_up (Generator *gen, const CnsBriteModel *model, GError **error)
{
  Bandwidth inter = { model->bw_inter_dist, model->bw_inter_min,
                      model->bw_inter_max, TRUE };
  Bandwidth bw = block_bandwidth (model->router_model);
  g_autoptr (CnsBriteTopology) topo = cns_brite_topology_new ();
  g_autofree guint32 *size = NULL;
  g_autofree guint32 *pool = NULL;
  g_autofree guint32 *where = NULL;
  g_autofree guint32 *adj_start = NULL;
  g_autofree guint32 *adj = NULL;
  guint32 n, n_pool;

  if (!generate_block (gen, model->router_model, &bw, -1, topo, error))
    return NULL;
  n = topo->n_nodes;
  if (model->num_as > n)
    {
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_INVALID,
                   "%s model: NumAS = %u is more than the %u routers to group",
                   model_label (model), model->num_as, n);
      return NULL;
    }
  size = as_sizes (gen, model, n, model->num_as);

  pool = g_new (guint32, n);
  where = g_new (guint32, n);
  for (guint32 i = 0; i < n; i++)
    pool[i] = where[i] = i;
  n_pool = n;

  if (model->grouping == CNS_BRITE_GROUPING_RANDOM_WALK)
    {
      /* Neighbours of each router, in edge order. */
      guint32 *fill;

      adj_start = g_new0 (guint32, n + 1);
      for (guint32 e = 0; e < topo->n_edges; e++)
        {
          adj_start[topo->edges[e].src + 1]++;
          adj_start[topo->edges[e].dst + 1]++;
        }
      for (guint32 i = 0; i < n; i++)
        adj_start[i + 1] += adj_start[i];
      adj = g_new (guint32, MAX (adj_start[n], 1));
      fill = g_memdup2 (adj_start, sizeof (guint32) * n);
      for (guint32 e = 0; e < topo->n_edges; e++)
        {
          adj[fill[topo->edges[e].src]++] = topo->edges[e].dst;
          adj[fill[topo->edges[e].dst]++] = topo->edges[e].src;
        }
      g_free (fill);
    }

  for (guint32 a = 0; a < model->num_as; a++)
    {
      guint32 taken = 0, cur, idle = 0;

      if (a + 1 == model->num_as)
        {
          /* The last AS takes what is left, however it is drawn. */
          while (n_pool > 0)
            {
              topo->nodes[pool[n_pool - 1]].as_id = (gint32) a;
              n_pool--;
            }
          break;
        }
      if (model->grouping == CNS_BRITE_GROUPING_RANDOM_PICK)
        {
          for (; taken < size[a]; taken++)
            {
              guint32 r = pool[cns_brite_random_index (&gen->grouping, n_pool)];

              pool_remove (pool, where, &n_pool, r);
              topo->nodes[r].as_id = (gint32) a;
            }
          continue;
        }
      cur = pool[cns_brite_random_index (&gen->grouping, n_pool)];
      pool_remove (pool, where, &n_pool, cur);
      topo->nodes[cur].as_id = (gint32) a;
      taken = 1;
      while (taken < size[a])
        {
          guint32 degree = adj_start[cur + 1] - adj_start[cur];

          if (degree > 0 && idle < n)
            {
              cur = adj[adj_start[cur]
                        + cns_brite_random_index (&gen->grouping, degree)];
              if (where[cur] == NONE)
                {
                  idle++;
                  continue;
                }
            }
          else
            cur = pool[cns_brite_random_index (&gen->grouping, n_pool)];
          pool_remove (pool, where, &n_pool, cur);
          topo->nodes[cur].as_id = (gint32) a;
          taken++;
          idle = 0;
        }
    }

  for (guint32 e = 0; e < topo->n_edges; e++)
    {
      CnsBriteEdge *edge = &topo->edges[e];

      edge->as_from = topo->nodes[edge->src].as_id;
      edge->as_to = topo->nodes[edge->dst].as_id;
      if (edge->as_from != edge->as_to)
        edge->bandwidth = bandwidth_draw (gen, &inter);
    }
  return g_steal_pointer (&topo);
}

/* ---------------------------------------------------------------------- */

/**
 * cns_brite_generate: (skip)
 * @config: a configuration
 * @seeds: (inout): the generators' states; on success, their states
 *   after the topology, as BRITE's last_seed_file (unchanged on error)
 * @error: return location for a #GError
 *
 * Generates the topology of @config's model, drawing from @seeds: the
 * same configuration and seeds give the same topology, node for node and
 * edge for edge. Nodes and edges are classified with
 * cns_brite_topology_classify() and the router-level block's m (the
 * model's own m for flat models). See the top of this file for the
 * models' rules.
 *
 * Returns: (transfer full): the topology, model_id the model type and
 * model its fields as cns_brite_model_to_string() writes them; %NULL with
 * %CNS_BRITE_ERROR_INVALID for a value out of range (naming the field
 * and value), %CNS_BRITE_ERROR_UNSUPPORTED for an import format other
 * than BRITE's, or the errors of reading an imported file.
 */
CnsBriteTopology *
cns_brite_generate (const CnsBriteConfig *config, CnsBriteSeeds *seeds,
                    GError **error)
{
  const CnsBriteModel *model;
  g_autoptr (CnsBriteTopology) topo = NULL;
  Generator gen;
  guint32 m;

  g_return_val_if_fail (config != NULL, NULL);
  g_return_val_if_fail (config->model != NULL, NULL);
  g_return_val_if_fail (seeds != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  model = config->model;
  if (!validate_model (model, error))
    return NULL;

  generator_init (&gen, seeds);
  switch (model->type)
    {
    case CNS_BRITE_MODEL_TOP_DOWN:
      topo = generate_top_down (&gen, model, error);
      m = model->router_model->m;
      break;
    case CNS_BRITE_MODEL_BOTTOM_UP:
      topo = generate_bottom_up (&gen, model, error);
      m = model->router_model->m;
      break;
    default:
      {
        Bandwidth bw = block_bandwidth (model);

        topo = cns_brite_topology_new ();
        if (!generate_block (&gen, model, &bw, -1, topo, error))
          g_clear_pointer (&topo, cns_brite_topology_free);
        m = model->m;
      }
      break;
    }
  if (topo != NULL)
    {
      topo->model_id = model->type;
      topo->model = cns_brite_model_to_string (model);
      /* An imported block has no m: nodes of degree 1 are its leaves. */
      cns_brite_topology_classify (topo, MAX (m, 1));
      generator_save (&gen, seeds);
    }
  key_set_clear (&gen.occupied);
  return g_steal_pointer (&topo);
}
