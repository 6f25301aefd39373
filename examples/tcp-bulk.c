/* cns — one TCP bulk transfer through a drop-tail bottleneck.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The classic single-flow experiment: how well does one TCP connection
 * fill a bottleneck whose queue holds one bandwidth-delay product?
 *
 *   sender --- 100Mbps/1ms --- router --- 10Mbps/20ms --- receiver
 *  10.1.1.1               10.1.1.2  10.1.2.1               10.1.2.2
 *
 * A bulk sender on the sender (CnsBulkSendApplication, --maxBytes bytes,
 * no limit by default) keeps its socket's buffer full towards a TCP
 * packet sink on the receiver, port 5001, from 0 s to --simTime. The
 * router's queue into the bottleneck is drop-tail, as many packets as one
 * bandwidth-delay product: 10 Mb/s times the round-trip time of an empty
 * path (the propagation delays both ways plus the transmission of a full
 * data packet and of an ACK on every link) over the size of a full data
 * packet on the wire (segment, TCP header with the timestamp option when
 * it is on, IPv4 and PPP headers). The program computes and prints it.
 *
 *   ./waf --run tcp-bulk
 *   ./waf --run "tcp-bulk --congestionControl=Cubic --plot=plots"
 *   ./waf --run "tcp-bulk --errorRate=0.001 --pcap=bulk --simTime=10s"
 *
 * --segmentSize sets CnsTcpSocket::SegmentSize. The socket's own default
 * is 536 bytes (RFC 9293's default MSS); this example uses 1448, what a
 * Linux host sends on a 1500-byte MTU with timestamps, and refuses sizes
 * whose packets would not fit the MTU. --congestionControl sets
 * CnsTcpSocket::CongestionControl. --errorRate puts a CnsRateErrorModel
 * on the receiver's bottleneck device that drops that fraction of the
 * packets arriving there (per packet, whatever their size): losses that
 * are not congestion.
 *
 * WHAT IT PRINTS. The bytes the sink received and the goodput: those
 * bytes over the transfer time, from the application's start (the SYN)
 * to the arrival of the last byte, which is what a user timing a
 * download measures. Then the sender's retransmitted segments (SYNs
 * included; cns_tcp_socket_get_retransmissions()), the packets dropped
 * by the queues and by the error model, and "Goodput: X Mbps" last.
 * --json prints one JSON line instead; --fingerprint adds a SHA-256 of
 * the events every node ran, the same on any number of threads.
 *
 * --cwndFile (tcp-bulk-cwnd.dat) gets the sender's congestion window,
 * "time_s cwnd_bytes" per change, from the socket's CongestionWindow
 * trace; the first line is the window when the socket appeared (0 until
 * the connection is up). The socket exists only once the application
 * has started, so a hook that runs at the start time, after the
 * application's start event, connects the trace. --plot=DIR writes the
 * window and a gnuplot script there and runs gnuplot. --pcap=PREFIX captures
 * both ends of the bottleneck: PREFIX-1-1.pcap (the router: every segment it
 * sends, before the error model, and the ACKs) and PREFIX-2-0.pcap (the
 * receiver: what survived).
 *
 * Everything is deterministic: the same options (and --RngRun) give the
 * same output, byte for byte.
 */
#include "applications/cns-applications.h"
#include "internet/cns-internet.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SINK_PORT 5001

/* the links, as attributes and as numbers for the BDP */
#define ACCESS_RATE         "100Mbps"
#define ACCESS_RATE_BPS     100e6
#define ACCESS_DELAY        "1ms"
#define ACCESS_DELAY_S      0.001
#define BOTTLENECK_RATE     "10Mbps"
#define BOTTLENECK_RATE_BPS 10e6
#define BOTTLENECK_DELAY    "20ms"
#define BOTTLENECK_DELAY_S  0.020
#define MTU                 1500 /* the point-to-point devices' default */

#define PPP_HEADER_SIZE    2
#define TCP_TIMESTAMP_SIZE 12 /* NOP, NOP, and the 10-byte option */

#define DEFAULT_SEGMENT_SIZE 1448
#define DEFAULT_CWND_FILE    "tcp-bulk-cwnd.dat"

