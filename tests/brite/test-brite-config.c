/* cns — tests of the BRITE configuration parser: the shipped files, the
 * separators and comments, every kind of broken input with its message,
 * imported models' File, the text of a model, and bytes no file should
 * hold.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "brite/cns-brite-config.h"
#include "brite/cns-brite-error.h"
#include "brite/suites.h"
#include "lib/cns-test.h"

#include <string.h>

static gchar *tmp_dir;

static void
setup (void)
{
  tmp_dir = cns_test_make_tmp_dir ("brite-config");
}

static void
teardown (void)
{
  cns_test_remove_tmp_dir (&tmp_dir);
  cns_test_reset ();
}

/* A router Waxman model, one field a line. */
static const gchar waxman_conf[] = "BriteConfig\n"       /* 1 */
                                   "BeginModel\n"        /* 2 */
                                   "Name = 1\n"          /* 3 */
                                   "N = 10\n"            /* 4 */
                                   "HS = 1000\n"         /* 5 */
                                   "LS = 100\n"          /* 6 */
                                   "NodePlacement = 1\n" /* 7 */
                                   "GrowthType = 1\n"    /* 8 */
                                   "m = 2\n"             /* 9 */
                                   "alpha = 0.15\n"      /* 10 */
                                   "beta = 0.2\n"        /* 11 */
                                   "BWDist = 1\n"        /* 12 */
                                   "BWMin = 10.0\n"      /* 13 */
                                   "BWMax = 1024.0\n"    /* 14 */
                                   "EndModel\n"          /* 15 */
                                   "BeginOutput\n"       /* 16 */
                                   "BRITE = 1\n"         /* 17 */
                                   "OTTER = 0\n"         /* 18 */
                                   "EndOutput\n";        /* 19 */

/* top-down-small.conf without its comments. */
static const gchar top_down_conf[] = "BriteConfig\n"         /* 1 */
                                     "BeginModel\n"          /* 2 */
                                     "Name = 5\n"            /* 3 */
                                     "edgeConn = 2\n"        /* 4 */
                                     "k = -1\n"              /* 5 */
                                     "BWInter = 1\n"         /* 6 */
                                     "BWInterMin = 10.0\n"   /* 7 */
                                     "BWInterMax = 1024.0\n" /* 8 */
                                     "BWIntra = 2\n"         /* 9 */
                                     "BWIntraMin = 10.0\n"   /* 10 */
                                     "BWIntraMax = 1024.0\n" /* 11 */
                                     "EndModel\n"            /* 12 */
                                     "BeginModel\n"          /* 13 */
                                     "Name = 4\n"            /* 14 */
                                     "N = 2\n"               /* 15 */
                                     "HS = 1000\n"           /* 16 */
                                     "LS = 100\n"            /* 17 */
                                     "NodePlacement = 1\n"   /* 18 */
                                     "m = 1\n"               /* 19 */
                                     "BWDist = 1\n"          /* 20 */
                                     "BWMin = -1.0\n"        /* 21 */
                                     "BWMax = -1.0\n"        /* 22 */
                                     "EndModel\n"            /* 23 */
                                     "BeginModel\n"          /* 24 */
                                     "Name = 1\n"            /* 25 */
                                     "N = 5\n"               /* 26 */
                                     "HS = 1000\n"           /* 27 */
                                     "LS = 100\n"            /* 28 */
                                     "NodePlacement = 2\n"   /* 29 */
                                     "GrowthType = 1\n"      /* 30 */
                                     "m = 1\n"               /* 31 */
                                     "alpha = 0.5\n"         /* 32 */
                                     "beta = 0.8\n"          /* 33 */
                                     "BWDist = 1\n"          /* 34 */
                                     "BWMin = -1.0\n"        /* 35 */
                                     "BWMax = -1.0\n"        /* 36 */
                                     "EndModel\n"            /* 37 */
                                     "BeginOutput\n"         /* 38 */
                                     "BRITE = 1\n"           /* 39 */
                                     "OTTER = 0\n"           /* 40 */
                                     "EndOutput\n";          /* 41 */

/* bottom-up.conf without its comments. */
static const gchar bottom_up_conf[] = "BriteConfig\n"         /* 1 */
                                      "BeginModel\n"          /* 2 */
                                      "Name = 6\n"            /* 3 */
                                      "Grouping = 2\n"        /* 4 */
                                      "AssignType = 1\n"      /* 5 */
                                      "NumAS = 5\n"           /* 6 */
                                      "BWInter = 1\n"         /* 7 */
                                      "BWInterMin = 10.0\n"   /* 8 */
                                      "BWInterMax = 1024.0\n" /* 9 */
                                      "EndModel\n"            /* 10 */
                                      "BeginModel\n"          /* 11 */
                                      "Name = 1\n"            /* 12 */
                                      "N = 100\n"             /* 13 */
                                      "HS = 1000\n"           /* 14 */
                                      "LS = 100\n"            /* 15 */
                                      "NodePlacement = 1\n"   /* 16 */
                                      "GrowthType = 1\n"      /* 17 */
                                      "m = 2\n"               /* 18 */
                                      "alpha = 0.15\n"        /* 19 */
                                      "beta = 0.2\n"          /* 20 */
                                      "BWDist = 1\n"          /* 21 */
                                      "BWMin = 10.0\n"        /* 22 */
                                      "BWMax = 1024.0\n"      /* 23 */
                                      "EndModel\n"            /* 24 */
                                      "BeginOutput\n"         /* 25 */
                                      "BRITE = 1\n"           /* 26 */
                                      "OTTER = 0\n"           /* 27 */
                                      "EndOutput\n";          /* 28 */

/* An imported router topology. */
static const gchar imported_conf[] = "BriteConfig\n"       /* 1 */
                                     "BeginModel\n"        /* 2 */
                                     "Name = 7\n"          /* 3 */
                                     "Format = 1\n"        /* 4 */
                                     "File = topo.brite\n" /* 5 */
                                     "HS = 1000\n"         /* 6 */
                                     "LS = 100\n"          /* 7 */
                                     "BWDist = 2\n"        /* 8 */
                                     "BWMin = 10\n"        /* 9 */
                                     "BWMax = 1024\n"      /* 10 */
                                     "EndModel\n"          /* 11 */
                                     "BeginOutput\n"       /* 12 */
                                     "BRITE = 0\n"         /* 13 */
                                     "OTTER = 0\n"         /* 14 */
                                     "EndOutput\n";        /* 15 */

/* @base with its one occurrence of @find replaced by @replace. */
static gchar *
edit (const gchar *base, const gchar *find, const gchar *replace)
{
  const gchar *at = strstr (base, find);

  ck_assert_msg (at != NULL, "\"%s\" is not in the text", find);
  ck_assert_msg (strstr (at + 1, find) == NULL, "\"%s\" is there twice", find);
  return g_strdup_printf ("%.*s%s%s", (int) (at - base), base, replace,
                          at + strlen (find));
}

