/* cns — an error model that corrupts the packets it is told to.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's ListErrorModel: a packet is corrupt exactly when its uid is in
 * the list, which makes losses in tests exact and repeatable. Copies of a
 * packet keep its uid, so they are corrupt too. The list is kept sorted
 * without duplicates and searched by bisection. Resetting the model keeps
 * the list, as in ns-3.
 */
#include "network/cns-list-error-model.h"

#include <stdlib.h>

struct _CnsListErrorModel
{
  CnsErrorModel parent;

  GArray *uids; /* guint64, ascending, no duplicates */
};

G_DEFINE_FINAL_TYPE (CnsListErrorModel, cns_list_error_model,
                     CNS_TYPE_ERROR_MODEL)

static void cns_list_error_model_finalize (GObject *object);
static gboolean cns_list_error_model_is_corrupt (CnsErrorModel *model,
                                                 CnsPacket *packet);

static void
cns_list_error_model_class_init (CnsListErrorModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  CnsErrorModelClass *model_class = CNS_ERROR_MODEL_CLASS (klass);

  object_class->finalize = cns_list_error_model_finalize;
  model_class->is_corrupt = cns_list_error_model_is_corrupt;
}

static void
cns_list_error_model_init (CnsListErrorModel *self)
{
  self->uids = g_array_new (FALSE, FALSE, sizeof (guint64));
}

static void
cns_list_error_model_finalize (GObject *object)
{
  CnsListErrorModel *self = CNS_LIST_ERROR_MODEL (object);

  g_array_unref (self->uids);
  G_OBJECT_CLASS (cns_list_error_model_parent_class)->finalize (object);
}

/* Returns the index of the first uid not below @uid. */
static guint
list_lower_bound (const GArray *uids, guint64 uid)
{
  guint lo = 0;
  guint hi = uids->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (uids, guint64, mid) < uid)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Reached only through the class, after the base checked its argument. */
static gboolean
cns_list_error_model_is_corrupt (CnsErrorModel *model, CnsPacket *packet)
{
  CnsListErrorModel *self = (CnsListErrorModel *) model;
  guint64 uid = cns_packet_get_uid (packet);
  guint i = list_lower_bound (self->uids, uid);

  return i < self->uids->len && g_array_index (self->uids, guint64, i) == uid;
}

static gint
compare_uids (const void *a, const void *b)
{
  guint64 x = *(const guint64 *) a;
  guint64 y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/**
 * cns_list_error_model_new:
 *
 * Returns: (transfer full): a model with an empty list, which corrupts
 * nothing until uids are added.
 */
CnsErrorModel *
cns_list_error_model_new (void)
{
  return cns_object_new (CNS_TYPE_LIST_ERROR_MODEL, NULL);
}

/**
 * cns_list_error_model_set_list:
 * @uids: (array length=n_uids) (nullable): packet uids, in any order,
 *   repeats allowed; %NULL when @n_uids is 0
 * @n_uids: the number of uids
 *
 * Replaces the list: from now on exactly the packets with these uids are
 * corrupt.
 */
void
cns_list_error_model_set_list (CnsListErrorModel *self, const guint64 *uids,
                               guint n_uids)
{
  guint kept = 0;

  g_return_if_fail (CNS_IS_LIST_ERROR_MODEL (self));
  g_return_if_fail (uids != NULL || n_uids == 0);

  g_array_set_size (self->uids, 0);
  if (n_uids == 0)
    return;
  g_array_append_vals (self->uids, uids, n_uids);
  qsort (self->uids->data, n_uids, sizeof (guint64), compare_uids);
  for (guint i = 0; i < n_uids; i++)
    if (kept == 0
        || g_array_index (self->uids, guint64, i)
               != g_array_index (self->uids, guint64, kept - 1))
      g_array_index (self->uids, guint64, kept++)
          = g_array_index (self->uids, guint64, i);
  g_array_set_size (self->uids, kept);
}

/**
 * cns_list_error_model_add_uid:
 * @uid: a packet uid
 *
 * Adds @uid to the list; adding one already there changes nothing.
 */
void
cns_list_error_model_add_uid (CnsListErrorModel *self, guint64 uid)
{
  guint i;

  g_return_if_fail (CNS_IS_LIST_ERROR_MODEL (self));
  i = list_lower_bound (self->uids, uid);
  if (i < self->uids->len && g_array_index (self->uids, guint64, i) == uid)
    return;
  g_array_insert_val (self->uids, i, uid);
}
