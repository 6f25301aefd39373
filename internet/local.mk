# internet/: IPv4, ICMP, UDP, TCP, sockets, static and list routing, stack
# and address helpers.

noinst_LTLIBRARIES += %reldir%/libcns-internet.la

%canon_reldir%_libcns_internet_la_CPPFLAGS = $(AM_CPPFLAGS) -DG_LOG_DOMAIN=\"cns-internet\"
%canon_reldir%_libcns_internet_la_LIBADD = $(GLIB_LIBS) $(LIBM)
%canon_reldir%_libcns_internet_la_SOURCES = \
	%reldir%/cns-icmpv4-header.c \
	%reldir%/cns-icmpv4-l4-protocol.c \
	%reldir%/cns-inet-socket.c \
	%reldir%/cns-internet-error.c \
	%reldir%/cns-internet-stack-helper.c \
	%reldir%/cns-internet.c \
	%reldir%/cns-ipv4-address-helper.c \
	%reldir%/cns-ipv4-address.c \
	%reldir%/cns-ipv4-end-point-demux.c \
	%reldir%/cns-ipv4-header.c \
	%reldir%/cns-ipv4-interface-container.c \
	%reldir%/cns-ipv4-interface.c \
	%reldir%/cns-ipv4-l3-protocol-interfaces.c \
	%reldir%/cns-ipv4-l3-protocol.c \
	%reldir%/cns-ipv4-l4-protocol.c \
	%reldir%/cns-ipv4-neighbour-resolver.c \
	%reldir%/cns-ipv4-reassembler.c \
	%reldir%/cns-ipv4-list-routing-helper.c \
	%reldir%/cns-ipv4-list-routing.c \
	%reldir%/cns-ipv4-routing-helper.c \
	%reldir%/cns-ipv4-routing-protocol.c \
	%reldir%/cns-ipv4-static-routing-helper.c \
	%reldir%/cns-ipv4-static-routing.c \
	%reldir%/cns-loopback-net-device.c \
	%reldir%/cns-tcp-congestion-ops.c \
	%reldir%/cns-tcp-header.c \
	%reldir%/cns-tcp-l4-protocol.c \
	%reldir%/cns-tcp-rx-buffer.c \
	%reldir%/cns-tcp-socket-factory.c \
	%reldir%/cns-tcp-socket.c \
	%reldir%/cns-tcp-tx-buffer.c \
	%reldir%/cns-udp-header.c \
	%reldir%/cns-udp-l4-protocol.c \
	%reldir%/cns-udp-socket-factory.c \
	%reldir%/cns-udp-socket.c

nobase_cnsinclude_HEADERS += \
	%reldir%/cns-icmpv4-header.h \
	%reldir%/cns-icmpv4-l4-protocol.h \
	%reldir%/cns-internet-error.h \
	%reldir%/cns-internet-stack-helper.h \
	%reldir%/cns-internet.h \
	%reldir%/cns-ipv4-address-helper.h \
	%reldir%/cns-ipv4-address.h \
	%reldir%/cns-ipv4-header.h \
	%reldir%/cns-ipv4-interface-address.h \
	%reldir%/cns-ipv4-interface-container.h \
	%reldir%/cns-ipv4-l3-protocol.h \
	%reldir%/cns-ipv4-l4-protocol.h \
	%reldir%/cns-ipv4-neighbour-resolver.h \
	%reldir%/cns-ipv4-list-routing-helper.h \
	%reldir%/cns-ipv4-list-routing.h \
	%reldir%/cns-ipv4-route.h \
	%reldir%/cns-ipv4-routing-helper.h \
	%reldir%/cns-ipv4-routing-protocol.h \
	%reldir%/cns-ipv4-routing-table-entry.h \
	%reldir%/cns-ipv4-static-routing-helper.h \
	%reldir%/cns-ipv4-static-routing.h \
	%reldir%/cns-loopback-net-device.h \
	%reldir%/cns-tcp-congestion-ops.h \
	%reldir%/cns-tcp-header.h \
	%reldir%/cns-tcp-l4-protocol.h \
	%reldir%/cns-tcp-socket-factory.h \
	%reldir%/cns-tcp-socket.h \
	%reldir%/cns-udp-header.h \
	%reldir%/cns-udp-l4-protocol.h \
	%reldir%/cns-udp-socket-factory.h \
	%reldir%/cns-udp-socket.h

noinst_HEADERS += \
	%reldir%/cns-inet-socket-private.h \
	%reldir%/cns-internet-private.h \
	%reldir%/cns-ipv4-end-point-demux-private.h \
	%reldir%/cns-ipv4-interface-private.h \
	%reldir%/cns-ipv4-l3-protocol-private.h \
	%reldir%/cns-ipv4-l4-protocol-private.h \
	%reldir%/cns-ipv4-reassembler-private.h \
	%reldir%/cns-tcp-private.h \
	%reldir%/cns-tcp-rx-buffer-private.h \
	%reldir%/cns-tcp-tx-buffer-private.h \
	%reldir%/cns-udp-private.h
