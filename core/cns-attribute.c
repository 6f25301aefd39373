/* cns — attributes: GObject properties set and read as strings.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * cns has no attribute system of its own: an attribute is a GObject
 * property. This file gives every property a text form, so that the command
 * line, config paths, defaults and object factories can all set it:
 *
 *   numbers and booleans  "42", "0.25", "true"
 *   enums and flags       by nick or name: "bytes", "a|b"
 *   CnsTime               "10ms", "1.5s"
 *   CnsDataRate           "5Mbps", "1.5Gb/s"
 *   CnsQueueSize          "100p", "64KB"
 *   GType                 a type name, "CnsExponentialRandomVariable"
 *   objects               a factory string, "Exponential(Mean=2)"
 *
 * Parsers are registered per GType and found by walking up the type's
 * ancestry, so a module can give its own types a text form. Attributes are
 * named in CamelCase ("DataRate") as in ns-3 and map to kebab-case
 * property names ("data-rate"); both spellings are accepted.
 */
#include "core/cns-attribute.h"

#include "core/cns-attribute-private.h"
#include "core/cns-core-error.h"
#include "core/cns-data-rate.h"
#include "core/cns-queue-size.h"
#include "core/cns-time.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  CnsAttributeParseFunc parse;
  CnsAttributeFormatFunc format;
} ValueType;

static GHashTable *value_types; /* GType -> ValueType */

/**
 * cns_attribute_register_value_type: (skip)
 * @type: a value type; its subtypes use the same functions unless they
 *   register their own
 *
 * Gives values of @type a text form for attributes.
 */
void
cns_attribute_register_value_type (GType type, CnsAttributeParseFunc parse,
                                   CnsAttributeFormatFunc format)
{
  ValueType *vt = g_new (ValueType, 1);

  g_return_if_fail (parse != NULL && format != NULL);
  if (value_types == NULL)
    value_types = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  vt->parse = parse;
  vt->format = format;
  g_hash_table_insert (value_types, GSIZE_TO_POINTER (type), vt);
}

static const ValueType *
value_type_lookup (GType type)
{
  for (GType t = type; t != G_TYPE_INVALID; t = g_type_parent (t))
    {
      ValueType *vt = value_types ? g_hash_table_lookup (value_types,
                                                         GSIZE_TO_POINTER (t))
                                  : NULL;

      if (vt != NULL)
        return vt;
    }
  return NULL;
}

/**
 * cns_attribute_describe_range:
 *
 * Returns: (transfer full): the values @pspec accepts, for messages:
 * "0 to 65535", "10ms to 1s", "one of: packets, bytes".
 */
