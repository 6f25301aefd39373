/* cns — tests of IP over AAL5 on ATM hosts: TCP and UDP over ABR and UBR
 * VCs, frame discard, encapsulations, pcap.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "applications/cns-applications.h"
#include "atm/cns-atm.h"
#include "atm/suites.h"
#include "core/cns-core.h"
#include "internet/cns-internet.h"
#include "lib/cns-test.h"
#include "network/cns-pcap-file.h"
#include "network/cns-pcap-helper.h"

#include <string.h>

#define RATE  100000.0 /* cells/s on every link */
#define DELAY cns_milli_seconds (1)
#define PORT  5001
#define PCR   50000.0 /* the ABR VCs' PCR, cells/s */
#define VCI   32      /* the helper's first VCI on each link */

#define UDP_HEADER_SIZE 8
#define IP_HEADER_SIZE  20

typedef struct
{
  CnsNode *a, *sw, *b; /* host A - switch - host B */
  CnsAtmHost *host_a, *host_b;
  CnsAtmNetDevice *a_dev, *sw_a, *sw_b, *b_dev;
  CnsIpv4Address addr_a, addr_b;
} Net;

/* A UDP exchange: A sends datagrams to B, which may echo them. */
typedef struct
{
  CnsSocket *a, *b;  /* referenced */
  GByteArray *sent;  /* the bytes A sent, datagrams back to back */
  GByteArray *got;   /* the bytes B received, likewise */
  guint n_got;       /* datagrams B received */
  guint n_back;      /* datagrams A got back */
  gboolean echo;     /* B sends each datagram back */
  guint size, count; /* what A sends at 0 */
  CnsIpv4Address to; /* where */
} Udp;

static CnsAtmHelper *helper;
static Net net;
static Udp udp;

static void
ip_setup (void)
{
  helper = cns_atm_helper_new ();
}

/* Lets go of the network and the simulator: a test that runs twice calls
 * it between the runs. */
static void
net_clear (void)
{
  g_clear_object (&udp.a);
  g_clear_object (&udp.b);
  g_clear_pointer (&udp.sent, g_byte_array_unref);
  g_clear_pointer (&udp.got, g_byte_array_unref);
  udp = (Udp){ 0 };
  g_clear_object (&net.a);
  g_clear_object (&net.sw);
  g_clear_object (&net.b);
  net = (Net){ 0 };
  cns_test_reset ();
  ck_assert_uint_eq (cns_atm_cell_get_n_live (), 0);
}

static void
ip_teardown (void)
{
  net_clear ();
  g_clear_object (&helper);
}

/* A - switch - B, IPv4 10.0.0.1 and .2/24 on the ATM ports when @ip, no
 * VC yet. */
static void
net_build_full (gboolean ip)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) addresses = cns_ipv4_address_helper_new ();
  g_autoptr (CnsNetDeviceContainer) devices = cns_net_device_container_new ();
  g_autoptr (CnsIpv4InterfaceContainer) interfaces = NULL;

  net.a = cns_atm_helper_create_host (helper);
  net.sw = cns_atm_helper_create_switch (helper);
  net.b = cns_atm_helper_create_host (helper);
  ck_assert (cns_atm_helper_link (helper, net.a, net.sw, RATE, DELAY,
                                  &net.a_dev, &net.sw_a));
  ck_assert (cns_atm_helper_link (helper, net.b, net.sw, RATE, DELAY,
                                  &net.b_dev, &net.sw_b));
  net.addr_a = cns_ipv4_address_from_string ("10.0.0.1");
  net.addr_b = cns_ipv4_address_from_string ("10.0.0.2");
  if (ip)
    {
      ck_assert (cns_internet_stack_helper_install (stack, net.a, &error));
      ck_assert (cns_internet_stack_helper_install (stack, net.b, &error));
      cns_net_device_container_add (devices, CNS_NET_DEVICE (net.a_dev));
      cns_net_device_container_add (devices, CNS_NET_DEVICE (net.b_dev));
      ck_assert (cns_ipv4_address_helper_set_base (
          addresses, "10.0.0.0", "255.255.255.0", "0.0.0.1", &error));
      interfaces = cns_ipv4_address_helper_assign (addresses, devices, &error);
      g_assert_no_error (error);
    }
  net.host_a = cns_atm_host_install (net.a, &error);
  net.host_b = cns_atm_host_install (net.b, &error);
  g_assert_no_error (error);
}

static void
net_build (void)
{
  net_build_full (TRUE);
}

static void
net_ip_pvc (CnsAtmServiceClass cls, gdouble pcr)
{
  g_autoptr (GError) error = NULL;
  CnsNode *path[] = { net.a, net.sw, net.b };
  CnsAbrParams params;

  if (cls == CNS_ATM_SERVICE_ABR)
    {
      cns_abr_params_init_defaults (&params, pcr);
      params.icr = pcr / 4;
    }
  ck_assert (cns_atm_helper_setup_ip_pvc (
      helper, path, 3, cls, cls == CNS_ATM_SERVICE_ABR ? &params : NULL, NULL,
      NULL, &error));
  g_assert_no_error (error);
}

/* The stats of @vci on @host, which must exist. */
static CnsAtmHostVcStats
vc_stats (CnsAtmHost *host, guint16 vci)
{
  CnsAtmHostVcStats stats;

  ck_assert (cns_atm_host_get_vc_stats (host, vci, &stats));
  return stats;
}

/* TCP sends @bytes from A to B, the source handing the socket @send_size
 * bytes at a time (0: its default); returns what B's sink got by @stop. */
static guint64
tcp_transfer (guint64 bytes, guint send_size, CnsTime stop)
{
  CnsInetSocketAddress any
      = cns_inet_socket_address_init (cns_ipv4_address_any (), PORT);
  CnsInetSocketAddress remote = cns_inet_socket_address_init (net.addr_b, PORT);
  g_autoptr (CnsPacketSinkHelper) sink_helper
      = cns_packet_sink_helper_new (CNS_TYPE_TCP_SOCKET_FACTORY, &any);
  g_autoptr (CnsBulkSendHelper) bulk_helper
      = cns_bulk_send_helper_new (CNS_TYPE_TCP_SOCKET_FACTORY, &remote);
  g_autoptr (CnsApplicationContainer) sinks = NULL;
  g_autoptr (CnsApplicationContainer) senders = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree gchar *max = g_strdup_printf ("%" G_GUINT64_FORMAT, bytes);
  CnsPacketSink *sink;

  sinks = cns_application_helper_install (CNS_APPLICATION_HELPER (sink_helper),
                                          net.b);
  ck_assert (cns_application_helper_set_attribute (
      CNS_APPLICATION_HELPER (bulk_helper), "MaxBytes", max, &error));
  if (send_size > 0)
    {
      g_autofree gchar *text = g_strdup_printf ("%u", send_size);

      ck_assert (cns_application_helper_set_attribute (
          CNS_APPLICATION_HELPER (bulk_helper), "SendSize", text, &error));
    }
  senders = cns_application_helper_install (
      CNS_APPLICATION_HELPER (bulk_helper), net.a);
  sink = CNS_PACKET_SINK (cns_application_container_get (sinks, 0));
  cns_simulator_stop_at (stop);
  cns_simulator_run ();
  return cns_packet_sink_get_total_rx (sink);
}

