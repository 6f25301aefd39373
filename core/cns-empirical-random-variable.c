/* cns — values following a cumulative distribution given as points.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's EmpiricalRandomVariable. The distribution is a list of points
 * (value, P(X <= value)), both non-decreasing, the last probability 1;
 * the Cdf attribute writes it as "value:probability;..." ("1:0.2;2:0.5;
 * 4:1" gives 1 with probability 0.2, 2 with 0.3, 4 with 0.5). A uniform u
 * at or below the first probability gives the first value. Otherwise,
 * with i the first point whose probability exceeds u, the value is that
 * point's (Interpolate false, a histogram) or the linear interpolation
 * between points i - 1 and i (Interpolate true, a piecewise-linear CDF).
 *
 * A bad Cdf string cannot be refused by set_property, so it empties the
 * distribution and is kept to be reported by validate, which the text
 * form of random variables calls, or as a critical at the next draw.
 */
#include "core/cns-empirical-random-variable.h"

#include "core/cns-core-error.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#define DEFAULT_CDF         ""
#define DEFAULT_INTERPOLATE FALSE

enum
{
  PROP_0,
  PROP_CDF,
  PROP_INTERPOLATE,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

typedef struct
{
  gdouble value;
  gdouble probability;
} CdfPoint;

struct _CnsEmpiricalRandomVariable
{
  CnsRandomVariable parent;

  GArray *points; /* CdfPoint, both fields non-decreasing */
  gboolean interpolate;
  GError *cdf_error; /* why the last Cdf string was refused */
};

G_DEFINE_FINAL_TYPE (CnsEmpiricalRandomVariable, cns_empirical_random_variable,
                     CNS_TYPE_RANDOM_VARIABLE)

static void cns_empirical_random_variable_set_property (GObject *object,
                                                        guint prop_id,
                                                        const GValue *value,
                                                        GParamSpec *pspec);
static void cns_empirical_random_variable_get_property (GObject *object,
                                                        guint prop_id,
                                                        GValue *value,
                                                        GParamSpec *pspec);
static void cns_empirical_random_variable_finalize (GObject *object);
static gdouble cns_empirical_random_variable_get_value (CnsRandomVariable *rv);
static gboolean cns_empirical_random_variable_validate (CnsRandomVariable *rv,
                                                        GError **error);

static void
cns_empirical_random_variable_class_init (
    CnsEmpiricalRandomVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsRandomVariableClass *rv_class = CNS_RANDOM_VARIABLE_CLASS (klass);

  object_class->set_property = cns_empirical_random_variable_set_property;
  object_class->get_property = cns_empirical_random_variable_get_property;
  object_class->finalize = cns_empirical_random_variable_finalize;
  rv_class->get_value = cns_empirical_random_variable_get_value;
  rv_class->validate = cns_empirical_random_variable_validate;

  properties[PROP_CDF] = g_param_spec_string (
      "cdf", "Cdf",
      "The cumulative distribution as value:probability points separated "
      "by ';', values and probabilities non-decreasing, the last "
      "probability 1, as in \"1:0.2;2:0.5;4:1\"",
      DEFAULT_CDF, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_INTERPOLATE] = g_param_spec_boolean (
      "interpolate", "Interpolate",
      "Interpolate linearly between the points, for a continuous "
      "distribution; false gives only the values of the points",
      DEFAULT_INTERPOLATE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_empirical_random_variable_init (CnsEmpiricalRandomVariable *self)
{
  self->points = g_array_new (FALSE, FALSE, sizeof (CdfPoint));
  self->interpolate = DEFAULT_INTERPOLATE;
}

static void
cns_empirical_random_variable_finalize (GObject *object)
{
  CnsEmpiricalRandomVariable *self = CNS_EMPIRICAL_RANDOM_VARIABLE (object);

  g_array_unref (self->points);
  g_clear_error (&self->cdf_error);
  G_OBJECT_CLASS (cns_empirical_random_variable_parent_class)
      ->finalize (object);
}

static gdouble
cns_empirical_random_variable_get_value (CnsRandomVariable *rv)
{
  CnsEmpiricalRandomVariable *self = (CnsEmpiricalRandomVariable *) rv;
  const CdfPoint *p = (const CdfPoint *) self->points->data;
  guint n = self->points->len;
  gdouble u = cns_random_variable_uniform (rv);
  guint lo = 1, hi = n - 1;

  if (u <= p[0].probability)
    return p[0].value;
  /* The first point whose probability exceeds u; the last one's is 1. */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (p[mid].probability > u)
        hi = mid;
      else
        lo = mid + 1;
    }
  if (!self->interpolate)
    return p[lo].value;
  return p[lo - 1].value
         + (p[lo].value - p[lo - 1].value)
               / (p[lo].probability - p[lo - 1].probability)
               * (u - p[lo - 1].probability);
}

static gboolean
cns_empirical_random_variable_validate (CnsRandomVariable *rv, GError **error)
{
  CnsEmpiricalRandomVariable *self = CNS_EMPIRICAL_RANDOM_VARIABLE (rv);
  const CdfPoint *last;

  if (self->cdf_error != NULL)
    {
      g_propagate_error (error, g_error_copy (self->cdf_error));
      return FALSE;
    }
  if (self->points->len == 0)
    {
      g_set_error_literal (
          error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
          "the CDF has no points (set Cdf, as in \"1:0.2;2:0.5;4:1\", or "
          "add points)");
      return FALSE;
    }
  last = &g_array_index (self->points, CdfPoint, self->points->len - 1);
  if (last->probability != 1.0)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                   "the CDF ends at probability %g (value %g); its last "
                   "point must have probability 1",
                   last->probability, last->value);
      return FALSE;
    }
  return TRUE;
}

