/* cns — applications: traffic sources and sinks that run on nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"
#include "core/cns-time.h"
#include "core/cns-trace-source.h"
#include "network/cns-address.h"
#include "network/cns-node.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

#define CNS_TYPE_APPLICATION (cns_application_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsApplication, cns_application, CNS, APPLICATION,
                          CnsObject)

/**
 * CnsApplicationClass:
 * @start_application: called at the StartTime, in the node's context:
 *   open sockets, schedule the first sends
 * @stop_application: called at the StopTime (if not 0): cancel pending
 *   events, close sockets
 * @installed: called by cns_application_install() once the application
 *   has its node, when it is usually configured: a subclass may check or
 *   prepare its settings here. The default does nothing.
 *
 * ns-3's Application. The base schedules the start and stop events when
 * the application is initialized (with its node, when the simulation
 * starts); a subclass implements the two virtual functions and finds its
 * node with cns_application_get_node().
 *
 * What a subclass adds, as CnsOnOffApplication (the template to copy)
 * does:
 * - attributes: GObject properties; a Protocol attribute, for an
 *   application that can run over any transport, is made by
 *   cns_application_param_spec_protocol(), its default declared with
 *   cns_attribute_install_default(), and sockets are made with
 *   cns_socket_create (node, protocol). An application over one socket
 *   derives from applications/' CnsSourceApplication instead, which owns
 *   Protocol, the addresses and the socket;
 * - per-packet trace sources ("Tx", "Rx"): a #CnsTraceSource in the
 *   instance struct, installed by name in class_init with
 *   cns_application_class_install_trace_source() and fired with
 *   CNS_TRACE_SOURCE_FIRE(); they are disconnected when the application
 *   is finalized;
 * - events: scheduled with cns_simulator_schedule() on the application
 *   itself, without taking a reference: an installed application lives
 *   until cns_simulator_destroy(). Once disposed (its node is gone) it
 *   must ignore them, so it cancels them (or marks them stale) in
 *   stop_application and dispose.
 */
struct _CnsApplicationClass
{
  CnsObjectClass parent_class;

  void (*start_application) (CnsApplication *self);
  void (*stop_application) (CnsApplication *self);
  void (*installed) (CnsApplication *self);

  /*< private >*/
  gpointer padding[3];
};

/**
 * CnsApplicationRxTraceFn:
 * @source: the application
 * @packet: (transfer none): the data received
 * @from: the sender's address (an inet socket address for UDP and TCP)
 *
 * The signature of the applications' Rx trace sources.
 */
typedef void (*CnsApplicationRxTraceFn) (gpointer source, CnsPacket *packet,
                                         const CnsAddress *from,
                                         gpointer user_data);

guint32 cns_application_install (CnsApplication *self, CnsNode *node);
CnsNode *cns_application_get_node (CnsApplication *self);

void cns_application_set_start_time (CnsApplication *self, CnsTime start);
CnsTime cns_application_get_start_time (CnsApplication *self);
void cns_application_set_stop_time (CnsApplication *self, CnsTime stop);
CnsTime cns_application_get_stop_time (CnsApplication *self);

/* For subclasses. */
GParamSpec *cns_application_param_spec_protocol (void);
void cns_application_class_install_trace_source (CnsApplicationClass *klass,
                                                 const gchar *name,
                                                 const gchar *blurb,
                                                 const gchar *signature,
                                                 glong offset);
void cns_application_format_now (gchar buf[CNS_TIME_STRING_SIZE]);

G_END_DECLS
