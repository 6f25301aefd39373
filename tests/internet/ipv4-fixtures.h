/* cns — shared fixtures of the IPv4 tests: a test transport protocol,
 * nodes with an IPv4 stack, small topologies and trace recorders.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-internet.h"
#include "lib/cns-test.h"

G_BEGIN_DECLS

/* An IP protocol number no real transport uses (RFC 3692 experiments). */
#define TEST_PROTOCOL 253

/* ---- a transport protocol that records what it gets ---- */

typedef struct
{
  CnsTime time;
  CnsIpv4Header header;
  guint32 interface;
  GBytes *payload;
} TestRx;

typedef struct
{
  CnsTime time;
  CnsIpv4Address icmp_source;
  guint8 type;
  guint8 code;
  guint32 info;
  CnsIpv4Address payload_source;
  CnsIpv4Address payload_destination;
  guint8 payload[8];
} TestIcmp;

#define TEST_TYPE_L4 (test_l4_get_type ())
G_DECLARE_FINAL_TYPE (TestL4, test_l4, TEST, L4, CnsIpv4L4Protocol)

struct _TestL4
{
  CnsIpv4L4Protocol parent_instance;

  CnsIpv4L4RxStatus status; /* what receive answers */
  GArray *rx;               /* TestRx */
  GArray *icmp;             /* TestIcmp */
};

/* ---- a node with IPv4, ICMP, static routing and TestL4 ---- */

typedef struct
{
  CnsNode *node;
  CnsIpv4L3Protocol *ipv4;
  CnsIcmpv4L4Protocol *icmp;
  CnsIpv4StaticRouting *routing;
  TestL4 *l4;
} Stack;

void stack_install (Stack *stack, CnsNode *node);
guint32 stack_add_interface (Stack *stack, CnsNetDevice *device,
                             const gchar *address, guint prefix_length);

/* ---- topologies ---- */

CnsNetDeviceContainer *link_nodes (CnsNode *a, CnsNode *b, const gchar *rate,
                                   const gchar *delay);

/* A—B: 10.1.1.1/24 and 10.1.1.2/24 on interface 1 of each. */
typedef struct
{
  Stack a, b;
  CnsNetDeviceContainer *ab;
} Pair;

void pair_build (Pair *pair, const gchar *rate, const gchar *delay);
void pair_clear (Pair *pair);

/* A—R—B: A 10.1.1.1/24, R 10.1.1.2/24 and 10.1.2.1/24, B 10.1.2.2/24; A
 * and B route by default through R. */
typedef struct
{
  Stack a, r, b;
  CnsNetDeviceContainer *ar, *rb;
} Line;

void line_build (Line *line, const gchar *rate_ar, const gchar *delay_ar,
                 const gchar *rate_rb, const gchar *delay_rb);
void line_install_udp (Line *line);
void line_clear (Line *line);

/* ---- sending ---- */

CnsPacket *pattern_packet (guint32 size, guint8 seed);
void send_at (Stack *from, CnsTime when, CnsPacket *packet,
              const gchar *destination, guint8 ttl);

/* ---- trace recorders ---- */

typedef struct
{
  guint tx, rx, send_outgoing, unicast_forward, local_deliver;
  GArray *drops; /* TestDrop */
} L3Counts;

typedef struct
{
  CnsTime time;
  CnsIpv4Header header;
  CnsIpv4DropReason reason;
  guint32 interface;
  guint32 size;
} TestDrop;

void l3_counts_connect (L3Counts *counts, CnsIpv4L3Protocol *ipv4);
void l3_counts_clear (L3Counts *counts);
guint l3_counts_drops (const L3Counts *counts, CnsIpv4DropReason reason);

void fixtures_teardown (void);

/* ---- a GClosure that records how trace marshals call it ---- */

/* The most values a call is recorded with: the firing object and the
 * longest trace's five arguments. */
#define CLOSURE_CALL_MAX_VALUES 6

/* An object is recorded as a G_TYPE_POINTER value, without a reference
 * (the object holds the closure, which holds the calls); @types has the
 * type of each value as the marshal gave it. */
typedef struct
{
  guint n_values;
  GType types[CLOSURE_CALL_MAX_VALUES];
  GValue values[CLOSURE_CALL_MAX_VALUES];
} ClosureCall;

GArray *closure_calls_new (void);
void closure_calls_connect (GArray *calls, gpointer object, const gchar *name);
const ClosureCall *closure_calls_get (GArray *calls, guint i, guint n_values);
void closure_calls_free (GArray *calls);

G_END_DECLS
