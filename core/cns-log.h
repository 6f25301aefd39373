/* cns — logging per component, and fatal errors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * CnsLogLevel:
 *
 * Log levels, most severe first, as in ns-3. Enabling a level by name in
 * CNS_LOG ("cns-ipv4=debug") also enables the more severe ones.
 */
typedef enum
{
  CNS_LOG_LEVEL_ERROR = 1 << 0,
  CNS_LOG_LEVEL_WARN = 1 << 1,
  CNS_LOG_LEVEL_DEBUG = 1 << 2,
  CNS_LOG_LEVEL_INFO = 1 << 3,
  CNS_LOG_LEVEL_FUNCTION = 1 << 4,
  CNS_LOG_LEVEL_LOGIC = 1 << 5,
  CNS_LOG_LEVEL_ALL = (1 << 6) - 1,
} CnsLogLevel;

/* Set in CnsLogComponent.mask until the component has read CNS_LOG: it
 * makes the first check of every level take the slow path once. */
#define CNS_LOG_MASK_UNRESOLVED (0x80000000u | CNS_LOG_LEVEL_ALL)

/**
 * CnsLogComponent:
 *
 * A named source of log messages ("cns-ipv4"), one per .c file, declared
 * with CNS_LOG_COMPONENT_DEFINE(). Its mask says which levels are on.
 */
typedef struct _CnsLogComponent CnsLogComponent;
struct _CnsLogComponent
{
  const gchar *name;
  guint mask;
  CnsLogComponent *next;
};

#define CNS_LOG_COMPONENT_DEFINE(component_name) \
  static CnsLogComponent cns_log_component_      \
      = { component_name, CNS_LOG_MASK_UNRESOLVED, NULL }

#define CNS_LOG_IS_ENABLED(level)                 \
  (G_UNLIKELY (cns_log_component_.mask & (level)) \
   && cns_log_component_enabled (&cns_log_component_, (level)))

#define CNS_LOG_AT(level, ...)                                                \
  G_STMT_START                                                                \
    {                                                                         \
      if (CNS_LOG_IS_ENABLED (level))                                         \
        cns_log_write (&cns_log_component_, (level), G_STRFUNC, __VA_ARGS__); \
    }                                                                         \
  G_STMT_END

#define CNS_LOG_ERROR(...)    CNS_LOG_AT (CNS_LOG_LEVEL_ERROR, __VA_ARGS__)
#define CNS_LOG_WARN(...)     CNS_LOG_AT (CNS_LOG_LEVEL_WARN, __VA_ARGS__)
#define CNS_LOG_DEBUG(...)    CNS_LOG_AT (CNS_LOG_LEVEL_DEBUG, __VA_ARGS__)
#define CNS_LOG_INFO(...)     CNS_LOG_AT (CNS_LOG_LEVEL_INFO, __VA_ARGS__)
#define CNS_LOG_FUNCTION(...) CNS_LOG_AT (CNS_LOG_LEVEL_FUNCTION, __VA_ARGS__)
#define CNS_LOG_LOGIC(...)    CNS_LOG_AT (CNS_LOG_LEVEL_LOGIC, __VA_ARGS__)

/**
 * CnsLogWriterFunc:
 * @line: one complete line, prefixed, without the newline
 *
 * Receives formatted log lines; the default writes them to stderr.
 */
typedef void (*CnsLogWriterFunc) (const gchar *line, gpointer user_data);

gboolean cns_log_component_enabled (CnsLogComponent *component, guint level);
void cns_log_write (CnsLogComponent *component, guint level,
                    const gchar *function, const gchar *format, ...)
    G_GNUC_PRINTF (4, 5);

gboolean cns_log_parse (const gchar *spec, GError **error);
void cns_log_enable (const gchar *component, guint levels);
void cns_log_disable (const gchar *component, guint levels);
void cns_log_reset (void);
void cns_log_set_writer (CnsLogWriterFunc writer, gpointer user_data);

/**
 * CnsFatalHook:
 *
 * Called by cns_fatal() before the process exits, to take other processes
 * down with it (MPI_Abort). Hooks must not return to the caller's code.
 */
typedef void (*CnsFatalHook) (gint status);

void cns_fatal (const gchar *format, ...) G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN;
void cns_fatal_set_hook (CnsFatalHook hook);

G_END_DECLS
