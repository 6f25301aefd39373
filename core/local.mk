# core/: time, events, schedulers, simulator, objects, attributes, config,
# command line, logging, random numbers.

noinst_LTLIBRARIES += %reldir%/libcns-core.la

# Not in libcns: GSlice on malloc for programs that link its object
# (cns-slice.c says why), built without LTO so any link can take it.
noinst_LIBRARIES = %reldir%/libcns-slice.a
%canon_reldir%_libcns_slice_a_SOURCES = %reldir%/cns-slice.c
%canon_reldir%_libcns_slice_a_CFLAGS = -std=gnu11 $(CNS_WARN_CFLAGS)

%canon_reldir%_libcns_core_la_CPPFLAGS = $(AM_CPPFLAGS) $(MPI_CFLAGS) -DG_LOG_DOMAIN=\"cns-core\"
%canon_reldir%_libcns_core_la_LIBADD = $(GLIB_LIBS) $(MPI_LIBS) $(LIBM)
%canon_reldir%_libcns_core_la_SOURCES = \
	%reldir%/cns-accumulator.c \
	%reldir%/cns-attribute-default.c \
	%reldir%/cns-attribute.c \
	%reldir%/cns-attribute-object.c \
	%reldir%/cns-command-line.c \
	%reldir%/cns-config.c \
	%reldir%/cns-config-default.c \
	%reldir%/cns-config-store.c \
	%reldir%/cns-constant-random-variable.c \
	%reldir%/cns-core-error.c \
	%reldir%/cns-core.c \
	%reldir%/cns-data-rate.c \
	%reldir%/cns-decimal.c \
	%reldir%/cns-default-simulator-impl.c \
	%reldir%/cns-empirical-random-variable.c \
	%reldir%/cns-erlang-random-variable.c \
	%reldir%/cns-exponential-random-variable.c \
	%reldir%/cns-fingerprint.c \
	%reldir%/cns-gamma-random-variable.c \
	%reldir%/cns-global-value.c \
	%reldir%/cns-gtw-simulator-impl.c \
	%reldir%/cns-heap-scheduler.c \
	%reldir%/cns-ladder-scheduler.c \
	%reldir%/cns-list-scheduler.c \
	%reldir%/cns-log-normal-random-variable.c \
	%reldir%/cns-log.c \
	%reldir%/cns-memory.c \
	%reldir%/cns-mpi.c \
	%reldir%/cns-mpi-stats.c \
	%reldir%/cns-normal-random-variable.c \
	%reldir%/cns-null-message-simulator-impl.c \
	%reldir%/cns-object-factory.c \
	%reldir%/cns-object.c \
	%reldir%/cns-ordered-output.c \
	%reldir%/cns-output.c \
	%reldir%/cns-parallel.c \
	%reldir%/cns-partition.c \
	%reldir%/cns-pareto-random-variable.c \
	%reldir%/cns-prefetch.c \
	%reldir%/cns-queue-size.c \
	%reldir%/cns-random-variable.c \
	%reldir%/cns-random-variable-types.c \
	%reldir%/cns-registry.c \
	%reldir%/cns-rng-seed-manager.c \
	%reldir%/cns-rng-stream.c \
	%reldir%/cns-scheduler.c \
	%reldir%/cns-sequential-random-variable.c \
	%reldir%/cns-simulator-impl.c \
	%reldir%/cns-simulator.c \
	%reldir%/cns-time.c \
	%reldir%/cns-trace-source.c \
	%reldir%/cns-type-listing.c \
	%reldir%/cns-uniform-random-variable.c \
	%reldir%/cns-value.c \
	%reldir%/cns-weibull-random-variable.c \
	%reldir%/cns-xml-writer.c \
	%reldir%/cns-zipf-random-variable.c
# the MPI transport, or its stub in a build without MPI
if HAVE_MPI
%canon_reldir%_libcns_core_la_SOURCES += %reldir%/cns-mpi-transport.c
else
%canon_reldir%_libcns_core_la_SOURCES += %reldir%/cns-mpi-transport-stub.c
endif

nobase_cnsinclude_HEADERS += \
	%reldir%/cns-accumulator.h \
	%reldir%/cns-attribute.h \
	%reldir%/cns-command-line.h \
	%reldir%/cns-config.h \
	%reldir%/cns-config-store.h \
	%reldir%/cns-constant-random-variable.h \
	%reldir%/cns-core-error.h \
	%reldir%/cns-core.h \
	%reldir%/cns-data-rate.h \
	%reldir%/cns-empirical-random-variable.h \
	%reldir%/cns-erlang-random-variable.h \
	%reldir%/cns-event.h \
	%reldir%/cns-exponential-random-variable.h \
	%reldir%/cns-gamma-random-variable.h \
	%reldir%/cns-global-value.h \
	%reldir%/cns-log-normal-random-variable.h \
	%reldir%/cns-log.h \
	%reldir%/cns-memory.h \
	%reldir%/cns-mpi.h \
	%reldir%/cns-normal-random-variable.h \
	%reldir%/cns-object-factory.h \
	%reldir%/cns-object.h \
	%reldir%/cns-ordered-output.h \
	%reldir%/cns-output.h \
	%reldir%/cns-parallel.h \
	%reldir%/cns-partition.h \
	%reldir%/cns-pareto-random-variable.h \
	%reldir%/cns-prefetch.h \
	%reldir%/cns-queue-size.h \
	%reldir%/cns-random-variable.h \
	%reldir%/cns-rng-seed-manager.h \
	%reldir%/cns-rng-stream.h \
	%reldir%/cns-scheduler.h \
	%reldir%/cns-sequential-random-variable.h \
	%reldir%/cns-simulator-impl.h \
	%reldir%/cns-simulator.h \
	%reldir%/cns-time.h \
	%reldir%/cns-trace-source.h \
	%reldir%/cns-type-listing.h \
	%reldir%/cns-uniform-random-variable.h \
	%reldir%/cns-weibull-random-variable.h \
	%reldir%/cns-xml-writer.h \
	%reldir%/cns-zipf-random-variable.h

noinst_HEADERS += \
	%reldir%/cns-attribute-private.h \
	%reldir%/cns-config-private.h \
	%reldir%/cns-core-private.h \
	%reldir%/cns-decimal-private.h \
	%reldir%/cns-log-private.h \
	%reldir%/cns-memory-private.h \
	%reldir%/cns-mpi-private.h \
	%reldir%/cns-ordered-output-private.h \
	%reldir%/cns-parallel-private.h \
	%reldir%/cns-partition-private.h \
	%reldir%/cns-random-variable-private.h \
	%reldir%/cns-registry-private.h \
	%reldir%/cns-rng-seed-manager-private.h \
	%reldir%/cns-simulator-private.h \
	%reldir%/cns-trace-source-private.h \
	%reldir%/cns-transport-private.h \
	%reldir%/cns-type-listing-private.h \
	%reldir%/cns-value-private.h