static CnsBriteConfig *
parse_ok (const gchar *text, gssize length, const gchar *name)
{
  g_autoptr (GError) error = NULL;
  CnsBriteConfig *config = cns_brite_config_parse (text, length, name, &error);

  ck_assert_msg (config != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_ptr_null (error);
  return config;
}

/* Checks that @text fails with @code and exactly @message. */
static void
assert_parse_error (const gchar *text, gssize length, gint code,
                    const gchar *message)
{
  g_autoptr (GError) error = NULL;
  CnsBriteConfig *config
      = cns_brite_config_parse (text, length, "x.conf", &error);

  ck_assert_ptr_null (config);
  ck_assert_msg (error != NULL, "no error, expected \"%s\"", message);
  ck_assert_msg (error->domain == CNS_BRITE_ERROR, "%s",
                 g_quark_to_string (error->domain));
  ck_assert_msg (error->code == code, "code %d for \"%s\", expected %d",
                 error->code, error->message, code);
  ck_assert_str_eq (error->message, message);
}

static gchar *
conf_path (const gchar *name)
{
  return g_build_filename (CNS_BRITE_CONF_DIR, name, NULL);
}

static void
assert_model_string (const CnsBriteModel *model, const gchar *expected)
{
  g_autofree gchar *text = cns_brite_model_to_string (model);

  ck_assert_str_eq (text, expected);
}

/* ---- the shipped files ---- */

typedef struct
{
  const gchar *file;
  CnsBriteModelType type;
  guint32 n; /* of the flat model, or of the router block */
} ShippedConf;

static const ShippedConf shipped[] = {
  { "router-waxman-5.conf", CNS_BRITE_MODEL_ROUTER_WAXMAN, 5 },
  { "router-waxman-10.conf", CNS_BRITE_MODEL_ROUTER_WAXMAN, 10 },
  { "router-waxman-20.conf", CNS_BRITE_MODEL_ROUTER_WAXMAN, 20 },
  { "router-waxman-100.conf", CNS_BRITE_MODEL_ROUTER_WAXMAN, 100 },
  { "router-waxman-1000.conf", CNS_BRITE_MODEL_ROUTER_WAXMAN, 1000 },
  { "router-ba-5.conf", CNS_BRITE_MODEL_ROUTER_BA, 5 },
  { "router-ba-10.conf", CNS_BRITE_MODEL_ROUTER_BA, 10 },
  { "router-ba-20.conf", CNS_BRITE_MODEL_ROUTER_BA, 20 },
  { "router-ba-100.conf", CNS_BRITE_MODEL_ROUTER_BA, 100 },
  { "router-ba-1000.conf", CNS_BRITE_MODEL_ROUTER_BA, 1000 },
  { "as-waxman.conf", CNS_BRITE_MODEL_AS_WAXMAN, 1000 },
  { "as-ba.conf", CNS_BRITE_MODEL_AS_BA, 1000 },
  { "top-down.conf", CNS_BRITE_MODEL_TOP_DOWN, 20 },
  { "top-down-small.conf", CNS_BRITE_MODEL_TOP_DOWN, 5 },
  { "bottom-up.conf", CNS_BRITE_MODEL_BOTTOM_UP, 100 },
};

START_TEST (test_shipped)
{
  const ShippedConf *c = &shipped[_i];
  g_autofree gchar *path = conf_path (c->file);
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsBriteConfig) config
      = cns_brite_config_parse_file (path, &error);
  g_autofree gchar *text = NULL;
  const CnsBriteModel *routers;

  ck_assert_msg (config != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_str_eq (config->path, path);
  ck_assert_int_eq (config->model->type, c->type);
  ck_assert (config->output_brite);
  ck_assert (!config->output_otter);
  routers = config->model->router_model != NULL ? config->model->router_model
                                                : config->model;
  ck_assert_uint_eq (routers->n, c->n);
  text = cns_brite_model_to_string (config->model);
  ck_assert_ptr_nonnull (text);
}
END_TEST

START_TEST (test_router_waxman_1000)
{
  g_autofree gchar *path = conf_path ("router-waxman-1000.conf");
  g_autoptr (CnsBriteConfig) config = cns_brite_config_parse_file (path, NULL);
  const CnsBriteModel *m;

  ck_assert_ptr_nonnull (config);
  m = config->model;
  ck_assert_int_eq (m->type, CNS_BRITE_MODEL_ROUTER_WAXMAN);
  ck_assert_uint_eq (m->n, 1000);
  ck_assert_uint_eq (m->hs, 1000);
  ck_assert_uint_eq (m->ls, 100);
  ck_assert_int_eq (m->placement, CNS_BRITE_PLACEMENT_RANDOM);
  ck_assert_int_eq (m->growth, CNS_BRITE_GROWTH_INCREMENTAL);
  ck_assert_uint_eq (m->m, 2);
  ck_assert_double_eq (m->alpha, 0.15);
  ck_assert_double_eq (m->beta, 0.2);
  ck_assert_int_eq (m->bw_dist, CNS_BRITE_DIST_CONSTANT);
  ck_assert_double_eq (m->bw_min, 10.0);
  ck_assert_double_eq (m->bw_max, 1024.0);
  /* the fields of other models stay zero */
  ck_assert_int_eq (m->edge_conn, 0);
  ck_assert_int_eq (m->k, 0);
  ck_assert_int_eq (m->bw_inter_dist, 0);
  ck_assert_int_eq (m->bw_intra_dist, 0);
  ck_assert_int_eq (m->grouping, 0);
  ck_assert_uint_eq (m->num_as, 0);
  ck_assert_uint_eq (m->format, 0);
  ck_assert_ptr_null (m->file);
  ck_assert_ptr_null (m->as_model);
  ck_assert_ptr_null (m->router_model);
  ck_assert (config->output_brite);
  ck_assert (!config->output_otter);
  assert_model_string (m, "1000 1000 100 1 1 2 0.15 0.2 1 10 1024");
}
END_TEST

START_TEST (test_router_ba_100)
{
  g_autofree gchar *path = conf_path ("router-ba-100.conf");
  g_autoptr (CnsBriteConfig) config = cns_brite_config_parse_file (path, NULL);
  const CnsBriteModel *m;

  ck_assert_ptr_nonnull (config);
  m = config->model;
  ck_assert_int_eq (m->type, CNS_BRITE_MODEL_ROUTER_BA);
  ck_assert_uint_eq (m->n, 100);
  ck_assert_uint_eq (m->hs, 1000);
  ck_assert_uint_eq (m->ls, 100);
  ck_assert_int_eq (m->placement, CNS_BRITE_PLACEMENT_RANDOM);
  /* implied for Barabasi-Albert */
  ck_assert_int_eq (m->growth, CNS_BRITE_GROWTH_INCREMENTAL);
  ck_assert_uint_eq (m->m, 2);
  ck_assert_double_eq (m->alpha, 0);
  ck_assert_double_eq (m->beta, 0);
  ck_assert_int_eq (m->bw_dist, CNS_BRITE_DIST_CONSTANT);
  ck_assert_double_eq (m->bw_min, 10.0);
  ck_assert_double_eq (m->bw_max, 1024.0);
  ck_assert_ptr_null (m->router_model);
  assert_model_string (m, "100 1000 100 1 2 1 10 1024");
}
END_TEST

START_TEST (test_top_down)
{
  g_autofree gchar *path = conf_path ("top-down.conf");
  g_autoptr (CnsBriteConfig) config = cns_brite_config_parse_file (path, NULL);
  const CnsBriteModel *m, *as, *rt;

  ck_assert_ptr_nonnull (config);
  m = config->model;
  ck_assert_int_eq (m->type, CNS_BRITE_MODEL_TOP_DOWN);
  ck_assert_int_eq (m->edge_conn, CNS_BRITE_EDGE_CONN_SMALLEST);
  ck_assert_int_eq (m->k, -1);
  ck_assert_int_eq (m->bw_inter_dist, CNS_BRITE_DIST_CONSTANT);
  ck_assert_double_eq (m->bw_inter_min, 10.0);
  ck_assert_double_eq (m->bw_inter_max, 1024.0);
  ck_assert_int_eq (m->bw_intra_dist, CNS_BRITE_DIST_UNIFORM);
  ck_assert_double_eq (m->bw_intra_min, 10.0);
  ck_assert_double_eq (m->bw_intra_max, 1024.0);
  ck_assert_uint_eq (m->n, 0);
  ck_assert_uint_eq (m->num_as, 0);

  as = m->as_model;
  ck_assert_ptr_nonnull (as);
  ck_assert_int_eq (as->type, CNS_BRITE_MODEL_AS_BA);
  ck_assert_uint_eq (as->n, 2);
  ck_assert_uint_eq (as->hs, 1000);
  ck_assert_uint_eq (as->ls, 100);
  ck_assert_int_eq (as->placement, CNS_BRITE_PLACEMENT_RANDOM);
  ck_assert_int_eq (as->growth, CNS_BRITE_GROWTH_INCREMENTAL);
  ck_assert_uint_eq (as->m, 1);
  ck_assert_int_eq (as->bw_dist, CNS_BRITE_DIST_CONSTANT);
  ck_assert_double_eq (as->bw_min, -1);
  ck_assert_double_eq (as->bw_max, -1);
  ck_assert_ptr_null (as->as_model);
  ck_assert_ptr_null (as->router_model);

  rt = m->router_model;
  ck_assert_ptr_nonnull (rt);
  ck_assert_int_eq (rt->type, CNS_BRITE_MODEL_ROUTER_WAXMAN);
  ck_assert_uint_eq (rt->n, 20);
  ck_assert_uint_eq (rt->hs, 1000);
  ck_assert_uint_eq (rt->ls, 100);
  ck_assert_int_eq (rt->placement, CNS_BRITE_PLACEMENT_HEAVY_TAILED);
  ck_assert_int_eq (rt->growth, CNS_BRITE_GROWTH_INCREMENTAL);
  ck_assert_uint_eq (rt->m, 1);
  ck_assert_double_eq (rt->alpha, 0.5);
  ck_assert_double_eq (rt->beta, 0.8);
  ck_assert_int_eq (rt->bw_dist, CNS_BRITE_DIST_CONSTANT);
  ck_assert_double_eq (rt->bw_min, -1);
  ck_assert_double_eq (rt->bw_max, -1);

  ck_assert (config->output_brite);
  ck_assert (!config->output_otter);
  assert_model_string (m, "2 -1 1 10 1024 2 10 1024 "
                          "4 2 1000 100 1 1 1 -1 -1 "
                          "1 20 1000 100 2 1 1 0.5 0.8 1 -1 -1");
  assert_model_string (as, "2 1000 100 1 1 1 -1 -1");
}
END_TEST

START_TEST (test_bottom_up)
{
  g_autofree gchar *path = conf_path ("bottom-up.conf");
  g_autoptr (CnsBriteConfig) config = cns_brite_config_parse_file (path, NULL);
  const CnsBriteModel *m, *rt;

  ck_assert_ptr_nonnull (config);
  m = config->model;
  ck_assert_int_eq (m->type, CNS_BRITE_MODEL_BOTTOM_UP);
  ck_assert_int_eq (m->grouping, CNS_BRITE_GROUPING_RANDOM_WALK);
  ck_assert_int_eq (m->assign_type, CNS_BRITE_DIST_CONSTANT);
  ck_assert_uint_eq (m->num_as, 5);
  ck_assert_int_eq (m->bw_inter_dist, CNS_BRITE_DIST_CONSTANT);
  ck_assert_double_eq (m->bw_inter_min, 10.0);
  ck_assert_double_eq (m->bw_inter_max, 1024.0);
  ck_assert_int_eq (m->bw_intra_dist, 0);
  ck_assert_ptr_null (m->as_model);

  rt = m->router_model;
  ck_assert_ptr_nonnull (rt);
  ck_assert_int_eq (rt->type, CNS_BRITE_MODEL_ROUTER_WAXMAN);
  ck_assert_uint_eq (rt->n, 100);
  ck_assert_uint_eq (rt->hs, 1000);
  ck_assert_uint_eq (rt->ls, 100);
  ck_assert_int_eq (rt->placement, CNS_BRITE_PLACEMENT_RANDOM);
  ck_assert_int_eq (rt->growth, CNS_BRITE_GROWTH_INCREMENTAL);
  ck_assert_uint_eq (rt->m, 2);
  ck_assert_double_eq (rt->alpha, 0.15);
  ck_assert_double_eq (rt->beta, 0.2);
  ck_assert_int_eq (rt->bw_dist, CNS_BRITE_DIST_CONSTANT);
  ck_assert_double_eq (rt->bw_min, 10.0);
  ck_assert_double_eq (rt->bw_max, 1024.0);

  assert_model_string (m, "2 1 5 1 10 1024 "
                          "1 100 1000 100 1 1 2 0.15 0.2 1 10 1024");
}
END_TEST

/* The shipped AS models name the right types and keep the Waxman
 * parameters. */
START_TEST (test_as_models)
{
  g_autofree gchar *waxman = conf_path ("as-waxman.conf");
  g_autofree gchar *ba = conf_path ("as-ba.conf");
  g_autoptr (CnsBriteConfig) w = cns_brite_config_parse_file (waxman, NULL);
  g_autoptr (CnsBriteConfig) b = cns_brite_config_parse_file (ba, NULL);

  ck_assert_ptr_nonnull (w);
  ck_assert_ptr_nonnull (b);
  assert_model_string (w->model, "1000 1000 100 1 1 2 0.15 0.2 1 10 1024");
  assert_model_string (b->model, "1000 1000 100 1 2 1 10 1024");
}
END_TEST

/* ---- separators and comments ---- */

START_TEST (test_crlf)
{
  g_auto (GStrv) lines = g_strsplit (waxman_conf, "\n", -1);
  g_autofree gchar *crlf = g_strjoinv ("\r\n", lines);
  g_autofree gchar *broken = edit (crlf, "m = 2", "m = x");
  g_autoptr (CnsBriteConfig) config = parse_ok (crlf, -1, "x.conf");

  ck_assert_uint_eq (config->model->n, 10);
  ck_assert_double_eq (config->model->bw_max, 1024);
  /* line numbers count CRLF line ends once */
  assert_parse_error (broken, -1, CNS_BRITE_ERROR_PARSE,
                      "x.conf:9: field \"m\": expected an integer, found "
                      "\"x\"");
}
END_TEST

START_TEST (test_separators)
{
  /* tabs, ':' and '/' between tokens, '=' glued on either side, comments
   * at the ends of lines and on lines of their own, several fields a
   * line */
  static const gchar text[] = "# a comment before everything\n"
                              "  BriteConfig# glued comment\n"
                              "\n"
                              "BeginModel:\r\n"
                              "\tName=2\t# router BA\n"
                              "\tN=5 HS =1000 LS= 100\n"
                              "NodePlacement:=:2/m/=/3\n"
                              "BWDist\t=\t2 BWMin = 1.5e1 BWMax = +2048\n"
                              "EndModel # end\n"
                              "BeginOutput BRITE = 0 OTTER = 1 EndOutput\n"
                              "# trailing comment";
  g_autoptr (CnsBriteConfig) config = parse_ok (text, -1, "x.conf");
  const CnsBriteModel *m = config->model;

  ck_assert_int_eq (m->type, CNS_BRITE_MODEL_ROUTER_BA);
  ck_assert_uint_eq (m->n, 5);
  ck_assert_uint_eq (m->hs, 1000);
  ck_assert_uint_eq (m->ls, 100);
  ck_assert_int_eq (m->placement, CNS_BRITE_PLACEMENT_HEAVY_TAILED);
  ck_assert_uint_eq (m->m, 3);
  ck_assert_int_eq (m->bw_dist, CNS_BRITE_DIST_UNIFORM);
  ck_assert_double_eq (m->bw_min, 15);
  ck_assert_double_eq (m->bw_max, 2048);
  ck_assert (!config->output_brite);
  ck_assert (config->output_otter);
  ck_assert_str_eq (config->path, "x.conf");
}
END_TEST

/* BRITE 2.x's bottom-up files carry DML, NS and Javasim after OTTER. */
START_TEST (test_output_fields)
{
  g_autofree gchar *all = edit (waxman_conf, "OTTER = 0\n",
                                "OTTER = 0\nDML = 0\nNS = 1\nJavasim = 0\n");
  g_autofree gchar *some
      = edit (waxman_conf, "OTTER = 0\n", "OTTER = 1\nJavasim = 1\n");
  g_autofree gchar *bad
      = edit (waxman_conf, "OTTER = 0\n", "OTTER = 0\nDML = 0\nNS = 2\n");
  g_autoptr (CnsBriteConfig) a = parse_ok (all, -1, "x.conf");
  g_autoptr (CnsBriteConfig) s = parse_ok (some, -1, "x.conf");

  ck_assert (a->output_brite);
  ck_assert (!a->output_otter);
  ck_assert (s->output_otter);
  assert_parse_error (bad, -1, CNS_BRITE_ERROR_INVALID,
                      "x.conf:20: field \"NS\": 2 is out of range (must be "
                      "from 0 to 1)");
}
END_TEST

/* The inner blocks of a hierarchical model take any bandwidth bounds:
 * the outer block's replace them. */
START_TEST (test_inner_bandwidth)
{
  g_autofree gchar *text = edit (
      top_down_conf, "BWMin = -1.0\nBWMax = -1.0\nEndModel\nBeginOutput",
      "BWMin = 50\nBWMax = -3\nEndModel\nBeginOutput");
  g_autoptr (CnsBriteConfig) config = parse_ok (text, -1, "x.conf");

  ck_assert_double_eq (config->model->router_model->bw_min, 50);
  ck_assert_double_eq (config->model->router_model->bw_max, -3);
}
END_TEST

/* ---- broken input ---- */

typedef struct
{
  const gchar *base;
  const gchar *find;
  const gchar *replace;
  gint code;
  const gchar *message;
} BadConf;

#define PARSE   CNS_BRITE_ERROR_PARSE
#define INVALID CNS_BRITE_ERROR_INVALID

static const BadConf bad_confs[] = {
  /* order, missing and extra fields */
  { waxman_conf, "LS = 100\nNodePlacement = 1\n",
    "NodePlacement = 1\nLS = 100\n", PARSE,
    "x.conf:6: expected field \"LS\", found \"NodePlacement\"" },
  { waxman_conf, "beta = 0.2\n", "", PARSE,
    "x.conf:11: expected field \"beta\", found \"BWDist\"" },
  { waxman_conf, "BWMax = 1024.0\n", "", PARSE,
    "x.conf:14: expected field \"BWMax\", found \"EndModel\"" },
  { waxman_conf, "BWMax = 1024.0\n", "BWMax = 1024.0\nfoo = 1\n", PARSE,
    "x.conf:15: expected \"EndModel\", found \"foo\"" },
  { waxman_conf, "N = 10", "N 10", PARSE,
    "x.conf:4: field \"N\": expected \"=\", found \"10\"" },
  { waxman_conf, "NodePlacement", "nodeplacement", PARSE,
    "x.conf:7: expected field \"NodePlacement\", found \"nodeplacement\"" },
  /* numbers */
  { waxman_conf, "N = 10", "N = two", PARSE,
    "x.conf:4: field \"N\": expected an integer, found \"two\"" },
  { waxman_conf, "N = 10", "N = 10x", PARSE,
    "x.conf:4: field \"N\": expected an integer, found \"10x\"" },
  { waxman_conf, "N = 10", "N = 10.0", PARSE,
    "x.conf:4: field \"N\": expected an integer, found \"10.0\"" },
  { waxman_conf, "N = 10", "N = -", PARSE,
    "x.conf:4: field \"N\": expected an integer, found \"-\"" },
  { waxman_conf, "N = 10", "N = =", PARSE,
    "x.conf:4: field \"N\": expected an integer, found \"=\"" },
  { waxman_conf, "alpha = 0.15", "alpha = 0.1.5", PARSE,
    "x.conf:10: field \"alpha\": expected a number, found \"0.1.5\"" },
  { waxman_conf, "alpha = 0.15", "alpha = nan", PARSE,
    "x.conf:10: field \"alpha\": expected a number, found \"nan\"" },
  { waxman_conf, "BWMin = 10.0", "BWMin = 0x10", PARSE,
    "x.conf:13: field \"BWMin\": expected a number, found \"0x10\"" },
  { waxman_conf, "BWMin = 10.0", "BWMin = 10Mbps", PARSE,
    "x.conf:13: field \"BWMin\": expected a number, found \"10Mbps\"" },
  { waxman_conf, "BWMax = 1024.0", "BWMax = 1e999", INVALID,
    "x.conf:14: field \"BWMax\": 1e999 is out of range" },
  { waxman_conf, "N = 10", "N = \x01", PARSE,
    "x.conf:4: field \"N\": expected an integer, found \"\\x01\"" },
  { waxman_conf, "N = 10", "N = \"a\\b\"", PARSE,
    "x.conf:4: field \"N\": expected an integer, found "
    "\"\\\"a\\\\b\\\"\"" },
  /* models */
  { waxman_conf, "Name = 1", "Name = 9", PARSE,
    "x.conf:3: unknown model 9 (Name must be 1-8)" },
  { waxman_conf, "Name = 1", "Name = 0", PARSE,
    "x.conf:3: unknown model 0 (Name must be 1-8)" },
  { waxman_conf, "Name = 1", "Name = 99999999999999999999999", PARSE,
    "x.conf:3: unknown model 99999999999999999999999 (Name must be 1-8)" },
  { waxman_conf, "Name = 1", "Name = RTWaxman", PARSE,
    "x.conf:3: field \"Name\": expected an integer, found \"RTWaxman\"" },
  /* ranges */
  { waxman_conf, "N = 10", "N = 0", INVALID,
    "x.conf:4: field \"N\": 0 is out of range (must be from 1 to "
    "4294967295)" },
  { waxman_conf, "N = 10", "N = 4294967296", INVALID,
    "x.conf:4: field \"N\": 4294967296 is out of range (must be from 1 to "
    "4294967295)" },
  { waxman_conf, "N = 10", "N = 99999999999999999999", INVALID,
    "x.conf:4: field \"N\": 99999999999999999999 is out of range (must be "
    "from 1 to 4294967295)" },
  { waxman_conf, "HS = 1000", "HS = 0", INVALID,
    "x.conf:5: field \"HS\": 0 is out of range (must be from 1 to "
    "4294967295)" },
  { waxman_conf, "LS = 100", "LS = 2000", INVALID,
    "x.conf:6: field \"LS\": 2000 is larger than HS = 1000" },
  { waxman_conf, "LS = 100", "LS = 0", INVALID,
    "x.conf:6: field \"LS\": 0 is out of range (must be from 1 to "
    "4294967295)" },
  { waxman_conf, "NodePlacement = 1", "NodePlacement = 3", INVALID,
    "x.conf:7: field \"NodePlacement\": 3 is out of range (must be from 1 "
    "to 2)" },
  { waxman_conf, "GrowthType = 1", "GrowthType = 0", INVALID,
    "x.conf:8: field \"GrowthType\": 0 is out of range (must be from 1 to "
    "2)" },
  { waxman_conf, "m = 2", "m = -2", INVALID,
    "x.conf:9: field \"m\": -2 is out of range (must be from 1 to "
    "4294967295)" },
  { waxman_conf, "alpha = 0.15", "alpha = 0", INVALID,
    "x.conf:10: field \"alpha\": 0 is out of range (must be in (0, 1])" },
  { waxman_conf, "alpha = 0.15", "alpha = 1.5", INVALID,
    "x.conf:10: field \"alpha\": 1.5 is out of range (must be in (0, 1])" },
  { waxman_conf, "beta = 0.2", "beta = -0.2", INVALID,
    "x.conf:11: field \"beta\": -0.2 is out of range (must be above 0)" },
  { waxman_conf, "BWDist = 1", "BWDist = 5", INVALID,
    "x.conf:12: field \"BWDist\": 5 is out of range (must be from 1 to "
    "4)" },
  { waxman_conf, "BWMin = 10.0", "BWMin = 2000", INVALID,
    "x.conf:14: field \"BWMax\": 1024 is smaller than BWMin = 2000" },
  { waxman_conf, "BWMin = 10.0", "BWMin = -5", INVALID,
    "x.conf:13: field \"BWMin\": -5 is negative (only BWMin = BWMax = -1, "
    "unset, is allowed)" },
  { waxman_conf, "BRITE = 1", "BRITE = 2", INVALID,
    "x.conf:17: field \"BRITE\": 2 is out of range (must be from 0 to 1)" },
  /* structure */
  { waxman_conf, "BriteConfig\n", "", PARSE,
    "x.conf:1: expected \"BriteConfig\", found \"BeginModel\"" },
  { waxman_conf, "BriteConfig", "BriteConfig2", PARSE,
    "x.conf:1: expected \"BriteConfig\", found \"BriteConfig2\"" },
  { waxman_conf, "BeginModel", "Begin Model", PARSE,
    "x.conf:2: expected \"BeginModel\", found \"Begin\"" },
  { waxman_conf, "EndModel\nBeginOutput\nBRITE = 1\nOTTER = 0\nEndOutput\n", "",
    PARSE, "x.conf:14: expected \"EndModel\", found end of file" },
  { waxman_conf,
    "BWMax = 1024.0\nEndModel\nBeginOutput\nBRITE = 1\n"
    "OTTER = 0\nEndOutput\n",
    "BWMax =\n\n", PARSE,
    "x.conf:14: field \"BWMax\": expected a number, found end of file" },
  { waxman_conf, "BeginOutput\nBRITE = 1\nOTTER = 0\nEndOutput\n", "", PARSE,
    "x.conf:15: expected \"BeginOutput\", found end of file" },
  { waxman_conf, "EndOutput\n", "", PARSE,
    "x.conf:18: expected \"EndOutput\", found end of file" },
  { waxman_conf, "EndOutput\n", "EndOutput\n\nextra # comment\n", PARSE,
    "x.conf:21: expected end of file after \"EndOutput\", found \"extra\"" },
  { waxman_conf, "EndModel\n", "EndModel\nBeginModel\n", PARSE,
    "x.conf:16: expected \"BeginOutput\", found \"BeginModel\"" },
  /* top-down */
  { top_down_conf, "Name = 4", "Name = 2", INVALID,
    "x.conf:14: the AS-level block of the top-down model must be model 3, 4 "
    "or 8, found model 2 (RTBarabasi)" },
  { top_down_conf, "Name = 1", "Name = 3", INVALID,
    "x.conf:25: the router-level block of the top-down model must be model "
    "1, 2 or 7, found model 3 (ASWaxman)" },
  { top_down_conf, "Name = 1", "Name = 9", PARSE,
    "x.conf:25: unknown model 9 (Name must be 1-8)" },
  { top_down_conf,
    "BeginModel\nName = 1\nN = 5\nHS = 1000\nLS = 100\nNodePlacement = 2\n"
    "GrowthType = 1\nm = 1\nalpha = 0.5\nbeta = 0.8\nBWDist = 1\n"
    "BWMin = -1.0\nBWMax = -1.0\nEndModel\n",
    "", PARSE,
    "x.conf:24: expected \"BeginModel\" (the router-level block of the "
    "top-down model), found \"BeginOutput\"" },
  { top_down_conf, "k = -1\n", "", PARSE,
    "x.conf:5: expected field \"k\", found \"BWInter\"" },
  { top_down_conf, "edgeConn = 2", "edgeConn = 5", INVALID,
    "x.conf:4: field \"edgeConn\": 5 is out of range (must be from 1 to "
    "4)" },
  { top_down_conf, "k = -1", "k = 2147483648", INVALID,
    "x.conf:5: field \"k\": 2147483648 is out of range (must be from "
    "-2147483648 to 2147483647)" },
  { top_down_conf, "BWIntra = 2", "BWIntra = 0", INVALID,
    "x.conf:9: field \"BWIntra\": 0 is out of range (must be from 1 to "
    "4)" },
  { top_down_conf, "BWIntraMax = 1024.0", "BWIntraMax = 5", INVALID,
    "x.conf:11: field \"BWIntraMax\": 5 is smaller than BWIntraMin = 10" },
  { top_down_conf, "N = 2", "N = 0", INVALID,
    "x.conf:15: field \"N\": 0 is out of range (must be from 1 to "
    "4294967295)" },
  /* bottom-up */
  { bottom_up_conf, "NumAS = 5", "NumAS = 200", INVALID,
    "x.conf:6: field \"NumAS\": 200 ASes need at least as many routers, the "
    "router-level block has N = 100" },
  { bottom_up_conf, "NumAS = 5", "NumAS = 0", INVALID,
    "x.conf:6: field \"NumAS\": 0 is out of range (must be from 1 to "
    "4294967295)" },
  { bottom_up_conf, "Grouping = 2", "Grouping = 3", INVALID,
    "x.conf:4: field \"Grouping\": 3 is out of range (must be from 1 to "
    "2)" },
  { bottom_up_conf, "AssignType = 1", "AssignType = 5", INVALID,
    "x.conf:5: field \"AssignType\": 5 is out of range (must be from 1 to "
    "4)" },
  { bottom_up_conf, "Name = 1", "Name = 3", INVALID,
    "x.conf:12: the router-level block of the bottom-up model must be model "
    "1, 2 or 7, found model 3 (ASWaxman)" },
  { bottom_up_conf, "BWInterMin = 10.0", "BWInterMin = 2000", INVALID,
    "x.conf:9: field \"BWInterMax\": 1024 is smaller than BWInterMin = "
    "2000" },
  /* imported */
  { imported_conf, "Format = 1", "Format = 2", CNS_BRITE_ERROR_UNSUPPORTED,
    "x.conf:4: field \"Format\": import format 2 is not supported (cns "
    "imports format 1, BRITE, only)" },
  { imported_conf, "Format = 1", "Format = 0", INVALID,
    "x.conf:4: field \"Format\": 0 is out of range (must be 1 or more)" },
  { imported_conf, "LS = 100", "LS = 1001", INVALID,
    "x.conf:7: field \"LS\": 1001 is larger than HS = 1000" },
  { imported_conf, "BWMax = 1024", "BWMax = 1", INVALID,
    "x.conf:10: field \"BWMax\": 1 is smaller than BWMin = 10" },
};

START_TEST (test_bad_confs)
{
  const BadConf *bad = &bad_confs[_i];
  g_autofree gchar *text = edit (bad->base, bad->find, bad->replace);

  assert_parse_error (text, -1, bad->code, bad->message);
}
END_TEST

START_TEST (test_empty)
{
  assert_parse_error ("", -1, PARSE,
                      "x.conf:1: expected \"BriteConfig\", found end of file");
  assert_parse_error ("x", 0, PARSE,
                      "x.conf:1: expected \"BriteConfig\", found end of file");
  assert_parse_error (NULL, 0, PARSE,
                      "x.conf:1: expected \"BriteConfig\", found end of file");
  assert_parse_error ("# nothing\n\n  \r\n\t# here\n", -1, PARSE,
                      "x.conf:1: expected \"BriteConfig\", found end of file");
}
END_TEST

START_TEST (test_file_not_found)
{
  g_autofree gchar *path = g_build_filename (tmp_dir, "none.conf", NULL);
  g_autoptr (GError) error = NULL;

  ck_assert_ptr_null (cns_brite_config_parse_file (path, &error));
  ck_assert (g_error_matches (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_IO));
  ck_assert_msg (g_str_has_prefix (error->message, path), "%s", error->message);
  ck_assert_ptr_nonnull (strstr (error->message, "cannot read"));
}
END_TEST

/* Errors of a file name the path given. */
START_TEST (test_file_error_names_path)
{
  g_autofree gchar *path = g_build_filename (tmp_dir, "bad.conf", NULL);
  g_autofree gchar *text = edit (waxman_conf, "m = 2", "m = two");
  g_autofree gchar *expected = g_strconcat (
      path, ":9: field \"m\": expected an integer, found \"two\"", NULL);
  g_autoptr (GError) error = NULL;

  ck_assert (g_file_set_contents (path, text, -1, NULL));
  ck_assert_ptr_null (cns_brite_config_parse_file (path, &error));
  ck_assert (g_error_matches (error, CNS_BRITE_ERROR, CNS_BRITE_ERROR_PARSE));
  ck_assert_str_eq (error->message, expected);
}
END_TEST

/* ---- imported models ---- */

START_TEST (test_imported_relative)
{
  g_autofree gchar *path = g_build_filename (tmp_dir, "imported.conf", NULL);
  g_autofree gchar *expected = g_build_filename (tmp_dir, "topo.brite", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsBriteConfig) config = NULL;
  const CnsBriteModel *m;

  ck_assert (g_file_set_contents (path, imported_conf, -1, NULL));
  config = cns_brite_config_parse_file (path, &error);
  ck_assert_msg (config != NULL, "%s", error != NULL ? error->message : "");
  m = config->model;
  ck_assert_int_eq (m->type, CNS_BRITE_MODEL_ROUTER_FILE);
  ck_assert_uint_eq (m->format, 1);
  ck_assert_str_eq (m->file, expected);
  ck_assert_uint_eq (m->hs, 1000);
  ck_assert_uint_eq (m->ls, 100);
  ck_assert_int_eq (m->bw_dist, CNS_BRITE_DIST_UNIFORM);
  ck_assert_double_eq (m->bw_min, 10);
  ck_assert_double_eq (m->bw_max, 1024);
  ck_assert_uint_eq (m->n, 0);
  ck_assert (!config->output_brite);
  {
    g_autofree gchar *text
        = g_strdup_printf ("1 %s 1000 100 2 10 1024", expected);

    assert_model_string (m, text);
  }
}
END_TEST

START_TEST (test_imported_file_names)
{
  /* a path token keeps its '/' and ':' (and '=') */
  g_autofree gchar *sub
      = edit (imported_conf, "topo.brite", "sub/dir:a=b.brite# comment");
  g_autofree gchar *absolute
      = edit (imported_conf, "topo.brite", "/abs/topo.brite");
  g_autofree gchar *glued
      = edit (imported_conf, "File = topo.brite", "File=topo.brite");
  g_autofree gchar *in_dir = g_build_filename ("dir", "topo.brite", NULL);
  g_autofree gchar *sub_in_dir
      = g_build_filename ("dir", "sub/dir:a=b.brite", NULL);
  g_autoptr (CnsBriteConfig) plain = parse_ok (imported_conf, -1, "x.conf");
  g_autoptr (CnsBriteConfig) none = parse_ok (imported_conf, -1, NULL);
  g_autoptr (CnsBriteConfig) dir = parse_ok (imported_conf, -1, "dir/x.conf");
  g_autoptr (CnsBriteConfig) s = parse_ok (sub, -1, "dir/x.conf");
  g_autoptr (CnsBriteConfig) a = parse_ok (absolute, -1, "dir/x.conf");
  g_autoptr (CnsBriteConfig) g = parse_ok (glued, -1, "x.conf");

  /* no directory: kept as given */
  ck_assert_str_eq (plain->model->file, "topo.brite");
  ck_assert_str_eq (none->model->file, "topo.brite");
  ck_assert_ptr_null (none->path);
  ck_assert_str_eq (g->model->file, "topo.brite");
  /* resolved against the name's directory */
  ck_assert_str_eq (dir->model->file, in_dir);
  ck_assert_str_eq (s->model->file, sub_in_dir);
  ck_assert_str_eq (a->model->file, "/abs/topo.brite");
  ck_assert_uint_eq (s->model->hs, 1000);
}
END_TEST

/* Model 8 as top-down's AS block and model 7 as bottom-up's router block,
 * whose size is not known until the file is read. */
START_TEST (test_imported_hierarchical)
{
  g_autofree gchar *td = edit (
      top_down_conf,
      "Name = 4\nN = 2\nHS = 1000\nLS = 100\nNodePlacement = 1\nm = 1\n",
      "Name = 8\nFormat = 1\nFile = as.brite\nHS = 1000\nLS = 100\n");
  g_autofree gchar *bu
      = edit (bottom_up_conf,
              "Name = 1\nN = 100\nHS = 1000\nLS = 100\nNodePlacement = 1\n"
              "GrowthType = 1\nm = 2\nalpha = 0.15\nbeta = 0.2\n",
              "Name = 7\nFormat = 1\nFile = rt.brite\nHS = 1000\nLS = 100\n");
  g_autoptr (CnsBriteConfig) t = parse_ok (td, -1, "confs/td.conf");
  g_autoptr (CnsBriteConfig) b = parse_ok (bu, -1, "bu.conf");
  g_autofree gchar *as_file = g_build_filename ("confs", "as.brite", NULL);
  g_autofree gchar *expected
      = g_strdup_printf ("2 -1 1 10 1024 2 10 1024 8 1 %s 1000 100 1 -1 -1 "
                         "1 5 1000 100 2 1 1 0.5 0.8 1 -1 -1",
                         as_file);

  ck_assert_int_eq (t->model->as_model->type, CNS_BRITE_MODEL_AS_FILE);
  ck_assert_str_eq (t->model->as_model->file, as_file);
  assert_model_string (t->model, expected);
  ck_assert_int_eq (b->model->router_model->type, CNS_BRITE_MODEL_ROUTER_FILE);
  ck_assert_str_eq (b->model->router_model->file, "rt.brite");
  assert_model_string (b->model,
                       "2 1 5 1 10 1024 7 1 rt.brite 1000 100 1 10 1024");
}
END_TEST

/* ---- text ---- */

START_TEST (test_type_to_string)
{
  static const gchar *const names[] = {
    "RTWaxman",    "RTBarabasi",   "ASWaxman", "ASBarabasi",
    "TopDownHier", "BottomUpHier", "RTFile",   "ASFile",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    ck_assert_str_eq (cns_brite_model_type_to_string (i + 1), names[i]);
  ck_assert_ptr_null (cns_brite_model_type_to_string (0));
  ck_assert_ptr_null (cns_brite_model_type_to_string (9));
  ck_assert_ptr_null (cns_brite_model_type_to_string (-1));
}
END_TEST

/* Reals take the shortest text that reads back the same. */
START_TEST (test_model_to_string_reals)
{
  CnsBriteModel m = {
    .type = CNS_BRITE_MODEL_AS_WAXMAN,
    .n = 7,
    .hs = 10,
    .ls = 2,
    .placement = CNS_BRITE_PLACEMENT_HEAVY_TAILED,
    .growth = CNS_BRITE_GROWTH_ALL,
    .m = 3,
    .alpha = 0.1,
    .beta = 1.0 / 3.0,
    .bw_dist = CNS_BRITE_DIST_HEAVY_TAILED,
    .bw_min = 1e-7,
    .bw_max = 1e20,
  };

  assert_model_string (&m, "7 10 2 2 2 3 0.1 0.3333333333333333 4 1e-07 1e+20");
  m.bw_min = 123.456;
  m.bw_max = 1000000;
  m.alpha = 1;
  assert_model_string (&m, "7 10 2 2 2 3 1 0.3333333333333333 4 123.456 "
                           "1000000");
}
END_TEST

/* ---- robustness ---- */

START_TEST (test_nul_bytes)
{
  static const gchar nul_value[] = "BriteConfig BeginModel Name = 1 N = 5\0\n";
  static const gchar nul_keyword[] = "BriteConfig\0\nBeginModel";
  gsize len = strlen (waxman_conf);
  g_autofree gchar *copy = g_memdup2 (waxman_conf, len + 1);

  assert_parse_error (nul_value, sizeof nul_value - 1, PARSE,
                      "x.conf:1: field \"N\": expected an integer, found "
                      "\"5\\x00\"");
  assert_parse_error (nul_keyword, sizeof nul_keyword - 1, PARSE,
                      "x.conf:1: expected \"BriteConfig\", found "
                      "\"BriteConfig\\x00\"");
  /* a NUL after the end is data too when the length counts it */
  assert_parse_error (copy, len + 1, PARSE,
                      "x.conf:20: expected end of file after \"EndOutput\", "
                      "found \"\\x00\"");
  /* but not past the length given */
  {
    g_autoptr (CnsBriteConfig) config = parse_ok (copy, len, "x.conf");

    ck_assert_uint_eq (config->model->n, 10);
  }
}
END_TEST

START_TEST (test_long_tokens)
{
  g_autofree gchar *ones = g_strnfill (100000, '1');
  g_autofree gchar *xs = g_strnfill (100000, 'x');
  g_autofree gchar *zeros = g_strnfill (100000, '0');
  g_autofree gchar *big_n = g_strdup_printf ("N = %s", ones);
  g_autofree gchar *junk_n = g_strdup_printf ("N = %s", xs);
  g_autofree gchar *big_bw = g_strdup_printf ("BWMax = 1%s", zeros);
  g_autofree gchar *long_name = g_strdup_printf ("%s = 10", xs);
  g_autofree gchar *small_bw = g_strdup_printf ("BWMin = 0.%s1", zeros);
  g_autofree gchar *t1 = edit (waxman_conf, "N = 10", big_n);
  g_autofree gchar *t2 = edit (waxman_conf, "N = 10", junk_n);
  g_autofree gchar *t3 = edit (waxman_conf, "BWMax = 1024.0", big_bw);
  g_autofree gchar *t4 = edit (waxman_conf, "N = 10", long_name);
  g_autofree gchar *t5 = edit (waxman_conf, "BWMin = 10.0", small_bw);
  g_autoptr (CnsBriteConfig) config = NULL;

  assert_parse_error (t1, -1, INVALID,
                      "x.conf:4: field \"N\": "
                      "1111111111111111111111111111111111111111... is out of "
                      "range (must be from 1 to 4294967295)");
  assert_parse_error (t2, -1, PARSE,
                      "x.conf:4: field \"N\": expected an integer, found "
                      "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...\"");
  assert_parse_error (t3, -1, INVALID,
                      "x.conf:14: field \"BWMax\": "
                      "1000000000000000000000000000000000000000... is out "
                      "of range");
  assert_parse_error (t4, -1, PARSE,
                      "x.conf:4: expected field \"N\", found "
                      "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...\"");
  /* a long real that underflows is a small number */
  config = parse_ok (t5, -1, "x.conf");
  ck_assert (config->model->bw_min >= 0 && config->model->bw_min < 1e-300);
}
END_TEST

/* Checks the contract of a parse of arbitrary bytes: a configuration or
 * a message, in the BRITE domain, that names the file and is UTF-8. */
static void
parse_any (const gchar *text, gsize length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsBriteConfig) config
      = cns_brite_config_parse (text, length, "f.conf", &error);

  if (config != NULL)
    {
      g_autofree gchar *s = cns_brite_model_to_string (config->model);

      ck_assert_ptr_null (error);
      ck_assert_ptr_nonnull (s);
      return;
    }
  ck_assert_ptr_nonnull (error);
  ck_assert_uint_eq (error->domain, CNS_BRITE_ERROR);
  ck_assert_msg (g_str_has_prefix (error->message, "f.conf:"), "%s",
                 error->message);
  ck_assert (g_utf8_validate (error->message, -1, NULL));
}

/* Every prefix of the shipped top-down file: only those that keep
 * EndOutput parse. */
START_TEST (test_truncated)
{
  g_autofree gchar *path = conf_path ("top-down.conf");
  g_autofree gchar *text = NULL;
  const gchar *end_output;
  gsize length;

  ck_assert (g_file_get_contents (path, &text, &length, NULL));
  end_output = strstr (text, "EndOutput");
  ck_assert_ptr_nonnull (end_output);
  for (gsize i = 0; i <= length; i++)
    {
      g_autoptr (CnsBriteConfig) config
          = cns_brite_config_parse (text, i, "f.conf", NULL);

      ck_assert_msg ((config != NULL) == (i >= (gsize) (end_output - text) + 9),
                     "prefix of %" G_GSIZE_FORMAT " bytes", i);
      parse_any (text, i);
    }
}
END_TEST

/* Random edits of the shipped files, from a fixed seed. */
START_TEST (test_mutations)
{
  static const gchar alphabet[] = "0123456789-+.eE=#:/ \t\r\n\0xN";
  static const gchar *const files[]
      = { "top-down.conf", "bottom-up.conf", "router-waxman-10.conf" };
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240611);
  guint rounds = cns_test_under_valgrind () ? 300 : 3000;

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree gchar *path = conf_path (files[f]);
      g_autofree gchar *text = NULL;
      gsize length;

      ck_assert (g_file_get_contents (path, &text, &length, NULL));
      for (guint r = 0; r < rounds; r++)
        {
          g_autofree gchar *copy = g_memdup2 (text, length);
          guint edits = g_rand_int_range (rand, 1, 4);

          for (guint e = 0; e < edits; e++)
            {
              gsize at = g_rand_int_range (rand, 0, length);

              copy[at] = g_rand_boolean (rand)
                             ? alphabet[g_rand_int_range (rand, 0,
                                                          sizeof alphabet - 1)]
                             : (gchar) g_rand_int_range (rand, 0, 256);
            }
          parse_any (copy, length);
        }
    }
}
END_TEST

