/* cns — pluggable event schedulers (future event sets).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-event.h"

G_BEGIN_DECLS

/**
 * CnsSchedulerEntry:
 * @time: when the event runs
 * @event: the event
 *
 * What a scheduler stores: 16 bytes, ordered by time and then by the
 * event's key.
 */
typedef struct
{
  CnsTime time;
  CnsEvent *event;
} CnsSchedulerEntry;

/**
 * cns_scheduler_entry_before:
 *
 * Returns: whether @a runs before @b: the total order of events.
 */
static inline gboolean
cns_scheduler_entry_before (const CnsSchedulerEntry *a,
                            const CnsSchedulerEntry *b)
{
  return a->time < b->time
         || (a->time == b->time && a->event->key < b->event->key);
}

typedef struct _CnsScheduler CnsScheduler;
typedef struct _CnsSchedulerClass CnsSchedulerClass;

/**
 * CnsScheduler:
 *
 * The base of every scheduler instance: implementations embed it as their
 * first member.
 */
struct _CnsScheduler
{
  const CnsSchedulerClass *klass;
};

/**
 * CnsSchedulerClass:
 * @name: the name users pass to the SchedulerType global value
 * @description: one line for --help and listings
 * @create: makes an empty scheduler
 * @free: frees a scheduler; the simulator has already removed every entry
 * @insert: adds an entry
 * @remove_next: removes the earliest entry into @out; %FALSE when empty
 * @peek_next: copies the earliest entry into @out; %FALSE when empty
 * @remove: removes the entry (@time, @event) and returns %TRUE, or returns
 *   %FALSE when it is not there. May be %NULL for schedulers that cannot
 *   remove cheaply; the simulator then drops removed events lazily, when
 *   they come out of remove_next().
 * @size: the number of entries held
 *
 * A scheduler implementation. Register it with cns_scheduler_register().
 */
struct _CnsSchedulerClass
{
  const gchar *name;
  const gchar *description;
  CnsScheduler *(*create) (void);
  void (*free) (CnsScheduler *self);
  void (*insert) (CnsScheduler *self, CnsTime time, CnsEvent *event);
  gboolean (*remove_next) (CnsScheduler *self, CnsSchedulerEntry *out);
  gboolean (*peek_next) (CnsScheduler *self, CnsSchedulerEntry *out);
  gboolean (*remove) (CnsScheduler *self, CnsTime time, CnsEvent *event);
  gsize (*size) (CnsScheduler *self);
};

extern const CnsSchedulerClass cns_heap_scheduler_class;
extern const CnsSchedulerClass cns_ladder_scheduler_class;
extern const CnsSchedulerClass cns_list_scheduler_class;

void cns_scheduler_register (const CnsSchedulerClass *klass);
const CnsSchedulerClass *cns_scheduler_lookup (const gchar *name,
                                               GError **error);
gchar *cns_scheduler_list_names (void);

G_END_DECLS
