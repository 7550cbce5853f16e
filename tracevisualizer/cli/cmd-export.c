// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-export.c - tracevisualizer export: the captured packets as pcap
 * (--pcap FILE), the whole trace as CTF 1.8 (--ctf DIR).
 */
#include <inttypes.h>
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <stdio.h>
#include <unistd.h>
#include <lttr/lttr.h>
#include "cli.h"
#include "plugin.h"

/*
 * The trace, whole if it can be, else what is readable in it
 * (LTTR_OPEN_SALVAGE): *damaged then says so.
 */
static int open_readable(struct cli_opts *o, struct lttr_trace **t, bool *damaged)
{
	struct lttr_error err;

	*damaged = false;
	if (!o->salvage && lttr_trace_open(o->dir, 0, t, &err) == 0)
		return cli_open_checked(o, t);
	if (!o->salvage && err.code != LTTR_E_FORMAT && err.code != LTTR_E_TRUNCATED) {
		cli_trace_error(err.msg);
		return EXIT_TRACE;
	}
	if (!o->salvage)
		fprintf(stderr, "%s: %s\n%s: exporting what is readable\n",
			cli_prog, err.msg, cli_prog);
	*damaged = !o->salvage;
	o->salvage = true;
	return cli_open(o, t);
}

/* the end of an export: the trace's warnings, what was not exported */
static int finish(struct lttr_trace *t, bool damaged, int status)
{
	unsigned int cpu;

	/* buffers missing inside the events file or at its end: said above */
	for (cpu = 0; cpu < lttr_trace_ncpus(t); cpu++)
		if (lttr_trace_cpu_missing(t, cpu) || lttr_trace_cpu_cut(t, cpu))
			damaged = true;
	if (damaged && status == 0) {
		if (cli_finish(t, NULL, status))
			return EXIT_TRACE;	/* a write error on standard output */
		fprintf(stderr, "%s: the trace is damaged: what the warnings above name was not exported\n",
			cli_prog);
		return EXIT_DAMAGED;
	}
	return cli_finish(t, NULL, status);
}

static int export_pcap(struct cli_opts *o, struct lttr_trace *t, bool damaged)
{
	struct lttr_export_sel sel = { o->pids, o->npids, 0, UINT64_MAX };
	struct lttr_pcap_stats st;
	struct lttr_error err;
	const struct cli_pcap_ops *pcap = cli_pcap(&err);

	if (!pcap) {
		cli_trace_error(err.msg);
		return cli_finish(t, NULL, EXIT_TRACE);
	}
	cli_window(o, t, &sel.from_ns, &sel.to_ns);
	if (pcap->export_pcap(t, o->pcap, &sel, &st, &err) < 0) {
		cli_trace_error(err.msg);
		unlink(o->pcap);
		return cli_finish(t, NULL, EXIT_TRACE);
	}
	if (!st.packets) {
		unlink(o->pcap);
		fprintf(stderr, "%s: no captured packets to export from %s", cli_prog, o->dir);
		if (st.no_bytes)
			fprintf(stderr, ": %" PRIu64 " packet event%s without their bytes (record them with traced --capture N)",
				st.no_bytes, st.no_bytes == 1 ? "" : "s");
		else if (st.selected_out)
			fprintf(stderr, ": none in the selection (%" PRIu64 " outside it)",
				st.selected_out);
		else
			fprintf(stderr, ": the trace has no network packet events");
		fputc('\n', stderr);
		return cli_finish(t, NULL, EXIT_TRACE);
	}
	printf("%s: %" PRIu64 " packet%s", o->pcap, st.packets, st.packets == 1 ? "" : "s");
	if (st.cut)
		printf(" (%" PRIu64 " cut by the capture length)", st.cut);
	if (st.no_bytes)
		printf("; %" PRIu64 " packet event%s without captured bytes left out",
		       st.no_bytes, st.no_bytes == 1 ? "" : "s");
	printf("\n");
	return finish(t, damaged, 0);
}

