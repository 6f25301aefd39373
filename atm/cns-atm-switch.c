/* cns — ATM switches: VC tables and EPRCA over a node's ATM ports.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Aggregated to a node, a switch owns the node's ATM ports (devices in
 * switch mode) and takes every cell they receive. Its VC table maps
 * (in port, VCI) to (out port, VCI, service class); a cell of a known VC
 * gets its new VCI and waits at the out port, RM cells (PTI 6) in the RM
 * queue and the others in their VC's class queue. A cell of an unknown VC
 * is dropped and counted.
 *
 * Each port runs EPRCA (cns-eprca.h) for the VCs it carries forward: a
 * backward RM cell arriving on port p, the forward direction's output
 * port, goes through cns_eprca_on_brm() with p's ABR queue length before
 * it is forwarded. The EPRCA settings are the switch's attributes, given
 * to each port as it is added (and to every port when they change).
 *
 * A VC marked as carrying AAL5 frames (cns_atm_switch_set_vc_aal5())
 * may lose whole frames instead of single cells, as "frame-discard" says:
 * a frame with one cell lost is useless to the receiver, and the cells
 * behind it only waste the link. The VC's entry remembers whether the
 * next user cell starts a frame and whether the current frame is being
 * discarded; the AUU bit of a user cell marks a frame's last cell.
 *
 * The table's key is (port << 16) | VCI in a pointer: a lookup allocates
 * nothing.
 */
#include "atm/cns-atm-switch.h"

#define DEFAULT_INITIAL_MACR  1000.0
#define DEFAULT_LOW           CNS_EPRCA_DEFAULT_LOW
#define DEFAULT_HIGH          CNS_EPRCA_DEFAULT_HIGH
#define DEFAULT_ER_CAP        CNS_EPRCA_DEFAULT_ER_CAP
#define DEFAULT_EPD_THRESHOLD 1000

enum
{
  PROP_0,
  PROP_INITIAL_MACR,
  PROP_EPRCA_LOW,
  PROP_EPRCA_HIGH,
  PROP_EPRCA_ER_CAP,
  PROP_FRAME_DISCARD,
  PROP_EPD_THRESHOLD,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

typedef struct
{
  CnsAtmSwitch *sw;        /* not referenced: the switch owns the port */
  CnsAtmNetDevice *device; /* referenced */
  guint index;
  CnsEprcaPort eprca;
} SwitchPort;

/* What happens to the rest of a frame on an AAL5 VC. */
typedef enum
{
  FRAME_PASS,         /* its cells go on */
  FRAME_DROP_ALL,     /* early discard: every cell, the last included */
  FRAME_DROP_TO_LAST, /* partial discard: every cell but the last */
} FrameState;

typedef struct
{
  SwitchPort *out;
  guint16 out_vci;
  CnsAtmServiceClass service_class;
  gboolean aal5;      /* the VC carries AAL5 frames */
  gboolean mid_frame; /* the next user cell continues a frame */
  FrameState frame;
} VcEntry;

struct _CnsAtmSwitch
{
  CnsObject parent_instance;

