/* cns — output files, checked before a run.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A scenario writes its traces, statistics and plots when the run ends,
 * which may be hours after it started: a path that cannot be written must
 * be found before the simulation, not after. These checks try what the
 * writing will do (open the file for writing, make a file in the
 * directory) and leave nothing behind that was not there.
 */
#include "core/cns-output.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <unistd.h>

static gboolean
set_errno_error (GError **error, const gchar *what, const gchar *path,
                 gint saved)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
               "%s %s: %s", what, path, g_strerror (saved));
  return FALSE;
}

/**
 * cns_output_check_file:
 * @path: (type filename): a file the program writes later
 * @error: return location for a #GError, or %NULL
 *
 * Checks that @path can be written, before a run whose end writes it: an
 * existing file is opened for writing (and left as it is), a missing one
 * is created and removed again. Its directory must exist.
 *
 * Returns: %TRUE when @path can be written; otherwise %FALSE with @error
 * (#G_FILE_ERROR) naming @path and the reason.
 */
gboolean
cns_output_check_file (const gchar *path, GError **error)
{
  gint fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd >= 0)
    {
      close (fd);
      g_unlink (path);
      return TRUE;
    }
  if (errno == EEXIST)
    fd = g_open (path, O_WRONLY, 0);
  if (fd < 0)
    return set_errno_error (error, "cannot write", path, errno);
  close (fd);
  return TRUE;
}

/**
 * cns_output_check_directory:
 * @path: (type filename): a directory the program writes files into later
 * @error: return location for a #GError, or %NULL
 *
 * Makes @path, with its parents, if it is missing, and checks that a file
 * can be made in it (by making one and removing it).
 *
 * Returns: %TRUE when files can be written in @path; otherwise %FALSE
 * with @error (#G_FILE_ERROR) naming @path and the reason.
 */
gboolean
cns_output_check_directory (const gchar *path, GError **error)
{
  g_autofree gchar *probe = NULL;
  gint fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (g_mkdir_with_parents (path, 0755) != 0)
    return set_errno_error (error, "cannot make directory", path, errno);
  probe = g_build_filename (path, ".cns-output-XXXXXX", NULL);
  fd = g_mkstemp (probe);
  if (fd < 0)
    return set_errno_error (error, "cannot write in directory", path, errno);
  close (fd);
  g_unlink (probe);
  return TRUE;
}
