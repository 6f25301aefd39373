# stats/: flow monitor and delay monitor.

noinst_LTLIBRARIES += %reldir%/libcns-stats.la

%canon_reldir%_libcns_stats_la_CPPFLAGS = $(AM_CPPFLAGS) -DG_LOG_DOMAIN=\"cns-stats\"
%canon_reldir%_libcns_stats_la_LIBADD = $(GLIB_LIBS) $(LIBM)
%canon_reldir%_libcns_stats_la_SOURCES = \
	%reldir%/cns-delay-monitor.c \
	%reldir%/cns-flow-classifier.c \
	%reldir%/cns-flow-monitor-helper.c \
	%reldir%/cns-flow-monitor-merge.c \
	%reldir%/cns-flow-monitor-xml.c \
	%reldir%/cns-flow-monitor.c \
	%reldir%/cns-flow-probe.c \
	%reldir%/cns-flow-record.c \
	%reldir%/cns-histogram.c \
	%reldir%/cns-send-time-tag.c \
	%reldir%/cns-stats.c

nobase_cnsinclude_HEADERS += \
	%reldir%/cns-delay-monitor.h \
	%reldir%/cns-flow-monitor-helper.h \
	%reldir%/cns-flow-monitor.h \
	%reldir%/cns-stats.h

noinst_HEADERS += \
	%reldir%/cns-flow-classifier-private.h \
	%reldir%/cns-flow-monitor-private.h \
	%reldir%/cns-flow-probe-private.h \
	%reldir%/cns-flow-record-private.h \
	%reldir%/cns-histogram-private.h \
	%reldir%/cns-send-time-tag-private.h \
	%reldir%/cns-stats-private.h