/* ---- UDP ---- */

/* Reads every datagram waiting on @socket into @bytes; returns how many. */
static guint
udp_read (CnsSocket *socket, GByteArray *bytes, gboolean echo)
{
  CnsAddress from;
  CnsPacket *packet;
  guint n = 0;

  while ((packet = cns_socket_recv_from (socket, G_MAXUINT32, 0, &from))
         != NULL)
    {
      guint32 size = cns_packet_get_size (packet);
      guint old = bytes != NULL ? bytes->len : 0;

      if (bytes != NULL)
        {
          g_byte_array_set_size (bytes, old + size);
          cns_packet_copy_data (packet, 0, bytes->data + old, size);
        }
      n++;
      if (echo)
        ck_assert_int_eq (cns_socket_send_to (socket, packet, 0, &from),
                          (gint) size);
      else
        cns_packet_unref (packet);
    }
  return n;
}

static void
on_b_recv (CnsSocket *socket, gpointer user_data)
{
  udp.n_got += udp_read (socket, udp.got, udp.echo);
}

static void
on_a_recv (CnsSocket *socket, gpointer user_data)
{
  udp.n_back += udp_read (socket, NULL, FALSE);
}

/* A sends udp.count datagrams of udp.size bytes to udp.to, at once. */
static void
udp_send (gpointer obj, gpointer data)
{
  CnsInetSocketAddress remote = cns_inet_socket_address_init (udp.to, PORT);
  CnsAddress to;

  cns_inet_socket_address_to_address (&remote, &to);
  for (guint i = 0; i < udp.count; i++)
    {
      guint old = udp.sent->len;

      g_byte_array_set_size (udp.sent, old + udp.size);
      for (guint k = 0; k < udp.size; k++)
        udp.sent->data[old + k] = (guint8) (k * 7 + i * 13 + 1);
      ck_assert_int_eq (
          cns_socket_send_to (
              udp.a, cns_packet_new_from_data (udp.sent->data + old, udp.size),
              0, &to),
          (gint) udp.size);
    }
}

/* Sockets on A and B (B's on PORT), and A's datagrams scheduled at 0;
 * the caller runs the simulation. */
static void
udp_prepare (guint size, guint count, CnsIpv4Address to, gboolean echo)
{
  CnsInetSocketAddress any
      = cns_inet_socket_address_init (cns_ipv4_address_any (), PORT);
  CnsAddress local;
  g_autoptr (GError) error = NULL;

  udp.sent = g_byte_array_new ();
  udp.got = g_byte_array_new ();
  udp.size = size;
  udp.count = count;
  udp.to = to;
  udp.echo = echo;
  udp.b = cns_socket_create (net.b, CNS_TYPE_UDP_SOCKET_FACTORY);
  cns_inet_socket_address_to_address (&any, &local);
  ck_assert (cns_socket_bind (udp.b, &local, &error));
  cns_socket_set_recv_callback (udp.b, on_b_recv, NULL);
  udp.a = cns_socket_create (net.a, CNS_TYPE_UDP_SOCKET_FACTORY);
  ck_assert (cns_socket_bind (udp.a, NULL, &error));
  cns_socket_set_recv_callback (udp.a, on_a_recv, NULL);
  cns_simulator_schedule_with_context (cns_node_get_id (net.a), 0, udp_send,
                                       NULL, NULL);
}

/* The cells an AAL5 frame of @sdu bytes takes: the SDU and the 8-byte
 * trailer, rounded up to whole 48-byte payloads. */
static guint
cells_of (guint sdu)
{
  return (sdu + CNS_AAL5_TRAILER_SIZE + CNS_ATM_PAYLOAD_SIZE - 1)
         / CNS_ATM_PAYLOAD_SIZE;
}

/* ---- tests ---- */

/* TCP over an ABR VC delivers every byte, in frames of whole cells. */
START_TEST (test_atm_ip_tcp_abr)
{
  CnsAtmHostVcStats a, b;
  guint64 rx;

  net_build ();
  net_ip_pvc (CNS_ATM_SERVICE_ABR, PCR);
  rx = tcp_transfer (1000000, 0, cns_seconds (5));
  ck_assert_uint_eq (rx, 1000000);
  a = vc_stats (net.host_a, VCI);
  b = vc_stats (net.host_b, VCI);
  ck_assert_uint_eq (b.rx_frames_discarded, 0);
  ck_assert_uint_eq (b.rx_frames, a.tx_frames);
  ck_assert_uint_eq (a.rx_frames, b.tx_frames);
}
END_TEST

/* One 1000-byte datagram over ABR: one frame of 1000 + 8 (UDP) + 20 (IP)
 * + 8 (LLC/SNAP) bytes, 22 cells behind the source's first cell, an FRM. */
START_TEST (test_atm_ip_udp_abr)
{
  const guint sdu
      = 1000 + UDP_HEADER_SIZE + IP_HEADER_SIZE + CNS_LLC_SNAP_HEADER_SIZE;
  const guint data_cells = cells_of (sdu);
  CnsAtmHostVcStats a, b;

  ck_assert_uint_eq (data_cells, 22);
  ck_assert_uint_eq (cns_aal5_n_cells (sdu), data_cells);
  net_build ();
  net_ip_pvc (CNS_ATM_SERVICE_ABR, PCR);
  udp_prepare (1000, 1, net.addr_b, FALSE);
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();

  ck_assert_uint_eq (udp.n_got, 1);
  ck_assert_uint_eq (udp.got->len, 1000);
  ck_assert_mem_eq (udp.got->data, udp.sent->data, 1000);
  a = vc_stats (net.host_a, VCI);
  b = vc_stats (net.host_b, VCI);
  ck_assert_uint_eq (a.tx_frames, 1);
  ck_assert_uint_eq (a.tx_frm, 1);
  ck_assert_uint_eq (a.tx_cells, 1 + data_cells);
  ck_assert_uint_eq (b.rx_frames, 1);
  ck_assert_uint_eq (b.rx_frames_discarded, 0);
  ck_assert_uint_eq (b.rx_cells, data_cells);
  /* B turned the FRM around; its own source stayed idle */
  ck_assert_uint_eq (b.rx_rm, 1);
  ck_assert_uint_eq (b.tx_brm, 1);
  ck_assert_uint_eq (b.tx_cells, 0);
  ck_assert_uint_eq (b.tx_frames, 0);
}
END_TEST

