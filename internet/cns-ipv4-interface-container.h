/* cns — the IPv4 interfaces an address helper configured.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "internet/cns-ipv4-l3-protocol.h"

G_BEGIN_DECLS

typedef struct _CnsIpv4InterfaceContainer CnsIpv4InterfaceContainer;

#define CNS_TYPE_IPV4_INTERFACE_CONTAINER \
  (cns_ipv4_interface_container_get_type ())
GType cns_ipv4_interface_container_get_type (void) G_GNUC_CONST;

CnsIpv4InterfaceContainer *cns_ipv4_interface_container_new (void);
CnsIpv4InterfaceContainer *
cns_ipv4_interface_container_ref (CnsIpv4InterfaceContainer *self);
void cns_ipv4_interface_container_unref (CnsIpv4InterfaceContainer *self);
void cns_ipv4_interface_container_add (CnsIpv4InterfaceContainer *self,
                                       CnsIpv4L3Protocol *ipv4,
                                       guint32 interface);
void cns_ipv4_interface_container_add_container (
    CnsIpv4InterfaceContainer *self, const CnsIpv4InterfaceContainer *other);
guint32
cns_ipv4_interface_container_get_n (const CnsIpv4InterfaceContainer *self);
CnsIpv4L3Protocol *
cns_ipv4_interface_container_get_ipv4 (const CnsIpv4InterfaceContainer *self,
                                       guint32 index);
guint32 cns_ipv4_interface_container_get_interface (
    const CnsIpv4InterfaceContainer *self, guint32 index);
CnsIpv4Address
cns_ipv4_interface_container_get_address (const CnsIpv4InterfaceContainer *self,
                                          guint32 index, guint32 address_index);
void cns_ipv4_interface_container_lookup_address (
    const CnsIpv4InterfaceContainer *self, guint32 index, guint32 address_index,
    CnsIpv4Address *address);
void
cns_ipv4_interface_container_set_metric (const CnsIpv4InterfaceContainer *self,
                                         guint32 index, guint16 metric);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsIpv4InterfaceContainer,
                               cns_ipv4_interface_container_unref)

G_END_DECLS
