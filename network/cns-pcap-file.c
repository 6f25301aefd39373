/* cns — pcap capture files.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The classic libpcap format: a 24-byte file header (magic number, version
 * 2.4, time zone offset, timestamp accuracy, snapshot length, link type)
 * and then records of a 16-byte header (seconds, fraction of a second,
 * captured length, original length) and the captured bytes. Fields are in
 * the writer's byte order, which readers tell from the magic number.
 *
 * cns writes its own byte order with the nanosecond magic 0xa1b23c4d, since
 * simulated links are fast enough that microseconds would merge packets.
 * It reads microsecond (0xa1b2c3d4) and nanosecond files in either byte
 * order. A file is a stdio stream with a large buffer, so writing a record
 * is a copy into memory; write errors surface at the latest in
 * cns_pcap_file_close(), which reports them.
 */
#include "network/cns-pcap-file.h"

#include "network/cns-network-error.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#define PCAP_MAGIC_MICRO   0xa1b2c3d4u
#define PCAP_MAGIC_NANO    0xa1b23c4du
#define PCAP_VERSION_MAJOR 2
#define PCAP_VERSION_MINOR 4
#define PCAP_HEADER_SIZE   24
#define PCAP_RECORD_SIZE   16

#define WRITE_BUFFER_SIZE (64 * 1024)
/* Records are read in pieces of this size, so that a corrupt length in a
 * short file costs no more memory than the file holds. */
#define READ_CHUNK_SIZE (64 * 1024)

struct _CnsPcapFile
{
  FILE *file;
  gchar *path;
  gboolean writing;
  gboolean swapped;     /* read: the file's byte order is not ours */
  gboolean nanoseconds; /* read: fractions of seconds are ns, not us */
  guint32 link_type;
  guint32 snaplen;
  guint64 n_records; /* records written or read so far */
  gint write_errno;  /* of the first failed write, for close */
  guint8 *scratch;   /* write_packet: one packet's captured bytes */
  guint32 scratch_size;
  gchar *buffer; /* write: stdio's buffer, larger than its default */
};

static CnsPcapFile *
pcap_file_new (FILE *file, const gchar *path, gboolean writing)
{
  CnsPcapFile *self = g_new0 (CnsPcapFile, 1);

  self->file = file;
  self->path = g_strdup (path);
  self->writing = writing;
  return self;
}

static void
pcap_file_free (CnsPcapFile *self)
{
  g_free (self->scratch);
  g_free (self->buffer);
  g_free (self->path);
  g_free (self);
}

static void
put_u16 (guint8 *p, guint16 v)
{
  memcpy (p, &v, sizeof v);
}

static void
put_u32 (guint8 *p, guint32 v)
{
  memcpy (p, &v, sizeof v);
}

static guint16
get_u16 (const CnsPcapFile *self, const guint8 *p)
{
  guint16 v;

  memcpy (&v, p, sizeof v);
  return self->swapped ? GUINT16_SWAP_LE_BE (v) : v;
}

static guint32
get_u32 (const CnsPcapFile *self, const guint8 *p)
{
  guint32 v;

  memcpy (&v, p, sizeof v);
  return self->swapped ? GUINT32_SWAP_LE_BE (v) : v;
}

static gboolean
pcap_file_put (CnsPcapFile *self, const guint8 *data, gsize size,
               GError **error)
{
  gint saved;

  if (size == 0 || fwrite (data, 1, size, self->file) == size)
    return TRUE;
  saved = errno;
  if (self->write_errno == 0)
    self->write_errno = saved;
  g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_IO,
               "%s: cannot write: %s", self->path, g_strerror (saved));
  return FALSE;
}

/* Reads exactly @size bytes. Returns how many were read; on a short read
 * sets @error for an I/O error, and leaves reporting the end of the file
 * to the caller, who knows what was cut short. */
static gsize
pcap_file_get (CnsPcapFile *self, guint8 *data, gsize size, GError **error)
{
  gsize got = fread (data, 1, size, self->file);

  if (got < size && ferror (self->file))
    g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_IO,
                 "%s: cannot read: %s", self->path, g_strerror (errno));
  return got;
}