/* ---- processing delay ---- */

static void
on_first_data_cell (CnsAtmNetDevice *device, const CnsAtmCell *cell,
                    CnsAtmServiceClass service_class, CnsTime waited,
                    gpointer user_data)
{
  CnsTime *first = user_data;

  if (!cell->rm && *first < 0)
    *first = cns_simulator_now ();
}

/* When the first data cell of one datagram leaves A's port, with
 * @processing_delay on A. */
static CnsTime
first_data_cell_time (CnsTime processing_delay)
{
  g_auto (GValue) value = G_VALUE_INIT;
  g_autoptr (GError) error = NULL;
  CnsTime first = -1;

  net_build ();
  net_ip_pvc (CNS_ATM_SERVICE_ABR, PCR);
  g_value_init (&value, CNS_TYPE_TIME);
  cns_value_set_time (&value, processing_delay);
  g_object_set_property (G_OBJECT (net.host_a), "processing-delay", &value);
  ck_assert (cns_trace_connect (
      net.a_dev, "Dequeue", G_CALLBACK (on_first_data_cell), &first, &error));
  udp_prepare (1000, 1, net.addr_b, FALSE);
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();
  ck_assert_uint_eq (udp.n_got, 1);
  ck_assert_int_ge (first, 0);
  net_clear ();
  return first;
}

/* The host's processing delay holds each datagram before AAL5: the first
 * cell leaves exactly that much later. */
START_TEST (test_atm_ip_processing_delay)
{
  CnsTime without = first_data_cell_time (0);
  CnsTime with = first_data_cell_time (cns_milli_seconds (1));

  ck_assert_int_eq (with - without, cns_milli_seconds (1));
}
END_TEST

/* ---- encapsulations ---- */

static void
set_encapsulation (CnsAtmHost *host, CnsAtmEncapsulation encapsulation)
{
  CnsAtmEncapsulation got;

  g_object_set (host, "encapsulation", encapsulation, NULL);
  g_object_get (host, "encapsulation", &got, NULL);
  ck_assert_int_eq (got, encapsulation);
}

typedef struct
{
  guint n;
  CnsIpv4DropReason reason;
} Drops;

static void
on_ipv4_drop (gpointer source, const CnsIpv4Header *header, CnsPacket *packet,
              CnsIpv4DropReason reason, CnsIpv4L3Protocol *ipv4,
              guint32 interface, gpointer user_data)
{
  Drops *drops = user_data;

  drops->n++;
  drops->reason = reason;
}

typedef struct
{
  guint n;
  guint16 vci;
  CnsAal5RxResult reason;
  guint n_crc, n_length, n_other;
} Discards;

static void
on_frame_discard (CnsAtmHost *host, guint16 vci, CnsAal5RxResult reason,
                  gpointer user_data)
{
  Discards *d = user_data;

  d->n++;
  d->vci = vci;
  d->reason = reason;
  if (reason == CNS_AAL5_RX_CRC_ERROR)
    d->n_crc++;
  else if (reason == CNS_AAL5_RX_LENGTH_ERROR)
    d->n_length++;
  else
    d->n_other++;
}

/* Null encapsulation on both ends: the frame is the bare datagram, 8
 * bytes shorter. */
START_TEST (test_atm_ip_null_encapsulation)
{
  const guint sdu = 1000 + UDP_HEADER_SIZE + IP_HEADER_SIZE;
  CnsAtmHostVcStats a, b;

  net_build ();
  set_encapsulation (net.host_a, CNS_ATM_ENCAPSULATION_NULL);
  set_encapsulation (net.host_b, CNS_ATM_ENCAPSULATION_NULL);
  net_ip_pvc (CNS_ATM_SERVICE_ABR, PCR);
  udp_prepare (1000, 1, net.addr_b, FALSE);
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();

  ck_assert_uint_eq (udp.n_got, 1);
  ck_assert_mem_eq (udp.got->data, udp.sent->data, 1000);
  a = vc_stats (net.host_a, VCI);
  b = vc_stats (net.host_b, VCI);
  ck_assert_uint_eq (cells_of (sdu), 22); /* 1036 + 8 still takes 22 */
  ck_assert_uint_eq (a.tx_frames, 1);
  ck_assert_uint_eq (a.tx_cells, 1 + cells_of (sdu));
  ck_assert_uint_eq (b.rx_frames, 1);
}
END_TEST

/* Null encapsulation on both ends at a size where the 8 LLC/SNAP bytes
 * cost a cell: 1020 + 28 = 1048 bytes and the trailer fill 22 cells
 * exactly; 8 more bytes of LLC/SNAP take 23. */
START_TEST (test_atm_ip_null_encapsulation_saves_a_cell)
{
  const guint payload = 1020;
  const guint sdu = payload + UDP_HEADER_SIZE + IP_HEADER_SIZE;
  CnsAtmHostVcStats a;

  ck_assert_uint_eq (cells_of (sdu), 22);
  ck_assert_uint_eq (cells_of (sdu + CNS_LLC_SNAP_HEADER_SIZE), 23);
  net_build ();
  set_encapsulation (net.host_a, CNS_ATM_ENCAPSULATION_NULL);
  set_encapsulation (net.host_b, CNS_ATM_ENCAPSULATION_NULL);
  net_ip_pvc (CNS_ATM_SERVICE_UBR, 0);
  udp_prepare (payload, 1, net.addr_b, FALSE);
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();
  ck_assert_uint_eq (udp.n_got, 1);
  ck_assert_mem_eq (udp.got->data, udp.sent->data, payload);
  a = vc_stats (net.host_a, VCI);
  ck_assert_uint_eq (a.tx_frm, 0);
  ck_assert_uint_eq (a.tx_cells, cells_of (sdu));
}
END_TEST

/* LLC/SNAP on A, null on B: B hands the frame up as IPv4 as it is, and
 * IPv4 finds version 10 (0xAA) and drops it as malformed. */
START_TEST (test_atm_ip_llc_to_null)
{
  g_autoptr (GError) error = NULL;
  CnsIpv4L3Protocol *ipv4;
  Drops drops = { 0 };
  Discards discards = { 0 };
  CnsAtmHostVcStats b;

  net_build ();
  set_encapsulation (net.host_b, CNS_ATM_ENCAPSULATION_NULL);
  net_ip_pvc (CNS_ATM_SERVICE_ABR, PCR);
  ipv4 = cns_object_get (net.b, CNS_TYPE_IPV4_L3_PROTOCOL);
  ck_assert (cns_trace_connect (ipv4, "Drop", G_CALLBACK (on_ipv4_drop), &drops,
                                &error));
  ck_assert (cns_trace_connect (net.host_b, "FrameDiscard",
                                G_CALLBACK (on_frame_discard), &discards,
                                &error));
  udp_prepare (1000, 1, net.addr_b, FALSE);
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();

  ck_assert_uint_eq (udp.n_got, 0);
  b = vc_stats (net.host_b, VCI);
  ck_assert_uint_eq (b.rx_frames, 1);
  ck_assert_uint_eq (b.rx_frames_discarded, 0);
  ck_assert_uint_eq (discards.n, 0);
  ck_assert_uint_eq (drops.n, 1);
  ck_assert_int_eq (drops.reason, CNS_IPV4_DROP_MALFORMED);
}
END_TEST

