/* cns — random variables: a distribution drawing from its own stream.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"

G_BEGIN_DECLS

#define CNS_TYPE_RANDOM_VARIABLE (cns_random_variable_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsRandomVariable, cns_random_variable, CNS,
                          RANDOM_VARIABLE, CnsObject)

/**
 * CnsRandomVariableClass:
 * @get_value: draws the next value. Draw uniforms with
 *   cns_random_variable_uniform() and normals with
 *   cns_random_variable_normal() so that the stream, the run number and
 *   the antithetic setting apply.
 * @get_integer: draws the next value as an integer; the default rounds
 *   @get_value down, clamped to 0 .. %G_MAXUINT32.
 * @validate: checks that the parameters fit together (Min not above Max,
 *   a bound that leaves values to draw) and sets @error, naming the
 *   attributes at fault, when they do not. The default accepts.
 *   Constraints on one property alone belong in its #GParamSpec range.
 */
struct _CnsRandomVariableClass
{
  CnsObjectClass parent_class;

  gdouble (*get_value) (CnsRandomVariable *self);
  guint32 (*get_integer) (CnsRandomVariable *self);
  gboolean (*validate) (CnsRandomVariable *self, GError **error);

  /*< private >*/
  gpointer padding[8];
};

gdouble cns_random_variable_get_value (CnsRandomVariable *self);
guint32 cns_random_variable_get_integer (CnsRandomVariable *self);
gboolean cns_random_variable_validate (CnsRandomVariable *self, GError **error);

void cns_random_variable_set_stream (CnsRandomVariable *self, gint64 stream);
gint64 cns_random_variable_get_stream (CnsRandomVariable *self);
void cns_random_variable_set_antithetic (CnsRandomVariable *self,
                                         gboolean antithetic);
gboolean cns_random_variable_get_antithetic (CnsRandomVariable *self);

/* For subclasses. */
gdouble cns_random_variable_uniform (CnsRandomVariable *self);
gdouble cns_random_variable_normal (CnsRandomVariable *self);

G_END_DECLS