gchar *
cns_attribute_describe_range (GParamSpec *pspec)
{
  GType t = G_PARAM_SPEC_TYPE (pspec);

#define RANGE(TYPE, CAST, FMT)                                           \
  if (t == G_TYPE_PARAM_##TYPE)                                          \
    return g_strdup_printf ("%" FMT " to %" FMT,                         \
                            (CAST) G_PARAM_SPEC_##TYPE (pspec)->minimum, \
                            (CAST) G_PARAM_SPEC_##TYPE (pspec)->maximum);
  RANGE (INT, gint64, G_GINT64_FORMAT)
  RANGE (UINT, guint64, G_GUINT64_FORMAT)
  RANGE (LONG, gint64, G_GINT64_FORMAT)
  RANGE (ULONG, guint64, G_GUINT64_FORMAT)
  RANGE (INT64, gint64, G_GINT64_FORMAT)
  RANGE (UINT64, guint64, G_GUINT64_FORMAT)
  RANGE (FLOAT, gdouble, "g")
  RANGE (DOUBLE, gdouble, "g")
#undef RANGE
  if (t == CNS_TYPE_PARAM_TIME)
    {
      CnsParamSpecTime *spec = CNS_PARAM_SPEC_TIME (pspec);
      g_autofree gchar *min = cns_time_to_string (spec->minimum);
      g_autofree gchar *max = cns_time_to_string (spec->maximum);

      return g_strdup_printf ("%s to %s", min, max);
    }
  if (t == CNS_TYPE_PARAM_DATA_RATE)
    {
      CnsParamSpecDataRate *spec = (CnsParamSpecDataRate *) pspec;
      g_autofree gchar *min = cns_data_rate_to_string (spec->minimum);
      g_autofree gchar *max = cns_data_rate_to_string (spec->maximum);

      return g_strdup_printf ("%s to %s", min, max);
    }
  if (G_IS_PARAM_SPEC_ENUM (pspec) || G_IS_PARAM_SPEC_FLAGS (pspec))
    {
      GString *s = g_string_new (G_IS_PARAM_SPEC_ENUM (pspec)
                                     ? "one of: "
                                     : "any of, joined by '|': ");
      GTypeClass *klass = g_type_class_ref (pspec->value_type);

      if (G_IS_ENUM_CLASS (klass))
        for (guint i = 0; i < G_ENUM_CLASS (klass)->n_values; i++)
          g_string_append_printf (s, "%s%s", i ? ", " : "",
                                  G_ENUM_CLASS (klass)->values[i].value_nick);
      else
        for (guint i = 0; i < G_FLAGS_CLASS (klass)->n_values; i++)
          g_string_append_printf (s, "%s%s", i ? ", " : "",
                                  G_FLAGS_CLASS (klass)->values[i].value_nick);
      g_type_class_unref (klass);
      return g_string_free (s, FALSE);
    }
  if (G_IS_PARAM_SPEC_BOOLEAN (pspec))
    return g_strdup ("true or false");
  if (G_IS_PARAM_SPEC_STRING (pspec))
    return g_strdup ("any text");
  if (G_IS_PARAM_SPEC_GTYPE (pspec))
    return g_strdup_printf (
        "the name of a type derived from %s",
        g_type_name (G_PARAM_SPEC_GTYPE (pspec)->is_a_type));
  if (G_IS_PARAM_SPEC_OBJECT (pspec))
    return g_strdup_printf ("a %s, as TypeName(Attr=value,...), or none",
                            g_type_name (pspec->value_type));
  if (pspec->value_type == CNS_TYPE_QUEUE_SIZE)
    return g_strdup ("a queue size such as 100p or 64KB");
  return g_strdup_printf ("a %s", g_type_name (pspec->value_type));
}

/**
 * cns_attribute_parse:
 * @pspec: the property, for its type and range
 * @text: the user's text
 * @value: (out caller-allocates): an unset #GValue, initialised here
 * @error: a #CNS_CORE_ERROR naming @text and what is accepted
 *
 * Converts @text to a value for @pspec and checks it against @pspec's
 * range. Callers prefix the error with where the text came from.
 *
 * Returns: %TRUE on success; on failure @value is left unset.
 */
gboolean
cns_attribute_parse (GParamSpec *pspec, const gchar *text, GValue *value,
                     GError **error)
{
  const ValueType *vt;

  g_return_val_if_fail (G_IS_PARAM_SPEC (pspec), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (value != NULL && !G_IS_VALUE (value), FALSE);

  g_value_init (value, pspec->value_type);
  if ((vt = value_type_lookup (pspec->value_type)) == NULL)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                   "values of type %s cannot be set from text",
                   g_type_name (pspec->value_type));
      g_value_unset (value);
      return FALSE;
    }
  if (!vt->parse (pspec, text, value, error))
    {
      g_value_unset (value);
      return FALSE;
    }
  if (g_param_value_validate (pspec, value))
    {
      g_autofree gchar *range = cns_attribute_describe_range (pspec);

      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                   "'%s' is out of range (accepted: %s)", text, range);
      g_value_unset (value);
      return FALSE;
    }
  return TRUE;
}

/**
 * cns_attribute_format:
 *
 * Returns: (transfer full): @value in the text form cns_attribute_parse()
 * accepts.
 */
gchar *
cns_attribute_format (const GValue *value)
{
  const ValueType *vt;

  g_return_val_if_fail (G_IS_VALUE (value), NULL);
  if ((vt = value_type_lookup (G_VALUE_TYPE (value))) != NULL)
    return vt->format (value);
  return g_strdup_value_contents (value);
}

