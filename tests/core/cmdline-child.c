/* cns — a scenario-like program for the command-line tests.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * test-command-line.c runs this program with good and bad arguments to
 * check what only a separate process can show: exit statuses, messages on
 * stderr, and the listings of --help and the Print options, which exit.
 * It declares one option of each kind, parses with
 * cns_command_line_parse(), and prints every value, one "name=value" line
 * each, then the arguments left over. CnsChildWidget gives --PrintAttributes,
 * --PrintTraceSources and --CnsChildWidget::Size=N something to work on;
 * its Capacity and Kind declare their defaults as CnsQueue's MaxSize and
 * the applications' Protocol do. A simulator implementation and a
 * scheduler registered here show that listings read the registries. The
 * "cns-cmdline-child" log component lets test-log.c check CNS_LOG. The
 * arguments "remove=FILE" (FILE and its directory go away) and then "run"
 * (the simulator runs) show what a config store Save does when its file
 * cannot be written at the run any more.
 */
#include "core/cns-core.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

CNS_LOG_COMPONENT_DEFINE ("cns-cmdline-child");

#define CNS_TYPE_CHILD_WIDGET (cns_child_widget_get_type ())
G_DECLARE_FINAL_TYPE (CnsChildWidget, cns_child_widget, CNS, CHILD_WIDGET,
                      CnsObject)

typedef void (*CnsChildWidgetPokedFn) (CnsChildWidget *widget, guint times,
                                       gpointer user_data);

struct _CnsChildWidget
{
  CnsObject parent_instance;
  guint size;
  gchar *label;
  CnsTime delay;
  CnsQueueSize capacity;
  GType kind;
  CnsTraceSource poked;
};

#define DEFAULT_SIZE     8
#define DEFAULT_LABEL    "widget"
#define DEFAULT_DELAY    (10 * CNS_TIME_PS_PER_MS)
#define DEFAULT_CAPACITY "100p"
#define DEFAULT_KIND     "CnsExponentialRandomVariable"