/* ---- options ---- */

typedef struct
{
  CnsTime sim_time;
  guint64 max_bytes; /* 0: no limit */
  guint segment_size;
  CnsTcpCongestionControl congestion_control;
  gdouble error_rate;
  gchar *cwnd_file;
  gchar *plot; /* a directory; NULL for none */
  gchar *pcap; /* a file prefix; NULL for none */
  gboolean json;
  gboolean fingerprint;
} Options;

static void
options_clear (Options *o)
{
  g_clear_pointer (&o->cwnd_file, g_free);
  g_clear_pointer (&o->plot, g_free);
  g_clear_pointer (&o->pcap, g_free);
}

static const gchar *
congestion_control_name (CnsTcpCongestionControl cc)
{
  g_autoptr (GEnumClass) klass
      = g_type_class_ref (CNS_TYPE_TCP_CONGESTION_CONTROL);

  return g_enum_get_value (klass, cc)->value_nick; /* static strings */
}

static gboolean
parse_congestion_control (const gchar *name, const gchar *text,
                          gpointer user_data, GError **error)
{
  g_autoptr (GEnumClass) klass
      = g_type_class_ref (CNS_TYPE_TCP_CONGESTION_CONTROL);
  GEnumValue *value = g_enum_get_value_by_nick (klass, text);

  if (value == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "'%s': expected Reno, NewReno or Cubic", text);
      return FALSE;
    }
  *(CnsTcpCongestionControl *) user_data = value->value;
  return TRUE;
}

static int
bad_option (const gchar *option, const gchar *expected)
{
  fprintf (stderr, "tcp-bulk: --%s: expected %s\n", option, expected);
  return 2;
}

/* Whether data segments carry the timestamp option: the
 * CnsTcpSocket::Timestamp default, which --CnsTcpSocket::Timestamp=false
 * changes. */
static gboolean
tcp_timestamps_on (void)
{
  GObjectClass *klass = g_type_class_ref (CNS_TYPE_TCP_SOCKET);
  GParamSpec *pspec = g_object_class_find_property (klass, "timestamp");
  GValue value = G_VALUE_INIT;
  gboolean on = G_PARAM_SPEC_BOOLEAN (pspec)->default_value;

  if (cns_config_get_default (CNS_TYPE_TCP_SOCKET, pspec, &value))
    {
      on = g_value_get_boolean (&value);
      g_value_unset (&value);
    }
  g_type_class_unref (klass);
  return on;
}

/* The IPv4 packet of a full data segment: what must fit the MTU. */
static guint
ip_packet_size (guint segment_size)
{
  return segment_size + CNS_TCP_HEADER_SIZE
         + (tcp_timestamps_on () ? TCP_TIMESTAMP_SIZE : 0)
         + CNS_IPV4_HEADER_SIZE;
}

/* Returns: 0, or the exit status for a value out of range. */
static int
check_options (const Options *o)
{
  guint max_segment = MTU - ip_packet_size (0);

  if (o->sim_time <= 0)
    return bad_option ("simTime", "a time after 0 s");
  if (o->segment_size < 1 || o->segment_size > max_segment)
    {
      g_autofree gchar *expected = g_strdup_printf (
          "1 to %u bytes (a %u-byte MTU less the IPv4 and TCP headers)",
          max_segment, MTU);

      return bad_option ("segmentSize", expected);
    }
  if (!(o->error_rate >= 0 && o->error_rate < 1))
    return bad_option ("errorRate",
                       "a fraction of packets from 0 up to, not including, 1");
  if (o->cwnd_file == NULL || o->cwnd_file[0] == '\0')
    return bad_option ("cwndFile", "a file name");
  return 0;
}

/* The files the run writes at its end, tried before anything is built.
 *
 * Returns: 0, or 1 for a path that cannot be written. */
static int
check_outputs (const Options *o)
{
  g_autoptr (GError) error = NULL;
  const gchar *option = "cwndFile";

  if (cns_output_check_file (o->cwnd_file, &error)
      && (o->plot == NULL
          || (option = "plot", cns_output_check_directory (o->plot, &error))))
    return 0;
  fprintf (stderr, "tcp-bulk: --%s: %s\n", option, error->message);
  return 1;
}

