/* cns — libFuzzer harness: arbitrary bytes as attribute value strings.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The first byte picks a property: a real attribute of a real type (a
 * point-to-point device's DataRate, a channel's Delay, a queue's MaxSize,
 * an application's random-variable OnTime, an error model's ErrorUnit,
 * ...) or a made-up one for the kinds no library type has (int, long,
 * ulong, float, flags, a narrow time or rate range). The rest, up to the
 * first NUL, is the value text. For every input:
 *
 *  - cns_attribute_parse() never crashes, leaks or logs a warning, and
 *    returns FALSE exactly when it sets an error (with a message);
 *  - an accepted value formats (cns_attribute_format()) to a text that
 *    parses back to the same value, and formats to the same text again;
 *  - where the property's owner can be made on its own and the property
 *    is settable, cns_attribute_set() accepts exactly what
 *    cns_attribute_parse() accepts, sets the error iff it refuses, and
 *    cns_attribute_get() then reads the formatted text back (for a string
 *    property, which may keep its text in a canonical form, a text that
 *    sets and reads back unchanged).
 *
 * Built and run by fuzz-smoke.sh against an instrumented libcns.
 */
#include "fuzz-common.h"
#include "atm/cns-atm-net-device.h"
#include "core/cns-attribute.h"
#include "core/cns-data-rate.h"
#include "core/cns-empirical-random-variable.h"
#include "core/cns-erlang-random-variable.h"
#include "core/cns-queue-size.h"
#include "core/cns-random-variable.h"
#include "core/cns-time.h"
#include "core/cns-uniform-random-variable.h"
#include "network/cns-application-helper.h"
#include "applications/cns-on-off-application.h"
#include "internet/cns-tcp-socket.h"
#include "network/cns-drop-tail-queue.h"
#include "network/cns-point-to-point-channel.h"
#include "network/cns-point-to-point-net-device.h"
#include "network/cns-rate-error-model.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  GParamSpec *pspec;
  GObject *object; /* an instance to set the attribute on, or NULL */
} Target;

static GArray *targets;

/* Adds @type's property @name, settable on a fresh instance when
 * @instantiate. */
static void
add_real (GType type, const gchar *name, gboolean instantiate)
{
  static GHashTable *instances;
  Target t = { 0 };

  if (instances == NULL)
    instances = g_hash_table_new (NULL, NULL);
  t.pspec = cns_attribute_find (type, name);
  if (t.pspec == NULL)
    {
      g_printerr ("%s has no attribute %s\n", g_type_name (type), name);
      abort ();
    }
  if (instantiate && (t.pspec->flags & G_PARAM_WRITABLE)
      && !(t.pspec->flags & G_PARAM_CONSTRUCT_ONLY))
    {
      t.object = g_hash_table_lookup (instances, GSIZE_TO_POINTER (type));
      if (t.object == NULL)
        {
          t.object = g_object_new (type, NULL);
          g_hash_table_insert (instances, GSIZE_TO_POINTER (type), t.object);
        }
    }
  g_array_append_val (targets, t);
}

