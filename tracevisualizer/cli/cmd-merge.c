// SPDX-License-Identifier: GPL-2.0
/*
 * cmd-merge.c - "tracevisualizer merge -o OUT TRACE1 TRACE2 ...": the
 * traces of several hosts on one clock.  OUT is a new directory holding a
 * link to each host's trace, untouched (host-0 is TRACE1, the reference),
 * and clock-model.json, the clock of each host against the reference as
 * the library estimates it from the messages between them
 * (lttr/sync/clocksync.h, docs/multihost.md).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <lttr/lttr.h>
#include <lttr/output/json.h>
#include <lttr/paths/trace-messages.h>
#include <lttr/sync/clocksync.h>
#include <lttr/sync/model-json.h>
#include "cli.h"

#define MERGE_MAX_TRACES 64

static void merge_usage(void)
{
	printf("Usage: tracevisualizer merge -o OUT [--json] [--messages FILE] [--packets] TRACE1 TRACE2 ...\n\n"
	       "The traces of several hosts on one clock: the clock of each host\n"
	       "against the first's (the reference), an offset and a drift estimated\n"
	       "from the TCP messages between the traces by the convex-hull method\n"
	       "(Duda et al.), with the accuracy bounds it yields; more than two hosts\n"
	       "through a spanning tree of the pairs with the narrowest bounds.\n"
	       "OUT, a new directory, receives a link to each trace (host-0, host-1,\n"
	       "..., the traces untouched) and clock-model.json; the model is printed\n"
	       "(--json: clock-model.json's object).  A pair with fewer than %d\n"
	       "messages each way is left unsynchronised, said, never placed; a\n"
	       "pair whose messages contradict every clock has the fewest dropped\n"
	       "(at most 1 in %d, named), or is refused.\n\n"
	       "Options:\n"
	       "  -o, --output OUT   the merged set's directory (must not exist)\n"
	       "  --json             print the model as JSON\n"
	       "  --pretty           with --json: indented\n"
	       "  --messages FILE    write the messages matched between the traces to\n"
	       "                     FILE (JSON), each with its send and receive on the\n"
	       "                     reference's clock and its transit time\n"
	       "  --packets          also the captured frames (traced --capture) matched\n"
	       "                     between the traces: a frame out of one host's\n"
	       "                     driver and into another's, seen once each side,\n"
	       "                     is a message (closer to the wire than a socket's)\n"
	       "  -h, --help         this help\n\n"
	       "Exit status: 0 every host synchronised; 1 a trace could not be read or\n"
	       "OUT could not be written; 2 usage error (fewer than two traces, OUT\n"
	       "exists, the same trace twice); 5 OUT written but a host is not\n"
	       "synchronised (no message to the others, too few, contradicting, not\n"
	       "overlapping in time: each said on standard error).\n",
	       LTTR_SYNC_MIN_MSGS, LTTR_SYNC_DROP_RATIO);
}

/* a usage error: @what, then @arg when there is one */
static int merge_bad(const char *what, const char *arg)
{
	fprintf(stderr, "%s merge: %s%s%s%s", cli_prog, what, arg ? " '" : "", arg ? arg : "",
		arg ? "'" : "");
	fprintf(stderr, "\nTry 'tracevisualizer merge --help'.\n");
	return EXIT_USAGE;
}

/* a trace's span on the wall clock */
static void wall_span(const struct ltt_trace_header *h, uint64_t *lo, uint64_t *hi)
{
	*lo = h->start_wall_ns;
	*hi = h->start_wall_ns + (h->end_ns > h->start_ns ? h->end_ns - h->start_ns : 0);
}

/* whether host @k of no message overlaps another trace on the wall clock */
static bool overlaps_wall(struct lttr_trace **t, size_t n, size_t k)
{
	uint64_t lo, hi, l2, h2;
	size_t i;

	wall_span(lttr_trace_header(t[k]), &lo, &hi);
	for (i = 0; i < n; i++) {
		if (i == k)
			continue;
		wall_span(lttr_trace_header(t[i]), &l2, &h2);
		if (lo <= h2 && l2 <= hi)
			return true;
	}
	return false;
}

