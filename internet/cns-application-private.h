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
G_GNUC_INTERNAL GType cns_application_protocol_get (GType stored);
G_GNUC_INTERNAL GType cns_application_protocol_set (GType value);
G_GNUC_INTERNAL GType cns_application_protocol_resolve (CnsApplication *self,
                                                        GType stored);

G_GNUC_INTERNAL void
cns_application_format_now (gchar buf[CNS_TIME_STRING_SIZE]);
G_GNUC_INTERNAL void cns_application_format_endpoint (
    const CnsAddress *address, gchar buf[CNS_APPLICATION_ENDPOINT_STRING_SIZE]);

/* Whether source @index of @table has a sink: an application that must
 * keep a reference to a packet only to trace it asks this first. */
static inline gboolean
cns_application_trace_is_connected (const CnsTraceTable *table, guint index)
{
  return G_UNLIKELY (table->sources != NULL)
         && cns_trace_source_is_connected (&table->sources[index]);
}

G_END_DECLS