/**
 * cns_pcap_file_create: (skip)
 * @path: the file to write; replaced if it exists
 * @link_type: what each record starts with, a %CNS_PCAP_LINKTYPE_ value
 * @snaplen: the most bytes kept of each packet (%CNS_PCAP_DEFAULT_SNAPLEN
 *   keeps whole packets); not 0
 * @error: a #CNS_NETWORK_ERROR_IO naming @path when it cannot be written
 *
 * Creates @path and writes the file header (nanosecond timestamps, this
 * machine's byte order).
 *
 * Returns: (transfer full) (nullable): the file, to be closed with
 * cns_pcap_file_close(); %NULL on error.
 */
CnsPcapFile *
cns_pcap_file_create (const gchar *path, guint32 link_type, guint32 snaplen,
                      GError **error)
{
  guint8 header[PCAP_HEADER_SIZE];
  CnsPcapFile *self;
  FILE *file;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (snaplen > 0, NULL);

  if ((file = g_fopen (path, "wb")) == NULL)
    {
      gint saved = errno;

      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_IO,
                   "cannot create pcap file '%s': %s", path,
                   g_strerror (saved));
      return NULL;
    }
  self = pcap_file_new (file, path, TRUE);
  /* glibc ignores a size given without a buffer, so give it one. */
  self->buffer = g_malloc (WRITE_BUFFER_SIZE);
  setvbuf (file, self->buffer, _IOFBF, WRITE_BUFFER_SIZE);
  self->link_type = link_type;
  self->snaplen = snaplen;

  put_u32 (header, PCAP_MAGIC_NANO);
  put_u16 (header + 4, PCAP_VERSION_MAJOR);
  put_u16 (header + 6, PCAP_VERSION_MINOR);
  put_u32 (header + 8, 0);  /* thiszone: timestamps are UTC */
  put_u32 (header + 12, 0); /* sigfigs: accuracy, always 0 */
  put_u32 (header + 16, snaplen);
  put_u32 (header + 20, link_type);
  if (!pcap_file_put (self, header, sizeof header, error))
    {
      fclose (file);
      pcap_file_free (self);
      return NULL;
    }
  return self;
}

/**
 * cns_pcap_file_write:
 * @self: a file made by cns_pcap_file_create()
 * @time: when the packet was seen; not negative. Written in nanoseconds,
 *   truncating picoseconds.
 * @data: (array length=captured): the packet's first bytes
 * @captured: the number of bytes in @data
 * @original: the packet's whole length, at least @captured
 * @error: a #CNS_NETWORK_ERROR_INVALID for a negative @time, or
 *   #CNS_NETWORK_ERROR_IO when writing fails
 *
 * Writes one record holding at most the snapshot length of @data.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_pcap_file_write (CnsPcapFile *self, CnsTime time, const guint8 *data,
                     guint32 captured, guint32 original, GError **error)
{
  guint8 record[PCAP_RECORD_SIZE];
  guint32 kept;
  gint64 ns;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (self->writing, FALSE);
  g_return_val_if_fail (data != NULL || captured == 0, FALSE);
  g_return_val_if_fail (captured <= original, FALSE);

  if (time < 0)
    {
      gchar text[CNS_TIME_STRING_SIZE];

      cns_time_format (time, text);
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_INVALID,
                   "%s: cannot write a packet at negative time %s", self->path,
                   text);
      return FALSE;
    }
  /* CnsTime spans about 9.2e6 s, well within the 32-bit seconds field. */
  ns = time / CNS_TIME_PS_PER_NS;
  kept = MIN (captured, self->snaplen);
  put_u32 (record, (guint32) (ns / 1000000000));
  put_u32 (record + 4, (guint32) (ns % 1000000000));
  put_u32 (record + 8, kept);
  put_u32 (record + 12, original);
  if (!pcap_file_put (self, record, sizeof record, error)
      || !pcap_file_put (self, data, kept, error))
    return FALSE;
  self->n_records++;
  return TRUE;
}

