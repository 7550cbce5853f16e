// SPDX-License-Identifier: GPL-2.0
/*
 * plugin.c - loads the program's plugins (plugin.h) at their first use:
 * the file beside the program's real path, dlopen()ed, its table checked.
 * Called from the main thread only (the commands, before their workers).
 */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <lttr/reader/error.h>
#include "plugin.h"

/* the directory of the running program (/proc/self/exe: symbolic links resolved) */
static int exe_dir(char *dir, size_t size, struct lttr_error *err)
{
	ssize_t n = readlink("/proc/self/exe", dir, size - 1);
	char *slash;

	if (n < 0 || (size_t)n >= size - 1)
		return lttr_error_set(err, LTTR_E_IO,
				      "/proc/self/exe: cannot tell where the program is, to load its plugins");
	dir[n] = '\0';
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	return 0;
}

/*
 * The table @table of the plugin @file ("tracevisualizer-X.so") that
 * brings @what: NULL with @err filled when the file cannot be loaded, has
 * no such table or is of another build (ABI).  The plugin stays loaded.
 */
static const void *load(const char *file, const char *table, const char *what,
			struct lttr_error *err)
{
	char dir[PATH_MAX], path[PATH_MAX + 64];
	const unsigned int *abi;
	void *h;

	if (exe_dir(dir, sizeof(dir), err) < 0)
		return NULL;
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		const char *why = dlerror();

		/* glibc's reason names the file; said once */
		if (strstr(why, path))
			lttr_error_set(err, LTTR_E_IO, "cannot load the plugin for %s: %s", what, why);
		else
			lttr_error_set(err, LTTR_E_IO, "cannot load the plugin for %s: %s: %s",
				       what, path, why);
		return NULL;
	}
	abi = dlsym(h, table);	/* a table starts with its ABI number */
	if (!abi || *abi != CLI_PLUGIN_ABI) {
		lttr_error_set(err, LTTR_E_IO,
			       "%s: not the plugin for %s of this program (%s %s)", path, what,
			       table, abi ? "of another version" : "missing");
		dlclose(h);
		return NULL;
	}
	return abi;
}

const struct cli_cairo_ops *cli_cairo(struct lttr_error *err)
{
	static const struct cli_cairo_ops *ops;

	if (!ops)
		ops = load("tracevisualizer-cairo.so", CLI_CAIRO_TABLE,
			   "the PNG and SVG drawings (cairo)", err);
	return ops;
}

const struct cli_pcap_ops *cli_pcap(struct lttr_error *err)
{
	static const struct cli_pcap_ops *ops;

	if (!ops)
		ops = load("tracevisualizer-pcap.so", CLI_PCAP_TABLE,
			   "pcap files (libpcap)", err);
	return ops;
}
