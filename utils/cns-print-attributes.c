/* cns — cns-print-attributes: list every object type with its parent,
 * attributes and trace sources.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 *   cns-print-attributes [--markdown] [--type=NAME]
 *
 * Lists every cns object type registered when libcns loads (every GObject
 * type whose name starts with "Cns": the CnsObject tree and the helpers
 * derived from GObject directly), sorted by name. Each type shows its
 * parent, the attributes it declares (name, value type, default, accepted
 * range, description) and the trace sources it declares, per-packet ones
 * and GSignals (name, callback signature, description); inherited ones
 * are listed under the ancestor that declares them. Defaults are the
 * library's: the tool applies no CNS_ATTRIBUTE_DEFAULT.
 *
 * Plain text by default; --markdown writes one section per type with a
 * table of attributes and a list of trace sources, the text of
 * docs/attributes.md. --type=NAME lists one type. Exit status 2 for a
 * wrong command line or an unknown type.
 */
#include "core/cns-core.h"

#include <stdio.h>
#include <string.h>

/* One attribute, as text. */
typedef struct
{
  gchar *name;
  const gchar *type;
  gchar *default_text;
  gchar *range;
  gchar *description;
} Attribute;

static void
attribute_clear (gpointer data)
{
  Attribute *a = data;

  g_free (a->name);
  g_free (a->default_text);
  g_free (a->range);
  g_free (a->description);
}

static gboolean
is_cns_type (GType type)
{
  return g_type_is_a (type, G_TYPE_OBJECT)
         && g_str_has_prefix (g_type_name (type), "Cns");
}

static void
collect_types (GType type, GArray *types)
{
  guint n_children = 0;
  g_autofree GType *children = g_type_children (type, &n_children);

  if (is_cns_type (type))
    g_array_append_val (types, type);
  for (guint i = 0; i < n_children; i++)
    collect_types (children[i], types);
}

static gint
compare_type_names (gconstpointer a, gconstpointer b)
{
  return strcmp (g_type_name (*(const GType *) a),
                 g_type_name (*(const GType *) b));
}

static gint
compare_attribute_names (gconstpointer a, gconstpointer b)
{
  return strcmp (((const Attribute *) a)->name, ((const Attribute *) b)->name);
}

static gint
compare_trace_names (gconstpointer a, gconstpointer b)
{
  return strcmp ((*(const CnsTraceSourceInfo *const *) a)->name,
                 (*(const CnsTraceSourceInfo *const *) b)->name);
}

/* The description of @pspec, with what the flags forbid. */
static gchar *
describe_attribute (GParamSpec *pspec)
{
  const gchar *blurb = g_param_spec_get_blurb (pspec);
  GString *s = g_string_new (blurb != NULL ? blurb : "");

  if (!(pspec->flags & G_PARAM_WRITABLE))
    g_string_append (s, s->len > 0 ? " (read-only)" : "read-only");
  else if (pspec->flags & G_PARAM_CONSTRUCT_ONLY)
    g_string_append (s, s->len > 0 ? " (set at construction only)"
                                   : "set at construction only");
  return g_string_free (s, FALSE);
}

/* The attributes @type declares, sorted by name. */
static GArray *
list_attributes (GType type)
{
  g_autoptr (GTypeClass) klass = g_type_class_ref (type);
  guint n_specs = 0;
  g_autofree GParamSpec **specs
      = g_object_class_list_properties (G_OBJECT_CLASS (klass), &n_specs);
  GArray *attrs = g_array_new (FALSE, TRUE, sizeof (Attribute));

  g_array_set_clear_func (attrs, attribute_clear);
  for (guint i = 0; i < n_specs; i++)
    {
      GParamSpec *pspec = specs[i];
      GParamSpec *target = g_param_spec_get_redirect_target (pspec);
      g_auto (GValue) value = G_VALUE_INIT;
      Attribute a;

      if (pspec->owner_type != type)
        continue;
      if (target != NULL)
        pspec = target;
      cns_attribute_get_default (pspec, &value);
      a.name = cns_attribute_name_from_property (pspec->name);
      /* GLib's name for strings, gchararray, says nothing to a user */
      a.type = pspec->value_type == G_TYPE_STRING
                   ? "string"
                   : g_type_name (pspec->value_type);
      a.default_text = cns_attribute_format (&value);
      a.range = cns_attribute_describe_range (pspec);
      a.description = describe_attribute (pspec);
      g_array_append_val (attrs, a);
    }
  g_array_sort (attrs, compare_attribute_names);
  return attrs;
}

/* The trace sources @type declares, sorted by name. */
static GPtrArray *
list_trace_sources (GType type)
{
  g_autoptr (GPtrArray) all = cns_trace_source_list (type);
  GPtrArray *own = g_ptr_array_new ();

  for (guint i = 0; i < all->len; i++)
    if (((const CnsTraceSourceInfo *) all->pdata[i])->owner == type)
      g_ptr_array_add (own, all->pdata[i]);
  g_ptr_array_sort (own, compare_trace_names);
  return own;
}

/* @separate: whether a type was listed before, to leave a blank line. */
static void
print_text (GType type, gboolean separate, GArray *attrs, GPtrArray *traces)
{
  printf ("%s%s\n  Parent: %s\n", separate ? "\n" : "", g_type_name (type),
          g_type_name (g_type_parent (type)));
  printf ("  Attributes:%s\n", attrs->len == 0 ? " none" : "");
  for (guint i = 0; i < attrs->len; i++)
    {
      const Attribute *a = &g_array_index (attrs, Attribute, i);

      printf ("    %s\n      Type: %s\n      Default: %s\n      Range: %s\n",
              a->name, a->type, a->default_text, a->range);
      if (*a->description != '\0')
        printf ("      %s\n", a->description);
    }
  printf ("  Trace sources:%s\n", traces->len == 0 ? " none" : "");
  for (guint i = 0; i < traces->len; i++)
    {
      const CnsTraceSourceInfo *info = traces->pdata[i];

      printf ("    %s\n      Signature: %s\n", info->name, info->signature);
      if (*info->blurb != '\0')
        printf ("      %s\n", info->blurb);
    }
}

