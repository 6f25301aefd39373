/* cns — prints its arguments, one "[argument]" a line, for
 * waf-run-quoting.sh to see exactly what ./waf --run passed.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>

int
main (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    printf ("[%s]\n", argv[i]);
  return 0;
}
