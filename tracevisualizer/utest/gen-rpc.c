// SPDX-License-Identifier: GPL-2.0
/*
 * gen-rpc.c - write message traces of known structure in the abstract
 * format (lttr/paths/abstract.h), with their ground truth: the test
 * tool of the causal path algorithms, after the paper's "maketrace".
 *
 *   gen-rpc [--clients N] [--requests N] [--think MIN:MAX] [--transit D]
 *           [--loss P] [--seed N] [--start S] [--truth FILE]
 *           WEIGHT:SPEC...
 *
 * Each of N clients (one node, the first name of the specs) makes its
 * requests one after the other, a think time drawn uniformly in
 * [MIN, MAX] between them, each time a pattern drawn by weight.  A SPEC
 * is what a node does when it is called:
 *
 *   SPEC  := NAME [ '{' ITEM... '}' ]
 *   ITEM  := DELAY | SPEC | '>' SPEC
 *   DELAY := TIME [ '~' TIME ]      TIME: a number and us, ms or s
 *
 * The items run in order: a DELAY waits that long (a Gaussian of mean and
 * standard deviation, never below 0), a SPEC is a call that waits for its
 * return, '>' SPEC a one-way message that does not.  Every message takes
 * the transit time D (TIME[~TIME], default 100us~10us) from its sender to
 * its receiver.  Every message is dropped with probability P (after the
 * run: the rest keep their times).  Every delay draws its random numbers
 * whatever its values, so that two specs that differ only in a delay give
 * traces that differ only there.
 *
 * Output: the messages on standard output, one a line
 * (TIME CALL|RET SENDER RECEIVER ID RECVTIME), ids c1, c2...; with
 * --truth, FILE gets per call "call ID PARENT" (PARENT "-" for a call the
 * client made) and per pattern "pattern KEY COUNT" (KEY as the nesting
 * algorithm writes it, calls only).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PATTERNS 16
#define MAX_ITEMS 4096

struct dist {
	double mean;	/* ns */
	double sd;
};

enum { IT_DELAY, IT_CALL, IT_ONEWAY, IT_END };

/* a spec, flattened: a node's items follow it, its children nested */
struct item {
	int kind;
	struct dist d;		/* IT_DELAY */
	char name[32];		/* IT_CALL, IT_ONEWAY */
	int end;		/* IT_CALL, IT_ONEWAY: index of its IT_END */
};

struct pattern {
	double weight;
	struct item it[MAX_ITEMS];
	int n;
	char key[1024];
	char client[32];
	uint64_t count;
};

struct msg {
	uint64_t send;
	uint64_t recv;
	uint64_t id;
	uint64_t seq;
	int ret;
	const char *src;
	const char *dst;
};

static struct pattern pats[MAX_PATTERNS];
static int npats;
static struct msg *msgs;
static size_t nmsgs, capmsgs;
static FILE *truth;
static uint64_t next_id, rng = 88172645463325252ULL;
static struct dist transit = { 100000, 10000 };

/* "gen-rpc: WHAT: ARG", exit status 2 */
static void die(const char *what, const char *arg)
{
	fprintf(stderr, "gen-rpc: %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
	exit(2);
}

static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 2685821657736338717ULL;
}

static double uniform(void)
{
	return ((double)(rnd() >> 11) + 0.5) / 9007199254740992.0;
}

/* a draw of @d in ns, never below 0: always two uniform numbers */
static uint64_t draw(const struct dist *d)
{
	double u1 = uniform(), u2 = uniform();
	double v = d->mean + d->sd * sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);

	return v > 0 ? (uint64_t)(v + 0.5) : 0;
}

static int parse_time(const char **p, double *ns)
{
	char *end;
	double v = strtod(*p, &end);

	if (end == *p || !(v >= 0))
		return -1;
	if (!strncmp(end, "us", 2))
		v *= 1e3, end += 2;
	else if (!strncmp(end, "ms", 2))
		v *= 1e6, end += 2;
	else if (*end == 's')
		v *= 1e9, end += 1;
	else
		return -1;
	*p = end;
	*ns = v;
	return 0;
}

static int parse_dist(const char **p, struct dist *d)
{
	d->sd = 0;
	if (parse_time(p, &d->mean))
		return -1;
	if (**p == '~') {
		(*p)++;
		if (parse_time(p, &d->sd))
			return -1;
	}
	return 0;
}

static void skip_space(const char **p)
{
	while (isspace((unsigned char)**p))
		(*p)++;
}