/**
 * cns_pcap_file_write_packet:
 * @self: a file made by cns_pcap_file_create()
 * @time: when @packet was seen; not negative
 * @packet: (transfer none): the packet, written as its bytes on the wire
 *   (zero-filled payload as zeros), cut to the snapshot length
 * @error: as for cns_pcap_file_write()
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_pcap_file_write_packet (CnsPcapFile *self, CnsTime time,
                            const CnsPacket *packet, GError **error)
{
  guint32 size;
  guint32 kept;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (self->writing, FALSE);
  g_return_val_if_fail (packet != NULL, FALSE);

  size = cns_packet_get_size (packet);
  kept = MIN (size, self->snaplen);
  if (kept > self->scratch_size)
    {
      g_free (self->scratch);
      self->scratch = g_malloc (kept);
      self->scratch_size = kept;
    }
  if (kept > 0)
    cns_packet_copy_data (packet, 0, self->scratch, kept);
  return cns_pcap_file_write (self, time, self->scratch, kept, size, error);
}

/**
 * cns_pcap_file_open: (skip)
 * @path: a classic pcap file, micro- or nanosecond, either byte order
 * @error: a #CNS_NETWORK_ERROR_IO naming @path when it cannot be read, or
 *   a #CNS_NETWORK_ERROR_PARSE saying what is wrong with its header
 *
 * Opens @path for reading and reads its file header.
 *
 * Returns: (transfer full) (nullable): the file, to be closed with
 * cns_pcap_file_close(); %NULL on error.
 */
CnsPcapFile *
cns_pcap_file_open (const gchar *path, GError **error)
{
  guint8 header[PCAP_HEADER_SIZE];
  g_autoptr (GError) local = NULL;
  CnsPcapFile *self;
  guint16 major, minor;
  guint32 magic;
  FILE *file;
  gsize got;

  g_return_val_if_fail (path != NULL, NULL);

  if ((file = g_fopen (path, "rb")) == NULL)
    {
      gint saved = errno;

      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_IO,
                   "cannot open pcap file '%s': %s", path, g_strerror (saved));
      return NULL;
    }
  self = pcap_file_new (file, path, FALSE);

  got = pcap_file_get (self, header, sizeof header, &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      goto fail;
    }
  if (got == 0)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "%s: not a pcap file: the file is empty", path);
      goto fail;
    }
  if (got < sizeof header)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "%s: not a pcap file: truncated header (%" G_GSIZE_FORMAT
                   " of %d bytes)",
                   path, got, PCAP_HEADER_SIZE);
      goto fail;
    }

  memcpy (&magic, header, sizeof magic);
  if (magic == PCAP_MAGIC_MICRO || magic == PCAP_MAGIC_NANO)
    self->swapped = FALSE;
  else if (GUINT32_SWAP_LE_BE (magic) == PCAP_MAGIC_MICRO
           || GUINT32_SWAP_LE_BE (magic) == PCAP_MAGIC_NANO)
    self->swapped = TRUE;
  else
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "%s: not a pcap file: unknown magic number 0x%08x (pcapng "
                   "files are not supported)",
                   path, get_u32 (self, header));
      goto fail;
    }
  self->nanoseconds = get_u32 (self, header) == PCAP_MAGIC_NANO;
  major = get_u16 (self, header + 4);
  minor = get_u16 (self, header + 6);
  if (major != PCAP_VERSION_MAJOR)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "%s: unsupported pcap version %u.%u (expected 2.4)", path,
                   major, minor);
      goto fail;
    }
  self->snaplen = get_u32 (self, header + 16);
  self->link_type = get_u32 (self, header + 20);
  return self;

fail:
  fclose (file);
  pcap_file_free (self);
  return NULL;
}

