/* cns — ASCII traces in ns-3's format.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-net-device.h"

G_BEGIN_DECLS

/**
 * CnsAsciiTraceStream:
 *
 * A text file receiving trace lines from any number of devices, as
 * ns-3's AsciiTraceHelper stream. Refcounted; the file is flushed and
 * closed by cns_simulator_destroy().
 */
typedef struct _CnsAsciiTraceStream CnsAsciiTraceStream;

CnsAsciiTraceStream *cns_ascii_trace_stream_new (const gchar *path,
                                                 GError **error);
CnsAsciiTraceStream *cns_ascii_trace_stream_ref (CnsAsciiTraceStream *self);
void cns_ascii_trace_stream_unref (CnsAsciiTraceStream *self);

gboolean cns_ascii_trace_helper_enable (CnsAsciiTraceStream *stream,
                                        CnsNetDevice *device,
                                        const gchar *queue_attribute,
                                        GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsAsciiTraceStream,
                               cns_ascii_trace_stream_unref)

G_END_DECLS