static void
add_spec (GParamSpec *pspec)
{
  Target t = { g_param_spec_ref_sink (pspec), NULL };

  g_array_append_val (targets, t);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_default_handler (fuzz_abort_on_warning, NULL);
  targets = g_array_new (FALSE, TRUE, sizeof (Target));

  add_real (CNS_TYPE_POINT_TO_POINT_NET_DEVICE, "DataRate", TRUE);
  add_real (CNS_TYPE_POINT_TO_POINT_NET_DEVICE, "InterframeGap", TRUE);
  add_real (CNS_TYPE_POINT_TO_POINT_NET_DEVICE, "Mtu", TRUE);
  add_real (CNS_TYPE_POINT_TO_POINT_NET_DEVICE, "TxQueue", TRUE);
  add_real (CNS_TYPE_POINT_TO_POINT_NET_DEVICE, "Address", TRUE);
  add_real (CNS_TYPE_POINT_TO_POINT_CHANNEL, "Delay", TRUE);
  add_real (CNS_TYPE_DROP_TAIL_QUEUE, "MaxSize", TRUE);
  add_real (CNS_TYPE_ON_OFF_APPLICATION, "OnTime", TRUE);
  add_real (CNS_TYPE_ON_OFF_APPLICATION, "OffTime", TRUE);
  add_real (CNS_TYPE_ON_OFF_APPLICATION, "DataRate", TRUE);
  add_real (CNS_TYPE_ON_OFF_APPLICATION, "PacketSize", TRUE);
  add_real (CNS_TYPE_ON_OFF_APPLICATION, "MaxBytes", TRUE);
  add_real (CNS_TYPE_ON_OFF_APPLICATION, "Remote", TRUE);
  add_real (CNS_TYPE_ON_OFF_APPLICATION, "StartTime", TRUE);
  add_real (CNS_TYPE_RATE_ERROR_MODEL, "ErrorUnit", TRUE);
  add_real (CNS_TYPE_RATE_ERROR_MODEL, "ErrorRate", TRUE);
  add_real (CNS_TYPE_RATE_ERROR_MODEL, "RanVar", TRUE);
  add_real (CNS_TYPE_RATE_ERROR_MODEL, "Enabled", TRUE);
  add_real (CNS_TYPE_TCP_SOCKET, "CongestionControl", FALSE);
  add_real (CNS_TYPE_ATM_NET_DEVICE, "CellRate", FALSE);
  add_real (CNS_TYPE_ATM_NET_DEVICE, "Mode", FALSE);
  add_real (CNS_TYPE_UNIFORM_RANDOM_VARIABLE, "Min", TRUE);
  add_real (CNS_TYPE_UNIFORM_RANDOM_VARIABLE, "Max", TRUE);
  add_real (CNS_TYPE_UNIFORM_RANDOM_VARIABLE, "Stream", TRUE);
  add_real (CNS_TYPE_UNIFORM_RANDOM_VARIABLE, "Antithetic", TRUE);
  add_real (CNS_TYPE_EMPIRICAL_RANDOM_VARIABLE, "Cdf", TRUE);
  add_real (CNS_TYPE_EMPIRICAL_RANDOM_VARIABLE, "Interpolate", TRUE);
  add_real (CNS_TYPE_ERLANG_RANDOM_VARIABLE, "K", TRUE);
  add_real (CNS_TYPE_APPLICATION_HELPER, "ApplicationType", FALSE);

  /* The kinds no library attribute has, and narrow ranges. */
  add_spec (
      g_param_spec_int ("int", NULL, NULL, -100, 100, 0, G_PARAM_READWRITE));
  add_spec (g_param_spec_long ("long", NULL, NULL, G_MINLONG, G_MAXLONG, 0,
                               G_PARAM_READWRITE));
  add_spec (g_param_spec_ulong ("ulong", NULL, NULL, 0, G_MAXULONG, 0,
                                G_PARAM_READWRITE));
  add_spec (g_param_spec_uint64 ("uint64", NULL, NULL, 10, 1000, 10,
                                 G_PARAM_READWRITE));
  add_spec (g_param_spec_float ("float", NULL, NULL, -G_MAXFLOAT, G_MAXFLOAT, 0,
                                G_PARAM_READWRITE));
  add_spec (
      g_param_spec_double ("double", NULL, NULL, -1, 1, 0, G_PARAM_READWRITE));
  add_spec (g_param_spec_flags ("flags", NULL, NULL, G_TYPE_BINDING_FLAGS, 0,
                                G_PARAM_READWRITE));
  add_spec (
      g_param_spec_string ("string", NULL, NULL, NULL, G_PARAM_READWRITE));
  add_spec (cns_param_spec_time ("time", NULL, NULL, CNS_TIME_MIN, CNS_TIME_MAX,
                                 0, G_PARAM_READWRITE));
  add_spec (cns_param_spec_time ("short-time", NULL, NULL, 1, CNS_TIME_PS_PER_S,
                                 1, G_PARAM_READWRITE));
  add_spec (cns_param_spec_data_rate ("rate", NULL, NULL, 1000, 1000000000,
                                      1000, G_PARAM_READWRITE));
  add_spec (g_param_spec_boxed ("queue-size", NULL, NULL, CNS_TYPE_QUEUE_SIZE,
                                G_PARAM_READWRITE));
  add_spec (g_param_spec_object ("random-variable", NULL, NULL,
                                 CNS_TYPE_RANDOM_VARIABLE, G_PARAM_READWRITE));
  add_spec (g_param_spec_object ("uniform", NULL, NULL,
                                 CNS_TYPE_UNIFORM_RANDOM_VARIABLE,
                                 G_PARAM_READWRITE));
  add_spec (
      g_param_spec_gtype ("gtype", NULL, NULL, G_TYPE_NONE, G_PARAM_READWRITE));
  return 0;
}

/* Whether two parsed values of @pspec are the same value: by GLib's
 * comparison for plain values, by text for objects and boxed values
 * (whose comparison is by pointer). */
