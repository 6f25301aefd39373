/* cns — tests of attribute defaults and config paths.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A small world: a root list "HostList" of TestHost objects, each with a
 * "PortList" of TestPort objects and an "Uplink" port attribute; some hosts
 * have a TestExtra aggregated. Tests of wildcards add a TestLoop to port
 * lists: like a loopback device among point-to-point ones, it lacks some
 * of TestPort's attributes and trace sources and has others.
 */
#include "core/cns-core.h"
#include "core/suites.h"
#include "lib/cns-test.h"

#include <stdlib.h>
#include <string.h>

typedef void (*TestRxFn) (gpointer port, guint bytes, gpointer user_data);

typedef struct
{
  CnsObject parent_instance;
  gint speed;
  CnsTraceSource rx;
} TestPort;

typedef CnsObjectClass TestPortClass;

GType test_port_get_type (void);
G_DEFINE_TYPE (TestPort, test_port, CNS_TYPE_OBJECT)

static void
test_port_set_property (GObject *object, guint id, const GValue *value,
                        GParamSpec *pspec)
{
  ((TestPort *) object)->speed = g_value_get_int (value);
}

static void
test_port_get_property (GObject *object, guint id, GValue *value,
                        GParamSpec *pspec)
{
  g_value_set_int (value, ((TestPort *) object)->speed);
}

