/* cns — tests of the ATM cell transport: devices, channels, switches and
 * the helper.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "atm/cns-atm.h"
#include "atm/suites.h"
#include "core/cns-core.h"
#include "lib/cns-test.h"

#include <string.h>

#define RATE  8000.0
#define SLOT  cns_micro_seconds (125)
#define DELAY cns_milli_seconds (1)
#define HOP   (SLOT + DELAY)

/* What a host received. */
typedef struct
{
  CnsTime time;
  CnsTime enqueued; /* when it last entered a queue: at the last switch */
  guint32 flow;
  guint16 vci;
  gboolean rm;
  CnsAbrRmFields rm_fields;
} Rx;

static GPtrArray *nodes; /* CnsNode, referenced */
static GArray *rx;       /* Rx */
static CnsAtmHelper *helper;

static void
transport_setup (void)
{
  nodes = g_ptr_array_new_with_free_func (g_object_unref);
  rx = g_array_new (FALSE, TRUE, sizeof (Rx));
  helper = cns_atm_helper_new ();
}

static void
transport_teardown (void)
{
  g_clear_object (&helper);
  g_clear_pointer (&nodes, g_ptr_array_unref);
  g_clear_pointer (&rx, g_array_unref);
  cns_test_reset ();
  /* every cell went back to the free list */
  ck_assert_uint_eq (cns_atm_cell_get_n_live (), 0);
}

static CnsNode *
host (void)
{
  CnsNode *node = cns_atm_helper_create_host (helper);

  g_ptr_array_add (nodes, node);
  return node;
}

static CnsNode *
switch_node (void)
{
  CnsNode *node = cns_atm_helper_create_switch (helper);

  g_ptr_array_add (nodes, node);
  return node;
}

static CnsAtmSwitch *
switch_of (CnsNode *node)
{
  return cns_object_get (node, CNS_TYPE_ATM_SWITCH);
}

static void
record_rx (CnsAtmNetDevice *device, CnsAtmCell *cell, gpointer user_data)
{
  Rx r = { 0 };

  r.time = cns_simulator_now ();
  r.enqueued = cell->enqueued;
  r.flow = cell->flow;
  r.vci = cell->header.vci;
  r.rm = cell->rm;
  r.rm_fields = cell->rm_fields;
  g_array_append_val (rx, r);
  cns_atm_cell_free (cell);
}

static CnsAtmCell *
make_cell (guint16 vci, guint32 flow)
{
  CnsAtmCell *cell = cns_atm_cell_new ();

  cell->header.vci = vci;
  cell->flow = flow;
  return cell;
}

/* Cells to enqueue on a device at a given time, in its node's context. */
typedef struct
{
  CnsAtmNetDevice *device;
  guint n;
  CnsAtmCell *cells[8];
  CnsAtmServiceClass classes[8];
  gboolean accepted[8];
} Batch;

static void
batch_event (gpointer obj, gpointer data)
{
  Batch *batch = data;

  for (guint i = 0; i < batch->n; i++)
    batch->accepted[i] = cns_atm_net_device_enqueue (
        batch->device, batch->cells[i], batch->classes[i]);
}

static void
batch_at (Batch *batch, CnsTime when)
{
  cns_simulator_schedule_with_context (
      cns_node_get_id (
          cns_net_device_get_node (CNS_NET_DEVICE (batch->device))),
      when, batch_event, NULL, batch);
}

static void
batch_add (Batch *batch, CnsAtmCell *cell, CnsAtmServiceClass cls)
{
  g_assert (batch->n < G_N_ELEMENTS (batch->cells));
  batch->cells[batch->n] = cell;
  batch->classes[batch->n++] = cls;
}

/* Host A -- switch S -- host B at 8000 cells/s, 1 ms links, one PVC. */
typedef struct
{
  CnsNode *a, *s, *b;
  CnsAtmNetDevice *dev_a, *dev_sa, *dev_sb, *dev_b;
  guint32 src_vci, dst_vci;
} Path;

