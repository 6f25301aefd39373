/* cns — packets to bytes and back, to send them to another MPI rank.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A serialized packet, every integer little-endian (all ranks run the same
 * build, so the format needs no versioning):
 *
 *   u32  length of the whole record in bytes, this field included
 *   u64  uid
 *   u32  H, the stored bytes before the zero area
 *   u32  Z, the length of the zero area (its zeros are not written)
 *   u32  T, the stored bytes after it
 *   H + T bytes
 *   u8   flags: bit 0 set when the packet records its headers, bit 1
 *        when it has a nix vector
 *   u32  the number of packet tags, then each:
 *          name, u8 data size, data
 *   if it has a nix vector:
 *     u32  N, its length in bits
 *     u32  its epoch
 *     u32  the bits of it the packet has read, at most N
 *     (N + 7) / 8 bytes: the bits in path order, most significant bit of
 *          each byte first, the bits past N zero
 *   u32  the number of byte tags the packet sees, then each:
 *          name, u32 first byte, u32 end (clipped to the packet),
 *          u8 data size, data
 *   u32  the number of header records the packet sees, then each:
 *          name, u8 0 for a header or 1 for a trailer, u32 first byte,
 *          u32 end
 *
 * where a name is a u16 length and that many bytes, without a NUL. Tag and
 * header classes are found by name with cns_tag_class_lookup() and
 * cns_header_class_lookup().
 */
#include "network/cns-packet.h"

#include "core/cns-log.h"
#include "network/cns-byte-reader.h"
#include "network/cns-byte-writer.h"
#include "network/cns-network-error.h"
#include "network/cns-packet-private.h"

#include <string.h>

#define FLAG_RECORDS_HEADERS 0x1
#define FLAG_NIX_VECTOR      0x2

static void
put_name (CnsByteWriter *w, const gchar *name)
{
  gsize len = strlen (name);

  if (len > G_MAXUINT16)
    cns_fatal ("class name '%.40s...' is too long to serialize", name);
  cns_byte_writer_put_u16_le (w, len);
  cns_byte_writer_put_bytes (w, name, len);
}

static void
put_nix_vector (CnsByteWriter *w, const CnsNixVector *nix, guint32 position)
{
  guint32 n_bits = cns_nix_vector_get_n_bits (nix);
  guint32 pos = 0;

  cns_byte_writer_put_u32_le (w, n_bits);
  cns_byte_writer_put_u32_le (w, cns_nix_vector_get_epoch (nix));
  cns_byte_writer_put_u32_le (w, position);
  /* whole words first: the same bytes, most significant first */
  while (n_bits - pos >= 32)
    cns_byte_writer_put_u32_be (w, cns_nix_vector_extract (nix, &pos, 32));
  while (n_bits - pos >= 8)
    cns_byte_writer_put_u8 (w, cns_nix_vector_extract (nix, &pos, 8));
  if (pos < n_bits)
    {
      guint32 rest = n_bits - pos;

      cns_byte_writer_put_u8 (w, cns_nix_vector_extract (nix, &pos, rest)
                                     << (8 - rest));
    }
}

/**
 * cns_packet_serialize:
 * @out: where to append
 *
 * Appends the packet's uid, bytes (zero areas as their length), tags, nix
 * vector with the position read in it, and header records to @out, in the form
 * cns_packet_deserialize() reads back into an identical packet. Tag and header
 * classes are written by name, so the reading side must have registered them.
 */
