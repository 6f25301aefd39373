/* cns — random variables: a distribution drawing from its own stream.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * CnsRandomVariable is ns-3's RandomVariableStream: each variable owns one
 * MRG32k3a stream, chosen by its Stream attribute (or handed out in
 * creation order when Stream is -1), with the run number (RngRun) as the
 * substream and the seed from RngSeed. Seed and run are read at the first
 * draw, so a program may set them after building its scenario. Subclasses
 * implement get_value with cns_random_variable_uniform() and
 * cns_random_variable_normal(), which apply the Antithetic attribute.
 *
 * Draws are on hot paths, where a GType check costs as much as the
 * generator: the public entry points check their argument once, and the
 * get_value implementations cast without checking, as they are only
 * reached through their own class.
 *
 * Parameters are checked once before the first draw after any of them
 * changed: a set that does not fit together (Min above Max) is a
 * programming error at draw time, reported with g_critical, and a GError
 * where the variable was written as text ("Uniform(Min=5,Max=1)").
 *
 * Memory: a scenario may hold a few variables per application, many of
 * them constants that never draw, so the base keeps two words, the stream
 * number and a pointer to what drawing needs (the generator's state, the
 * spare normal, the Antithetic and checked flags), which is allocated at
 * the first draw, or when Antithetic is set.
 *
 * This file also gives every property of type CnsRandomVariable a text
 * form: a factory string such as "Exponential(Mean=2)" or a bare number,
 * which stands for a constant.
 */
#include "core/cns-random-variable.h"

#include "core/cns-attribute-private.h"
#include "core/cns-attribute.h"
#include "core/cns-core-error.h"
#include "core/cns-core-private.h"
#include "core/cns-object-factory.h"
#include "core/cns-random-variable-private.h"
#include "core/cns-rng-seed-manager.h"
#include "core/cns-rng-stream.h"

#include <math.h>
#include <string.h>

#define DEFAULT_STREAM     -1
#define DEFAULT_ANTITHETIC FALSE

/* A bound that keeps fewer values than this would make redrawing the rest
 * take practically forever. */
#define MIN_KEPT_FRACTION 1e-6

