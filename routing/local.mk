# routing/: global all-pairs routing with its backends, nix-vector routing.

noinst_LTLIBRARIES += %reldir%/libcns-routing.la

%canon_reldir%_libcns_routing_la_CPPFLAGS = $(AM_CPPFLAGS) -DG_LOG_DOMAIN=\"cns-routing\" -DCNS_BUILD_PLUGIN_DIR=\"$(abs_top_builddir)/%reldir%/cuda\" -DCNS_INSTALL_PLUGIN_DIR=\"$(pkglibdir)/plugins\"
%canon_reldir%_libcns_routing_la_LIBADD = $(GLIB_LIBS) $(LIBM)
%canon_reldir%_libcns_routing_la_SOURCES = \
	%reldir%/cns-global-route-manager.c \
	%reldir%/cns-ipv4-global-routing-helper.c \
	%reldir%/cns-ipv4-global-routing.c \
	%reldir%/cns-nix-vector-helper.c \
	%reldir%/cns-nix-vector-routing.c \
	%reldir%/cns-route-backend.c \
	%reldir%/cns-route-graph.c \
	%reldir%/cns-route-search.c \
	%reldir%/cns-route-table.c \
	%reldir%/cns-router-graph.c \
	%reldir%/cns-routing-error.c \
	%reldir%/cns-routing.c \
	%reldir%/cns-spf-route-backend.c \
	%reldir%/cns-fw-route-backend.c \
	%reldir%/cns-cuda-route-backend.c \
	%reldir%/cns-auto-route-backend.c

nobase_cnsinclude_HEADERS += \
	%reldir%/cns-global-route-manager.h \
	%reldir%/cns-ipv4-global-routing-helper.h \
	%reldir%/cns-ipv4-global-routing.h \
	%reldir%/cns-nix-vector-helper.h \
	%reldir%/cns-nix-vector-routing.h \
	%reldir%/cns-route-backend.h \
	%reldir%/cns-route-graph.h \
	%reldir%/cns-route-search.h \
	%reldir%/cns-route-table.h \
	%reldir%/cns-routing-error.h \
	%reldir%/cns-cuda-route-backend.h \
	%reldir%/cns-routing.h

noinst_HEADERS += \
	%reldir%/cns-nix-vector-routing-private.h \
	%reldir%/cns-route-heap-private.h \
	%reldir%/cns-router-graph-private.h \
	%reldir%/cns-routing-private.h
