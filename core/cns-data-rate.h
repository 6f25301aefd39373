/* cns — data rates.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-time.h"

G_BEGIN_DECLS

/**
 * CnsDataRate:
 *
 * A data rate in bits per second.
 */
typedef guint64 CnsDataRate;

#define CNS_DATA_RATE_STRING_SIZE 32

gboolean cns_data_rate_parse (const gchar *text, CnsDataRate *out,
                              GError **error);
gsize cns_data_rate_format (CnsDataRate rate,
                            gchar buf[CNS_DATA_RATE_STRING_SIZE]);
gchar *cns_data_rate_to_string (CnsDataRate rate);
CnsTime cns_data_rate_bits_tx_time (CnsDataRate rate, guint64 bits);
CnsTime cns_data_rate_bytes_tx_time (CnsDataRate rate, guint64 bytes);

#define CNS_TYPE_DATA_RATE           (cns_data_rate_get_type ())
#define CNS_VALUE_HOLDS_DATA_RATE(v) (G_VALUE_HOLDS ((v), CNS_TYPE_DATA_RATE))
#define CNS_TYPE_PARAM_DATA_RATE     (cns_param_data_rate_get_type ())
#define CNS_IS_PARAM_SPEC_DATA_RATE(p) \
  (G_TYPE_CHECK_INSTANCE_TYPE ((p), CNS_TYPE_PARAM_DATA_RATE))

typedef struct
{
  GParamSpec parent_instance;
  CnsDataRate minimum;
  CnsDataRate maximum;
  CnsDataRate default_value;
} CnsParamSpecDataRate;

GType cns_data_rate_get_type (void) G_GNUC_CONST;
GType cns_param_data_rate_get_type (void) G_GNUC_CONST;

void cns_value_set_data_rate (GValue *value, CnsDataRate rate);
CnsDataRate cns_value_get_data_rate (const GValue *value);
GParamSpec *cns_param_spec_data_rate (const gchar *name, const gchar *nick,
                                      const gchar *blurb, CnsDataRate minimum,
                                      CnsDataRate maximum,
                                      CnsDataRate default_value,
                                      GParamFlags flags);

G_END_DECLS