static int write_model(const char *out, const struct lttr_sync_model *m,
		       const struct lttr_sync_hostinfo *h, const struct lttr_sync_msg *msgs)
{
	char path[PATH_MAX], tmp[PATH_MAX];
	struct lttr_json j;
	FILE *f;
	int bad;

	snprintf(path, sizeof(path), "%s/clock-model.json", out);
	snprintf(tmp, sizeof(tmp), "%s/.clock-model.json.tmp", out);
	f = fopen(tmp, "w");
	if (!f)
		return -1;
	lttr_json_init(&j, f, true);
	lttr_sync_json(&j, m, h, msgs);
	fputc('\n', f);
	bad = ferror(f);
	if (fclose(f) || bad || rename(tmp, path)) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* two traces' sessions overlap in wall time (each: its wall-clock start, its length) */
static int wall_overlap(const struct ltt_trace_header *x, const struct ltt_trace_header *y)
{
	uint64_t xe = x->start_wall_ns + (x->end_ns > x->start_ns ? x->end_ns - x->start_ns : 0);
	uint64_t ye = y->start_wall_ns + (y->end_ns > y->start_ns ? y->end_ns - y->start_ns : 0);

	return x->start_wall_ns <= ye && y->start_wall_ns <= xe;
}

/*
 * Open the traces of several hosts, one each (salvaged): the same trace
 * twice (the same directory, or a copy: the same header) is a usage
 * error.  Two traces of one host name whose sessions overlap in wall
 * time are said in a warning: two sessions of one machine share its
 * clock (the header has no boot's identity to tell them from two
 * machines of one name, cloned guests).  @real receives their real
 * paths (free()).  0 or an exit status, said (@cmd: the command's name,
 * or NULL).
 */
int cli_hosts_open(const char *const *dirs, size_t n, struct lttr_trace **t, char **real,
		   const char *cmd)
{
	struct lttr_error err;
	size_t i, k;

	for (i = 0; i < n; i++) {
		real[i] = realpath(dirs[i], NULL);
		if (lttr_trace_open(dirs[i], LTTR_OPEN_SALVAGE, &t[i], &err) < 0 || !real[i]) {
			t[i] = NULL;
			cli_trace_error(real[i] ? err.msg : strerror(errno));
			return EXIT_TRACE;
		}
		for (k = 0; k < i; k++) {
			const struct ltt_trace_header *x = lttr_trace_header(t[i]);
			const struct ltt_trace_header *y = lttr_trace_header(t[k]);

			if (!strcmp(real[i], real[k]) ||
			    (x->start_ns == y->start_ns && x->end_ns == y->end_ns &&
			     x->start_wall_ns == y->start_wall_ns &&
			     !strncmp(x->hostname, y->hostname, sizeof(x->hostname)))) {
				fprintf(stderr, "%s%s%s: %s and %s are the same trace (one host each)\n",
					cli_prog, cmd ? " " : "", cmd ? cmd : "", dirs[k], dirs[i]);
				return EXIT_USAGE;
			}
			if (x->hostname[0] && !strncmp(x->hostname, y->hostname, sizeof(x->hostname)) &&
			    wall_overlap(x, y))
				fprintf(stderr, "%s%s%s: warning: %s and %s are both of host %.*s and overlap "
					"in wall time: two sessions of one machine share its clock, they are "
					"not hosts to synchronise (taken as two hosts)\n",
					cli_prog, cmd ? " " : "", cmd ? cmd : "", dirs[k], dirs[i],
					(int)sizeof(x->hostname), x->hostname);
		}
	}
	return 0;
}

/* --packets: the frames matched between the traces, after the sockets' messages */
static int add_packets(struct lttr_trace **t, size_t n, struct lttr_sync_msg **msgs,
		       size_t *nmsgs, struct lttr_sync_packet_stats *pst, struct lttr_error *err)
{
	struct lttr_sync_msg *pk, *all;
	size_t npk;
	int r = lttr_sync_packets(t, n, &pk, &npk, pst, err);

	if (r < 0)
		return r;
	all = realloc(*msgs, (*nmsgs + npk + 1) * sizeof(*all));
	if (!all) {
		free(pk);
		return lttr_error_set(err, LTTR_E_NOMEM, "merge: out of memory");
	}
	memcpy(all + *nmsgs, pk, npk * sizeof(*pk));
	*msgs = all;
	*nmsgs += npk;
	free(pk);
	return 0;
}

int cmd_merge(int argc, char **argv)
{
	const char *out = NULL, *dirs[MERGE_MAX_TRACES];
	char *real[MERGE_MAX_TRACES] = { 0 }, names[MERGE_MAX_TRACES][32];
	struct lttr_trace *t[MERGE_MAX_TRACES] = { 0 };
	struct lttr_sync_hostinfo info[MERGE_MAX_TRACES];
	struct lttr_sync_msg *msgs = NULL;
	struct lttr_sync_model model = { 0 };
	struct lttr_xmsg_stats st;
	struct lttr_error err;
	bool json = false, pretty = false, packets = false;
	struct lttr_sync_packet_stats pst = { 0 };
	const char *msgfile = NULL;
	size_t n = 0, nmsgs = 0, i, k;
	int status = 0, a;

	for (a = 1; a < argc; a++) {
		const char *s = argv[a];

		if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
			merge_usage();
			return 0;
		} else if (!strcmp(s, "-o") || !strcmp(s, "--output")) {
			if (a + 1 >= argc)
				return merge_bad("a directory must follow", s);
			out = argv[++a];
		} else if (!strncmp(s, "--output=", 9)) {
			out = s + 9;
		} else if (!strcmp(s, "--json")) {
			json = true;
		} else if (!strcmp(s, "--pretty")) {
			pretty = true;
		} else if (!strcmp(s, "--packets")) {
			packets = true;
		} else if (!strcmp(s, "--messages")) {
			if (a + 1 >= argc)
				return merge_bad("a file must follow", s);
			msgfile = argv[++a];
		} else if (s[0] == '-' && s[1]) {
			return merge_bad("unknown option", s);
		} else if (n == MERGE_MAX_TRACES) {
			return merge_bad("too many traces (at most 64):", s);
		} else {
			dirs[n++] = s;
		}
	}
	if (!out)
		return merge_bad("missing -o OUT", NULL);
	if (n < 2)
		return merge_bad("at least two traces to merge", NULL);
	if (pretty && !json)
		return merge_bad("--pretty is for --json", NULL);
	status = cli_hosts_open(dirs, n, t, real, "merge");
	if (status)
		goto done;
	if (mkdir(out, 0777)) {
		fprintf(stderr, "%s merge: %s: %s%s\n", cli_prog, out, strerror(errno),
			errno == EEXIST ? " (merge writes a new directory; nothing changed)" : "");
		status = errno == EEXIST ? EXIT_USAGE : EXIT_TRACE;
		goto done;
	}
	if (lttr_msgs_across_traces(t, n, &msgs, &nmsgs, &st, &err) < 0 ||
	    (packets && add_packets(t, n, &msgs, &nmsgs, &pst, &err) < 0) ||
	    lttr_sync_hosts(msgs, nmsgs, n, &model, &err) < 0) {
		cli_trace_error(err.msg);
		status = EXIT_TRACE;
		goto done;
	}
	for (i = 0; i < n; i++) {
		const struct ltt_trace_header *h = lttr_trace_header(t[i]);
		char link[PATH_MAX];

		snprintf(names[i], sizeof(names[i]), "host-%zu", i);
		snprintf(link, sizeof(link), "%s/%s", out, names[i]);
		if (symlink(real[i], link)) {
			fprintf(stderr, "%s merge: %s: %s\n", cli_prog, link, strerror(errno));
			status = EXIT_TRACE;
			goto done;
		}
		info[i] = (struct lttr_sync_hostinfo){ .trace = names[i], .source = real[i],
			.hostname = h->hostname, .start_ns = h->start_ns, .end_ns = h->end_ns };
	}
	if (write_model(out, &model, info, msgs)) {
		fprintf(stderr, "%s merge: %s/clock-model.json: %s\n", cli_prog, out, strerror(errno));
		status = EXIT_TRACE;
		goto done;
	}
	if (msgfile) {
		FILE *f = fopen(msgfile, "w");
		struct lttr_json j;

		if (f) {
			lttr_json_init(&j, f, false);
			lttr_sync_json_messages(&j, &model, msgs, nmsgs);
			fputc('\n', f);
		}
		if (!f || fclose(f)) {
			fprintf(stderr, "%s merge: %s: %s\n", cli_prog, msgfile, strerror(errno));
			status = EXIT_TRACE;
			goto done;
		}
	}
	if (json) {
		struct lttr_json j;

		lttr_json_init(&j, stdout, pretty);
		lttr_sync_json(&j, &model, info, msgs);
		putchar('\n');
	} else {
		lttr_sync_text(stdout, &model, info);
	}
	/* what is not synchronised, said */
	for (k = 0; k < n; k++)
		if (!model.hosts[k].synced)
			status = EXIT_UNSYNCED;
	if (status == EXIT_UNSYNCED) {
		char (*why)[LTTR_SYNC_PROBLEM_LEN] = calloc(n, sizeof(*why));
		size_t np = why ? lttr_sync_problems(&model, info, why, n) : 0;

		for (i = 0; i < np && i < n; i++)
			fprintf(stderr, "%s merge: %s\n", cli_prog, why[i]);
		for (k = 0; k < n; k++) {
			const struct ltt_trace_header *hd = lttr_trace_header(t[k]);

			if (!model.hosts[k].synced && !overlaps_wall(t, n, k))
				fprintf(stderr, "%s merge: %s does not overlap the other traces in time "
					"(wall clock)\n", cli_prog, dirs[k]);
			if (!model.hosts[k].synced && hd->major == 1 && hd->minor < 4)
				fprintf(stderr, "%s merge: %s is a trace of format %u.%u, which records "
					"no socket endpoints: its messages cannot be matched to the other "
					"traces' (format 1.4 or later)\n", cli_prog, dirs[k],
					(unsigned int)hd->major, (unsigned int)hd->minor);
		}
		free(why);
	}
	for (k = 0; k < model.npairs; k++)
		if (model.pairs[k].ndropped && model.pairs[k].state == LTTR_SYNC_OK)
			fprintf(stderr, "%s merge: warning: hosts %u and %u: %zu message%s contradicting the others dropped (clock-model.json lists them)\n",
				cli_prog, model.pairs[k].a, model.pairs[k].b, model.pairs[k].ndropped,
				model.pairs[k].ndropped == 1 ? "" : "s");
	if (packets)
		fprintf(stderr, "%s merge: packets: %llu frames captured, %llu matched between the traces as messages, %llu not used as seen more than once (retransmitted), %llu seen on one side only, %llu not Ethernet IP\n",
			cli_prog, (unsigned long long)pst.frames, (unsigned long long)pst.matched,
			(unsigned long long)pst.ambiguous, (unsigned long long)pst.unmatched,
			(unsigned long long)pst.other);
	if (packets && !pst.matched)
		fprintf(stderr, "%s merge: warning: --packets: no frame matched between the traces (traced --capture records them)\n",
			cli_prog);
	if (st.unopened || st.ambiguous)
		fprintf(stderr, "%s merge: warning: %llu TCP connection%s between the traces not used (open before a trace began: %llu, in several traces: %llu)\n",
			cli_prog, (unsigned long long)(st.unopened + st.ambiguous),
			st.unopened + st.ambiguous == 1 ? "" : "s",
			(unsigned long long)st.unopened, (unsigned long long)st.ambiguous);
done:
	for (i = 0; i < n; i++) {
		if (t[i])
			lttr_trace_close(t[i]);
		free(real[i]);
	}
	free(msgs);
	lttr_sync_model_free(&model);
	return status;
}

