/* cns — the text form of type- and object-valued attributes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A GType attribute reads a type name; an object attribute reads a
 * factory string ("CnsUniformRandomVariable(Min=1,Max=2)") and makes the
 * object, and reads back as the string that makes an equal one. Apart from
 * the plain value types (cns-attribute.c), since it makes objects, which
 * take their attributes' defaults.
 */
#include "core/cns-attribute-private.h"
#include "core/cns-attribute.h"
#include "core/cns-object-factory.h"

#include <string.h>

static gboolean
parse_gtype (GParamSpec *pspec, const gchar *text, GValue *value,
             GError **error)
{
  GType base = G_IS_PARAM_SPEC_GTYPE (pspec)
                   ? G_PARAM_SPEC_GTYPE (pspec)->is_a_type
                   : G_TYPE_NONE;
  GType type = cns_object_factory_resolve_type (
      text, base == G_TYPE_NONE ? G_TYPE_OBJECT : base, error);

  if (type == G_TYPE_INVALID)
    return FALSE;
  g_value_set_gtype (value, type);
  return TRUE;
}

static gchar *
format_gtype (const GValue *value)
{
  GType type = g_value_get_gtype (value);

  return g_strdup (type == G_TYPE_INVALID ? "none" : g_type_name (type));
}

static gboolean
parse_object (GParamSpec *pspec, const gchar *text, GValue *value,
              GError **error)
{
  g_autoptr (CnsObjectFactory) factory = NULL;
  g_autoptr (GObject) object = NULL;

  if (strcmp (text, "none") == 0)
    {
      g_value_set_object (value, NULL);
      return TRUE;
    }
  factory = cns_object_factory_new_from_string (text, pspec->value_type, error);
  if (factory == NULL)
    return FALSE;
  object = cns_object_factory_create (factory);
  g_value_set_object (value, object);
  return TRUE;
}

/* An object reads back as the factory string that makes an equal one: its
 * type and the writable attributes that differ from their defaults. */
static gchar *
format_object (const GValue *value)
{
  GObject *object = g_value_get_object (value);

  return object ? cns_attribute_describe_object (object) : g_strdup ("none");
}

/* Whether @text is how @pspec's default reads: values compare by text, as
 * two objects made from the same factory string are equal but distinct. */
static gboolean
attribute_text_is_default (GParamSpec *pspec, const gchar *text)
{
  g_auto (GValue) value = G_VALUE_INIT;
  g_autofree gchar *default_text = NULL;

  cns_attribute_get_default (pspec, &value);
  default_text = cns_attribute_format (&value);
  return g_strcmp0 (text, default_text) == 0;
}

/*
 * cns_attribute_describe_object:
 *
 * Returns: (transfer full): "TypeName(Attr=value,...)" listing @object's
 * writable attributes whose values differ from their defaults.
 */
gchar *
cns_attribute_describe_object (GObject *object)
{
  guint n = 0;
  g_autofree GParamSpec **specs
      = g_object_class_list_properties (G_OBJECT_GET_CLASS (object), &n);
  GString *s = g_string_new (G_OBJECT_TYPE_NAME (object));
  guint shown = 0;

  for (guint i = 0; i < n; i++)
    {
      g_auto (GValue) v = G_VALUE_INIT;
      g_autofree gchar *name = NULL;
      g_autofree gchar *text = NULL;

      if ((specs[i]->flags & G_PARAM_READWRITE) != G_PARAM_READWRITE)
        continue;
      g_value_init (&v, specs[i]->value_type);
      g_object_get_property (object, specs[i]->name, &v);
      text = cns_attribute_format (&v);
      if (attribute_text_is_default (specs[i], text))
        continue;
      name = cns_attribute_name_from_property (specs[i]->name);
      g_string_append_printf (s, "%s%s=%s", shown++ ? "," : "(", name, text);
    }
  if (shown > 0)
    g_string_append_c (s, ')');
  return g_string_free (s, FALSE);
}

/* Registers the text forms of GTypes and objects. */
void
cns_attribute_install_object_types (void)
{
  cns_attribute_register_value_type (G_TYPE_GTYPE, parse_gtype, format_gtype);
  cns_attribute_register_value_type (G_TYPE_OBJECT, parse_object,
                                     format_object);
}
