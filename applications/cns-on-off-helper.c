/* cns — installing on-off sources.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's OnOffHelper: a CnsApplicationHelper for CnsOnOffApplication whose
 * constructor takes the protocol and the remote address, as ns-3's
 * OnOffHelper ("ns3::UdpSocketFactory", InetSocketAddress (...)) does.
 */
#include "applications/cns-on-off-helper.h"

#include "applications/cns-on-off-application.h"

struct _CnsOnOffHelper
{
  CnsApplicationHelper parent_instance;
};

G_DEFINE_FINAL_TYPE (CnsOnOffHelper, cns_on_off_helper,
                     CNS_TYPE_APPLICATION_HELPER)

static void
cns_on_off_helper_class_init (CnsOnOffHelperClass *klass)
{
}

static void
cns_on_off_helper_init (CnsOnOffHelper *self)
{
}

/**
 * cns_on_off_helper_new:
 * @protocol: the socket factory type of the transport, or
 *   %G_TYPE_INVALID for the default, UDP
 * @remote: where the sources send
 *
 * Returns: (transfer full): a helper installing on-off sources.
 */
CnsOnOffHelper *
cns_on_off_helper_new (GType protocol, const CnsInetSocketAddress *remote)
{
  return CNS_ON_OFF_HELPER (cns_application_helper_new_with_socket (
      CNS_TYPE_ON_OFF_HELPER, CNS_TYPE_ON_OFF_APPLICATION, protocol, "Remote",
      remote));
}

/**
 * cns_on_off_helper_set_constant_rate:
 * @rate: the rate to send at, not 0
 * @packet_size: the bytes in each packet, not 0 (ns-3's default is 512)
 *
 * Makes the sources send at @rate all the time: always on (OnTime the
 * constant 1000 s, OffTime 0, as ns-3's SetConstantRate).
 */
void
cns_on_off_helper_set_constant_rate (CnsOnOffHelper *self, CnsDataRate rate,
                                     guint32 packet_size)
{
  CnsApplicationHelper *helper = CNS_APPLICATION_HELPER (self);
  g_auto (GValue) v = G_VALUE_INIT;

  g_return_if_fail (CNS_IS_ON_OFF_HELPER (self));
  g_return_if_fail (rate > 0);
  g_return_if_fail (packet_size > 0);
  cns_application_helper_set_attribute (helper, "OnTime",
                                        "Constant(Constant=1000)", NULL);
  cns_application_helper_set_attribute (helper, "OffTime",
                                        "Constant(Constant=0)", NULL);
  g_value_init (&v, CNS_TYPE_DATA_RATE);
  cns_value_set_data_rate (&v, rate);
  cns_application_helper_set_attribute_value (helper, "DataRate", &v, NULL);
  g_value_unset (&v);
  g_value_init (&v, G_TYPE_UINT);
  g_value_set_uint (&v, packet_size);
  cns_application_helper_set_attribute_value (helper, "PacketSize", &v, NULL);
}