/**
 * cns_attribute_name_to_property:
 * @name: "DataRate", "MaxSize", "IPAddress", or already "data-rate"
 *
 * Returns: (transfer full): the property name, "data-rate".
 */
gchar *
cns_attribute_name_to_property (const gchar *name)
{
  GString *s = g_string_new (NULL);

  for (const gchar *p = name; *p; p++)
    {
      if (g_ascii_isupper (*p) && p > name
          && (g_ascii_islower (p[-1]) || g_ascii_isdigit (p[-1])
              || (g_ascii_isupper (p[-1]) && g_ascii_islower (p[1]))))
        g_string_append_c (s, '-');
      g_string_append_c (s, *p == '_' ? '-' : g_ascii_tolower (*p));
    }
  return g_string_free (s, FALSE);
}

/**
 * cns_attribute_name_from_property:
 * @property_name: "data-rate"
 *
 * Returns: (transfer full): the attribute name, "DataRate".
 */
gchar *
cns_attribute_name_from_property (const gchar *property_name)
{
  GString *s = g_string_new (NULL);
  gboolean upper = TRUE;

  for (const gchar *p = property_name; *p; p++)
    {
      if (*p == '-' || *p == '_')
        {
          upper = TRUE;
          continue;
        }
      g_string_append_c (s, upper ? g_ascii_toupper (*p) : *p);
      upper = FALSE;
    }
  return g_string_free (s, FALSE);
}

/**
 * cns_attribute_find:
 * @type: a GObject type
 * @name: an attribute name, CamelCase or kebab-case
 *
 * Returns: (transfer none) (nullable): the property, declared by @type or
 * an ancestor.
 */
GParamSpec *
cns_attribute_find (GType type, const gchar *name)
{
  g_autofree gchar *prop = NULL;
  GObjectClass *klass;

  g_return_val_if_fail (g_type_is_a (type, G_TYPE_OBJECT), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  /* Object classes are never unloaded, so keeping this reference is fine. */
  klass = g_type_class_ref (type);
  prop = cns_attribute_name_to_property (name);
  return g_object_class_find_property (klass, prop);
}

static GParamSpec *
attribute_lookup (GObject *object, const gchar *name, GError **error)
{
  GParamSpec *pspec = cns_attribute_find (G_OBJECT_TYPE (object), name);

  if (pspec == NULL)
    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                 "%s has no attribute '%s' (see --PrintAttributes=%s)",
                 G_OBJECT_TYPE_NAME (object), name,
                 G_OBJECT_TYPE_NAME (object));
  return pspec;
}

/* Whether @pspec of @object can be set now: writable and not
 * construct-only. */
gboolean
cns_attribute_check_settable (gpointer object, GParamSpec *pspec,
                              GError **error)
{
  g_autofree gchar *attr = NULL;

  if ((pspec->flags & G_PARAM_WRITABLE)
      && !(pspec->flags & G_PARAM_CONSTRUCT_ONLY))
    return TRUE;
  attr = cns_attribute_name_from_property (pspec->name);
  if (!(pspec->flags & G_PARAM_WRITABLE))
    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                 "%s::%s is read-only", G_OBJECT_TYPE_NAME (object), attr);
  else
    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                 "%s::%s can only be set when the object is made (use "
                 "cns_config_set_default or an object factory)",
                 G_OBJECT_TYPE_NAME (object), attr);
  return FALSE;
}

/**
 * cns_attribute_set:
 * @object: a #GObject
 * @name: the attribute, "DataRate" or "data-rate"
 * @text: the new value as text
 * @error: a #CNS_CORE_ERROR naming the attribute and @text when refused
 *
 * Returns: %TRUE when the attribute was set.
 */
gboolean
cns_attribute_set (gpointer object, const gchar *name, const gchar *text,
                   GError **error)
{
  g_auto (GValue) value = G_VALUE_INIT;
  g_autofree gchar *attr = NULL;
  GParamSpec *pspec;

  g_return_val_if_fail (G_IS_OBJECT (object), FALSE);
  g_return_val_if_fail (name != NULL && text != NULL, FALSE);
  if ((pspec = attribute_lookup (object, name, error)) == NULL)
    return FALSE;
  if (!cns_attribute_check_settable (object, pspec, error))
    return FALSE;
  attr = cns_attribute_name_from_property (pspec->name);
  if (!cns_attribute_parse (pspec, text, &value, error))
    {
      g_prefix_error (error, "%s::%s: ", G_OBJECT_TYPE_NAME (object), attr);
      return FALSE;
    }
  g_object_set_property (object, pspec->name, &value);
  return TRUE;
}

