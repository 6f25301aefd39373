/* cns — header, trailer and tag classes shared by the packet tests.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "network/packet-classes.h"

#include "lib/cns-test.h"
#include "network/cns-packet-pool-private.h"

#include <string.h>

/* ---- TestShortHeader ---- */

static gsize
short_get_size (gconstpointer header)
{
  return 2;
}

static void
short_serialize (gconstpointer header, guint8 *start)
{
  const TestShortHeader *h = header;

  start[0] = h->protocol >> 8;
  start[1] = h->protocol & 0xff;
}

static gsize
short_deserialize (gpointer header, const guint8 *data, gsize available)
{
  TestShortHeader *h = header;
  guint16 protocol;

  if (available < 2)
    return 0;
  protocol = data[0] << 8 | data[1];
  if (protocol == 0)
    return 0;
  h->protocol = protocol;
  return 2;
}

static void
short_print (gconstpointer header, GString *out)
{
  const TestShortHeader *h = header;

  g_string_append_printf (out, "protocol 0x%04x", h->protocol);
}

const CnsHeaderClass test_short_header_class = {
  "TestShortHeader", short_get_size, short_serialize,
  short_deserialize, short_print,
};

/* ---- TestLongHeader ---- */

static void
put16 (guint8 *p, guint16 v)
{
  p[0] = v >> 8;
  p[1] = v & 0xff;
}

static void
put32 (guint8 *p, guint32 v)
{
  put16 (p, v >> 16);
  put16 (p + 2, v & 0xffff);
}

static guint16
get16 (const guint8 *p)
{
  return p[0] << 8 | p[1];
}

static guint32
get32 (const guint8 *p)
{
  return (guint32) get16 (p) << 16 | get16 (p + 2);
}

/* The Internet checksum of @n bytes. */
static guint16
checksum (const guint8 *p, gsize n)
{
  guint32 sum = 0;

  for (gsize i = 0; i + 1 < n; i += 2)
    sum += get16 (p + i);
  while (sum >> 16)
    sum = (sum & 0xffff) + (sum >> 16);
  return ~sum & 0xffff;
}

static gsize
long_get_size (gconstpointer header)
{
  return 20;
}

static void
long_serialize (gconstpointer header, guint8 *start)
{
  const TestLongHeader *h = header;

  start[0] = 0x45;
  start[1] = h->tos;
  put16 (start + 2, h->length);
  put16 (start + 4, h->id);
  start[6] = h->ttl;
  start[7] = h->protocol;
  put16 (start + 8, 0);
  put32 (start + 10, h->source);
  put32 (start + 14, h->destination);
  put16 (start + 18, h->sequence);
  put16 (start + 8, checksum (start, 20));
}

static gsize
long_deserialize (gpointer header, const guint8 *data, gsize available)
{
  TestLongHeader *h = header;

  if (available < 20 || data[0] != 0x45 || checksum (data, 20) != 0)
    return 0;
  h->tos = data[1];
  h->length = get16 (data + 2);
  h->id = get16 (data + 4);
  h->ttl = data[6];
  h->protocol = data[7];
  h->source = get32 (data + 10);
  h->destination = get32 (data + 14);
  h->sequence = get16 (data + 18);
  return 20;
}

static void
long_print (gconstpointer header, GString *out)
{
  const TestLongHeader *h = header;

  g_string_append_printf (out, "ttl %u protocol %u %u > %u seq %u", h->ttl,
                          h->protocol, h->source, h->destination, h->sequence);
}

const CnsHeaderClass test_long_header_class = {
  "TestLongHeader", long_get_size, long_serialize, long_deserialize, long_print,
};

TestLongHeader
test_long_header_make (guint16 sequence)
{
  TestLongHeader h = { 0 };

  h.tos = 0x10;
  h.length = 1020;
  h.id = 7;
  h.ttl = 64;
  h.protocol = 17;
  h.source = 0x0a000001;
  h.destination = 0x0a000002;
  h.sequence = sequence;
  return h;
}

/* ---- TestVarHeader ---- */

static gsize
var_get_size (gconstpointer header)
{
  const TestVarHeader *h = header;

  return 2 + h->n_options;
}

static void
var_serialize (gconstpointer header, guint8 *start)
{
  const TestVarHeader *h = header;

  start[0] = 0xa5;
  start[1] = h->n_options;
  memcpy (start + 2, h->options, h->n_options);
}

