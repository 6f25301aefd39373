/* cns — events and event ids.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-time.h"

G_BEGIN_DECLS

/**
 * CnsEventFn:
 * @obj: the object the event was scheduled for
 * @data: the event's data
 *
 * An event handler. Handlers have exactly this signature; cast @obj and
 * @data inside the handler, never the function pointer.
 */
typedef void (*CnsEventFn) (gpointer obj, gpointer data);

/**
 * CNS_CONTEXT_NONE:
 *
 * The context of code that does not run on behalf of a node: the main
 * program and events scheduled from it without a context.
 */
#define CNS_CONTEXT_NONE G_MAXUINT32

/**
 * CNS_CONTEXT_MAX:
 *
 * The largest context (node id) the ordering key can encode.
 */
#define CNS_CONTEXT_MAX ((guint32) ((1u << 24) - 2))

/**
 * CnsEvent:
 * @key: the ordering key among events with the same time: the creating
 *   context (plus one, 0 for %CNS_CONTEXT_NONE) in the top 24 bits and that
 *   context's creation counter in the low 40 bits; 0 once the event has run
 * @fn: the handler; %NULL once cancelled
 * @obj: first handler argument
 * @data: second handler argument
 * @context: the context the event runs in
 *
 * A pending event, from the simulator's pool. Scheduler implementations
 * read @key to break ties between equal times, and may read @obj, @data
 * and @context only to prefetch the memory the event's handler will touch
 * (never to dereference them); everything else is private. Events are not
 * reference counted: the simulator owns them.
 */
typedef struct _CnsEvent CnsEvent;
struct _CnsEvent
{
  guint64 key;
  CnsEventFn fn;
  gpointer obj;
  gpointer data;
  guint32 context;
  guint8 destroy_index;
  guint8 flags;
  guint16 reserved;
};

#define CNS_EVENT_KEY_SEQ_BITS 40
#define CNS_EVENT_KEY_SEQ_MAX \
  ((G_GUINT64_CONSTANT (1) << CNS_EVENT_KEY_SEQ_BITS) - 1)

/**
 * CnsEventId:
 *
 * Names a scheduled event. Copy it freely; it stays safe to pass to
 * cns_simulator_cancel(), cns_simulator_remove() and
 * cns_simulator_is_expired() after the event has run, been cancelled, or
 * even after cns_simulator_destroy(). Zero-initialised (%CNS_EVENT_ID_INIT)
 * it names no event and reads as expired.
 */
typedef struct
{
  /*< private >*/
  CnsEvent *event;
  guint64 key;
  CnsTime time;
  guint32 epoch;
  guint32 context;
} CnsEventId;

#define CNS_TYPE_EVENT_ID (cns_event_id_get_type ())
GType cns_event_id_get_type (void) G_GNUC_CONST;
CnsEventId *cns_event_id_copy (const CnsEventId *id);
void cns_event_id_free (CnsEventId *id);

#define CNS_EVENT_ID_INIT \
  {                       \
    NULL, 0, 0, 0, 0      \
  }

/**
 * cns_event_id_get_time:
 *
 * Returns: the time the event was scheduled for.
 */
static inline CnsTime
cns_event_id_get_time (const CnsEventId *id)
{
  return id->time;
}

/**
 * cns_event_id_get_context:
 *
 * Returns: the context the event runs in.
 */
static inline guint32
cns_event_id_get_context (const CnsEventId *id)
{
  return id->context;
}

G_END_DECLS