static void
path_build (Path *p, CnsAtmServiceClass cls)
{
  g_autoptr (GError) error = NULL;
  CnsNode *path[3];

  p->a = host ();
  p->s = switch_node ();
  p->b = host ();
  ck_assert (cns_atm_helper_link (helper, p->a, p->s, RATE, DELAY, &p->dev_a,
                                  &p->dev_sa));
  ck_assert (cns_atm_helper_link (helper, p->s, p->b, RATE, DELAY, &p->dev_sb,
                                  &p->dev_b));
  path[0] = p->a;
  path[1] = p->s;
  path[2] = p->b;
  ck_assert (cns_atm_helper_setup_pvc (helper, path, 3, cls, &p->src_vci,
                                       &p->dst_vci, &error));
  g_assert_no_error (error);
  cns_atm_net_device_set_cell_receive_callback (p->dev_a, record_rx, NULL);
  cns_atm_net_device_set_cell_receive_callback (p->dev_b, record_rx, NULL);
}

START_TEST (test_atm_arrival_time)
{
  Path p;
  Batch batch = { 0 };
  const CnsTime t0 = cns_milli_seconds (3);

  path_build (&p, CNS_ATM_SERVICE_CBR);
  ck_assert_uint_eq (p.src_vci, 32);
  ck_assert_uint_eq (p.dst_vci, 32);
  ck_assert_int_eq (cns_atm_net_device_get_slot (p.dev_a), SLOT);
  ck_assert_int_eq (cns_atm_net_device_get_mode (p.dev_a),
                    CNS_ATM_DEVICE_MODE_HOST);
  ck_assert_int_eq (cns_atm_net_device_get_mode (p.dev_sa),
                    CNS_ATM_DEVICE_MODE_SWITCH);
  batch.device = p.dev_a;
  batch_add (&batch, make_cell (p.src_vci, 7), CNS_ATM_SERVICE_CBR);
  batch_at (&batch, t0);
  cns_simulator_run ();
  ck_assert (batch.accepted[0]);
  ck_assert_uint_eq (rx->len, 1);
  /* it entered S's out port when it reached S */
  ck_assert_int_eq (g_array_index (rx, Rx, 0).enqueued, t0 + HOP);
  ck_assert_int_eq (g_array_index (rx, Rx, 0).time, t0 + 2 * HOP);
  ck_assert_uint_eq (g_array_index (rx, Rx, 0).flow, 7);
  ck_assert_uint_eq (g_array_index (rx, Rx, 0).vci, p.dst_vci);
  ck_assert_uint_eq (cns_atm_switch_get_forwarded (switch_of (p.s)), 1);
}
END_TEST

START_TEST (test_atm_back_to_back)
{
  Path p;
  Batch batch = { 0 };

  path_build (&p, CNS_ATM_SERVICE_UBR);
  batch.device = p.dev_a;
  for (guint i = 0; i < 4; i++)
    batch_add (&batch, make_cell (p.src_vci, i), CNS_ATM_SERVICE_UBR);
  batch_at (&batch, 0);
  cns_simulator_run ();
  ck_assert_uint_eq (rx->len, 4);
  for (guint i = 0; i < 4; i++)
    {
      ck_assert_uint_eq (g_array_index (rx, Rx, i).flow, i);
      ck_assert_int_eq (g_array_index (rx, Rx, i).time, 2 * HOP + i * SLOT);
    }
  ck_assert_uint_eq (cns_atm_net_device_get_tx_cells (p.dev_a), 4);
}
END_TEST

START_TEST (test_atm_host_priority)
{
  CnsNode *a = host (), *b = host ();
  CnsAtmNetDevice *dev_a, *dev_b;
  Batch batch = { 0 };
  CnsAtmCell *rm;
  const guint32 expected[] = { 0, 5, 4, 3, 2, 1 };

  ck_assert (cns_atm_helper_link (helper, a, b, RATE, DELAY, &dev_a, &dev_b));
  cns_atm_net_device_set_cell_receive_callback (dev_b, record_rx, NULL);
  batch.device = dev_a;
  /* the first keeps the port busy while the others queue */
  batch_add (&batch, make_cell (40, 0), CNS_ATM_SERVICE_UBR);
  batch_add (&batch, make_cell (40, 1), CNS_ATM_SERVICE_UBR);
  batch_add (&batch, make_cell (40, 2), CNS_ATM_SERVICE_ABR);
  batch_add (&batch, make_cell (40, 3), CNS_ATM_SERVICE_VBR);
  batch_add (&batch, make_cell (40, 4), CNS_ATM_SERVICE_CBR);
  rm = make_cell (40, 5);
  rm->header.pti = CNS_ATM_PTI_RM;
  rm->rm = TRUE;
  batch_add (&batch, rm, CNS_ATM_SERVICE_RM);
  batch_at (&batch, 0);
  cns_simulator_run ();
  ck_assert_uint_eq (rx->len, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      ck_assert_uint_eq (g_array_index (rx, Rx, i).flow, expected[i]);
      ck_assert_int_eq (g_array_index (rx, Rx, i).time, HOP + i * SLOT);
    }
  ck_assert (g_array_index (rx, Rx, 1).rm);
}
END_TEST

