/* cns — installing bulk senders.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's BulkSendHelper: a CnsApplicationHelper for
 * CnsBulkSendApplication whose constructor takes the protocol and the
 * remote address, as ns-3's BulkSendHelper ("ns3::TcpSocketFactory",
 * InetSocketAddress (...)) does. SendSize, MaxBytes and Local are set as
 * attributes of the helper.
 */
#include "internet/cns-bulk-send-helper.h"

#include "internet/cns-bulk-send-application.h"
#include "internet/cns-socket-factory.h"

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
  CnsApplicationHelper *self;
  g_auto (GValue) v = G_VALUE_INIT;

  g_return_val_if_fail (protocol == G_TYPE_INVALID
                            || g_type_is_a (protocol, CNS_TYPE_SOCKET_FACTORY),
                        NULL);
  g_return_val_if_fail (remote != NULL, NULL);
  self = g_object_new (CNS_TYPE_BULK_SEND_HELPER, "application-type",
                       CNS_TYPE_BULK_SEND_APPLICATION, NULL);
  g_value_init (&v, CNS_TYPE_INET_SOCKET_ADDRESS);
  g_value_set_boxed (&v, remote);
  cns_application_helper_set_attribute_value (self, "Remote", &v, NULL);
  if (protocol != G_TYPE_INVALID)
    {
      g_value_unset (&v);
      g_value_init (&v, G_TYPE_GTYPE);
      g_value_set_gtype (&v, protocol);
      cns_application_helper_set_attribute_value (self, "Protocol", &v, NULL);
    }
  return CNS_BULK_SEND_HELPER (self);
}
