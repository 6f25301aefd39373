/* cns — BRITE configuration files.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A BRITE configuration is a stream of tokens: "BriteConfig", one
 * BeginModel ... EndModel block (followed, for the hierarchical models,
 * by the blocks they are made of), then BeginOutput ... EndOutput. Every
 * field is "Name = value", and the fields of a model come in a fixed
 * order, so the parser is a straight sequence of "read this field"
 * steps: no lookahead except between BeginModel and BeginOutput, and
 * among the optional output fields.
 *
 * Tokens are separated by blanks, line ends, ':' and '/'; '=' is a token
 * of its own even when glued to its neighbours, and '#' starts a comment
 * that runs to the end of the line. The File field of an imported model
 * is read as a path: only blanks and line ends end it.
 *
 * The text is never copied as a whole nor assumed NUL-terminated, so
 * embedded NUL bytes are plain (wrong) token bytes. Every error names the
 * file, the line, and the field at fault; tokens are quoted in messages
 * with their control and non-ASCII bytes escaped and are cut after 40
 * bytes.
 */
#include "brite/cns-brite-config.h"

#include "brite/cns-brite-error.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

/* Integers are accumulated up to this bound; a longer one is out of the
 * range of every field. */
#define INTEGER_LIMIT G_GINT64_CONSTANT (1000000000000000000)
/* The bytes of a token that an error message shows. */
#define QUOTE_MAX 40

typedef struct
{
  const gchar *start; /* NULL at the end of the text */
  gsize len;
  guint line;
} Token;

typedef struct
{
  const gchar *name; /* for messages */
  gchar *dir;        /* for relative File fields, or NULL */
  const gchar *pos;
  const gchar *end;
  guint line;
  guint last_line; /* of the last token: end of file is reported there */
  GError **error;
} Parser;

static void model_free (CnsBriteModel *model);
static void append_double (GString *s, gdouble value);

/* ---- tokens ---- */

static gboolean
is_separator (gchar c, gboolean path)
{
  switch (c)
    {
    case ' ':
    case '\t':
    case '\r':
    case '\n':
      return TRUE;
    case ':':
    case '/':
      return !path;
    default:
      return FALSE;
    }
}

/* Reads the next token into @t; as a path (the value of File) when @path
 * is set, in which only blanks, line ends and '#' end it. */
static void
next_token (Parser *p, Token *t, gboolean path)
{
  for (;;)
    {
      if (p->pos == p->end)
        {
          t->start = NULL;
          t->len = 0;
          t->line = p->last_line;
          return;
        }
      if (*p->pos == '\n')
        {
          p->line++;
          p->pos++;
        }
      else if (*p->pos == '#')
        {
          while (p->pos < p->end && *p->pos != '\n')
            p->pos++;
        }
      else if (is_separator (*p->pos, path))
        p->pos++;
      else
        break;
    }

  t->start = p->pos;
  t->line = p->line;
  p->last_line = p->line;
  if (!path && *p->pos == '=')
    p->pos++;
  else
    while (p->pos < p->end && !is_separator (*p->pos, path) && *p->pos != '#'
           && (path || *p->pos != '='))
      p->pos++;
  t->len = p->pos - t->start;
}

static gboolean
token_is (const Token *t, const gchar *word)
{
  gsize len = strlen (word);

  return t->start != NULL && t->len == len && memcmp (t->start, word, len) == 0;
}

/* Appends at most QUOTE_MAX bytes of @t, escaped, then "..." if it is
 * longer. */
static void
append_token_text (GString *s, const Token *t)
{
  gsize n = MIN (t->len, QUOTE_MAX);

  for (gsize i = 0; i < n; i++)
    {
      guchar c = t->start[i];

      if (c == '"' || c == '\\')
        g_string_append_printf (s, "\\%c", c);
      else if (c >= 0x20 && c < 0x7f)
        g_string_append_c (s, c);
      else
        g_string_append_printf (s, "\\x%02x", c);
    }
  if (t->len > n)
    g_string_append (s, "...");
}

/* "end of file", or the token in double quotes. */
static gchar *
describe_token (const Token *t)
{
  GString *s;

  if (t->start == NULL)
    return g_strdup ("end of file");
  s = g_string_new ("\"");
  append_token_text (s, t);
  g_string_append_c (s, '"');
  return g_string_free (s, FALSE);
}

