/* cns — tests of the table of bound transport end points.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "internet/cns-internet.h"
#include "internet/cns-ipv4-end-point-demux-private.h"
#include "internet/suites.h"
#include "lib/cns-test.h"

#include <string.h>

#define ANY   cns_ipv4_address_any ()
#define NONE  cns_ipv4_address_any ()
#define HOST  CNS_IPV4_ADDRESS_INIT (10, 1, 1, 1)
#define PEER  CNS_IPV4_ADDRESS_INIT (10, 1, 1, 2)
#define OTHER CNS_IPV4_ADDRESS_INIT (10, 1, 1, 3)
#define BCAST CNS_IPV4_ADDRESS_INIT (10, 1, 1, 255)

/* The end points of a test, where sockets would hold them: room for
 * every ephemeral port and a few more. */
static CnsIpv4EndPoint end_points[CNS_IPV4_EPHEMERAL_PORT_LAST
                                  - CNS_IPV4_EPHEMERAL_PORT_FIRST + 16];
static guint n_end_points;

static void
setup (void)
{
  cns_test_reset ();
  memset (end_points, 0, sizeof end_points);
  n_end_points = 0;
}

/* Binds a new end point; the socket errno of the table's refusal, which
 * leaves it unbound. */
static CnsSocketErrno
try_bind (CnsIpv4EndPointDemux *demux, CnsIpv4Address address, guint16 port)
{
  CnsIpv4EndPoint *e;
  CnsSocketErrno error;

  ck_assert_uint_lt (n_end_points, G_N_ELEMENTS (end_points));
  e = &end_points[n_end_points++];
  error = cns_ipv4_end_point_demux_bind (demux, e, address, port);
  if (error != CNS_SOCKET_ERROR_NOTERROR)
    ck_assert_uint_eq (e->local_port, 0);
  return error;
}

static CnsIpv4EndPoint *
bind_ok (CnsIpv4EndPointDemux *demux, CnsIpv4Address address, guint16 port)
{
  ck_assert_int_eq (try_bind (demux, address, port), CNS_SOCKET_ERROR_NOTERROR);
  return &end_points[n_end_points - 1];
}

/* The one end point a unicast from @source:@sport to @dest:@dport goes to,
 * or NULL. */
static CnsIpv4EndPoint *
unicast (CnsIpv4EndPointDemux *demux, CnsIpv4Address dest, guint16 dport,
         CnsIpv4Address source, guint16 sport)
{
  CnsIpv4EndPoint *out[2] = { NULL, NULL };
  guint n = cns_ipv4_end_point_demux_lookup (demux, dest, dport, source, sport,
                                             NONE, out, G_N_ELEMENTS (out));

  ck_assert_uint_le (n, 1);
  return out[0];
}

START_TEST (test_demux_bind_conflicts)
{
  CnsIpv4EndPointDemux demux;
  CnsIpv4EndPoint *a;
  CnsIpv4EndPoint *b;

  cns_ipv4_end_point_demux_init (&demux);
  ck_assert_ptr_null (unicast (&demux, HOST, 9, PEER, 5000));

  a = bind_ok (&demux, HOST, 9);
  ck_assert_uint_eq (a->local_port, 9);
  ck_assert_uint_eq (a->local_address.value, HOST.value);
  ck_assert_int_eq (try_bind (&demux, HOST, 9), CNS_SOCKET_ERROR_ADDRINUSE);

  /* any address and a specific one are different bindings of a port */
  b = bind_ok (&demux, ANY, 9);
  ck_assert_int_eq (try_bind (&demux, ANY, 9), CNS_SOCKET_ERROR_ADDRINUSE);

  /* unbinding frees the port and leaves the end point unbound; the other
   * binding stays */
  cns_ipv4_end_point_demux_unbind (&demux, a);
  ck_assert_uint_eq (a->local_port, 0);
  ck_assert_ptr_eq (unicast (&demux, HOST, 9, PEER, 5000), b);
  a = bind_ok (&demux, HOST, 9);
  ck_assert_ptr_eq (unicast (&demux, HOST, 9, PEER, 5000), a);
  cns_ipv4_end_point_demux_unbind (&demux, b);
  cns_ipv4_end_point_demux_unbind (&demux, a);
  ck_assert_ptr_null (unicast (&demux, HOST, 9, PEER, 5000));
  cns_ipv4_end_point_demux_clear (&demux);
}
END_TEST