void
cns_packet_serialize (const CnsPacket *packet, GByteArray *out)
{
  const CnsBuffer *buffer;
  const CnsPacketMetadata *metadata;
  const CnsRangeList *list;
  guint32 size, count, s, e;
  gsize length_at, count_at;
  CnsByteWriter w;

  g_return_if_fail (packet != NULL);
  g_return_if_fail (out != NULL);
  buffer = &packet->buffer;
  size = cns_buffer_get_size (buffer);
  cns_byte_writer_init (&w, out);

  length_at = cns_byte_writer_get_position (&w);
  cns_byte_writer_put_u32_le (&w, 0);
  cns_byte_writer_put_u64_le (&w, packet->uid);
  cns_byte_writer_put_u32_le (&w, buffer->head);
  cns_byte_writer_put_u32_le (&w, buffer->zeros);
  cns_byte_writer_put_u32_le (&w, buffer->tail);
  if (buffer->head + buffer->tail > 0)
    cns_byte_writer_put_bytes (&w, cns_buffer_get_stored (buffer),
                               buffer->head + buffer->tail);
  metadata = packet->metadata;
  cns_byte_writer_put_u8 (
      &w,
      (packet->headers != NULL ? FLAG_RECORDS_HEADERS : 0)
          | (metadata != NULL && metadata->nix != NULL ? FLAG_NIX_VECTOR : 0));

  cns_byte_writer_put_u32_le (&w, metadata != NULL ? metadata->n : 0);
  for (guint32 i = 0; metadata != NULL && i < metadata->n; i++)
    {
      put_name (&w, metadata->tags[i].klass->name);
      cns_byte_writer_put_u8 (&w, metadata->tags[i].klass->size);
      cns_byte_writer_put_bytes (&w, metadata->tags[i].data,
                                 metadata->tags[i].klass->size);
    }
  if (metadata != NULL && metadata->nix != NULL)
    put_nix_vector (&w, metadata->nix, metadata->nix_position);

  count_at = cns_byte_writer_get_position (&w);
  count = 0;
  cns_byte_writer_put_u32_le (&w, 0);
  list = packet->byte_tags;
  for (guint32 i = 0; list != NULL && i < list->n; i++)
    {
      const CnsByteTag *tag = cns_range_list_item (list, i);

      if (!cns_range_list_clip (&tag->range, packet->origin, size,
                                CNS_RANGE_OVERLAP, &s, &e))
        continue;
      put_name (&w, tag->klass->name);
      cns_byte_writer_put_u32_le (&w, s);
      cns_byte_writer_put_u32_le (&w, e);
      cns_byte_writer_put_u8 (&w, tag->klass->size);
      cns_byte_writer_put_bytes (&w, tag->data, tag->klass->size);
      count++;
    }
  cns_byte_writer_patch_u32_le (&w, count_at, count);

  count_at = cns_byte_writer_get_position (&w);
  count = 0;
  cns_byte_writer_put_u32_le (&w, 0);
  list = packet->headers;
  for (guint32 i = 0; list != NULL && i < list->n; i++)
    {
      const CnsHeaderRecord *record = cns_range_list_item (list, i);

      if (!cns_range_list_clip (&record->range, packet->origin, size,
                                CNS_RANGE_WHOLE, &s, &e))
        continue;
      put_name (&w, record->klass->name);
      cns_byte_writer_put_u8 (&w, record->trailer ? 1 : 0);
      cns_byte_writer_put_u32_le (&w, s);
      cns_byte_writer_put_u32_le (&w, e);
      count++;
    }
  cns_byte_writer_patch_u32_le (&w, count_at, count);

  cns_byte_writer_patch_u32_le (&w, length_at,
                                cns_byte_writer_get_position (&w) - length_at);
  cns_byte_writer_finish (&w);
}

/* A class name as it is in the bytes, without a NUL. */
typedef struct
{
  const gchar *bytes;
  guint16 len;
} Name;

static gboolean
read_name (CnsByteReader *r, Name *name, const gchar *what, GError **error)
{
  const guint8 *bytes;

  if (!cns_byte_reader_get_u16_le (r, &name->len, what, error)
      || !cns_byte_reader_get_bytes (r, name->len, &bytes, what, error))
    return FALSE;
  name->bytes = (const gchar *) bytes;
  return TRUE;
}

/* The class the previous packet named at one position of one of its
 * lists. Packets crossing ranks name the same few classes in the same
 * order, so comparing the name with the last one found at its position
 * mostly replaces the registry's hash lookup. Classes are static structs
 * that stay registered, so keeping pointers to them is safe. */
typedef struct
{
  gconstpointer klass;
  guint16 len;
  gchar name[62];
} RecentClass;

#define N_RECENT 8