/* The token unquoted: for numbers, whose bytes are known to be plain. */
static gchar *
token_text (const Token *t)
{
  GString *s = g_string_new (NULL);

  append_token_text (s, t);
  return g_string_free (s, FALSE);
}

G_GNUC_PRINTF (4, 5)
static void
fail (Parser *p, guint line, gint code, const gchar *format, ...)
{
  g_autofree gchar *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (p->error, CNS_BRITE_ERROR, code, "%s:%u: %s", p->name, line,
               message);
}

/* Reads a keyword; @what, when given, says in the message what it
 * starts. */
static gboolean
expect_keyword (Parser *p, const gchar *keyword, const gchar *what)
{
  g_autofree gchar *found = NULL;
  Token t;

  next_token (p, &t, FALSE);
  if (token_is (&t, keyword))
    return TRUE;
  found = describe_token (&t);
  if (what != NULL)
    fail (p, t.line, CNS_BRITE_ERROR_PARSE, "expected \"%s\" (%s), found %s",
          keyword, what, found);
  else
    fail (p, t.line, CNS_BRITE_ERROR_PARSE, "expected \"%s\", found %s",
          keyword, found);
  return FALSE;
}

/* Reads "@field =" and the token of its value into @value (whose start is
 * NULL at the end of the text). */
static gboolean
read_field (Parser *p, const gchar *field, gboolean path, Token *value)
{
  g_autofree gchar *found = NULL;
  Token t;

  next_token (p, &t, FALSE);
  if (!token_is (&t, field))
    {
      found = describe_token (&t);
      fail (p, t.line, CNS_BRITE_ERROR_PARSE, "expected field \"%s\", found %s",
            field, found);
      return FALSE;
    }
  next_token (p, &t, FALSE);
  if (!token_is (&t, "="))
    {
      found = describe_token (&t);
      fail (p, t.line, CNS_BRITE_ERROR_PARSE,
            "field \"%s\": expected \"=\", found %s", field, found);
      return FALSE;
    }
  next_token (p, value, path);
  return TRUE;
}

/* ---- values ---- */

/* Parses @t as a decimal integer with an optional sign. FALSE if it is
 * not one; *@overflow is set when its magnitude is over INTEGER_LIMIT. */
static gboolean
parse_integer (const Token *t, gint64 *value, gboolean *overflow)
{
  gboolean negative = FALSE;
  gint64 magnitude = 0;
  gsize i = 0;

  *overflow = FALSE;
  if (t->start == NULL || t->len == 0)
    return FALSE;
  if (t->start[0] == '+' || t->start[0] == '-')
    {
      negative = t->start[0] == '-';
      i = 1;
    }
  if (i == t->len)
    return FALSE;
  for (; i < t->len; i++)
    {
      if (!g_ascii_isdigit (t->start[i]))
        return FALSE;
      if (magnitude > INTEGER_LIMIT / 10)
        *overflow = TRUE;
      else
        magnitude = magnitude * 10 + (t->start[i] - '0');
    }
  *value = negative ? -magnitude : magnitude;
  return TRUE;
}

/* Reads integer field @field, from @min to @max. */
static gboolean
read_int (Parser *p, const gchar *field, gint64 min, gint64 max, gint64 *value,
          guint *line)
{
  gboolean overflow;
  Token t;

  if (!read_field (p, field, FALSE, &t))
    return FALSE;
  if (!parse_integer (&t, value, &overflow))
    {
      g_autofree gchar *found = describe_token (&t);

      fail (p, t.line, CNS_BRITE_ERROR_PARSE,
            "field \"%s\": expected an integer, found %s", field, found);
      return FALSE;
    }
  if (overflow || *value < min || *value > max)
    {
      g_autofree gchar *text = token_text (&t);

      fail (p, t.line, CNS_BRITE_ERROR_INVALID,
            "field \"%s\": %s is out of range (must be from %" G_GINT64_FORMAT
            " to %" G_GINT64_FORMAT ")",
            field, text, min, max);
      return FALSE;
    }
  if (line != NULL)
    *line = t.line;
  return TRUE;
}

static gboolean
read_u32 (Parser *p, const gchar *field, gint64 min, gint64 max, guint32 *value,
          guint *line)
{
  gint64 v;

  if (!read_int (p, field, min, max, &v, line))
    return FALSE;
  *value = (guint32) v;
  return TRUE;
}