START_TEST (test_demux_ephemeral_ports)
{
  CnsIpv4EndPointDemux demux;
  CnsIpv4EndPoint *first;
  CnsIpv4EndPoint *e;
  guint n = 3; /* ephemeral ports bound so far */

  cns_ipv4_end_point_demux_init (&demux);
  /* counting up from 49152, as ns-3: the first one is 49153 */
  first = bind_ok (&demux, ANY, 0);
  ck_assert_uint_eq (first->local_port, 49153);
  e = bind_ok (&demux, HOST, 0);
  ck_assert_uint_eq (e->local_port, 49154);
  /* a port bound explicitly is skipped */
  bind_ok (&demux, HOST, 49155);
  e = bind_ok (&demux, ANY, 0);
  ck_assert_uint_eq (e->local_port, 49156);

  /* fill the range: it wraps to 49152 at the end */
  while (try_bind (&demux, ANY, 0) == CNS_SOCKET_ERROR_NOTERROR)
    n++;
  ck_assert_uint_eq (n + 1, 65535 - 49152 + 1); /* all, with "fixed" */
  ck_assert_int_eq (try_bind (&demux, ANY, 0), CNS_SOCKET_ERROR_ADDRNOTAVAIL);

  /* the one freed is the one handed out next */
  cns_ipv4_end_point_demux_unbind (&demux, first);
  e = bind_ok (&demux, ANY, 0);
  ck_assert_uint_eq (e->local_port, 49153);

  cns_ipv4_end_point_demux_clear (&demux);
  ck_assert_ptr_null (unicast (&demux, HOST, 49153, PEER, 5000));
}
END_TEST

/* Each pair of end points on port 9: the more specific one wins for what
 * it matches, the other gets the rest. */
START_TEST (test_demux_most_specific_wins)
{
  CnsIpv4EndPointDemux demux;
  CnsIpv4EndPoint *any;
  CnsIpv4EndPoint *bound;
  CnsIpv4EndPoint *connected;

  /* bound to the address > bound to any */
  cns_ipv4_end_point_demux_init (&demux);
  any = bind_ok (&demux, ANY, 9);
  bound = bind_ok (&demux, HOST, 9);
  ck_assert_ptr_eq (unicast (&demux, HOST, 9, PEER, 5000), bound);
  ck_assert_ptr_eq (unicast (&demux, OTHER, 9, PEER, 5000), any);
  ck_assert_ptr_null (unicast (&demux, HOST, 10, PEER, 5000));
  cns_ipv4_end_point_demux_clear (&demux);

  /* connected (to any local address) > bound to the address */
  cns_ipv4_end_point_demux_init (&demux);
  bound = bind_ok (&demux, HOST, 9);
  connected = bind_ok (&demux, ANY, 9);
  cns_ipv4_end_point_set_peer (connected, PEER, 5000);
  ck_assert_uint_eq (connected->peer_address.value, PEER.value);
  ck_assert_uint_eq (connected->peer_port, 5000);
  ck_assert_ptr_eq (unicast (&demux, HOST, 9, PEER, 5000), connected);
  /* another port or address of the peer is not the connected peer */
  ck_assert_ptr_eq (unicast (&demux, HOST, 9, PEER, 5001), bound);
  ck_assert_ptr_eq (unicast (&demux, HOST, 9, OTHER, 5000), bound);
  /* a connected end point takes nothing from others */
  ck_assert_ptr_null (unicast (&demux, OTHER, 9, OTHER, 5000));
  ck_assert_ptr_eq (unicast (&demux, OTHER, 9, PEER, 5000), connected);
  cns_ipv4_end_point_demux_clear (&demux);

  /* connected and bound to the address > connected to any */
  cns_ipv4_end_point_demux_init (&demux);
  connected = bind_ok (&demux, ANY, 9);
  cns_ipv4_end_point_set_peer (connected, PEER, 5000);
  bound = bind_ok (&demux, HOST, 9);
  cns_ipv4_end_point_set_peer (bound, PEER, 5000);
  ck_assert_ptr_eq (unicast (&demux, HOST, 9, PEER, 5000), bound);
  ck_assert_ptr_eq (unicast (&demux, OTHER, 9, PEER, 5000), connected);
  cns_ipv4_end_point_demux_clear (&demux);
}
END_TEST

