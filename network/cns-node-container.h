/* cns — ordered sets of nodes, for helpers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-node.h"

G_BEGIN_DECLS

/**
 * CnsNodeContainer:
 *
 * An ordered list of nodes, as ns-3's NodeContainer: helpers take and
 * return them. A refcounted boxed type; it holds a reference to each node.
 */
typedef struct _CnsNodeContainer CnsNodeContainer;

#define CNS_TYPE_NODE_CONTAINER (cns_node_container_get_type ())
GType cns_node_container_get_type (void) G_GNUC_CONST;

CnsNodeContainer *cns_node_container_new (void);
CnsNodeContainer *cns_node_container_new_global (void);
CnsNodeContainer *cns_node_container_ref (CnsNodeContainer *self);
void cns_node_container_unref (CnsNodeContainer *self);

void cns_node_container_create (CnsNodeContainer *self, guint32 n);
void cns_node_container_create_with_system_id (CnsNodeContainer *self,
                                               guint32 n, guint32 system_id);
void cns_node_container_add (CnsNodeContainer *self, CnsNode *node);
void cns_node_container_add_container (CnsNodeContainer *self,
                                       const CnsNodeContainer *other);
guint32 cns_node_container_get_n (const CnsNodeContainer *self);
CnsNode *cns_node_container_get (const CnsNodeContainer *self, guint32 index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsNodeContainer, cns_node_container_unref)

G_END_DECLS