/* Checks that (@value, @probability) may follow the points in @points. */
static gboolean
cdf_check_point (GArray *points, gdouble value, gdouble probability,
                 GError **error)
{
  const CdfPoint *prev
      = points->len ? &g_array_index (points, CdfPoint, points->len - 1) : NULL;

  if (!isfinite (value))
    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                 "point %u (%g:%g): the value is not a finite number",
                 points->len + 1, value, probability);
  else if (!(probability >= 0.0 && probability <= 1.0))
    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                 "point %u (%g:%g): the probability is outside [0, 1]",
                 points->len + 1, value, probability);
  else if (prev != NULL && value < prev->value)
    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                 "point %u (%g:%g): the value is below the previous "
                 "point's (%g:%g); values must not decrease",
                 points->len + 1, value, probability, prev->value,
                 prev->probability);
  else if (prev != NULL && probability < prev->probability)
    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                 "point %u (%g:%g): the probability is below the previous "
                 "point's (%g:%g); a CDF must not decrease",
                 points->len + 1, value, probability, prev->value,
                 prev->probability);
  else
    return TRUE;
  return FALSE;
}

static gboolean
cdf_parse_number (const gchar *text, const gchar *item, gdouble *out,
                  GError **error)
{
  gchar *end = NULL;

  errno = 0;
  *out = g_ascii_strtod (text, &end);
  if (end != text && *end == '\0' && errno == 0)
    return TRUE;
  g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
               "'%s' in '%s' is not a number", text, item);
  return FALSE;
}

/* Reads "value:probability;..." into @points. */
static gboolean
cdf_parse (const gchar *text, GArray *points, GError **error)
{
  g_auto (GStrv) items = g_strsplit (text, ";", -1);

  for (gchar **item = items; *item != NULL; item++)
    {
      g_auto (GStrv) parts = NULL;
      CdfPoint point;

      g_strstrip (*item);
      /* Allows a trailing ';' and an empty string. */
      if (**item == '\0' && item[1] == NULL)
        break;
      parts = g_strsplit (*item, ":", -1);
      if (g_strv_length (parts) != 2)
        {
          g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                       "'%s' is not value:probability", *item);
          return FALSE;
        }
      if (!cdf_parse_number (g_strstrip (parts[0]), *item, &point.value, error)
          || !cdf_parse_number (g_strstrip (parts[1]), *item,
                                &point.probability, error)
          || !cdf_check_point (points, point.value, point.probability, error))
        return FALSE;
      g_array_append_val (points, point);
    }
  return TRUE;
}

