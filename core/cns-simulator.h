/* cns — the simulator: event scheduling and the run loop.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-event.h"

G_BEGIN_DECLS

CnsEventId cns_simulator_schedule (CnsTime delay, CnsEventFn fn, gpointer obj,
                                   gpointer data);
CnsEventId cns_simulator_schedule_full (CnsTime delay, CnsEventFn fn,
                                        gpointer obj, gpointer data,
                                        GDestroyNotify destroy);
CnsEventId cns_simulator_schedule_with_context (guint32 context, CnsTime delay,
                                                CnsEventFn fn, gpointer obj,
                                                gpointer data);
CnsEventId cns_simulator_schedule_with_context_full (
    guint32 context, CnsTime delay, CnsEventFn fn, gpointer obj, gpointer data,
    GDestroyNotify destroy);
CnsEventId cns_simulator_schedule_now (CnsEventFn fn, gpointer obj,
                                       gpointer data);
CnsEventId cns_simulator_schedule_destroy (CnsEventFn fn, gpointer obj,
                                           gpointer data);
CnsEventId cns_simulator_schedule_remote (CnsTime time, guint32 context,
                                          guint64 key, CnsEventFn fn,
                                          gpointer obj, gpointer data,
                                          GDestroyNotify destroy);

/**
 * CnsSimulatorFunc:
 * @user_data: the data scheduled with the function
 *
 * A function run as an event by cns_simulator_schedule_func(): one
 * callable, as bindings schedule them.
 */
typedef void (*CnsSimulatorFunc) (gpointer user_data);

CnsEventId *cns_simulator_schedule_func (CnsTime delay, CnsSimulatorFunc func,
                                         gpointer user_data,
                                         GDestroyNotify destroy);
CnsEventId *cns_simulator_schedule_with_context_func (guint32 context,
                                                      CnsTime delay,
                                                      CnsSimulatorFunc func,
                                                      gpointer user_data,
                                                      GDestroyNotify destroy);

void cns_simulator_take_event_data (void);

void cns_simulator_invoke_with_context (guint32 context, CnsEventFn fn,
                                        gpointer obj, gpointer data);

void cns_simulator_cancel (const CnsEventId *id);
void cns_simulator_remove (const CnsEventId *id);
gboolean cns_simulator_is_expired (const CnsEventId *id);
CnsTime cns_simulator_get_delay_left (const CnsEventId *id);

CnsTime cns_simulator_now (void);
guint32 cns_simulator_get_context (void);
guint64 cns_simulator_get_event_count (void);
guint64 cns_simulator_get_pending_count (void);
CnsTime cns_simulator_get_maximum_simulation_time (void);

void cns_simulator_run (void);
void cns_simulator_stop (void);
void cns_simulator_stop_at (CnsTime time);
gboolean cns_simulator_is_finished (void);
void cns_simulator_destroy (void);

guint32 cns_simulator_get_system_id (void);
guint32 cns_simulator_get_n_systems (void);
const gchar *cns_simulator_get_implementation_name (void);
const gchar *cns_simulator_get_scheduler_name (void);
gboolean cns_simulator_set_scheduler (const gchar *name, GError **error);

guint cns_simulator_get_n_threads (void);
guint cns_simulator_get_thread_index (void);
gboolean cns_simulator_is_handover (guint32 context);

void cns_simulator_enable_fingerprint (void);
gchar *cns_simulator_get_fingerprint (void);

G_END_DECLS