/* An enum field: its values run from 1 to @max. */
static gboolean
read_enum (Parser *p, const gchar *field, gint max, gint *value)
{
  gint64 v;

  if (!read_int (p, field, 1, max, &v, NULL))
    return FALSE;
  *value = (gint) v;
  return TRUE;
}

/* Reads a real field: a decimal number, with an optional sign, fraction
 * and exponent (no "inf", "nan" or hexadecimal). */
static gboolean
read_double (Parser *p, const gchar *field, gdouble *value, guint *line)
{
  g_autofree gchar *copy = NULL;
  gboolean digit = FALSE;
  gchar *end = NULL;
  Token t;

  if (!read_field (p, field, FALSE, &t))
    return FALSE;
  for (gsize i = 0; t.start != NULL && i < t.len; i++)
    {
      gchar c = t.start[i];

      if (g_ascii_isdigit (c))
        digit = TRUE;
      else if (c != '+' && c != '-' && c != '.' && c != 'e' && c != 'E')
        {
          digit = FALSE;
          break;
        }
    }
  if (digit)
    {
      copy = g_strndup (t.start, t.len);
      *value = g_ascii_strtod (copy, &end);
    }
  if (!digit || end != copy + t.len)
    {
      g_autofree gchar *found = describe_token (&t);

      fail (p, t.line, CNS_BRITE_ERROR_PARSE,
            "field \"%s\": expected a number, found %s", field, found);
      return FALSE;
    }
  if (!isfinite (*value))
    {
      g_autofree gchar *text = token_text (&t);

      fail (p, t.line, CNS_BRITE_ERROR_INVALID,
            "field \"%s\": %s is out of range", field, text);
      return FALSE;
    }
  if (line != NULL)
    *line = t.line;
  return TRUE;
}

/* Reads a distribution field and its two bandwidth bounds. Unless @any,
 * the bounds must be both -1 (unset), or 0 <= min <= max. */
static gboolean
read_bandwidth (Parser *p, const gchar *dist_field, const gchar *min_field,
                const gchar *max_field, gboolean any, CnsBriteDist *dist,
                gdouble *min, gdouble *max)
{
  guint min_line, max_line;
  gint d;

  if (!read_enum (p, dist_field, 4, &d)
      || !read_double (p, min_field, min, &min_line)
      || !read_double (p, max_field, max, &max_line))
    return FALSE;
  *dist = d;
  if (any || (*min == -1 && *max == -1))
    return TRUE;
  if (*min < 0 || *max < *min)
    {
      g_autoptr (GString) s = g_string_new (NULL);

      if (*min < 0)
        {
          append_double (s, *min);
          fail (p, min_line, CNS_BRITE_ERROR_INVALID,
                "field \"%s\": %s is negative (only %s = %s = -1, unset, is "
                "allowed)",
                min_field, s->str, min_field, max_field);
        }
      else
        {
          append_double (s, *max);
          g_string_append (s, " is smaller than ");
          g_string_append (s, min_field);
          g_string_append (s, " = ");
          append_double (s, *min);
          fail (p, max_line, CNS_BRITE_ERROR_INVALID, "field \"%s\": %s",
                max_field, s->str);
        }
      return FALSE;
    }
  return TRUE;
}

/* HS, then LS from 1 to HS. */
static gboolean
read_plane (Parser *p, CnsBriteModel *model)
{
  guint line;

  if (!read_u32 (p, "HS", 1, G_MAXUINT32, &model->hs, NULL)
      || !read_u32 (p, "LS", 1, G_MAXUINT32, &model->ls, &line))
    return FALSE;
  if (model->ls > model->hs)
    {
      fail (p, line, CNS_BRITE_ERROR_INVALID,
            "field \"LS\": %u is larger than HS = %u", model->ls, model->hs);
      return FALSE;
    }
  return TRUE;
}

/* ---- model blocks ---- */

