# routing/cuda/: the CUDA routing plugin, a shared object that libcns
# opens when a table is first filled with Backend=cuda (routing/cns-cuda-
# route-backend.c). Built with nvcc only when configure found it
# (HAVE_CUDA), with the CUDA runtime linked in statically: the plugin
# needs the driver alone, and exports one symbol. Installed into
# $(pkglibdir)/plugins as data (mode 644, as shared libraries are, and
# never renamed by --program-transform-name).

noinst_HEADERS += %reldir%/cns-route-cuda-plugin.h
EXTRA_DIST += %reldir%/cns-route-cuda-plugin.cu

if HAVE_CUDA
cnspluginexecdir = $(pkglibdir)/plugins
cnspluginexec_DATA = %reldir%/cns-route-cuda.so
CLEANFILES += %reldir%/cns-route-cuda.so

%reldir%/cns-route-cuda.so: $(srcdir)/%reldir%/cns-route-cuda-plugin.cu \
		$(srcdir)/%reldir%/cns-route-cuda-plugin.h
	@$(MKDIR_P) %reldir%
	$(AM_V_GEN)$(NVCC) $(NVCCFLAGS) $(NVCC_ARCH_FLAGS) \
	  -Xcompiler -fPIC -Xcompiler -fvisibility=hidden -shared \
	  -Xlinker --exclude-libs=ALL -Xlinker -z -Xlinker defs \
	  -I$(srcdir)/%reldir% -o $@.tmp $(srcdir)/%reldir%/cns-route-cuda-plugin.cu \
	  && mv -f $@.tmp $@
endif
