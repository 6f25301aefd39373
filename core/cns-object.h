/* cns — base class of nodes, devices, channels, protocols, applications.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CNS_TYPE_OBJECT (cns_object_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsObject, cns_object, CNS, OBJECT, GObject)

/**
 * CnsObjectClass:
 * @initialize: runs once, when the simulation starts or when
 *   cns_object_initialize() is first called on the object or an object
 *   aggregated with it. Subclasses chain up.
 * @notify_new_aggregate: called on every member of an aggregate when new
 *   objects join it, so a protocol can find the node it was added to.
 *   Subclasses chain up.
 */
struct _CnsObjectClass
{
  GObjectClass parent_class;

  void (*initialize) (CnsObject *self);
  void (*notify_new_aggregate) (CnsObject *self);

  /*< private >*/
  gpointer padding[8];
};

gpointer cns_object_new (GType type, const gchar *first_property_name, ...);
gpointer cns_object_new_with_properties (GType type, guint n_properties,
                                         const gchar *names[],
                                         const GValue values[]);

void cns_object_aggregate (CnsObject *self, CnsObject *other);
gpointer cns_object_get (gpointer self, GType type);
void cns_object_foreach_aggregate (CnsObject *self, GFunc func,
                                   gpointer user_data);

void cns_object_initialize (CnsObject *self);
gboolean cns_object_is_initialized (CnsObject *self);
void cns_object_dispose (CnsObject *self);

G_END_DECLS
