/* cns — ASCII traces in ns-3's format.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One line per event, as ns-3's ASCII traces:
 *
 *   + 2.000001
 * /NodeList/0/DeviceList/0/$CnsPointToPointNetDevice/TxQueue/Enqueue PppHeader
 * (...) Payload (size=1000)
 *
 * '+' a packet entered the device's transmit queue, '-' it left it, 'd' it
 * was dropped (queue full, or corrupt on reception), 'r' the device
 * received it. The time is in seconds, exact to the picosecond and
 * without trailing zeros. Enabling a trace turns on packet printing so
 * that headers are listed; packets made before that show as payload only.
 */
#include "network/cns-ascii-trace-helper.h"

#include "core/cns-attribute.h"
#include "core/cns-core-error.h"
#include "core/cns-ordered-output.h"
#include "core/cns-simulator.h"
#include "core/cns-trace-source.h"
#include "network/cns-network-error.h"
#include "network/cns-node.h"
#include "network/cns-queue.h"

#include <errno.h>
#include <stdio.h>

struct _CnsAsciiTraceStream
{
  gint ref_count;
  FILE *file;
  gchar *path;
  gboolean failed;
  GPtrArray *sinks; /* AsciiSink */
  /* lines of many nodes, in a sequential run's order on any threads */
  CnsOrderedOutput *output;
};

typedef struct
{
  CnsAsciiTraceStream *stream;
  GObject *source; /* referenced */
  const gchar *trace;
  gchar *path; /* config path of the trace source */
  gchar kind;  /* '+', '-', 'd' or 'r' */
} AsciiSink;

static void
ascii_stream_put (const gchar *bytes, gsize length, gpointer user_data)
{
  CnsAsciiTraceStream *stream = user_data;

  if (stream->failed)
    return;
  if (fwrite (bytes, 1, length, stream->file) != length)
    {
      g_warning ("ASCII trace to %s stopped: %s", stream->path,
                 g_strerror (errno));
      stream->failed = TRUE;
    }
}

static void
ascii_sink_write (gpointer source, CnsPacket *packet, gpointer user_data)
{
  AsciiSink *sink = user_data;
  CnsTime now = cns_simulator_now ();
  g_autoptr (GString) line = g_string_sized_new (160);

  g_string_printf (line, "%c %" G_GINT64_FORMAT, sink->kind,
                   now / CNS_TIME_PS_PER_S);
  if (now % CNS_TIME_PS_PER_S != 0)
    {
      gsize end;

      g_string_append_printf (line, ".%012" G_GINT64_FORMAT,
                              now % CNS_TIME_PS_PER_S);
      for (end = line->len; line->str[end - 1] == '0'; end--)
        ;
      g_string_truncate (line, end);
    }
  g_string_append_printf (line, " %s ", sink->path);
  cns_packet_print (packet, line);
  g_string_append_c (line, '\n');
  cns_ordered_output_write (sink->stream->output, line->str, line->len);
}

static void
ascii_sink_free (gpointer data)
{
  AsciiSink *sink = data;

  cns_trace_disconnect (sink->source, sink->trace,
                        G_CALLBACK (ascii_sink_write), sink);
  g_object_unref (sink->source);
  g_free (sink->path);
  g_free (sink);
}

static void
ascii_stream_close (gpointer obj, gpointer data)
{
  CnsAsciiTraceStream *self = data;

  g_ptr_array_set_size (self->sinks, 0);
  g_clear_pointer (&self->output, cns_ordered_output_free);
  if (self->file != NULL && fclose (self->file) != 0 && !self->failed)
    g_warning ("ASCII trace to %s: %s", self->path, g_strerror (errno));
  self->file = NULL;
  cns_ascii_trace_stream_unref (self);
}

/**
 * cns_ascii_trace_stream_new: (skip)
 * @path: the file to write (created or truncated)
 * @error: a #CNS_NETWORK_ERROR naming @path when it cannot be opened
 *
 * Returns: (transfer full) (nullable): the stream.
 */
CnsAsciiTraceStream *
cns_ascii_trace_stream_new (const gchar *path, GError **error)
{
  CnsAsciiTraceStream *self;
  FILE *file;

  g_return_val_if_fail (path != NULL, NULL);
  if ((file = fopen (path, "w")) == NULL)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_IO,
                   "cannot create ASCII trace file %s: %s", path,
                   g_strerror (errno));
      return NULL;
    }
  self = g_new0 (CnsAsciiTraceStream, 1);
  self->ref_count = 2; /* ours, and the one the close event drops */
  self->file = file;
  self->path = g_strdup (path);
  self->sinks = g_ptr_array_new_with_free_func (ascii_sink_free);
  self->output = cns_ordered_output_new (ascii_stream_put, self);
  cns_simulator_schedule_destroy (ascii_stream_close, NULL, self);
  return self;
}