typedef struct
{
  RecentClass packet_tags[N_RECENT];
  RecentClass byte_tags[N_RECENT];
  RecentClass headers[N_RECENT];
} RecentClasses;

/* Per thread, since packets handed to another LP are read back on any
 * thread; through a GPrivate, not __thread, which would put 1.7 KB into
 * the library's static TLS, more than a dlopen() (Python's) can give. */
static GPrivate recent_classes = G_PRIVATE_INIT (g_free);

static RecentClasses *
recent_classes_get (void)
{
  RecentClasses *recent = g_private_get (&recent_classes);

  if (G_UNLIKELY (recent == NULL))
    {
      recent = g_new0 (RecentClasses, 1);
      g_private_set (&recent_classes, recent);
    }
  return recent;
}

typedef gconstpointer (*ClassLookupFn) (const gchar *name);

static gconstpointer
lookup_tag_class (const gchar *name)
{
  return cns_tag_class_lookup (name);
}

static gconstpointer
lookup_header_class (const gchar *name)
{
  return cns_header_class_lookup (name);
}

/* The class registered as @name, or %NULL; @recent (nullable) is the
 * entry for the name's position. */
static gconstpointer
find_class (Name name, RecentClass *recent, ClassLookupFn lookup)
{
  g_autofree gchar *str = NULL;
  gconstpointer klass;

  if (recent != NULL && recent->klass != NULL && recent->len == name.len
      && memcmp (recent->name, name.bytes, name.len) == 0)
    return recent->klass;
  str = g_strndup (name.bytes, name.len);
  klass = lookup (str);
  if (recent != NULL && klass != NULL && name.len <= sizeof recent->name)
    {
      recent->klass = klass;
      recent->len = name.len;
      memcpy (recent->name, name.bytes, name.len);
    }
  return klass;
}

/* Reads a tag's class name and data: name, u8 size, data (@range between
 * the name and the size when not %NULL). */
static const CnsTagClass *
read_tag (CnsByteReader *r, const gchar *what, guint32 *range, guint8 *data,
          RecentClass *recent, GError **error)
{
  const CnsTagClass *klass;
  const guint8 *bytes;
  guint8 size;
  Name name;

  if (!read_name (r, &name, what, error))
    return NULL;
  if (range != NULL
      && (!cns_byte_reader_get_u32_le (r, &range[0], what, error)
          || !cns_byte_reader_get_u32_le (r, &range[1], what, error)))
    return NULL;
  if (!cns_byte_reader_get_u8 (r, &size, what, error)
      || !cns_byte_reader_get_bytes (r, size, &bytes, what, error))
    return NULL;
  klass = find_class (name, recent, lookup_tag_class);
  if (klass == NULL)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_NOT_FOUND,
                   "serialized packet has a %s of unknown class '%.*s'", what,
                   (int) name.len, name.bytes);
      return NULL;
    }
  if (size != klass->size)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet has a '%s' %s of %u bytes; the class "
                   "has %" G_GSIZE_FORMAT,
                   klass->name, what, size, klass->size);
      return NULL;
    }
  memcpy (data, bytes, size);
  return klass;
}

static gboolean
check_range (guint32 start, guint32 end, guint32 size, const gchar *what,
             const gchar *name, GError **error)
{
  if (start <= end && end <= size)
    return TRUE;
  g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
               "serialized packet has a '%s' %s over bytes [%u, %u) of a "
               "%u-byte packet",
               name, what, start, end, size);
  return FALSE;
}

