/* cns — tests of CnsXmlWriter.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-core.h"
#include "core/suites.h"
#include "stats/cns-stats.h"
#include "lib/cns-test.h"

#include <glib/gstdio.h>

START_TEST (test_xml_writer_document)
{
  g_autofree gchar *dir = cns_test_make_tmp_dir ("xml-writer");
  g_autofree gchar *path = g_build_filename (dir, "out.xml", NULL);
  g_autofree gchar *text = NULL;
  g_autoptr (GError) error = NULL;
  CnsXmlWriter *w = cns_xml_writer_new (path, &error);

  ck_assert_ptr_nonnull (w);
  ck_assert_ptr_null (error);
  cns_xml_writer_start_element (w, "FlowMonitor");
  cns_xml_writer_start_element (w, "Flow");
  cns_xml_writer_write_attribute (w, "flowId", "1");
  cns_xml_writer_write_attribute (w, "note", "a<b & \"c\"");
  cns_xml_writer_end_element (w);
  cns_xml_writer_start_element (w, "Empty");
  /* closing ends the open elements */
  ck_assert (cns_xml_writer_close (w, &error));
  ck_assert_ptr_null (error);
  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  ck_assert_str_eq (text, "<?xml version=\"1.0\"?>\n"
                          "<FlowMonitor>\n"
                          "  <Flow flowId=\"1\" note=\"a&lt;b &amp; "
                          "&quot;c&quot;\"/>\n"
                          "  <Empty/>\n"
                          "</FlowMonitor>\n");
  cns_test_remove_tmp_dir (&dir);
}
END_TEST

START_TEST (test_xml_writer_bad_path)
{
  g_autofree gchar *dir = cns_test_make_tmp_dir ("xml-writer");
  g_autofree gchar *path = g_build_filename (dir, "no", "out.xml", NULL);
  g_autoptr (GError) error = NULL;

  ck_assert_ptr_null (cns_xml_writer_new (path, &error));
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT));
  ck_assert_ptr_nonnull (strstr (error->message, path));
  cns_test_remove_tmp_dir (&dir);
}
END_TEST

/* A full disk is reported by close, naming the file. */
START_TEST (test_xml_writer_full_disk)
{
  g_autoptr (GError) error = NULL;
  CnsXmlWriter *w;

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    return;
  w = cns_xml_writer_new ("/dev/full", &error);
  ck_assert_ptr_nonnull (w);
  for (guint i = 0; i < 10000; i++)
    {
      cns_xml_writer_start_element (w, "Flow");
      cns_xml_writer_end_element (w);
    }
  ck_assert (!cns_xml_writer_close (w, &error));
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOSPC));
  ck_assert_ptr_nonnull (strstr (error->message, "“/dev/full”"));
}
END_TEST

Suite *
test_xml_writer_suite (void)
{
  Suite *s = suite_create ("xml-writer");
  TCase *tc = tcase_create ("xml-writer");

  tcase_add_checked_fixture (tc, cns_test_reset, cns_test_reset);
  tcase_add_test (tc, test_xml_writer_document);
  tcase_add_test (tc, test_xml_writer_bad_path);
  tcase_add_test (tc, test_xml_writer_full_disk);
  suite_add_tcase (s, tc);
  return s;
}