/* ---- misuse ---- */

START_TEST (test_misuse)
{
  cns_brite_config_free (NULL);
  CNS_TEST_EXPECT_CRITICAL ("*path != NULL*",
                            cns_brite_config_parse_file (NULL, NULL));
  CNS_TEST_EXPECT_CRITICAL ("*text != NULL*",
                            cns_brite_config_parse (NULL, 3, "x", NULL));
  CNS_TEST_EXPECT_CRITICAL ("*model != NULL*",
                            cns_brite_model_to_string (NULL));
}
END_TEST

Suite *
test_brite_config_suite (void)
{
  Suite *s = suite_create ("brite-config");
  TCase *tc = tcase_create ("config");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_loop_test (tc, test_shipped, 0, G_N_ELEMENTS (shipped));
  tcase_add_test (tc, test_router_waxman_1000);
  tcase_add_test (tc, test_router_ba_100);
  tcase_add_test (tc, test_top_down);
  tcase_add_test (tc, test_bottom_up);
  tcase_add_test (tc, test_as_models);
  tcase_add_test (tc, test_crlf);
  tcase_add_test (tc, test_separators);
  tcase_add_test (tc, test_output_fields);
  tcase_add_test (tc, test_inner_bandwidth);
  tcase_add_loop_test (tc, test_bad_confs, 0, G_N_ELEMENTS (bad_confs));
  tcase_add_test (tc, test_empty);
  tcase_add_test (tc, test_file_not_found);
  tcase_add_test (tc, test_file_error_names_path);
  tcase_add_test (tc, test_imported_relative);
  tcase_add_test (tc, test_imported_file_names);
  tcase_add_test (tc, test_imported_hierarchical);
  tcase_add_test (tc, test_type_to_string);
  tcase_add_test (tc, test_model_to_string_reals);
  tcase_add_test (tc, test_nul_bytes);
  tcase_add_test (tc, test_long_tokens);
  tcase_add_test (tc, test_truncated);
  tcase_add_test (tc, test_mutations);
  tcase_add_test (tc, test_misuse);
  suite_add_tcase (s, tc);
  return s;
}
