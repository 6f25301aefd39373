/* cns — tests of CnsPcapFile: writing, reading back, the four on-disk
 * variants of classic pcap, bad files, and (when installed) tshark.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "lib/cns-test.h"
#include "network/cns-network.h"
#include "network/suites.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

static gchar *tmp_dir;

static void
pcap_setup (void)
{
  tmp_dir = cns_test_make_tmp_dir ("pcap");
}

/* Removes the files a test made, then the directory. */
static void
pcap_teardown (void)
{
  cns_test_remove_tmp_dir (&tmp_dir);
  cns_test_reset ();
}

static gchar *
tmp_path (const gchar *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

/* Test files written by hand, in either byte order. */

static void
put16 (GByteArray *out, guint16 v, gboolean big)
{
  guint16 w = big ? GUINT16_TO_BE (v) : GUINT16_TO_LE (v);

  g_byte_array_append (out, (const guint8 *) &w, sizeof w);
}

static void
put32 (GByteArray *out, guint32 v, gboolean big)
{
  guint32 w = big ? GUINT32_TO_BE (v) : GUINT32_TO_LE (v);

  g_byte_array_append (out, (const guint8 *) &w, sizeof w);
}

static void
put_header (GByteArray *out, guint32 magic, gboolean big, guint32 snaplen,
            guint32 link_type)
{
  put32 (out, magic, big);
  put16 (out, 2, big);
  put16 (out, 4, big);
  put32 (out, 0, big);
  put32 (out, 0, big);
  put32 (out, snaplen, big);
  put32 (out, link_type, big);
}

static void
put_record_header (GByteArray *out, gboolean big, guint32 sec, guint32 frac,
                   guint32 kept, guint32 original)
{
  put32 (out, sec, big);
  put32 (out, frac, big);
  put32 (out, kept, big);
  put32 (out, original, big);
}

static void
put_record (GByteArray *out, gboolean big, guint32 sec, guint32 frac,
            const guint8 *data, guint32 kept, guint32 original)
{
  put_record_header (out, big, sec, frac, kept, original);
  if (kept > 0)
    g_byte_array_append (out, data, kept);
}

static gchar *
write_file (const gchar *name, const GByteArray *bytes)
{
  gchar *path = tmp_path (name);
  g_autoptr (GError) error = NULL;

  ck_assert_msg (g_file_set_contents (path, (const gchar *) bytes->data,
                                      (gssize) bytes->len, &error),
                 "%s", error ? error->message : "");
  return path;
}

static void
fill_pattern (guint8 *data, guint32 size, guint8 seed)
{
  for (guint32 i = 0; i < size; i++)
    data[i] = (guint8) (seed + 7 * i);
}

/* Reads the next record and checks it. */
static void
expect_record (CnsPcapFile *file, CnsTime time, const guint8 *data,
               guint32 kept, guint32 original)
{
  g_autoptr (GByteArray) got = g_byte_array_new ();
  g_autoptr (GError) error = NULL;
  CnsTime t = -1;
  guint32 orig = 0;

  ck_assert_msg (cns_pcap_file_read (file, &t, got, &orig, &error), "%s",
                 error ? error->message : "end of file");
  ck_assert_int_eq (t, time);
  ck_assert_uint_eq (got->len, kept);
  ck_assert_uint_eq (orig, original);
  if (kept > 0)
    ck_assert_mem_eq (got->data, data, kept);
}

static void
expect_end (CnsPcapFile *file)
{
  g_autoptr (GByteArray) got = g_byte_array_new ();
  g_autoptr (GError) error = NULL;

  ck_assert (!cns_pcap_file_read (file, NULL, got, NULL, &error));
  ck_assert_ptr_null (error);
}

/* Expects that reading @path fails (at open or at some record) with
 * @code and a message holding @path and @fragment. */
static void
expect_read_error (const gchar *path, gint code, const gchar *fragment)
{
  g_autoptr (GByteArray) got = g_byte_array_new ();
  g_autoptr (GError) error = NULL;
  CnsPcapFile *file = cns_pcap_file_open (path, &error);

  if (file != NULL)
    {
      while (cns_pcap_file_read (file, NULL, got, NULL, &error))
        ;
      ck_assert (cns_pcap_file_close (file, NULL));
    }
  ck_assert_msg (error != NULL, "%s read without error", path);
  ck_assert (error->domain == CNS_NETWORK_ERROR);
  ck_assert_msg (error->code == code, "code %d, not %d: %s", error->code, code,
                 error->message);
  ck_assert_msg (strstr (error->message, path) != NULL,
                 "message '%s' does not name the file", error->message);
  ck_assert_msg (strstr (error->message, fragment) != NULL,
                 "message '%s' lacks '%s'", error->message, fragment);
}

/* The records test_pcap_write_read writes, by time. */
#define T1 (3 * CNS_TIME_PS_PER_S / 2 + 123 * CNS_TIME_PS_PER_NS)
#define T2 (2 * CNS_TIME_PS_PER_S + 999)
#define T3 (3 * CNS_TIME_PS_PER_S)
#define T4 (4 * CNS_TIME_PS_PER_S + 1)

static gchar *
write_sample (const gchar *name, guint8 *big)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsPacket) from_data = NULL;
  g_autoptr (CnsPacket) zeros = NULL;
  gchar *path = tmp_path (name);
  CnsPcapFile *file;

  fill_pattern (big, 150, 3);
  from_data = cns_packet_new_from_data (big, 40);
  zeros = cns_packet_new (120);

  file = cns_pcap_file_create (path, CNS_PCAP_LINKTYPE_PPP, 100, &error);
  ck_assert_msg (file != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (cns_pcap_file_get_link_type (file), CNS_PCAP_LINKTYPE_PPP);
  ck_assert_uint_eq (cns_pcap_file_get_snaplen (file), 100);
  ck_assert (cns_pcap_file_write (file, T1, big, 60, 60, &error));
  ck_assert (cns_pcap_file_write (file, 0, NULL, 0, 0, &error));
  /* longer than the snapshot: cut to 100 bytes, whole length kept */
  ck_assert (cns_pcap_file_write (file, T2, big, 150, 150, &error));
  /* a partial capture given by the caller */
  ck_assert (cns_pcap_file_write (file, T2, big, 30, 1500, &error));
  ck_assert (cns_pcap_file_write_packet (file, T3, from_data, &error));
  /* zero-filled payload is written as zeros, and cut too */
  ck_assert (cns_pcap_file_write_packet (file, T4, zeros, &error));
  ck_assert_msg (cns_pcap_file_close (file, &error), "%s",
                 error ? error->message : "");
  return path;
}

