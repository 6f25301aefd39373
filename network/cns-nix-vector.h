/* cns — nix vectors: a packet's path as a string of neighbour indices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CnsNixVector:
 *
 * A path through the network as nix-vector routing carries it in a packet:
 * at each hop, the index of the neighbour to go to next, written in just
 * enough bits for that node's number of neighbours. A refcounted boxed
 * type, built once by the routing protocol and then shared, read-only, by
 * every packet that follows the path; each packet keeps its own read
 * position (cns_packet_extract_nix_index()). References may be taken and
 * dropped from any thread; building is for one thread.
 */
typedef struct _CnsNixVector CnsNixVector;

#define CNS_TYPE_NIX_VECTOR (cns_nix_vector_get_type ())
GType cns_nix_vector_get_type (void) G_GNUC_CONST;

CnsNixVector *cns_nix_vector_new (void);
CnsNixVector *cns_nix_vector_ref (CnsNixVector *self);
void cns_nix_vector_unref (CnsNixVector *self);

void cns_nix_vector_add_neighbor_index (CnsNixVector *self, guint32 index,
                                        guint32 n_bits);
guint32 cns_nix_vector_get_n_bits (const CnsNixVector *self);
guint32 cns_nix_vector_extract (const CnsNixVector *self, guint32 *position,
                                guint32 n_bits);

guint32 cns_nix_vector_get_epoch (const CnsNixVector *self);
void cns_nix_vector_set_epoch (CnsNixVector *self, guint32 epoch);

void cns_nix_vector_print (const CnsNixVector *self, GString *out);
gboolean cns_nix_vector_equal (const CnsNixVector *a, const CnsNixVector *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsNixVector, cns_nix_vector_unref)

G_END_DECLS