static void key_add(struct pattern *pt, const char *s)
{
	size_t n = strlen(pt->key);

	if (n + strlen(s) + 1 > sizeof(pt->key))
		die("pattern too long", NULL);
	strcat(pt->key + n, s);
}

/* NAME [ '{' ITEM... '}' ] into @pt->it from @pt->n; the key of its calls */
static void parse_spec(const char **p, struct pattern *pt, int kind, int key)
{
	struct item *node;
	int idx, children = 0;
	size_t n = 0;

	skip_space(p);
	while (isalnum((unsigned char)(*p)[n]) || (*p)[n] == '_' || (*p)[n] == '.' ||
	       (*p)[n] == '-')
		n++;
	if (!n || n >= sizeof(node->name))
		die("bad node name at", *p);
	if (pt->n + 2 >= MAX_ITEMS)
		die("spec too long", NULL);
	idx = pt->n++;
	node = &pt->it[idx];
	node->kind = kind;
	memcpy(node->name, *p, n);
	node->name[n] = '\0';
	*p += n;
	if (key)
		key_add(pt, node->name);
	skip_space(p);
	if (**p == '{') {
		(*p)++;
		for (;;) {
			skip_space(p);
			if (**p == '}') {
				(*p)++;
				break;
			}
			if (!**p)
				die("missing '}'", NULL);
			if (**p == '>') {
				(*p)++;
				parse_spec(p, pt, IT_ONEWAY, 0);
			} else if (isdigit((unsigned char)**p) || **p == '.') {
				struct item *d = &pt->it[pt->n++];

				d->kind = IT_DELAY;
				if (parse_dist(p, &d->d))
					die("bad delay at", *p);
			} else {
				if (key)
					key_add(pt, children ? "," : "(");
				children++;
				parse_spec(p, pt, IT_CALL, key);
			}
		}
	}
	if (key && children)
		key_add(pt, ")");
	pt->it[pt->n].kind = IT_END;
	pt->it[idx].end = pt->n++;
}

static void add_msg(uint64_t send, uint64_t recv, uint64_t id, int ret, const char *src,
		    const char *dst)
{
	if (nmsgs == capmsgs) {
		capmsgs = capmsgs ? capmsgs * 2 : 4096;
		msgs = realloc(msgs, capmsgs * sizeof(*msgs));
		if (!msgs)
			die("out of memory", NULL);
	}
	msgs[nmsgs] = (struct msg){ send, recv, id, nmsgs, ret, src, dst };
	nmsgs++;
}

/*
 * Node @pt->it[@at] runs its items from time @t, serving call @served
 * (0: the client's own request): returns when it is done.
 */
static uint64_t run(struct pattern *pt, int at, uint64_t t, uint64_t served)
{
	const char *me = pt->it[at].name;
	int i = at + 1;

	while (pt->it[i].kind != IT_END) {
		struct item *it = &pt->it[i];
		uint64_t id, tr;

		if (it->kind == IT_DELAY) {
			t += draw(&it->d);
			i++;
			continue;
		}
		id = ++next_id;
		tr = draw(&transit);
		if (truth) {
			if (served)
				fprintf(truth, "call c%" PRIu64 " c%" PRIu64 "\n", id, served);
			else
				fprintf(truth, "call c%" PRIu64 " -\n", id);
		}
		add_msg(t, t + tr, id, 0, me, it->name);
		if (it->kind == IT_ONEWAY) {
			run(pt, i, t + tr, id);
		} else {
			uint64_t done = run(pt, i, t + tr, id);
			uint64_t back = draw(&transit);

			add_msg(done, done + back, id, 1, it->name, me);
			t = done + back;
		}
		i = it->end + 1;
	}
	return t;
}

static int by_time(const void *pa, const void *pb)
{
	const struct msg *a = pa, *b = pb;

	if (a->send != b->send)
		return a->send < b->send ? -1 : 1;
	return a->seq < b->seq ? -1 : 1;
}

static void usage(FILE *f)
{
	fprintf(f, "Usage: gen-rpc [--clients N] [--requests N] [--think MIN:MAX] [--transit D]\n"
		"               [--loss P] [--seed N] [--start S] [--truth FILE] WEIGHT:SPEC...\n"
		"Write an RPC message trace of known structure (abstract format) to standard\n"
		"output; SPEC e.g. 'A{B{5ms C{20ms~1ms} 2ms D{10ms}}}' (see the source's head).\n");
}

