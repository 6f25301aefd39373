/* cns — stacked routing protocols for the internet stack helper.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's Ipv4ListRoutingHelper: each node gets a CnsIpv4ListRouting
 * holding one protocol from each added helper at that helper's priority
 * (higher is asked first).
 */
#include "internet/cns-ipv4-list-routing-helper.h"

#include "internet/cns-ipv4-list-routing.h"

typedef struct
{
  CnsIpv4RoutingHelper *helper; /* referenced */
  gint16 priority;
} Entry;

struct _CnsIpv4ListRoutingHelper
{
  CnsIpv4RoutingHelper parent_instance;

  GArray *entries; /* Entry */
};

G_DEFINE_FINAL_TYPE (CnsIpv4ListRoutingHelper, cns_ipv4_list_routing_helper,
                     CNS_TYPE_IPV4_ROUTING_HELPER)

static void
entry_clear (gpointer data)
{
  Entry *entry = data;

  g_object_unref (entry->helper);
}

static CnsIpv4RoutingProtocol *
list_routing_helper_create (CnsIpv4RoutingHelper *helper, CnsNode *node)
{
  CnsIpv4ListRoutingHelper *self = CNS_IPV4_LIST_ROUTING_HELPER (helper);
  CnsIpv4ListRouting *list = cns_ipv4_list_routing_new ();

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = &g_array_index (self->entries, Entry, i);
      g_autoptr (CnsIpv4RoutingProtocol) protocol
          = cns_ipv4_routing_helper_create (entry->helper, node);

      cns_ipv4_list_routing_add_routing_protocol (list, protocol,
                                                  entry->priority);
    }
  return CNS_IPV4_ROUTING_PROTOCOL (list);
}

static void
cns_ipv4_list_routing_helper_finalize (GObject *object)
{
  CnsIpv4ListRoutingHelper *self = CNS_IPV4_LIST_ROUTING_HELPER (object);

  g_array_unref (self->entries);
  G_OBJECT_CLASS (cns_ipv4_list_routing_helper_parent_class)->finalize (object);
}

static void
cns_ipv4_list_routing_helper_class_init (CnsIpv4ListRoutingHelperClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cns_ipv4_list_routing_helper_finalize;
  CNS_IPV4_ROUTING_HELPER_CLASS (klass)->create = list_routing_helper_create;
}

static void
cns_ipv4_list_routing_helper_init (CnsIpv4ListRoutingHelper *self)
{
  self->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  g_array_set_clear_func (self->entries, entry_clear);
}

/**
 * cns_ipv4_list_routing_helper_new:
 *
 * Returns: (transfer full): a helper
 * with no protocols yet.
 */
CnsIpv4ListRoutingHelper *
cns_ipv4_list_routing_helper_new (void)
{
  return g_object_new (CNS_TYPE_IPV4_LIST_ROUTING_HELPER, NULL);
}

/**
 * cns_ipv4_list_routing_helper_add:
 * @helper: makes one protocol per node; the list helper takes a reference
 * @priority: higher priorities are asked first
 */
void
cns_ipv4_list_routing_helper_add (CnsIpv4ListRoutingHelper *self,
                                  CnsIpv4RoutingHelper *helper, gint16 priority)
{
  Entry entry;

  g_return_if_fail (CNS_IS_IPV4_LIST_ROUTING_HELPER (self));
  g_return_if_fail (CNS_IS_IPV4_ROUTING_HELPER (helper));
  entry.helper = g_object_ref (helper);
  entry.priority = priority;
  g_array_append_val (self->entries, entry);
}
