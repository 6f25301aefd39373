/* cns — header, trailer and tag classes shared by the packet tests.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-network.h"

G_BEGIN_DECLS

/* Two bytes: a protocol number, 0 being invalid. */
typedef struct
{
  guint16 protocol;
} TestShortHeader;

/* Twenty bytes in the manner of IPv4: version byte 0x45, fields, and an
 * Internet checksum that deserialisation checks. */
typedef struct
{
  guint8 tos;
  guint16 length;
  guint16 id;
  guint8 ttl;
  guint8 protocol;
  guint32 source;
  guint32 destination;
  guint16 sequence;
} TestLongHeader;

/* Variable length: marker 0xa5, a count n, then n option bytes. */
typedef struct
{
  guint8 n_options;
  guint8 options[255];
} TestVarHeader;

/* Four bytes at the end of a packet: magic 0xcafe, then a value. */
typedef struct
{
  guint16 value;
} TestTrailer;

typedef struct
{
  guint32 flow;
} TestFlowTag;

typedef struct
{
  gint64 time;
} TestStampTag;

extern const CnsHeaderClass test_short_header_class;
extern const CnsHeaderClass test_long_header_class;
extern const CnsHeaderClass test_var_header_class;
extern const CnsHeaderClass test_trailer_class;

extern const CnsTagClass test_flow_tag_class;     /* 4 bytes */
extern const CnsTagClass test_priority_tag_class; /* 1 byte */
extern const CnsTagClass test_stamp_tag_class;    /* 8 bytes */
extern const CnsTagClass test_id_tag_class;       /* 4 bytes */
extern const CnsTagClass test_mark_tag_class;     /* no data */
extern const CnsTagClass test_big_tag_class;      /* CNS_TAG_MAX_SIZE */

void test_packet_setup (void);
void test_packet_teardown (void);

TestLongHeader test_long_header_make (guint16 sequence);
GByteArray *test_packet_bytes (const CnsPacket *packet);
void test_assert_packet_bytes (const CnsPacket *packet, const guint8 *expected,
                               guint32 size);

G_END_DECLS
