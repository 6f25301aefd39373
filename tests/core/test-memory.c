/* cns — the process's allocator: left alone by the library, tuned on
 * request (cns_memory_tune_heap()).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/suites.h"
#include "lib/cns-test.h"

/* What memory-child prints for @mode. */
static gchar *
run_child (const gchar *mode)
{
  const gchar *argv[] = { CNS_MEMORY_CHILD, mode, NULL };
  g_autofree gchar *err = NULL;
  gchar *out = NULL;
  gint status = cns_test_spawn (argv, NULL, &out, &err);

  ck_assert_msg (status == 0, "memory-child %s: status %d: %s", mode, status,
                 err);
  return out;
}

START_TEST (test_memory_loaded)
{
  g_autofree gchar *out = run_child ("loaded");

  /* glibc's defaults: anything over 128 KiB gets its own mapping */
  ck_assert_str_eq (out, "200 KiB: mapped\n"
                         "1 MiB: mapped\n"
                         "g_slice_alloc: GLib's\n"
                         "libcns: loaded\n");
}
END_TEST

START_TEST (test_memory_tuned)
{
  g_autofree gchar *out = run_child ("tuned");

  /* up to 32 MiB from the heap */
  ck_assert_str_eq (out, "200 KiB: heap\n"
                         "1 MiB: heap\n"
                         "g_slice_alloc: GLib's\n"
                         "libcns: loaded\n");
}
END_TEST

Suite *
test_memory_suite (void)
{
  Suite *s = suite_create ("memory");
  TCase *tc = tcase_create ("process");

  if (CNS_TEST_MALLOC_IS_GLIBC)
    {
      tcase_add_test (tc, test_memory_loaded);
      tcase_add_test (tc, test_memory_tuned);
    }
  suite_add_tcase (s, tc);
  return s;
}
