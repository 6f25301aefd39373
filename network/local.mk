# network/: packets, addresses, nodes, devices, channels, queues,
# point-to-point links, error models, pcap and ascii tracing, and the
# application and socket base classes.

noinst_LTLIBRARIES += %reldir%/libcns-network.la

%canon_reldir%_libcns_network_la_CPPFLAGS = $(AM_CPPFLAGS) -DG_LOG_DOMAIN=\"cns-network\"
%canon_reldir%_libcns_network_la_LIBADD = $(GLIB_LIBS) $(LIBM)
%canon_reldir%_libcns_network_la_SOURCES = \
	%reldir%/cns-address.c \
	%reldir%/cns-application-container.c \
	%reldir%/cns-application-helper.c \
	%reldir%/cns-application.c \
	%reldir%/cns-ascii-trace-helper.c \
	%reldir%/cns-buffer.c \
	%reldir%/cns-byte-reader.c \
	%reldir%/cns-byte-writer.c \
	%reldir%/cns-channel.c \
	%reldir%/cns-drop-tail-queue.c \
	%reldir%/cns-error-model.c \
	%reldir%/cns-header.c \
	%reldir%/cns-list-error-model.c \
	%reldir%/cns-mac48-address.c \
	%reldir%/cns-net-device-container.c \
	%reldir%/cns-net-device.c \
	%reldir%/cns-network-error.c \
	%reldir%/cns-network.c \
	%reldir%/cns-nix-vector.c \
	%reldir%/cns-node-container.c \
	%reldir%/cns-node.c \
	%reldir%/cns-packet-pool.c \
	%reldir%/cns-packet-print.c \
	%reldir%/cns-packet-serialize.c \
	%reldir%/cns-packet-tags.c \
	%reldir%/cns-packet.c \
	%reldir%/cns-pcap-file.c \
	%reldir%/cns-pcap-helper.c \
	%reldir%/cns-point-to-point-channel.c \
	%reldir%/cns-point-to-point-helper.c \
	%reldir%/cns-point-to-point-remote-channel.c \
	%reldir%/cns-point-to-point-net-device.c \
	%reldir%/cns-ppp-header.c \
	%reldir%/cns-queue.c \
	%reldir%/cns-range-list.c \
	%reldir%/cns-rate-error-model.c \
	%reldir%/cns-socket-factory.c \
	%reldir%/cns-socket.c \
	%reldir%/cns-tag.c

nobase_cnsinclude_HEADERS += \
	%reldir%/cns-address.h \
	%reldir%/cns-application-container.h \
	%reldir%/cns-application-helper.h \
	%reldir%/cns-application.h \
	%reldir%/cns-ascii-trace-helper.h \
	%reldir%/cns-byte-reader.h \
	%reldir%/cns-byte-writer.h \
	%reldir%/cns-channel.h \
	%reldir%/cns-drop-tail-queue.h \
	%reldir%/cns-error-model.h \
	%reldir%/cns-ether-type.h \
	%reldir%/cns-header.h \
	%reldir%/cns-list-error-model.h \
	%reldir%/cns-mac48-address.h \
	%reldir%/cns-net-device-container.h \
	%reldir%/cns-net-device.h \
	%reldir%/cns-network-error.h \
	%reldir%/cns-network.h \
	%reldir%/cns-nix-vector.h \
	%reldir%/cns-node-container.h \
	%reldir%/cns-node.h \
	%reldir%/cns-packet.h \
	%reldir%/cns-pcap-file.h \
	%reldir%/cns-pcap-helper.h \
	%reldir%/cns-point-to-point-channel.h \
	%reldir%/cns-point-to-point-helper.h \
	%reldir%/cns-point-to-point-remote-channel.h \
	%reldir%/cns-point-to-point-net-device.h \
	%reldir%/cns-ppp-header.h \
	%reldir%/cns-queue.h \
	%reldir%/cns-rate-error-model.h \
	%reldir%/cns-socket-factory.h \
	%reldir%/cns-socket.h \
	%reldir%/cns-tag.h

noinst_HEADERS += \
	%reldir%/cns-buffer-private.h \
	%reldir%/cns-net-device-private.h \
	%reldir%/cns-network-private.h \
	%reldir%/cns-packet-pool-private.h \
	%reldir%/cns-packet-private.h \
	%reldir%/cns-queue-private.h \
	%reldir%/cns-range-list-private.h
