// SPDX-License-Identifier: GPL-2.0
/*
 * msgsource.c - the messages the messages and paths commands read: a
 * file in the abstract format (--messages), a packet capture (--pcap) or
 * a trace's socket events; and their warnings.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lttr/lttr.h>
#include <lttr/paths/abstract.h>
#include <lttr/paths/pcap.h>
#include <lttr/paths/trace-messages.h>
#include <lttr/sync/clocksync.h>
#include <lttr/sync/model-json.h>
#include "cli.h"
#include "plugin.h"

/* a merged set: a directory of merge's, holding clock-model.json and no header */
bool cli_is_merged(const char *dir)
{
	char a[PATH_MAX], b[PATH_MAX];

	snprintf(a, sizeof(a), "%s/clock-model.json", dir);
	snprintf(b, sizeof(b), "%s/header", dir);
	return !access(a, F_OK) && access(b, F_OK);
}

/* the prefixes of several hosts' nodes: a host's name, unless two hosts share it (or it has none): "hostK" */
static void node_prefixes(const char *const *hostname, size_t n, char (*names)[80],
			  const char **hosts)
{
	size_t k, j;

	for (k = 0; k < n; k++) {
		snprintf(names[k], sizeof(names[k]), "%s", hostname[k]);
		for (j = 0; j < n; j++)
			if (j != k && !strcmp(hostname[j], hostname[k]))
				break;
		if (!names[k][0] || j < n || strpbrk(names[k], " \t:"))
			snprintf(names[k], sizeof(names[k]), "host%zu", k);
		hosts[k] = names[k];
	}
}

/*
 * The messages of several hosts' traces @t (host 0 the reference), on its
 * clock through @model (lttr_msgs_from_hosts()), each node named with its
 * host's prefix (node_prefixes())
 */
static int hosts_messages(struct cli_opts *o, struct lttr_trace **t, size_t n,
			  const char *const *hostname, const struct lttr_sync_model *model,
			  const char *what, struct lttr_msgset *s)
{
	struct lttr_error err;
	char (*names)[80] = calloc(n + 1, sizeof(*names));
	const char **hosts = calloc(n + 1, sizeof(*hosts));
	int r = 0;

	if (!names || !hosts) {
		cli_trace_error("out of memory");
		r = EXIT_TRACE;
	}
	if (!r)
		node_prefixes(hostname, n, names, hosts);
	if (!r && lttr_msgs_from_hosts(t, n, hosts, model, o->by, s, &err) < 0) {
		fprintf(stderr, "%s: %s: %s\n", cli_prog, what, err.msg);
		r = EXIT_TRACE;
	}
	free(names);
	free(hosts);
	return r;
}

int cli_hosts_names(struct cli_hosts *h)
{
	if (h->prefixes)
		return 0;
	h->prefix = calloc(h->n + 1, sizeof(*h->prefix));
	h->prefixes = calloc(h->n + 1, sizeof(*h->prefixes));
	if (!h->prefix || !h->prefixes) {
		cli_trace_error("out of memory");
		return EXIT_TRACE;
	}
	node_prefixes(h->name, h->n, h->prefix, h->prefixes);
	return 0;
}

int cli_hosts_messages(struct cli_opts *o, struct cli_hosts *h, struct lttr_msgset *s)
{
	struct lttr_error err;
	int st = cli_hosts_names(h);

	if (st)
		return st;
	if (lttr_msgs_from_hosts(h->t, h->n, h->prefixes, h->model, o->by, s, &err) < 0) {
		fprintf(stderr, "%s: %s: %s\n", cli_prog, o->noperands ? "the traces" : o->dir,
			err.msg);
		return EXIT_TRACE;
	}
	lttr_msgset_sort(s);
	return 0;
}