enum
{
  PROP_0,
  PROP_SIZE,
  PROP_LABEL,
  PROP_DELAY,
  PROP_CAPACITY,
  PROP_KIND,
  PROP_SERIAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (CnsChildWidget, cns_child_widget, CNS_TYPE_OBJECT)

static void
cns_child_widget_finalize (GObject *object)
{
  CnsChildWidget *self = CNS_CHILD_WIDGET (object);

  g_free (self->label);
  cns_trace_source_clear (&self->poked);
  G_OBJECT_CLASS (cns_child_widget_parent_class)->finalize (object);
}

static void
cns_child_widget_set_property (GObject *object, guint prop_id,
                               const GValue *value, GParamSpec *pspec)
{
  CnsChildWidget *self = CNS_CHILD_WIDGET (object);

  switch (prop_id)
    {
    case PROP_SIZE:
      self->size = g_value_get_uint (value);
      break;
    case PROP_LABEL:
      g_free (self->label);
      self->label = g_value_dup_string (value);
      break;
    case PROP_DELAY:
      self->delay = cns_value_get_time (value);
      break;
    case PROP_CAPACITY:
      self->capacity = *(const CnsQueueSize *) g_value_get_boxed (value);
      break;
    case PROP_KIND:
      self->kind = g_value_get_gtype (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cns_child_widget_get_property (GObject *object, guint prop_id, GValue *value,
                               GParamSpec *pspec)
{
  CnsChildWidget *self = CNS_CHILD_WIDGET (object);

  switch (prop_id)
    {
    case PROP_SIZE:
      g_value_set_uint (value, self->size);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_DELAY:
      cns_value_set_time (value, self->delay);
      break;
    case PROP_CAPACITY:
      g_value_set_boxed (value, &self->capacity);
      break;
    case PROP_KIND:
      g_value_set_gtype (value, self->kind);
      break;
    case PROP_SERIAL:
      g_value_set_uint (value, 42);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cns_child_widget_class_init (CnsChildWidgetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cns_child_widget_finalize;
  object_class->set_property = cns_child_widget_set_property;
  object_class->get_property = cns_child_widget_get_property;

  properties[PROP_SIZE] = g_param_spec_uint (
      "size", "Size", "How many slots the widget has", 1, 64, DEFAULT_SIZE,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);
  properties[PROP_LABEL] = g_param_spec_string (
      "label", "Label", "The name shown for the widget", DEFAULT_LABEL,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);
  properties[PROP_DELAY] = cns_param_spec_time (
      "delay", "Delay", "How long the widget takes to answer", 0,
      CNS_TIME_PS_PER_S, DEFAULT_DELAY,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAPACITY] = g_param_spec_boxed (
      "capacity", "Capacity", "How much the widget holds", CNS_TYPE_QUEUE_SIZE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_KIND] = g_param_spec_gtype (
      "kind", "Kind", "The random variable the widget draws from",
      CNS_TYPE_RANDOM_VARIABLE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SERIAL]
      = g_param_spec_uint ("serial", "Serial", "The widget's serial number", 0,
                           1000, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  cns_attribute_install_default (properties[PROP_CAPACITY], DEFAULT_CAPACITY);
  cns_attribute_install_default (properties[PROP_KIND], DEFAULT_KIND);

  cns_trace_source_install (
      CNS_TYPE_CHILD_WIDGET, "Poked", "Fired each time the widget is poked",
      "CnsChildWidgetPokedFn", G_STRUCT_OFFSET (CnsChildWidget, poked));
}

static void
cns_child_widget_init (CnsChildWidget *self)
{
}

static gboolean
parse_mode (const gchar *name, const gchar *text, gpointer user_data,
            GError **error)
{
  const gchar **mode = user_data;

  if (strcmp (text, "fast") != 0 && strcmp (text, "slow") != 0)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "'%s' is not a mode (accepted: fast or slow)", text);
      return FALSE;
    }
  *mode = strcmp (text, "fast") == 0 ? "fast" : "slow";
  return TRUE;
}

/* Copies of registered classes under new names. */
static CnsSimulatorImplClass child_impl;
static CnsSchedulerClass child_scheduler;

int
main (int argc, char **argv)
{
  g_autoptr (CnsCommandLine) cmd
      = cns_command_line_new ("Runs nothing; prints the values it was given.");
  g_autoptr (CnsChildWidget) widget = NULL;
  gint count = -3;
  guint packets = 100;
  gint64 offset = -1;
  guint64 total = G_GUINT64_CONSTANT (1) << 40;
  gdouble ratio = 0.5;
  gboolean verbose = FALSE;
  gchar *label = g_strdup ("none");
  gchar *initial_label = label;
  CnsTime end_time = 10 * CNS_TIME_PS_PER_S;
  CnsDataRate rate = 5000000;
  const gchar *mode = "fast";
  g_autofree gchar *end_text = NULL;
  g_autofree gchar *rate_text = NULL;
  g_autofree gchar *capacity_text = NULL;
  gchar ratio_text[G_ASCII_DTOSTR_BUF_SIZE];

  /* Registered before parsing, so that --CnsChildWidget::Size=N and
   * --PrintAttributes=CnsChildWidget can find it. */
  g_type_ensure (CNS_TYPE_CHILD_WIDGET);
  child_impl = cns_default_simulator_impl_class;
  child_impl.name = "child-impl";
  cns_simulator_impl_register (&child_impl);
  child_scheduler = *cns_scheduler_lookup ("list", NULL);
  child_scheduler.name = "child-list";
  cns_scheduler_register (&child_scheduler);

  cns_command_line_set_takes_arguments (cmd, TRUE); /* it prints them */
  cns_command_line_add_int (cmd, "count", "A signed count", &count);
  cns_command_line_add_uint (cmd, "packets", "Packets to send", &packets);
  cns_command_line_add_int64 (cmd, "offset", "A 64-bit offset", &offset);
  cns_command_line_add_uint64 (cmd, "total", "Bytes in all", &total);
  cns_command_line_add_double (cmd, "ratio", "A fraction", &ratio);
  cns_command_line_add_boolean (cmd, "verbose", "Say more", &verbose);
  cns_command_line_add_string (cmd, "label", "A name", &label);
  cns_command_line_add_time (cmd, "endTime", "When to stop", &end_time);
  cns_command_line_add_data_rate (cmd, "rate", "Sending rate", &rate);
  cns_command_line_add_callback (cmd, "mode", "How to run", "MODE", parse_mode,
                                 &mode);
  cns_command_line_parse (cmd, &argc, &argv);
  /* A string option replaces the value without freeing the old one. */
  if (label != initial_label)
    g_free (initial_label);

  widget
      = cns_object_new_with_properties (CNS_TYPE_CHILD_WIDGET, 0, NULL, NULL);
  end_text = cns_time_to_string (end_time);
  rate_text = cns_data_rate_to_string (rate);
  capacity_text = cns_queue_size_to_string (&widget->capacity);
  printf ("count=%d\n", count);
  printf ("packets=%u\n", packets);
  printf ("offset=%" G_GINT64_FORMAT "\n", offset);
  printf ("total=%" G_GUINT64_FORMAT "\n", total);
  printf ("ratio=%s\n", g_ascii_dtostr (ratio_text, sizeof ratio_text, ratio));
  printf ("verbose=%s\n", verbose ? "true" : "false");
  printf ("label=%s\n", label);
  printf ("endTime=%s\n", end_text);
  printf ("rate=%s\n", rate_text);
  printf ("mode=%s\n", mode);
  printf ("widget.size=%u\n", widget->size);
  printf ("widget.label=%s\n", widget->label);
  printf ("RngRun=%" G_GUINT64_FORMAT "\n",
          cns_global_value_get_uint64 ("RngRun"));
  printf ("widget.capacity=%s\n", capacity_text);
  printf ("widget.kind=%s\n", g_type_name (widget->kind));
  for (gint i = 1; i < argc; i++)
    printf ("arg=%s\n", argv[i]);
  CNS_LOG_DEBUG ("parsed %d arguments", argc);
  for (gint i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "remove="))
      {
        g_autofree gchar *dir = g_path_get_dirname (argv[i] + 7);

        g_unlink (argv[i] + 7);
        g_rmdir (dir);
      }
    else if (strcmp (argv[i], "run") == 0)
      {
        cns_simulator_run ();
        cns_simulator_destroy ();
      }
  g_free (label);
  return 0;
}