typedef struct
{
  CnsAtmNetDevice *device;
  guint n_vbr, n_abr;
} Backlog;

static void
backlog_event (gpointer obj, gpointer data)
{
  Backlog *backlog = data;

  /* a UBR cell takes the idle port: the rest all queue */
  cns_atm_net_device_enqueue (backlog->device, make_cell (40, 2),
                              CNS_ATM_SERVICE_UBR);
  for (guint i = 0; i < backlog->n_abr; i++)
    cns_atm_net_device_enqueue (backlog->device, make_cell (40, 1),
                                CNS_ATM_SERVICE_ABR);
  for (guint i = 0; i < backlog->n_vbr; i++)
    cns_atm_net_device_enqueue (backlog->device, make_cell (40, 0),
                                CNS_ATM_SERVICE_VBR);
}

START_TEST (test_atm_switch_wrr)
{
  CnsNode *s = switch_node (), *b = host ();
  CnsAtmNetDevice *dev_s, *dev_b;
  Backlog backlog = { 0 };
  guint vbr_weight, abr_weight;

  ck_assert (cns_atm_helper_link (helper, s, b, RATE, DELAY, &dev_s, &dev_b));
  g_object_get (dev_s, "vbr-weight", &vbr_weight, "abr-weight", &abr_weight,
                NULL);
  ck_assert_uint_eq (vbr_weight, 200);
  ck_assert_uint_eq (abr_weight, 1);
  cns_atm_net_device_set_cell_receive_callback (dev_b, record_rx, NULL);
  backlog.device = dev_s;
  backlog.n_vbr = 600;
  backlog.n_abr = 10;
  cns_simulator_schedule_with_context (cns_node_get_id (s), 0, backlog_event,
                                       NULL, &backlog);
  cns_simulator_run ();
  ck_assert_uint_eq (rx->len, 611);
  ck_assert_uint_eq (g_array_index (rx, Rx, 0).flow, 2);
  /* the first 402 departures after the UBR cell: 200 VBR, 1 ABR, twice */
  for (guint i = 0; i < 402; i++)
    {
      guint32 want = (i % 201 == 200) ? 1 : 0;

      ck_assert_uint_eq (g_array_index (rx, Rx, i + 1).flow, want);
      ck_assert_int_eq (g_array_index (rx, Rx, i + 1).time,
                        HOP + (i + 1) * SLOT);
    }
}
END_TEST

static void
on_drop (CnsAtmNetDevice *device, const CnsAtmCell *cell,
         CnsAtmServiceClass cls, gpointer user_data)
{
  ck_assert_int_eq (cls, CNS_ATM_SERVICE_CBR);
  ck_assert_uint_eq (cell->flow, 9);
  (*(guint *) user_data)++;
}

