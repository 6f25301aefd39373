/* cns — libFuzzer harness: arbitrary bytes as a command line.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The input is split into argv words at newlines and NULs and parsed by
 * cns_command_line_try_parse() with options of every kind (int, uint,
 * int64, uint64, double, boolean, string, time, data rate, callback);
 * "--TypeName::Attribute=value" words set attribute defaults and
 * "--RngRun=3"-like words global values. For every input:
 *
 *  - the parse never crashes, leaks or logs a warning, and returns
 *    FALSE exactly when it sets an error (with a message);
 *  - on success no recognised option is left in argv, and the words left
 *    are a subsequence of the words given, in order.
 *
 * Words that would make a good command line print a listing and exit
 * (--help, -h, --Print...) are dropped first: the harness must survive
 * the input.
 * Attribute defaults and global values are reset after each input so
 * that runs do not depend on each other.
 */
#include "fuzz-common.h"
#include "core/cns-command-line.h"
#include "core/cns-config.h"
#include "core/cns-core-error.h"
#include "core/cns-global-value.h"

#include <locale.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 64

static const gchar *const globals[]
    = { "RngSeed", "RngRun", "SchedulerType", "SimulatorImplementationType" };

/* A callback option that accepts "a", "b" or "c" and refuses the rest. */
static gboolean
parse_mode (const gchar *name, const gchar *text, gpointer user_data,
            GError **error)
{
  gchar *mode = user_data;

  if (strlen (text) != 1 || text[0] < 'a' || text[0] > 'c')
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "--%s: '%s' is not a, b or c", name, text);
      return FALSE;
    }
  *mode = text[0];
  return TRUE;
}

/* Whether try_parse would print a listing and exit for @word. */
static gboolean
exits (const gchar *word)
{
  /* "--help=x" and "--helpx" are errors, and stay; any "--Print..."
   * may be a good one. */
  if (g_str_has_prefix (word, "--"))
    return strcmp (word, "--help") == 0 || g_str_has_prefix (word, "--Print");
  /* A group of short options: -h is the only one. */
  return word[0] == '-' && (strchr (word, 'h') != NULL || strchr (word, '?'));
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_default_handler (fuzz_abort_on_warning, NULL);
  /* The library reads attribute defaults from here too. */
  g_unsetenv ("CNS_ATTRIBUTE_DEFAULT");
  g_unsetenv ("NS_ATTRIBUTE_DEFAULT");
  /* GOption converts values from the locale's charset: make it UTF-8,
   * not ASCII, so that UTF-8 words are good input. */
  setlocale (LC_ALL, "C.UTF-8");
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (CnsCommandLine) cmd = cns_command_line_new ("fuzz");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  g_autofree gchar **argv = NULL;
  gchar **given = NULL;
  gint argc;
  gboolean ok;
  gint i_value = 7;
  guint u_value = 7;
  gint64 i64_value = 7;
  guint64 u64_value = 7;
  gdouble d_value = 7;
  gboolean b_value = FALSE;
  static const gchar seven[] = "seven";
  gchar *s_value = (gchar *) seven;
  CnsTime t_value = 7;
  CnsDataRate r_value = 7;
  gchar mode = 'x';
  gsize start = 0;

  cns_command_line_set_takes_arguments (cmd, TRUE); /* leftovers checked */
  cns_command_line_add_int (cmd, "int", "an int", &i_value);
  cns_command_line_add_uint (cmd, "uint", "a uint", &u_value);
  cns_command_line_add_int64 (cmd, "int64", "an int64", &i64_value);
  cns_command_line_add_uint64 (cmd, "uint64", "a uint64", &u64_value);
  cns_command_line_add_double (cmd, "double", "a double", &d_value);
  cns_command_line_add_boolean (cmd, "verbose", "a boolean", &b_value);
  cns_command_line_add_string (cmd, "name", "a string", &s_value);
  cns_command_line_add_time (cmd, "stop", "a time", &t_value);
  cns_command_line_add_data_rate (cmd, "rate", "a data rate", &r_value);
  cns_command_line_add_callback (cmd, "mode", "a, b or c", "MODE", parse_mode,
                                 &mode);

  g_ptr_array_add (words, g_strdup ("fuzz"));
  for (gsize i = 0; i <= size && words->len < MAX_WORDS; i++)
    if (i == size || data[i] == '\n' || data[i] == '\0')
      {
        gchar *word = g_strndup ((const gchar *) data + start, i - start);

        start = i + 1;
        if (exits (word))
          g_free (word);
        else
          g_ptr_array_add (words, word);
      }

  /* try_parse removes words from argv without freeing them: hand it a
   * copy of the pointers and keep the words in @words. */
  argc = (gint) words->len;
  argv = g_new0 (gchar *, words->len + 1);
  memcpy (argv, words->pdata, words->len * sizeof (gchar *));
  given = argv;
  ok = cns_command_line_try_parse (cmd, &argc, &argv, &error);
  if (ok != (error == NULL))
    abort ();
  if (error != NULL && (error->message == NULL || *error->message == '\0'))
    abort ();
  if (argv != given)
    abort (); /* it should edit argv in place */

  if (ok)
    {
      guint j = 0;

      /* The words left are some of the words given, in order. */
      if (argc < 1 || argv[0] != words->pdata[0])
        abort ();
      for (gint k = 0; k < argc; k++)
        {
          while (j < words->len && words->pdata[j] != argv[k])
            j++;
          if (j == words->len)
            abort ();
          j++;
        }
      /* No recognised option is left, only operands after "--" or
       * plain words. */
      for (gint k = 1; k < argc; k++)
        {
          if (strcmp (argv[k], "--") == 0)
            break;
          if (argv[k][0] == '-' && argv[k][1] != '\0')
            {
              g_printerr ("option '%s' left in argv\n", argv[k]);
              abort ();
            }
        }
    }

  if (s_value != seven)
    g_free (s_value);
  cns_config_reset_defaults ();
  for (gsize i = 0; i < G_N_ELEMENTS (globals); i++)
    cns_global_value_reset (globals[i]);
  return 0;
}
