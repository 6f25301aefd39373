/* cns — installing applications on nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-application-container.h"
#include "network/cns-node-container.h"

G_BEGIN_DECLS

#define CNS_TYPE_APPLICATION_HELPER (cns_application_helper_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsApplicationHelper, cns_application_helper, CNS,
                          APPLICATION_HELPER, GObject)

/**
 * CnsApplicationHelperClass:
 *
 * ns-3's ApplicationHelper: the helpers of the applications
 * (CnsOnOffHelper, CnsPacketSinkHelper, ...) derive from it and only set
 * the type and the attributes their constructor takes.
 */
struct _CnsApplicationHelperClass
{
  GObjectClass parent_class;

  /*< private >*/
  gpointer padding[4];
};

CnsApplicationHelper *cns_application_helper_new (GType application_type);
gboolean cns_application_helper_set_attribute (CnsApplicationHelper *self,
                                               const gchar *name,
                                               const gchar *value,
                                               GError **error);
gboolean cns_application_helper_set_attribute_value (CnsApplicationHelper *self,
                                                     const gchar *name,
                                                     const GValue *value,
                                                     GError **error);
CnsApplicationContainer *
cns_application_helper_install (CnsApplicationHelper *self, CnsNode *node);
CnsApplicationContainer *
cns_application_helper_install_container (CnsApplicationHelper *self,
                                          CnsNodeContainer *nodes);

/* For subclasses */
CnsApplicationHelper *cns_application_helper_new_with_socket (
    GType helper_type, GType application_type, GType protocol,
    const gchar *address_name, gconstpointer address);

G_END_DECLS