/**
 * cns_ascii_trace_stream_ref: (skip)
 *
 * Returns: (transfer full): @self.
 */
CnsAsciiTraceStream *
cns_ascii_trace_stream_ref (CnsAsciiTraceStream *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  self->ref_count++;
  return self;
}

/**
 * cns_ascii_trace_stream_unref:
 *
 * Drops a reference.
 */
void
cns_ascii_trace_stream_unref (CnsAsciiTraceStream *self)
{
  g_return_if_fail (self != NULL);
  if (--self->ref_count > 0)
    return;
  g_ptr_array_unref (self->sinks);
  g_clear_pointer (&self->output, cns_ordered_output_free);
  if (self->file != NULL)
    fclose (self->file);
  g_free (self->path);
  g_free (self);
}

static gboolean
ascii_connect (CnsAsciiTraceStream *self, GObject *source,
               const gchar *object_path, const gchar *trace, gchar kind,
               GError **error)
{
  AsciiSink *sink = g_new0 (AsciiSink, 1);

  sink->stream = self;
  sink->source = g_object_ref (source);
  sink->trace = trace;
  sink->path = g_strdup_printf ("%s/%s", object_path, trace);
  sink->kind = kind;
  if (cns_trace_connect (source, trace, G_CALLBACK (ascii_sink_write), sink,
                         error)
      == 0)
    {
      g_object_unref (sink->source);
      g_free (sink->path);
      g_free (sink);
      return FALSE;
    }
  g_ptr_array_add (self->sinks, sink);
  return TRUE;
}

/**
 * cns_ascii_trace_helper_enable:
 * @stream: where the lines go
 * @device: a device on a node, with MacRx and PhyRxDrop trace sources
 * @queue_attribute: the name of its transmit queue attribute ("TxQueue")
 * @error: a #CNS_CORE_ERROR when a trace source or the queue is missing
 *
 * Traces the device's queue ('+', '-', 'd'), its drops on reception ('d')
 * and its receptions ('r').
 *
 * Returns: %TRUE when every trace source was connected.
 */
gboolean
cns_ascii_trace_helper_enable (CnsAsciiTraceStream *stream,
                               CnsNetDevice *device,
                               const gchar *queue_attribute, GError **error)
{
  g_autofree gchar *device_path = NULL;
  g_autofree gchar *queue_path = NULL;
  g_autoptr (GObject) queue = NULL;
  GParamSpec *pspec;
  CnsNode *node;

  g_return_val_if_fail (stream != NULL, FALSE);
  g_return_val_if_fail (CNS_IS_NET_DEVICE (device), FALSE);
  g_return_val_if_fail (queue_attribute != NULL, FALSE);
  node = cns_net_device_get_node (device);
  g_return_val_if_fail (node != NULL, FALSE);

  pspec = cns_attribute_find (G_OBJECT_TYPE (device), queue_attribute);
  if (pspec != NULL && g_type_is_a (pspec->value_type, CNS_TYPE_QUEUE))
    g_object_get (device, pspec->name, &queue, NULL);
  if (queue == NULL)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                   "%s has no queue in attribute '%s' to trace",
                   G_OBJECT_TYPE_NAME (device), queue_attribute);
      return FALSE;
    }
  cns_packet_enable_printing (TRUE);
  device_path = g_strdup_printf (
      "/NodeList/%u/DeviceList/%u/$%s", cns_node_get_id (node),
      cns_net_device_get_ifindex (device), G_OBJECT_TYPE_NAME (device));
  queue_path = g_strdup_printf ("%s/%s", device_path, queue_attribute);
  return ascii_connect (stream, queue, queue_path, "Enqueue", '+', error)
         && ascii_connect (stream, queue, queue_path, "Dequeue", '-', error)
         && ascii_connect (stream, queue, queue_path, "Drop", 'd', error)
         && ascii_connect (stream, G_OBJECT (device), device_path, "PhyRxDrop",
                           'd', error)
         && ascii_connect (stream, G_OBJECT (device), device_path, "MacRx", 'r',
                           error);
}
