/* cns — ordered sets of nodes, for helpers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "network/cns-node-container.h"

struct _CnsNodeContainer
{
  gint ref_count;
  GPtrArray *nodes; /* CnsNode, referenced */
};

G_DEFINE_BOXED_TYPE (CnsNodeContainer, cns_node_container,
                     cns_node_container_ref, cns_node_container_unref)

/**
 * cns_node_container_new:
 *
 * Returns: (transfer full): an empty container.
 */
CnsNodeContainer *
cns_node_container_new (void)
{
  CnsNodeContainer *self = g_new (CnsNodeContainer, 1);

  self->ref_count = 1;
  self->nodes = g_ptr_array_new_with_free_func (g_object_unref);
  return self;
}

/**
 * cns_node_container_new_global:
 *
 * Returns: (transfer full): every node of the simulation, in id order.
 */
CnsNodeContainer *
cns_node_container_new_global (void)
{
  CnsNodeContainer *self = cns_node_container_new ();

  for (guint32 i = 0; i < cns_node_list_get_n_nodes (); i++)
    cns_node_container_add (self, cns_node_list_get_node (i));
  return self;
}

/**
 * cns_node_container_ref:
 *
 * Returns: (transfer full): @self.
 */
CnsNodeContainer *
cns_node_container_ref (CnsNodeContainer *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

/**
 * cns_node_container_unref:
 *
 * Drops a reference.
 */
void
cns_node_container_unref (CnsNodeContainer *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_ptr_array_unref (self->nodes);
  g_free (self);
}

/**
 * cns_node_container_create:
 *
 * Makes @n nodes on system 0 and adds them.
 */
void
cns_node_container_create (CnsNodeContainer *self, guint32 n)
{
  cns_node_container_create_with_system_id (self, n, 0);
}

/**
 * cns_node_container_create_with_system_id:
 *
 * Makes @n nodes for MPI rank @system_id and adds them.
 */
void
cns_node_container_create_with_system_id (CnsNodeContainer *self, guint32 n,
                                          guint32 system_id)
{
  g_return_if_fail (self != NULL);
  for (guint32 i = 0; i < n; i++)
    g_ptr_array_add (self->nodes, cns_node_new_with_system_id (system_id));
}

/**
 * cns_node_container_add:
 *
 * Appends @node.
 */
void
cns_node_container_add (CnsNodeContainer *self, CnsNode *node)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (CNS_IS_NODE (node));
  g_ptr_array_add (self->nodes, g_object_ref (node));
}

/**
 * cns_node_container_add_container:
 *
 * Appends every node of @other.
 */
void
cns_node_container_add_container (CnsNodeContainer *self,
                                  const CnsNodeContainer *other)
{
  g_return_if_fail (self != NULL && other != NULL);
  for (guint i = 0; i < other->nodes->len; i++)
    cns_node_container_add (self, other->nodes->pdata[i]);
}

/**
 * cns_node_container_get_n:
 *
 * Returns: the number of nodes.
 */
guint32
cns_node_container_get_n (const CnsNodeContainer *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->nodes->len;
}

/**
 * cns_node_container_get:
 *
 * Returns: (transfer none): node @index.
 */
CnsNode *
cns_node_container_get (const CnsNodeContainer *self, guint32 index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->nodes->len, NULL);
  return self->nodes->pdata[index];
}
