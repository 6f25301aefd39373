/* cns — the random variable types and their text form.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Registers every random variable type, so that their names resolve in
 * strings before any is made, and reads an attribute's text as a variable:
 * a bare number is a constant, anything else a factory string. Apart from
 * cns-random-variable.c, which the types derive from.
 */
#include "core/cns-attribute-private.h"
#include "core/cns-attribute.h"
#include "core/cns-constant-random-variable.h"
#include "core/cns-core-error.h"
#include "core/cns-core-private.h"
#include "core/cns-empirical-random-variable.h"
#include "core/cns-erlang-random-variable.h"
#include "core/cns-exponential-random-variable.h"
#include "core/cns-gamma-random-variable.h"
#include "core/cns-log-normal-random-variable.h"
#include "core/cns-normal-random-variable.h"
#include "core/cns-object-factory.h"
#include "core/cns-pareto-random-variable.h"
#include "core/cns-random-variable-private.h"
#include "core/cns-sequential-random-variable.h"
#include "core/cns-uniform-random-variable.h"
#include "core/cns-weibull-random-variable.h"
#include "core/cns-zipf-random-variable.h"

#include <math.h>
#include <string.h>

/* Reads a bare number as a constant, anything else as a factory string
 * for a type deriving from the property's type. The variable is validated
 * here, so that a bad combination is reported with the text that made
 * it. */
static gboolean
parse_random_variable (GParamSpec *pspec, const gchar *text, GValue *value,
                       GError **error)
{
  g_autofree gchar *stripped = g_strstrip (g_strdup (text));
  g_autoptr (CnsObjectFactory) factory = NULL;
  g_autoptr (CnsRandomVariable) variable = NULL;
  gchar *end = NULL;
  gdouble number;

  if (strcmp (stripped, "none") == 0)
    {
      g_value_set_object (value, NULL);
      return TRUE;
    }
  number = g_ascii_strtod (stripped, &end);
  if (end != stripped && *end == '\0'
      && g_type_is_a (CNS_TYPE_CONSTANT_RANDOM_VARIABLE, pspec->value_type))
    {
      if (!isfinite (number))
        {
          g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                       "'%s' is not a finite number", text);
          return FALSE;
        }
      variable = cns_constant_random_variable_new (number);
      g_value_set_object (value, variable);
      return TRUE;
    }
  factory
      = cns_object_factory_new_from_string (stripped, pspec->value_type, error);
  if (factory == NULL)
    return FALSE;
  variable = cns_object_factory_create (factory);
  if (!cns_random_variable_validate (variable, error))
    {
      g_prefix_error (error, "'%s': ", stripped);
      return FALSE;
    }
  g_value_set_object (value, variable);
  return TRUE;
}

static gchar *
format_random_variable (const GValue *value)
{
  GObject *object = g_value_get_object (value);

  return object ? cns_attribute_describe_object (object) : g_strdup ("none");
}

/* Registers the random variable types, so that their names resolve in
 * strings before any is made, and their text form. */
void
cns_core_random_init (void)
{
  g_type_ensure (CNS_TYPE_RANDOM_VARIABLE);
  g_type_ensure (CNS_TYPE_CONSTANT_RANDOM_VARIABLE);
  g_type_ensure (CNS_TYPE_EMPIRICAL_RANDOM_VARIABLE);
  g_type_ensure (CNS_TYPE_ERLANG_RANDOM_VARIABLE);
  g_type_ensure (CNS_TYPE_EXPONENTIAL_RANDOM_VARIABLE);
  g_type_ensure (CNS_TYPE_GAMMA_RANDOM_VARIABLE);
  g_type_ensure (CNS_TYPE_LOG_NORMAL_RANDOM_VARIABLE);
  g_type_ensure (CNS_TYPE_NORMAL_RANDOM_VARIABLE);
  g_type_ensure (CNS_TYPE_PARETO_RANDOM_VARIABLE);
  g_type_ensure (CNS_TYPE_SEQUENTIAL_RANDOM_VARIABLE);
  g_type_ensure (CNS_TYPE_UNIFORM_RANDOM_VARIABLE);
  g_type_ensure (CNS_TYPE_WEIBULL_RANDOM_VARIABLE);
  g_type_ensure (CNS_TYPE_ZIPF_RANDOM_VARIABLE);
  cns_attribute_register_value_type (
      CNS_TYPE_RANDOM_VARIABLE, parse_random_variable, format_random_variable);
}
