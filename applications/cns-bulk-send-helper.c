/* cns — installing bulk senders.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's BulkSendHelper: a CnsApplicationHelper for
 * CnsBulkSendApplication whose constructor takes the protocol and the
 * remote address, as ns-3's BulkSendHelper ("ns3::TcpSocketFactory",
 * InetSocketAddress (...)) does. SendSize, MaxBytes and Local are set as
 * attributes of the helper.
 */
#include "applications/cns-bulk-send-helper.h"

#include "applications/cns-bulk-send-application.h"

struct _CnsBulkSendHelper
{
  CnsApplicationHelper parent_instance;
};

G_DEFINE_FINAL_TYPE (CnsBulkSendHelper, cns_bulk_send_helper,
                     CNS_TYPE_APPLICATION_HELPER)

static void
cns_bulk_send_helper_class_init (CnsBulkSendHelperClass *klass)
{
}

static void
cns_bulk_send_helper_init (CnsBulkSendHelper *self)
{
}

/**
 * cns_bulk_send_helper_new:
 * @protocol: the socket factory type of a connection-oriented transport,
 *   or %G_TYPE_INVALID for the default, TCP
 * @remote: where the senders connect
 *
 * Returns: (transfer full): a helper installing bulk senders.
 */
CnsBulkSendHelper *
cns_bulk_send_helper_new (GType protocol, const CnsInetSocketAddress *remote)
{
  return CNS_BULK_SEND_HELPER (cns_application_helper_new_with_socket (
      CNS_TYPE_BULK_SEND_HELPER, CNS_TYPE_BULK_SEND_APPLICATION, protocol,
      "Remote", remote));
}
