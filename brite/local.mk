# brite/: BRITE topologies: configuration files, generators, the .brite
# file format, and the helper that builds them into nodes and links.

noinst_LTLIBRARIES += %reldir%/libcns-brite.la

%canon_reldir%_libcns_brite_la_CPPFLAGS = $(AM_CPPFLAGS) -DG_LOG_DOMAIN=\"cns-brite\"
%canon_reldir%_libcns_brite_la_LIBADD = $(GLIB_LIBS) $(LIBM)
%canon_reldir%_libcns_brite_la_SOURCES = \
	%reldir%/cns-brite-config.c \
	%reldir%/cns-brite-error.c \
	%reldir%/cns-brite-generator.c \
	%reldir%/cns-brite-random.c \
	%reldir%/cns-brite-topology.c \
	%reldir%/cns-brite-topology-helper.c

nobase_cnsinclude_HEADERS += \
	%reldir%/cns-brite.h \
	%reldir%/cns-brite-config.h \
	%reldir%/cns-brite-error.h \
	%reldir%/cns-brite-generator.h \
	%reldir%/cns-brite-topology.h \
	%reldir%/cns-brite-topology-helper.h

noinst_HEADERS += \
	%reldir%/cns-brite-random-private.h

# The configuration files we ship, for the examples and users.
britedir = $(pkgdatadir)/brite
dist_brite_DATA = \
	%reldir%/conf/router-waxman-5.conf \
	%reldir%/conf/router-waxman-10.conf \
	%reldir%/conf/router-waxman-20.conf \
	%reldir%/conf/router-waxman-100.conf \
	%reldir%/conf/router-waxman-1000.conf \
	%reldir%/conf/router-ba-5.conf \
	%reldir%/conf/router-ba-10.conf \
	%reldir%/conf/router-ba-20.conf \
	%reldir%/conf/router-ba-100.conf \
	%reldir%/conf/router-ba-1000.conf \
	%reldir%/conf/as-waxman.conf \
	%reldir%/conf/as-ba.conf \
	%reldir%/conf/top-down.conf \
	%reldir%/conf/top-down-small.conf \
	%reldir%/conf/bottom-up.conf
