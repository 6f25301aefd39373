/* cns — libFuzzer harness: arbitrary bytes into the BRITE configuration
 * parser.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Any input must either parse or fail with a CNS_BRITE_ERROR, never
 * crash or leak. Built and run by run-fuzz.sh.
 */
#include "brite/cns-brite-config.h"
#include "brite/cns-brite-error.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsBriteConfig) config = NULL;

  config = cns_brite_config_parse ((const gchar *) data, (gssize) size, "fuzz",
                                   &error);
  if ((config == NULL) == (error == NULL))
    abort ();
  if (error != NULL && error->domain != CNS_BRITE_ERROR)
    abort ();
  return 0;
}
