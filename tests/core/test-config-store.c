/* cns — tests of CnsConfigStore.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A small world: a root list "StoreHostList" of StoreHost objects, each
 * with a StorePort behind its object-valued Port attribute; the first host
 * has a StoreExtra aggregated. The exact file text is checked on the
 * lines of this world only, as a Save also writes the default of every
 * attribute of every type in the library. A point-to-point topology
 * checks the real config paths.
 */
#include "core/cns-config-store.h"
#include "core/cns-core.h"
#include "core/suites.h"
#include "lib/cns-test.h"
#include "network/cns-network.h"

#include <glib/gstdio.h>
#include <string.h>

typedef struct
{
  CnsObject parent_instance;
  guint mtu;
} StorePort;

typedef CnsObjectClass StorePortClass;

GType store_port_get_type (void);
G_DEFINE_TYPE (StorePort, store_port, CNS_TYPE_OBJECT)

static void
store_port_set_property (GObject *object, guint id, const GValue *value,
                         GParamSpec *pspec)
{
  ((StorePort *) object)->mtu = g_value_get_uint (value);
}

static void
store_port_get_property (GObject *object, guint id, GValue *value,
                         GParamSpec *pspec)
{
  g_value_set_uint (value, ((StorePort *) object)->mtu);
}

static void
store_port_class_init (StorePortClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = store_port_set_property;
  object_class->get_property = store_port_get_property;
  g_object_class_install_property (
      object_class, 1,
      g_param_spec_uint ("mtu", "Mtu", "Largest packet", 0, 9000, 1500,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
}

static void
store_port_init (StorePort *self)
{
  self->mtu = 1500;
}

/* Its Limit, a boxed value nobody sets, stays NULL: a Save leaves it out
 * (its text, "none", would not read back as a queue size). */
typedef struct
{
  CnsObject parent_instance;
  gdouble level;
  CnsQueueSize *limit;
} StoreExtra;

typedef CnsObjectClass StoreExtraClass;

GType store_extra_get_type (void);
G_DEFINE_TYPE (StoreExtra, store_extra, CNS_TYPE_OBJECT)

static void
store_extra_set_property (GObject *object, guint id, const GValue *value,
                          GParamSpec *pspec)
{
  StoreExtra *self = (StoreExtra *) object;

  if (id == 1)
    self->level = g_value_get_double (value);
  else
    {
      g_clear_pointer (&self->limit, cns_queue_size_free);
      self->limit = g_value_dup_boxed (value);
    }
}

static void
store_extra_get_property (GObject *object, guint id, GValue *value,
                          GParamSpec *pspec)
{
  StoreExtra *self = (StoreExtra *) object;

  if (id == 1)
    g_value_set_double (value, self->level);
  else
    g_value_set_boxed (value, self->limit);
}

static void
store_extra_finalize (GObject *object)
{
  g_clear_pointer (&((StoreExtra *) object)->limit, cns_queue_size_free);
  G_OBJECT_CLASS (store_extra_parent_class)->finalize (object);
}

static void
store_extra_class_init (StoreExtraClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = store_extra_set_property;
  object_class->get_property = store_extra_get_property;
  object_class->finalize = store_extra_finalize;
  g_object_class_install_property (
      object_class, 1,
      g_param_spec_double ("level", "Level", "A level", 0, 1, 0.5,
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (
      object_class, 2,
      g_param_spec_boxed ("limit", "Limit", "An optional limit",
                          CNS_TYPE_QUEUE_SIZE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
}

static void
store_extra_init (StoreExtra *self)
{
  self->level = 0.5;
}

enum
{
  HOST_SPEED = 1,
  HOST_LABEL,
  HOST_DELAY,
  HOST_ID,
  HOST_KIND,
  HOST_PORT,
};

typedef struct
{
  CnsObject parent_instance;
  gint speed;
  gchar *label;
  CnsTime delay;
  gint kind;
  StorePort *port;
} StoreHost;

typedef CnsObjectClass StoreHostClass;

GType store_host_get_type (void);
G_DEFINE_TYPE (StoreHost, store_host, CNS_TYPE_OBJECT)

static void
store_host_dispose (GObject *object)
{
  g_clear_object (&((StoreHost *) object)->port);
  G_OBJECT_CLASS (store_host_parent_class)->dispose (object);
}

static void
store_host_finalize (GObject *object)
{
  g_free (((StoreHost *) object)->label);
  G_OBJECT_CLASS (store_host_parent_class)->finalize (object);
}

static void
store_host_set_property (GObject *object, guint id, const GValue *value,
                         GParamSpec *pspec)
{
  StoreHost *self = (StoreHost *) object;

  switch (id)
    {
    case HOST_SPEED:
      self->speed = g_value_get_int (value);
      break;
    case HOST_LABEL:
      g_free (self->label);
      self->label = g_value_dup_string (value);
      break;
    case HOST_DELAY:
      self->delay = cns_value_get_time (value);
      break;
    case HOST_KIND:
      self->kind = g_value_get_int (value);
      break;
    }
}

static void
store_host_get_property (GObject *object, guint id, GValue *value,
                         GParamSpec *pspec)
{
  StoreHost *self = (StoreHost *) object;

  switch (id)
    {
    case HOST_SPEED:
      g_value_set_int (value, self->speed);
      break;
    case HOST_LABEL:
      g_value_set_string (value, self->label);
      break;
    case HOST_DELAY:
      cns_value_set_time (value, self->delay);
      break;
    case HOST_ID:
      g_value_set_uint (value, 7);
      break;
    case HOST_KIND:
      g_value_set_int (value, self->kind);
      break;
    case HOST_PORT:
      g_value_set_object (value, self->port);
      break;
    }
}

static void
store_host_class_init (StoreHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = store_host_dispose;
  object_class->finalize = store_host_finalize;
  object_class->set_property = store_host_set_property;
  object_class->get_property = store_host_get_property;
  g_object_class_install_property (
      object_class, HOST_SPEED,
      g_param_spec_int ("speed", "Speed", "Host speed", 0, 1000, 10,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (
      object_class, HOST_LABEL,
      g_param_spec_string ("label", "Label", "A label", "h",
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (
      object_class, HOST_DELAY,
      cns_param_spec_time ("delay", "Delay", "A delay", 0, CNS_TIME_MAX, 0,
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (
      object_class, HOST_ID,
      g_param_spec_uint ("id", "Id", "Read-only", 0, 100, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (
      object_class, HOST_KIND,
      g_param_spec_int ("kind", "Kind", "Set when made", 0, 9, 0,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY
                            | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (
      object_class, HOST_PORT,
      g_param_spec_object ("port", "Port", "The port", store_port_get_type (),
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
}

static void
store_host_init (StoreHost *self)
{
  self->speed = 10;
  self->label = g_strdup ("h");
  self->port = cns_object_new (store_port_get_type (), NULL);
}

static GPtrArray *hosts;
static gchar *dir;

static guint
hosts_length (GObject *owner, gpointer user_data)
{
  return hosts->len;
}

static GObject *
hosts_nth (GObject *owner, guint index, gpointer user_data)
{
  return hosts->pdata[index];
}

/* Makes @n hosts with the defaults of now; the first gets a StoreExtra. */
static void
world_build (guint n)
{
  g_ptr_array_set_size (hosts, 0);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (hosts, cns_object_new (store_host_get_type (), NULL));
  if (n > 0)
    {
      g_autoptr (CnsObject) extra
          = cns_object_new (store_extra_get_type (), NULL);

      cns_object_aggregate (hosts->pdata[0], extra);
    }
}

static void
setup (void)
{
  cns_test_reset ();
  /* So that "StoreHost::Speed" names a type before any host is made. */
  g_type_ensure (store_host_get_type ());
  g_type_ensure (store_extra_get_type ());
  hosts = g_ptr_array_new_with_free_func (g_object_unref);
  cns_config_register_root ("StoreHostList", hosts_length, hosts_nth, NULL);
  dir = cns_test_make_tmp_dir ("config-store");
}

static void
teardown (void)
{
  cns_config_unregister_root ("StoreHostList");
  g_clear_pointer (&hosts, g_ptr_array_unref);
  cns_test_remove_tmp_dir (&dir);
  cns_test_reset ();
}

static gchar *
tmp_path (const gchar *name)
{
  return g_build_filename (dir, name, NULL);
}

static void
write_file (const gchar *path, const gchar *text)
{
  ck_assert (g_file_set_contents (path, text, -1, NULL));
}

static gchar *
read_file (const gchar *path)
{
  gchar *text = NULL;

  ck_assert_msg (g_file_get_contents (path, &text, NULL, NULL),
                 "cannot read %s", path);
  return text;
}

static CnsConfigStore *
store_new (CnsConfigStoreMode mode, const gchar *path)
{
  CnsConfigStore *store = cns_config_store_new ();

  g_object_set (store, "mode", mode, "filename", path, NULL);
  return store;
}

static void
save (const gchar *path)
{
  g_autoptr (CnsConfigStore) store
      = store_new (CNS_CONFIG_STORE_MODE_SAVE, path);
  g_autoptr (GError) error = NULL;

  ck_assert_msg (cns_config_store_configure_attributes (store, &error),
                 "save failed: %s", error ? error->message : "");
}

/* The lines of @path about the test world. */
static gchar *
world_lines (const gchar *path)
{
  g_autofree gchar *text = read_file (path);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);

  for (gchar **line = lines; *line != NULL; line++)
    if (strstr (*line, "name=\"Store") != NULL
        || strstr (*line, "path=\"/StoreHostList") != NULL)
      g_string_append_printf (out, "%s\n", *line);
  return g_string_free (out, FALSE);
}

static gchar *
host_get (guint index, const gchar *attribute)
{
  g_autoptr (GError) error = NULL;
  gchar *text = cns_attribute_get (hosts->pdata[index], attribute, &error);

  ck_assert_msg (text != NULL, "%s", error ? error->message : "");
  return text;
}

#define ASSERT_HOST(index, attribute, expected)             \
  G_STMT_START                                              \
    {                                                       \
      g_autofree gchar *got_ = host_get (index, attribute); \
      ck_assert_str_eq (got_, expected);                    \
    }                                                       \
  G_STMT_END

START_TEST (test_config_store_save_text)
{
  g_autofree gchar *path = tmp_path ("save.xml");
  g_autofree gchar *lines = NULL;
  g_autofree gchar *text = NULL;

  world_build (2);
  ck_assert (cns_attribute_set (hosts->pdata[1], "Speed", "20", NULL));
  ck_assert (
      cns_attribute_set (hosts->pdata[1], "Label", "a<b & \"c\"\n", NULL));
  ck_assert (cns_attribute_set (hosts->pdata[1], "Delay", "3ms", NULL));
  save (path);
  text = read_file (path);
  ck_assert (g_str_has_prefix (text, "<?xml version=\"1.0\"?>\n<cns>\n"));
  ck_assert (g_str_has_suffix (text, "\n</cns>\n"));
  /* The store's own attributes are left out: loading Mode=save would
   * make the Load run save over its file. */
  ck_assert_ptr_null (strstr (text, "CnsConfigStore::"));
  ck_assert_ptr_nonnull (
      strstr (text, "  <global name=\"RngRun\" value=\"1\"/>\n"));
  lines = world_lines (path);
  ck_assert_str_eq (
      lines,
      "  <default name=\"StoreExtra::Level\" value=\"0.5\"/>\n"
      "  <default name=\"StoreHost::Delay\" value=\"0s\"/>\n"
      "  <default name=\"StoreHost::Kind\" value=\"0\"/>\n"
      "  <default name=\"StoreHost::Label\" value=\"h\"/>\n"
      "  <default name=\"StoreHost::Speed\" value=\"10\"/>\n"
      "  <default name=\"StorePort::Mtu\" value=\"1500\"/>\n"
      "  <value path=\"/StoreHostList/0/Delay\" value=\"0s\"/>\n"
      "  <value path=\"/StoreHostList/0/Label\" value=\"h\"/>\n"
      "  <value path=\"/StoreHostList/0/Speed\" value=\"10\"/>\n"
      "  <value path=\"/StoreHostList/0/Port/Mtu\" value=\"1500\"/>\n"
      "  <value path=\"/StoreHostList/0/$StoreExtra/Level\" value=\"0.5\"/>\n"
      "  <value path=\"/StoreHostList/1/Delay\" value=\"3ms\"/>\n"
      "  <value path=\"/StoreHostList/1/Label\" value=\"a&lt;b &amp; "
      "&quot;c&quot;&#10;\"/>\n"
      "  <value path=\"/StoreHostList/1/Speed\" value=\"20\"/>\n"
      "  <value path=\"/StoreHostList/1/Port/Mtu\" value=\"1500\"/>\n");
}
END_TEST

/* Two Saves of one state are byte-identical. */
START_TEST (test_config_store_save_deterministic)
{
  g_autofree gchar *a = tmp_path ("a.xml");
  g_autofree gchar *b = tmp_path ("b.xml");
  g_autofree gchar *text_a = NULL;
  g_autofree gchar *text_b = NULL;

  world_build (3);
  ck_assert (cns_config_set_default ("StoreHost::Speed", "30", NULL));
  save (a);
  save (b);
  text_a = read_file (a);
  text_b = read_file (b);
  ck_assert_str_eq (text_a, text_b);
}
END_TEST

/* Save, start over with other defaults and values, Load: the same state,
 * and a Save of it is the same file. */
START_TEST (test_config_store_round_trip)
{
  g_autofree gchar *a = tmp_path ("a.xml");
  g_autofree gchar *b = tmp_path ("b.xml");
  g_autofree gchar *text_a = NULL;
  g_autofree gchar *text_b = NULL;
  g_autoptr (CnsConfigStore) store = NULL;
  g_autoptr (GError) error = NULL;

  ck_assert (cns_config_set_default ("StoreHost::Speed", "30", NULL));
  ck_assert (cns_config_set_default ("StoreHost::Kind", "4", NULL));
  ck_assert (cns_global_value_set ("RngRun", "3", NULL));
  world_build (2);
  ck_assert (cns_attribute_set (hosts->pdata[0], "Label", "x\ty", NULL));
  ck_assert (cns_config_set ("/StoreHostList/1/Port/Mtu", "9000", NULL));
  ck_assert (
      cns_config_set ("/StoreHostList/0/$StoreExtra/Level", "0.1", NULL));
  save (a);

  cns_test_reset ();
  ck_assert (cns_config_set_default ("StoreHost::Speed", "99", NULL));
  ck_assert (cns_config_set_default ("StorePort::Mtu", "1", NULL));
  store = store_new (CNS_CONFIG_STORE_MODE_LOAD, a);
  ck_assert_msg (cns_config_store_configure_defaults (store, &error), "%s",
                 error ? error->message : "");
  ck_assert_uint_eq (cns_global_value_get_uint64 ("RngRun"), 3);
  world_build (2);
  /* The defaults are back: Kind is set when the host is made. */
  ASSERT_HOST (0, "Speed", "30");
  ASSERT_HOST (1, "Kind", "4");
  ASSERT_HOST (0, "Label", "h");
  ck_assert (cns_attribute_set (hosts->pdata[1], "Speed", "1", NULL));
  ck_assert_msg (cns_config_store_configure_attributes (store, &error), "%s",
                 error ? error->message : "");
  ASSERT_HOST (0, "Label", "x\ty");
  ASSERT_HOST (1, "Speed", "30");
  save (b);
  text_a = read_file (a);
  text_b = read_file (b);
  ck_assert_str_eq (text_a, text_b);
}
END_TEST

/* A point-to-point link: devices, their queues and the channel are saved
 * under their config paths, and a Load sets them back. */
START_TEST (test_config_store_point_to_point)
{
  g_autofree gchar *path = tmp_path ("p2p.xml");
  g_autofree gchar *text = NULL;
  g_autofree gchar *rate = NULL;
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) p2p = cns_point_to_point_helper_new ();
  g_autoptr (CnsNetDeviceContainer) devices = NULL;
  g_autoptr (CnsConfigStore) store = NULL;
  g_autoptr (GError) error = NULL;

  cns_node_container_create (nodes, 2);
  ck_assert (cns_point_to_point_helper_set_device_attribute (p2p, "DataRate",
                                                             "5Mbps", NULL));
  ck_assert (cns_point_to_point_helper_set_channel_attribute (p2p, "Delay",
                                                              "2ms", NULL));
  devices = cns_point_to_point_helper_install_container (p2p, nodes);
  save (path);
  text = read_file (path);
  ck_assert_ptr_nonnull (
      strstr (text, "  <value path=\"/NodeList/0/DeviceList/0/DataRate\" "
                    "value=\"5Mbps\"/>\n"));
  ck_assert_ptr_nonnull (strstr (
      text, "  <value path=\"/NodeList/1/DeviceList/0/TxQueue/MaxSize\" "
            "value=\"100p\"/>\n"));
  ck_assert_ptr_nonnull (strstr (
      text, "  <value path=\"/ChannelList/0/Delay\" value=\"2ms\"/>\n"));

  ck_assert (
      cns_config_set ("/NodeList/*/DeviceList/*/DataRate", "1Mbps", NULL));
  store = store_new (CNS_CONFIG_STORE_MODE_LOAD, path);
  ck_assert_msg (cns_config_store_configure_attributes (store, &error), "%s",
                 error ? error->message : "");
  rate = cns_attribute_get (cns_net_device_container_get (devices, 1),
                            "DataRate", NULL);
  ck_assert_str_eq (rate, "5Mbps");
}
END_TEST

/* Mode none reads and writes nothing. */
START_TEST (test_config_store_mode_none)
{
  g_autofree gchar *path = tmp_path ("none.xml");
  g_autoptr (CnsConfigStore) store = cns_config_store_new ();
  g_autoptr (GError) error = NULL;
  CnsConfigStoreMode mode;
  g_autofree gchar *filename = NULL;

  g_object_get (store, "mode", &mode, "filename", &filename, NULL);
  ck_assert_int_eq (mode, CNS_CONFIG_STORE_MODE_NONE);
  ck_assert_str_eq (filename, "config-store.xml");
  g_object_set (store, "filename", path, NULL);
  world_build (1);
  ck_assert (cns_config_store_configure_defaults (store, &error));
  ck_assert (cns_config_store_configure_attributes (store, &error));
  ck_assert_ptr_null (error);
  ck_assert (!g_file_test (path, G_FILE_TEST_EXISTS));
  /* Save writes at configure_attributes only. */
  g_object_set (store, "mode", CNS_CONFIG_STORE_MODE_SAVE, NULL);
  ck_assert (cns_config_store_configure_defaults (store, &error));
  ck_assert (!g_file_test (path, G_FILE_TEST_EXISTS));
}
END_TEST

/* Loads @text from a file and checks the error: its domain and code, and
 * that its message is "FILE" followed by @suffix. */
static void
check_load_error (const gchar *text, gboolean defaults, GQuark domain,
                  gint code, const gchar *suffix)
{
  g_autofree gchar *path = tmp_path ("bad.xml");
  g_autofree gchar *expected = NULL;
  g_autoptr (CnsConfigStore) store
      = store_new (CNS_CONFIG_STORE_MODE_LOAD, path);
  g_autoptr (GError) error = NULL;
  gboolean ok;

  write_file (path, text);
  ok = defaults ? cns_config_store_configure_defaults (store, &error)
                : cns_config_store_configure_attributes (store, &error);
  ck_assert (!ok);
  ck_assert_msg (g_error_matches (error, domain, code), "%s",
                 error ? error->message : "no error");
  expected = g_strconcat (path, suffix, NULL);
  ck_assert_str_eq (error->message, expected);
}

START_TEST (test_config_store_load_malformed)
{
  check_load_error ("<cns>\n  <default name=\"StoreHost::Speed\" "
                    "value=\"1\">\n</cns>\n",
                    TRUE, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                    ": Error on line 3 char 7: Element “cns” was closed, but "
                    "the currently open element is “default”");
  check_load_error ("", TRUE, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                    ": Error on line 1 char 1: Document was empty or "
                    "contained only whitespace");
  check_load_error ("<ns3/>", TRUE, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                    ":1:6: the root element is <ns3>, not <cns>");
  check_load_error ("<cns>\n  <foo/>\n</cns>\n", TRUE, CNS_CORE_ERROR,
                    CNS_CORE_ERROR_PARSE,
                    ":2:9: unknown element <foo> (expected <default>, "
                    "<global> or <value>)");
  check_load_error ("<cns>\n  <value path=\"/x\"/>\n</cns>\n", FALSE,
                    CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                    ":2:21: element 'value' requires attribute 'value'");
  check_load_error ("<cns>\n  <value path=\"/x\" value=\"1\"><value/>"
                    "</value>\n</cns>\n",
                    FALSE, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                    ":2:38: <value> cannot be inside <value>");
  check_load_error ("<cns>\n  oops\n</cns>\n", FALSE, CNS_CORE_ERROR,
                    CNS_CORE_ERROR_PARSE,
                    ":3:2: text 'oops' is not allowed inside <cns>");
}
END_TEST

START_TEST (test_config_store_load_missing)
{
  g_autofree gchar *path = tmp_path ("missing.xml");
  g_autoptr (CnsConfigStore) store
      = store_new (CNS_CONFIG_STORE_MODE_LOAD, path);
  g_autoptr (GError) error = NULL;

  ck_assert (!cns_config_store_configure_defaults (store, &error));
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT));
  ck_assert_ptr_nonnull (strstr (error->message, path));
  g_clear_error (&error);
  g_object_set (store, "filename", "", NULL);
  ck_assert (!cns_config_store_configure_attributes (store, &error));
  ck_assert_str_eq (error->message, "CnsConfigStore::Filename is empty");
}
END_TEST

START_TEST (test_config_store_load_unknown)
{
  world_build (1);
  check_load_error (
      "<cns>\n  <default name=\"StoreHost::Sped\" value=\"1\"/>\n</cns>\n",
      TRUE, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
      ":2: StoreHost::Sped: StoreHost has no attribute 'Sped' (see "
      "--PrintAttributes=StoreHost)");
  check_load_error ("<cns>\n  <global name=\"RngRum\" value=\"1\"/>\n</cns>\n",
                    TRUE, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                    ":2: unknown global value 'RngRum' (see --PrintGlobals)");
  check_load_error ("<cns>\n\n  <value path=\"/StoreHostList/0/Sped\" "
                    "value=\"1\"/>\n</cns>\n",
                    FALSE, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                    ":3: config path '/StoreHostList/0/Sped': StoreHost has "
                    "no attribute 'Sped' (see --PrintAttributes=StoreHost)");
  check_load_error ("<cns>\n  <value path=\"/StoreHostList/5/Speed\" "
                    "value=\"1\"/>\n</cns>\n",
                    FALSE, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                    ":2: config path '/StoreHostList/5/Speed' matches no "
                    "object");
}
END_TEST

START_TEST (test_config_store_load_bad_value)
{
  world_build (1);
  check_load_error (
      "<cns>\n  <default name=\"StoreHost::Speed\" value=\"fast\"/>\n</cns>\n",
      TRUE, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
      ":2: StoreHost::Speed: 'fast' is not an integer (accepted: 0 to "
      "1000)");
  check_load_error ("<cns>\n  <value path=\"/StoreHostList/0/Speed\" "
                    "value=\"2000\"/>\n</cns>\n",
                    FALSE, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                    ":2: config path '/StoreHostList/0/Speed': "
                    "StoreHost::Speed: '2000' is out of range (accepted: 0 "
                    "to 1000)");
  /* Set only when made. */
  check_load_error ("<cns>\n  <value path=\"/StoreHostList/0/Kind\" "
                    "value=\"2\"/>\n</cns>\n",
                    FALSE, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                    ":2: config path '/StoreHostList/0/Kind': "
                    "StoreHost::Kind can only be set when the object is made "
                    "(use cns_config_set_default or an object factory)");
}
END_TEST

/* Save fails, naming the file, when it cannot be written. */
START_TEST (test_config_store_save_error)
{
  g_autofree gchar *path = g_build_filename (dir, "no", "x.xml", NULL);
  g_autoptr (CnsConfigStore) store
      = store_new (CNS_CONFIG_STORE_MODE_SAVE, path);
  g_autoptr (GError) error = NULL;

  ck_assert (!cns_config_store_configure_attributes (store, &error));
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT));
  ck_assert_ptr_nonnull (strstr (error->message, path));
}
END_TEST

/* With the Mode default set, as --ConfigStore::Mode=Save sets it, the
 * first run of each simulation saves. */
START_TEST (test_config_store_run_hook)
{
  g_autofree gchar *path = tmp_path ("run.xml");
  g_autofree gchar *lines = NULL;

  ck_assert (cns_config_set_default ("ConfigStore::Mode", "Save", NULL));
  ck_assert (cns_config_set_default ("ConfigStore::Filename", path, NULL));
  world_build (1);
  cns_simulator_run ();
  lines = world_lines (path);
  ck_assert_ptr_nonnull (
      strstr (lines, "<value path=\"/StoreHostList/0/Speed\" value=\"10\"/>"));
  ck_assert_int_eq (g_unlink (path), 0);
  cns_simulator_run ();
  ck_assert (!g_file_test (path, G_FILE_TEST_EXISTS));
  cns_simulator_destroy ();
  cns_simulator_run ();
  ck_assert (g_file_test (path, G_FILE_TEST_EXISTS));
}
END_TEST

/* The command line applies the file's defaults once it has parsed, and
 * reports a bad file as its error. */
START_TEST (test_config_store_command_line)
{
  g_autofree gchar *path = tmp_path ("cmd.xml");
  g_autofree gchar *file = g_strconcat ("--ConfigStore::Filename=", path, NULL);
  g_autoptr (GError) error = NULL;
  CnsCommandLine *cmd = cns_command_line_new ("test");
  /* The parse takes the options out of the array. */
  gchar *args[2][4] = {
    { "prog", "--ConfigStore::Mode=Load", file, NULL },
    { "prog", "--ConfigStore::Mode=Load", file, NULL },
  };
  gchar **argv = args[0];
  gint argc = 3;

  write_file (path, "<cns>\n  <default name=\"StoreHost::Speed\" "
                    "value=\"42\"/>\n</cns>\n");
  ck_assert_msg (cns_command_line_try_parse (cmd, &argc, &argv, &error), "%s",
                 error ? error->message : "");
  world_build (1);
  ASSERT_HOST (0, "Speed", "42");

  write_file (path, "<cns>\n  <default name=\"StoreHost::Speed\" "
                    "value=\"-1\"/>\n</cns>\n");
  argv = args[1];
  argc = 3;
  ck_assert (!cns_command_line_try_parse (cmd, &argc, &argv, &error));
  ck_assert_ptr_nonnull (g_strstr_len (error->message, -1, "ConfigStore: "));
  ck_assert_ptr_nonnull (strstr (error->message, path));
  ck_assert_ptr_nonnull (strstr (error->message, "'-1' is out of range"));
  cns_command_line_free (cmd);
}
END_TEST

Suite *
test_config_store_suite (void)
{
  Suite *s = suite_create ("config-store");
  TCase *tc = tcase_create ("config-store");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_config_store_save_text);
  tcase_add_test (tc, test_config_store_save_deterministic);
  tcase_add_test (tc, test_config_store_round_trip);
  tcase_add_test (tc, test_config_store_point_to_point);
  tcase_add_test (tc, test_config_store_mode_none);
  tcase_add_test (tc, test_config_store_load_malformed);
  tcase_add_test (tc, test_config_store_load_missing);
  tcase_add_test (tc, test_config_store_load_unknown);
  tcase_add_test (tc, test_config_store_load_bad_value);
  tcase_add_test (tc, test_config_store_save_error);
  tcase_add_test (tc, test_config_store_run_hook);
  tcase_add_test (tc, test_config_store_command_line);
  suite_add_tcase (s, tc);
  return s;
}