  GPtrArray *ports; /* SwitchPort, owned */
  GHashTable *vcs;  /* (port << 16) | vci -> VcEntry, owned */
  gdouble initial_macr;
  guint low;
  guint high;
  CnsEprcaErCap er_cap;
  CnsAtmFrameDiscard frame_discard;
  guint epd_threshold;
  CnsAtmSwitchFrameStats frame_stats;
  guint64 unknown_vc_drops;
  guint64 forwarded;
};

G_DEFINE_FINAL_TYPE (CnsAtmSwitch, cns_atm_switch, CNS_TYPE_OBJECT)

GType
cns_atm_frame_discard_get_type (void)
{
  static gsize type_id = 0;
  static const GEnumValue values[] = {
    { CNS_ATM_FRAME_DISCARD_NONE, "CNS_ATM_FRAME_DISCARD_NONE", "none" },
    { CNS_ATM_FRAME_DISCARD_PARTIAL, "CNS_ATM_FRAME_DISCARD_PARTIAL",
      "partial" },
    { CNS_ATM_FRAME_DISCARD_EARLY, "CNS_ATM_FRAME_DISCARD_EARLY", "early" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type_id))
    g_once_init_leave (&type_id,
                       g_enum_register_static ("CnsAtmFrameDiscard", values));
  return type_id;
}

#define VC_KEY(port, vci) \
  GUINT_TO_POINTER (((guint) (port) << 16) | (guint) (vci))

static void atm_switch_set_property (GObject *object, guint prop_id,
                                     const GValue *value, GParamSpec *pspec);
static void atm_switch_get_property (GObject *object, guint prop_id,
                                     GValue *value, GParamSpec *pspec);

static void
switch_port_free (gpointer data)
{
  SwitchPort *port = data;

  cns_atm_net_device_set_cell_receive_callback (port->device, NULL, NULL);
  g_object_unref (port->device);
  g_free (port);
}

static void
atm_switch_dispose (GObject *object)
{
  CnsAtmSwitch *self = CNS_ATM_SWITCH (object);

  g_hash_table_remove_all (self->vcs);
  g_ptr_array_set_size (self->ports, 0);
  G_OBJECT_CLASS (cns_atm_switch_parent_class)->dispose (object);
}

static void
atm_switch_finalize (GObject *object)
{
  CnsAtmSwitch *self = CNS_ATM_SWITCH (object);

  g_hash_table_unref (self->vcs);
  g_ptr_array_unref (self->ports);
  G_OBJECT_CLASS (cns_atm_switch_parent_class)->finalize (object);
}

static void
cns_atm_switch_class_init (CnsAtmSwitchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = atm_switch_dispose;
  object_class->finalize = atm_switch_finalize;
  object_class->set_property = atm_switch_set_property;
  object_class->get_property = atm_switch_get_property;

  properties[PROP_INITIAL_MACR] = g_param_spec_double (
      "initial-macr", "Initial MACR",
      "The mean allowed cell rate, cells/s, each port's EPRCA starts from "
      "(use the ICR of the VCs)",
      0, G_MAXDOUBLE, DEFAULT_INITIAL_MACR,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_EPRCA_LOW] = g_param_spec_uint (
      "eprca-low", "EPRCA LOW",
      "ABR queue length, cells, above which EPRCA sets NI on backward RM "
      "cells (and caps ER, in the default ER-cap mode)",
      0, G_MAXUINT - 1, DEFAULT_LOW,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_EPRCA_HIGH] = g_param_spec_uint (
      "eprca-high", "EPRCA HIGH",
      "ABR queue length, cells, from which EPRCA sets CI on backward RM "
      "cells; must exceed LOW",
      1, G_MAXUINT, DEFAULT_HIGH, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_EPRCA_ER_CAP] = g_param_spec_enum (
      "eprca-er-cap", "EPRCA ER cap",
      "When EPRCA lowers ER to the fair share, 7/8 MACR: always, above-low "
      "(the ABR queue is above LOW) or above-high",
      CNS_TYPE_EPRCA_ER_CAP, DEFAULT_ER_CAP,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRAME_DISCARD] = g_param_spec_enum (
      "frame-discard", "Frame discard",
      "What the switch drops on VCs that carry AAL5 frames: single cells "
      "(none), the rest of a frame that lost a cell (partial) or, besides, "
      "whole frames that start at a long queue (early)",
      CNS_TYPE_ATM_FRAME_DISCARD, CNS_ATM_FRAME_DISCARD_NONE,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_EPD_THRESHOLD] = g_param_spec_uint (
      "epd-threshold", "EPD threshold",
      "Cells waiting in the out queue of a VC's class from which early "
      "packet discard drops a frame that starts",
      1, G_MAXUINT, DEFAULT_EPD_THRESHOLD,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_atm_switch_init (CnsAtmSwitch *self)
{
  self->ports = g_ptr_array_new_with_free_func (switch_port_free);
  self->vcs
      = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  self->initial_macr = DEFAULT_INITIAL_MACR;
  self->low = DEFAULT_LOW;
  self->high = DEFAULT_HIGH;
  self->er_cap = DEFAULT_ER_CAP;
  self->frame_discard = CNS_ATM_FRAME_DISCARD_NONE;
  self->epd_threshold = DEFAULT_EPD_THRESHOLD;
}

/**
 * cns_atm_switch_new:
 *
 * Returns: (transfer full): a switch without ports; aggregate it to a node
 * with cns_object_aggregate().
 */
CnsAtmSwitch *
cns_atm_switch_new (void)
{
  return cns_object_new (CNS_TYPE_ATM_SWITCH, NULL);
}

/* Whether @cell, a user cell of the AAL5 VC @vc, goes on; one that
 * frame discard drops is counted and freed. Frame boundaries are followed
 * in every mode, so that a mode set mid-run starts at a frame's start. */
static gboolean
atm_switch_frame_admit (CnsAtmSwitch *self, VcEntry *vc, CnsAtmCell *cell)
{
  gboolean last = cns_atm_pti_auu (cell->header.pti);
  gboolean first = !vc->mid_frame;
  FrameState state;

  vc->mid_frame = !last;
  if (self->frame_discard == CNS_ATM_FRAME_DISCARD_NONE)
    vc->frame = FRAME_PASS; /* the mode may have changed mid-frame */
  else if (first && self->frame_discard == CNS_ATM_FRAME_DISCARD_EARLY
           && cns_atm_net_device_get_queue_length (vc->out->device,
                                                   vc->service_class)
                  >= self->epd_threshold)
    {
      vc->frame = FRAME_DROP_ALL;
      self->frame_stats.early_frames++;
    }
  state = vc->frame;
  if (last)
    vc->frame = FRAME_PASS;
  if (state == FRAME_PASS || (state == FRAME_DROP_TO_LAST && last))
    return TRUE;
  self->frame_stats.cells++;
  cns_atm_cell_free (cell);
  return FALSE;
}

/* A cell arrived on @user_data, a SwitchPort. */
static void
atm_switch_receive (CnsAtmNetDevice *device, CnsAtmCell *cell,
                    gpointer user_data)
{
  SwitchPort *in = user_data;
  CnsAtmSwitch *self = in->sw;
  VcEntry *vc;
  gboolean rm, frame, last;

  vc = g_hash_table_lookup (self->vcs, VC_KEY (in->index, cell->header.vci));
  if (G_UNLIKELY (vc == NULL))
    {
      self->unknown_vc_drops++;
      cns_atm_cell_free (cell);
      return;
    }
  rm = cell->header.pti == CNS_ATM_PTI_RM;
  frame = vc->aal5 && cns_atm_pti_is_user_data (cell->header.pti);
  if (frame && !atm_switch_frame_admit (self, vc, cell))
    return;
  if (rm && cell->rm_fields.dir_backward)
    cns_eprca_on_brm (
        &in->eprca,
        cns_atm_net_device_get_queue_length (in->device, CNS_ATM_SERVICE_ABR),
        &cell->rm_fields);
  cell->header.vci = vc->out_vci;
  last = frame && cns_atm_pti_auu (cell->header.pti);
  self->forwarded++;
  if (!cns_atm_net_device_enqueue (vc->out->device, cell,
                                   rm ? CNS_ATM_SERVICE_RM : vc->service_class)
      && frame && !last && self->frame_discard != CNS_ATM_FRAME_DISCARD_NONE)
    {
      /* the queue was full: the frame is lost, its rest need not go */
      vc->frame = FRAME_DROP_TO_LAST;
      self->frame_stats.partial_frames++;
    }
}

static void
atm_switch_configure_port (CnsAtmSwitch *self, SwitchPort *port,
                           gboolean reset_macr)
{
  if (reset_macr)
    cns_eprca_init (&port->eprca, self->initial_macr);
  if (self->low < self->high)
    cns_eprca_set_thresholds (&port->eprca, self->low, self->high);
  cns_eprca_set_er_cap (&port->eprca, self->er_cap);
}

static void
atm_switch_configure_ports (CnsAtmSwitch *self, gboolean reset_macr)
{
  for (guint i = 0; i < self->ports->len; i++)
    atm_switch_configure_port (self, g_ptr_array_index (self->ports, i),
                               reset_macr);
}

/**
 * cns_atm_switch_add_port:
 * @device: a switch-mode device of the switch's node; the switch takes its
 *   received cells and references it
 *
 * Returns: the port number, from 0 in the order ports are added.
 */
guint
cns_atm_switch_add_port (CnsAtmSwitch *self, CnsAtmNetDevice *device)
{
  SwitchPort *port;

  g_return_val_if_fail (CNS_IS_ATM_SWITCH (self), G_MAXUINT);
  g_return_val_if_fail (CNS_IS_ATM_NET_DEVICE (device), G_MAXUINT);
  g_return_val_if_fail (self->ports->len < 0xffff, G_MAXUINT);
  port = g_new0 (SwitchPort, 1);
  port->sw = self;
  port->device = g_object_ref (device);
  port->index = self->ports->len;
  atm_switch_configure_port (self, port, TRUE);
  g_ptr_array_add (self->ports, port);
  cns_atm_net_device_set_cell_receive_callback (device, atm_switch_receive,
                                                port);
  return port->index;
}

/**
 * cns_atm_switch_get_n_ports:
 *
 * Returns: the number of ports.
 */
guint
cns_atm_switch_get_n_ports (CnsAtmSwitch *self)
{
  g_return_val_if_fail (CNS_IS_ATM_SWITCH (self), 0);
  return self->ports->len;
}

/**
 * cns_atm_switch_get_port:
 *
 * Returns: (transfer none) (nullable): the device
 * of @port.
 */
CnsAtmNetDevice *
cns_atm_switch_get_port (CnsAtmSwitch *self, guint port)
{
  g_return_val_if_fail (CNS_IS_ATM_SWITCH (self), NULL);
  if (port >= self->ports->len)
    return NULL;
  return ((SwitchPort *) g_ptr_array_index (self->ports, port))->device;
}

/**
 * cns_atm_switch_find_port:
 *
 * Returns: the port of @device, or -1.
 */
gint
cns_atm_switch_find_port (CnsAtmSwitch *self, CnsAtmNetDevice *device)
{
  g_return_val_if_fail (CNS_IS_ATM_SWITCH (self), -1);
  for (guint i = 0; i < self->ports->len; i++)
    if (((SwitchPort *) g_ptr_array_index (self->ports, i))->device == device)
      return (gint) i;
  return -1;
}

/**
 * cns_atm_switch_get_eprca:
 *
 * Returns: (transfer none) (nullable): the EPRCA
 * state of @port.
 */
const CnsEprcaPort *
cns_atm_switch_get_eprca (CnsAtmSwitch *self, guint port)
{
  g_return_val_if_fail (CNS_IS_ATM_SWITCH (self), NULL);
  if (port >= self->ports->len)
    return NULL;
  return &((SwitchPort *) g_ptr_array_index (self->ports, port))->eprca;
}

/**
 * cns_atm_switch_add_vc:
 * @in_port: the port the VC's cells arrive on
 * @in_vci: their VCI there
 * @out_port: the port they leave by
 * @out_vci: their VCI on the way out
 * @service_class: the out port's queue for the VC's cells other than RM
 *   cells (which take the RM queue); not %CNS_ATM_SERVICE_RM
 * @error: %CNS_ATM_ERROR_INVALID for a port that does not exist or an
 *   (in port, VCI) already in the table
 *
 * Adds one direction of a VC to the table.
 *
 * Returns: whether the entry was added.
 */
gboolean
cns_atm_switch_add_vc (CnsAtmSwitch *self, guint in_port, guint16 in_vci,
                       guint out_port, guint16 out_vci,
                       CnsAtmServiceClass service_class, GError **error)
{
  VcEntry *vc;

  g_return_val_if_fail (CNS_IS_ATM_SWITCH (self), FALSE);
  g_return_val_if_fail (service_class <= CNS_ATM_SERVICE_UBR, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  if (in_port >= self->ports->len || out_port >= self->ports->len)
    {
      g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_INVALID,
                   "ATM switch: no port %u (it has %u ports)",
                   in_port >= self->ports->len ? in_port : out_port,
                   self->ports->len);
      return FALSE;
    }
  if (g_hash_table_contains (self->vcs, VC_KEY (in_port, in_vci)))
    {
      g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_INVALID,
                   "ATM switch: port %u already has VCI %u", in_port, in_vci);
      return FALSE;
    }
  vc = g_new0 (VcEntry, 1);
  vc->out = g_ptr_array_index (self->ports, out_port);
  vc->out_vci = out_vci;
  vc->service_class = service_class;
  g_hash_table_insert (self->vcs, VC_KEY (in_port, in_vci), vc);
  return TRUE;
}

/**
 * cns_atm_switch_set_vc_aal5:
 * @in_port: the port the VC's cells arrive on
 * @in_vci: their VCI there
 * @aal5: whether the VC's user cells are AAL5 frames, the last cell of each
 *   with AUU set (a greedy ABR or VBR source's cells are not)
 * @error: %CNS_ATM_ERROR_INVALID when the table has no such entry
 *
 * Marks one direction of a VC for "frame-discard"; a VC added with
 * cns_atm_switch_add_vc() is not marked. cns_atm_helper_setup_ip_pvc()
 * marks both directions of its VCs in every switch.
 *
 * Returns: whether the entry exists.
 */
gboolean
cns_atm_switch_set_vc_aal5 (CnsAtmSwitch *self, guint in_port, guint16 in_vci,
                            gboolean aal5, GError **error)
{
  VcEntry *vc;

  g_return_val_if_fail (CNS_IS_ATM_SWITCH (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  vc = in_port <= 0xffff
           ? g_hash_table_lookup (self->vcs, VC_KEY (in_port, in_vci))
           : NULL;
  if (vc == NULL)
    {
      g_set_error (error, CNS_ATM_ERROR, CNS_ATM_ERROR_INVALID,
                   "ATM switch: no VC with VCI %u on port %u", in_vci, in_port);
      return FALSE;
    }
  vc->aal5 = aal5;
  vc->mid_frame = FALSE;
  vc->frame = FRAME_PASS;
  return TRUE;
}

/**
 * cns_atm_switch_get_frame_stats:
 * @stats: (out caller-allocates): what frame discard dropped so far
 */
void
cns_atm_switch_get_frame_stats (CnsAtmSwitch *self,
                                CnsAtmSwitchFrameStats *stats)
{
  g_return_if_fail (CNS_IS_ATM_SWITCH (self));
  g_return_if_fail (stats != NULL);
  *stats = self->frame_stats;
}

/**
 * cns_atm_switch_get_unknown_vc_drops:
 *
 * Returns: the cells dropped because
 * their (port, VCI) is not in the table.
 */
guint64
cns_atm_switch_get_unknown_vc_drops (CnsAtmSwitch *self)
{
  g_return_val_if_fail (CNS_IS_ATM_SWITCH (self), 0);
  return self->unknown_vc_drops;
}

/**
 * cns_atm_switch_get_forwarded:
 *
 * Returns: the cells switched to an out port
 * (including any its queue then dropped).
 */
guint64
cns_atm_switch_get_forwarded (CnsAtmSwitch *self)
{
  g_return_val_if_fail (CNS_IS_ATM_SWITCH (self), 0);
  return self->forwarded;
}

static void
atm_switch_set_property (GObject *object, guint prop_id, const GValue *value,
                         GParamSpec *pspec)
{
  CnsAtmSwitch *self = CNS_ATM_SWITCH (object);

  switch (prop_id)
    {
    case PROP_INITIAL_MACR:
      self->initial_macr = g_value_get_double (value);
      atm_switch_configure_ports (self, TRUE);
      break;
    case PROP_EPRCA_LOW:
      self->low = g_value_get_uint (value);
      atm_switch_configure_ports (self, FALSE);
      break;
    case PROP_EPRCA_HIGH:
      self->high = g_value_get_uint (value);
      atm_switch_configure_ports (self, FALSE);
      break;
    case PROP_EPRCA_ER_CAP:
      self->er_cap = g_value_get_enum (value);
      atm_switch_configure_ports (self, FALSE);
      break;
    case PROP_FRAME_DISCARD:
      self->frame_discard = g_value_get_enum (value);
      break;
    case PROP_EPD_THRESHOLD:
      self->epd_threshold = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
atm_switch_get_property (GObject *object, guint prop_id, GValue *value,
                         GParamSpec *pspec)
{
  CnsAtmSwitch *self = CNS_ATM_SWITCH (object);

  switch (prop_id)
    {
    case PROP_INITIAL_MACR:
      g_value_set_double (value, self->initial_macr);
      break;
    case PROP_EPRCA_LOW:
      g_value_set_uint (value, self->low);
      break;
    case PROP_EPRCA_HIGH:
      g_value_set_uint (value, self->high);
      break;
    case PROP_EPRCA_ER_CAP:
      g_value_set_enum (value, self->er_cap);
      break;
    case PROP_FRAME_DISCARD:
      g_value_set_enum (value, self->frame_discard);
      break;
    case PROP_EPD_THRESHOLD:
      g_value_set_uint (value, self->epd_threshold);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
