/* cns — start-up of the routing module, called by the library's, and
 * what its files share.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-l3-protocol.h"

G_BEGIN_DECLS

/* What a routing protocol fills a route with for leaving by an
 * interface: its device, and its first address as the source. */
typedef struct
{
  CnsNetDevice *device;
  CnsIpv4Address source;
} CnsRoutingInterface;

G_GNUC_INTERNAL void cns_routing_init (void);

/* The widest vector instructions the backends may use:
 * CNS_ROUTING_SIMD=portable, =avx2 or =avx512 caps them (read at each
 * call), so that tests can compare every path on one machine. */
typedef enum
{
  CNS_ROUTING_SIMD_PORTABLE,
  CNS_ROUTING_SIMD_AVX2,
  CNS_ROUTING_SIMD_AVX512,
} CnsRoutingSimd;

G_GNUC_INTERNAL CnsRoutingSimd cns_routing_simd_cap (void);
G_GNUC_INTERNAL void cns_spf_route_backend_register (void);
G_GNUC_INTERNAL void cns_fw_route_backend_register (void);
G_GNUC_INTERNAL void cns_cuda_route_backend_register (void);
G_GNUC_INTERNAL void cns_auto_route_backend_register (void);
G_GNUC_INTERNAL CnsRoutingInterface *
cns_routing_interfaces_learn (CnsIpv4L3Protocol *ipv4, guint32 *n_interfaces);
G_GNUC_INTERNAL void cns_routing_check_shared_change (const gchar *what);

G_END_DECLS