/**
 * cns_attribute_get:
 *
 * Returns: (transfer full) (nullable): the attribute's value as text, or
 * %NULL with @error set when there is no readable attribute @name.
 */
gchar *
cns_attribute_get (gpointer object, const gchar *name, GError **error)
{
  g_auto (GValue) value = G_VALUE_INIT;
  GParamSpec *pspec;

  g_return_val_if_fail (G_IS_OBJECT (object), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  if ((pspec = attribute_lookup (object, name, error)) == NULL)
    return NULL;
  if (!(pspec->flags & G_PARAM_READABLE))
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                   "%s::%s is write-only", G_OBJECT_TYPE_NAME (object), name);
      return NULL;
    }
  g_value_init (&value, pspec->value_type);
  g_object_get_property (object, pspec->name, &value);
  return cns_attribute_format (&value);
}

/* Built-in text forms. */

static gboolean
parse_boolean (GParamSpec *pspec, const gchar *text, GValue *value,
               GError **error)
{
  static const gchar *const yes[] = { "true", "yes", "on", "1" };
  static const gchar *const no[] = { "false", "no", "off", "0" };

  for (gsize i = 0; i < G_N_ELEMENTS (yes); i++)
    {
      if (g_ascii_strcasecmp (text, yes[i]) == 0)
        {
          g_value_set_boolean (value, TRUE);
          return TRUE;
        }
      if (g_ascii_strcasecmp (text, no[i]) == 0)
        {
          g_value_set_boolean (value, FALSE);
          return TRUE;
        }
    }
  g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
               "'%s' is not a boolean (expected true/false, yes/no, on/off "
               "or 1/0)",
               text);
  return FALSE;
}

static gchar *
format_boolean (const GValue *value)
{
  return g_strdup (g_value_get_boolean (value) ? "true" : "false");
}

/* Integers are read as 64-bit and narrowed by the range check that
 * cns_attribute_parse() does after parsing. */
static gboolean
parse_integer (GParamSpec *pspec, const gchar *text, GValue *value,
               GError **error)
{
  GType t = G_VALUE_TYPE (value);
  gboolean is_signed = t == G_TYPE_INT || t == G_TYPE_LONG || t == G_TYPE_INT64;
  g_autoptr (GError) local = NULL;
  gint64 s = 0;
  guint64 u = 0;
  gboolean ok;

  if (is_signed)
    ok = g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, &s,
                                   &local);
  else
    ok = g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &u, &local);
  if (!ok)
    {
      g_autofree gchar *range = cns_attribute_describe_range (pspec);

      g_set_error (error, CNS_CORE_ERROR,
                   g_error_matches (local, G_NUMBER_PARSER_ERROR,
                                    G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS)
                       ? CNS_CORE_ERROR_RANGE
                       : CNS_CORE_ERROR_PARSE,
                   "'%s' is not %s integer (accepted: %s)", text,
                   is_signed ? "an" : "an unsigned", range);
      return FALSE;
    }

  /* Narrow with a range check of our own: the value must survive. */
  if (t == G_TYPE_INT && (s < G_MININT || s > G_MAXINT))
    ok = FALSE;
  else if (t == G_TYPE_LONG && (s < G_MINLONG || s > G_MAXLONG))
    ok = FALSE;
  else if (t == G_TYPE_UINT && u > G_MAXUINT)
    ok = FALSE;
  else if (t == G_TYPE_ULONG && u > G_MAXULONG)
    ok = FALSE;
  if (!ok)
    {
      g_autofree gchar *range = cns_attribute_describe_range (pspec);

      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                   "'%s' is out of range (accepted: %s)", text, range);
      return FALSE;
    }
  if (t == G_TYPE_INT)
    g_value_set_int (value, (gint) s);
  else if (t == G_TYPE_LONG)
    g_value_set_long (value, (glong) s);
  else if (t == G_TYPE_INT64)
    g_value_set_int64 (value, s);
  else if (t == G_TYPE_UINT)
    g_value_set_uint (value, (guint) u);
  else if (t == G_TYPE_ULONG)
    g_value_set_ulong (value, (gulong) u);
  else
    g_value_set_uint64 (value, u);
  return TRUE;
}