/* Null on A, LLC/SNAP on B: B finds no LLC/SNAP header (0x45 ...) and
 * discards the whole, good frame: FrameDiscard with CNS_AAL5_RX_OK. */
START_TEST (test_atm_ip_null_to_llc)
{
  g_autoptr (GError) error = NULL;
  Discards discards = { 0 };
  CnsAtmHostVcStats b;

  net_build ();
  set_encapsulation (net.host_a, CNS_ATM_ENCAPSULATION_NULL);
  net_ip_pvc (CNS_ATM_SERVICE_ABR, PCR);
  ck_assert (cns_trace_connect (net.host_b, "FrameDiscard",
                                G_CALLBACK (on_frame_discard), &discards,
                                &error));
  udp_prepare (1000, 1, net.addr_b, FALSE);
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();

  ck_assert_uint_eq (udp.n_got, 0);
  b = vc_stats (net.host_b, VCI);
  ck_assert_uint_eq (b.rx_frames, 0);
  ck_assert_uint_eq (b.rx_frames_discarded, 1);
  ck_assert_uint_eq (discards.n, 1);
  ck_assert_uint_eq (discards.vci, VCI);
  ck_assert_int_eq (discards.reason, CNS_AAL5_RX_OK);
}
END_TEST

/* FrameDiscard through a closure, as bindings connect it: the host, the
 * VCI (guint) and the reason (CnsAal5RxResult has no GType: gint). */
static void
record_discard_call (GClosure *closure, GValue *return_value,
                     guint n_param_values, const GValue *param_values,
                     gpointer invocation_hint, gpointer marshal_data)
{
  Discards *d = closure->data;

  ck_assert_uint_eq (n_param_values, 3);
  ck_assert (G_VALUE_HOLDS (&param_values[0], G_TYPE_OBJECT));
  ck_assert (G_VALUE_TYPE (&param_values[1]) == G_TYPE_UINT);
  ck_assert (G_VALUE_TYPE (&param_values[2]) == G_TYPE_INT);
  ck_assert_ptr_eq (g_value_get_object (&param_values[0]), net.host_b);
  d->n++;
  d->vci = (guint16) g_value_get_uint (&param_values[1]);
  d->reason = g_value_get_int (&param_values[2]);
}

/* The null-to-LLC scenario with a closure on FrameDiscard: it is called
 * once, with B's host, the VC and CNS_AAL5_RX_OK. */
START_TEST (test_atm_ip_frame_discard_closure)
{
  g_autoptr (GError) error = NULL;
  Discards discards = { 0 };
  GClosure *closure;

  net_build ();
  set_encapsulation (net.host_a, CNS_ATM_ENCAPSULATION_NULL);
  net_ip_pvc (CNS_ATM_SERVICE_ABR, PCR);
  closure = g_closure_new_simple (sizeof (GClosure), &discards);
  g_closure_set_marshal (closure, record_discard_call);
  ck_assert_uint_ne (cns_trace_connect_closure (G_OBJECT (net.host_b),
                                                "FrameDiscard", closure,
                                                &error),
                     0);
  udp_prepare (1000, 1, net.addr_b, FALSE);
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();

  ck_assert_uint_eq (discards.n, 1);
  ck_assert_uint_eq (discards.vci, VCI);
  ck_assert_int_eq (discards.reason, CNS_AAL5_RX_OK);
}
END_TEST

/* ---- cell loss on UBR ---- */

#define LOSSY_RATE  (RATE / 2) /* the switch's port toward B */
#define LOSSY_LIMIT 20         /* its UBR queue, cells */

/* A UBR VC whose switch port toward B runs at half the line rate with a
 * short UBR queue: a burst from A loses cells there. */
static void
net_lossy_ubr (void)
{
  guint limit = 0;

  net_build ();
  net_ip_pvc (CNS_ATM_SERVICE_UBR, 0);
  cns_atm_net_device_set_cell_rate (net.sw_b, LOSSY_RATE);
  g_object_set (net.sw_b, "ubr-queue-limit", (guint) LOSSY_LIMIT, NULL);
  g_object_get (net.sw_b, "ubr-queue-limit", &limit, NULL);
  ck_assert_uint_eq (limit, LOSSY_LIMIT);
}

/* Five 4000-byte datagrams at once: cells are lost at the switch, B
 * discards the frames that lost some, and says why. */
START_TEST (test_atm_ip_ubr_cell_loss)
{
  const guint sdu
      = 4000 + UDP_HEADER_SIZE + IP_HEADER_SIZE + CNS_LLC_SNAP_HEADER_SIZE;
  g_autoptr (GError) error = NULL;
  Discards discards = { 0 };
  CnsAtmHostVcStats a, b;

  net_lossy_ubr ();
  ck_assert (cns_trace_connect (net.host_b, "FrameDiscard",
                                G_CALLBACK (on_frame_discard), &discards,
                                &error));
  udp_prepare (4000, 5, net.addr_b, FALSE);
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();

  a = vc_stats (net.host_a, VCI);
  b = vc_stats (net.host_b, VCI);
  ck_assert_uint_eq (a.tx_frames, 5);
  ck_assert_uint_eq (a.tx_cells, 5 * cells_of (sdu));
  ck_assert_uint_gt (
      cns_atm_net_device_get_drops (net.sw_b, CNS_ATM_SERVICE_UBR), 0);
  ck_assert_uint_eq (
      b.rx_cells + cns_atm_net_device_get_drops (net.sw_b, CNS_ATM_SERVICE_UBR),
      a.tx_cells);
  ck_assert_uint_gt (b.rx_frames_discarded, 0);
  ck_assert_uint_le (b.rx_frames + b.rx_frames_discarded, a.tx_frames);
  ck_assert_uint_eq (udp.n_got, b.rx_frames);
  ck_assert_uint_eq (discards.n, b.rx_frames_discarded);
  ck_assert_uint_eq (discards.n_crc + discards.n_length, discards.n);
  ck_assert_uint_eq (discards.n_other, 0);
  ck_assert_uint_eq (discards.vci, VCI);
}
END_TEST

/* TCP over the same lossy UBR VC: frames are lost, TCP sends them again,
 * and every byte arrives. */
