# atm/: ATM cells, AAL5, ABR flow control with EPRCA switches.

noinst_LTLIBRARIES += %reldir%/libcns-atm.la

%canon_reldir%_libcns_atm_la_CPPFLAGS = $(AM_CPPFLAGS) -DG_LOG_DOMAIN=\"cns-atm\"
%canon_reldir%_libcns_atm_la_LIBADD = $(GLIB_LIBS) $(LIBM)
%canon_reldir%_libcns_atm_la_SOURCES = \
	%reldir%/cns-aal5.c \
	%reldir%/cns-abr-destination.c \
	%reldir%/cns-abr-source.c \
	%reldir%/cns-atm.c \
	%reldir%/cns-atm-cell.c \
	%reldir%/cns-atm-channel.c \
	%reldir%/cns-atm-helper.c \
	%reldir%/cns-atm-host.c \
	%reldir%/cns-atm-net-device.c \
	%reldir%/cns-atm-private.h \
	%reldir%/cns-atm-rm-cell.c \
	%reldir%/cns-atm-sim-cell.c \
	%reldir%/cns-atm-switch.c \
	%reldir%/cns-atm-traffic.c \
	%reldir%/cns-atm-vc-address.c \
	%reldir%/cns-eprca.c \
	%reldir%/cns-llc-snap-header.c

nobase_cnsinclude_HEADERS += \
	%reldir%/cns-atm.h \
	%reldir%/cns-aal5.h \
	%reldir%/cns-abr-destination.h \
	%reldir%/cns-abr-source.h \
	%reldir%/cns-atm-cell.h \
	%reldir%/cns-atm-channel.h \
	%reldir%/cns-atm-helper.h \
	%reldir%/cns-atm-host.h \
	%reldir%/cns-atm-net-device.h \
	%reldir%/cns-atm-rm-cell.h \
	%reldir%/cns-atm-sim-cell.h \
	%reldir%/cns-atm-switch.h \
	%reldir%/cns-atm-traffic.h \
	%reldir%/cns-atm-vc-address.h \
	%reldir%/cns-eprca.h \
	%reldir%/cns-llc-snap-header.h
