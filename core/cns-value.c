/* cns — GType plumbing shared by the 64-bit value types.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * CnsTime and CnsDataRate are plain 64-bit integers in C, but as attribute
 * values they need their own GTypes so that "10ms" and "5Mbps" can be told
 * apart from a bare number. Like GStreamer's fraction type, each is a
 * fundamental type whose GValue holds the integer in data[0], collected from
 * a 64-bit vararg, and each has a param spec type carrying a range and a
 * default. The param spec instance layout is shared: a GParamSpec followed
 * by minimum, maximum and default, signed or unsigned.
 */
#include "core/cns-value-private.h"

#include <gobject/gvaluecollector.h>

typedef struct
{
  GParamSpec parent_instance;
  guint64 minimum;
  guint64 maximum;
  guint64 default_value;
} RangeSpec;

static void
int64_value_init (GValue *value)
{
  value->data[0].v_int64 = 0;
}

static void
int64_value_copy (const GValue *src, GValue *dest)
{
  dest->data[0].v_int64 = src->data[0].v_int64;
}

static gchar *
int64_value_collect (GValue *value, guint n_collect_values,
                     GTypeCValue *collect_values, guint collect_flags)
{
  value->data[0].v_int64 = collect_values[0].v_int64;
  return NULL;
}

static gchar *
int64_value_lcopy (const GValue *value, guint n_collect_values,
                   GTypeCValue *collect_values, guint collect_flags)
{
  gint64 *location = collect_values[0].v_pointer;

  if (location == NULL)
    return g_strdup_printf ("value location for '%s' passed as NULL",
                            G_VALUE_TYPE_NAME (value));
  *location = value->data[0].v_int64;
  return NULL;
}

static const GTypeValueTable int64_value_table = {
  .value_init = int64_value_init,
  .value_copy = int64_value_copy,
  .collect_format = "q",
  .collect_value = int64_value_collect,
  .lcopy_format = "p",
  .lcopy_value = int64_value_lcopy,
};

static void
int64_to_plain_transform (const GValue *src, GValue *dest)
{
  dest->data[0].v_int64 = src->data[0].v_int64;
}

/*
 * cns_value_register_int64_fundamental:
 *
 * Registers a fundamental value type named @name whose values are 64-bit
 * integers, transformable to and from gint64 and guint64.
 */
GType
cns_value_register_int64_fundamental (const gchar *name)
{
  GTypeInfo info = { .value_table = &int64_value_table };
  GTypeFundamentalInfo finfo = { 0 };
  GType type;

  type = g_type_register_fundamental (g_type_fundamental_next (),
                                      g_intern_static_string (name), &info,
                                      &finfo, 0);
  g_value_register_transform_func (type, G_TYPE_INT64,
                                   int64_to_plain_transform);
  g_value_register_transform_func (type, G_TYPE_UINT64,
                                   int64_to_plain_transform);
  g_value_register_transform_func (G_TYPE_INT64, type,
                                   int64_to_plain_transform);
  g_value_register_transform_func (G_TYPE_UINT64, type,
                                   int64_to_plain_transform);
  return type;
}

static void
range_spec_set_default (GParamSpec *pspec, GValue *value)
{
  value->data[0].v_uint64 = ((RangeSpec *) pspec)->default_value;
}

static gboolean
signed_validate (GParamSpec *pspec, GValue *value)
{
  RangeSpec *spec = (RangeSpec *) pspec;
  gint64 v = value->data[0].v_int64;
  gint64 clamped = CLAMP (v, (gint64) spec->minimum, (gint64) spec->maximum);

  value->data[0].v_int64 = clamped;
  return clamped != v;
}

static gboolean
unsigned_validate (GParamSpec *pspec, GValue *value)
{
  RangeSpec *spec = (RangeSpec *) pspec;
  guint64 v = value->data[0].v_uint64;
  guint64 clamped = CLAMP (v, spec->minimum, spec->maximum);

  value->data[0].v_uint64 = clamped;
  return clamped != v;
}

static gint
signed_cmp (GParamSpec *pspec, const GValue *a, const GValue *b)
{
  gint64 x = a->data[0].v_int64, y = b->data[0].v_int64;

  return x < y ? -1 : x > y;
}

static gint
unsigned_cmp (GParamSpec *pspec, const GValue *a, const GValue *b)
{
  guint64 x = a->data[0].v_uint64, y = b->data[0].v_uint64;

  return x < y ? -1 : x > y;
}

/*
 * cns_value_register_int64_param_type:
 * @instance_size: size of the public param spec struct, which must have the
 *   layout of RangeSpec above
 *
 * Registers the param spec type for @value_type.
 */
GType
cns_value_register_int64_param_type (const gchar *name, GType value_type,
                                     gsize instance_size, gboolean is_signed)
{
  GParamSpecTypeInfo info = {
    .instance_size = (guint16) instance_size,
    .value_type = value_type,
    .value_set_default = range_spec_set_default,
    .value_validate = is_signed ? signed_validate : unsigned_validate,
    .values_cmp = is_signed ? signed_cmp : unsigned_cmp,
  };

  g_return_val_if_fail (instance_size == sizeof (RangeSpec), G_TYPE_INVALID);
  return g_param_type_register_static (g_intern_static_string (name), &info);
}