enum
{
  PROP_0,
  PROP_STREAM,
  PROP_ANTITHETIC,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

/* What drawing needs. */
typedef struct
{
  CnsRngStream rng;
  gdouble spare_normal;
  guint rng_ready : 1;  /* rng is at the start of stream_number, run */
  guint antithetic : 1; /* the Antithetic attribute */
  guint checked : 1;    /* parameters validated since they last changed */
  guint have_spare : 1; /* spare_normal holds the second of a pair */
} RandomState;

typedef struct
{
  /* The stream in use: an automatic one lies below
   * CNS_RNG_ASSIGNED_STREAM_BASE, stream s of the Stream attribute is
   * that base + s. */
  guint64 stream_number;
  RandomState *state; /* NULL until needed */
} CnsRandomVariablePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (CnsRandomVariable, cns_random_variable,
                                     CNS_TYPE_OBJECT)

static void cns_random_variable_set_property (GObject *object, guint prop_id,
                                              const GValue *value,
                                              GParamSpec *pspec);
static void cns_random_variable_get_property (GObject *object, guint prop_id,
                                              GValue *value, GParamSpec *pspec);
static void cns_random_variable_notify (GObject *object, GParamSpec *pspec);
static void cns_random_variable_finalize (GObject *object);
static guint32 cns_random_variable_real_get_integer (CnsRandomVariable *self);
static gboolean cns_random_variable_real_validate (CnsRandomVariable *self,
                                                   GError **error);

static void
cns_random_variable_class_init (CnsRandomVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = cns_random_variable_set_property;
  object_class->get_property = cns_random_variable_get_property;
  object_class->notify = cns_random_variable_notify;
  object_class->finalize = cns_random_variable_finalize;
  klass->get_integer = cns_random_variable_real_get_integer;
  klass->validate = cns_random_variable_real_validate;

  properties[PROP_STREAM] = g_param_spec_int64 (
      "stream", "Stream",
      "The number of the random stream this variable draws from; -1 hands "
      "out a stream automatically, in creation order. Variables with the "
      "same stream, RngSeed and RngRun draw the same values",
      -1, G_MAXINT64, DEFAULT_STREAM,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANTITHETIC] = g_param_spec_boolean (
      "antithetic", "Antithetic",
      "Draw from 1 - u instead of each uniform u, to make runs negatively "
      "correlated with those of a variable on the same stream",
      DEFAULT_ANTITHETIC, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

/* The Stream property, a construct property, sets the stream number. */
static void
cns_random_variable_init (CnsRandomVariable *self)
{
}

/* Any parameter change must be checked again before the next draw. */
static void
cns_random_variable_notify (GObject *object, GParamSpec *pspec)
{
  CnsRandomVariablePrivate *priv
      = cns_random_variable_get_instance_private (CNS_RANDOM_VARIABLE (object));

  if (priv->state != NULL)
    priv->state->checked = FALSE;
  if (G_OBJECT_CLASS (cns_random_variable_parent_class)->notify != NULL)
    G_OBJECT_CLASS (cns_random_variable_parent_class)->notify (object, pspec);
}

static void
cns_random_variable_finalize (GObject *object)
{
  CnsRandomVariablePrivate *priv
      = cns_random_variable_get_instance_private (CNS_RANDOM_VARIABLE (object));

  g_free (priv->state);
  G_OBJECT_CLASS (cns_random_variable_parent_class)->finalize (object);
}

/* What drawing needs, made on first use: the generator starts at the
 * first draw, the parameters are checked before it. */
static inline RandomState *
random_variable_state (CnsRandomVariablePrivate *priv)
{
  if (G_UNLIKELY (priv->state == NULL))
    priv->state = g_new0 (RandomState, 1);
  return priv->state;
}

static guint32
cns_random_variable_real_get_integer (CnsRandomVariable *self)
{
  return cns_random_variable_clamp_integer (
      CNS_RANDOM_VARIABLE_GET_CLASS (self)->get_value (self));
}

static gboolean
cns_random_variable_real_validate (CnsRandomVariable *self, GError **error)
{
  return TRUE;
}

/* Rounds @value down into the range of a guint32: negative values and NaN
 * give 0, values beyond give G_MAXUINT32. */
guint32
cns_random_variable_clamp_integer (gdouble value)
{
  gdouble v = floor (value);

  if (!(v > 0.0))
    return 0;
  if (v >= (gdouble) G_MAXUINT32)
    return G_MAXUINT32;
  return (guint32) v;
}

/* Checks that a Bound keeps a fraction @kept of the values large enough
 * for redrawing the others to end. */
gboolean
cns_random_variable_check_bound (gdouble bound, gdouble kept, GError **error)
{
  if (kept >= MIN_KEPT_FRACTION)
    return TRUE;
  g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
               "Bound %g keeps a fraction %g of the values, too few to "
               "redraw the others (at least %g is needed)",
               bound, kept, MIN_KEPT_FRACTION);
  return FALSE;
}

/* Validates before a draw; a failure is a programming error. */
static gboolean
random_variable_check (CnsRandomVariable *self)
{
  CnsRandomVariablePrivate *priv
      = cns_random_variable_get_instance_private (self);
  g_autoptr (GError) error = NULL;

  random_variable_state (priv);
  if (cns_random_variable_validate (self, &error))
    return TRUE;
  g_critical ("%s: %s", G_OBJECT_TYPE_NAME (self), error->message);
  return FALSE;
}

/* Whether the parameters need no check before a draw: they were checked
 * since they last changed, or the type accepts any (a constant, which
 * then needs no state at all). */
static inline gboolean
random_variable_checked (CnsRandomVariable *self,
                         CnsRandomVariablePrivate *priv)
{
  return (priv->state != NULL && priv->state->checked)
         || CNS_RANDOM_VARIABLE_GET_CLASS (self)->validate
                == cns_random_variable_real_validate;
}

/**
 * cns_random_variable_get_value:
 *
 * Draws the next value of @self's distribution.
 *
 * Returns: the value; NaN, after a critical naming the problem, when the
 * parameters do not fit together (see cns_random_variable_validate()).
 */
gdouble
cns_random_variable_get_value (CnsRandomVariable *self)
{
  CnsRandomVariablePrivate *priv;

  g_return_val_if_fail (CNS_IS_RANDOM_VARIABLE (self), NAN);
  priv = cns_random_variable_get_instance_private (self);
  if (G_UNLIKELY (!random_variable_checked (self, priv))
      && !random_variable_check (self))
    return NAN;
  return CNS_RANDOM_VARIABLE_GET_CLASS (self)->get_value (self);
}

/**
 * cns_random_variable_get_integer:
 *
 * Draws the next value of @self's distribution as an integer. Unless the
 * type says otherwise this is the value rounded down, limited to 0 ..
 * %G_MAXUINT32.
 *
 * Returns: the value; 0, after a critical, when the parameters do not fit
 * together.
 */
guint32
cns_random_variable_get_integer (CnsRandomVariable *self)
{
  CnsRandomVariablePrivate *priv;

  g_return_val_if_fail (CNS_IS_RANDOM_VARIABLE (self), 0);
  priv = cns_random_variable_get_instance_private (self);
  if (G_UNLIKELY (!random_variable_checked (self, priv))
      && !random_variable_check (self))
    return 0;
  return CNS_RANDOM_VARIABLE_GET_CLASS (self)->get_integer (self);
}

/**
 * cns_random_variable_validate:
 * @error: a #CNS_CORE_ERROR naming the attributes that do not fit together
 *
 * Checks @self's parameters as a whole. Draws do this by themselves; call
 * it to report a bad combination as an error rather than a critical. (A
 * variable that has not drawn yet is checked again at its first draw.)
 *
 * Returns: %TRUE when values can be drawn.
 */
gboolean
cns_random_variable_validate (CnsRandomVariable *self, GError **error)
{
  CnsRandomVariablePrivate *priv;

  g_return_val_if_fail (CNS_IS_RANDOM_VARIABLE (self), FALSE);
  priv = cns_random_variable_get_instance_private (self);
  if (!CNS_RANDOM_VARIABLE_GET_CLASS (self)->validate (self, error))
    return FALSE;
  if (priv->state != NULL)
    priv->state->checked = TRUE;
  return TRUE;
}

/* Takes the stream @stream asks for; the generator starts at the next draw. */
static void
random_variable_assign_stream (CnsRandomVariablePrivate *priv, gint64 stream)
{
  priv->stream_number = stream >= 0
                            ? CNS_RNG_ASSIGNED_STREAM_BASE + (guint64) stream
                            : cns_rng_seed_manager_next_stream ();
  if (priv->state != NULL)
    priv->state->rng_ready = FALSE;
}

/* The Stream attribute: -1 for an automatic stream. */
static gint64
random_variable_stream (CnsRandomVariablePrivate *priv)
{
  return priv->stream_number >= CNS_RNG_ASSIGNED_STREAM_BASE
             ? (gint64) (priv->stream_number - CNS_RNG_ASSIGNED_STREAM_BASE)
             : -1;
}

/**
 * cns_random_variable_set_stream:
 * @stream: a stream number, or -1 for the next automatic one
 *
 * Moves @self to the start of stream @stream, which is generator stream
 * %CNS_RNG_ASSIGNED_STREAM_BASE + @stream, as in ns-3; automatic streams
 * count up from 0 and never reach those.
 */
void
cns_random_variable_set_stream (CnsRandomVariable *self, gint64 stream)
{
  g_return_if_fail (CNS_IS_RANDOM_VARIABLE (self));
  g_return_if_fail (stream >= -1);

  random_variable_assign_stream (
      cns_random_variable_get_instance_private (self), stream);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STREAM]);
}