/* the messages of a merged set: every host's trace, through its model */
static int merged_messages(struct cli_opts *o, struct lttr_msgset *s)
{
	struct lttr_sync_read rd;
	struct lttr_error err;
	struct lttr_trace **t;
	const char **hostname;
	size_t k, n;
	int r = 0;

	if (lttr_sync_model_load(o->dir, &rd, &err) < 0) {
		cli_trace_error(err.msg);
		lttr_sync_read_free(&rd);
		return EXIT_TRACE;
	}
	n = rd.model.nhosts;
	t = calloc(n + 1, sizeof(*t));
	hostname = calloc(n + 1, sizeof(*hostname));
	if (!t || !hostname) {
		cli_trace_error("out of memory");
		r = EXIT_TRACE;
	}
	for (k = 0; k < n && !r; k++) {
		char path[PATH_MAX];

		hostname[k] = rd.info[k].hostname;
		snprintf(path, sizeof(path), "%s/%s", o->dir, rd.info[k].trace);
		if (strchr(rd.info[k].trace, '/') ||
		    lttr_trace_open(path, o->strict ? 0 : LTTR_OPEN_SALVAGE, &t[k], &err) < 0) {
			fprintf(stderr, "%s: host %zu: %s: %s\n", cli_prog, k, path,
				strchr(rd.info[k].trace, '/') ? "not a name in the set" : err.msg);
			t[k] = NULL;
			r = EXIT_TRACE;
		}
	}
	if (!r)
		r = hosts_messages(o, t, n, hostname, &rd.model, o->dir, s);
	for (k = 0; t && k < n; k++)
		if (t[k])
			lttr_trace_close(t[k]);
	free(t);
	free(hostname);
	lttr_sync_read_free(&rd);
	return r;
}

/*
 * The messages of several traces given directly (TRACEDIR TRACEDIR...):
 * their clocks synchronised as merge does (lttr_msgs_across_traces(),
 * lttr_sync_hosts()), nothing written.
 */
static int direct_messages(struct cli_opts *o, struct lttr_msgset *s)
{
	size_t n = (size_t)o->noperands + 1, k;
	const char **dirs = calloc(n, sizeof(*dirs)), **hostname = calloc(n, sizeof(*hostname));
	struct lttr_trace **t = calloc(n, sizeof(*t));
	char **real = calloc(n, sizeof(*real));
	struct lttr_sync_model model = { 0 };
	struct lttr_sync_msg *msgs = NULL;
	struct lttr_error err;
	size_t nmsgs = 0;
	int r = 0;

	if (!dirs || !hostname || !t || !real) {
		cli_trace_error("out of memory");
		r = EXIT_TRACE;
	}
	for (k = 0; k < n && !r; k++)
		dirs[k] = k ? o->operands[k - 1] : o->dir;
	if (!r)
		r = cli_hosts_open(dirs, n, t, real, NULL);
	if (!r && (lttr_msgs_across_traces(t, n, &msgs, &nmsgs, NULL, &err) < 0 ||
		   lttr_sync_hosts(msgs, nmsgs, n, &model, &err) < 0)) {
		cli_trace_error(err.msg);
		r = EXIT_TRACE;
	}
	for (k = 0; k < n && !r; k++)
		hostname[k] = lttr_trace_header(t[k])->hostname;
	if (!r)
		r = hosts_messages(o, t, n, hostname, &model, "the traces", s);
	for (k = 0; t && real && k < n; k++) {
		if (t[k])
			lttr_trace_close(t[k]);
		free(real[k]);
	}
	lttr_sync_model_free(&model);
	free(msgs);
	free(dirs);
	free(hostname);
	free(t);
	free(real);
	return r;
}

int cli_load_messages(struct cli_opts *o, struct lttr_msgset **s, struct lttr_trace **t)
{
	struct lttr_error err;
	int r;

	*t = NULL;
	*s = lttr_msgset_new();
	if (!*s) {
		cli_trace_error("out of memory");
		return EXIT_TRACE;
	}
	if (o->msgfile) {
		r = lttr_msgs_read_abstract(o->msgfile, *s, &err);
	} else if (o->pcap) {
		const struct cli_pcap_ops *pcap = cli_pcap(&err);

		r = pcap ? pcap->msgs_read_pcap(o->pcap, o->ports ? LTTR_PCAP_PORTS : 0, *s, &err)
			 : -LTTR_E_IO;
	} else if (o->noperands || cli_is_merged(o->dir)) {
		r = o->noperands ? direct_messages(o, *s) : merged_messages(o, *s);
		if (r) {
			lttr_msgset_free(*s);
			*s = NULL;
			return r;
		}
	} else {
		r = cli_open(o, t);
		if (r) {
			lttr_msgset_free(*s);
			*s = NULL;
			return r;
		}
		r = lttr_msgs_from_trace(*t, o->by, *s, NULL, NULL, &err);
	}
	if (r < 0) {
		cli_trace_error(err.msg);
		lttr_msgset_free(*s);
		*s = NULL;
		if (*t)
			lttr_trace_close(*t);
		*t = NULL;
		return EXIT_TRACE;
	}
	lttr_msgset_sort(*s);
	return 0;
}