/* Reads @size bytes of record data into @data, growing it piece by piece. */
static gboolean
pcap_file_read_data (CnsPcapFile *self, GByteArray *data, guint32 size,
                     GError **error)
{
  g_autoptr (GError) local = NULL;
  guint32 done = 0;

  g_byte_array_set_size (data, 0);
  while (done < size)
    {
      guint32 chunk = MIN (size - done, READ_CHUNK_SIZE);
      gsize got;

      g_byte_array_set_size (data, done + chunk);
      got = pcap_file_get (self, data->data + done, chunk, &local);
      done += (guint32) got;
      if (got < chunk)
        {
          g_byte_array_set_size (data, done);
          if (local != NULL)
            g_propagate_error (error, g_steal_pointer (&local));
          else
            g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                         "%s: record %" G_GUINT64_FORMAT
                         " is truncated: %u of its %u bytes are present",
                         self->path, self->n_records + 1, done, size);
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * cns_pcap_file_read:
 * @self: a file made by cns_pcap_file_open()
 * @time: (out) (optional): when the packet was seen
 * @data: the captured bytes replace its contents
 * @original: (out) (optional): the packet's whole length, at least
 *   @data's
 * @error: a #CNS_NETWORK_ERROR_PARSE naming the file and the record
 *   (counted from 1, as Wireshark numbers frames) when a record is
 *   truncated, longer than the snapshot length or has a time beyond the
 *   range of #CnsTime; a #CNS_NETWORK_ERROR_IO when reading fails
 *
 * Reads the next record.
 *
 * Returns: %TRUE when a record was read; %FALSE at the end of the file,
 * with @error unset, and on error.
 */
gboolean
cns_pcap_file_read (CnsPcapFile *self, CnsTime *time, GByteArray *data,
                    guint32 *original, GError **error)
{
  guint8 record[PCAP_RECORD_SIZE];
  g_autoptr (GError) local = NULL;
  guint32 seconds, fraction, kept, whole;
  guint64 number;
  gint64 fraction_ps;
  gsize got;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->writing, FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  number = self->n_records + 1;
  got = pcap_file_get (self, record, sizeof record, &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (got == 0)
    return FALSE;
  if (got < sizeof record)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "%s: record %" G_GUINT64_FORMAT
                   " is truncated: its header has %" G_GSIZE_FORMAT
                   " of %d bytes",
                   self->path, number, got, PCAP_RECORD_SIZE);
      return FALSE;
    }
  seconds = get_u32 (self, record);
  fraction = get_u32 (self, record + 4);
  kept = get_u32 (self, record + 8);
  whole = get_u32 (self, record + 12);

  if (kept > self->snaplen)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "%s: record %" G_GUINT64_FORMAT
                   " holds %u bytes, more than the snapshot length %u",
                   self->path, number, kept, self->snaplen);
      return FALSE;
    }
  if (kept > whole)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "%s: record %" G_GUINT64_FORMAT
                   " holds %u bytes of a packet it says had %u",
                   self->path, number, kept, whole);
      return FALSE;
    }
  if (fraction >= (self->nanoseconds ? 1000000000u : 1000000u))
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "%s: record %" G_GUINT64_FORMAT
                   " has %u %s, more than a second",
                   self->path, number, fraction,
                   self->nanoseconds ? "nanoseconds" : "microseconds");
      return FALSE;
    }
  fraction_ps = (gint64) fraction
                * (self->nanoseconds ? CNS_TIME_PS_PER_NS : CNS_TIME_PS_PER_US);
  if (seconds > (CNS_TIME_MAX - fraction_ps) / CNS_TIME_PS_PER_S)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "%s: record %" G_GUINT64_FORMAT
                   " was captured at %u s, beyond the range of simulation "
                   "time (about 106 days)",
                   self->path, number, seconds);
      return FALSE;
    }
  if (!pcap_file_read_data (self, data, kept, error))
    return FALSE;

  self->n_records = number;
  if (time != NULL)
    *time = (CnsTime) seconds * CNS_TIME_PS_PER_S + fraction_ps;
  if (original != NULL)
    *original = whole;
  return TRUE;
}

/**
 * cns_pcap_file_get_link_type:
 *
 * Returns: the file's link-layer type.
 */
guint32
cns_pcap_file_get_link_type (const CnsPcapFile *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->link_type;
}

/**
 * cns_pcap_file_get_snaplen:
 *
 * Returns: the file's snapshot length.
 */
guint32
cns_pcap_file_get_snaplen (const CnsPcapFile *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->snaplen;
}

/**
 * cns_pcap_file_close:
 * @self: (transfer full): the file
 * @error: a #CNS_NETWORK_ERROR_IO naming the file when a write failed,
 *   including ones that only show now, when the buffer is flushed
 *
 * Flushes a file being written and closes it; frees @self in any case.
 *
 * Returns: %TRUE when every record reached the file.
 */
gboolean
cns_pcap_file_close (CnsPcapFile *self, GError **error)
{
  gint failed = 0;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->writing)
    {
      if (fflush (self->file) != 0)
        failed = errno;
      else if (ferror (self->file))
        failed = self->write_errno != 0 ? self->write_errno : EIO;
    }
  if (fclose (self->file) != 0 && self->writing && failed == 0)
    failed = errno;
  if (failed != 0)
    g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_IO,
                 "%s: cannot write: %s", self->path, g_strerror (failed));
  pcap_file_free (self);
  return failed == 0;
}
