/* cns — base class of nodes, devices, channels, protocols, applications.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-prefetch.h"

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
 * @hint_memory: passes @fn the blocks of memory that the events of the
 *   object's node read when they use the object: the instance by default.
 *   A class chains up and adds its private data and the blocks it owns
 *   and reads with every packet. See cns_object_add_prefetch_hints().
 */
struct _CnsObjectClass
{
  GObjectClass parent_class;

  void (*initialize) (CnsObject *self);
  void (*notify_new_aggregate) (CnsObject *self);
  void (*hint_memory) (CnsObject *self, guint32 context, CnsPrefetchHintFn fn);

  /*< private >*/
  gpointer padding[7];
};

gpointer cns_object_new (GType type, const gchar *first_property_name, ...);
gpointer cns_object_new_with_properties (GType type, guint n_properties,
                                         const gchar *names[],
                                         const GValue values[]);

void cns_object_aggregate (CnsObject *self, CnsObject *other);
gpointer cns_object_get (gpointer self, GType type);
void cns_object_foreach_aggregate (CnsObject *self, GFunc func,
                                   gpointer user_data);

/**
 * CNS_DEFINE_HINT_MEMORY_WITH_PRIVATE:
 * @TypeName: a type defined with G_DEFINE_*_WITH_PRIVATE, whose private
 *   struct is TypeName##Private
 * @type_name: its prefix
 *
 * Defines type_name##_hint_memory(), a CnsObjectClass.hint_memory that
 * chains up and adds the type's private data, for its class_init to
 * install.
 */
#define CNS_DEFINE_HINT_MEMORY_WITH_PRIVATE(TypeName, type_name)         \
  static void type_name##_hint_memory (CnsObject *self, guint32 context, \
                                       CnsPrefetchHintFn fn)             \
  {                                                                      \
    CNS_OBJECT_CLASS (type_name##_parent_class)                          \
        ->hint_memory (self, context, fn);                               \
    fn (context, type_name##_get_instance_private ((TypeName *) self),   \
        sizeof (TypeName##Private));                                     \
  }

void cns_object_hint_no_memory (CnsObject *self, guint32 context,
                                CnsPrefetchHintFn fn);
void cns_object_add_prefetch_hints (CnsObject *self, guint32 context);
void cns_object_remove_prefetch_hints (CnsObject *self, guint32 context);

void cns_object_initialize (CnsObject *self);
gboolean cns_object_is_initialized (CnsObject *self);
void cns_object_dispose (CnsObject *self);
/* For an owner that disposes @self with cns_object_dispose() before it
 * drops its reference, as the node list does with nodes: the aggregate
 * then holds its members with plain references rather than toggle
 * references, which cost each member its own qdata. Irreversible. */
void cns_object_anchor (CnsObject *self);

G_END_DECLS