/* ---- what the traces measure ---- */

typedef struct
{
  CnsTime time;
  guint32 cwnd;
} CwndSample;

/* The trace callbacks add to this, each field from the events of one
 * node (the sender's socket, the sink, the receiver's device): on
 * --threads, nodes run on different threads, but no two write one
 * field. */
static struct
{
  CnsBulkSendApplication *app;
  GArray *cwnd; /* CwndSample */
  guint64 rx_bytes;
  CnsTime first_rx, last_rx;
  guint64 error_drops;
} stats;

static void
on_cwnd (gpointer source, guint32 old_value, guint32 new_value,
         gpointer user_data)
{
  CwndSample s = { cns_simulator_now (), new_value };

  g_array_append_val (stats.cwnd, s);
}

/* Connects the CongestionWindow trace once the application has made its
 * socket. Scheduled at the application's start time before the nodes
 * start, it runs before the application's start event: it then looks
 * again at the same time, from the sender's context, which runs after
 * the events that context made before (the start among them). */
static void
hook_cwnd (gpointer obj, gpointer data)
{
  CnsSocket *socket = cns_bulk_send_application_get_socket (stats.app);
  guint tries = GPOINTER_TO_UINT (data);
  g_autoptr (GError) error = NULL;
  CwndSample s;

  if (socket == NULL)
    {
      if (tries < 8)
        cns_simulator_schedule (CNS_TIME_ZERO, hook_cwnd, NULL,
                                GUINT_TO_POINTER (tries + 1));
      else
        g_warning ("the bulk sender made no socket: no congestion window");
      return;
    }
  if (!CNS_IS_TCP_SOCKET (socket)
      || cns_trace_connect (socket, "CongestionWindow", G_CALLBACK (on_cwnd),
                            NULL, &error)
             == 0)
    {
      g_warning ("cannot trace the congestion window: %s",
                 error != NULL ? error->message : "not a TCP socket");
      return;
    }
  s = (CwndSample){ cns_simulator_now (),
                    cns_tcp_socket_get_cwnd (CNS_TCP_SOCKET (socket)) };
  g_array_append_val (stats.cwnd, s);
}

/* Rx of the sink. */
static void
on_sink_rx (gpointer source, CnsPacket *packet, const CnsAddress *from,
            gpointer user_data)
{
  CnsTime now = cns_simulator_now ();

  if (stats.rx_bytes == 0)
    stats.first_rx = now;
  stats.last_rx = now;
  stats.rx_bytes += cns_packet_get_size (packet);
}

/* PhyRxDrop of the receiver's bottleneck device: the error model. */
static void
on_error_drop (gpointer source, CnsPacket *packet, gpointer user_data)
{
  stats.error_drops++;
}

/* ---- set-up ---- */

static void
die (const gchar *what, GError *error)
{
  fprintf (stderr, "tcp-bulk: %s: %s\n", what, error->message);
  exit (1);
}

static gboolean
make_link_helper (CnsPointToPointHelper **out, const gchar *rate,
                  const gchar *delay, GError **error)
{
  *out = cns_point_to_point_helper_new ();
  return cns_point_to_point_helper_set_device_attribute (*out, "DataRate", rate,
                                                         error)
         && cns_point_to_point_helper_set_channel_attribute (*out, "Delay",
                                                             delay, error);
}

/* The round-trip time of the empty path, in seconds: propagation both
 * ways, a full data packet of @wire bytes sent over each link one way and
 * an ACK (headers only) the other. */
static gdouble
base_rtt (guint wire, guint ack_wire)
{
  return 2 * (ACCESS_DELAY_S + BOTTLENECK_DELAY_S)
         + (wire + ack_wire) * 8.0 / ACCESS_RATE_BPS
         + (wire + ack_wire) * 8.0 / BOTTLENECK_RATE_BPS;
}