START_TEST (test_pcap_write_read)
{
  guint8 big[150];
  guint8 zeros[100] = { 0 };
  g_autofree gchar *path = write_sample ("sample.pcap", big);
  g_autoptr (GError) error = NULL;
  CnsPcapFile *file = cns_pcap_file_open (path, &error);

  ck_assert_msg (file != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (cns_pcap_file_get_link_type (file), CNS_PCAP_LINKTYPE_PPP);
  ck_assert_uint_eq (cns_pcap_file_get_snaplen (file), 100);
  expect_record (file, T1, big, 60, 60);
  expect_record (file, 0, NULL, 0, 0);
  /* picoseconds are truncated to the nanoseconds the file holds */
  expect_record (file, 2 * CNS_TIME_PS_PER_S, big, 100, 150);
  expect_record (file, 2 * CNS_TIME_PS_PER_S, big, 30, 1500);
  expect_record (file, T3, big, 40, 40);
  expect_record (file, 4 * CNS_TIME_PS_PER_S, zeros, 100, 120);
  expect_end (file);
  expect_end (file);
  ck_assert (cns_pcap_file_close (file, &error));
}
END_TEST

START_TEST (test_pcap_file_layout)
{
  guint8 big[150];
  g_autofree gchar *path = write_sample ("layout.pcap", big);
  g_autofree gchar *contents = NULL;
  const guint8 *p;
  gsize length = 0;
  guint32 u32;
  guint16 u16;

  ck_assert (g_file_get_contents (path, &contents, &length, NULL));
  /* header + 6 records of 16 bytes + 60 + 0 + 100 + 30 + 40 + 100 */
  ck_assert_uint_eq (length, 24 + 6 * 16 + 330);
  p = (const guint8 *) contents;
  memcpy (&u32, p, 4);
  ck_assert_uint_eq (u32, 0xa1b23c4d);
  memcpy (&u16, p + 4, 2);
  ck_assert_uint_eq (u16, 2);
  memcpy (&u16, p + 6, 2);
  ck_assert_uint_eq (u16, 4);
  memcpy (&u32, p + 8, 4);
  ck_assert_uint_eq (u32, 0);
  memcpy (&u32, p + 12, 4);
  ck_assert_uint_eq (u32, 0);
  memcpy (&u32, p + 16, 4);
  ck_assert_uint_eq (u32, 100);
  memcpy (&u32, p + 20, 4);
  ck_assert_uint_eq (u32, CNS_PCAP_LINKTYPE_PPP);
  /* first record: 1 s and 500000123 ns */
  memcpy (&u32, p + 24, 4);
  ck_assert_uint_eq (u32, 1);
  memcpy (&u32, p + 28, 4);
  ck_assert_uint_eq (u32, 500000123);
  memcpy (&u32, p + 32, 4);
  ck_assert_uint_eq (u32, 60);
  memcpy (&u32, p + 36, 4);
  ck_assert_uint_eq (u32, 60);
  ck_assert_mem_eq (p + 40, big, 60);
}
END_TEST

/* Each of the four variants of classic pcap reads the same. */
START_TEST (test_pcap_read_variants)
{
  static const struct
  {
    guint32 magic;
    gboolean big;
  } variants[] = {
    { 0xa1b2c3d4, FALSE },
    { 0xa1b2c3d4, TRUE },
    { 0xa1b23c4d, FALSE },
    { 0xa1b23c4d, TRUE },
  };

  for (gsize v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      gboolean nano = variants[v].magic == 0xa1b23c4d;
      gboolean big = variants[v].big;
      g_autoptr (GByteArray) bytes = g_byte_array_new ();
      g_autoptr (GError) error = NULL;
      g_autofree gchar *name = g_strdup_printf (
          "%s-%s.pcap", nano ? "nano" : "micro", big ? "be" : "le");
      g_autofree gchar *path = NULL;
      guint8 data[70];
      CnsPcapFile *file;

      fill_pattern (data, sizeof data, (guint8) v);
      put_header (bytes, variants[v].magic, big, 65535,
                  CNS_PCAP_LINKTYPE_ETHERNET);
      put_record (bytes, big, 3, nano ? 250000001 : 250001, data, 70, 70);
      put_record (bytes, big, 0, 0, NULL, 0, 0);
      put_record (bytes, big, 9000000, nano ? 999999999 : 999999, data, 20,
                  1514);
      path = write_file (name, bytes);

      file = cns_pcap_file_open (path, &error);
      ck_assert_msg (file != NULL, "%s: %s", name, error ? error->message : "");
      ck_assert_uint_eq (cns_pcap_file_get_link_type (file),
                         CNS_PCAP_LINKTYPE_ETHERNET);
      ck_assert_uint_eq (cns_pcap_file_get_snaplen (file), 65535);
      expect_record (file,
                     3 * CNS_TIME_PS_PER_S
                         + (nano ? 250000001 * CNS_TIME_PS_PER_NS
                                 : 250001 * CNS_TIME_PS_PER_US),
                     data, 70, 70);
      expect_record (file, 0, NULL, 0, 0);
      expect_record (file,
                     9000000 * CNS_TIME_PS_PER_S
                         + (nano ? 999999999 * CNS_TIME_PS_PER_NS
                                 : 999999 * CNS_TIME_PS_PER_US),
                     data, 20, 1514);
      expect_end (file);
      ck_assert (cns_pcap_file_close (file, NULL));
    }
}
END_TEST

START_TEST (test_pcap_open_errors)
{
  g_autofree gchar *missing = tmp_path ("missing.pcap");
  g_autofree gchar *empty = NULL;
  g_autofree gchar *bad_magic = NULL;
  g_autofree gchar *pcapng = NULL;
  g_autofree gchar *short_header = NULL;
  g_autofree gchar *version = NULL;
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  static const guint8 ng[] = { 0x0a, 0x0d, 0x0d, 0x0a, 0x1c, 0x00, 0x00, 0x00,
                               0x4d, 0x3c, 0x2b, 0x1a, 0x01, 0x00, 0x00, 0x00,
                               0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

  expect_read_error (missing, CNS_NETWORK_ERROR_IO, g_strerror (ENOENT));

  empty = write_file ("empty.pcap", bytes);
  expect_read_error (empty, CNS_NETWORK_ERROR_PARSE, "not a pcap file");

  g_byte_array_append (bytes, (const guint8 *) "#!/bin/sh\necho hello world\n",
                       27);
  bad_magic = write_file ("script.pcap", bytes);
  expect_read_error (bad_magic, CNS_NETWORK_ERROR_PARSE, "not a pcap file");
  expect_read_error (bad_magic, CNS_NETWORK_ERROR_PARSE, "magic");

  g_byte_array_set_size (bytes, 0);
  g_byte_array_append (bytes, ng, sizeof ng);
  pcapng = write_file ("ng.pcapng", bytes);
  expect_read_error (pcapng, CNS_NETWORK_ERROR_PARSE, "pcapng");

  g_byte_array_set_size (bytes, 0);
  put_header (bytes, 0xa1b2c3d4, FALSE, 65535, 1);
  g_byte_array_set_size (bytes, 10);
  short_header = write_file ("short.pcap", bytes);
  expect_read_error (short_header, CNS_NETWORK_ERROR_PARSE,
                     "truncated header (10 of 24 bytes)");

  g_byte_array_set_size (bytes, 0);
  put32 (bytes, 0xa1b2c3d4, TRUE);
  put16 (bytes, 1, TRUE);
  put16 (bytes, 0, TRUE);
  g_byte_array_set_size (bytes, 24);
  version = write_file ("version.pcap", bytes);
  expect_read_error (version, CNS_NETWORK_ERROR_PARSE, "version 1.0");

  /* a directory is not a file */
  expect_read_error (tmp_dir, CNS_NETWORK_ERROR_IO, "cannot read");
}
END_TEST

START_TEST (test_pcap_record_errors)
{
  static const struct
  {
    const gchar *name;
    const gchar *fragment;
  } cases[] = {
    { "short-record.pcap", "record 2 is truncated: its header has 8 of 16" },
    { "short-data.pcap", "record 2 is truncated: 20 of its 50 bytes" },
    { "over-snaplen.pcap", "record 2 holds 101 bytes, more than the snapshot "
                           "length 100" },
    { "over-original.pcap", "record 2 holds 50 bytes of a packet it says had "
                            "40" },
    { "fraction.pcap", "record 2 has 1000000 microseconds" },
    { "epoch.pcap", "record 2 was captured at 1700000000 s" },
  };
  guint8 data[128];

  fill_pattern (data, sizeof data, 1);
  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (GByteArray) bytes = g_byte_array_new ();
      g_autofree gchar *path = NULL;
      gboolean big = c % 2 == 1;

      put_header (bytes, 0xa1b2c3d4, big, 100, 1);
      put_record (bytes, big, 1, 0, data, 10, 10);
      switch (c)
        {
        case 0:
          put32 (bytes, 1, big);
          put32 (bytes, 0, big);
          break;
        case 1:
          put_record_header (bytes, big, 1, 0, 50, 50);
          g_byte_array_append (bytes, data, 20);
          break;
        case 2:
          put_record (bytes, big, 1, 0, data, 101, 101);
          break;
        case 3:
          put_record (bytes, big, 1, 0, data, 50, 40);
          break;
        case 4:
          put_record (bytes, big, 1, 1000000, data, 5, 5);
          break;
        default:
          put_record (bytes, big, 1700000000, 0, data, 5, 5);
          break;
        }
      path = write_file (cases[c].name, bytes);
      expect_read_error (path, CNS_NETWORK_ERROR_PARSE, cases[c].fragment);
    }
}
END_TEST

START_TEST (test_pcap_write_errors)
{
  g_autofree gchar *nowhere
      = g_build_filename (tmp_dir, "no", "such", "dir", "x.pcap", NULL);
  g_autofree gchar *path = tmp_path ("negative.pcap");
  g_autoptr (GError) error = NULL;
  CnsPcapFile *file;
  guint8 data[4] = { 1, 2, 3, 4 };

  file = cns_pcap_file_create (nowhere, CNS_PCAP_LINKTYPE_RAW, 65535, &error);
  ck_assert_ptr_null (file);
  ck_assert (g_error_matches (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_IO));
  ck_assert (strstr (error->message, nowhere) != NULL);
  ck_assert (strstr (error->message, g_strerror (ENOENT)) != NULL);
  g_clear_error (&error);

  file = cns_pcap_file_create (path, CNS_PCAP_LINKTYPE_RAW, 65535, &error);
  ck_assert_ptr_nonnull (file);
  ck_assert (!cns_pcap_file_write (file, -1, data, 4, 4, &error));
  ck_assert (
      g_error_matches (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_INVALID));
  ck_assert (strstr (error->message, path) != NULL);
  ck_assert_msg (strstr (error->message, "negative time -1ps") != NULL, "%s",
                 error->message);
  g_clear_error (&error);
  /* the refused record left no trace */
  ck_assert (cns_pcap_file_write (file, 5, data, 4, 4, &error));
  ck_assert (cns_pcap_file_close (file, &error));
  file = cns_pcap_file_open (path, &error);
  expect_record (file, 0, data, 4, 4);
  expect_end (file);
  ck_assert (cns_pcap_file_close (file, NULL));

  /* misuse */
  file = cns_pcap_file_open (path, &error);
  CNS_TEST_EXPECT_CRITICAL ("*writing*",
                            cns_pcap_file_write (file, 0, data, 4, 4, NULL));
  ck_assert (cns_pcap_file_close (file, NULL));
  CNS_TEST_EXPECT_CRITICAL (
      "*snaplen*", cns_pcap_file_create (path, CNS_PCAP_LINKTYPE_RAW, 0, NULL));
  file = cns_pcap_file_create (path, CNS_PCAP_LINKTYPE_RAW, 100, NULL);
  CNS_TEST_EXPECT_CRITICAL ("*captured <= original*",
                            cns_pcap_file_write (file, 0, data, 4, 3, NULL));
  CNS_TEST_EXPECT_CRITICAL ("*writing*",
                            cns_pcap_file_read (file, NULL, NULL, NULL, NULL));
  ck_assert (cns_pcap_file_close (file, NULL));
}
END_TEST

/* A write error shows in cns_pcap_file_write() once the buffer is full,
 * and in cns_pcap_file_close() for what was still buffered. */
START_TEST (test_pcap_write_io_errors)
{
  g_autoptr (GError) error = NULL;
  CnsPcapFile *file;
  guint8 data[1000] = { 0 };
  guint n = 0;

  if (g_access ("/dev/full", W_OK) != 0)
    return;
  file = cns_pcap_file_create ("/dev/full", CNS_PCAP_LINKTYPE_RAW, 65535,
                               &error);
  ck_assert_msg (file != NULL, "%s", error ? error->message : "");
  /* one small record stays in the buffer: only closing fails */
  ck_assert (cns_pcap_file_write (file, 0, data, 100, 100, &error));
  ck_assert (!cns_pcap_file_close (file, &error));
  ck_assert (g_error_matches (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_IO));
  ck_assert_msg (strstr (error->message, "/dev/full") != NULL
                     && strstr (error->message, g_strerror (ENOSPC)) != NULL,
                 "%s", error->message);
  g_clear_error (&error);

  file = cns_pcap_file_create ("/dev/full", CNS_PCAP_LINKTYPE_RAW, 65535,
                               &error);
  ck_assert_msg (file != NULL, "%s", error ? error->message : "");
  while (cns_pcap_file_write (file, 0, data, sizeof data, sizeof data, &error))
    ck_assert_uint_lt (++n, 1000);
  ck_assert (g_error_matches (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_IO));
  ck_assert_msg (strstr (error->message, "/dev/full") != NULL
                     && strstr (error->message, g_strerror (ENOSPC)) != NULL,
                 "%s", error->message);
  g_clear_error (&error);
  /* the failure is reported again when closing */
  ck_assert (!cns_pcap_file_close (file, &error));
  ck_assert (g_error_matches (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_IO));
}
END_TEST

/* What tshark sees in a file cns wrote: one frame per record, with the
 * original lengths and the nanosecond times. Skipped without tshark. */
START_TEST (test_pcap_tshark)
{
  g_autofree gchar *tshark = g_find_program_in_path ("tshark");
  g_autofree gchar *path = NULL;
  g_autofree gchar *out = NULL;
  g_autofree gchar *err = NULL;
  g_auto (GStrv) lines = NULL;
  static const struct
  {
    guint len;
    gdouble time;
  } frames[] = {
    { 60, 1.500000123 }, { 0, 0.0 },  { 150, 2.0 },
    { 1500, 2.0 },       { 40, 3.0 }, { 120, 4.0 },
  };
  guint8 big[150];
  guint n = 0;
  gint status;

  if (tshark == NULL)
    return;
  path = write_sample ("tshark.pcap", big);
  {
    const gchar *argv[] = { tshark,      "-r",     path,
                            "-T",        "fields", "-e",
                            "frame.len", "-e",     "frame.time_epoch",
                            NULL };

    status = cns_test_spawn (argv, NULL, &out, &err);
  }
  ck_assert_msg (status == 0, "tshark exited with %d: %s", status, err);
  lines = g_strsplit (g_strstrip (out), "\n", -1);
  for (gchar **l = lines; *l != NULL; l++, n++)
    {
      g_auto (GStrv) fields = g_strsplit (*l, "\t", -1);

      ck_assert_uint_lt (n, G_N_ELEMENTS (frames));
      ck_assert_uint_eq (g_strv_length (fields), 2);
      ck_assert_uint_eq (g_ascii_strtoull (fields[0], NULL, 10), frames[n].len);
      ck_assert_msg (
          fabs (g_ascii_strtod (fields[1], NULL) - frames[n].time) < 1e-10,
          "frame %u at %s, not %.9f", n + 1, fields[1], frames[n].time);
    }
  ck_assert_uint_eq (n, G_N_ELEMENTS (frames));
}
END_TEST

Suite *
test_pcap_file_suite (void)
{
  Suite *s = suite_create ("pcap-file");
  TCase *tc = tcase_create ("pcap-file");

  tcase_add_checked_fixture (tc, pcap_setup, pcap_teardown);
  tcase_add_test (tc, test_pcap_write_read);
  tcase_add_test (tc, test_pcap_file_layout);
  tcase_add_test (tc, test_pcap_read_variants);
  tcase_add_test (tc, test_pcap_open_errors);
  tcase_add_test (tc, test_pcap_record_errors);
  tcase_add_test (tc, test_pcap_write_errors);
  tcase_add_test (tc, test_pcap_write_io_errors);
  tcase_add_test (tc, test_pcap_tshark);
  suite_add_tcase (s, tc);
  return s;
}