START_TEST (test_atm_queue_limit)
{
  g_autoptr (GError) error = NULL;
  CnsNode *a = host (), *b = host ();
  CnsAtmNetDevice *dev_a, *dev_b;
  Batch batch = { 0 };
  guint drops = 0, limit = 0;

  ck_assert (cns_atm_helper_link (helper, a, b, RATE, DELAY, &dev_a, &dev_b));
  cns_atm_net_device_set_cell_receive_callback (dev_b, record_rx, NULL);
  g_object_get (dev_a, "cbr-queue-limit", &limit, NULL);
  ck_assert_uint_eq (limit, 0);
  g_object_set (dev_a, "cbr-queue-limit", 2, NULL);
  ck_assert_uint_eq (
      cns_atm_net_device_get_queue_limit (dev_a, CNS_ATM_SERVICE_CBR), 2);
  ck_assert (
      cns_trace_connect (dev_a, "Drop", G_CALLBACK (on_drop), &drops, &error));
  batch.device = dev_a;
  batch_add (&batch, make_cell (40, 1), CNS_ATM_SERVICE_CBR); /* on the wire */
  batch_add (&batch, make_cell (40, 2), CNS_ATM_SERVICE_CBR);
  batch_add (&batch, make_cell (40, 3), CNS_ATM_SERVICE_CBR);
  batch_add (&batch, make_cell (40, 9), CNS_ATM_SERVICE_CBR); /* dropped */
  batch_add (&batch, make_cell (40, 9), CNS_ATM_SERVICE_CBR); /* dropped */
  batch_add (&batch, make_cell (40, 4), CNS_ATM_SERVICE_UBR); /* unlimited */
  batch_at (&batch, 0);
  cns_simulator_run ();
  ck_assert (batch.accepted[0] && batch.accepted[1] && batch.accepted[2]);
  ck_assert (!batch.accepted[3] && !batch.accepted[4]);
  ck_assert (batch.accepted[5]);
  ck_assert_uint_eq (drops, 2);
  ck_assert_uint_eq (cns_atm_net_device_get_drops (dev_a, CNS_ATM_SERVICE_CBR),
                     2);
  ck_assert_uint_eq (cns_atm_net_device_get_drops (dev_a, CNS_ATM_SERVICE_UBR),
                     0);
  ck_assert_uint_eq (rx->len, 4);
  for (guint i = 0; i < 4; i++)
    ck_assert_uint_eq (g_array_index (rx, Rx, i).flow, i + 1);
}
END_TEST

/* ---- trace marshals for bindings (cns_trace_connect_closure()) ---- */

/* One call of a closure on a cell trace: the values' types, the device,
 * a copy of the cell's fields, the service class and the time waited. */
typedef struct
{
  guint n_values;
  GType types[4];
  gpointer device;
  CnsAtmCell cell;
  CnsAtmServiceClass cls;
  CnsTime waited;
} CellCall;

static void
record_cell_call (GClosure *closure, GValue *return_value, guint n_param_values,
                  const GValue *param_values, gpointer invocation_hint,
                  gpointer marshal_data)
{
  CellCall call = { n_param_values };

  ck_assert_uint_ge (n_param_values, 3);
  ck_assert_uint_le (n_param_values, 4);
  for (guint i = 0; i < n_param_values; i++)
    call.types[i] = G_VALUE_TYPE (&param_values[i]);
  call.device = g_value_get_object (&param_values[0]);
  call.cell = *(const CnsAtmCell *) g_value_get_boxed (&param_values[1]);
  call.cls = g_value_get_enum (&param_values[2]);
  if (n_param_values == 4)
    call.waited = g_value_get_int64 (&param_values[3]);
  g_array_append_val ((GArray *) closure->data, call);
}

/* Connects a closure that records into @calls (CellCall), as bindings
 * connect one; the device keeps it. */
static void
connect_cell_closure (gpointer device, const gchar *name, GArray *calls)
{
  GClosure *closure = g_closure_new_simple (sizeof (GClosure), calls);
  g_autoptr (GError) error = NULL;

  g_closure_set_marshal (closure, record_cell_call);
  ck_assert_uint_ne (
      cns_trace_connect_closure (G_OBJECT (device), name, closure, &error), 0);
  g_assert_no_error (error);
}

static void
record_waited (CnsAtmNetDevice *device, const CnsAtmCell *cell,
               CnsAtmServiceClass cls, CnsTime waited, gpointer user_data)
{
  g_array_append_val ((GArray *) user_data, waited);
}

/* The queue-limit scenario with closures on Drop and Dequeue: Drop gets
 * the device, the two refused cells (flow 9, VCI 40) and
 * CNS_ATM_SERVICE_CBR as CNS_TYPE_ATM_SERVICE_CLASS; Dequeue gets each
 * cell as it starts on the wire, its class, and the time it waited
 * (gint64), the same as a C callback. */
