/* placeholder while writing */
#include "internet/socket-double.h"
#include "internet/suites.h"
#include "lib/cns-test.h"
Suite *
test_application_suite (void)
{
  return suite_create ("application");
}
