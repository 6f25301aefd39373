/* cns — shared helpers for the Check suites.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <check.h>
#include <glib-object.h>

G_BEGIN_DECLS

void cns_test_init (void);
void cns_test_reset (void);
int cns_test_run (Suite *suites[], guint n_suites);

void cns_test_expect_message (GLogLevelFlags level, const gchar *pattern);
guint cns_test_expect_end (void);

/**
 * CnsTestLogFunc:
 * @line: one line of cns_log_write(), formatted by cns_log_format_fields()
 */
typedef void (*CnsTestLogFunc) (const gchar *line, gpointer user_data);

void cns_test_capture_log (CnsTestLogFunc func, gpointer user_data);

gboolean cns_test_under_valgrind (void);

/* Whether the heap keeps the blocks of a run close together, as prefetch
 * hints need (their lines are 32-bit distances from the first block
 * hinted). AddressSanitizer's allocator puts each size class in its own
 * region, terabytes apart, so the hints drop most blocks there and their
 * tests do not apply to a --enable-sanitizers build. */
#if defined(__SANITIZE_ADDRESS__)
#define CNS_TEST_HEAP_IS_COMPACT FALSE
#else
#define CNS_TEST_HEAP_IS_COMPACT TRUE
#endif

/* Whether malloc is glibc's, whose options (mallopt) and statistics
 * (mallinfo2) the memory suite reads: AddressSanitizer replaces it. */
#if defined(__SANITIZE_ADDRESS__)
#define CNS_TEST_MALLOC_IS_GLIBC FALSE
#else
#define CNS_TEST_MALLOC_IS_GLIBC TRUE
#endif

gchar *cns_test_make_tmp_dir (const gchar *name);
void cns_test_remove_tmp_dir (gchar **dir);

gint cns_test_spawn (const gchar *const *argv, const gchar *const *env,
                     gchar **standard_output, gchar **standard_error);

/* Runs @code and checks that it logged at least one g_critical matching
 * @pattern (a g_pattern_match_simple() glob), such as a g_return_if_fail. */
#define CNS_TEST_EXPECT_CRITICAL(pattern, code)                       \
  G_STMT_START                                                        \
    {                                                                 \
      cns_test_expect_message (G_LOG_LEVEL_CRITICAL, (pattern));      \
      code;                                                           \
      ck_assert_msg (cns_test_expect_end () > 0,                      \
                     "expected a critical matching '%s'", (pattern)); \
    }                                                                 \
  G_STMT_END

#define CNS_TEST_ASSERT_ERROR(error, expected_code)         \
  G_STMT_START                                              \
    {                                                       \
      ck_assert_msg ((error) != NULL, "expected an error"); \
      ck_assert_int_eq ((error)->code, (expected_code));    \
    }                                                       \
  G_STMT_END

G_END_DECLS
