/* cns — CnsObject internals for the modules built on it.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"

G_BEGIN_DECLS

/* Declares that whoever holds @self disposes it with cns_object_dispose()
 * before dropping its reference, as the node list does with nodes. Its
 * aggregate, which could not die before that anyway, then holds its
 * members with plain references rather than toggle references, which
 * cost each member its own qdata. Irreversible. Exported for the tests. */
void cns_object_anchor (CnsObject *self);

G_END_DECLS