START_TEST (test_atm_cell_closures)
{
  g_autoptr (GArray) drops = g_array_new (FALSE, TRUE, sizeof (CellCall));
  g_autoptr (GArray) dequeues = g_array_new (FALSE, TRUE, sizeof (CellCall));
  g_autoptr (GArray) waited = g_array_new (FALSE, FALSE, sizeof (CnsTime));
  static const guint32 flows[] = { 1, 2, 3, 4 };
  CnsNode *a = host (), *b = host ();
  CnsAtmNetDevice *dev_a, *dev_b;
  Batch batch = { 0 };

  ck_assert (cns_atm_helper_link (helper, a, b, RATE, DELAY, &dev_a, &dev_b));
  cns_atm_net_device_set_cell_receive_callback (dev_b, record_rx, NULL);
  g_object_set (dev_a, "cbr-queue-limit", 2, NULL);
  connect_cell_closure (dev_a, "Drop", drops);
  connect_cell_closure (dev_a, "Dequeue", dequeues);
  ck_assert_uint_ne (cns_trace_connect (dev_a, "Dequeue",
                                        G_CALLBACK (record_waited), waited,
                                        NULL),
                     0);
  batch.device = dev_a;
  batch_add (&batch, make_cell (40, 1), CNS_ATM_SERVICE_CBR);
  batch_add (&batch, make_cell (40, 2), CNS_ATM_SERVICE_CBR);
  batch_add (&batch, make_cell (40, 3), CNS_ATM_SERVICE_CBR);
  batch_add (&batch, make_cell (40, 9), CNS_ATM_SERVICE_CBR); /* dropped */
  batch_add (&batch, make_cell (40, 9), CNS_ATM_SERVICE_CBR); /* dropped */
  batch_add (&batch, make_cell (40, 4), CNS_ATM_SERVICE_UBR);
  batch_at (&batch, 0);
  cns_simulator_run ();

  ck_assert_uint_eq (drops->len, 2);
  for (guint i = 0; i < drops->len; i++)
    {
      const CellCall *call = &g_array_index (drops, CellCall, i);

      ck_assert_uint_eq (call->n_values, 3);
      ck_assert (call->types[0] == G_TYPE_OBJECT);
      ck_assert (call->types[1] == CNS_TYPE_ATM_CELL);
      ck_assert (call->types[2] == CNS_TYPE_ATM_SERVICE_CLASS);
      ck_assert_ptr_eq (call->device, dev_a);
      ck_assert_uint_eq (call->cell.flow, 9);
      ck_assert_uint_eq (call->cell.header.vci, 40);
      ck_assert_int_eq (call->cls, CNS_ATM_SERVICE_CBR);
    }
  ck_assert_uint_eq (dequeues->len, G_N_ELEMENTS (flows));
  ck_assert_uint_eq (waited->len, dequeues->len);
  for (guint i = 0; i < dequeues->len; i++)
    {
      const CellCall *call = &g_array_index (dequeues, CellCall, i);

      ck_assert_uint_eq (call->n_values, 4);
      ck_assert (call->types[0] == G_TYPE_OBJECT);
      ck_assert (call->types[1] == CNS_TYPE_ATM_CELL);
      ck_assert (call->types[2] == CNS_TYPE_ATM_SERVICE_CLASS);
      ck_assert (call->types[3] == G_TYPE_INT64);
      ck_assert_ptr_eq (call->device, dev_a);
      ck_assert_uint_eq (call->cell.flow, flows[i]);
      ck_assert_int_eq (call->cls,
                        i < 3 ? CNS_ATM_SERVICE_CBR : CNS_ATM_SERVICE_UBR);
      ck_assert_int_eq (call->waited, g_array_index (waited, CnsTime, i));
    }
  /* the first found the port idle, the next waited a slot each */
  ck_assert_int_eq (g_array_index (dequeues, CellCall, 0).waited, 0);
  ck_assert_int_gt (g_array_index (dequeues, CellCall, 1).waited, 0);
}
END_TEST

