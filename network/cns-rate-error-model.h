/* cns — an error model with a fixed error rate per packet, byte or bit.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "network/cns-error-model.h"

G_BEGIN_DECLS

/**
 * CnsErrorUnit:
 * @CNS_ERROR_UNIT_BIT: ErrorRate is the probability that a bit is wrong
 * @CNS_ERROR_UNIT_BYTE: ... that a byte is wrong
 * @CNS_ERROR_UNIT_PACKET: ... that a packet is corrupt
 */
typedef enum
{
  CNS_ERROR_UNIT_BIT,
  CNS_ERROR_UNIT_BYTE,
  CNS_ERROR_UNIT_PACKET,
} CnsErrorUnit;

#define CNS_TYPE_ERROR_UNIT (cns_error_unit_get_type ())
GType cns_error_unit_get_type (void) G_GNUC_CONST;

#define CNS_TYPE_RATE_ERROR_MODEL (cns_rate_error_model_get_type ())
G_DECLARE_FINAL_TYPE (CnsRateErrorModel, cns_rate_error_model, CNS,
                      RATE_ERROR_MODEL, CnsErrorModel)

CnsErrorModel *cns_rate_error_model_new (CnsErrorUnit unit, gdouble rate);

G_END_DECLS
