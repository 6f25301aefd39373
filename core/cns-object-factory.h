/* cns — object factories: a type plus attribute values, to make objects.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CnsObjectFactory:
 *
 * Remembers a type and attribute values and makes objects from them, like
 * ns-3's ObjectFactory. Helpers keep one per kind of object they install
 * (device, channel, queue). Values are checked when they are set, so a bad
 * attribute is reported where the user wrote it, not when objects are made.
 * The text form is "TypeName(Attr=value,Other=value)".
 */
typedef struct _CnsObjectFactory CnsObjectFactory;

#define CNS_TYPE_OBJECT_FACTORY (cns_object_factory_get_type ())
GType cns_object_factory_get_type (void) G_GNUC_CONST;

CnsObjectFactory *cns_object_factory_new (GType type);
CnsObjectFactory *cns_object_factory_new_from_string (const gchar *text,
                                                      GType base_type,
                                                      GError **error);
CnsObjectFactory *cns_object_factory_copy (const CnsObjectFactory *self);
void cns_object_factory_free (CnsObjectFactory *self);

GType cns_object_factory_get_object_type (const CnsObjectFactory *self);
void cns_object_factory_set_object_type (CnsObjectFactory *self, GType type);
gboolean cns_object_factory_set (CnsObjectFactory *self, const gchar *name,
                                 const gchar *text, GError **error);
gboolean cns_object_factory_set_value (CnsObjectFactory *self,
                                       const gchar *name, const GValue *value,
                                       GError **error);
gpointer cns_object_factory_create (const CnsObjectFactory *self);
gchar *cns_object_factory_to_string (const CnsObjectFactory *self);

GType cns_object_factory_resolve_type (const gchar *name, GType base_type,
                                       GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsObjectFactory, cns_object_factory_free)

G_END_DECLS
