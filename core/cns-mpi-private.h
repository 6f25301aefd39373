/* cns — what the distributed simulator implementations need of the MPI
 * interface.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "core/cns-mpi.h"

G_BEGIN_DECLS

/* The setup of the distributed simulators: FALSE, with @error set, unless
 * MPI runs. */
G_GNUC_INTERNAL gboolean cns_mpi_check_ready (GError **error);

/* The smallest delay of any link between two ranks (CNS_TIME_MAX when there
 * is none), the same on every rank. */
G_GNUC_INTERNAL CnsTime cns_mpi_get_lookahead (void);

/* Sends what cns_mpi_send() buffered, one message per destination rank.
 * Returns the earliest receive time among the records sent since the last
 * call, CNS_TIME_MAX when there were none. */
G_GNUC_INTERNAL CnsTime cns_mpi_flush (void);

/* The window's one collective: *@next becomes the smallest of every rank's
 * *@next, and the result is how many messages this rank must have received
 * in all, counting those other ranks sent it up to their flush. */
G_GNUC_INTERNAL guint64 cns_mpi_reduce_window (CnsTime *next);

/* Receives messages, handing each record to the receive function, until
 * @expected have arrived since cns_mpi_enable(); waits for them. */
G_GNUC_INTERNAL void cns_mpi_receive_until (guint64 expected);

G_GNUC_INTERNAL void cns_mpi_count_window (void);

/* The null-message simulator's side, in cns-mpi.c for the state it
 * shares with the sends. */
G_GNUC_INTERNAL void cns_mpi_nm_begin (CnsTime next);
G_GNUC_INTERNAL CnsTime cns_mpi_nm_safe_time (void);
typedef enum
{
  CNS_MPI_NULLS_NONE,
  CNS_MPI_NULLS_ON_LOOKAHEAD,
  CNS_MPI_NULLS_ON_GROWTH
} CnsMpiNulls;

G_GNUC_INTERNAL void cns_mpi_nm_flush (CnsTime floor, CnsMpiNulls nulls);
G_GNUC_INTERNAL gboolean cns_mpi_nm_receive (void);
G_GNUC_INTERNAL gboolean cns_mpi_nm_wave (CnsTime next, guint64 events);
G_GNUC_INTERNAL void cns_mpi_nm_end (void);
G_GNUC_INTERNAL void cns_mpi_add_blocked (gint64 microseconds);

G_END_DECLS