START_TEST (test_atm_ip_ubr_tcp_loss)
{
  CnsAtmHostVcStats a, b;
  guint64 rx;

  net_lossy_ubr ();
  rx = tcp_transfer (200000, 0, cns_seconds (60));
  ck_assert_uint_eq (rx, 200000);
  a = vc_stats (net.host_a, VCI);
  b = vc_stats (net.host_b, VCI);
  ck_assert_uint_gt (
      cns_atm_net_device_get_drops (net.sw_b, CNS_ATM_SERVICE_UBR), 0);
  /* every data segment (536 bytes) came whole at least once, and the
   * frames lost on the way were sent again */
  ck_assert_uint_ge (b.rx_frames, (200000 + 535) / 536);
  ck_assert_uint_gt (b.rx_frames_discarded, 0);
  ck_assert_uint_le (b.rx_frames + b.rx_frames_discarded, a.tx_frames);
}
END_TEST

/* ---- large segments ---- */

typedef struct
{
  guint n_sent, n_received;
  guint max_sent; /* the longest SDU A sent */
  guint n_fragments;
} Sniffed;

static void
on_sniff (gpointer source, CnsPacket *packet, gpointer user_data)
{
  Sniffed *s = user_data;
  guint8 head[4 + CNS_LLC_SNAP_HEADER_SIZE + IP_HEADER_SIZE];
  guint32 size = cns_packet_get_size (packet);
  guint16 flags_offset;

  ck_assert_uint_ge (size, sizeof head);
  cns_packet_copy_data (packet, 0, head, sizeof head);
  /* bytes 6 and 7 of the IPv4 header: MF and the fragment offset */
  flags_offset = (guint16) ((head[4 + 8 + 6] << 8) | head[4 + 8 + 7]);
  if ((flags_offset & 0x3fff) != 0)
    s->n_fragments++;
  if (head[0] & 0x80)
    {
      s->n_sent++;
      s->max_sent = MAX (s->max_sent, size - 4);
    }
  else
    s->n_received++;
}

/* TCP with 9140-byte segments fills the 9180-byte MTU exactly: no
 * fragments, frames of 9188 bytes, 192 cells; and the ABR source keeps
 * goodput under its PCR. The timestamp option is off: TCP does not take
 * the 12 bytes of options out of SegmentSize, so with it each segment
 * would be a 9192-byte datagram, cut into 9180 + 32. The source hands
 * the socket whole segments: TCP sends each write at once. */
START_TEST (test_atm_ip_tcp_abr_large_segments)
{
  const guint64 bytes = 2000000;
  const guint frame = 9140 + 20 + IP_HEADER_SIZE + CNS_LLC_SNAP_HEADER_SIZE;
  g_autoptr (GError) error = NULL;
  Sniffed sniffed = { 0 };
  CnsAtmHostVcStats a, b;
  gdouble goodput;
  guint64 rx;

  ck_assert_uint_eq (frame, 9188);
  ck_assert_uint_eq (cells_of (frame), 192);
  ck_assert (
      cns_config_set_default ("CnsTcpSocket::SegmentSize", "9140", &error));
  ck_assert (
      cns_config_set_default ("CnsTcpSocket::Timestamp", "false", &error));
  net_build ();
  net_ip_pvc (CNS_ATM_SERVICE_ABR, PCR);
  ck_assert (cns_trace_connect (net.a_dev, "PromiscSniffer",
                                G_CALLBACK (on_sniff), &sniffed, &error));
  rx = tcp_transfer (bytes, 9140, cns_seconds (10));
  ck_assert_uint_eq (rx, bytes);
  a = vc_stats (net.host_a, VCI);
  b = vc_stats (net.host_b, VCI);
  ck_assert_uint_eq (sniffed.n_fragments, 0);
  ck_assert_uint_eq (sniffed.max_sent, frame);
  ck_assert_uint_eq (sniffed.n_sent, a.tx_frames);
  ck_assert_uint_eq (sniffed.n_received, a.rx_frames);
  ck_assert_uint_eq (b.rx_frames, a.tx_frames);
  ck_assert_uint_eq (b.rx_frames_discarded, 0);
  /* whole data segments: at least bytes / 9140 frames of 192 cells */
  ck_assert_uint_ge (a.tx_cells - a.tx_frm, (bytes / 9140) * cells_of (frame));
  goodput = (gdouble) rx * 8 / cns_time_to_seconds (b.last_rx - b.first_rx);
  ck_assert_double_le (goodput, PCR * CNS_ATM_PAYLOAD_SIZE * 8);
  ck_assert_double_gt (goodput, 0.5 * PCR * CNS_ATM_PAYLOAD_SIZE * 8);
}
END_TEST

/* ---- errors ---- */

static void
assert_error (GError **error, const gchar *message)
{
  ck_assert_ptr_nonnull (*error);
  ck_assert_int_eq ((*error)->domain, CNS_ATM_ERROR);
  ck_assert_int_eq ((*error)->code, CNS_ATM_ERROR_INVALID);
  ck_assert_str_eq ((*error)->message, message);
  g_clear_error (error);
}

/* Each refusal of cns_atm_host_add_ip_vc, with its message. */
START_TEST (test_atm_ip_add_vc_errors)
{
  g_autoptr (GError) error = NULL;
  g_autofree gchar *msg = NULL;
  CnsIpv4Address c = cns_ipv4_address_from_string ("10.0.0.3");
  CnsAtmHostVcStats stats;
  guint a_id;
  CnsAbrParams params;

  net_build ();
  a_id = cns_node_get_id (net.a);
  cns_abr_params_init_defaults (&params, PCR);

  ck_assert (!cns_atm_host_add_ip_vc (net.host_a, 40, net.addr_b,
                                      CNS_ATM_SERVICE_CBR, &params, &error));
  msg = g_strdup_printf ("ATM host: node %u: IP over ATM runs on ABR or UBR "
                         "VCs, not on service class %d (VCI 40)",
                         a_id, CNS_ATM_SERVICE_CBR);
  assert_error (&error, msg);
  g_clear_pointer (&msg, g_free);

  ck_assert (!cns_atm_host_add_ip_vc (net.host_a, 40, net.addr_b,
                                      CNS_ATM_SERVICE_ABR, NULL, &error));
  msg = g_strdup_printf ("ATM host: node %u: the ABR IP VC 40 needs ABR "
                         "parameters with a PCR above 0",
                         a_id);
  assert_error (&error, msg);
  g_clear_pointer (&msg, g_free);

  ck_assert (!cns_atm_host_add_ip_vc (net.host_a, 40, cns_ipv4_address_any (),
                                      CNS_ATM_SERVICE_UBR, NULL, &error));
  msg = g_strdup_printf ("ATM host: node %u: neighbour 0.0.0.0 is not an "
                         "address",
                         a_id);
  assert_error (&error, msg);
  g_clear_pointer (&msg, g_free);

  /* nothing was kept of the refused VCs */
  ck_assert (!cns_atm_host_get_vc_stats (net.host_a, 40, &stats));
  ck_assert (cns_atm_host_add_ip_vc (net.host_a, 40, net.addr_b,
                                     CNS_ATM_SERVICE_UBR, NULL, &error));
  g_assert_no_error (error);

  ck_assert (!cns_atm_host_add_ip_vc (net.host_a, 41, net.addr_b,
                                      CNS_ATM_SERVICE_UBR, NULL, &error));
  msg = g_strdup_printf ("ATM host: node %u: neighbour 10.0.0.2 already has "
                         "a VC",
                         a_id);
  assert_error (&error, msg);
  g_clear_pointer (&msg, g_free);

  ck_assert (!cns_atm_host_add_ip_vc (net.host_a, 40, c, CNS_ATM_SERVICE_ABR,
                                      &params, &error));
  msg = g_strdup_printf ("ATM host: VCI 40 of node %u already has a source",
                         a_id);
  assert_error (&error, msg);
  g_clear_pointer (&msg, g_free);

  /* a greedy source's VCI is taken too */
  ck_assert (cns_atm_host_add_abr_source (net.host_a, 42, &params, &error));
  ck_assert (!cns_atm_host_add_ip_vc (net.host_a, 42, c, CNS_ATM_SERVICE_UBR,
                                      NULL, &error));
  msg = g_strdup_printf ("ATM host: VCI 42 of node %u already has a source",
                         a_id);
  assert_error (&error, msg);
  g_clear_pointer (&msg, g_free);
  /* and the refused neighbour is still free */
  ck_assert (cns_atm_host_add_ip_vc (net.host_a, 43, c, CNS_ATM_SERVICE_UBR,
                                     NULL, &error));
  g_assert_no_error (error);
}
END_TEST

