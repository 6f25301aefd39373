# applications/: traffic sources and sinks and their helpers, over one
# base that owns the socket and addresses (CnsSourceApplication).

noinst_LTLIBRARIES += %reldir%/libcns-applications.la

%canon_reldir%_libcns_applications_la_CPPFLAGS = $(AM_CPPFLAGS) -DG_LOG_DOMAIN=\"cns-applications\"
%canon_reldir%_libcns_applications_la_LIBADD = $(GLIB_LIBS) $(LIBM)
%canon_reldir%_libcns_applications_la_SOURCES = \
	%reldir%/cns-application-endpoint.c \
	%reldir%/cns-applications.c \
	%reldir%/cns-bulk-send-application.c \
	%reldir%/cns-bulk-send-helper.c \
	%reldir%/cns-on-off-application.c \
	%reldir%/cns-on-off-helper.c \
	%reldir%/cns-packet-sink-helper.c \
	%reldir%/cns-packet-sink.c \
	%reldir%/cns-source-application.c \
	%reldir%/cns-udp-echo-client-helper.c \
	%reldir%/cns-udp-echo-client.c \
	%reldir%/cns-udp-echo-server-helper.c \
	%reldir%/cns-udp-echo-server.c

nobase_cnsinclude_HEADERS += \
	%reldir%/cns-application-endpoint.h \
	%reldir%/cns-applications.h \
	%reldir%/cns-bulk-send-application.h \
	%reldir%/cns-bulk-send-helper.h \
	%reldir%/cns-on-off-application.h \
	%reldir%/cns-on-off-helper.h \
	%reldir%/cns-packet-sink-helper.h \
	%reldir%/cns-packet-sink.h \
	%reldir%/cns-source-application.h \
	%reldir%/cns-udp-echo-client-helper.h \
	%reldir%/cns-udp-echo-client.h \
	%reldir%/cns-udp-echo-server-helper.h \
	%reldir%/cns-udp-echo-server.h

noinst_HEADERS += \
	%reldir%/cns-applications-private.h
