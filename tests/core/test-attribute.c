/* cns — tests of attributes (properties as text) and object factories.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-core.h"
#include "core/suites.h"
#include "lib/cns-test.h"

#include <string.h>

typedef enum
{
  TEST_COLOR_RED,
  TEST_COLOR_GREEN,
  TEST_COLOR_DARK_BLUE,
} TestColor;

typedef enum
{
  TEST_FLAG_A = 1 << 0,
  TEST_FLAG_B = 1 << 1,
  TEST_FLAG_C = 1 << 2,
} TestFlags;

static GType
test_color_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { TEST_COLOR_RED, "TEST_COLOR_RED", "red" },
    { TEST_COLOR_GREEN, "TEST_COLOR_GREEN", "green" },
    { TEST_COLOR_DARK_BLUE, "TEST_COLOR_DARK_BLUE", "dark-blue" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, g_enum_register_static ("TestColor", values));
  return type;
}

static GType
test_flags_get_type (void)
{
  static gsize type = 0;
  static const GFlagsValue values[] = {
    { TEST_FLAG_A, "TEST_FLAG_A", "a" },
    { TEST_FLAG_B, "TEST_FLAG_B", "b" },
    { TEST_FLAG_C, "TEST_FLAG_C", "c" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, g_flags_register_static ("TestFlags", values));
  return type;
}

/* A device-like type with one property of every kind. */
typedef struct
{
  CnsObject parent_instance;
  gint mtu;
  guint packets;
  gint64 offset;
  guint64 bytes;
  gdouble loss;
  gboolean enabled;
  gchar *label;
  TestColor color;
  TestFlags flags;
  CnsTime delay;
  CnsDataRate rate;
  CnsQueueSize *max_size;
  GType kind;
  GObject *peer;
  gint serial;
  gint readonly;
} TestDevice;

typedef struct
{
  CnsObjectClass parent_class;
} TestDeviceClass;

enum
{
  PROP_0,
  PROP_MTU,
  PROP_PACKETS,
  PROP_OFFSET,
  PROP_BYTES,
  PROP_LOSS,
  PROP_ENABLED,
  PROP_LABEL,
  PROP_COLOR,
  PROP_FLAGS,
  PROP_DELAY,
  PROP_DATA_RATE,
  PROP_MAX_SIZE,
  PROP_KIND,
  PROP_PEER,
  PROP_SERIAL,
  PROP_READONLY,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

GType test_device_get_type (void);
G_DEFINE_TYPE (TestDevice, test_device, CNS_TYPE_OBJECT)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestDevice, g_object_unref)

static void
test_device_finalize (GObject *object)
{
  TestDevice *self = (TestDevice *) object;

  g_free (self->label);
  g_clear_pointer (&self->max_size, cns_queue_size_free);
  g_clear_object (&self->peer);
  G_OBJECT_CLASS (test_device_parent_class)->finalize (object);
}