/* For a variable that never draws, made with an explicit stream so as
 * not to take an automatic one: reads as automatic (Stream -1). */
void
cns_random_variable_set_unnumbered (CnsRandomVariable *self)
{
  CnsRandomVariablePrivate *priv
      = cns_random_variable_get_instance_private (self);

  priv->stream_number = 0;
}

/**
 * cns_random_variable_get_stream:
 *
 * Returns: the stream number set, or -1 when it was handed out
 * automatically.
 */
gint64
cns_random_variable_get_stream (CnsRandomVariable *self)
{
  CnsRandomVariablePrivate *priv;

  g_return_val_if_fail (CNS_IS_RANDOM_VARIABLE (self), -1);
  priv = cns_random_variable_get_instance_private (self);
  return random_variable_stream (priv);
}

static void
random_variable_set_antithetic (CnsRandomVariablePrivate *priv,
                                gboolean antithetic)
{
  RandomState *state;

  if (priv->state == NULL && !antithetic)
    return; /* the default */
  state = random_variable_state (priv);
  state->antithetic = antithetic != FALSE;
  /* A cached normal was made from the other uniforms. */
  state->have_spare = FALSE;
}

/* The Antithetic attribute. */
static gboolean
random_variable_antithetic (CnsRandomVariablePrivate *priv)
{
  return priv->state != NULL && priv->state->antithetic;
}

