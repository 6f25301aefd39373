/* cns — pcap capture files.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-time.h"
#include "network/cns-packet.h"

G_BEGIN_DECLS

/* Link-layer types (www.tcpdump.org/linktypes.html). */
#define CNS_PCAP_LINKTYPE_ETHERNET 1
#define CNS_PCAP_LINKTYPE_PPP      9
#define CNS_PCAP_LINKTYPE_RAW      101
#define CNS_PCAP_LINKTYPE_SUNATM   123

#define CNS_PCAP_DEFAULT_SNAPLEN 65535

/**
 * CnsPcapFile:
 *
 * A classic pcap file (not pcapng) that tcpdump, tshark and Wireshark
 * read. Files cns writes use nanosecond timestamps (magic 0xa1b23c4d,
 * simulation time truncated from picoseconds); files it reads may use
 * micro- or nanosecond timestamps in either byte order.
 */
typedef struct _CnsPcapFile CnsPcapFile;

CnsPcapFile *cns_pcap_file_create (const gchar *path, guint32 link_type,
                                   guint32 snaplen, GError **error);
gboolean cns_pcap_file_write (CnsPcapFile *self, CnsTime time,
                              const guint8 *data, guint32 captured,
                              guint32 original, GError **error);
gboolean cns_pcap_file_write_packet (CnsPcapFile *self, CnsTime time,
                                     const CnsPacket *packet, GError **error);

CnsPcapFile *cns_pcap_file_open (const gchar *path, GError **error);
gboolean cns_pcap_file_read (CnsPcapFile *self, CnsTime *time, GByteArray *data,
                             guint32 *original, GError **error);

guint32 cns_pcap_file_get_link_type (const CnsPcapFile *self);
guint32 cns_pcap_file_get_snaplen (const CnsPcapFile *self);
gboolean cns_pcap_file_close (CnsPcapFile *self, GError **error);

G_END_DECLS
