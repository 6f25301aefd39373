/* cns — base class of nodes, devices, channels, protocols, applications.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* What G_DECLARE_DERIVABLE_TYPE declares, with one field in the instance
 * struct: a private struct would cost every object 16 bytes, since GLib
 * rounds each class's share of the private area up to 16. */
#define CNS_TYPE_OBJECT (cns_object_get_type ())
GType cns_object_get_type (void);

typedef struct _CnsObject CnsObject;
typedef struct _CnsObjectClass CnsObjectClass;

struct _CnsObject
{
  GObject parent_instance;

  /*< private >*/
  guintptr aggregate; /* the aggregate, and flags in the low bits */
};

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsObject, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsObjectClass, g_type_class_unref)

static inline CnsObject *
CNS_OBJECT (gpointer ptr)
{
  return G_TYPE_CHECK_INSTANCE_CAST (ptr, CNS_TYPE_OBJECT, CnsObject);
}

static inline CnsObjectClass *
CNS_OBJECT_CLASS (gpointer ptr)
{
  return G_TYPE_CHECK_CLASS_CAST (ptr, CNS_TYPE_OBJECT, CnsObjectClass);
}

static inline gboolean
CNS_IS_OBJECT (gpointer ptr)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (ptr, CNS_TYPE_OBJECT);
}

static inline gboolean
CNS_IS_OBJECT_CLASS (gpointer ptr)
{
  return G_TYPE_CHECK_CLASS_TYPE (ptr, CNS_TYPE_OBJECT);
}

static inline CnsObjectClass *
CNS_OBJECT_GET_CLASS (gpointer ptr)
{
  return G_TYPE_INSTANCE_GET_CLASS (ptr, CNS_TYPE_OBJECT, CnsObjectClass);
}

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
/* For an owner that disposes @self with cns_object_dispose() before it
 * drops its reference, as the node list does with nodes: the aggregate
 * then holds its members with plain references rather than toggle
 * references, which cost each member its own qdata. Irreversible. */
void cns_object_anchor (CnsObject *self);

/**
 * CNS_INSTANCE_IS_A:
 * @instance: (nullable): a #GTypeInstance
 * @type: a type
 *
 * G_TYPE_CHECK_INSTANCE_TYPE() for the argument checks of public functions
 * on per-packet paths (sending on a socket or a device). GLib's check is
 * quick for an instance of exactly @type only; a subclass, which is what
 * such functions get, walks the type hierarchy in a function call. This
 * remembers the last class that passed at each call site, so a repeated
 * check is one comparison. Classes are never freed while instances live;
 * the threads of a parallel run read and write the remembered class as a
 * relaxed atomic, which costs what a plain load and store do.
 */
#define CNS_INSTANCE_IS_A(instance, type)                                \
  (G_GNUC_EXTENSION ({                                                   \
    static GTypeClass *cns_instance_is_a_class_;                         \
    GTypeInstance *cns_instance_is_a_ = (GTypeInstance *) (instance);    \
    cns_instance_is_a_ != NULL                                           \
        && (cns_instance_is_a_->g_class                                  \
                == __atomic_load_n (&cns_instance_is_a_class_,           \
                                    __ATOMIC_RELAXED)                    \
            || cns_instance_is_a_remember (cns_instance_is_a_, (type),   \
                                           &cns_instance_is_a_class_));  \
  }))

gboolean cns_instance_is_a_remember (GTypeInstance *instance, GType type,
                                     GTypeClass **last);

G_END_DECLS