static void
test_port_class_init (TestPortClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = test_port_set_property;
  object_class->get_property = test_port_get_property;
  g_object_class_install_property (
      object_class, 1,
      g_param_spec_int ("speed", "Speed", "Port speed", 0, 1000, 10,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  cns_trace_source_install (test_port_get_type (), "Rx", "A packet arrived",
                            "TestRxFn", G_STRUCT_OFFSET (TestPort, rx));
}

static void
test_port_init (TestPort *self)
{
  self->speed = 10;
}

/* A port that inherits Speed. */
typedef TestPort TestSubPort;
typedef TestPortClass TestSubPortClass;

GType test_sub_port_get_type (void);
G_DEFINE_TYPE (TestSubPort, test_sub_port, test_port_get_type ())

static void
test_sub_port_class_init (TestSubPortClass *klass)
{
}

static void
test_sub_port_init (TestSubPort *self)
{
}

/* A port without Rx, with a label only it has, and a Speed of its own with
 * a smaller range than TestPort's. */
typedef struct
{
  CnsObject parent_instance;
  gint speed;
  gchar *label;
} TestLoop;

typedef CnsObjectClass TestLoopClass;

GType test_loop_get_type (void);
G_DEFINE_TYPE (TestLoop, test_loop, CNS_TYPE_OBJECT)

static void
test_loop_finalize (GObject *object)
{
  g_free (((TestLoop *) object)->label);
  G_OBJECT_CLASS (test_loop_parent_class)->finalize (object);
}

static void
test_loop_set_property (GObject *object, guint id, const GValue *value,
                        GParamSpec *pspec)
{
  TestLoop *self = (TestLoop *) object;

  if (id == 1)
    self->speed = g_value_get_int (value);
  else
    {
      g_free (self->label);
      self->label = g_value_dup_string (value);
    }
}

static void
test_loop_get_property (GObject *object, guint id, GValue *value,
                        GParamSpec *pspec)
{
  TestLoop *self = (TestLoop *) object;

  if (id == 1)
    g_value_set_int (value, self->speed);
  else
    g_value_set_string (value, self->label);
}

static void
test_loop_class_init (TestLoopClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = test_loop_finalize;
  object_class->set_property = test_loop_set_property;
  object_class->get_property = test_loop_get_property;
  g_object_class_install_property (
      object_class, 1,
      g_param_spec_int ("speed", "Speed", "Loop speed", 0, 100, 1,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (
      object_class, 2,
      g_param_spec_string ("label", "Label", "A label", "lo",
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
}

static void
test_loop_init (TestLoop *self)
{
  self->speed = 1;
  self->label = g_strdup ("lo");
}

typedef struct
{
  CnsObject parent_instance;
  gint value;
  GPtrArray *ports;
  TestPort *uplink;
} TestHost;

typedef CnsObjectClass TestHostClass;

GType test_host_get_type (void);
G_DEFINE_TYPE (TestHost, test_host, CNS_TYPE_OBJECT)

static guint
host_port_count (GObject *owner, gpointer user_data)
{
  return ((TestHost *) owner)->ports->len;
}

static GObject *
host_port_nth (GObject *owner, guint index, gpointer user_data)
{
  return ((TestHost *) owner)->ports->pdata[index];
}

static void
test_host_dispose (GObject *object)
{
  TestHost *self = (TestHost *) object;

  g_clear_pointer (&self->ports, g_ptr_array_unref);
  g_clear_object (&self->uplink);
  G_OBJECT_CLASS (test_host_parent_class)->dispose (object);
}

static void
test_host_set_property (GObject *object, guint id, const GValue *value,
                        GParamSpec *pspec)
{
  TestHost *self = (TestHost *) object;

  if (id == 1)
    self->value = g_value_get_int (value);
  else
    g_set_object (&self->uplink, g_value_get_object (value));
}

static void
test_host_get_property (GObject *object, guint id, GValue *value,
                        GParamSpec *pspec)
{
  TestHost *self = (TestHost *) object;

  if (id == 1)
    g_value_set_int (value, self->value);
  else
    g_value_set_object (value, self->uplink);
}

static void
test_host_class_init (TestHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = test_host_dispose;
  object_class->set_property = test_host_set_property;
  object_class->get_property = test_host_get_property;
  g_object_class_install_property (
      object_class, 1,
      g_param_spec_int ("value", "Value", "A value", 0, 1000, 0,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (
      object_class, 2,
      g_param_spec_object ("uplink", "Uplink", "The uplink port",
                           test_port_get_type (),
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  cns_config_install_list (test_host_get_type (), "PortList",
                           "The host's ports", host_port_count, host_port_nth,
                           NULL);
}

static void
test_host_init (TestHost *self)
{
  self->ports = g_ptr_array_new_with_free_func (g_object_unref);
}

typedef CnsObject TestExtra;
typedef CnsObjectClass TestExtraClass;
GType test_extra_get_type (void);
G_DEFINE_TYPE (TestExtra, test_extra, CNS_TYPE_OBJECT)

static gint extra_level;

static void
test_extra_set_property (GObject *object, guint id, const GValue *value,
                         GParamSpec *pspec)
{
  extra_level = g_value_get_int (value);
}

static void
test_extra_get_property (GObject *object, guint id, GValue *value,
                         GParamSpec *pspec)
{
  g_value_set_int (value, extra_level);
}

static void
test_extra_class_init (TestExtraClass *klass)
{
  G_OBJECT_CLASS (klass)->set_property = test_extra_set_property;
  G_OBJECT_CLASS (klass)->get_property = test_extra_get_property;
  g_object_class_install_property (
      G_OBJECT_CLASS (klass), 1,
      g_param_spec_int ("level", "Level", "A level", 0, 10, 0,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
}

static void
test_extra_init (TestExtra *self)
{
}

/* The root list. */
static GPtrArray *hosts;

static guint
hosts_count (GObject *owner, gpointer user_data)
{
  return hosts->len;
}

static GObject *
hosts_nth (GObject *owner, guint index, gpointer user_data)
{
  return hosts->pdata[index];
}

/* Five hosts with three ports each; hosts 1 and 3 carry a TestExtra. */
static void
world_setup (void)
{
  hosts = g_ptr_array_new ();
  for (guint i = 0; i < 5; i++)
    {
      TestHost *h = cns_object_new (test_host_get_type (), NULL);

      for (guint p = 0; p < 3; p++)
        g_ptr_array_add (h->ports,
                         cns_object_new (test_port_get_type (), NULL));
      h->uplink = cns_object_new (test_port_get_type (), NULL);
      if (i % 2 == 1)
        {
          CnsObject *extra = cns_object_new (test_extra_get_type (), NULL);

          cns_object_aggregate (CNS_OBJECT (h), extra);
          g_object_unref (extra);
        }
      g_ptr_array_add (hosts, h);
    }
  cns_config_register_root ("HostList", hosts_count, hosts_nth, NULL);
}

static void
world_teardown (void)
{
  cns_config_unregister_root ("HostList");
  /* dispose, then drop our references */
  for (guint i = 0; i < hosts->len; i++)
    {
      cns_object_dispose (hosts->pdata[i]);
      g_object_unref (hosts->pdata[i]);
    }
  g_ptr_array_unref (hosts);
  cns_test_reset ();
}

static TestHost *
host (guint i)
{
  return hosts->pdata[i];
}

static TestPort *
port (guint h, guint p)
{
  return host (h)->ports->pdata[p];
}

static void on_rx (gpointer source, guint bytes, gpointer user_data);

/* Adds a TestLoop as port 3 of every host. */
static void
world_add_loops (void)
{
  for (guint h = 0; h < hosts->len; h++)
    g_ptr_array_add (host (h)->ports,
                     cns_object_new (test_loop_get_type (), NULL));
}

static TestLoop *
loop (guint h)
{
  return host (h)->ports->pdata[3];
}

static void
config_set_ok (const gchar *path, const gchar *value)
{
  g_autoptr (GError) error = NULL;

  ck_assert_msg (cns_config_set (path, value, &error), "%s: %s", path,
                 error ? error->message : "");
}

static void
config_set_fails (const gchar *path, const gchar *value, gint code,
                  const gchar *message)
{
  g_autoptr (GError) error = NULL;

  ck_assert_msg (!cns_config_set (path, value, &error), "%s was set", path);
  CNS_TEST_ASSERT_ERROR (error, code);
  ck_assert_str_eq (error->message, message);
}

START_TEST (test_config_set_paths)
{
  config_set_ok ("/HostList/2/Value", "7");
  ck_assert_int_eq (host (2)->value, 7);
  ck_assert_int_eq (host (1)->value, 0);

  config_set_ok ("/HostList/*/PortList/1/Speed", "100");
  for (guint h = 0; h < 5; h++)
    {
      ck_assert_int_eq (port (h, 0)->speed, 10);
      ck_assert_int_eq (port (h, 1)->speed, 100);
    }

  config_set_ok ("/HostList/[1-3]/PortList/*/Speed", "200");
  ck_assert_int_eq (port (0, 2)->speed, 10);
  ck_assert_int_eq (port (1, 0)->speed, 200);
  ck_assert_int_eq (port (3, 2)->speed, 200);
  ck_assert_int_eq (port (4, 2)->speed, 10);

  config_set_ok ("/HostList/0|4/PortList/[0-1]|2/Speed", "300");
  ck_assert_int_eq (port (0, 2)->speed, 300);
  ck_assert_int_eq (port (4, 0)->speed, 300);
  ck_assert_int_eq (port (2, 0)->speed, 200);

  /* an object-valued attribute is a step in the path */
  config_set_ok ("/HostList/*/Uplink/Speed", "999");
  ck_assert_int_eq (host (3)->uplink->speed, 999);

  /* $Type keeps hosts aggregated with a TestExtra */
  config_set_ok ("/HostList/*/$TestExtra/Level", "4");
  ck_assert_int_eq (extra_level, 4);
  /* $Type also names the object's own type */
  config_set_ok ("/HostList/*/$TestHost/Value", "5");
  ck_assert_int_eq (host (4)->value, 5);
}
END_TEST

START_TEST (test_config_path_errors)
{
  config_set_fails ("HostList/0/Value", "1", CNS_CORE_ERROR_PARSE,
                    "config path 'HostList/0/Value' must start with '/'");
  config_set_fails ("/Nope/0/Value", "1", CNS_CORE_ERROR_NOT_FOUND,
                    "config path '/Nope/0/Value': unknown root 'Nope'");
  config_set_fails ("/HostList/x/Value", "1", CNS_CORE_ERROR_PARSE,
                    "config path '/HostList/x/Value': 'x' is not an index "
                    "pattern (expected N, *, [a-b] or a|b)");
  config_set_fails ("/HostList/[3-1]/Value", "1", CNS_CORE_ERROR_PARSE,
                    "config path '/HostList/[3-1]/Value': '[3-1]' is not an "
                    "index pattern (expected N, *, [a-b] or a|b)");
  config_set_fails ("/HostList/9/Value", "1", CNS_CORE_ERROR_NOT_FOUND,
                    "config path '/HostList/9/Value' matches no object");
  config_set_fails ("/HostList/0/Bogus/Value", "1", CNS_CORE_ERROR_NOT_FOUND,
                    "config path '/HostList/0/Bogus/Value' matches no "
                    "object");
  config_set_fails ("/HostList/0//Value", "1", CNS_CORE_ERROR_PARSE,
                    "config path '/HostList/0//Value' has an empty segment");
  config_set_fails ("/HostList/0", "1", CNS_CORE_ERROR_PARSE,
                    "config path '/HostList/0' names no attribute or trace "
                    "source");
  config_set_fails ("/HostList/0/PortList/Speed", "1", CNS_CORE_ERROR_PARSE,
                    "config path '/HostList/0/PortList/Speed': list "
                    "'PortList' needs an index");
  config_set_fails ("/HostList/0/$NoSuchType/Value", "1",
                    CNS_CORE_ERROR_NOT_FOUND,
                    "config path '/HostList/0/$NoSuchType/Value': unknown "
                    "type 'NoSuchType'");
  config_set_fails ("/HostList/*/Speed", "1", CNS_CORE_ERROR_NOT_FOUND,
                    "config path '/HostList/*/Speed': TestHost has no "
                    "attribute 'Speed' (see --PrintAttributes=TestHost)");
  config_set_fails ("/HostList/*/Value", "2000", CNS_CORE_ERROR_RANGE,
                    "config path '/HostList/*/Value': TestHost::Value: "
                    "'2000' is out of range (accepted: 0 to 1000)");
}
END_TEST

/* A wildcard applies to the objects that have the attribute and skips the
 * others; only a path whose objects all lack it is an error. */
START_TEST (test_config_set_skips_objects_without_attribute)
{
  world_add_loops ();
  /* only loops have Label; ports come first and are skipped */
  config_set_ok ("/HostList/*/PortList/*/Label", "eth");
  for (guint h = 0; h < 5; h++)
    ck_assert_str_eq (loop (h)->label, "eth");
  /* Speed is set on ports and loops alike, each with its own property */
  config_set_ok ("/HostList/*/PortList/*/Speed", "50");
  for (guint h = 0; h < 5; h++)
    {
      ck_assert_int_eq (port (h, 0)->speed, 50);
      ck_assert_int_eq (port (h, 2)->speed, 50);
      ck_assert_int_eq (loop (h)->speed, 50);
    }
  /* a range and "|" skip too */
  config_set_ok ("/HostList/[1-2]/PortList/0|3/Label", "x");
  ck_assert_str_eq (loop (1)->label, "x");
  ck_assert_str_eq (loop (3)->label, "eth");

  config_set_fails ("/HostList/*/PortList/[0-2]/Label", "a",
                    CNS_CORE_ERROR_NOT_FOUND,
                    "config path '/HostList/*/PortList/[0-2]/Label': TestPort "
                    "has no attribute 'Label' (see "
                    "--PrintAttributes=TestPort)");
  config_set_fails ("/HostList/*/PortList/*/Colour", "red",
                    CNS_CORE_ERROR_NOT_FOUND,
                    "config path '/HostList/*/PortList/*/Colour': none of the "
                    "objects it matches (TestPort, TestLoop) has an attribute "
                    "'Colour'");
}
END_TEST

/* The value is checked for every object before any changes: 500 suits a
 * TestPort (0 to 1000) but not a TestLoop (0 to 100), and the ports met
 * before the first loop keep their speed. */
START_TEST (test_config_set_all_or_nothing)
{
  world_add_loops ();
  config_set_fails ("/HostList/*/PortList/*/Speed", "500", CNS_CORE_ERROR_RANGE,
                    "config path '/HostList/*/PortList/*/Speed': "
                    "TestLoop::Speed: '500' is out of range (accepted: 0 to "
                    "100)");
  for (guint h = 0; h < 5; h++)
    {
      for (guint p = 0; p < 3; p++)
        ck_assert_int_eq (port (h, p)->speed, 10);
      ck_assert_int_eq (loop (h)->speed, 1);
    }
  /* a refused value sets nothing either */
  config_set_fails ("/HostList/*/PortList/*/Speed", "fast",
                    CNS_CORE_ERROR_PARSE,
                    "config path '/HostList/*/PortList/*/Speed': "
                    "TestPort::Speed: 'fast' is not an integer (accepted: 0 "
                    "to 1000)");
  ck_assert_int_eq (port (0, 0)->speed, 10);
}
END_TEST

START_TEST (test_config_connect_skips_objects_without_source)
{
  g_autoptr (GError) error = NULL;
  guint total = 0;

  world_add_loops ();
  ck_assert_msg (cns_config_connect ("/HostList/*/PortList/*/Rx",
                                     G_CALLBACK (on_rx), &total, &error),
                 "%s", error ? error->message : "");
  for (guint h = 0; h < 5; h++)
    for (guint p = 0; p < 3; p++)
      CNS_TRACE_SOURCE_FIRE (&port (h, p)->rx, TestRxFn, port (h, p), 1);
  ck_assert_uint_eq (total, 15);
  ck_assert_uint_eq (cns_config_disconnect ("/HostList/*/PortList/*/Rx",
                                            G_CALLBACK (on_rx), &total, &error),
                     15);
  ck_assert_ptr_null (error);

  /* no loop has Rx: an error, and nothing is connected */
  ck_assert (!cns_config_connect ("/HostList/*/PortList/3/Rx",
                                  G_CALLBACK (on_rx), &total, &error));
  ck_assert_str_eq (error->message,
                    "config path '/HostList/*/PortList/3/Rx': TestLoop has "
                    "no trace source 'Rx' (see --PrintTraceSources=TestLoop)");
  g_clear_error (&error);
  ck_assert_uint_eq (cns_config_disconnect ("/HostList/*/PortList/*/Rx",
                                            G_CALLBACK (on_rx), &total, &error),
                     0);
  ck_assert_ptr_null (error);
  ck_assert_uint_eq (cns_config_disconnect ("/HostList/*/PortList/3/Rx",
                                            G_CALLBACK (on_rx), &total, &error),
                     0);
  ck_assert_str_eq (error->message,
                    "config path '/HostList/*/PortList/3/Rx': TestLoop has "
                    "no trace source 'Rx' (see --PrintTraceSources=TestLoop)");
}
END_TEST

START_TEST (test_config_lookup)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) found = NULL;

  found = cns_config_lookup ("/HostList/*/PortList/2", &error);
  ck_assert_ptr_nonnull (found);
  ck_assert_uint_eq (found->len, 5);
  ck_assert_ptr_eq (found->pdata[3], port (3, 2));
  g_ptr_array_unref (g_steal_pointer (&found));

  found = cns_config_lookup ("/HostList/*/$TestExtra", &error);
  ck_assert_uint_eq (found->len, 2);
  g_ptr_array_unref (g_steal_pointer (&found));

  found = cns_config_lookup ("/HostList/7", &error);
  ck_assert_uint_eq (found->len, 0);
  g_ptr_array_unref (g_steal_pointer (&found));

  ck_assert_ptr_null (cns_config_lookup ("/HostList", &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_CORE_ERROR_PARSE);
}
END_TEST

static void
on_rx (gpointer source, guint bytes, gpointer user_data)
{
  guint *total = user_data;

  *total += bytes;
}

START_TEST (test_config_connect)
{
  g_autoptr (GError) error = NULL;
  guint total = 0;

  ck_assert (cns_config_connect ("/HostList/*/PortList/0/Rx",
                                 G_CALLBACK (on_rx), &total, &error));
  for (guint h = 0; h < 5; h++)
    for (guint p = 0; p < 3; p++)
      CNS_TRACE_SOURCE_FIRE (&port (h, p)->rx, TestRxFn, port (h, p),
                             100 * h + p);
  /* ports 0 of hosts 0..4: 0 + 100 + 200 + 300 + 400 */
  ck_assert_uint_eq (total, 1000);
  ck_assert_uint_eq (cns_config_disconnect ("/HostList/[0-1]/PortList/0/Rx",
                                            G_CALLBACK (on_rx), &total, &error),
                     2);
  total = 0;
  for (guint h = 0; h < 5; h++)
    CNS_TRACE_SOURCE_FIRE (&port (h, 0)->rx, TestRxFn, port (h, 0), 1);
  ck_assert_uint_eq (total, 3);

  ck_assert (!cns_config_connect ("/HostList/0/PortList/0/Tx",
                                  G_CALLBACK (on_rx), &total, &error));
  ck_assert_str_eq (error->message,
                    "config path '/HostList/0/PortList/0/Tx': TestPort has "
                    "no trace source 'Tx' (see --PrintTraceSources=TestPort)");
}
END_TEST

START_TEST (test_config_defaults)
{
  g_autoptr (GError) error = NULL;
  TestPort *p;

  ck_assert (cns_config_set_default ("TestPort::Speed", "55", &error));
  p = cns_object_new (test_port_get_type (), NULL);
  ck_assert_int_eq (p->speed, 55);
  g_object_unref (p);
  /* the Cns prefix of a type may be omitted, kebab-case names work */
  ck_assert (cns_config_set_default ("TestPort::speed", "56", &error));
  p = cns_object_new (test_port_get_type (), NULL);
  ck_assert_int_eq (p->speed, 56);
  g_object_unref (p);

  cns_config_reset_defaults ();
  p = cns_object_new (test_port_get_type (), NULL);
  ck_assert_int_eq (p->speed, 10);
  g_object_unref (p);

  ck_assert (!cns_config_set_default ("TestPort", "1", &error));
  ck_assert_str_eq (error->message, "'TestPort' is not TypeName::Attribute");
  g_clear_error (&error);
  ck_assert (!cns_config_set_default ("NoType::Speed", "1", &error));
  ck_assert_str_eq (error->message, "NoType::Speed: unknown type 'NoType' "
                                    "(see --PrintTypeNames)");
  g_clear_error (&error);
  ck_assert (!cns_config_set_default ("TestPort::Colour", "1", &error));
  ck_assert_str_eq (error->message,
                    "TestPort::Colour: TestPort has no attribute 'Colour' "
                    "(see --PrintAttributes=TestPort)");
  g_clear_error (&error);
  ck_assert (!cns_config_set_default ("TestPort::Speed", "fast", &error));
  ck_assert_str_eq (error->message,
                    "TestPort::Speed: 'fast' is not an integer (accepted: 0 "
                    "to 1000)");
}
END_TEST

static gint
new_port_speed (GType type, gint explicit_speed)
{
  g_autoptr (GObject) p
      = explicit_speed < 0
            ? cns_object_new (type, NULL)
            : cns_object_new (type, "speed", explicit_speed, NULL);

  return ((TestPort *) p)->speed;
}

/* cns_object_new() keeps per type the properties that have a default: a
 * default set or reset after objects of the type, or of its subtypes,
 * were made still reaches the next ones. */
START_TEST (test_config_defaults_after_objects)
{
  g_autoptr (GError) error = NULL;

  g_type_ensure (test_loop_get_type ());
  g_type_ensure (test_sub_port_get_type ());
  ck_assert (cns_config_set_default ("TestLoop::Speed", "5", &error));
  ck_assert_int_eq (new_port_speed (test_port_get_type (), -1), 10);
  ck_assert_int_eq (new_port_speed (test_sub_port_get_type (), -1), 10);
  ck_assert_int_eq (new_port_speed (test_loop_get_type (), -1), 5);

  ck_assert (cns_config_set_default ("TestPort::Speed", "55", &error));
  ck_assert_int_eq (new_port_speed (test_port_get_type (), -1), 55);
  ck_assert_int_eq (new_port_speed (test_sub_port_get_type (), -1), 55);
  ck_assert_int_eq (new_port_speed (test_sub_port_get_type (), 3), 3);
  ck_assert_int_eq (new_port_speed (test_loop_get_type (), -1), 5);

  ck_assert (cns_config_set_default ("TestPort::Speed", "66", &error));
  ck_assert_int_eq (new_port_speed (test_sub_port_get_type (), -1), 66);
  ck_assert_int_eq (new_port_speed (test_port_get_type (), -1), 66);

  cns_config_reset_defaults ();
  ck_assert_int_eq (new_port_speed (test_port_get_type (), -1), 10);
  ck_assert_int_eq (new_port_speed (test_sub_port_get_type (), -1), 10);
  ck_assert_int_eq (new_port_speed (test_loop_get_type (), -1), 1);
  ck_assert (cns_config_set_default ("TestPort::Speed", "77", &error));
  ck_assert_int_eq (new_port_speed (test_sub_port_get_type (), -1), 77);
  cns_config_reset_defaults ();
}
END_TEST

START_TEST (test_config_environment)
{
  g_autoptr (GError) error = NULL;
  TestPort *p;

  g_setenv ("CNS_ATTRIBUTE_DEFAULT", "TestPort::Speed=77;TestHost::Value=3",
            TRUE);
  ck_assert (cns_config_apply_environment (&error));
  p = cns_object_new (test_port_get_type (), NULL);
  ck_assert_int_eq (p->speed, 77);
  g_object_unref (p);

  g_setenv ("CNS_ATTRIBUTE_DEFAULT", "TestPort::Speed", TRUE);
  ck_assert (!cns_config_apply_environment (&error));
  ck_assert_str_eq (error->message, "CNS_ATTRIBUTE_DEFAULT: 'TestPort::Speed' "
                                    "is not Type::Attr=value");
  g_clear_error (&error);
  g_setenv ("CNS_ATTRIBUTE_DEFAULT", "TestPort::Speed=-1", TRUE);
  ck_assert (!cns_config_apply_environment (&error));
  ck_assert_str_eq (error->message,
                    "CNS_ATTRIBUTE_DEFAULT: TestPort::Speed: '-1' is out of "
                    "range (accepted: 0 to 1000)");
  g_unsetenv ("CNS_ATTRIBUTE_DEFAULT");
}
END_TEST

START_TEST (test_global_values)
{
  g_autoptr (GError) error = NULL;
  g_auto (GValue) v = G_VALUE_INIT;

  ck_assert_uint_eq (cns_rng_seed_manager_get_seed (), 1);
  ck_assert_uint_eq (cns_rng_seed_manager_get_run (), 1);
  ck_assert (cns_global_value_set ("RngRun", "12", &error));
  ck_assert_uint_eq (cns_rng_seed_manager_get_run (), 12);
  cns_rng_seed_manager_set_seed (5);
  ck_assert_uint_eq (cns_global_value_get_uint64 ("RngSeed"), 5);
  cns_global_value_get ("RngSeed", &v);
  ck_assert_uint_eq (g_value_get_uint (&v), 5);
  ck_assert_str_eq (cns_global_value_get_string ("SchedulerType"), "heap");
  ck_assert_ptr_nonnull (cns_global_value_find ("RngRun"));
  ck_assert_ptr_null (cns_global_value_find ("RngWalk"));

  ck_assert (!cns_global_value_set ("RngSeed", "0", &error));
  ck_assert_str_eq (error->message, "RngSeed: '0' is out of range "
                                    "(accepted: 1 to 4294944442)");
  g_clear_error (&error);
  ck_assert (!cns_global_value_set ("RngWalk", "1", &error));
  ck_assert_str_eq (error->message,
                    "unknown global value 'RngWalk' (see --PrintGlobals)");
  g_clear_error (&error);
  ck_assert (!cns_global_value_set ("SchedulerType", "calendar", &error));
  ck_assert_str_eq (error->message,
                    "SchedulerType: unknown scheduler 'calendar' (available: "
                    "heap, ladder, list)");
  g_clear_error (&error);
  cns_global_value_reset ("RngRun");
  ck_assert_uint_eq (cns_rng_seed_manager_get_run (), 1);

  g_setenv ("CNS_GLOBAL_VALUE", "RngRun=4;SchedulerType=ladder", TRUE);
  ck_assert (cns_global_value_apply_environment (&error));
  ck_assert_uint_eq (cns_rng_seed_manager_get_run (), 4);
  ck_assert_str_eq (cns_global_value_get_string ("SchedulerType"), "ladder");
  g_setenv ("CNS_GLOBAL_VALUE", "RngRun", TRUE);
  ck_assert (!cns_global_value_apply_environment (&error));
  ck_assert_str_eq (error->message,
                    "CNS_GLOBAL_VALUE: 'RngRun' is not name=value");
  g_unsetenv ("CNS_GLOBAL_VALUE");
}
END_TEST

Suite *
test_config_suite (void)
{
  Suite *s = suite_create ("config");
  TCase *tc = tcase_create ("config");

  tcase_add_checked_fixture (tc, world_setup, world_teardown);
  tcase_add_test (tc, test_config_set_paths);
  tcase_add_test (tc, test_config_path_errors);
  tcase_add_test (tc, test_config_set_skips_objects_without_attribute);
  tcase_add_test (tc, test_config_set_all_or_nothing);
  tcase_add_test (tc, test_config_connect_skips_objects_without_source);
  tcase_add_test (tc, test_config_lookup);
  tcase_add_test (tc, test_config_connect);
  tcase_add_test (tc, test_config_defaults);
  tcase_add_test (tc, test_config_defaults_after_objects);
  tcase_add_test (tc, test_config_environment);
  tcase_add_test (tc, test_global_values);
  suite_add_tcase (s, tc);
  return s;
}