/* A host without IPv4 on its port can have no IP VC. */
START_TEST (test_atm_ip_no_internet_stack)
{
  g_autoptr (GError) error = NULL;
  g_autofree gchar *msg = NULL;
  CnsNode *path[3];

  net_build_full (FALSE);
  path[0] = net.a;
  path[1] = net.sw;
  path[2] = net.b;
  ck_assert (!cns_atm_helper_setup_ip_pvc (helper, path, 3, CNS_ATM_SERVICE_UBR,
                                           NULL, NULL, NULL, &error));
  msg = g_strdup_printf ("ATM IP PVC: node %u has no IPv4 address on its ATM "
                         "port",
                         cns_node_get_id (net.a));
  assert_error (&error, msg);
  g_clear_pointer (&msg, g_free);

  ck_assert (!cns_atm_host_add_ip_vc (net.host_a, 40, net.addr_b,
                                      CNS_ATM_SERVICE_UBR, NULL, &error));
  msg = g_strdup_printf ("ATM host: node %u has no IPv4 interface on its ATM "
                         "port: install the internet stack and assign it an "
                         "address before adding IP VCs",
                         cns_node_get_id (net.a));
  assert_error (&error, msg);
}
END_TEST

/* A next hop on the port's subnet without a VC: IPv4 drops the datagram,
 * for want of a neighbour. */
START_TEST (test_atm_ip_no_vc_for_next_hop)
{
  g_autoptr (GError) error = NULL;
  CnsIpv4L3Protocol *ipv4;
  Drops drops = { 0 };
  CnsAtmHostVcStats a;

  net_build ();
  net_ip_pvc (CNS_ATM_SERVICE_ABR, PCR);
  ipv4 = cns_object_get (net.a, CNS_TYPE_IPV4_L3_PROTOCOL);
  ck_assert (cns_trace_connect (ipv4, "Drop", G_CALLBACK (on_ipv4_drop), &drops,
                                &error));
  udp_prepare (100, 1, cns_ipv4_address_from_string ("10.0.0.3"), FALSE);
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();

  ck_assert_uint_eq (drops.n, 1);
  ck_assert_int_eq (drops.reason, CNS_IPV4_DROP_NO_NEIGHBOUR);
  a = vc_stats (net.host_a, VCI);
  ck_assert_uint_eq (a.tx_frames, 0);
  ck_assert_uint_eq (a.tx_cells, 0);
  ck_assert_uint_eq (udp.n_got, 0);
}
END_TEST

/* ---- pcap ---- */

/* A's port captured to a SunATM pcap: the datagram going out, LLC on VCI
 * 32, and its echo coming back. */
START_TEST (test_atm_ip_pcap)
{
  static const guint8 llc_ipv4[]
      = { 0xaa, 0xaa, 0x03, 0x00, 0x00, 0x00, 0x08, 0x00 };
  const guint sdu
      = 1000 + UDP_HEADER_SIZE + IP_HEADER_SIZE + CNS_LLC_SNAP_HEADER_SIZE;
  g_autofree gchar *dir = cns_test_make_tmp_dir ("atm-ip-pcap");
  g_autofree gchar *prefix = g_build_filename (dir, "atm", NULL);
  g_autofree gchar *path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GByteArray) data = g_byte_array_new ();
  CnsAtmHostVcStats a;
  CnsPcapFile *file;
  CnsTime t[2];
  guint32 original;

  net_build ();
  net_ip_pvc (CNS_ATM_SERVICE_ABR, PCR);
  path = cns_pcap_helper_filename (prefix, CNS_NET_DEVICE (net.a_dev));
  ck_assert (cns_pcap_helper_enable (prefix, CNS_NET_DEVICE (net.a_dev),
                                     CNS_PCAP_LINKTYPE_SUNATM, &error));
  g_assert_no_error (error);
  udp_prepare (1000, 1, net.addr_b, TRUE);
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();
  ck_assert_uint_eq (udp.n_got, 1);
  ck_assert_uint_eq (udp.n_back, 1);
  a = vc_stats (net.host_a, VCI);
  ck_assert_uint_eq (a.tx_frames, 1);
  ck_assert_uint_eq (a.rx_frames, 1);
  cns_simulator_destroy (); /* closes the file */

  file = cns_pcap_file_open (path, &error);
  g_assert_no_error (error);
  ck_assert_ptr_nonnull (file);
  ck_assert_uint_eq (cns_pcap_file_get_link_type (file), 123);

  ck_assert (cns_pcap_file_read (file, &t[0], data, &original, &error));
  ck_assert_uint_eq (data->len, 4 + sdu);
  ck_assert_uint_eq (original, 4 + sdu);
  ck_assert_uint_eq (data->data[0], 0x82); /* sent, LLC */
  ck_assert_uint_eq (data->data[1], 0);    /* VPI */
  ck_assert_uint_eq ((data->data[2] << 8) | data->data[3], VCI);
  ck_assert_mem_eq (data->data + 4, llc_ipv4, sizeof llc_ipv4);
  ck_assert_uint_eq (data->data[12], 0x45);
  ck_assert_uint_eq (data->data[12 + 9], 17); /* UDP */
  ck_assert_mem_eq (data->data + 4 + sdu - 1000, udp.sent->data, 1000);

  ck_assert (cns_pcap_file_read (file, &t[1], data, &original, &error));
  ck_assert_uint_eq (data->len, 4 + sdu);
  ck_assert_uint_eq (data->data[0], 0x02); /* received, LLC */
  ck_assert_uint_eq (data->data[1], 0);
  ck_assert_uint_eq ((data->data[2] << 8) | data->data[3], VCI);
  ck_assert_mem_eq (data->data + 4, llc_ipv4, sizeof llc_ipv4);
  ck_assert_uint_eq (data->data[12], 0x45);
  ck_assert_mem_eq (data->data + 4 + sdu - 1000, udp.sent->data, 1000);
  ck_assert_int_lt (t[0], t[1]);

  ck_assert (!cns_pcap_file_read (file, NULL, data, NULL, &error));
  g_assert_no_error (error);
  ck_assert (cns_pcap_file_close (file, &error));
  cns_test_remove_tmp_dir (&dir);
}
END_TEST