static gboolean
packet_read_nix_vector (CnsPacket *packet, CnsByteReader *r, GError **error)
{
  g_autoptr (CnsNixVector) nix = NULL;
  const guint8 *bits;
  guint32 n_bits, epoch, position, n_bytes, rest, i;

  if (!cns_byte_reader_get_u32_le (r, &n_bits, "the nix vector", error)
      || !cns_byte_reader_get_u32_le (r, &epoch, "the nix vector", error)
      || !cns_byte_reader_get_u32_le (r, &position, "the nix vector", error))
    return FALSE;
  rest = n_bits % 8;
  n_bytes = n_bits / 8 + (rest != 0);
  if (!cns_byte_reader_get_bytes (r, n_bytes, &bits, "the nix vector", error))
    return FALSE;
  if (position > n_bits)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet has read %u bits of a %u-bit nix "
                   "vector",
                   position, n_bits);
      return FALSE;
    }
  if (rest != 0 && (bits[n_bytes - 1] & (0xff >> rest)) != 0)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet has a %u-bit nix vector with bits set "
                   "past its end",
                   n_bits);
      return FALSE;
    }

  nix = cns_nix_vector_new ();
  for (i = 0; i + 4 <= n_bits / 8; i += 4)
    {
      guint32 word;

      memcpy (&word, bits + i, sizeof word);
      cns_nix_vector_add_neighbor_index (nix, GUINT32_FROM_BE (word), 32);
    }
  for (; i < n_bits / 8; i++)
    cns_nix_vector_add_neighbor_index (nix, bits[i], 8);
  if (rest != 0)
    cns_nix_vector_add_neighbor_index (nix, bits[n_bytes - 1] >> (8 - rest),
                                       rest);
  cns_nix_vector_set_epoch (nix, epoch);
  cns_packet_set_nix_vector (packet, nix);
  packet->metadata->nix_position = position;
  return TRUE;
}

static gboolean
packet_read_metadata (CnsPacket *packet, CnsByteReader *r, guint8 flags,
                      GError **error)
{
  guint32 size = cns_buffer_get_size (&packet->buffer);
  RecentClasses *recent = recent_classes_get ();
  guint32 n, range[2];
  guint8 data[CNS_TAG_MAX_SIZE];
  const CnsTagClass *klass;

  if (!cns_byte_reader_get_u32_le (r, &n, "packet tags", error))
    return FALSE;
  for (guint32 i = 0; i < n; i++)
    {
      if ((klass
           = read_tag (r, "packet tag", NULL, data,
                       i < N_RECENT ? &recent->packet_tags[i] : NULL, error))
          == NULL)
        return FALSE;
      if (cns_packet_metadata_find_tag (packet->metadata, klass) >= 0)
        {
          g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                       "serialized packet has two '%s' packet tags",
                       klass->name);
          return FALSE;
        }
      cns_packet_add_packet_tag (packet, klass, data);
    }
  if ((flags & FLAG_NIX_VECTOR) && !packet_read_nix_vector (packet, r, error))
    return FALSE;

  if (!cns_byte_reader_get_u32_le (r, &n, "byte tags", error))
    return FALSE;
  for (guint32 i = 0; i < n; i++)
    {
      if ((klass = read_tag (r, "byte tag", range, data,
                             i < N_RECENT ? &recent->byte_tags[i] : NULL, error))
          == NULL)
        return FALSE;
      if (!check_range (range[0], range[1], size, "byte tag", klass->name,
                        error))
        return FALSE;
      cns_packet_add_byte_tag_range (packet, klass, data, range[0], range[1]);
    }

  if (!cns_byte_reader_get_u32_le (r, &n, "header records", error))
    return FALSE;
  if (n > 0 && !(flags & FLAG_RECORDS_HEADERS))
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet has %u header records but does not "
                   "record headers",
                   n);
      return FALSE;
    }
  for (guint32 i = 0; i < n; i++)
    {
      const CnsHeaderClass *header_class;
      guint8 kind;
      Name name;

      if (!read_name (r, &name, "header record", error)
          || !cns_byte_reader_get_u8 (r, &kind, "header record", error)
          || !cns_byte_reader_get_u32_le (r, &range[0], "header record", error)
          || !cns_byte_reader_get_u32_le (r, &range[1], "header record", error))
        return FALSE;
      header_class = find_class (name, i < N_RECENT ? &recent->headers[i] : NULL,
                                 lookup_header_class);
      if (header_class == NULL)
        {
          g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_NOT_FOUND,
                       "serialized packet has a header of unknown class "
                       "'%.*s'",
                       (int) name.len, name.bytes);
          return FALSE;
        }
      if (kind > 1)
        {
          g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                       "serialized packet has a '%s' record of kind %u, "
                       "neither header (0) nor trailer (1)",
                       header_class->name, kind);
          return FALSE;
        }
      if (!check_range (range[0], range[1], size,
                        kind ? "trailer record" : "header record",
                        header_class->name, error))
        return FALSE;
      cns_packet_record_header (packet, header_class, kind == 1,
                                packet->origin + range[0],
                                packet->origin + range[1]);
    }
  return TRUE;
}

