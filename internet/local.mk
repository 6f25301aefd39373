# internet/: IPv4, ICMP, UDP, sockets, routing, stack and address helpers,
# applications.

noinst_LTLIBRARIES += %reldir%/libcns-internet.la

%canon_reldir%_libcns_internet_la_CPPFLAGS = $(AM_CPPFLAGS) -DG_LOG_DOMAIN=\"cns-internet\"
%canon_reldir%_libcns_internet_la_LIBADD = $(GLIB_LIBS) $(LIBM)
%canon_reldir%_libcns_internet_la_SOURCES = \
	%reldir%/cns-icmpv4-header.c \
	%reldir%/cns-icmpv4-l4-protocol.c \
	%reldir%/cns-internet-error.c \
	%reldir%/cns-internet.c \
	%reldir%/cns-ipv4-address.c \
	%reldir%/cns-ipv4-header.c \
	%reldir%/cns-ipv4-interface-private.h \
	%reldir%/cns-ipv4-interface.c \
	%reldir%/cns-ipv4-l3-protocol-private.h \
	%reldir%/cns-ipv4-l3-protocol.c \
	%reldir%/cns-ipv4-l4-protocol.c \
	%reldir%/cns-ipv4-list-routing.c \
	%reldir%/cns-ipv4-routing-protocol.c \
	%reldir%/cns-ipv4-static-routing.c \
	%reldir%/cns-loopback-net-device.c

nobase_cnsinclude_HEADERS += \
	%reldir%/cns-icmpv4-header.h \
	%reldir%/cns-icmpv4-l4-protocol.h \
	%reldir%/cns-internet-error.h \
	%reldir%/cns-internet.h \
	%reldir%/cns-ipv4-address.h \
	%reldir%/cns-ipv4-header.h \
	%reldir%/cns-ipv4-interface-address.h \
	%reldir%/cns-ipv4-l3-protocol.h \
	%reldir%/cns-ipv4-l4-protocol.h \
	%reldir%/cns-ipv4-list-routing.h \
	%reldir%/cns-ipv4-route.h \
	%reldir%/cns-ipv4-routing-protocol.h \
	%reldir%/cns-ipv4-routing-table-entry.h \
	%reldir%/cns-ipv4-static-routing.h \
	%reldir%/cns-loopback-net-device.h \
	%reldir%/cns-socket-factory.h \
	%reldir%/cns-socket.h
