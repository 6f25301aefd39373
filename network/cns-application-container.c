/* cns — ordered sets of applications, for helpers.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's ApplicationContainer: what an application helper installed, so
 * that a scenario can set when they all start and stop in one call
 * ("apps.Start (Seconds (1.0))").
 */
#include "network/cns-application-container.h"

struct _CnsApplicationContainer
{
  gint ref_count;
  GPtrArray *applications; /* CnsApplication, referenced */
};

G_DEFINE_BOXED_TYPE (CnsApplicationContainer, cns_application_container,
                     cns_application_container_ref,
                     cns_application_container_unref)

/**
 * cns_application_container_new:
 *
 * Returns: (transfer full): an empty container.
 */
CnsApplicationContainer *
cns_application_container_new (void)
{
  CnsApplicationContainer *self = g_new (CnsApplicationContainer, 1);

  self->ref_count = 1;
  self->applications = g_ptr_array_new_with_free_func (g_object_unref);
  return self;
}

/**
 * cns_application_container_ref:
 *
 * Returns: (transfer full): @self.
 */
CnsApplicationContainer *
cns_application_container_ref (CnsApplicationContainer *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

/**
 * cns_application_container_unref:
 *
 * Drops a reference.
 */
void
cns_application_container_unref (CnsApplicationContainer *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_ptr_array_unref (self->applications);
  g_free (self);
}

/**
 * cns_application_container_add:
 *
 * Appends @application.
 */
void
cns_application_container_add (CnsApplicationContainer *self,
                               CnsApplication *application)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (CNS_IS_APPLICATION (application));
  g_ptr_array_add (self->applications, g_object_ref (application));
}

/**
 * cns_application_container_add_container:
 *
 * Appends every application of @other.
 */
void
cns_application_container_add_container (CnsApplicationContainer *self,
                                         const CnsApplicationContainer *other)
{
  g_return_if_fail (self != NULL && other != NULL);
  for (guint i = 0; i < other->applications->len; i++)
    cns_application_container_add (self, other->applications->pdata[i]);
}

/**
 * cns_application_container_get_n:
 *
 * Returns: the number of applications.
 */
guint32
cns_application_container_get_n (const CnsApplicationContainer *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->applications->len;
}

/**
 * cns_application_container_get:
 *
 * Returns: (transfer none): application @index.
 */
CnsApplication *
cns_application_container_get (const CnsApplicationContainer *self,
                               guint32 index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->applications->len, NULL);
  return self->applications->pdata[index];
}

/**
 * cns_application_container_start:
 * @start: when to start, counted from the start of the simulation
 *
 * Sets the StartTime of every application; see
 * cns_application_set_start_time().
 */
void
cns_application_container_start (CnsApplicationContainer *self, CnsTime start)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (start >= 0);
  for (guint i = 0; i < self->applications->len; i++)
    cns_application_set_start_time (self->applications->pdata[i], start);
}

/**
 * cns_application_container_stop:
 * @stop: when to stop; 0 for never
 *
 * Sets the StopTime of every application.
 */
void
cns_application_container_stop (CnsApplicationContainer *self, CnsTime stop)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (stop >= 0);
  for (guint i = 0; i < self->applications->len; i++)
    cns_application_set_stop_time (self->applications->pdata[i], stop);
}