/* The Name field: a model from 1 to 8. */
static gboolean
read_model_type (Parser *p, CnsBriteModelType *type, guint *line)
{
  gboolean overflow;
  gint64 value;
  Token t;

  if (!read_field (p, "Name", FALSE, &t))
    return FALSE;
  if (!parse_integer (&t, &value, &overflow))
    {
      g_autofree gchar *found = describe_token (&t);

      fail (p, t.line, CNS_BRITE_ERROR_PARSE,
            "field \"Name\": expected an integer, found %s", found);
      return FALSE;
    }
  if (overflow || value < CNS_BRITE_MODEL_ROUTER_WAXMAN
      || value > CNS_BRITE_MODEL_AS_FILE)
    {
      g_autofree gchar *text = token_text (&t);

      fail (p, t.line, CNS_BRITE_ERROR_PARSE,
            "unknown model %s (Name must be 1-8)", text);
      return FALSE;
    }
  *type = (CnsBriteModelType) value;
  *line = t.line;
  return TRUE;
}

/* Models 1 to 4: Waxman when @waxman, else Barabasi-Albert. */
static gboolean
parse_flat (Parser *p, CnsBriteModel *model, gboolean waxman, gboolean inner)
{
  guint line;
  gint v;

  if (!read_u32 (p, "N", 1, G_MAXUINT32, &model->n, NULL)
      || !read_plane (p, model) || !read_enum (p, "NodePlacement", 2, &v))
    return FALSE;
  model->placement = v;
  model->growth = CNS_BRITE_GROWTH_INCREMENTAL;
  if (waxman)
    {
      if (!read_enum (p, "GrowthType", 2, &v))
        return FALSE;
      model->growth = v;
    }
  if (!read_u32 (p, "m", 1, G_MAXUINT32, &model->m, NULL))
    return FALSE;
  if (waxman)
    {
      if (!read_double (p, "alpha", &model->alpha, &line))
        return FALSE;
      if (!(model->alpha > 0 && model->alpha <= 1))
        {
          g_autoptr (GString) s = g_string_new (NULL);

          append_double (s, model->alpha);
          fail (p, line, CNS_BRITE_ERROR_INVALID,
                "field \"alpha\": %s is out of range (must be in (0, 1])",
                s->str);
          return FALSE;
        }
      if (!read_double (p, "beta", &model->beta, &line))
        return FALSE;
      if (!(model->beta > 0))
        {
          g_autoptr (GString) s = g_string_new (NULL);

          append_double (s, model->beta);
          fail (p, line, CNS_BRITE_ERROR_INVALID,
                "field \"beta\": %s is out of range (must be above 0)", s->str);
          return FALSE;
        }
    }
  return read_bandwidth (p, "BWDist", "BWMin", "BWMax", inner, &model->bw_dist,
                         &model->bw_min, &model->bw_max);
}

static gboolean
parse_top_down (Parser *p, CnsBriteModel *model)
{
  gint64 k;
  gint v;

  if (!read_enum (p, "edgeConn", 4, &v))
    return FALSE;
  model->edge_conn = v;
  if (!read_int (p, "k", G_MININT32, G_MAXINT32, &k, NULL))
    return FALSE;
  model->k = (gint32) k;
  return read_bandwidth (p, "BWInter", "BWInterMin", "BWInterMax", FALSE,
                         &model->bw_inter_dist, &model->bw_inter_min,
                         &model->bw_inter_max)
         && read_bandwidth (p, "BWIntra", "BWIntraMin", "BWIntraMax", FALSE,
                            &model->bw_intra_dist, &model->bw_intra_min,
                            &model->bw_intra_max);
}

static gboolean
parse_bottom_up (Parser *p, CnsBriteModel *model, guint *num_as_line)
{
  gint v;

  if (!read_enum (p, "Grouping", 2, &v))
    return FALSE;
  model->grouping = v;
  if (!read_enum (p, "AssignType", 4, &v))
    return FALSE;
  model->assign_type = v;
  return read_u32 (p, "NumAS", 1, G_MAXUINT32, &model->num_as, num_as_line)
         && read_bandwidth (p, "BWInter", "BWInterMin", "BWInterMax", FALSE,
                            &model->bw_inter_dist, &model->bw_inter_min,
                            &model->bw_inter_max);
}