/*
 * "summary OUT" of a merged set: its clock model (clock-model.json, read
 * back and checked by the library) and whether each host's trace opens.
 */
int cli_summary_merged(struct cli_opts *o)
{
	struct lttr_sync_read rd;
	struct lttr_error err;
	int status = 0;
	size_t k;

	if (lttr_sync_model_load(o->dir, &rd, &err) < 0) {
		cli_trace_error(err.msg);
		lttr_sync_read_free(&rd);
		return EXIT_TRACE;
	}
	if (o->json) {
		struct lttr_json j;

		lttr_json_init(&j, stdout, o->pretty);
		lttr_sync_json(&j, &rd.model, rd.info, NULL);
		putchar('\n');
	} else {
		printf("Merged trace set %s: %zu hosts\n", o->dir, rd.model.nhosts);
		lttr_sync_text(stdout, &rd.model, rd.info);
	}
	for (k = 0; k < rd.model.nhosts; k++) {
		char path[PATH_MAX];
		struct lttr_trace *t;

		snprintf(path, sizeof(path), "%s/%s", o->dir, rd.info[k].trace);
		if (strchr(rd.info[k].trace, '/') || lttr_trace_open(path, LTTR_OPEN_SALVAGE, &t, &err) < 0) {
			fprintf(stderr, "%s: host %zu: %s: %s\n", cli_prog, k, path,
				strchr(rd.info[k].trace, '/') ? "not a name in the set" : err.msg);
			status = EXIT_TRACE;
			continue;
		}
		lttr_trace_close(t);
		if (!rd.model.hosts[k].synced && !status)
			status = EXIT_UNSYNCED;
	}
	lttr_sync_read_free(&rd);
	return status;
}
