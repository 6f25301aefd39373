/* cns — error domain of the core module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CNS_CORE_ERROR (cns_core_error_quark ())

/**
 * CnsCoreError:
 * @CNS_CORE_ERROR_PARSE: a string does not have the expected syntax
 * @CNS_CORE_ERROR_RANGE: a value is out of range or overflows
 * @CNS_CORE_ERROR_NOT_FOUND: a type, attribute, trace source, option or
 *   config path names something that does not exist
 * @CNS_CORE_ERROR_INVALID: the request is well formed but not allowed
 *   (read-only attribute, wrong value type, ...)
 *
 * Errors for bad user input handled by the core module: attribute strings,
 * config paths, command-line options, environment settings.
 */
typedef enum
{
  CNS_CORE_ERROR_PARSE,
  CNS_CORE_ERROR_RANGE,
  CNS_CORE_ERROR_NOT_FOUND,
  CNS_CORE_ERROR_INVALID,
} CnsCoreError;

GQuark cns_core_error_quark (void);

G_END_DECLS