/* ---- frame discard in the switch ---- */

#define FD_DATAGRAM 4000 /* UDP payload of each of the five datagrams */

/* What B and the switch saw of five 4000-byte datagrams sent at once over
 * the lossy UBR VC, its queue @limit cells long. */
typedef struct
{
  CnsAtmHostVcStats b;
  CnsAtmSwitchFrameStats sw;
  guint64 queue_drops; /* cells the full queue dropped */
  guint useless;       /* cells B got in frames it discarded */
} FrameRun;

static guint
fd_cells (void)
{
  return cells_of (FD_DATAGRAM + UDP_HEADER_SIZE + IP_HEADER_SIZE
                   + CNS_LLC_SNAP_HEADER_SIZE);
}

static FrameRun
frame_discard_run (CnsAtmFrameDiscard mode, guint threshold, guint limit,
                   gboolean aal5)
{
  g_autoptr (GError) error = NULL;
  CnsAtmSwitch *sw;
  FrameRun run;

  net_lossy_ubr ();
  sw = cns_object_get (net.sw, CNS_TYPE_ATM_SWITCH);
  g_object_set (net.sw_b, "ubr-queue-limit", limit, NULL);
  g_object_set (sw, "frame-discard", mode, "epd-threshold", threshold, NULL);
  if (!aal5)
    ck_assert (cns_atm_switch_set_vc_aal5 (sw, 0, VCI, FALSE, &error));
  g_assert_no_error (error);
  udp_prepare (FD_DATAGRAM, 5, net.addr_b, FALSE);
  cns_simulator_stop_at (cns_seconds (1));
  cns_simulator_run ();

  run.b = vc_stats (net.host_b, VCI);
  cns_atm_switch_get_frame_stats (sw, &run.sw);
  run.queue_drops
      = cns_atm_net_device_get_drops (net.sw_b, CNS_ATM_SERVICE_UBR);
  run.useless = (guint) run.b.rx_cells - (guint) run.b.rx_frames * fd_cells ();
  ck_assert_uint_eq (udp.n_got, run.b.rx_frames);
  ck_assert_uint_eq (run.b.rx_cells + run.queue_drops + run.sw.cells,
                     5 * fd_cells ());
  return run;
}

/* The switch's frame discard settings and their defaults. */
START_TEST (test_atm_ip_frame_discard_properties)
{
  g_autoptr (CnsAtmSwitch) sw = cns_atm_switch_new ();
  g_autoptr (GError) error = NULL;
  CnsAtmFrameDiscard mode = 99;
  CnsAtmSwitchFrameStats stats = { 1, 1, 1 };
  guint threshold = 0;

  g_object_get (sw, "frame-discard", &mode, "epd-threshold", &threshold, NULL);
  ck_assert_int_eq (mode, CNS_ATM_FRAME_DISCARD_NONE);
  ck_assert_uint_eq (threshold, 1000);
  ck_assert (cns_attribute_set (sw, "FrameDiscard", "early", &error));
  g_assert_no_error (error);
  g_object_get (sw, "frame-discard", &mode, NULL);
  ck_assert_int_eq (mode, CNS_ATM_FRAME_DISCARD_EARLY);
  ck_assert (!cns_attribute_set (sw, "FrameDiscard", "sometimes", &error));
  ck_assert_ptr_nonnull (error);
  ck_assert_ptr_nonnull (strstr (error->message, "sometimes"));
  g_clear_error (&error);
  cns_atm_switch_get_frame_stats (sw, &stats);
  ck_assert_uint_eq (stats.early_frames + stats.partial_frames + stats.cells,
                     0);

  ck_assert (!cns_atm_switch_set_vc_aal5 (sw, 3, 40, TRUE, &error));
  ck_assert_str_eq (error->message, "ATM switch: no VC with VCI 40 on port 3");
}
END_TEST

/* Without frame discard a 60-cell queue ruins every frame after the
 * first: each loses cells, some their last, so B sees them merged, and B
 * still receives 187 cells it can only throw away. */
START_TEST (test_atm_ip_frame_discard_none)
{
  FrameRun run = frame_discard_run (CNS_ATM_FRAME_DISCARD_NONE, 30, 60, TRUE);

  ck_assert_uint_eq (run.b.rx_frames, 1);
  ck_assert_uint_eq (run.b.rx_frames_discarded, 2);
  ck_assert_uint_eq (run.queue_drops, 153);
  ck_assert_uint_eq (run.useless, 187);
  ck_assert_uint_eq (run.sw.early_frames + run.sw.partial_frames, 0);
  ck_assert_uint_eq (run.sw.cells, 0);
}
END_TEST

/* Partial packet discard: the first cell the full queue drops condemns
 * its frame; the switch drops the rest but the last, so B sees each of
 * the four damaged frames end where it did, and fewer wasted cells. */
START_TEST (test_atm_ip_frame_discard_partial)
{
  FrameRun run
      = frame_discard_run (CNS_ATM_FRAME_DISCARD_PARTIAL, 30, 60, TRUE);

  ck_assert_uint_eq (run.b.rx_frames, 1);
  ck_assert_uint_eq (run.b.rx_frames_discarded, 4);
  ck_assert_uint_eq (run.sw.partial_frames, 4);
  ck_assert_uint_eq (run.sw.early_frames, 0);
  ck_assert_uint_eq (run.queue_drops, 4); /* one per damaged frame */
  ck_assert_uint_eq (run.sw.cells, 166);
  ck_assert_uint_eq (run.useless, 170);
}
END_TEST

/* Early packet discard at 30 cells: a frame fills the queue by about
 * 42 cells (cells come twice as fast as they leave), so frames 2 and 4
 * start above the threshold and go whole, while 1, 3 and 5 find an empty
 * queue and arrive intact: no cell is lost to a full queue. */
