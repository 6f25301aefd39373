/* cns — writing an XML document with libxml2, loaded on first use.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Linking libxml2 into the library would load it, and ICU behind it, into
 * every simulation: 2.2 MB more peak RSS, measured with and without it
 * preloaded, which is a seventh of a small campus-ring run's, for the few
 * runs that write XML. So libxml2 is opened with GModule the first time a
 * writer is made, and its text writer is called through the pointers
 * looked up then. Its headers still give those pointers their types.
 */
#include "core/cns-xml-writer.h"

#include "cns-build-config.h"

#include <errno.h>
#include <gmodule.h>
#include <libxml/xmlwriter.h>
#include <stdio.h>

/* The part of libxml2 a writer calls. */
typedef struct
{
  xmlOutputBufferPtr (*output_buffer_create_io) (xmlOutputWriteCallback,
                                                 xmlOutputCloseCallback, void *,
                                                 xmlCharEncodingHandlerPtr);
  int (*output_buffer_close) (xmlOutputBufferPtr);
  xmlTextWriterPtr (*new_text_writer) (xmlOutputBufferPtr);
  void (*free_text_writer) (xmlTextWriterPtr);
  int (*set_indent) (xmlTextWriterPtr, int);
  int (*set_indent_string) (xmlTextWriterPtr, const xmlChar *);
  int (*start_document) (xmlTextWriterPtr, const char *, const char *,
                         const char *);
  int (*end_document) (xmlTextWriterPtr);
  int (*start_element) (xmlTextWriterPtr, const xmlChar *);
  int (*end_element) (xmlTextWriterPtr);
  int (*write_attribute) (xmlTextWriterPtr, const xmlChar *, const xmlChar *);
} Xml2;

struct _CnsXmlWriter
{
  const Xml2 *xml;
  xmlTextWriterPtr writer;
  FILE *file;
  gchar *path;
  int file_error; /* the first write's errno, 0 while none */
  gboolean ok;    /* no libxml2 call has failed */
};

static Xml2 xml2;
static const Xml2 *xml2_loaded;
static gchar *xml2_failure; /* why loading failed, for every later call */

/* Opens libxml2 and looks up every function of Xml2, once. */
static const Xml2 *
xml2_load (GError **error)
{
  static GMutex lock;
  const struct
  {
    const gchar *name;
    gpointer *slot;
  } symbols[] = {
    { "xmlOutputBufferCreateIO", (gpointer *) &xml2.output_buffer_create_io },
    { "xmlOutputBufferClose", (gpointer *) &xml2.output_buffer_close },
    { "xmlNewTextWriter", (gpointer *) &xml2.new_text_writer },
    { "xmlFreeTextWriter", (gpointer *) &xml2.free_text_writer },
    { "xmlTextWriterSetIndent", (gpointer *) &xml2.set_indent },
    { "xmlTextWriterSetIndentString", (gpointer *) &xml2.set_indent_string },
    { "xmlTextWriterStartDocument", (gpointer *) &xml2.start_document },
    { "xmlTextWriterEndDocument", (gpointer *) &xml2.end_document },
    { "xmlTextWriterStartElement", (gpointer *) &xml2.start_element },
    { "xmlTextWriterEndElement", (gpointer *) &xml2.end_element },
    { "xmlTextWriterWriteAttribute", (gpointer *) &xml2.write_attribute },
  };
  GModule *module;

  g_mutex_lock (&lock);
  if (xml2_loaded == NULL && xml2_failure == NULL)
    {
      module = g_module_open (CNS_LIBXML2_SONAME,
                              G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
      if (module == NULL)
        xml2_failure = g_strdup_printf ("cannot load %s: %s",
                                        CNS_LIBXML2_SONAME, g_module_error ());
      for (gsize i = 0; module != NULL && i < G_N_ELEMENTS (symbols); i++)
        if (!g_module_symbol (module, symbols[i].name, symbols[i].slot))
          {
            xml2_failure = g_strdup_printf (
                "%s has no function %s", CNS_LIBXML2_SONAME, symbols[i].name);
            g_module_close (module);
            module = NULL;
          }
      if (module != NULL)
        {
          g_module_make_resident (module);
          xml2_loaded = &xml2;
        }
    }
  g_mutex_unlock (&lock);
  if (xml2_loaded == NULL)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOSYS,
                 "Cannot write XML: %s", xml2_failure);
  return xml2_loaded;
}

