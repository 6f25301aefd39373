/* cns — output many nodes write to, in the order of a sequential run.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * CnsOrderedOutputFunc:
 * @bytes: (array length=length): what was written
 * @length: how many bytes
 * @user_data: the data given to cns_ordered_output_new()
 *
 * Takes the bytes for real (writes them to a file, say), in order.
 */
typedef void (*CnsOrderedOutputFunc) (const gchar *bytes, gsize length,
                                      gpointer user_data);

/**
 * CnsOrderedOutput:
 *
 * Output that event handlers of many nodes write to, one file of trace
 * lines for every device, say. In a sequential run each write goes
 * straight through. In a parallel run, whose threads run nodes' events
 * at once, each thread keeps what it was given, marked with the time and
 * ordering key of the event that wrote it; between windows the marks
 * sort it all into the order of a sequential run before it goes through.
 * So the file is the same whatever the number of threads.
 */
typedef struct _CnsOrderedOutput CnsOrderedOutput;

CnsOrderedOutput *cns_ordered_output_new (CnsOrderedOutputFunc func,
                                          gpointer user_data);
void cns_ordered_output_write (CnsOrderedOutput *self, const gchar *bytes,
                               gsize length);
void cns_ordered_output_flush (CnsOrderedOutput *self);
void cns_ordered_output_free (CnsOrderedOutput *self);

G_END_DECLS