START_TEST (test_atm_ip_frame_discard_early)
{
  FrameRun run = frame_discard_run (CNS_ATM_FRAME_DISCARD_EARLY, 30, 60, TRUE);
  const guint size = FD_DATAGRAM;
  g_autoptr (GByteArray) expected = g_byte_array_new ();

  ck_assert_uint_eq (run.b.rx_frames, 3);
  ck_assert_uint_eq (run.b.rx_frames_discarded, 0);
  ck_assert_uint_eq (run.sw.early_frames, 2);
  ck_assert_uint_eq (run.sw.partial_frames, 0);
  ck_assert_uint_eq (run.sw.cells, 2 * fd_cells ());
  ck_assert_uint_eq (run.queue_drops, 0);
  ck_assert_uint_eq (run.useless, 0);
  ck_assert_uint_eq (
      cns_atm_net_device_get_max_queue_length (net.sw_b, CNS_ATM_SERVICE_UBR),
      43);
  for (guint i = 0; i < 5; i += 2)
    g_byte_array_append (expected, udp.sent->data + i * size, size);
  ck_assert_uint_eq (udp.got->len, expected->len);
  ck_assert_mem_eq (udp.got->data, expected->data, expected->len);
}
END_TEST

/* With a 20-cell queue even the first frame overflows it before the
 * next starts: early discard never triggers and partial discard cuts
 * every frame. */
START_TEST (test_atm_ip_frame_discard_early_falls_back_to_partial)
{
  FrameRun run = frame_discard_run (CNS_ATM_FRAME_DISCARD_EARLY, 10, 20, TRUE);

  ck_assert_uint_eq (run.b.rx_frames, 0);
  ck_assert_uint_eq (run.b.rx_frames_discarded, 5);
  ck_assert_uint_eq (run.sw.early_frames, 0);
  ck_assert_uint_eq (run.sw.partial_frames, 5);
  ck_assert_uint_eq (run.queue_drops, 5);
}
END_TEST

/* A VC not marked as AAL5 loses single cells whatever the mode: the
 * same run as without frame discard. */
START_TEST (test_atm_ip_frame_discard_needs_aal5_vc)
{
  FrameRun run = frame_discard_run (CNS_ATM_FRAME_DISCARD_EARLY, 30, 60, FALSE);

  ck_assert_uint_eq (run.b.rx_frames, 1);
  ck_assert_uint_eq (run.b.rx_frames_discarded, 2);
  ck_assert_uint_eq (run.queue_drops, 153);
  ck_assert_uint_eq (run.sw.early_frames + run.sw.partial_frames, 0);
  ck_assert_uint_eq (run.sw.cells, 0);
}
END_TEST

/* TCP with 2144-byte segments (46 cells) over the lossy UBR VC with an
 * 80-cell queue, for 2 s: every lost cell costs a segment, so cutting
 * damaged frames short helps, and dropping whole frames before the queue
 * overflows helps more (Romanow and Floyd's result). Early discard at 40
 * cells never lets the queue fill, so B discards no frame. */
START_TEST (test_atm_ip_frame_discard_tcp)
{
  guint64 rx[3];
  CnsAtmHostVcStats b;

  for (guint mode = CNS_ATM_FRAME_DISCARD_NONE;
       mode <= CNS_ATM_FRAME_DISCARD_EARLY; mode++)
    {
      /* net_clear() resets the defaults */
      ck_assert (
          cns_config_set_default ("CnsTcpSocket::SegmentSize", "2144", NULL));
      net_lossy_ubr ();
      g_object_set (net.sw_b, "ubr-queue-limit", 80, NULL);
      g_object_set (cns_object_get (net.sw, CNS_TYPE_ATM_SWITCH),
                    "frame-discard", mode, "epd-threshold", 40, NULL);
      rx[mode] = tcp_transfer (100000000, 0, cns_seconds (2));
      b = vc_stats (net.host_b, VCI);
      if (mode == CNS_ATM_FRAME_DISCARD_EARLY)
        {
          ck_assert_uint_eq (b.rx_frames_discarded, 0);
          ck_assert_uint_eq (
              cns_atm_net_device_get_drops (net.sw_b, CNS_ATM_SERVICE_UBR), 0);
        }
      else
        ck_assert_uint_gt (b.rx_frames_discarded, 0);
      net_clear ();
      g_clear_object (&helper); /* its VCI counters name the old links */
      helper = cns_atm_helper_new ();
    }
  ck_assert_uint_gt (rx[CNS_ATM_FRAME_DISCARD_PARTIAL],
                     5 * rx[CNS_ATM_FRAME_DISCARD_NONE]);
  ck_assert_uint_gt (rx[CNS_ATM_FRAME_DISCARD_EARLY],
                     rx[CNS_ATM_FRAME_DISCARD_PARTIAL]);
}
END_TEST

Suite *
test_atm_ip_suite (void)
{
  Suite *s = suite_create ("atm-ip");
  TCase *tc = tcase_create ("ip");

  tcase_add_checked_fixture (tc, ip_setup, ip_teardown);
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_atm_ip_tcp_abr);
  tcase_add_test (tc, test_atm_ip_udp_abr);
  tcase_add_test (tc, test_atm_ip_processing_delay);
  tcase_add_test (tc, test_atm_ip_null_encapsulation);
  tcase_add_test (tc, test_atm_ip_null_encapsulation_saves_a_cell);
  tcase_add_test (tc, test_atm_ip_llc_to_null);
  tcase_add_test (tc, test_atm_ip_null_to_llc);
  tcase_add_test (tc, test_atm_ip_frame_discard_closure);
  tcase_add_test (tc, test_atm_ip_ubr_cell_loss);
  tcase_add_test (tc, test_atm_ip_ubr_tcp_loss);
  tcase_add_test (tc, test_atm_ip_tcp_abr_large_segments);
  tcase_add_test (tc, test_atm_ip_add_vc_errors);
  tcase_add_test (tc, test_atm_ip_no_internet_stack);
  tcase_add_test (tc, test_atm_ip_no_vc_for_next_hop);
  tcase_add_test (tc, test_atm_ip_pcap);
  suite_add_tcase (s, tc);

  tc = tcase_create ("frame-discard");
  tcase_add_checked_fixture (tc, ip_setup, ip_teardown);
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_atm_ip_frame_discard_properties);
  tcase_add_test (tc, test_atm_ip_frame_discard_none);
  tcase_add_test (tc, test_atm_ip_frame_discard_partial);
  tcase_add_test (tc, test_atm_ip_frame_discard_early);
  tcase_add_test (tc, test_atm_ip_frame_discard_early_falls_back_to_partial);
  tcase_add_test (tc, test_atm_ip_frame_discard_needs_aal5_vc);
  tcase_add_test (tc, test_atm_ip_frame_discard_tcp);
  suite_add_tcase (s, tc);
  return s;
}