/* Appends @d in the shortest form that reads back as the same double, so
 * that "0.2" stays "0.2". */
static void
append_double (GString *s, gdouble d)
{
  gchar buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (int digits = 15; digits < 17; digits++)
    {
      g_ascii_formatd (buf, sizeof buf, digits == 15 ? "%.15g" : "%.16g", d);
      if (g_ascii_strtod (buf, NULL) == d)
        {
          g_string_append (s, buf);
          return;
        }
    }
  g_string_append (s, g_ascii_dtostr (buf, sizeof buf, d));
}

static gchar *
cdf_format (GArray *points)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < points->len; i++)
    {
      const CdfPoint *p = &g_array_index (points, CdfPoint, i);

      if (i > 0)
        g_string_append_c (s, ';');
      append_double (s, p->value);
      g_string_append_c (s, ':');
      append_double (s, p->probability);
    }
  return g_string_free (s, FALSE);
}

/**
 * cns_empirical_random_variable_new:
 *
 * Returns: (transfer full): an empirical variable with no points yet: add
 * them with cns_empirical_random_variable_add_point() or the Cdf
 * attribute before drawing.
 */
CnsRandomVariable *
cns_empirical_random_variable_new (void)
{
  return cns_object_new_with_properties (CNS_TYPE_EMPIRICAL_RANDOM_VARIABLE, 0,
                                         NULL, NULL);
}

/**
 * cns_empirical_random_variable_add_point:
 * @value: a value, not below the previous point's
 * @probability: P(X <= @value), in [0, 1] and not below the previous
 *   point's
 *
 * Appends a point to the CDF; the last point added must have probability
 * 1 before values are drawn. A point that would make the CDF decrease is
 * refused with a critical naming it.
 */
void
cns_empirical_random_variable_add_point (CnsEmpiricalRandomVariable *self,
                                         gdouble value, gdouble probability)
{
  g_autoptr (GError) error = NULL;
  CdfPoint point = { value, probability };

  g_return_if_fail (CNS_IS_EMPIRICAL_RANDOM_VARIABLE (self));

  if (!cdf_check_point (self->points, value, probability, &error))
    {
      g_critical ("%s: %s", G_STRFUNC, error->message);
      return;
    }
  g_clear_error (&self->cdf_error);
  g_array_append_val (self->points, point);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CDF]);
}

static void
cns_empirical_random_variable_set_property (GObject *object, guint prop_id,
                                            const GValue *value,
                                            GParamSpec *pspec)
{
  CnsEmpiricalRandomVariable *self = CNS_EMPIRICAL_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_CDF:
      {
        const gchar *text = g_value_get_string (value);
        GError *error = NULL;

        g_clear_error (&self->cdf_error);
        g_array_set_size (self->points, 0);
        if (text != NULL && !cdf_parse (text, self->points, &error))
          {
            g_array_set_size (self->points, 0);
            g_prefix_error (&error, "Cdf: ");
            self->cdf_error = error;
          }
      }
      break;
    case PROP_INTERPOLATE:
      self->interpolate = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_empirical_random_variable_get_property (GObject *object, guint prop_id,
                                            GValue *value, GParamSpec *pspec)
{
  CnsEmpiricalRandomVariable *self = CNS_EMPIRICAL_RANDOM_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_CDF:
      g_value_take_string (value, cdf_format (self->points));
      break;
    case PROP_INTERPOLATE:
      g_value_set_boolean (value, self->interpolate);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