/**
 * cns_packet_deserialize:
 * @data: (array length=size): bytes starting with a packet written by
 *   cns_packet_serialize()
 * @consumed: (out) (optional): the number of bytes the packet took
 * @error: a #CNS_NETWORK_ERROR: PARSE when the bytes are not a serialized
 *   packet (truncated, inconsistent), NOT_FOUND when they name a tag or
 *   header class that is not registered
 *
 * Rebuilds a packet: same bytes, uid, tags, nix vector (reading on from
 * where the serialized packet had got to) and header records.
 *
 * Returns: (transfer full) (nullable): the packet, or %NULL on error.
 */
CnsPacket *
cns_packet_deserialize (const guint8 *data, gsize size, gsize *consumed,
                        GError **error)
{
  CnsByteReader r;
  const guint8 *stored;
  guint32 length, head, zeros, tail;
  guint64 uid;
  guint8 flags;
  CnsPacket *packet;

  g_return_val_if_fail (data != NULL || size == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  cns_byte_reader_init (&r, data, size, "serialized packet");
  if (!cns_byte_reader_get_u32_le (&r, &length, "its length", error))
    return NULL;
  if (length > size)
    {
      g_set_error (
          error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
          "serialized packet truncated: %u bytes long, %" G_GSIZE_FORMAT
          " given",
          length, size);
      return NULL;
    }
  if (length < sizeof length)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet claims to be %u bytes long, less than "
                   "its length field",
                   length);
      return NULL;
    }
  /* the rest of the record, without what follows it */
  cns_byte_reader_init (&r, data + sizeof length, length - sizeof length,
                        "serialized packet");
  if (!cns_byte_reader_get_u64_le (&r, &uid, "the uid", error)
      || !cns_byte_reader_get_u32_le (&r, &head, "the byte counts", error)
      || !cns_byte_reader_get_u32_le (&r, &zeros, "the byte counts", error)
      || !cns_byte_reader_get_u32_le (&r, &tail, "the byte counts", error))
    return NULL;
  if ((guint64) head + zeros + tail > G_MAXUINT32)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet has %" G_GUINT64_FORMAT
                   " bytes, more than a packet holds",
                   (guint64) head + zeros + tail);
      return NULL;
    }
  if (zeros == 0 && tail > 0)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet has %u tail bytes but no zero area",
                   tail);
      return NULL;
    }
  if (!cns_byte_reader_get_bytes (&r, (gsize) head + tail, &stored,
                                  "the packet's bytes", error)
      || !cns_byte_reader_get_u8 (&r, &flags, "the flags", error))
    return NULL;
  if (flags & ~(FLAG_RECORDS_HEADERS | FLAG_NIX_VECTOR))
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet has unknown flags 0x%02x", flags);
      return NULL;
    }

  packet = cns_packet_alloc ();
  packet->uid = uid;
  cns_buffer_init (&packet->buffer, stored, head, zeros, stored + head, tail);
  if (flags & FLAG_RECORDS_HEADERS)
    packet->headers = cns_range_list_new (sizeof (CnsHeaderRecord));
  if (!packet_read_metadata (packet, &r, flags, error))
    {
      cns_packet_unref (packet);
      return NULL;
    }
  if (cns_byte_reader_get_remaining (&r) > 0)
    {
      g_set_error (error, CNS_NETWORK_ERROR, CNS_NETWORK_ERROR_PARSE,
                   "serialized packet has %" G_GSIZE_FORMAT
                   " stray bytes at its end",
                   cns_byte_reader_get_remaining (&r));
      cns_packet_unref (packet);
      return NULL;
    }
  if (consumed != NULL)
    *consumed = length;
  return packet;
}