static gchar *
format_by_transform (const GValue *value)
{
  g_auto (GValue) s = G_VALUE_INIT;

  g_value_init (&s, G_TYPE_STRING);
  g_value_transform (value, &s);
  return g_value_dup_string (&s);
}

static gboolean
parse_double (GParamSpec *pspec, const gchar *text, GValue *value,
              GError **error)
{
  gchar *end = NULL;
  gdouble d;

  errno = 0;
  d = g_ascii_strtod (text, &end);
  while (end != NULL && g_ascii_isspace (*end))
    end++;
  /* ERANGE on underflow still gives the nearest double (a subnormal, or
   * 0), which formats and parses back; overflow gives inf, refused */
  if (end == text || end == NULL || *end != '\0'
      || (errno != 0 && errno != ERANGE) || !isfinite (d))
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "'%s' is not a finite number (expected a decimal number "
                   "such as 0.25 or 1e-3)",
                   text);
      return FALSE;
    }
  if (G_VALUE_HOLDS_FLOAT (value))
    g_value_set_float (value, (gfloat) d);
  else
    g_value_set_double (value, d);
  return TRUE;
}

/* The shortest decimal form that reads back as the same double: "0.1",
 * not "0.10000000000000001". */
static gchar *
format_double (const GValue *value)
{
  gboolean is_float = G_VALUE_HOLDS_FLOAT (value);
  gdouble d = is_float ? g_value_get_float (value) : g_value_get_double (value);
  gchar buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (gint precision = 1; precision < 17; precision++)
    {
      gchar format[8];
      gdouble back;

      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buf, sizeof buf, format, d);
      back = g_ascii_strtod (buf, NULL);
      if (is_float ? (gfloat) back == (gfloat) d : back == d)
        return g_strdup (buf);
    }
  return g_strdup (g_ascii_dtostr (buf, sizeof buf, d));
}

static gboolean
parse_string (GParamSpec *pspec, const gchar *text, GValue *value,
              GError **error)
{
  g_value_set_string (value, text);
  return TRUE;
}

static gchar *
format_string (const GValue *value)
{
  return g_strdup (g_value_get_string (value) ? g_value_get_string (value)
                                              : "");
}

static gboolean
parse_enum (GParamSpec *pspec, const gchar *text, GValue *value, GError **error)
{
  g_autoptr (GEnumClass) klass = g_type_class_ref (G_VALUE_TYPE (value));
  gint64 number;

  for (guint i = 0; i < klass->n_values; i++)
    if (g_ascii_strcasecmp (text, klass->values[i].value_nick) == 0
        || strcmp (text, klass->values[i].value_name) == 0)
      {
        g_value_set_enum (value, klass->values[i].value);
        return TRUE;
      }
  if (g_ascii_string_to_signed (text, 10, G_MININT, G_MAXINT, &number, NULL)
      && g_enum_get_value (klass, (gint) number) != NULL)
    {
      g_value_set_enum (value, (gint) number);
      return TRUE;
    }
  {
    g_autofree gchar *range = cns_attribute_describe_range (pspec);

    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                 "'%s' is not a valid choice (accepted: %s)", text, range);
  }
  return FALSE;
}

static gchar *
format_enum (const GValue *value)
{
  g_autoptr (GEnumClass) klass = g_type_class_ref (G_VALUE_TYPE (value));
  GEnumValue *ev = g_enum_get_value (klass, g_value_get_enum (value));

  return ev ? g_strdup (ev->value_nick)
            : g_strdup_printf ("%d", g_value_get_enum (value));
}

