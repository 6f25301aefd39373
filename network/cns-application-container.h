/* cns — ordered sets of applications, for helpers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-application.h"

G_BEGIN_DECLS

/**
 * CnsApplicationContainer:
 *
 * An ordered list of applications, as ns-3's ApplicationContainer:
 * application helpers return them, and they set the start and stop times
 * of all their applications at once. A refcounted boxed type; it holds a
 * reference to each application.
 */
typedef struct _CnsApplicationContainer CnsApplicationContainer;

#define CNS_TYPE_APPLICATION_CONTAINER (cns_application_container_get_type ())
GType cns_application_container_get_type (void) G_GNUC_CONST;

CnsApplicationContainer *cns_application_container_new (void);
CnsApplicationContainer *
cns_application_container_ref (CnsApplicationContainer *self);
void cns_application_container_unref (CnsApplicationContainer *self);

void cns_application_container_add (CnsApplicationContainer *self,
                                    CnsApplication *application);
void
cns_application_container_add_container (CnsApplicationContainer *self,
                                         const CnsApplicationContainer *other);
guint32 cns_application_container_get_n (const CnsApplicationContainer *self);
CnsApplication *
cns_application_container_get (const CnsApplicationContainer *self,
                               guint32 index);

void cns_application_container_start (CnsApplicationContainer *self,
                                      CnsTime start);
void cns_application_container_stop (CnsApplicationContainer *self,
                                     CnsTime stop);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsApplicationContainer,
                               cns_application_container_unref)

G_END_DECLS
