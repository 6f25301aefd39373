/* cns — command-line options for scenario programs.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-data-rate.h"
#include "core/cns-time.h"

G_BEGIN_DECLS

/**
 * CnsCommandLine:
 *
 * Parses a scenario's own options ("--nCampus=8") together with every
 * global value ("--RngRun=3") and attribute default
 * ("--CnsPointToPointNetDevice::DataRate=1Gbps"), like ns-3's CommandLine.
 * Wraps GOptionContext.
 */
typedef struct _CnsCommandLine CnsCommandLine;

/**
 * CnsCommandLineParseFunc:
 * @name: the option name, without dashes
 * @text: the value given
 * @user_data: data given to cns_command_line_add_callback()
 * @error: set, naming the accepted form, when @text is refused
 *
 * Returns: %TRUE to accept @text.
 */
typedef gboolean (*CnsCommandLineParseFunc) (const gchar *name,
                                             const gchar *text,
                                             gpointer user_data,
                                             GError **error);

#define CNS_TYPE_COMMAND_LINE (cns_command_line_get_type ())
GType cns_command_line_get_type (void) G_GNUC_CONST;
CnsCommandLine *cns_command_line_new (const gchar *description);
CnsCommandLine *cns_command_line_ref (CnsCommandLine *self);
void cns_command_line_unref (CnsCommandLine *self);
void cns_command_line_free (CnsCommandLine *self);
void cns_command_line_set_takes_arguments (CnsCommandLine *self,
                                           gboolean takes_arguments);

void cns_command_line_add_int (CnsCommandLine *self, const gchar *name,
                               const gchar *help, gint *value);
void cns_command_line_add_uint (CnsCommandLine *self, const gchar *name,
                                const gchar *help, guint *value);
void cns_command_line_add_int64 (CnsCommandLine *self, const gchar *name,
                                 const gchar *help, gint64 *value);
void cns_command_line_add_uint64 (CnsCommandLine *self, const gchar *name,
                                  const gchar *help, guint64 *value);
void cns_command_line_add_double (CnsCommandLine *self, const gchar *name,
                                  const gchar *help, gdouble *value);
void cns_command_line_add_boolean (CnsCommandLine *self, const gchar *name,
                                   const gchar *help, gboolean *value);
void cns_command_line_add_string (CnsCommandLine *self, const gchar *name,
                                  const gchar *help, gchar **value);
void cns_command_line_add_time (CnsCommandLine *self, const gchar *name,
                                const gchar *help, CnsTime *value);
void cns_command_line_add_data_rate (CnsCommandLine *self, const gchar *name,
                                     const gchar *help, CnsDataRate *value);
void cns_command_line_add_callback (CnsCommandLine *self, const gchar *name,
                                    const gchar *help, const gchar *arg_help,
                                    CnsCommandLineParseFunc func,
                                    gpointer user_data);

gboolean cns_command_line_add_value (CnsCommandLine *self, const gchar *name,
                                     const gchar *help, const gchar *kind,
                                     const gchar *default_text, GError **error);
gboolean cns_command_line_get_value (CnsCommandLine *self, const gchar *name,
                                     GValue *value, GError **error);

gboolean cns_command_line_try_parse (CnsCommandLine *self, gint *argc,
                                     gchar ***argv, GError **error);
void cns_command_line_parse (CnsCommandLine *self, gint *argc, gchar ***argv);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CnsCommandLine, cns_command_line_free)

G_END_DECLS
