/* placeholder while writing */
#include "internet/socket-double.h"
#include "internet/suites.h"
#include "lib/cns-test.h"
Suite *
test_udp_echo_suite (void)
{
  return suite_create ("udp_echo");
}