/* Models 7 and 8. Format 1 (BRITE) is the only one cns imports. */
static gboolean
parse_imported (Parser *p, CnsBriteModel *model, gboolean inner)
{
  gboolean overflow;
  gint64 format;
  Token t;

  if (!read_field (p, "Format", FALSE, &t))
    return FALSE;
  if (!parse_integer (&t, &format, &overflow))
    {
      g_autofree gchar *found = describe_token (&t);

      fail (p, t.line, CNS_BRITE_ERROR_PARSE,
            "field \"Format\": expected an integer, found %s", found);
      return FALSE;
    }
  if (overflow || format < 1)
    {
      g_autofree gchar *text = token_text (&t);

      fail (p, t.line, CNS_BRITE_ERROR_INVALID,
            "field \"Format\": %s is out of range (must be 1 or more)", text);
      return FALSE;
    }
  if (format != 1)
    {
      fail (p, t.line, CNS_BRITE_ERROR_UNSUPPORTED,
            "field \"Format\": import format %" G_GINT64_FORMAT
            " is not supported (cns imports format 1, BRITE, only)",
            format);
      return FALSE;
    }
  model->format = 1;

  if (!read_field (p, "File", TRUE, &t))
    return FALSE;
  if (t.start == NULL || memchr (t.start, '\0', t.len) != NULL)
    {
      g_autofree gchar *found = describe_token (&t);

      fail (p, t.line, CNS_BRITE_ERROR_PARSE,
            "field \"File\": expected a file name, found %s", found);
      return FALSE;
    }
  model->file = g_strndup (t.start, t.len);
  if (p->dir != NULL && !g_path_is_absolute (model->file))
    {
      gchar *relative = model->file;

      model->file = g_build_filename (p->dir, relative, NULL);
      g_free (relative);
    }

  return read_plane (p, model)
         && read_bandwidth (p, "BWDist", "BWMin", "BWMax", inner,
                            &model->bw_dist, &model->bw_min, &model->bw_max);
}

/* Reads a block after its BeginModel, up to and with its EndModel. A
 * block @inner to a hierarchical one takes any bandwidth bounds (the
 * outer block's replace them). *@name_line is the line of its Name, and
 * *@num_as_line that of bottom-up's NumAS. */