static gboolean
same_value (GParamSpec *pspec, const GValue *a, const GValue *b)
{
  GType fundamental = G_TYPE_FUNDAMENTAL (pspec->value_type);

  if (pspec->value_type == CNS_TYPE_QUEUE_SIZE)
    return cns_queue_size_equal (g_value_get_boxed (a), g_value_get_boxed (b));
  if (fundamental == G_TYPE_OBJECT || fundamental == G_TYPE_BOXED)
    {
      g_autofree gchar *ta = cns_attribute_format (a);
      g_autofree gchar *tb = cns_attribute_format (b);

      return strcmp (ta, tb) == 0;
    }
  return g_param_values_cmp (pspec, a, b) == 0;
}

static void
fail (GParamSpec *pspec, const gchar *what, const gchar *text,
      const gchar *detail)
{
  g_printerr ("%s (%s): %s\n  text: '%s'\n  %s\n", pspec->name,
              g_type_name (pspec->value_type), what, text,
              detail != NULL ? detail : "");
  abort ();
}

/* Parses @text for @pspec, checking the error contract; returns whether
 * it was accepted, with @value set. */
static gboolean
checked_parse (GParamSpec *pspec, const gchar *text, GValue *value)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = cns_attribute_parse (pspec, text, value, &error);

  if (ok != (error == NULL))
    fail (pspec, "parse result and error disagree", text,
          error ? error->message : NULL);
  if (error != NULL && (error->message == NULL || *error->message == '\0'))
    fail (pspec, "empty error message", text, NULL);
  if (ok != G_IS_VALUE (value))
    fail (pspec, "value set on failure or unset on success", text, NULL);
  return ok;
}

static void
check_set (const Target *t, const gchar *text, gboolean parsed,
           const gchar *formatted)
{
  g_autoptr (GError) error = NULL;
  g_autofree gchar *back = NULL;
  gboolean ok;

  ok = cns_attribute_set (t->object, t->pspec->name, text, &error);
  if (ok != (error == NULL))
    fail (t->pspec, "set result and error disagree", text,
          error ? error->message : NULL);
  if (ok != parsed)
    fail (t->pspec, "set and parse disagree", text,
          error ? error->message : NULL);
  if (!ok)
    return;
  back = cns_attribute_get (t->object, t->pspec->name, &error);
  if (back == NULL)
    fail (t->pspec, "get after set failed", text,
          error ? error->message : NULL);
  /* "none" sets no object, and an object may put its default in its
   * place (an on-off application's OnTime and OffTime do). */
  if (G_TYPE_FUNDAMENTAL (t->pspec->value_type) == G_TYPE_OBJECT
      && strcmp (formatted, "none") == 0)
    return;
  if (G_TYPE_FUNDAMENTAL (t->pspec->value_type) != G_TYPE_STRING)
    {
      if (strcmp (back, formatted) != 0)
        fail (t->pspec, "get after set differs from the parsed value", text,
              back);
      return;
    }
  /* A string property may keep a canonical form of its text (an
   * empirical variable's Cdf does): setting what it reads back must
   * change nothing. */
  {
    g_autofree gchar *canonical = g_steal_pointer (&back);

    if (!cns_attribute_set (t->object, t->pspec->name, canonical, &error))
      fail (t->pspec, "what get returns does not set", text,
            error ? error->message : NULL);
    back = cns_attribute_get (t->object, t->pspec->name, &error);
    if (back == NULL || strcmp (back, canonical) != 0)
      fail (t->pspec, "the read-back text is not stable", canonical, back);
  }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_auto (GValue) value = G_VALUE_INIT;
  g_auto (GValue) again = G_VALUE_INIT;
  g_autofree gchar *text = NULL;
  g_autofree gchar *formatted = NULL;
  g_autofree gchar *reformatted = NULL;
  g_autofree gchar *range = NULL;
  const Target *t;

  if (size < 1)
    return 0;
  t = &g_array_index (targets, Target, data[0] % targets->len);
  text = g_strndup ((const gchar *) data + 1, size - 1);
  range = cns_attribute_describe_range (t->pspec);

  if (!checked_parse (t->pspec, text, &value))
    {
      if (t->object != NULL)
        check_set (t, text, FALSE, NULL);
      return 0;
    }
  formatted = cns_attribute_format (&value);
  if (formatted == NULL)
    fail (t->pspec, "an accepted value does not format", text, NULL);
  if (!checked_parse (t->pspec, formatted, &again))
    fail (t->pspec, "the formatted value does not parse", text, formatted);
  if (!same_value (t->pspec, &value, &again))
    fail (t->pspec, "the formatted value parses to another value", text,
          formatted);
  reformatted = cns_attribute_format (&again);
  if (strcmp (formatted, reformatted) != 0)
    fail (t->pspec, "formatting is not stable", formatted, reformatted);
  if (t->object != NULL)
    check_set (t, text, TRUE, formatted);
  return 0;
}