int main(int argc, char **argv)
{
	unsigned long clients = 1, requests = 100, c, r;
	double think_lo = 10e6, think_hi = 50e6, loss = 0, start = 1e9;
	const char *truth_path = NULL;
	uint64_t *t;
	size_t i;
	int a;

	for (a = 1; a < argc; a++) {
		const char *v = a + 1 < argc ? argv[a + 1] : NULL;

		if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
			usage(stdout);
			return 0;
		}
		if (argv[a][0] != '-') {
			struct pattern *pt;
			const char *p;
			char *end;

			if (npats == MAX_PATTERNS)
				die("too many patterns", NULL);
			pt = &pats[npats++];
			pt->weight = strtod(argv[a], &end);
			if (end == argv[a] || *end != ':' || !(pt->weight > 0))
				die("WEIGHT:SPEC expected", argv[a]);
			p = end + 1;
			parse_spec(&p, pt, IT_CALL, 1);
			skip_space(&p);
			if (*p)
				die("trailing text", p);
			strcpy(pt->client, pt->it[0].name);
			continue;
		}
		if (!v)
			die("needs a value", argv[a]);
		a++;
		if (!strcmp(argv[a - 1], "--clients"))
			clients = strtoul(v, NULL, 10);
		else if (!strcmp(argv[a - 1], "--requests"))
			requests = strtoul(v, NULL, 10);
		else if (!strcmp(argv[a - 1], "--seed"))
			rng = strtoull(v, NULL, 10) * 2654435761ULL + 1;
		else if (!strcmp(argv[a - 1], "--loss"))
			loss = strtod(v, NULL);
		else if (!strcmp(argv[a - 1], "--start"))
			start = strtod(v, NULL) * 1e9;
		else if (!strcmp(argv[a - 1], "--truth"))
			truth_path = v;
		else if (!strcmp(argv[a - 1], "--transit")) {
			const char *p = v;

			if (parse_dist(&p, &transit) || *p)
				die("bad --transit", v);
		} else if (!strcmp(argv[a - 1], "--think")) {
			const char *p = v;

			if (parse_time(&p, &think_lo) || *p++ != ':' ||
			    parse_time(&p, &think_hi) || *p || think_hi < think_lo)
				die("bad --think (MIN:MAX, e.g. 10ms:50ms)", v);
		} else {
			die("unknown option", argv[a - 1]);
		}
	}
	if (!npats || !clients) {
		usage(stderr);
		return 2;
	}
	if (truth_path && !(truth = fopen(truth_path, "w")))
		die("cannot write", truth_path);
	t = calloc(clients, sizeof(*t));
	if (!t)
		die("out of memory", NULL);
	for (c = 0; c < clients; c++)
		t[c] = (uint64_t)start + (uint64_t)(think_lo + (think_hi - think_lo) * uniform());
	/* the clients take turns: always the one whose next request comes first */
	for (r = 0; r < requests * clients; r++) {
		double sum = 0, x;
		int k;

		c = 0;
		for (i = 1; i < clients; i++)
			if (t[i] < t[c])
				c = i;
		for (k = 0; k < npats; k++)
			sum += pats[k].weight;
		x = uniform() * sum;
		for (k = 0; k < npats - 1 && x >= pats[k].weight; k++)
			x -= pats[k].weight;
		pats[k].count++;
		t[c] = run(&pats[k], 0, t[c], 0);
		t[c] += (uint64_t)(think_lo + (think_hi - think_lo) * uniform());
	}
	qsort(msgs, nmsgs, sizeof(*msgs), by_time);
	for (i = 0; i < nmsgs; i++) {
		const struct msg *m = &msgs[i];

		if (loss > 0 && uniform() < loss)
			continue;
		printf("%" PRIu64 ".%09" PRIu64 " %s %s %s c%" PRIu64 " %" PRIu64 ".%09" PRIu64 "\n",
		       m->send / 1000000000, m->send % 1000000000, m->ret ? "RET" : "CALL",
		       m->src, m->dst, m->id, m->recv / 1000000000, m->recv % 1000000000);
	}
	if (truth) {
		int k;

		for (k = 0; k < npats; k++)
			fprintf(truth, "pattern %s %" PRIu64 "\n", pats[k].key, pats[k].count);
		if (fclose(truth))
			die("writing the truth failed", NULL);
	}
	free(t);
	free(msgs);
	return ferror(stdout) ? 1 : 0;
}