/* Every point-to-point device's queue drops. */
static guint64
count_queue_drops (void)
{
  guint64 drops = 0;

  for (guint32 n = 0; n < cns_node_list_get_n_nodes (); n++)
    {
      CnsNode *node = cns_node_list_get_node (n);

      for (guint32 d = 0; d < cns_node_get_n_devices (node); d++)
        {
          CnsNetDevice *device = cns_node_get_device (node, d);

          if (CNS_IS_POINT_TO_POINT_NET_DEVICE (device))
            drops += cns_queue_get_total_dropped_packets (
                cns_point_to_point_net_device_get_queue (
                    CNS_POINT_TO_POINT_NET_DEVICE (device)));
        }
    }
  return drops;
}

/* ---- report ---- */

typedef struct
{
  guint queue_packets;
  guint wire_size; /* a full data packet on the wire */
  gdouble rtt_s;
  guint64 tx_bytes; /* handed to the socket */
  guint32 retransmissions;
  guint64 queue_drops;
  gdouble transfer_s;
  gdouble goodput_mbps;
  gchar *fingerprint; /* with --fingerprint */
} Summary;

/* "1234567" -> "1,234,567" */
static const gchar *
thousands (guint64 v, gchar buf[32])
{
  gchar digits[24];
  gint n = g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, v);
  gint o = 0;

  for (gint i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        buf[o++] = ',';
      buf[o++] = digits[i];
    }
  buf[o] = '\0';
  return buf;
}

static void
print_table (const Options *o, const Summary *s)
{
  gchar a[32], b[32];

  printf ("tcp-bulk: one %s flow, 10 Mb/s / 20 ms bottleneck, %g s, "
          "seed %u run %" G_GUINT64_FORMAT "\n\n",
          congestion_control_name (o->congestion_control),
          cns_time_to_seconds (o->sim_time), cns_rng_seed_manager_get_seed (),
          cns_rng_seed_manager_get_run ());
  printf ("  queue      %u packets, drop-tail: one BDP, 10 Mb/s x %.3f ms "
          "/ %s bytes\n",
          s->queue_packets, s->rtt_s * 1e3, thousands (s->wire_size, a));
  printf ("  segments   %s bytes of data, %s bytes on the wire\n",
          thousands (o->segment_size, a), thousands (s->wire_size, b));
  printf ("  sent       %s bytes to the socket%s\n", thousands (s->tx_bytes, a),
          o->max_bytes > 0 ? " (maxBytes)" : "");
  printf ("  received   %s bytes in %.6f s, from the start to the last "
          "byte\n",
          thousands (stats.rx_bytes, a), s->transfer_s);
  printf ("  resent     %u segments (retransmissions, SYNs included)\n",
          s->retransmissions);
  printf ("  dropped    %s packets in queues, %s by the error model "
          "(rate %g)\n",
          thousands (s->queue_drops, a), thousands (stats.error_drops, b),
          o->error_rate);
  printf ("  cwnd       %u samples in %s\n", stats.cwnd->len, o->cwnd_file);
  if (s->fingerprint != NULL)
    printf ("  events     fingerprint %s\n", s->fingerprint);
  printf ("Goodput: %.2f Mbps\n", s->goodput_mbps);
}

static void
print_json (const Options *o, const Summary *s)
{
  printf ("{\"congestion_control\":\"%s\",\"segment_size\":%u,"
          "\"wire_size\":%u,\"queue_packets\":%u,\"base_rtt_s\":%.9f,"
          "\"sim_time_s\":%.9g,\"max_bytes\":%" G_GUINT64_FORMAT
          ",\"error_rate\":%.9g,\"seed\":%u,\"run\":%" G_GUINT64_FORMAT
          ",\"tx_bytes\":%" G_GUINT64_FORMAT ",\"rx_bytes\":%" G_GUINT64_FORMAT
          ",\"first_rx_s\":%.9f,\"last_rx_s\":%.9f,\"transfer_s\":%.9f,"
          "\"goodput_mbps\":%.6f,\"retransmissions\":%u,"
          "\"queue_drops\":%" G_GUINT64_FORMAT
          ",\"error_drops\":%" G_GUINT64_FORMAT ",\"cwnd_samples\":%u%s%s%s}\n",
          congestion_control_name (o->congestion_control), o->segment_size,
          s->wire_size, s->queue_packets, s->rtt_s,
          cns_time_to_seconds (o->sim_time), o->max_bytes, o->error_rate,
          cns_rng_seed_manager_get_seed (), cns_rng_seed_manager_get_run (),
          s->tx_bytes, stats.rx_bytes, cns_time_to_seconds (stats.first_rx),
          cns_time_to_seconds (stats.last_rx), s->transfer_s, s->goodput_mbps,
          s->retransmissions, s->queue_drops, stats.error_drops,
          stats.cwnd->len, s->fingerprint != NULL ? ",\"fingerprint\":\"" : "",
          s->fingerprint != NULL ? s->fingerprint : "",
          s->fingerprint != NULL ? "\"" : "");
}

