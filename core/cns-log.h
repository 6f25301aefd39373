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
 * CNS_LOG ("cns-udp-socket=debug") also enables the more severe ones.
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
 * A named source of log messages, one per .c file, declared with
 * CNS_LOG_COMPONENT_DEFINE(). Its mask says which levels are on.
 */
typedef struct _CnsLogComponent CnsLogComponent;
struct _CnsLogComponent
{
  const gchar *name;
  guint mask;
  CnsLogComponent *next;
};

/**
 * CNS_LOG_COMPONENT_DEFINE:
 * @component_name: "cns-" and the file's type in kebab case,
 *   "cns-udp-echo-client"; a program picks its own
 *
 * Declares the log component of a .c file. The component is registered
 * when its library or program is loaded, so that CNS_LOG can refuse names
 * that no component has before anything is logged. Registration only adds
 * to a set: the order in which files are linked or loaded changes nothing.
 */
#define CNS_LOG_COMPONENT_DEFINE(component_name)                               \
  static CnsLogComponent cns_log_component_;                                   \
  __attribute__ ((constructor)) static void cns_log_component_register_ (void) \
  {                                                                            \
    cns_log_component_register (&cns_log_component_);                          \
  }                                                                            \
  static CnsLogComponent cns_log_component_                                    \
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

void cns_log_component_register (CnsLogComponent *component);
gboolean cns_log_component_enabled (CnsLogComponent *component, guint level);
void cns_log_write (CnsLogComponent *component, guint level,
                    const gchar *function, const gchar *format, ...)
    G_GNUC_PRINTF (4, 5);

gboolean cns_log_parse (const gchar *spec, GError **error);
void cns_log_enable (const gchar *component, guint levels);
void cns_log_disable (const gchar *component, guint levels);
void cns_log_reset (void);

GLogWriterOutput cns_log_writer (GLogLevelFlags log_level,
                                 const GLogField *fields, gsize n_fields,
                                 gpointer user_data);
gchar *cns_log_format_fields (const GLogField *fields, gsize n_fields);
void cns_log_set_install_writer (gboolean install);
void cns_log_set_fatal_criticals (gboolean fatal);

/**
 * CnsFatalHook:
 *
 * Called by cns_fatal() before the process exits, to take other processes
 * down with it (MPI_Abort). Hooks must not return to the caller's code.
 */
typedef void (*CnsFatalHook) (gint status);

void cns_fatal (const gchar *format, ...) G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN;
void cns_fatal_set_hook (CnsFatalHook hook);
void cns_fatal_collective (const gchar *format, ...)
    G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN;
void cns_exit_collective (gint status) G_GNUC_NORETURN;
gboolean cns_log_is_reporter (void);

G_END_DECLS
