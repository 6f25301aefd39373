/* cns — error domain of the BRITE module.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CNS_BRITE_ERROR (cns_brite_error_quark ())

/**
 * CnsBriteError:
 * @CNS_BRITE_ERROR_IO: a file cannot be read or written
 * @CNS_BRITE_ERROR_PARSE: a configuration, seed or .brite file is
 *   malformed; the message names the file, the line and the field
 * @CNS_BRITE_ERROR_INVALID: a value out of range or inconsistent with
 *   the others (for example N = 0, LS > HS, NumAS > N)
 * @CNS_BRITE_ERROR_UNSUPPORTED: a valid BRITE feature that cns does not
 *   provide (an import format other than BRITE's own)
 * @CNS_BRITE_ERROR_MEMORY: the topology would need more memory than the
 *   process may use (see cns_brite_topology_helper_set_memory_check())
 *
 * Errors of reading, generating and building BRITE topologies.
 */
typedef enum
{
  CNS_BRITE_ERROR_IO,
  CNS_BRITE_ERROR_PARSE,
  CNS_BRITE_ERROR_INVALID,
  CNS_BRITE_ERROR_UNSUPPORTED,
  CNS_BRITE_ERROR_MEMORY,
} CnsBriteError;

GQuark cns_brite_error_quark (void);

G_END_DECLS
