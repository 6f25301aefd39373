/* cns — error models: decide which received packets are corrupt.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

#define CNS_TYPE_ERROR_MODEL (cns_error_model_get_type ())
G_DECLARE_DERIVABLE_TYPE (CnsErrorModel, cns_error_model, CNS, ERROR_MODEL,
                          CnsObject)

/**
 * CnsErrorModelClass:
 * @is_corrupt: decides whether @packet is corrupt; called only while the
 *   model is enabled
 * @reset: forgets any state (for example a list position); may be %NULL
 *
 * Base of error models attached to devices as their ReceiveErrorModel, as
 * in ns-3. A device drops a packet its model calls corrupt and fires its
 * PhyRxDrop trace.
 */
struct _CnsErrorModelClass
{
  CnsObjectClass parent_class;

  gboolean (*is_corrupt) (CnsErrorModel *self, CnsPacket *packet);
  void (*reset) (CnsErrorModel *self);

  /*< private >*/
  gpointer padding[4];
};

gboolean cns_error_model_is_corrupt (CnsErrorModel *self, CnsPacket *packet);
void cns_error_model_reset (CnsErrorModel *self);
void cns_error_model_set_enabled (CnsErrorModel *self, gboolean enabled);
gboolean cns_error_model_is_enabled (CnsErrorModel *self);

G_END_DECLS
