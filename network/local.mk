# network/: packets, addresses, nodes, devices, channels, queues,
# point-to-point links, error models, pcap and ascii tracing.

noinst_LTLIBRARIES += %reldir%/libcns-network.la

%canon_reldir%_libcns_network_la_CPPFLAGS = $(AM_CPPFLAGS) -DG_LOG_DOMAIN=\"cns-network\"
%canon_reldir%_libcns_network_la_LIBADD = $(GLIB_LIBS) $(LIBM)
%canon_reldir%_libcns_network_la_SOURCES = \
	%reldir%/cns-buffer.c \
	%reldir%/cns-header.c \
	%reldir%/cns-network-error.c \
	%reldir%/cns-packet-pool.c \
	%reldir%/cns-packet.c \
	%reldir%/cns-range-list.c \
	%reldir%/cns-tag.c

nobase_cnsinclude_HEADERS += \
	%reldir%/cns-address.h \
	%reldir%/cns-error-model.h \
	%reldir%/cns-header.h \
	%reldir%/cns-list-error-model.h \
	%reldir%/cns-mac48-address.h \
	%reldir%/cns-network-error.h \
	%reldir%/cns-network.h \
	%reldir%/cns-packet.h \
	%reldir%/cns-pcap-file.h \
	%reldir%/cns-rate-error-model.h \
	%reldir%/cns-tag.h

noinst_HEADERS += \
	%reldir%/cns-buffer-private.h \
	%reldir%/cns-packet-pool-private.h \
	%reldir%/cns-range-list-private.h
