/* cns — output paths checked before a run (cns_output_check_file(),
 * cns_output_check_directory()).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-output.h"
#include "core/suites.h"
#include "lib/cns-test.h"

#include <errno.h>
#include <stdlib.h>

static gchar *tmp;

static void
setup (void)
{
  g_autofree gchar *file = NULL;

  tmp = g_dir_make_tmp ("cns-output-XXXXXX", NULL);
  ck_assert_ptr_nonnull (tmp);
  /* a regular file, under which nothing can be made */
  file = g_build_filename (tmp, "file", NULL);
  ck_assert (g_file_set_contents (file, "x", 1, NULL));
}

static void
teardown (void)
{
  g_autofree gchar *command = g_strdup_printf ("rm -rf '%s'", tmp);

  ck_assert_int_eq (system (command), 0);
  g_clear_pointer (&tmp, g_free);
}

START_TEST (test_output_file)
{
  g_autofree gchar *missing = g_build_filename (tmp, "new.xml", NULL);
  g_autofree gchar *existing = g_build_filename (tmp, "file", NULL);
  g_autofree gchar *contents = NULL;
  GError *error = NULL;

  /* a missing file: made and removed again */
  ck_assert (cns_output_check_file (missing, &error));
  ck_assert_ptr_null (error);
  ck_assert (!g_file_test (missing, G_FILE_TEST_EXISTS));
  /* an existing one: kept as it is */
  ck_assert (cns_output_check_file (existing, &error));
  ck_assert (g_file_get_contents (existing, &contents, NULL, NULL));
  ck_assert_str_eq (contents, "x");
}
END_TEST

START_TEST (test_output_file_unwritable)
{
  g_autofree gchar *under_file = g_build_filename (tmp, "file", "a.xml", NULL);
  g_autofree gchar *no_dir = g_build_filename (tmp, "none", "a.xml", NULL);
  g_autofree gchar *want = NULL;
  GError *error = NULL;

  ck_assert (!cns_output_check_file (under_file, &error));
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR));
  want = g_strdup_printf ("cannot write %s: %s", under_file,
                          g_strerror (ENOTDIR));
  ck_assert_str_eq (error->message, want);
  g_clear_error (&error);
  ck_assert (!cns_output_check_file (no_dir, &error));
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT));
  g_clear_error (&error);
  ck_assert (!cns_output_check_file (tmp, &error)); /* a directory */
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR));
  g_clear_error (&error);
}
END_TEST

START_TEST (test_output_directory)
{
  g_autofree gchar *deep = g_build_filename (tmp, "a", "b", NULL);
  g_autofree gchar *under_file = g_build_filename (tmp, "file", "plots", NULL);
  g_autofree gchar *want = NULL;
  GError *error = NULL;
  GDir *dir;

  /* made with its parents, and left empty */
  ck_assert (cns_output_check_directory (deep, &error));
  ck_assert_ptr_null (error);
  dir = g_dir_open (deep, 0, NULL);
  ck_assert_ptr_nonnull (dir);
  ck_assert_ptr_null (g_dir_read_name (dir));
  g_dir_close (dir);
  ck_assert (cns_output_check_directory (deep, &error));

  ck_assert (!cns_output_check_directory (under_file, &error));
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR));
  want = g_strdup_printf ("cannot make directory %s: %s", under_file,
                          g_strerror (ENOTDIR));
  ck_assert_str_eq (error->message, want);
  g_clear_error (&error);
}
END_TEST

Suite *
test_output_suite (void)
{
  Suite *s = suite_create ("output");
  TCase *tc = tcase_create ("paths");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_output_file);
  tcase_add_test (tc, test_output_file_unwritable);
  tcase_add_test (tc, test_output_directory);
  suite_add_tcase (s, tc);
  return s;
}
