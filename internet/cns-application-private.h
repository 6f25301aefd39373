/* cns — what the applications of the internet module share.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-trace-source.h"
#include "internet/cns-application.h"

G_BEGIN_DECLS

/* Longest text cns_application_format_endpoint() writes, with the NUL:
 * "255.255.255.255 port 65535". */
#define CNS_APPLICATION_ENDPOINT_STRING_SIZE 27

G_GNUC_INTERNAL GParamSpec *cns_application_param_spec_protocol (void);
G_GNUC_INTERNAL guint8 cns_application_protocol_to_index (GType type);
G_GNUC_INTERNAL GType cns_application_protocol_from_index (guint8 index);
G_GNUC_INTERNAL GType cns_application_protocol_resolve (CnsApplication *self,
                                                        guint8 index);

G_GNUC_INTERNAL void
cns_application_format_now (gchar buf[CNS_TIME_STRING_SIZE]);
G_GNUC_INTERNAL void cns_application_format_endpoint (
    const CnsAddress *address, gchar buf[CNS_APPLICATION_ENDPOINT_STRING_SIZE]);

/* The per-packet trace sources of an application: the source itself
 * when its class has only one, else the table of them. */
typedef union
{
  CnsTraceSource source;
  CnsTraceTable table;
} CnsApplicationTraces;

/* Where the trace sources of every application sit in the instance: in
 * the base's private data (see cns-application.c). */
G_GNUC_INTERNAL extern glong cns_application_traces_offset;

G_GNUC_INTERNAL void cns_application_class_install_trace_source (
    gpointer klass, const gchar *name, const gchar *blurb,
    const gchar *signature, guint index, guint n_sources);

/* The trace table of an application whose class has several sources,
 * for CNS_TRACE_TABLE_FIRE(). */
static inline CnsTraceTable *
cns_application_traces (gpointer self)
{
  return &((CnsApplicationTraces *) G_STRUCT_MEMBER_P (
               self, cns_application_traces_offset))
              ->table;
}

/* The trace source of an application whose class has one, for
 * CNS_TRACE_SOURCE_FIRE(). */
static inline CnsTraceSource *
cns_application_trace (gpointer self)
{
  return &((CnsApplicationTraces *) G_STRUCT_MEMBER_P (
               self, cns_application_traces_offset))
              ->source;
}

/* Whether @source has a sink: an application that must keep a reference
 * to a packet only to trace it asks this first. */
static inline gboolean
cns_application_trace_is_connected (const CnsTraceSource *source)
{
  return G_UNLIKELY (source->list != NULL)
         && cns_trace_source_is_connected (source);
}

G_END_DECLS
