// SPDX-License-Identifier: GPL-2.0
/*
 * plugin-pcap.c - the table of tracevisualizer-pcap.so, the library's
 * functions that use libpcap (plugin.h): linked with src/paths/pcap.c,
 * src/paths/pcap-write.c, src/output/export-pcap.c and libpcap, never
 * into the program (the library, libltt-reader.a, keeps them for its
 * other users).
 */
#include <lttr/output/export.h>
#include <lttr/paths/pcap.h>
#include "plugin.h"

extern const struct cli_pcap_ops cli_pcap_plugin;

const struct cli_pcap_ops cli_pcap_plugin = {
	.abi = CLI_PLUGIN_ABI,
	.export_pcap = lttr_export_pcap,
	.msgs_read_pcap = lttr_msgs_read_pcap,
	.trace_write_pcap = lttr_trace_write_pcap,
};
