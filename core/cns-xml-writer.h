/* cns — writing an XML document.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * CnsXmlWriter:
 *
 * Writes one indented XML document to a file, element by element, for
 * models that save results in XML (the flow monitor; later the config
 * store). Built on libxml2's text writer, which it loads the first time a
 * writer is made. The element and attribute calls report nothing: after
 * the first failure the others do nothing, and cns_xml_writer_close()
 * says what went wrong.
 */
typedef struct _CnsXmlWriter CnsXmlWriter;

CnsXmlWriter *cns_xml_writer_new (const gchar *path, GError **error);
void cns_xml_writer_start_element (CnsXmlWriter *self, const gchar *name);
void cns_xml_writer_write_attribute (CnsXmlWriter *self, const gchar *name,
                                     const gchar *value);
void cns_xml_writer_end_element (CnsXmlWriter *self);
gboolean cns_xml_writer_close (CnsXmlWriter *self, GError **error);

G_END_DECLS