/* "time_s cwnd_bytes" lines, after two comment lines. */
static GString *
format_cwnd (const Options *o)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out,
                          "# tcp-bulk: the sender's congestion window (%s)\n"
                          "# time_s cwnd_bytes\n",
                          congestion_control_name (o->congestion_control));
  for (guint i = 0; i < stats.cwnd->len; i++)
    {
      const CwndSample *s = &g_array_index (stats.cwnd, CwndSample, i);

      g_string_append_printf (out, "%.9f %u\n", cns_time_to_seconds (s->time),
                              s->cwnd);
    }
  return out;
}

static gboolean
write_plot (const Options *o, const Summary *s, const GString *cwnd,
            GError **error)
{
  g_autofree gchar *data_path = g_build_filename (o->plot, "cwnd.dat", NULL);
  g_autofree gchar *script_path
      = g_build_filename (o->plot, "tcp-bulk.gp", NULL);
  g_autofree gchar *script = NULL;
  g_autofree gchar *gnuplot = NULL;
  const gchar *argv[3] = { NULL, "tcp-bulk.gp", NULL };
  g_autofree gchar *err = NULL;
  gint status;

  if (g_mkdir_with_parents (o->plot, 0755) != 0)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
                   "cannot make directory %s: %s", o->plot, g_strerror (errno));
      return FALSE;
    }
  /* guides at one BDP and at BDP + queue, in bytes of data */
  script = g_strdup_printf (
      "# tcp-bulk plot: gnuplot tcp-bulk.gp\n"
      "set terminal png size 900,500\n"
      "set grid\n"
      "set output 'cwnd.png'\n"
      "set title 'Congestion window, %s, %u-packet drop-tail queue "
      "(goodput %.2f Mb/s)'\n"
      "set xlabel 'simulated time (s)'\n"
      "set ylabel 'bytes'\n"
      "set xrange [0:%g]\n"
      "set yrange [0:*]\n"
      "set key top right\n"
      "plot 'cwnd.dat' using 1:2 with steps title 'cwnd', "
      "%u title 'BDP' with lines dashtype 2, "
      "%u title 'BDP + queue' with lines dashtype 3\n",
      congestion_control_name (o->congestion_control), s->queue_packets,
      s->goodput_mbps, cns_time_to_seconds (o->sim_time),
      s->queue_packets * o->segment_size,
      2 * s->queue_packets * o->segment_size);
  if (!g_file_set_contents (data_path, cwnd->str, cwnd->len, error)
      || !g_file_set_contents (script_path, script, -1, error))
    return FALSE;
  gnuplot = g_find_program_in_path ("gnuplot");
  if (gnuplot == NULL)
    {
      fprintf (stderr,
               "tcp-bulk: plot data in %s/; gnuplot is not installed: "
               "render with 'cd %s && gnuplot tcp-bulk.gp'\n",
               o->plot, o->plot);
      return TRUE;
    }
  argv[0] = gnuplot;
  if (!g_spawn_sync (o->plot, (gchar **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                     NULL, NULL, NULL, &err, &status, error)
      || !g_spawn_check_wait_status (status, error))
    {
      g_prefix_error (error, "gnuplot: %s", err != NULL ? err : "");
      return FALSE;
    }
  fprintf (stderr, "tcp-bulk: plot in %s/cwnd.png\n", o->plot);
  return TRUE;
}

/* ---- main ---- */