static gsize
var_deserialize (gpointer header, const guint8 *data, gsize available)
{
  TestVarHeader *h = header;

  if (available < 2 || data[0] != 0xa5 || available < 2u + data[1])
    return 0;
  h->n_options = data[1];
  memcpy (h->options, data + 2, h->n_options);
  return 2 + h->n_options;
}

static void
var_print (gconstpointer header, GString *out)
{
  const TestVarHeader *h = header;

  g_string_append_printf (out, "%u options", h->n_options);
}

const CnsHeaderClass test_var_header_class = {
  "TestVarHeader", var_get_size, var_serialize, var_deserialize, var_print,
};

/* ---- TestTrailer ---- */

static gsize
trailer_get_size (gconstpointer trailer)
{
  return 4;
}

static void
trailer_serialize (gconstpointer trailer, guint8 *start)
{
  const TestTrailer *t = trailer;

  put16 (start, 0xcafe);
  put16 (start + 2, t->value);
}

static gsize
trailer_deserialize (gpointer trailer, const guint8 *data, gsize available)
{
  TestTrailer *t = trailer;
  const guint8 *p;

  if (available < 4)
    return 0;
  p = data + available - 4;
  if (get16 (p) != 0xcafe)
    return 0;
  t->value = get16 (p + 2);
  return 4;
}

static void
trailer_print (gconstpointer trailer, GString *out)
{
  const TestTrailer *t = trailer;

  g_string_append_printf (out, "value %u", t->value);
}

const CnsHeaderClass test_trailer_class = {
  "TestTrailer",       trailer_get_size, trailer_serialize,
  trailer_deserialize, trailer_print,
};

/* ---- tags ---- */

static void
flow_print (gconstpointer data, GString *out)
{
  const TestFlowTag *tag = data;

  g_string_append_printf (out, "flow %u", tag->flow);
}

const CnsTagClass test_flow_tag_class
    = { "TestFlowTag", sizeof (TestFlowTag), flow_print };
const CnsTagClass test_priority_tag_class = { "TestPriorityTag", 1, NULL };
const CnsTagClass test_stamp_tag_class
    = { "TestStampTag", sizeof (TestStampTag), NULL };
const CnsTagClass test_id_tag_class = { "TestIdTag", sizeof (guint32), NULL };
const CnsTagClass test_mark_tag_class = { "TestMarkTag", 0, NULL };
const CnsTagClass test_big_tag_class = { "TestBigTag", CNS_TAG_MAX_SIZE, NULL };

/* ---- fixture ---- */

/* Registers the classes (again: registering is idempotent) and starts with
 * printing off. */
void
test_packet_setup (void)
{
  cns_header_class_register (&test_short_header_class);
  cns_header_class_register (&test_long_header_class);
  cns_header_class_register (&test_var_header_class);
  cns_header_class_register (&test_trailer_class);
  cns_tag_class_register (&test_flow_tag_class);
  cns_tag_class_register (&test_priority_tag_class);
  cns_tag_class_register (&test_stamp_tag_class);
  cns_tag_class_register (&test_id_tag_class);
  cns_tag_class_register (&test_mark_tag_class);
  cns_tag_class_register (&test_big_tag_class);
  cns_packet_enable_printing (FALSE);
}

/* Every test must give back every packet it made: the pool counts the
 * blocks in use, which valgrind cannot see inside its slabs. */
void
test_packet_teardown (void)
{
  gsize live;

  cns_packet_enable_printing (FALSE);
  cns_test_reset ();
  live = cns_packet_pool_live_blocks ();
  ck_assert_msg (live == 0, "%" G_GSIZE_FORMAT " packet blocks leaked", live);
}

/* ---- helpers ---- */

/* Returns: (transfer full): the packet's bytes. */
GByteArray *
test_packet_bytes (const CnsPacket *packet)
{
  guint32 size = cns_packet_get_size (packet);
  GByteArray *bytes = g_byte_array_sized_new (size);

  g_byte_array_set_size (bytes, size);
  ck_assert_uint_eq (cns_packet_copy_data (packet, 0, bytes->data, size), size);
  return bytes;
}

void
test_assert_packet_bytes (const CnsPacket *packet, const guint8 *expected,
                          guint32 size)
{
  g_autoptr (GByteArray) bytes = test_packet_bytes (packet);

  ck_assert_uint_eq (bytes->len, size);
  for (guint32 i = 0; i < size; i++)
    if (bytes->data[i] != expected[i])
      ck_abort_msg ("byte %u is 0x%02x, expected 0x%02x", i, bytes->data[i],
                    expected[i]);
}
