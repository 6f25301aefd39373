/* cns — installing applications on nodes.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ns-3's ApplicationHelper: remembers an application type and attribute
 * values (checked when they are set, so a typo is reported where it was
 * written) and installs one application per node, returning them in a
 * container whose start and stop times the scenario then sets.
 *
 * An attribute whose value is an object (an OnOff application's OnTime)
 * and that is given as text ("Exponential(Mean=0.5)") is made anew for
 * each application, as ns-3 does: each source gets its own random
 * variable, with its own stream, rather than all of them sharing one.
 */
#include "network/cns-application-helper.h"

#include "core/cns-attribute.h"
#include "core/cns-object-factory.h"
#include "network/cns-socket-factory.h"

enum
{
  PROP_0,
  PROP_APPLICATION_TYPE,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

/* An object-valued attribute given as text. */
typedef struct
{
  GParamSpec *pspec;
  gchar *text;
} ObjectText;

typedef struct
{
  CnsObjectFactory *factory;
  GArray *object_texts; /* ObjectText */
  GType type;
} CnsApplicationHelperPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (CnsApplicationHelper, cns_application_helper,
                            G_TYPE_OBJECT)

static void
object_text_clear (gpointer data)
{
  g_free (((ObjectText *) data)->text);
}

static void
cns_application_helper_constructed (GObject *object)
{
  CnsApplicationHelperPrivate *priv
      = cns_application_helper_get_instance_private (
          CNS_APPLICATION_HELPER (object));

  G_OBJECT_CLASS (cns_application_helper_parent_class)->constructed (object);
  if (G_TYPE_IS_ABSTRACT (priv->type))
    g_critical ("an application helper needs a concrete application type, "
                "not %s",
                g_type_name (priv->type));
  else
    priv->factory = cns_object_factory_new (priv->type);
}

static void
cns_application_helper_finalize (GObject *object)
{
  CnsApplicationHelperPrivate *priv
      = cns_application_helper_get_instance_private (
          CNS_APPLICATION_HELPER (object));

  g_clear_pointer (&priv->factory, cns_object_factory_free);
  g_array_unref (priv->object_texts);
  G_OBJECT_CLASS (cns_application_helper_parent_class)->finalize (object);
}

static void
cns_application_helper_set_property (GObject *object, guint prop_id,
                                     const GValue *value, GParamSpec *pspec)
{
  CnsApplicationHelperPrivate *priv
      = cns_application_helper_get_instance_private (
          CNS_APPLICATION_HELPER (object));

  switch (prop_id)
    {
    case PROP_APPLICATION_TYPE:
      priv->type = g_value_get_gtype (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cns_application_helper_get_property (GObject *object, guint prop_id,
                                     GValue *value, GParamSpec *pspec)
{
  CnsApplicationHelperPrivate *priv
      = cns_application_helper_get_instance_private (
          CNS_APPLICATION_HELPER (object));

  switch (prop_id)
    {
    case PROP_APPLICATION_TYPE:
      g_value_set_gtype (value, priv->type);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cns_application_helper_class_init (CnsApplicationHelperClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = cns_application_helper_constructed;
  object_class->finalize = cns_application_helper_finalize;
  object_class->set_property = cns_application_helper_set_property;
  object_class->get_property = cns_application_helper_get_property;

  properties[PROP_APPLICATION_TYPE] = g_param_spec_gtype (
      "application-type", "Application type",
      "The type of the applications the helper installs", CNS_TYPE_APPLICATION,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPERTIES, properties);
}

static void
cns_application_helper_init (CnsApplicationHelper *self)
{
  CnsApplicationHelperPrivate *priv
      = cns_application_helper_get_instance_private (self);

  priv->object_texts = g_array_new (FALSE, FALSE, sizeof (ObjectText));
  g_array_set_clear_func (priv->object_texts, object_text_clear);
}

/**
 * cns_application_helper_new:
 * @application_type: a concrete #CnsApplication type
 *
 * Returns: (transfer full): a helper installing applications of
 * @application_type with their attribute defaults.
 */
CnsApplicationHelper *
cns_application_helper_new (GType application_type)
{
  g_return_val_if_fail (g_type_is_a (application_type, CNS_TYPE_APPLICATION),
                        NULL);
  g_return_val_if_fail (!G_TYPE_IS_ABSTRACT (application_type), NULL);
  return g_object_new (CNS_TYPE_APPLICATION_HELPER, "application-type",
                       application_type, NULL);
}

/**
 * cns_application_helper_new_with_socket:
 * @helper_type: the subclass of #CnsApplicationHelper to make
 * @application_type: the socket application it installs
 * @protocol: a socket factory type for the application's Protocol
 *   attribute, or %G_TYPE_INVALID for the application's default
 * @address_name: the application's address attribute, "Remote" or "Local"
 * @address: its value, a boxed value of the attribute's type (for the
 *   applications of applications/, a CnsInetSocketAddress)
 *
 * For the helpers of socket applications (CnsOnOffHelper,
 * CnsPacketSinkHelper, ...), whose constructors all take a protocol and
 * an address; the helper knows no address family, the attribute's type
 * says what @address is.
 *
 * Returns: (transfer full): the helper.
 */
CnsApplicationHelper *
cns_application_helper_new_with_socket (GType helper_type,
                                        GType application_type, GType protocol,
                                        const gchar *address_name,
                                        gconstpointer address)
{
  CnsApplicationHelper *self;
  g_auto (GValue) v = G_VALUE_INIT;
  GParamSpec *pspec;

  g_return_val_if_fail (g_type_is_a (helper_type, CNS_TYPE_APPLICATION_HELPER),
                        NULL);
  g_return_val_if_fail (protocol == G_TYPE_INVALID
                            || g_type_is_a (protocol, CNS_TYPE_SOCKET_FACTORY),
                        NULL);
  g_return_val_if_fail (address_name != NULL, NULL);
  g_return_val_if_fail (address != NULL, NULL);
  pspec = cns_attribute_find (application_type, address_name);
  g_return_val_if_fail (
      pspec != NULL && G_TYPE_FUNDAMENTAL (pspec->value_type) == G_TYPE_BOXED,
      NULL);
  self = g_object_new (helper_type, "application-type", application_type, NULL);
  g_value_init (&v, pspec->value_type);
  g_value_set_boxed (&v, address);
  cns_application_helper_set_attribute_value (self, address_name, &v, NULL);
  if (protocol != G_TYPE_INVALID)
    {
      g_value_unset (&v);
      g_value_init (&v, G_TYPE_GTYPE);
      g_value_set_gtype (&v, protocol);
      cns_application_helper_set_attribute_value (self, "Protocol", &v, NULL);
    }
  return self;
}

/**
 * cns_application_helper_set_attribute:
 * @name: an attribute of the application type, "DataRate" or "data-rate"
 * @value: its value as text, "5Mbps"; an object-valued attribute given as
 *   text ("Exponential(Mean=2)") is made anew for each application
 * @error: a #CNS_CORE_ERROR naming the attribute or value at fault
 *
 * Returns: %TRUE when the value was accepted for applications installed
 * afterwards.
 */
gboolean
cns_application_helper_set_attribute (CnsApplicationHelper *self,
                                      const gchar *name, const gchar *value,
                                      GError **error)
{
  CnsApplicationHelperPrivate *priv;
  g_auto (GValue) parsed = G_VALUE_INIT;
  ObjectText entry;
  GParamSpec *pspec;

  g_return_val_if_fail (CNS_IS_APPLICATION_HELPER (self), FALSE);
  g_return_val_if_fail (name != NULL && value != NULL, FALSE);
  priv = cns_application_helper_get_instance_private (self);
  g_return_val_if_fail (priv->factory != NULL, FALSE);

  pspec = cns_attribute_find (priv->type, name);
  if (pspec == NULL || !G_TYPE_IS_OBJECT (pspec->value_type)
      || !(pspec->flags & G_PARAM_WRITABLE))
    return cns_object_factory_set (priv->factory, name, value, error);

  /* Parsed once here to report errors, and for each application later. */
  if (!cns_attribute_parse (pspec, value, &parsed, error))
    {
      g_prefix_error (error, "%s::%s: ", g_type_name (priv->type), name);
      return FALSE;
    }
  for (guint i = 0; i < priv->object_texts->len; i++)
    {
      ObjectText *t = &g_array_index (priv->object_texts, ObjectText, i);

      if (t->pspec == pspec)
        {
          g_free (t->text);
          t->text = g_strdup (value);
          return TRUE;
        }
    }
  entry.pspec = pspec;
  entry.text = g_strdup (value);
  g_array_append_val (priv->object_texts, entry);
  return TRUE;
}

/**
 * cns_application_helper_set_attribute_value:
 * @name: an attribute of the application type
 * @value: a value transformable to the attribute's type; an object value
 *   is shared by every application installed
 * @error: a #CNS_CORE_ERROR naming the attribute at fault
 *
 * Returns: %TRUE when the value was accepted.
 */
gboolean
cns_application_helper_set_attribute_value (CnsApplicationHelper *self,
                                            const gchar *name,
                                            const GValue *value, GError **error)
{
  CnsApplicationHelperPrivate *priv;

  g_return_val_if_fail (CNS_IS_APPLICATION_HELPER (self), FALSE);
  priv = cns_application_helper_get_instance_private (self);
  g_return_val_if_fail (priv->factory != NULL, FALSE);
  return cns_object_factory_set_value (priv->factory, name, value, error);
}

static void
helper_install_one (CnsApplicationHelper *self, CnsNode *node,
                    CnsApplicationContainer *container)
{
  CnsApplicationHelperPrivate *priv
      = cns_application_helper_get_instance_private (self);
  g_autoptr (CnsApplication) app = cns_object_factory_create (priv->factory);

  for (guint i = 0; i < priv->object_texts->len; i++)
    {
      ObjectText *t = &g_array_index (priv->object_texts, ObjectText, i);
      g_auto (GValue) v = G_VALUE_INIT;

      /* It parsed when it was set, and parses the same again. */
      if (cns_attribute_parse (t->pspec, t->text, &v, NULL))
        g_object_set_property (G_OBJECT (app), t->pspec->name, &v);
    }
  cns_application_install (app, node);
  cns_application_container_add (container, app);
}

/**
 * cns_application_helper_install:
 * @node: the node to run the application
 *
 * Makes one application with the helper's attributes and installs it on
 * @node with cns_application_install().
 *
 * Returns: (transfer full): a container holding the application.
 */
CnsApplicationContainer *
cns_application_helper_install (CnsApplicationHelper *self, CnsNode *node)
{
  CnsApplicationContainer *container;

  g_return_val_if_fail (CNS_IS_APPLICATION_HELPER (self), NULL);
  g_return_val_if_fail (CNS_IS_NODE (node), NULL);
  g_return_val_if_fail (((CnsApplicationHelperPrivate *)
                             cns_application_helper_get_instance_private (self))
                                ->factory
                            != NULL,
                        NULL);
  container = cns_application_container_new ();
  helper_install_one (self, node, container);
  return container;
}

/**
 * cns_application_helper_install_container:
 * @nodes: the nodes to run applications
 *
 * Installs one application on each node of @nodes, in order.
 *
 * Returns: (transfer full): the applications, in the order of @nodes.
 */
CnsApplicationContainer *
cns_application_helper_install_container (CnsApplicationHelper *self,
                                          CnsNodeContainer *nodes)
{
  CnsApplicationContainer *container;

  g_return_val_if_fail (CNS_IS_APPLICATION_HELPER (self), NULL);
  g_return_val_if_fail (nodes != NULL, NULL);
  g_return_val_if_fail (((CnsApplicationHelperPrivate *)
                             cns_application_helper_get_instance_private (self))
                                ->factory
                            != NULL,
                        NULL);
  container = cns_application_container_new ();
  for (guint32 i = 0; i < cns_node_container_get_n (nodes); i++)
    helper_install_one (self, cns_node_container_get (nodes, i), container);
  return container;
}