START_TEST (test_demux_broadcast_to_all)
{
  CnsIpv4EndPointDemux demux;
  CnsIpv4EndPoint *out[4];
  CnsIpv4EndPoint *small[1];
  CnsIpv4EndPoint *any;
  CnsIpv4EndPoint *host;
  CnsIpv4EndPoint *other;
  CnsIpv4EndPoint *bcast;

  cns_ipv4_end_point_demux_init (&demux);
  any = bind_ok (&demux, ANY, 9);
  host = bind_ok (&demux, HOST, 9);
  other = bind_ok (&demux, OTHER, 9);
  bcast = bind_ok (&demux, BCAST, 9);
  cns_ipv4_end_point_set_peer (bcast, OTHER, 7);

  /* a subnet broadcast received on the interface with 10.1.1.1: any and
   * 10.1.1.1, in binding order; not 10.1.1.3, and not the end point
   * connected to someone else */
  ck_assert_uint_eq (cns_ipv4_end_point_demux_lookup (&demux, BCAST, 9, PEER,
                                                      5000, HOST, out, 4),
                     2);
  ck_assert_ptr_eq (out[0], any);
  ck_assert_ptr_eq (out[1], host);
  /* from the connected peer, that one too: it is bound to the broadcast
   * address */
  ck_assert_uint_eq (cns_ipv4_end_point_demux_lookup (&demux, BCAST, 9, OTHER,
                                                      7, HOST, out, 4),
                     3);
  ck_assert_ptr_eq (out[0], any);
  ck_assert_ptr_eq (out[1], host);
  ck_assert_ptr_eq (out[2], bcast);
  /* the count says how much room is needed */
  ck_assert_uint_eq (cns_ipv4_end_point_demux_lookup (&demux, BCAST, 9, OTHER,
                                                      7, HOST, small, 1),
                     3);
  ck_assert_ptr_eq (small[0], any);
  /* a limited broadcast on the interface with 10.1.1.3 */
  ck_assert_uint_eq (
      cns_ipv4_end_point_demux_lookup (&demux, cns_ipv4_address_broadcast (), 9,
                                       PEER, 5000, OTHER, out, 4),
      2);
  ck_assert_ptr_eq (out[0], any);
  ck_assert_ptr_eq (out[1], other);
  /* a unicast still goes to one */
  ck_assert_ptr_eq (unicast (&demux, HOST, 9, PEER, 5000), host);
  cns_ipv4_end_point_demux_clear (&demux);
}
END_TEST

/* End points of many ports, bound in no order and some unbound: each
 * lookup finds its port's, broadcasts in the order of binding. */
