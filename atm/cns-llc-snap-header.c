/* cns — the LLC/SNAP header of routed PDUs over AAL5 (RFC 2684).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "atm/cns-llc-snap-header.h"

#include <string.h>

/* LLC DSAP AA, SSAP AA, control 03 (UI); SNAP OUI 00-00-00 (EtherType) */
static const guint8 llc_snap_prefix[6] = { 0xaa, 0xaa, 0x03, 0x00, 0x00, 0x00 };

static gsize
llc_snap_get_serialized_size (gconstpointer header)
{
  return CNS_LLC_SNAP_HEADER_SIZE;
}

static void
llc_snap_serialize (gconstpointer header, guint8 *start)
{
  const CnsLlcSnapHeader *h = header;

  memcpy (start, llc_snap_prefix, sizeof llc_snap_prefix);
  start[6] = (guint8) (h->ether_type >> 8);
  start[7] = (guint8) h->ether_type;
}

static gsize
llc_snap_deserialize (gpointer header, const guint8 *data, gsize available)
{
  CnsLlcSnapHeader *h = header;

  if (available < CNS_LLC_SNAP_HEADER_SIZE
      || memcmp (data, llc_snap_prefix, sizeof llc_snap_prefix) != 0)
    return 0;
  h->ether_type = (guint16) (data[6] << 8 | data[7]);
  return CNS_LLC_SNAP_HEADER_SIZE;
}

static void
llc_snap_print (gconstpointer header, GString *out)
{
  const CnsLlcSnapHeader *h = header;

  g_string_append_printf (out, "LLC/SNAP: EtherType 0x%04x", h->ether_type);
}

const CnsHeaderClass cns_llc_snap_header_class = {
  .name = "LlcSnapHeader",
  .get_serialized_size = llc_snap_get_serialized_size,
  .serialize = llc_snap_serialize,
  .deserialize = llc_snap_deserialize,
  .print = llc_snap_print,
};