void cli_msg_warnings(const struct lttr_msgset *s)
{
	char w[8][LTTR_MSG_WARNING_LEN];
	size_t i, n = lttr_msg_warnings(&s->warn, w, 8);

	for (i = 0; i < n && i < 8; i++)
		fprintf(stderr, "%s: warning: %s\n", cli_prog, w[i]);
}

void cli_hosts_free(struct cli_hosts *h)
{
	size_t k;

	for (k = 0; h->t && k < h->n; k++)
		if (h->t[k])
			lttr_trace_close(h->t[k]);
	for (k = 0; h->real && k < h->n; k++)
		free(h->real[k]);
	free(h->t);
	free(h->name);
	free(h->real);
	free(h->msgs);
	free(h->prefix);
	free(h->prefixes);
	lttr_sync_read_free(&h->rd);
	lttr_sync_model_free(&h->own);
	memset(h, 0, sizeof(*h));
}

int cli_hosts_load(struct cli_opts *o, struct cli_hosts *h)
{
	struct lttr_error err;
	size_t k, nmsgs = 0;

	memset(h, 0, sizeof(*h));
	if (!o->noperands) {
		if (lttr_sync_model_load(o->dir, &h->rd, &err) < 0) {
			cli_trace_error(err.msg);
			return EXIT_TRACE;
		}
		h->n = h->rd.model.nhosts;
		h->model = &h->rd.model;
	} else {
		h->n = (size_t)o->noperands + 1;
		h->model = &h->own;
	}
	h->t = calloc(h->n + 1, sizeof(*h->t));
	h->name = calloc(h->n + 1, sizeof(*h->name));
	h->real = calloc(h->n + 1, sizeof(*h->real));
	if (!h->t || !h->name || !h->real) {
		cli_trace_error("out of memory");
		return EXIT_TRACE;
	}
	if (o->noperands) {
		const char **dirs = calloc(h->n, sizeof(*dirs));
		int r;

		if (!dirs) {
			cli_trace_error("out of memory");
			return EXIT_TRACE;
		}
		for (k = 0; k < h->n; k++)
			dirs[k] = k ? o->operands[k - 1] : o->dir;
		r = cli_hosts_open(dirs, h->n, h->t, h->real, NULL);
		free(dirs);
		if (r)
			return r;
		if (lttr_msgs_across_traces(h->t, h->n, &h->msgs, &nmsgs, NULL, &err) < 0 ||
		    lttr_sync_hosts(h->msgs, nmsgs, h->n, &h->own, &err) < 0) {
			cli_trace_error(err.msg);
			return EXIT_TRACE;
		}
		for (k = 0; k < h->n; k++)
			h->name[k] = lttr_trace_header(h->t[k])->hostname;
		return 0;
	}
	for (k = 0; k < h->n; k++) {
		char path[PATH_MAX];

		h->name[k] = h->rd.info[k].hostname;
		snprintf(path, sizeof(path), "%s/%s", o->dir, h->rd.info[k].trace);
		if (strchr(h->rd.info[k].trace, '/') ||
		    lttr_trace_open(path, o->strict ? 0 : LTTR_OPEN_SALVAGE, &h->t[k], &err) < 0) {
			fprintf(stderr, "%s: host %zu: %s: %s\n", cli_prog, k, path,
				strchr(h->rd.info[k].trace, '/') ? "not a name in the set" : err.msg);
			h->t[k] = NULL;
			return EXIT_TRACE;
		}
	}
	return 0;
}

int cli_hosts_load_host(struct cli_opts *o, struct cli_hosts *h)
{
	int st = cli_hosts_load(o, h);

	if (!st && o->host >= h->n) {
		fprintf(stderr, "%s: --host %zu: the set has %zu hosts (0 to %zu)\n", cli_prog,
			o->host, h->n, h->n - 1);
		st = EXIT_USAGE;
	}
	if (!st)
		st = cli_parse_times(o, h->t[0]);	/* on the reference's clock */
	if (st)
		cli_hosts_free(h);
	return st;
}