/* @text as Markdown prose that may sit in a table cell: punctuation that
 * Markdown would read as markup escaped, line breaks as spaces. */
static gchar *
markdown_text (const gchar *text)
{
  GString *s = g_string_new (NULL);

  for (const gchar *p = text; *p != '\0'; p++)
    if (*p == '\n')
      g_string_append_c (s, ' ');
    else
      {
        if (strchr ("\\`*_[]<|", *p) != NULL)
          g_string_append_c (s, '\\');
        g_string_append_c (s, *p);
      }
  return g_string_free (s, FALSE);
}

/* @text as a code span in a table cell, or nothing when it is empty. A
 * table cell needs '|' escaped even in a code span. */
static gchar *
markdown_code (const gchar *text)
{
  g_auto (GStrv) parts = NULL;
  g_autofree gchar *escaped = NULL;

  if (*text == '\0')
    return g_strdup ("");
  parts = g_strsplit (text, "|", -1);
  escaped = g_strjoinv ("\\|", parts);
  return g_strdup_printf ("`%s`", escaped);
}

/* GitHub's anchor of a "## Name" heading. */
static gchar *
markdown_anchor (GType type)
{
  return g_ascii_strdown (g_type_name (type), -1);
}

static void
print_markdown (GType type, GArray *attrs, GPtrArray *traces)
{
  GType parent = g_type_parent (type);

  printf ("## %s\n\n", g_type_name (type));
  if (is_cns_type (parent))
    {
      g_autofree gchar *anchor = markdown_anchor (parent);

      printf ("Parent: [%s](#%s)\n\n", g_type_name (parent), anchor);
    }
  else
    printf ("Parent: %s\n\n", g_type_name (parent));
  if (attrs->len == 0)
    printf ("No attributes.\n\n");
  else
    printf ("| Attribute | Type | Default | Range | Description |\n"
            "|---|---|---|---|---|\n");
  for (guint i = 0; i < attrs->len; i++)
    {
      const Attribute *a = &g_array_index (attrs, Attribute, i);
      g_autofree gchar *value_type = markdown_code (a->type);
      g_autofree gchar *default_text = markdown_code (a->default_text);
      g_autofree gchar *range = markdown_text (a->range);
      g_autofree gchar *description = markdown_text (a->description);

      printf ("| %s | %s | %s | %s | %s |\n", a->name, value_type, default_text,
              range, description);
    }
  if (attrs->len > 0)
    printf ("\n");
  printf ("%s",
          traces->len == 0 ? "No trace sources.\n\n" : "Trace sources:\n\n");
  for (guint i = 0; i < traces->len; i++)
    {
      const CnsTraceSourceInfo *info = traces->pdata[i];
      g_autofree gchar *blurb = markdown_text (info->blurb);

      printf ("- **%s** (`%s`)%s%s\n", info->name, info->signature,
              *blurb != '\0' ? ": " : "", blurb);
    }
  if (traces->len > 0)
    printf ("\n");
}

static int
usage (GOptionContext *context, const gchar *message)
{
  g_autofree gchar *help = g_option_context_get_help (context, TRUE, NULL);

  fprintf (stderr, "cns-print-attributes: %s\n%s", message, help);
  return 2;
}

int
main (int argc, char **argv)
{
  gboolean markdown = FALSE;
  g_autofree gchar *type_name = NULL;
  GOptionEntry entries[]
      = { { "markdown", 0, 0, G_OPTION_ARG_NONE, &markdown,
            "Write Markdown, one section per type", NULL },
          { "type", 0, 0, G_OPTION_ARG_STRING, &type_name,
            "List only this type, CnsPointToPointNetDevice", "NAME" },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GArray) types = g_array_new (FALSE, FALSE, sizeof (GType));
  g_autoptr (GError) error = NULL;

  g_option_context_set_summary (
      context, "Lists every cns object type with its parent, attributes and "
               "trace sources.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage (context, error->message);
  if (argc > 1)
    {
      g_autofree gchar *message
          = g_strdup_printf ("unexpected argument '%s'", argv[1]);

      return usage (context, message);
    }

  if (type_name != NULL)
    {
      GType type = g_type_from_name (type_name);

      if (type == G_TYPE_INVALID || !is_cns_type (type))
        {
          fprintf (stderr, "cns-print-attributes: unknown type '%s'\n",
                   type_name);
          return 2;
        }
      g_array_append_val (types, type);
    }
  else
    {
      collect_types (G_TYPE_OBJECT, types);
      g_array_sort (types, compare_type_names);
    }

  if (markdown && type_name == NULL)
    printf ("# Attributes and trace sources\n\n"
            "Generated by `cns-print-attributes --markdown`. Each type lists "
            "the attributes and trace sources it declares; those it inherits "
            "are under its ancestors.\n\n");
  for (guint i = 0; i < types->len; i++)
    {
      GType type = g_array_index (types, GType, i);
      g_autoptr (GArray) attrs = list_attributes (type);
      g_autoptr (GPtrArray) traces = list_trace_sources (type);

      if (markdown)
        print_markdown (type, attrs, traces);
      else
        print_text (type, i > 0, attrs, traces);
    }
  return 0;
}
