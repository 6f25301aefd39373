/* cns — saving and loading a run's configuration in an XML file.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-object.h"

G_BEGIN_DECLS

/**
 * CnsConfigStoreMode:
 * @CNS_CONFIG_STORE_MODE_NONE: the store does nothing
 * @CNS_CONFIG_STORE_MODE_SAVE: the configure calls write the file
 * @CNS_CONFIG_STORE_MODE_LOAD: the configure calls apply the file
 *
 * What a #CnsConfigStore does with its file.
 */
typedef enum
{
  CNS_CONFIG_STORE_MODE_NONE,
  CNS_CONFIG_STORE_MODE_SAVE,
  CNS_CONFIG_STORE_MODE_LOAD,
} CnsConfigStoreMode;

#define CNS_TYPE_CONFIG_STORE_MODE (cns_config_store_mode_get_type ())
GType cns_config_store_mode_get_type (void);

/**
 * CnsConfigStore:
 *
 * Saves the attribute defaults, global values and object attribute values
 * of a run to an XML file (Filename), or loads them from one, as ns-3's
 * ConfigStore. Every program gets it from the command line:
 * --ConfigStore::Mode=Save|Load and --ConfigStore::Filename=FILE.
 */
#define CNS_TYPE_CONFIG_STORE (cns_config_store_get_type ())
G_DECLARE_FINAL_TYPE (CnsConfigStore, cns_config_store, CNS, CONFIG_STORE,
                      CnsObject)

CnsConfigStore *cns_config_store_new (void);
gboolean cns_config_store_configure_defaults (CnsConfigStore *self,
                                              GError **error);
gboolean cns_config_store_configure_attributes (CnsConfigStore *self,
                                                GError **error);

G_END_DECLS
