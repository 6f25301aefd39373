/* cns — test-core's child for the process's allocator settings.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A fresh process linked to libcns, so that its malloc has seen nothing
 * but the library's start-up. "loaded": prints whether blocks of 200 KiB
 * and 1 MiB got mappings of their own (glibc's default threshold is
 * 128 KiB) and whether g_slice_alloc is GLib's own. "tuned": the same
 * after cns_memory_tune_heap(). The blocks are freed only at the end:
 * freeing a mapped block raises glibc's threshold.
 */
#include "core/cns-core.h"

#include <dlfcn.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether a block of @size from malloc got its own mapping. */
static const char *
mapped (gsize size, gpointer *block)
{
  size_t before = mallinfo2 ().hblks;

  *block = malloc (size);
  return mallinfo2 ().hblks > before ? "mapped" : "heap";
}

int
main (int argc, char **argv)
{
  gpointer small, large, glib;

  if (argc != 2
      || (strcmp (argv[1], "loaded") != 0 && strcmp (argv[1], "tuned") != 0))
    {
      fprintf (stderr, "usage: memory-child loaded|tuned\n");
      return 2;
    }
  if (strcmp (argv[1], "tuned") == 0)
    cns_memory_tune_heap ();
  printf ("200 KiB: %s\n", mapped (200 * 1024, &small));
  printf ("1 MiB: %s\n", mapped (1024 * 1024, &large));
  glib = dlopen ("libglib-2.0.so.0", RTLD_NOW | RTLD_NOLOAD);
  printf ("g_slice_alloc: %s\n",
          glib != NULL
                  && dlsym (glib, "g_slice_alloc")
                         == dlsym (RTLD_DEFAULT, "g_slice_alloc")
              ? "GLib's"
              : "another's");
  /* libcns is in the process: the test is about loading it */
  printf ("libcns: %s\n",
          cns_time_to_seconds (cns_seconds (1)) == 1.0 ? "loaded" : "?");
  free (small);
  free (large);
  return 0;
}