START_TEST (test_demux_ports_interleaved)
{
  CnsIpv4EndPointDemux demux;
  CnsIpv4EndPoint *out[4];
  CnsIpv4EndPoint *high_any, *low, *mid, *high_host, *low_peer, *high_peer;

  cns_ipv4_end_point_demux_init (&demux);
  high_any = bind_ok (&demux, ANY, 5000);
  low = bind_ok (&demux, ANY, 9);
  mid = bind_ok (&demux, HOST, 80);
  high_host = bind_ok (&demux, HOST, 5000);
  low_peer = bind_ok (&demux, HOST, 9);
  cns_ipv4_end_point_set_peer (low_peer, PEER, 7);
  high_peer = bind_ok (&demux, BCAST, 5000);

  ck_assert_ptr_eq (unicast (&demux, HOST, 9, PEER, 6), low);
  ck_assert_ptr_eq (unicast (&demux, HOST, 9, PEER, 7), low_peer);
  ck_assert_ptr_eq (unicast (&demux, HOST, 80, PEER, 7), mid);
  ck_assert_ptr_null (unicast (&demux, OTHER, 80, PEER, 7));
  ck_assert_ptr_eq (unicast (&demux, HOST, 5000, PEER, 7), high_host);
  ck_assert_ptr_eq (unicast (&demux, OTHER, 5000, PEER, 7), high_any);
  ck_assert_ptr_null (unicast (&demux, HOST, 81, PEER, 7));
  ck_assert_ptr_null (unicast (&demux, HOST, 6000, PEER, 7));
  ck_assert_uint_eq (cns_ipv4_end_point_demux_lookup (&demux, BCAST, 5000, PEER,
                                                      7, HOST, out, 4),
                     3);
  ck_assert_ptr_eq (out[0], high_any);
  ck_assert_ptr_eq (out[1], high_host);
  ck_assert_ptr_eq (out[2], high_peer);

  /* unbinding relinks, first, middle and last of a port */
  cns_ipv4_end_point_demux_unbind (&demux, low);
  cns_ipv4_end_point_demux_unbind (&demux, high_host);
  cns_ipv4_end_point_demux_unbind (&demux, high_peer);
  ck_assert_ptr_null (unicast (&demux, HOST, 9, PEER, 6));
  ck_assert_ptr_eq (unicast (&demux, HOST, 9, PEER, 7), low_peer);
  ck_assert_ptr_eq (unicast (&demux, HOST, 80, PEER, 7), mid);
  ck_assert_ptr_eq (unicast (&demux, HOST, 5000, PEER, 7), high_any);
  low = bind_ok (&demux, ANY, 9);
  ck_assert_ptr_eq (unicast (&demux, HOST, 9, PEER, 6), low);
  ck_assert_ptr_eq (unicast (&demux, HOST, 80, PEER, 7), mid);
  ck_assert_uint_eq (
      cns_ipv4_end_point_demux_lookup (&demux, BCAST, 9, PEER, 7, HOST, out, 4),
      2);
  ck_assert_ptr_eq (out[0], low_peer);
  ck_assert_ptr_eq (out[1], low);
}
END_TEST

Suite *
test_ipv4_end_point_demux_suite (void)
{
  Suite *s = suite_create ("ipv4-end-point-demux");
  TCase *tc = tcase_create ("core");
  /* Binds all 16,384 ephemeral ports, each after a walk of the list of
   * those bound: about 1.6 s on the 2-core CI machine, more when it is
   * loaded, against Check's default limit of 4 s. */
  TCase *exhaust = tcase_create ("exhaust");

  tcase_add_checked_fixture (tc, setup, NULL);
  tcase_add_test (tc, test_demux_bind_conflicts);
  tcase_add_test (tc, test_demux_most_specific_wins);
  tcase_add_test (tc, test_demux_broadcast_to_all);
  tcase_add_test (tc, test_demux_ports_interleaved);
  suite_add_tcase (s, tc);
  tcase_add_checked_fixture (exhaust, setup, NULL);
  tcase_set_timeout (exhaust, 30);
  tcase_add_test (exhaust, test_demux_ephemeral_ports);
  suite_add_tcase (s, exhaust);
  return s;
}