static int export_ctf(struct cli_opts *o, struct lttr_trace *t, bool damaged)
{
	struct lttr_ctf_stats st;
	struct lttr_error err;

	if (lttr_export_ctf(t, o->ctf, &st, &err) < 0) {
		cli_trace_error(err.msg);
		return cli_finish(t, NULL, EXIT_TRACE);
	}
	printf("%s: %" PRIu64 " events in %" PRIu64 " packets, %" PRIu64
	       " event classes, %" PRIu64 " statedump records, %" PRIu64 " events discarded (lost)\n",
	       o->ctf, st.events, st.packets, st.classes, st.statedump, st.discarded);
	if (st.damaged_buffers) {
		fprintf(stderr, "%s: warning: %" PRIu64 " buffer%s not exported to its end (damaged records)%s%s\n",
			cli_prog, st.damaged_buffers, st.damaged_buffers == 1 ? "" : "s",
			st.damage[0] ? ": " : "", st.damage);
		damaged = true;
	}
	if (st.out_of_order) {
		fprintf(stderr, "%s: warning: %" PRIu64 " event%s not exported: before the end of their CPU's previous buffer (a damaged buffer header)\n",
			cli_prog, st.out_of_order, st.out_of_order == 1 ? "" : "s");
		damaged = true;
	}
	if (st.comms_unknown) {
		fprintf(stderr, "%s: warning: %" PRIu64 " switch%s and forks without task names (prev_comm ...): the trace could not be read in time order up to them\n",
			cli_prog, st.comms_unknown, st.comms_unknown == 1 ? "" : "es");
		damaged = true;
	}
	return finish(t, damaged, 0);
}

static int export_trace_events(struct cli_opts *o, struct lttr_trace *t, bool damaged)
{
	struct lttr_te_stats st;
	struct lttr_error err;

	if (lttr_export_trace_events(t, o->json_events, &st, &err) < 0) {
		cli_trace_error(err.msg);
		return cli_finish(t, NULL, EXIT_TRACE);
	}
	printf("%s: %" PRIu64 " trace events (%" PRIu64 " slices begun), %" PRIu64 " tasks named\n",
	       o->json_events, st.events, st.slices, st.tasks);
	return finish(t, damaged, 0);
}

/*
 * --ctf DIR of a merged set: DIR/host-K per host, each with the clock
 * class that puts its times on the reference's clock (docs/ctf-export.md)
 */
static int export_ctf_merged(struct cli_opts *o)
{
	struct cli_hosts h;
	struct lttr_error err;
	uint64_t total = 0;
	size_t k;
	int st = cli_hosts_load(o, &h);

	if (st) {
		cli_hosts_free(&h);
		return st;
	}
	for (k = 0; k < h.n; k++)
		if (!h.model->hosts[k].synced) {
			fprintf(stderr, "%s: host %zu (%s) is not synchronised: its times cannot be put on the reference's clock\n",
				cli_prog, k, h.name[k]);
			cli_hosts_free(&h);
			return EXIT_TRACE;
		}
	if (mkdir(o->ctf, 0777) < 0) {
		fprintf(stderr, "%s: %s: %s\n", cli_prog, o->ctf, strerror(errno));
		cli_hosts_free(&h);
		return EXIT_TRACE;
	}
	for (k = 0; k < h.n; k++) {
		struct lttr_ctf_clock clk;
		struct lttr_ctf_stats cs;
		char path[PATH_MAX];

		snprintf(path, sizeof(path), "%s/host-%zu", o->ctf, k);
		lttr_ctf_clock_of_host(h.t[0], h.model, k, &clk);
		if (lttr_export_ctf_clock(h.t[k], path, &clk, &cs, &err) < 0) {
			fprintf(stderr, "%s: host %zu: %s\n", cli_prog, k, err.msg);
			cli_hosts_free(&h);
			return EXIT_TRACE;
		}
		printf("%s: host %zu (%s): %" PRIu64 " events in %" PRIu64 " packets, clock %" PRIu64
		       " Hz, offset %" PRId64 " ns\n", path, k, h.name[k], cs.events, cs.packets,
		       clk.freq, clk.offset_ns);
		total += cs.events;
	}
	printf("%s: %" PRIu64 " events of %zu hosts\n", o->ctf, total, h.n);
	cli_hosts_free(&h);
	return 0;
}

int cmd_export(struct cli_opts *o)
{
	struct lttr_trace *t;
	bool damaged;
	int r;

	if (o->ctf && o->dir && cli_is_merged(o->dir))
		return export_ctf_merged(o);
	r = open_readable(o, &t, &damaged);

	if (r)
		return r;
	if (o->pcap)
		return export_pcap(o, t, damaged);
	if (o->ctf)
		return export_ctf(o, t, damaged);
	return export_trace_events(o, t, damaged);
}