static CnsBriteModel *
parse_block (Parser *p, gboolean inner, guint *name_line, guint *num_as_line)
{
  CnsBriteModel *model = g_new0 (CnsBriteModel, 1);
  gboolean ok = FALSE;

  if (read_model_type (p, &model->type, name_line))
    {
      switch (model->type)
        {
        case CNS_BRITE_MODEL_ROUTER_WAXMAN:
        case CNS_BRITE_MODEL_AS_WAXMAN:
          ok = parse_flat (p, model, TRUE, inner);
          break;
        case CNS_BRITE_MODEL_ROUTER_BA:
        case CNS_BRITE_MODEL_AS_BA:
          ok = parse_flat (p, model, FALSE, inner);
          break;
        case CNS_BRITE_MODEL_TOP_DOWN:
          ok = parse_top_down (p, model);
          break;
        case CNS_BRITE_MODEL_BOTTOM_UP:
          ok = parse_bottom_up (p, model, num_as_line);
          break;
        case CNS_BRITE_MODEL_ROUTER_FILE:
        case CNS_BRITE_MODEL_AS_FILE:
          ok = parse_imported (p, model, inner);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  if (ok)
    ok = expect_keyword (p, "EndModel", NULL);
  if (!ok)
    {
      model_free (model);
      return NULL;
    }
  return model;
}

/* Reads the block of a hierarchical model that comes after it: @what
 * names it in messages, and its model must be one of @allowed (three
 * models, in the order the message lists them). */
static CnsBriteModel *
parse_inner_block (Parser *p, const gchar *what,
                   const CnsBriteModelType allowed[3])
{
  g_autofree gchar *where = g_strdup_printf ("the %s", what);
  CnsBriteModel *model;
  guint line, unused;

  if (!expect_keyword (p, "BeginModel", where))
    return NULL;
  model = parse_block (p, TRUE, &line, &unused);
  if (model == NULL)
    return NULL;
  if (model->type != allowed[0] && model->type != allowed[1]
      && model->type != allowed[2])
    {
      fail (p, line, CNS_BRITE_ERROR_INVALID,
            "the %s must be model %d, %d or %d, found model %d (%s)", what,
            allowed[0], allowed[1], allowed[2], model->type,
            cns_brite_model_type_to_string (model->type));
      model_free (model);
      return NULL;
    }
  return model;
}

static const CnsBriteModelType as_models[3] = {
  CNS_BRITE_MODEL_AS_WAXMAN,
  CNS_BRITE_MODEL_AS_BA,
  CNS_BRITE_MODEL_AS_FILE,
};
static const CnsBriteModelType router_models[3] = {
  CNS_BRITE_MODEL_ROUTER_WAXMAN,
  CNS_BRITE_MODEL_ROUTER_BA,
  CNS_BRITE_MODEL_ROUTER_FILE,
};

/* Reads a whole model: its block and the blocks it is made of. */
static CnsBriteModel *
parse_model (Parser *p)
{
  CnsBriteModel *model;
  guint line, num_as_line = 0;

  if (!expect_keyword (p, "BeginModel", NULL))
    return NULL;
  model = parse_block (p, FALSE, &line, &num_as_line);
  if (model == NULL)
    return NULL;

  if (model->type == CNS_BRITE_MODEL_TOP_DOWN)
    {
      model->as_model = parse_inner_block (
          p, "AS-level block of the top-down model", as_models);
      if (model->as_model == NULL)
        goto error;
      model->router_model = parse_inner_block (
          p, "router-level block of the top-down model", router_models);
      if (model->router_model == NULL)
        goto error;
    }
  else if (model->type == CNS_BRITE_MODEL_BOTTOM_UP)
    {
      model->router_model = parse_inner_block (
          p, "router-level block of the bottom-up model", router_models);
      if (model->router_model == NULL)
        goto error;
      /* an imported router topology's size is known only once read */
      if (model->router_model->type != CNS_BRITE_MODEL_ROUTER_FILE
          && model->num_as > model->router_model->n)
        {
          fail (p, num_as_line, CNS_BRITE_ERROR_INVALID,
                "field \"NumAS\": %u ASes need at least as many routers, the "
                "router-level block has N = %u",
                model->num_as, model->router_model->n);
          goto error;
        }
    }
  return model;

error:
  model_free (model);
  return NULL;
}

/* An output field, 0 or 1. */
static gboolean
read_flag (Parser *p, const gchar *field, gboolean *value)
{
  gint64 v;

  if (!read_int (p, field, 0, 1, &v, NULL))
    return FALSE;
  *value = v != 0;
  return TRUE;
}

/* BeginOutput BRITE = b OTTER = b [DML = b] [NS = b] [Javasim = b]
 * EndOutput: BRITE 2.x's extra fields are read and ignored. */
static gboolean
parse_output (Parser *p, CnsBriteConfig *config)
{
  static const gchar *const extra[] = { "DML", "NS", "Javasim" };
  gboolean ignored;
  Token t;

  if (!expect_keyword (p, "BeginOutput", NULL)
      || !read_flag (p, "BRITE", &config->output_brite)
      || !read_flag (p, "OTTER", &config->output_otter))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (extra); i++)
    {
      Parser saved = *p;

      next_token (p, &t, FALSE);
      *p = saved;
      if (token_is (&t, extra[i]) && !read_flag (p, extra[i], &ignored))
        return FALSE;
    }
  if (!expect_keyword (p, "EndOutput", NULL))
    return FALSE;
  next_token (p, &t, FALSE);
  if (t.start != NULL)
    {
      g_autofree gchar *found = describe_token (&t);

      fail (p, t.line, CNS_BRITE_ERROR_PARSE,
            "expected end of file after \"EndOutput\", found %s", found);
      return FALSE;
    }
  return TRUE;
}

static void
model_free (CnsBriteModel *model)
{
  if (model == NULL)
    return;
  model_free (model->as_model);
  model_free (model->router_model);
  g_free (model->file);
  g_free (model);
}

/* ---- text ---- */

/* The shortest text that reads back as @value: integral values without a
 * fraction ("10", "-1", "1000000"), others with the fewest significant
 * digits that round-trip ("0.15"). */
static void
append_double (GString *s, gdouble value)
{
  gchar buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (value == floor (value) && fabs (value) < 1e15)
    {
      g_string_append_printf (s, "%" G_GINT64_FORMAT, (gint64) value);
      return;
    }
  for (gint precision = 1; precision <= 17; precision++)
    {
      gchar format[8];

      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  g_string_append (s, buf);
}

static void
append_model (GString *s, const CnsBriteModel *model)
{
  switch (model->type)
    {
    case CNS_BRITE_MODEL_ROUTER_WAXMAN:
    case CNS_BRITE_MODEL_AS_WAXMAN:
    case CNS_BRITE_MODEL_ROUTER_BA:
    case CNS_BRITE_MODEL_AS_BA:
      g_string_append_printf (s, "%u %u %u %d", model->n, model->hs, model->ls,
                              model->placement);
      if (model->type == CNS_BRITE_MODEL_ROUTER_WAXMAN
          || model->type == CNS_BRITE_MODEL_AS_WAXMAN)
        {
          g_string_append_printf (s, " %d %u ", model->growth, model->m);
          append_double (s, model->alpha);
          g_string_append_c (s, ' ');
          append_double (s, model->beta);
        }
      else
        g_string_append_printf (s, " %u", model->m);
      g_string_append_printf (s, " %d ", model->bw_dist);
      append_double (s, model->bw_min);
      g_string_append_c (s, ' ');
      append_double (s, model->bw_max);
      break;
    case CNS_BRITE_MODEL_TOP_DOWN:
      g_string_append_printf (s, "%d %d %d ", model->edge_conn, model->k,
                              model->bw_inter_dist);
      append_double (s, model->bw_inter_min);
      g_string_append_c (s, ' ');
      append_double (s, model->bw_inter_max);
      g_string_append_printf (s, " %d ", model->bw_intra_dist);
      append_double (s, model->bw_intra_min);
      g_string_append_c (s, ' ');
      append_double (s, model->bw_intra_max);
      break;
    case CNS_BRITE_MODEL_BOTTOM_UP:
      g_string_append_printf (s, "%d %d %u %d ", model->grouping,
                              model->assign_type, model->num_as,
                              model->bw_inter_dist);
      append_double (s, model->bw_inter_min);
      g_string_append_c (s, ' ');
      append_double (s, model->bw_inter_max);
      break;
    case CNS_BRITE_MODEL_ROUTER_FILE:
    case CNS_BRITE_MODEL_AS_FILE:
      g_string_append_printf (s, "%u %s %u %u %d ", model->format,
                              model->file != NULL ? model->file : "", model->hs,
                              model->ls, model->bw_dist);
      append_double (s, model->bw_min);
      g_string_append_c (s, ' ');
      append_double (s, model->bw_max);
      break;
    default:
      break;
    }

  /* the nested blocks, each after its Name */
  if (model->as_model != NULL)
    {
      g_string_append_printf (s, " %d ", model->as_model->type);
      append_model (s, model->as_model);
    }
  if (model->router_model != NULL)
    {
      g_string_append_printf (s, " %d ", model->router_model->type);
      append_model (s, model->router_model);
    }
}

/* ---- public API ---- */

/**
 * cns_brite_config_parse: (skip)
 * @text: the text of a configuration file
 * @length: its length in bytes, or -1 when it is NUL-terminated (with a
 *   length, NUL bytes are plain, invalid, bytes)
 * @name: (nullable): the name of the file, used in error messages; when
 *   it has a directory part, relative File fields of imported models are
 *   resolved against that directory, and otherwise kept as given
 * @error: return location for a #CnsBriteError
 *
 * Parses a BRITE configuration: the fields of each model in their fixed
 * order, checked as described in cns-brite-config.h. Errors of syntax
 * (a field out of order or missing, a value that is not a number, an
 * unknown model, a truncated file) are %CNS_BRITE_ERROR_PARSE; values
 * out of range or inconsistent are %CNS_BRITE_ERROR_INVALID; an import
 * Format other than 1 is %CNS_BRITE_ERROR_UNSUPPORTED. The message reads
 * "NAME:LINE: ...", and names the field.
 *
 * Returns: (transfer full) (nullable): the configuration, to free with
 * cns_brite_config_free(), or %NULL with @error set.
 */
CnsBriteConfig *
cns_brite_config_parse (const gchar *text, gssize length, const gchar *name,
                        GError **error)
{
  g_autoptr (CnsBriteConfig) config = NULL;
  g_autofree gchar *dir = NULL;
  Parser p = { 0 };

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (text == NULL)
    text = "";
  if (length < 0)
    length = strlen (text);
  if (name != NULL)
    {
      dir = g_path_get_dirname (name);
      if (strcmp (dir, ".") == 0)
        g_clear_pointer (&dir, g_free);
    }
  p.name = name != NULL ? name : "(text)";
  p.dir = dir;
  p.pos = text;
  p.end = text + length;
  p.line = 1;
  p.last_line = 1;
  p.error = error;

  config = g_new0 (CnsBriteConfig, 1);
  config->path = g_strdup (name);
  if (!expect_keyword (&p, "BriteConfig", NULL))
    return NULL;
  config->model = parse_model (&p);
  if (config->model == NULL || !parse_output (&p, config))
    return NULL;
  return g_steal_pointer (&config);
}

/**
 * cns_brite_config_parse_file: (skip)
 * @path: a BRITE configuration file
 * @error: return location for a #CnsBriteError
 *
 * Reads and parses @path as cns_brite_config_parse() does, with @path as
 * the name: relative File fields of imported models are resolved against
 * the directory of @path. A file that cannot be read is
 * %CNS_BRITE_ERROR_IO, with a message that names it.
 *
 * Returns: (transfer full) (nullable): the configuration, or %NULL with
 * @error set.
 */
CnsBriteConfig *
cns_brite_config_parse_file (const gchar *path, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autofree gchar *text = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_file_get_contents (path, &text, &length, &local))
    {
      g_set_error (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_IO,
                   "%s: cannot read the BRITE configuration: %s", path,
                   local->message);
      return NULL;
    }
  return cns_brite_config_parse (text, length, path, error);
}

/**
 * cns_brite_config_free:
 * @config: (nullable) (transfer full): a configuration
 *
 * Frees @config and its model blocks; nothing when %NULL.
 */
void
cns_brite_config_free (CnsBriteConfig *config)
{
  if (config == NULL)
    return;
  model_free (config->model);
  g_free (config->path);
  g_free (config);
}

/**
 * cns_brite_model_type_to_string:
 * @type: a model type
 *
 * Returns: (transfer none) (nullable): BRITE's short name of @type, or
 * %NULL when @type is not a model.
 */
const gchar *
cns_brite_model_type_to_string (CnsBriteModelType type)
{
  switch (type)
    {
    case CNS_BRITE_MODEL_ROUTER_WAXMAN:
      return "RTWaxman";
    case CNS_BRITE_MODEL_ROUTER_BA:
      return "RTBarabasi";
    case CNS_BRITE_MODEL_AS_WAXMAN:
      return "ASWaxman";
    case CNS_BRITE_MODEL_AS_BA:
      return "ASBarabasi";
    case CNS_BRITE_MODEL_TOP_DOWN:
      return "TopDownHier";
    case CNS_BRITE_MODEL_BOTTOM_UP:
      return "BottomUpHier";
    case CNS_BRITE_MODEL_ROUTER_FILE:
      return "RTFile";
    case CNS_BRITE_MODEL_AS_FILE:
      return "ASFile";
    default:
      return NULL;
    }
}

/**
 * cns_brite_model_to_string:
 * @model: a model block
 *
 * The values of @model's fields after Name, in the configuration file's
 * order, separated by single spaces:
 *
 * - Waxman (1, 3): N HS LS NodePlacement GrowthType m alpha beta BWDist
 *   BWMin BWMax, e.g. "1000 1000 100 1 1 2 0.15 0.2 1 10 1024";
 * - Barabasi-Albert (2, 4): N HS LS NodePlacement m BWDist BWMin BWMax;
 * - top-down (5): edgeConn k BWInter BWInterMin BWInterMax BWIntra
 *   BWIntraMin BWIntraMax;
 * - bottom-up (6): Grouping AssignType NumAS BWInter BWInterMin
 *   BWInterMax;
 * - imported (7, 8): Format File HS LS BWDist BWMin BWMax, File as
 *   resolved.
 *
 * A hierarchical model goes on with its nested blocks, the AS-level one
 * first, each as its Name then its own fields: the shipped top-down.conf
 * gives "2 -1 1 10 1024 2 10 1024 4 2 1000 100 1 1 1 -1 -1 1 20 1000 100
 * 2 1 1 0.5 0.8 1 -1 -1". Integers are written in decimal; reals in the
 * shortest form that reads back to the same double, without a fraction
 * when integral ("10", "-1", "0.15").
 *
 * Returns: (transfer full): the text, to free with g_free().
 */
gchar *
cns_brite_model_to_string (const CnsBriteModel *model)
{
  GString *s;

  g_return_val_if_fail (model != NULL, NULL);

  s = g_string_new (NULL);
  append_model (s, model);
  return g_string_free (s, FALSE);
}
