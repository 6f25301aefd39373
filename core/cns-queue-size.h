/* cns — queue capacities in packets or bytes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CnsQueueSizeUnit:
 * @CNS_QUEUE_SIZE_PACKETS: the size counts packets ("100p")
 * @CNS_QUEUE_SIZE_BYTES: the size counts bytes ("64KB")
 */
typedef enum
{
  CNS_QUEUE_SIZE_PACKETS,
  CNS_QUEUE_SIZE_BYTES,
} CnsQueueSizeUnit;

/**
 * CnsQueueSize:
 * @unit: what @value counts
 * @value: the capacity
 *
 * A queue capacity, as in ns-3's QueueSize. A boxed type, so it can be an
 * attribute set from strings such as "100p" or "64KB".
 */
typedef struct
{
  CnsQueueSizeUnit unit;
  guint64 value;
} CnsQueueSize;

#define CNS_QUEUE_SIZE_STRING_SIZE 32

#define CNS_TYPE_QUEUE_SIZE      (cns_queue_size_get_type ())
#define CNS_TYPE_QUEUE_SIZE_UNIT (cns_queue_size_unit_get_type ())

GType cns_queue_size_get_type (void) G_GNUC_CONST;
GType cns_queue_size_unit_get_type (void) G_GNUC_CONST;

CnsQueueSize *cns_queue_size_copy (const CnsQueueSize *size);
void cns_queue_size_free (CnsQueueSize *size);
gboolean cns_queue_size_equal (const CnsQueueSize *a, const CnsQueueSize *b);
gboolean cns_queue_size_parse (const gchar *text, CnsQueueSize *out,
                               GError **error);
gsize cns_queue_size_format (const CnsQueueSize *size,
                             gchar buf[CNS_QUEUE_SIZE_STRING_SIZE]);
gchar *cns_queue_size_to_string (const CnsQueueSize *size);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsQueueSize, cns_queue_size_free)

G_END_DECLS