/**
 * cns_random_variable_set_antithetic:
 * @antithetic: whether to use 1 - u for every uniform u drawn
 */
void
cns_random_variable_set_antithetic (CnsRandomVariable *self,
                                    gboolean antithetic)
{
  CnsRandomVariablePrivate *priv;

  g_return_if_fail (CNS_IS_RANDOM_VARIABLE (self));
  priv = cns_random_variable_get_instance_private (self);
  random_variable_set_antithetic (priv, antithetic);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANTITHETIC]);
}

/**
 * cns_random_variable_get_antithetic:
 *
 * Returns: the Antithetic attribute.
 */
gboolean
cns_random_variable_get_antithetic (CnsRandomVariable *self)
{
  CnsRandomVariablePrivate *priv;

  g_return_val_if_fail (CNS_IS_RANDOM_VARIABLE (self), FALSE);
  priv = cns_random_variable_get_instance_private (self);
  return random_variable_antithetic (priv);
}

static void
random_variable_start_stream (CnsRandomVariablePrivate *priv,
                              RandomState *state)
{
  cns_rng_stream_init (&state->rng, cns_rng_seed_manager_get_seed (),
                       priv->stream_number, cns_rng_seed_manager_get_run ());
  state->rng_ready = TRUE;
  state->have_spare = FALSE;
}

/**
 * cns_random_variable_uniform:
 *
 * For subclasses: draws the next uniform value of @self's stream, or one
 * minus it when @self is antithetic.
 *
 * Returns: a value in the open interval (0, 1).
 */
gdouble
cns_random_variable_uniform (CnsRandomVariable *self)
{
  CnsRandomVariablePrivate *priv;
  RandomState *state;
  gdouble u;

  priv = cns_random_variable_get_instance_private (self);
  state = random_variable_state (priv);
  if (G_UNLIKELY (!state->rng_ready))
    random_variable_start_stream (priv, state);
  u = cns_rng_stream_uniform (&state->rng);
  return state->antithetic ? 1.0 - u : u;
}

/**
 * cns_random_variable_normal:
 *
 * For subclasses: draws a standard normal value (mean 0, variance 1) by
 * the polar method. Each accepted pair of uniforms gives two values; the
 * second is kept for the next call, and dropped when the stream or the
 * Antithetic attribute changes. This is the sequence ns-3's normal,
 * log-normal and gamma variables use. Like cns_random_variable_uniform(),
 * call it only from get_value or get_integer.
 *
 * Returns: the value.
 */
gdouble
cns_random_variable_normal (CnsRandomVariable *self)
{
  RandomState *state
      = random_variable_state (cns_random_variable_get_instance_private (self));

  if (state->have_spare)
    {
      state->have_spare = FALSE;
      return state->spare_normal;
    }
  for (;;)
    {
      gdouble v1 = 2.0 * cns_random_variable_uniform (self) - 1.0;
      gdouble v2 = 2.0 * cns_random_variable_uniform (self) - 1.0;
      gdouble w = v1 * v1 + v2 * v2;

      /* Inside the unit disc; the centre would divide by zero. */
      if (w > 0.0 && w <= 1.0)
        {
          gdouble y = sqrt (-2.0 * log (w) / w);

          state->spare_normal = v2 * y;
          state->have_spare = TRUE;
          return v1 * y;
        }
    }
}

static void
cns_random_variable_set_property (GObject *object, guint prop_id,
                                  const GValue *value, GParamSpec *pspec)
{
  CnsRandomVariable *self = CNS_RANDOM_VARIABLE (object);
  CnsRandomVariablePrivate *priv
      = cns_random_variable_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_STREAM:
      random_variable_assign_stream (priv, g_value_get_int64 (value));
      break;
    case PROP_ANTITHETIC:
      random_variable_set_antithetic (priv, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
cns_random_variable_get_property (GObject *object, guint prop_id, GValue *value,
                                  GParamSpec *pspec)
{
  CnsRandomVariable *self = CNS_RANDOM_VARIABLE (object);
  CnsRandomVariablePrivate *priv
      = cns_random_variable_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_STREAM:
      g_value_set_int64 (value, random_variable_stream (priv));
      break;
    case PROP_ANTITHETIC:
      g_value_set_boolean (value, random_variable_antithetic (priv));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}