START_TEST (test_atm_queue_length)
{
  CnsNode *a = host (), *b = host ();
  CnsAtmNetDevice *dev_a, *dev_b;
  Batch batch = { 0 };

  ck_assert (cns_atm_helper_link (helper, a, b, RATE, DELAY, &dev_a, &dev_b));
  batch.device = dev_a;
  for (guint i = 0; i < 4; i++)
    batch_add (&batch, make_cell (40, i), CNS_ATM_SERVICE_ABR);
  batch_at (&batch, 0);
  cns_simulator_stop_at (SLOT / 2);
  cns_simulator_run ();
  ck_assert_uint_eq (
      cns_atm_net_device_get_queue_length (dev_a, CNS_ATM_SERVICE_ABR), 3);
  ck_assert_uint_eq (
      cns_atm_net_device_get_queue_length (dev_a, CNS_ATM_SERVICE_UBR), 0);
  /* B has no receive callback: the device frees what arrives; the teardown
   * frees what is queued or in flight */
}
END_TEST

START_TEST (test_atm_two_switches)
{
  g_autoptr (GError) error = NULL;
  CnsNode *a = host (), *s1 = switch_node (), *s2 = switch_node (),
          *b = host ();
  CnsAtmNetDevice *dev_a, *dev_b, *dev;
  CnsNode *path[4] = { a, s1, s2, b };
  guint32 src_vci, dst_vci;
  Batch fwd = { 0 }, back = { 0 };
  g_autoptr (CnsAtmHelper) other = cns_atm_helper_new ();

  ck_assert (cns_atm_helper_link (helper, a, s1, RATE, DELAY, &dev_a, NULL));
  ck_assert (cns_atm_helper_link (helper, s1, s2, RATE, DELAY, NULL, NULL));
  ck_assert (cns_atm_helper_link (helper, s2, b, RATE, DELAY, NULL, &dev_b));
  /* take VCI 32 on the S1 -- S2 link, so that the PVC gets 33 there;
   * another helper does, since the count belongs to the link */
  ck_assert (cns_atm_helper_setup_pvc (other, path + 1, 2, CNS_ATM_SERVICE_UBR,
                                       NULL, NULL, &error));
  ck_assert (cns_atm_helper_setup_pvc (helper, path, 4, CNS_ATM_SERVICE_VBR,
                                       &src_vci, &dst_vci, &error));
  g_assert_no_error (error);
  ck_assert_uint_eq (src_vci, 32);
  ck_assert_uint_eq (dst_vci, 32);
  /* a second PVC on the same path: fresh VCIs on every link */
  ck_assert (cns_atm_helper_setup_pvc (helper, path, 4, CNS_ATM_SERVICE_VBR,
                                       NULL, &dst_vci, &error));
  ck_assert_uint_eq (dst_vci, 33);
  dst_vci = 32;

  /* by hand at S2: the entry the PVC already has is refused, so is a bad
   * port; a new one rewrites VCI 50 from S1 to 77 towards B */
  ck_assert (!cns_atm_switch_add_vc (switch_of (s2), 0, 33, 1, 90,
                                     CNS_ATM_SERVICE_UBR, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_ATM_ERROR_INVALID);
  g_clear_error (&error);
  ck_assert (!cns_atm_switch_add_vc (switch_of (s2), 0, 50, 7, 90,
                                     CNS_ATM_SERVICE_UBR, &error));
  CNS_TEST_ASSERT_ERROR (error, CNS_ATM_ERROR_INVALID);
  g_clear_error (&error);
  dev = cns_atm_switch_get_port (switch_of (s1), 1);
  ck_assert (cns_atm_switch_add_vc (switch_of (s1), 0, 50, 1, 50,
                                    CNS_ATM_SERVICE_UBR, &error));
  ck_assert (cns_atm_switch_add_vc (switch_of (s2), 0, 50, 1, 77,
                                    CNS_ATM_SERVICE_UBR, &error));
  ck_assert_int_eq (cns_atm_switch_find_port (switch_of (s1), dev), 1);

  cns_atm_net_device_set_cell_receive_callback (dev_a, record_rx, NULL);
  cns_atm_net_device_set_cell_receive_callback (dev_b, record_rx, NULL);
  fwd.device = dev_a;
  batch_add (&fwd, make_cell (src_vci, 1), CNS_ATM_SERVICE_VBR);
  batch_add (&fwd, make_cell (50, 2), CNS_ATM_SERVICE_UBR);
  batch_at (&fwd, 0);
  back.device = dev_b;
  batch_add (&back, make_cell (dst_vci, 3), CNS_ATM_SERVICE_VBR);
  batch_at (&back, cns_milli_seconds (10));
  cns_simulator_run ();
  ck_assert_uint_eq (rx->len, 3);
  ck_assert_uint_eq (g_array_index (rx, Rx, 0).flow, 1);
  ck_assert_uint_eq (g_array_index (rx, Rx, 0).vci, dst_vci);
  ck_assert_int_eq (g_array_index (rx, Rx, 0).time, 3 * HOP);
  ck_assert_uint_eq (g_array_index (rx, Rx, 1).flow, 2);
  ck_assert_uint_eq (g_array_index (rx, Rx, 1).vci, 77);
  ck_assert_int_eq (g_array_index (rx, Rx, 1).time, 3 * HOP + SLOT);
  /* and back to A on the VCI it sends on */
  ck_assert_uint_eq (g_array_index (rx, Rx, 2).flow, 3);
  ck_assert_uint_eq (g_array_index (rx, Rx, 2).vci, src_vci);
  ck_assert_int_eq (g_array_index (rx, Rx, 2).time,
                    cns_milli_seconds (10) + 3 * HOP);
  ck_assert_uint_eq (cns_atm_switch_get_unknown_vc_drops (switch_of (s1)), 0);
  ck_assert_uint_eq (cns_atm_switch_get_unknown_vc_drops (switch_of (s2)), 0);
}
END_TEST

START_TEST (test_atm_unknown_vc)
{
  Path p;
  Batch batch = { 0 };

  path_build (&p, CNS_ATM_SERVICE_CBR);
  batch.device = p.dev_a;
  batch_add (&batch, make_cell (999, 1), CNS_ATM_SERVICE_CBR);
  batch_add (&batch, make_cell (p.src_vci, 2), CNS_ATM_SERVICE_CBR);
  batch_at (&batch, 0);
  cns_simulator_run ();
  ck_assert_uint_eq (cns_atm_switch_get_unknown_vc_drops (switch_of (p.s)), 1);
  ck_assert_uint_eq (rx->len, 1);
  ck_assert_uint_eq (g_array_index (rx, Rx, 0).flow, 2);
}
END_TEST

static void
fill_event (gpointer obj, gpointer data)
{
  for (guint i = 0; i < 251; i++)
    cns_atm_net_device_enqueue (obj, make_cell (GPOINTER_TO_UINT (data), 1),
                                CNS_ATM_SERVICE_ABR);
}

/* A BRM from B reaches S while the ABR queue of S's port towards B (the
 * VC's forward output port) holds 250 cells: LOW < 250 < HIGH. */
START_TEST (test_atm_eprca_brm)
{
  Path p;
  Batch batch = { 0 };
  CnsAtmCell *brm;
  CnsAtmSwitch *sw;
  gint port;
  gdouble macr;
  gchar *nick = NULL;
  GEnumClass *klass;
  gint er_cap;

  path_build (&p, CNS_ATM_SERVICE_ABR);
  sw = switch_of (p.s);
  g_object_get (sw, "initial-macr", &macr, "eprca-er-cap", &er_cap, NULL);
  ck_assert (macr == 1000);
  klass = g_type_class_ref (CNS_TYPE_EPRCA_ER_CAP);
  nick = g_strdup (g_enum_get_value (klass, er_cap)->value_nick);
  g_type_class_unref (klass);
  ck_assert_str_eq (nick, "above-low");
  g_free (nick);
  port = cns_atm_switch_find_port (sw, p.dev_sb);
  ck_assert_int_ge (port, 0);

  /* the BRM leaves B at 0 and reaches S at HOP; the queue fills just
   * before: one cell goes on the wire, 250 wait until HOP - 60 us + SLOT */
  cns_simulator_schedule_with_context (cns_node_get_id (p.s),
                                       HOP - cns_micro_seconds (60), fill_event,
                                       p.dev_sb, GUINT_TO_POINTER (999));
  brm = make_cell (p.dst_vci, 5);
  brm->header.pti = CNS_ATM_PTI_RM;
  brm->rm = TRUE;
  brm->rm_fields.dir_backward = TRUE;
  brm->rm_fields.ccr = 1000;
  brm->rm_fields.er = 1e6;
  batch.device = p.dev_b;
  batch_add (&batch, brm, CNS_ATM_SERVICE_RM);
  batch_at (&batch, 0);
  cns_simulator_run ();

  /* A got the BRM; B got the 251 ABR cells */
  ck_assert_uint_eq (rx->len, 252);
  for (guint i = 0; i < rx->len; i++)
    {
      Rx *r = &g_array_index (rx, Rx, i);

      if (r->flow != 5)
        continue;
      ck_assert_int_eq (r->time, 2 * HOP);
      ck_assert_uint_eq (r->vci, p.src_vci);
      ck_assert (r->rm && r->rm_fields.dir_backward);
      ck_assert (r->rm_fields.ni);
      ck_assert (!r->rm_fields.ci);
      macr = cns_eprca_get_macr (cns_atm_switch_get_eprca (sw, port));
      ck_assert (macr == 1000);
      ck_assert (r->rm_fields.er == 7.0 / 8.0 * macr);
      ck_assert (r->rm_fields.er == 875);
      return;
    }
  ck_abort_msg ("A did not receive the BRM");
}
END_TEST

START_TEST (test_atm_refuses_packets)
{
  CnsNode *a = host (), *b = host ();
  CnsAtmNetDevice *dev_a;
  CnsAddress dest;

  ck_assert (cns_atm_helper_link (helper, a, b, RATE, DELAY, &dev_a, NULL));
  ck_assert (cns_net_device_is_link_up (CNS_NET_DEVICE (dev_a)));
  cns_net_device_get_broadcast (CNS_NET_DEVICE (dev_a), &dest);
  ck_assert (!cns_net_device_send (CNS_NET_DEVICE (dev_a), cns_packet_new (10),
                                   &dest, 0x0800));
}
END_TEST

/* Nodes of other ranks in a run without MPI: the helper gives them their
 * system ids, and the link between them carries cells locally, on time. */
START_TEST (test_atm_system_ids_sequential)
{
  CnsNode *a = cns_atm_helper_create_host_with_system_id (helper, 1);
  CnsNode *s = cns_atm_helper_create_switch_with_system_id (helper, 2);
  CnsAtmNetDevice *dev_a, *dev_s;
  Batch batch = { 0 };

  g_ptr_array_add (nodes, a);
  g_ptr_array_add (nodes, s);
  ck_assert_uint_eq (cns_node_get_system_id (a), 1);
  ck_assert_uint_eq (cns_node_get_system_id (s), 2);
  ck_assert_ptr_nonnull (switch_of (s));
  ck_assert (cns_atm_helper_link (helper, a, s, RATE, DELAY, &dev_a, &dev_s));
  cns_atm_net_device_set_cell_receive_callback (dev_s, record_rx, NULL);
  batch.device = dev_a;
  batch_add (&batch, make_cell (40, 3), CNS_ATM_SERVICE_CBR);
  batch_at (&batch, 0);
  cns_simulator_run ();
  ck_assert_uint_eq (rx->len, 1);
  ck_assert_int_eq (g_array_index (rx, Rx, 0).time, HOP);
  ck_assert_uint_eq (g_array_index (rx, Rx, 0).flow, 3);
}
END_TEST

Suite *
test_atm_transport_suite (void)
{
  Suite *s = suite_create ("atm-transport");
  TCase *tc = tcase_create ("transport");

  tcase_add_checked_fixture (tc, transport_setup, transport_teardown);
  tcase_add_test (tc, test_atm_arrival_time);
  tcase_add_test (tc, test_atm_back_to_back);
  tcase_add_test (tc, test_atm_host_priority);
  tcase_add_test (tc, test_atm_switch_wrr);
  tcase_add_test (tc, test_atm_queue_limit);
  tcase_add_test (tc, test_atm_cell_closures);
  tcase_add_test (tc, test_atm_queue_length);
  tcase_add_test (tc, test_atm_two_switches);
  tcase_add_test (tc, test_atm_unknown_vc);
  tcase_add_test (tc, test_atm_eprca_brm);
  tcase_add_test (tc, test_atm_refuses_packets);
  tcase_add_test (tc, test_atm_system_ids_sequential);
  suite_add_tcase (s, tc);
  return s;
}