int
main (int argc, char **argv)
{
  Options o = { .sim_time = cns_seconds (20),
                .segment_size = DEFAULT_SEGMENT_SIZE,
                .congestion_control = CNS_TCP_CONGESTION_NEW_RENO };
  g_autoptr (CnsCommandLine) cmd = cns_command_line_new (
      "One TCP bulk transfer through a 10 Mb/s / 20 ms bottleneck with a "
      "drop-tail queue of one bandwidth-delay product");
  g_autoptr (CnsNodeContainer) nodes = cns_node_container_new ();
  g_autoptr (CnsPointToPointHelper) access = NULL;
  g_autoptr (CnsPointToPointHelper) bottleneck = NULL;
  g_autoptr (CnsInternetStackHelper) stack = cns_internet_stack_helper_new ();
  g_autoptr (CnsIpv4AddressHelper) addresses = cns_ipv4_address_helper_new ();
  g_autoptr (CnsNetDeviceContainer) d_access = NULL;
  g_autoptr (CnsNetDeviceContainer) d_bottleneck = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) i_access = NULL;
  g_autoptr (CnsIpv4InterfaceContainer) i_bottleneck = NULL;
  g_autoptr (CnsPacketSinkHelper) sink_helper = NULL;
  g_autoptr (CnsBulkSendHelper) bulk_helper = NULL;
  g_autoptr (CnsApplicationContainer) sink_apps = NULL;
  g_autoptr (CnsApplicationContainer) bulk_apps = NULL;
  g_autoptr (GString) cwnd = NULL;
  g_autofree gchar *queue_size = NULL;
  g_autofree gchar *text = NULL;
  CnsInetSocketAddress any
      = cns_inet_socket_address_init (cns_ipv4_address_any (), SINK_PORT);
  CnsInetSocketAddress remote;
  CnsNetDevice *receiver_device;
  CnsIpv4L3Protocol *ipv4;
  CnsSocket *socket;
  Summary s = { 0 };
  GError *error = NULL;
  const gchar *what = NULL;
  guint ip_size;
  int status;

  cns_command_line_add_time (cmd, "simTime",
                             "When the simulation stops; the transfer starts "
                             "at 0 s",
                             &o.sim_time);
  cns_command_line_add_uint64 (cmd, "maxBytes",
                               "Bytes to send in all; 0: no limit, send "
                               "until --simTime",
                               &o.max_bytes);
  cns_command_line_add_uint (cmd, "segmentSize",
                             "TCP segment size in bytes, "
                             "CnsTcpSocket::SegmentSize (whose own default is "
                             "536); 1448 fills a 1500-byte MTU with "
                             "timestamps",
                             &o.segment_size);
  cns_command_line_add_callback (cmd, "congestionControl",
                                 "The congestion control, "
                                 "CnsTcpSocket::CongestionControl (NewReno)",
                                 "Reno|NewReno|Cubic", parse_congestion_control,
                                 &o.congestion_control);
  cns_command_line_add_double (cmd, "errorRate",
                               "Fraction of the packets reaching the "
                               "receiver that an error model drops",
                               &o.error_rate);
  cns_command_line_add_string (cmd, "cwndFile",
                               "Write the sender's congestion window here, "
                               "\"time_s cwnd_bytes\" per change "
                               "(" DEFAULT_CWND_FILE ")",
                               &o.cwnd_file);
  cns_command_line_add_string (cmd, "plot",
                               "Write a plot of the congestion window (and "
                               "its gnuplot script) to this directory",
                               &o.plot);
  cns_command_line_add_string (cmd, "pcap",
                               "Capture both ends of the bottleneck: "
                               "PREFIX-1-1.pcap and PREFIX-2-0.pcap",
                               &o.pcap);
  cns_command_line_add_boolean (
      cmd, "json", "Print one JSON line instead of the summary", &o.json);
  cns_command_line_add_boolean (
      cmd, "fingerprint",
      "Print a SHA-256 of the events every node ran, the same on any number "
      "of threads",
      &o.fingerprint);
  cns_command_line_parse (cmd, &argc, &argv);
  /* a default set before parsing would leak when the option replaces it */
  if (o.cwnd_file == NULL)
    o.cwnd_file = g_strdup (DEFAULT_CWND_FILE);
  if ((status = check_options (&o)) != 0 || (status = check_outputs (&o)) != 0)
    {
      options_clear (&o);
      return status;
    }

  /* ---- TCP ---- */
  text = g_strdup_printf ("%u", o.segment_size);
  if (!cns_config_set_default ("CnsTcpSocket::SegmentSize", text, &error)
      || !cns_config_set_default (
          "CnsTcpSocket::CongestionControl",
          congestion_control_name (o.congestion_control), &error))
    die ("TCP", error);

  /* ---- the bottleneck's queue: one BDP ---- */
  ip_size = ip_packet_size (o.segment_size);
  s.wire_size = PPP_HEADER_SIZE + ip_size;
  s.rtt_s = base_rtt (s.wire_size, s.wire_size - o.segment_size);
  s.queue_packets
      = (guint) ceil (BOTTLENECK_RATE_BPS * s.rtt_s / (8.0 * s.wire_size));
  queue_size = g_strdup_printf ("%up", s.queue_packets);

  /* ---- topology ---- */
  cns_node_container_create (nodes, 3);
  if (!make_link_helper (&access, ACCESS_RATE, ACCESS_DELAY, &error)
      || !make_link_helper (&bottleneck, BOTTLENECK_RATE, BOTTLENECK_DELAY,
                            &error)
      || !cns_point_to_point_helper_set_queue (bottleneck, "CnsDropTailQueue",
                                               &error)
      || !cns_point_to_point_helper_set_queue_attribute (bottleneck, "MaxSize",
                                                         queue_size, &error))
    die ("links", error);
  d_access = cns_point_to_point_helper_install (
      access, cns_node_container_get (nodes, 0),
      cns_node_container_get (nodes, 1));
  d_bottleneck = cns_point_to_point_helper_install (
      bottleneck, cns_node_container_get (nodes, 1),
      cns_node_container_get (nodes, 2));
  receiver_device = cns_net_device_container_get (d_bottleneck, 1);
  if (o.error_rate > 0)
    {
      g_autoptr (CnsErrorModel) model
          = cns_rate_error_model_new (CNS_ERROR_UNIT_PACKET, o.error_rate);

      cns_point_to_point_net_device_set_receive_error_model (
          CNS_POINT_TO_POINT_NET_DEVICE (receiver_device), model);
    }
  if (cns_trace_connect (receiver_device, "PhyRxDrop",
                         G_CALLBACK (on_error_drop), NULL, &error)
      == 0)
    die ("traces", error);

  /* ---- addresses and routes ---- */
  if (!cns_internet_stack_helper_install_container (stack, nodes, &error)
      || !cns_ipv4_address_helper_set_base (addresses, "10.1.1.0", "/24", NULL,
                                            &error)
      || (i_access
          = cns_ipv4_address_helper_assign (addresses, d_access, &error))
             == NULL)
    die ("addresses", error);
  cns_ipv4_address_helper_new_network (addresses);
  if ((i_bottleneck
       = cns_ipv4_address_helper_assign (addresses, d_bottleneck, &error))
      == NULL)
    die ("addresses", error);
  ipv4 = cns_ipv4_interface_container_get_ipv4 (i_access, 0);
  cns_ipv4_static_routing_set_default_route (
      cns_ipv4_static_routing_find (ipv4),
      cns_ipv4_interface_container_get_address (i_access, 1, 0),
      cns_ipv4_interface_container_get_interface (i_access, 0), 0);
  ipv4 = cns_ipv4_interface_container_get_ipv4 (i_bottleneck, 1);
  cns_ipv4_static_routing_set_default_route (
      cns_ipv4_static_routing_find (ipv4),
      cns_ipv4_interface_container_get_address (i_bottleneck, 0, 0),
      cns_ipv4_interface_container_get_interface (i_bottleneck, 1), 0);

  /* ---- the transfer ---- */
  sink_helper = cns_packet_sink_helper_new (CNS_TYPE_TCP_SOCKET_FACTORY, &any);
  sink_apps = cns_application_helper_install (
      CNS_APPLICATION_HELPER (sink_helper), cns_node_container_get (nodes, 2));
  if (cns_trace_connect (cns_application_container_get (sink_apps, 0), "Rx",
                         G_CALLBACK (on_sink_rx), NULL, &error)
      == 0)
    die ("traces", error);

  remote = cns_inet_socket_address_init (
      cns_ipv4_interface_container_get_address (i_bottleneck, 1, 0), SINK_PORT);
  bulk_helper = cns_bulk_send_helper_new (CNS_TYPE_TCP_SOCKET_FACTORY, &remote);
  g_free (text);
  text = g_strdup_printf ("%" G_GUINT64_FORMAT, o.max_bytes);
  if (!cns_application_helper_set_attribute (
          CNS_APPLICATION_HELPER (bulk_helper), "MaxBytes", text, &error))
    die ("bulk sender", error);
  /* sends of one segment each */
  g_free (text);
  text = g_strdup_printf ("%u", o.segment_size);
  if (!cns_application_helper_set_attribute (
          CNS_APPLICATION_HELPER (bulk_helper), "SendSize", text, &error))
    die ("bulk sender", error);
  bulk_apps = cns_application_helper_install (
      CNS_APPLICATION_HELPER (bulk_helper), cns_node_container_get (nodes, 0));
  stats.app = CNS_BULK_SEND_APPLICATION (
      cns_application_container_get (bulk_apps, 0));
  stats.cwnd = g_array_new (FALSE, FALSE, sizeof (CwndSample));
  /* in the sender's context, so that a second look comes after the
   * application's start event, which that context made */
  cns_simulator_schedule_with_context (
      cns_node_get_id (cns_node_container_get (nodes, 0)),
      cns_application_get_start_time (CNS_APPLICATION (stats.app)), hook_cwnd,
      NULL, GUINT_TO_POINTER (0));

  if (o.pcap != NULL
      && (!cns_point_to_point_helper_enable_pcap (
              bottleneck, o.pcap,
              cns_net_device_container_get (d_bottleneck, 0), &error)
          || !cns_point_to_point_helper_enable_pcap (bottleneck, o.pcap,
                                                     receiver_device, &error)))
    die ("pcap", error);

  /* ---- run ---- */
  cns_simulator_stop_at (o.sim_time);
  if (o.fingerprint)
    cns_simulator_enable_fingerprint ();
  cns_simulator_run ();

  /* ---- report ---- */
  s.fingerprint = cns_simulator_get_fingerprint ();
  socket = cns_bulk_send_application_get_socket (stats.app);
  s.tx_bytes = cns_bulk_send_application_get_total_bytes (stats.app);
  if (socket != NULL && CNS_IS_TCP_SOCKET (socket))
    s.retransmissions
        = cns_tcp_socket_get_retransmissions (CNS_TCP_SOCKET (socket));
  s.queue_drops = count_queue_drops ();
  /* the sink's own count; the trace saw the same packets */
  stats.rx_bytes = cns_packet_sink_get_total_rx (
      CNS_PACKET_SINK (cns_application_container_get (sink_apps, 0)));
  if (stats.rx_bytes > 0)
    {
      s.transfer_s = cns_time_to_seconds (
          stats.last_rx
          - cns_application_get_start_time (CNS_APPLICATION (stats.app)));
      s.goodput_mbps = stats.rx_bytes * 8 / s.transfer_s / 1e6;
    }

  /* a file that cannot be written after all is reported after the
   * summary, which is not lost */
  cwnd = format_cwnd (&o);
  if (!g_file_set_contents (o.cwnd_file, cwnd->str, cwnd->len, &error))
    what = "cwndFile";
  else if (o.plot != NULL && !write_plot (&o, &s, cwnd, &error))
    what = "plot";
  if (o.json)
    print_json (&o, &s);
  else
    print_table (&o, &s);
  if (error != NULL)
    {
      fflush (stdout);
      fprintf (stderr, "tcp-bulk: %s: %s\n", what, error->message);
      g_error_free (error);
      status = 1;
    }

  cns_simulator_destroy ();
  g_array_unref (stats.cwnd);
  g_free (s.fingerprint);
  options_clear (&o);
  return status;
}