/* The writer's output. The first write error is kept for the GError, and
 * libxml2 is told every write succeeded: it would print its own message
 * for a failed one. */
static int
xml_file_write (void *context, const char *buffer, int len)
{
  CnsXmlWriter *self = context;

  if (self->file_error == 0
      && fwrite (buffer, 1, (size_t) len, self->file) != (size_t) len)
    self->file_error = errno != 0 ? errno : EIO;
  return len;
}

/**
 * cns_xml_writer_new: (skip)
 * @path: the file to write, replaced if it exists
 * @error: a #GFileError naming @path when it cannot be opened, or
 *   %G_FILE_ERROR_NOSYS when libxml2 cannot be loaded
 *
 * Opens @path and starts an XML 1.0 document in it, indented by two
 * spaces.
 *
 * Returns: (transfer full) (nullable): the writer; finish it with
 * cns_xml_writer_close().
 */
CnsXmlWriter *
cns_xml_writer_new (const gchar *path, GError **error)
{
  const Xml2 *xml;
  CnsXmlWriter *self;
  xmlOutputBufferPtr buffer;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  xml = xml2_load (error);
  if (xml == NULL)
    return NULL;
  self = g_new0 (CnsXmlWriter, 1);
  self->xml = xml;
  self->path = g_strdup (path);
  self->file = fopen (path, "wb");
  if (self->file == NULL)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "Cannot write “%s”: %s", path, g_strerror (saved));
      g_free (self->path);
      g_free (self);
      return NULL;
    }
  buffer = xml->output_buffer_create_io (xml_file_write, NULL, self, NULL);
  self->writer = buffer != NULL ? xml->new_text_writer (buffer) : NULL;
  if (self->writer == NULL && buffer != NULL)
    xml->output_buffer_close (buffer);
  self->ok = self->writer != NULL && xml->set_indent (self->writer, 1) >= 0
             && xml->set_indent_string (self->writer, BAD_CAST "  ") >= 0
             && xml->start_document (self->writer, "1.0", NULL, NULL) >= 0;
  return self;
}

/* cns_xml_writer_start_element: Opens element @name. */
void
cns_xml_writer_start_element (CnsXmlWriter *self, const gchar *name)
{
  g_return_if_fail (self != NULL && name != NULL);
  if (self->ok)
    self->ok = self->xml->start_element (self->writer, BAD_CAST name) >= 0;
}

/* cns_xml_writer_write_attribute: Gives the open element an attribute. */
void
cns_xml_writer_write_attribute (CnsXmlWriter *self, const gchar *name,
                                const gchar *value)
{
  g_return_if_fail (self != NULL && name != NULL && value != NULL);
  if (self->ok)
    self->ok = self->xml->write_attribute (self->writer, BAD_CAST name,
                                           BAD_CAST value)
               >= 0;
}

/* cns_xml_writer_end_element: Closes the innermost open element. */
void
cns_xml_writer_end_element (CnsXmlWriter *self)
{
  g_return_if_fail (self != NULL);
  if (self->ok)
    self->ok = self->xml->end_element (self->writer) >= 0;
}

/**
 * cns_xml_writer_close:
 * @self: (transfer full): the writer, freed
 * @error: a #GFileError naming the file when anything could not be
 *   written
 *
 * Closes the open elements, ends the document and closes the file.
 *
 * Returns: %TRUE when the whole document was written.
 */
gboolean
cns_xml_writer_close (CnsXmlWriter *self, GError **error)
{
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->ok)
    self->ok = self->xml->end_document (self->writer) >= 0;
  if (self->writer != NULL)
    self->xml->free_text_writer (self->writer); /* and the buffer, flushed */
  if (fflush (self->file) != 0 && self->file_error == 0)
    self->file_error = errno;
  if (fclose (self->file) != 0 && self->file_error == 0)
    self->file_error = errno;
  ok = self->ok && self->file_error == 0;
  if (!ok)
    g_set_error (error, G_FILE_ERROR,
                 self->file_error != 0
                     ? g_file_error_from_errno (self->file_error)
                     : G_FILE_ERROR_FAILED,
                 "Cannot write “%s”: %s", self->path,
                 self->file_error != 0 ? g_strerror (self->file_error)
                                       : "the XML writer failed");
  g_free (self->path);
  g_free (self);
  return ok;
}