static gboolean
parse_flags (GParamSpec *pspec, const gchar *text, GValue *value,
             GError **error)
{
  g_autoptr (GFlagsClass) klass = g_type_class_ref (G_VALUE_TYPE (value));
  g_auto (GStrv) parts = g_strsplit (text, "|", -1);
  guint flags = 0;

  for (gchar **p = parts; *p != NULL; p++)
    {
      GFlagsValue *fv;

      g_strstrip (*p);
      if (**p == '\0')
        continue;
      fv = g_flags_get_value_by_nick (klass, *p);
      if (fv == NULL)
        fv = g_flags_get_value_by_name (klass, *p);
      if (fv == NULL)
        {
          g_autofree gchar *range = cns_attribute_describe_range (pspec);

          g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                       "'%s' in '%s' is not a valid flag (accepted: %s)", *p,
                       text, range);
          return FALSE;
        }
      flags |= fv->value;
    }
  g_value_set_flags (value, flags);
  return TRUE;
}

static gchar *
format_flags (const GValue *value)
{
  g_autoptr (GFlagsClass) klass = g_type_class_ref (G_VALUE_TYPE (value));
  guint flags = g_value_get_flags (value);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < klass->n_values; i++)
    if (klass->values[i].value != 0
        && (flags & klass->values[i].value) == klass->values[i].value)
      g_string_append_printf (s, "%s%s", s->len ? "|" : "",
                              klass->values[i].value_nick);
  return g_string_free (s, FALSE);
}

static gboolean
parse_time (GParamSpec *pspec, const gchar *text, GValue *value, GError **error)
{
  CnsTime t;

  if (!cns_time_parse (text, &t, error))
    return FALSE;
  cns_value_set_time (value, t);
  return TRUE;
}

static gchar *
format_time (const GValue *value)
{
  return cns_time_to_string (cns_value_get_time (value));
}

static gboolean
parse_data_rate (GParamSpec *pspec, const gchar *text, GValue *value,
                 GError **error)
{
  CnsDataRate rate;

  if (!cns_data_rate_parse (text, &rate, error))
    return FALSE;
  cns_value_set_data_rate (value, rate);
  return TRUE;
}

static gchar *
format_data_rate (const GValue *value)
{
  return cns_data_rate_to_string (cns_value_get_data_rate (value));
}

static gboolean
parse_queue_size (GParamSpec *pspec, const gchar *text, GValue *value,
                  GError **error)
{
  CnsQueueSize size;

  if (!cns_queue_size_parse (text, &size, error))
    return FALSE;
  g_value_set_boxed (value, &size);
  return TRUE;
}

static gchar *
format_queue_size (const GValue *value)
{
  const CnsQueueSize *size = g_value_get_boxed (value);

  return size ? cns_queue_size_to_string (size) : g_strdup ("none");
}

/* Registers the text forms of GLib's and the core's value types. */
void
cns_attribute_install_builtin_types (void)
{
  static const GType integers[] = { G_TYPE_INT,   G_TYPE_UINT,  G_TYPE_LONG,
                                    G_TYPE_ULONG, G_TYPE_INT64, G_TYPE_UINT64 };

  cns_attribute_register_value_type (G_TYPE_BOOLEAN, parse_boolean,
                                     format_boolean);
  for (gsize i = 0; i < G_N_ELEMENTS (integers); i++)
    cns_attribute_register_value_type (integers[i], parse_integer,
                                       format_by_transform);
  cns_attribute_register_value_type (G_TYPE_FLOAT, parse_double, format_double);
  cns_attribute_register_value_type (G_TYPE_DOUBLE, parse_double,
                                     format_double);
  cns_attribute_register_value_type (G_TYPE_STRING, parse_string,
                                     format_string);
  cns_attribute_register_value_type (G_TYPE_ENUM, parse_enum, format_enum);
  cns_attribute_register_value_type (G_TYPE_FLAGS, parse_flags, format_flags);
  cns_attribute_register_value_type (CNS_TYPE_TIME, parse_time, format_time);
  cns_attribute_register_value_type (CNS_TYPE_DATA_RATE, parse_data_rate,
                                     format_data_rate);
  cns_attribute_register_value_type (CNS_TYPE_QUEUE_SIZE, parse_queue_size,
                                     format_queue_size);
}