static void
test_device_set_property (GObject *object, guint id, const GValue *value,
                          GParamSpec *pspec)
{
  TestDevice *self = (TestDevice *) object;

  switch (id)
    {
    case PROP_MTU:
      self->mtu = g_value_get_int (value);
      break;
    case PROP_PACKETS:
      self->packets = g_value_get_uint (value);
      break;
    case PROP_OFFSET:
      self->offset = g_value_get_int64 (value);
      break;
    case PROP_BYTES:
      self->bytes = g_value_get_uint64 (value);
      break;
    case PROP_LOSS:
      self->loss = g_value_get_double (value);
      break;
    case PROP_ENABLED:
      self->enabled = g_value_get_boolean (value);
      break;
    case PROP_LABEL:
      g_free (self->label);
      self->label = g_value_dup_string (value);
      break;
    case PROP_COLOR:
      self->color = g_value_get_enum (value);
      break;
    case PROP_FLAGS:
      self->flags = g_value_get_flags (value);
      break;
    case PROP_DELAY:
      self->delay = cns_value_get_time (value);
      break;
    case PROP_DATA_RATE:
      self->rate = cns_value_get_data_rate (value);
      break;
    case PROP_MAX_SIZE:
      g_clear_pointer (&self->max_size, cns_queue_size_free);
      self->max_size = g_value_dup_boxed (value);
      break;
    case PROP_KIND:
      self->kind = g_value_get_gtype (value);
      break;
    case PROP_PEER:
      g_set_object (&self->peer, g_value_get_object (value));
      break;
    case PROP_SERIAL:
      self->serial = g_value_get_int (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
test_device_get_property (GObject *object, guint id, GValue *value,
                          GParamSpec *pspec)
{
  TestDevice *self = (TestDevice *) object;

  switch (id)
    {
    case PROP_MTU:
      g_value_set_int (value, self->mtu);
      break;
    case PROP_PACKETS:
      g_value_set_uint (value, self->packets);
      break;
    case PROP_OFFSET:
      g_value_set_int64 (value, self->offset);
      break;
    case PROP_BYTES:
      g_value_set_uint64 (value, self->bytes);
      break;
    case PROP_LOSS:
      g_value_set_double (value, self->loss);
      break;
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    case PROP_COLOR:
      g_value_set_enum (value, self->color);
      break;
    case PROP_FLAGS:
      g_value_set_flags (value, self->flags);
      break;
    case PROP_DELAY:
      cns_value_set_time (value, self->delay);
      break;
    case PROP_DATA_RATE:
      cns_value_set_data_rate (value, self->rate);
      break;
    case PROP_MAX_SIZE:
      g_value_set_boxed (value, self->max_size);
      break;
    case PROP_KIND:
      g_value_set_gtype (value, self->kind);
      break;
    case PROP_PEER:
      g_value_set_object (value, self->peer);
      break;
    case PROP_SERIAL:
      g_value_set_int (value, self->serial);
      break;
    case PROP_READONLY:
      g_value_set_int (value, 5);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

#define RW (G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS)

static void
test_device_class_init (TestDeviceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = test_device_finalize;
  object_class->set_property = test_device_set_property;
  object_class->get_property = test_device_get_property;
  props[PROP_MTU]
      = g_param_spec_int ("mtu", "MTU", "Largest packet", 68, 65535, 1500, RW);
  props[PROP_PACKETS] = g_param_spec_uint ("packets", "Packets", "A count", 0,
                                           G_MAXUINT, 0, RW);
  props[PROP_OFFSET] = g_param_spec_int64 ("offset", "Offset", "Signed",
                                           G_MININT64, G_MAXINT64, 0, RW);
  props[PROP_BYTES] = g_param_spec_uint64 ("bytes", "Bytes", "Unsigned", 0,
                                           G_MAXUINT64, 0, RW);
  props[PROP_LOSS] = g_param_spec_double ("loss", "Loss", "A probability", 0.0,
                                          1.0, 0.0, RW);
  props[PROP_ENABLED]
      = g_param_spec_boolean ("enabled", "Enabled", "On/off", TRUE, RW);
  props[PROP_LABEL]
      = g_param_spec_string ("label", "Label", "A name", NULL, RW);
  props[PROP_COLOR] = g_param_spec_enum (
      "color", "Color", "An enum", test_color_get_type (), TEST_COLOR_RED, RW);
  props[PROP_FLAGS] = g_param_spec_flags ("flags", "Flags", "Some flags",
                                          test_flags_get_type (), 0, RW);
  props[PROP_DELAY] = cns_param_spec_time ("delay", "Delay", "A delay", 0,
                                           CNS_TIME_PS_PER_S, 0, RW);
  props[PROP_DATA_RATE] = cns_param_spec_data_rate (
      "data-rate", "Data rate", "A rate", 1, G_MAXUINT64, 32768, RW);
  props[PROP_MAX_SIZE] = g_param_spec_boxed (
      "max-size", "Max size", "A queue size", CNS_TYPE_QUEUE_SIZE, RW);
  props[PROP_KIND] = g_param_spec_gtype ("kind", "Kind", "A CnsObject type",
                                         CNS_TYPE_OBJECT, RW);
  props[PROP_PEER] = g_param_spec_object ("peer", "Peer", "Another device",
                                          test_device_get_type (), RW);
  props[PROP_SERIAL] = g_param_spec_int (
      "serial", "Serial", "Construct-only", 0, 100, 0,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  props[PROP_READONLY]
      = g_param_spec_int ("read-only-thing", "RO", "Read-only", 0, 10, 5,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
test_device_init (TestDevice *self)
{
  self->kind = CNS_TYPE_OBJECT;
  self->mtu = 1500;
  self->enabled = TRUE;
  self->rate = 32768;
}

static TestDevice *
new_device (void)
{
  return cns_object_new (test_device_get_type (), NULL);
}

static void
set_ok (TestDevice *d, const gchar *name, const gchar *text)
{
  g_autoptr (GError) error = NULL;

  ck_assert_msg (cns_attribute_set (d, name, text, &error), "%s=%s: %s", name,
                 text, error ? error->message : "");
}

static void
set_fails (TestDevice *d, const gchar *name, const gchar *text,
           const gchar *message)
{
  g_autoptr (GError) error = NULL;

  ck_assert_msg (!cns_attribute_set (d, name, text, &error), "%s=%s set", name,
                 text);
  ck_assert_ptr_nonnull (error);
  ck_assert_msg (g_pattern_match_simple (message, error->message),
                 "message '%s' does not match '%s'", error->message, message);
}

static void
check_get (TestDevice *d, const gchar *name, const gchar *expected)
{
  g_autoptr (GError) error = NULL;
  g_autofree gchar *text = cns_attribute_get (d, name, &error);

  ck_assert_msg (text != NULL, "%s: %s", name, error ? error->message : "");
  ck_assert_str_eq (text, expected);
}

START_TEST (test_attribute_set_get)
{
  g_autoptr (TestDevice) d = new_device ();

  set_ok (d, "Mtu", "9000");
  ck_assert_int_eq (d->mtu, 9000);
  check_get (d, "Mtu", "9000");
  set_ok (d, "mtu", "576");
  check_get (d, "mtu", "576");
  set_ok (d, "Packets", "4294967295");
  check_get (d, "Packets", "4294967295");
  set_ok (d, "Offset", "-9223372036854775808");
  check_get (d, "Offset", "-9223372036854775808");
  set_ok (d, "Bytes", "18446744073709551615");
  check_get (d, "Bytes", "18446744073709551615");
  set_ok (d, "Loss", "0.25");
  ck_assert_double_eq (d->loss, 0.25);
  check_get (d, "Loss", "0.25");
  set_ok (d, "Loss", "1e-3");
  check_get (d, "Loss", "0.001");
  /* the shortest text that reads back as the same double */
  set_ok (d, "Loss", "0.1");
  check_get (d, "Loss", "0.1");
  set_ok (d, "Loss", "0.12345678901234567");
  check_get (d, "Loss", "0.12345678901234566");
  ck_assert (d->loss == 0.12345678901234567);
  set_ok (d, "Enabled", "false");
  ck_assert (!d->enabled);
  set_ok (d, "Enabled", "YES");
  check_get (d, "Enabled", "true");
  set_ok (d, "Enabled", "0");
  check_get (d, "Enabled", "false");
  set_ok (d, "Label", "router 1");
  check_get (d, "Label", "router 1");
  set_ok (d, "Color", "dark-blue");
  check_get (d, "Color", "dark-blue");
  set_ok (d, "Color", "TEST_COLOR_GREEN");
  check_get (d, "Color", "green");
  set_ok (d, "Color", "0");
  check_get (d, "Color", "red");
  set_ok (d, "Flags", "a|c");
  ck_assert_int_eq (d->flags, TEST_FLAG_A | TEST_FLAG_C);
  check_get (d, "Flags", "a|c");
  set_ok (d, "Delay", "10ms");
  ck_assert_int_eq (d->delay, cns_milli_seconds (10));
  check_get (d, "Delay", "10ms");
  set_ok (d, "DataRate", "1.5Gbps");
  ck_assert_uint_eq (d->rate, 1500000000);
  check_get (d, "DataRate", "1.5Gbps");
  check_get (d, "data-rate", "1.5Gbps");
  set_ok (d, "MaxSize", "64KB");
  ck_assert_uint_eq (d->max_size->value, 64000);
  check_get (d, "MaxSize", "64KB");
  set_ok (d, "Kind", "CnsObject");
  ck_assert (d->kind == CNS_TYPE_OBJECT);
  check_get (d, "Kind", "CnsObject");
  set_ok (d, "Peer", "TestDevice(Mtu=1000,Label=peer)");
  ck_assert_int_eq (((TestDevice *) d->peer)->mtu, 1000);
  check_get (d, "Peer", "TestDevice(Mtu=1000,Label=peer)");
  check_get (d, "ReadOnlyThing", "5");
  set_ok (d, "Peer", "none");
  ck_assert_ptr_null (d->peer);
  check_get (d, "Peer", "none");
}
END_TEST

START_TEST (test_attribute_errors)
{
  g_autoptr (TestDevice) d = new_device ();

  set_fails (d, "Speed", "1",
             "TestDevice has no attribute 'Speed' (see "
             "--PrintAttributes=TestDevice)");
  set_fails (d, "Mtu", "abc",
             "TestDevice::Mtu: 'abc' is not an integer (accepted: 68 to "
             "65535)");
  set_fails (d, "Mtu", "70000",
             "TestDevice::Mtu: '70000' is out of range (accepted: 68 to "
             "65535)");
  set_fails (d, "Packets", "-1",
             "TestDevice::Packets: '-1' is not an unsigned integer "
             "(accepted: 0 to 4294967295)");
  set_fails (d, "Packets", "4294967296",
             "TestDevice::Packets: '4294967296' is out of range (accepted: "
             "0 to 4294967295)");
  set_fails (d, "Loss", "1.5",
             "TestDevice::Loss: '1.5' is out of range (accepted: 0 to 1)");
  set_fails (d, "Loss", "nan",
             "TestDevice::Loss: 'nan' is not a finite number (expected a "
             "decimal number "
             "such as 0.25 or 1e-3)");
  set_fails (d, "Loss", "0.5x",
             "TestDevice::Loss: '0.5x' is not a finite number (expected a "
             "decimal number such as 0.25 or 1e-3)");
  set_fails (d, "Loss", "1e999",
             "TestDevice::Loss: '1e999' is not a finite number (expected a "
             "decimal number such as 0.25 or 1e-3)");
  /* a subnormal underflows (ERANGE) but is a double, and reads back
   * (found by tests/fuzz/fuzz-attribute-values.c, as a random variable's
   * Constant) */
  {
    g_autofree gchar *back = NULL;

    ck_assert (cns_attribute_set (d, "Loss", "3e-319", NULL));
    back = cns_attribute_get (d, "Loss", NULL);
    ck_assert_str_eq (back, "3e-319");
    ck_assert (cns_attribute_set (d, "Loss", "0", NULL));
  }
  set_fails (d, "Enabled", "maybe",
             "TestDevice::Enabled: 'maybe' is not a boolean (expected "
             "true/false, yes/no, on/off or 1/0)");
  set_fails (d, "Color", "blue",
             "TestDevice::Color: 'blue' is not a valid choice (accepted: "
             "one of: red, green, dark-blue)");
  set_fails (d, "Flags", "a|z",
             "TestDevice::Flags: 'z' in 'a|z' is not a valid flag (accepted: "
             "any of, joined by '|': a, b, c)");
  set_fails (d, "Delay", "2s",
             "TestDevice::Delay: '2s' is out of range (accepted: 0s to 1s)");
  set_fails (d, "Delay", "soon",
             "TestDevice::Delay: 'soon' is not a time (expected a number and "
             "a unit: s, ms, us, ns, ps, min, h or d, for example 10ms or "
             "1.5s)");
  set_fails (d, "DataRate", "0bps",
             "TestDevice::DataRate: '0bps' is out of range (accepted: 1bps "
             "to 18446744.073709551615Tbps)");
  set_fails (d, "MaxSize", "lots",
             "TestDevice::MaxSize: 'lots' is not a queue size (expected a "
             "count and a unit such as 100p (packets), 64KB or 1MiB "
             "(bytes))");
  set_fails (d, "Kind", "GObject",
             "TestDevice::Kind: unknown type 'GObject' (see "
             "--PrintTypeNames)");
  set_fails (d, "Serial", "3",
             "TestDevice::Serial can only be set when the object is made "
             "(use cns_config_set_default or an object factory)");
  set_fails (d, "ReadOnlyThing", "3", "TestDevice::ReadOnlyThing is read-only");
  set_fails (d, "Peer", "TestDevice(Mtu=1)",
             "TestDevice::Peer: TestDevice::Mtu: '1' is out of range "
             "(accepted: 68 to 65535)");
  /* nothing was changed by the failures */
  ck_assert_int_eq (d->mtu, 1500);
  ck_assert_double_eq (d->loss, 0.0);
}
END_TEST

START_TEST (test_attribute_names)
{
  const gchar *cases[][2] = {
    { "DataRate", "data-rate" }, { "Mtu", "mtu" },
    { "MaxSize", "max-size" },   { "IPAddress", "ip-address" },
    { "RngRun", "rng-run" },     { "data-rate", "data-rate" },
    { "Tcp2Fast", "tcp2-fast" }, { "snake_case", "snake-case" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree gchar *kebab = cns_attribute_name_to_property (cases[i][0]);

      ck_assert_str_eq (kebab, cases[i][1]);
    }
  {
    g_autofree gchar *camel = cns_attribute_name_from_property ("data-rate");
    g_autofree gchar *one = cns_attribute_name_from_property ("mtu");

    ck_assert_str_eq (camel, "DataRate");
    ck_assert_str_eq (one, "Mtu");
  }
  ck_assert_ptr_eq (cns_attribute_find (test_device_get_type (), "DataRate"),
                    props[PROP_DATA_RATE]);
  ck_assert_ptr_null (cns_attribute_find (test_device_get_type (), "Nope"));
}
END_TEST

START_TEST (test_attribute_describe_range)
{
  const struct
  {
    gint prop;
    const gchar *text;
  } cases[] = {
    { PROP_MTU, "68 to 65535" },
    { PROP_LOSS, "0 to 1" },
    { PROP_DELAY, "0s to 1s" },
    { PROP_COLOR, "one of: red, green, dark-blue" },
    { PROP_ENABLED, "true or false" },
    { PROP_LABEL, "any text" },
    { PROP_MAX_SIZE, "a queue size such as 100p or 64KB" },
    { PROP_KIND, "the name of a type derived from CnsObject" },
    { PROP_PEER, "a TestDevice, as TypeName(Attr=value,...), or none" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree gchar *text
          = cns_attribute_describe_range (props[cases[i].prop]);

      ck_assert_str_eq (text, cases[i].text);
    }
}
END_TEST

START_TEST (test_factory)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsObjectFactory) f
      = cns_object_factory_new (test_device_get_type ());
  g_autoptr (CnsObjectFactory) copy = NULL;
  g_autofree gchar *text = NULL;
  TestDevice *d;

  ck_assert (cns_object_factory_set (f, "Mtu", "1000", &error));
  ck_assert (cns_object_factory_set (f, "Serial", "42", &error));
  ck_assert (cns_object_factory_set (f, "DataRate", "5Mbps", &error));
  ck_assert (cns_object_factory_set (f, "Mtu", "2000", &error));
  ck_assert (!cns_object_factory_set (f, "Mtu", "1", &error));
  ck_assert_str_eq (error->message, "TestDevice::Mtu: '1' is out of range "
                                    "(accepted: 68 to 65535)");
  g_clear_error (&error);
  ck_assert (!cns_object_factory_set (f, "Nope", "1", &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_CORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  ck_assert (!cns_object_factory_set (f, "ReadOnlyThing", "1", &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_CORE_ERROR_INVALID);
  g_clear_error (&error);

  text = cns_object_factory_to_string (f);
  ck_assert_str_eq (text, "TestDevice(Mtu=2000,Serial=42,DataRate=5Mbps)");
  copy = cns_object_factory_copy (f);
  d = cns_object_factory_create (copy);
  ck_assert_int_eq (d->mtu, 2000);
  ck_assert_int_eq (d->serial, 42);
  ck_assert_uint_eq (d->rate, 5000000);
  g_object_unref (d);

  /* configured defaults apply to what the factory leaves unset */
  ck_assert (cns_config_set_default ("TestDevice::Loss", "0.5", &error));
  d = cns_object_factory_create (f);
  ck_assert_double_eq (d->loss, 0.5);
  g_object_unref (d);

  cns_object_factory_set_object_type (f, CNS_TYPE_OBJECT);
  ck_assert (cns_object_factory_get_object_type (f) == CNS_TYPE_OBJECT);
  g_free (text);
  text = cns_object_factory_to_string (f);
  ck_assert_str_eq (text, "CnsObject");
}
END_TEST

static void
factory_string_fails (const gchar *text, GType base, const gchar *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsObjectFactory) f
      = cns_object_factory_new_from_string (text, base, &error);

  ck_assert_msg (f == NULL, "'%s' was accepted", text);
  ck_assert_str_eq (error->message, message);
}

START_TEST (test_factory_from_string)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsObjectFactory) f = NULL;
  TestDevice *d;

  f = cns_object_factory_new_from_string (
      "TestDevice(Mtu=1000, Label=a b, Peer=TestDevice(Mtu=900,Peer="
      "TestDevice(Label=deep)))",
      CNS_TYPE_OBJECT, &error);
  ck_assert_msg (f != NULL, "%s", error ? error->message : "");
  d = cns_object_factory_create (f);
  ck_assert_int_eq (d->mtu, 1000);
  ck_assert_str_eq (d->label, "a b");
  ck_assert_int_eq (((TestDevice *) d->peer)->mtu, 900);
  ck_assert_str_eq (((TestDevice *) ((TestDevice *) d->peer)->peer)->label,
                    "deep");
  g_object_unref (d);
  g_clear_pointer (&f, cns_object_factory_free);

  /* short names: the Cns prefix may be left out */
  f = cns_object_factory_new_from_string ("Object()", CNS_TYPE_OBJECT, &error);
  ck_assert (cns_object_factory_get_object_type (f) == CNS_TYPE_OBJECT);

  factory_string_fails ("TestDevice(Mtu=1000", CNS_TYPE_OBJECT,
                        "'TestDevice(Mtu=1000' does not end with ')' "
                        "(expected TypeName(Attr=value,...))");
  factory_string_fails ("TestDevice(Mtu)", CNS_TYPE_OBJECT,
                        "'Mtu' in 'TestDevice(Mtu)' is not Attr=value");
  factory_string_fails ("TestDevice(Peer=TestDevice(Mtu=1)", CNS_TYPE_OBJECT,
                        "unbalanced parentheses in "
                        "'Peer=TestDevice(Mtu=1'");
  factory_string_fails ("(Mtu=1)", CNS_TYPE_OBJECT,
                        "'(Mtu=1)' names no type (expected "
                        "TypeName(Attr=value,...))");
  factory_string_fails ("Nothing", CNS_TYPE_OBJECT,
                        "unknown type 'Nothing' (see --PrintTypeNames)");
  factory_string_fails ("TestDevice(Wrong=1)", CNS_TYPE_OBJECT,
                        "TestDevice has no attribute 'Wrong' (see "
                        "--PrintAttributes=TestDevice)");
  factory_string_fails ("CnsObject", test_device_get_type (),
                        "unknown type 'CnsObject' for a TestDevice "
                        "(accepted: TestDevice)");
}
END_TEST

/* An object-valued default gives every object its own object, as in
 * ns-3: two sequential variables must not share one increment variable
 * (and so one random stream). */
START_TEST (test_object_default_is_new_each_time)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GObject) a = NULL;
  g_autoptr (GObject) b = NULL;
  g_autoptr (GObject) inc_a = NULL;
  g_autoptr (GObject) inc_b = NULL;

  ck_assert (cns_config_set_default ("CnsSequentialRandomVariable::Increment",
                                     "Uniform(Min=1,Max=2)", &error));
  a = cns_object_new (CNS_TYPE_SEQUENTIAL_RANDOM_VARIABLE, NULL);
  b = cns_object_new (CNS_TYPE_SEQUENTIAL_RANDOM_VARIABLE, NULL);
  g_object_get (a, "increment", &inc_a, NULL);
  g_object_get (b, "increment", &inc_b, NULL);
  ck_assert (CNS_IS_UNIFORM_RANDOM_VARIABLE (inc_a));
  ck_assert (CNS_IS_UNIFORM_RANDOM_VARIABLE (inc_b));
  ck_assert_ptr_ne (inc_a, inc_b);
}
END_TEST

typedef CnsObject TestAbstract;
typedef CnsObjectClass TestAbstractClass;
GType test_abstract_get_type (void);
G_DEFINE_ABSTRACT_TYPE (TestAbstract, test_abstract, CNS_TYPE_OBJECT)

static void
test_abstract_class_init (TestAbstractClass *klass)
{
}

static void
test_abstract_init (TestAbstract *self)
{
}

START_TEST (test_factory_abstract_type)
{
  g_autoptr (GError) error = NULL;

  ck_assert (
      cns_object_factory_resolve_type ("TestAbstract", G_TYPE_OBJECT, &error)
      == G_TYPE_INVALID);
  ck_assert_str_eq (error->message,
                    "TestAbstract is abstract; name a concrete type");
}
END_TEST

/* A GType attribute takes the name of any concrete type derived from its
 * is_a type, one registered after the library (as a module's or a
 * program's own types are) included; the short form drops the Cns prefix
 * and the base's name. */
START_TEST (test_attribute_gtype)
{
  g_autoptr (TestDevice) d = new_device ();
  g_autofree gchar *range = cns_attribute_describe_range (
      cns_attribute_find (G_OBJECT_TYPE (d), "Kind"));

  ck_assert_str_eq (range, "the name of a type derived from CnsObject");
  set_ok (d, "Kind", "TestDevice");
  ck_assert (d->kind == test_device_get_type ());
  check_get (d, "Kind", "TestDevice");
  set_ok (d, "Kind", "UniformRandomVariable");
  ck_assert (d->kind == CNS_TYPE_UNIFORM_RANDOM_VARIABLE);
  check_get (d, "Kind", "CnsUniformRandomVariable");
  set_fails (d, "Kind", "TestAbstract",
             "TestDevice::Kind: TestAbstract is abstract; name a concrete "
             "type");
  ck_assert (d->kind == CNS_TYPE_UNIFORM_RANDOM_VARIABLE);
}
END_TEST

/* Types are named in strings only once registered; the library registers
 * its own when it loads, the tests theirs here. */
static void
register_test_types (void)
{
  g_type_class_unref (g_type_class_ref (test_device_get_type ()));
  g_type_ensure (test_abstract_get_type ());
}

Suite *
test_attribute_suite (void)
{
  Suite *s = suite_create ("attribute");
  TCase *tc = tcase_create ("attribute");

  tcase_add_checked_fixture (tc, register_test_types, cns_test_reset);
  tcase_add_test (tc, test_attribute_set_get);
  tcase_add_test (tc, test_attribute_gtype);
  tcase_add_test (tc, test_attribute_errors);
  tcase_add_test (tc, test_attribute_names);
  tcase_add_test (tc, test_attribute_describe_range);
  tcase_add_test (tc, test_factory);
  tcase_add_test (tc, test_factory_from_string);
  tcase_add_test (tc, test_factory_abstract_type);
  tcase_add_test (tc, test_object_default_is_new_each_time);
  suite_add_tcase (s, tc);
  return s;
}
