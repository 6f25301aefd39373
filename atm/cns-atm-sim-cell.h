/* cns — the runtime ATM cell that travels through simulated devices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "atm/cns-abr-source.h"
#include "atm/cns-atm-cell.h"
#include "core/cns-time.h"

G_BEGIN_DECLS

typedef struct _CnsAtmCell CnsAtmCell;

/**
 * CnsAtmCell:
 * @header: the cell header; a PTI of %CNS_ATM_PTI_RM makes it an RM cell
 * @rm: whether @rm_fields hold the fields of an RM cell
 * @rm_fields: the ABR fields of an RM cell
 * @payload: the 48 payload bytes
 * @flow: a caller's id, for statistics
 * @enqueued: when the cell last entered a device queue, for queueing delay
 *
 * A cell in flight in the simulation: a plain struct from a free list, not
 * a GObject and not refcounted; one owner at a time (a queue, an event, a
 * receive callback). Get one with cns_atm_cell_new(), give it back with
 * cns_atm_cell_free().
 */
struct _CnsAtmCell
{
  CnsAtmCellHeader header;
  gboolean rm;
  CnsAbrRmFields rm_fields;
  guint8 payload[CNS_ATM_PAYLOAD_SIZE];
  guint32 flow;
  CnsTime enqueued;

  /*< private >*/
  CnsAtmCell *next; /* the queue or free list the cell is on */
};

/**
 * CNS_ATM_CELL_SERIALIZED_SIZE:
 *
 * The bytes of a serialized #CnsAtmCell (cns_atm_cell_serialize()).
 */
#define CNS_ATM_CELL_SERIALIZED_SIZE 91

#define CNS_TYPE_ATM_CELL (cns_atm_cell_get_type ())
GType cns_atm_cell_get_type (void) G_GNUC_CONST;

CnsAtmCell *cns_atm_cell_new (void);
CnsAtmCell *cns_atm_cell_copy (const CnsAtmCell *cell);
void cns_atm_cell_free (CnsAtmCell *cell);
void cns_atm_cell_free_notify (gpointer cell);
guint64 cns_atm_cell_get_n_live (void);
void cns_atm_cell_trim_free_list (void);
void cns_atm_cell_serialize (const CnsAtmCell *cell,
                             guint8 out[CNS_ATM_CELL_SERIALIZED_SIZE]);
gboolean cns_atm_cell_deserialize (CnsAtmCell *cell, const guint8 *bytes,
                                   gsize size, GError **error);

G_END_DECLS
