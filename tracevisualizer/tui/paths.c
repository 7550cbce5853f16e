// SPDX-License-Identifier: GPL-2.0
/*
 * paths.c - the paths view (7): the causal paths through the trace's
 * messages, as "tracevisualizer paths --explain --json" gives them (the
 * library's lttr_paths_of_trace()), found when the view is first shown
 * (a progress bar that Esc cancels).  Above, the path patterns of the
 * nesting algorithm (count, total and mean latency), or the paths of the
 * convolution algorithm (c switches); below, the one selected as an
 * indented tree (box-drawing characters in a UTF-8 terminal, ASCII
 * elsewhere), a line per hop: its calls, mean and 90th percentile
 * latency, mean delay and transit, and the callee's time split (on a CPU,
 * runnable, blocked by reason).  Enter on a hop shows its representative
 * call in the control flow (view 1): the window around it, the cursor
 * where the callee received it, the callee's row.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curses.h>
#include <lttr/paths/run.h>
#include "tui.h"

static double ms(uint64_t ns)
{
	return (double)ns / 1e6;
}

/* the terminal cells of a UTF-8 string (its bytes but continuation bytes) */
static int cells(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

static bool nesting(const struct tui *u)
{
	return u->paths.r && u->paths.r->algorithm == LTTR_PATHS_NESTING;
}

/* the items of the list: patterns, or the convolution's root vertices */
static size_t nitems(const struct tui *u)
{
	const struct lttr_paths *r = u->paths.r;
	size_t i, n = 0;

	if (!r)
		return 0;
	if (r->algorithm == LTTR_PATHS_NESTING)
		return r->patterns->n;
	for (i = 0; i < r->graph->nv; i++)
		n += r->graph->v[i].parent == LTTR_CONV_ROOT;
	return n;
}

/* the convolution's @k-th root vertex, and the vertices of its path (*@n) */
static size_t conv_root(const struct tui *u, size_t k, size_t *n)
{
	const struct lttr_conv_graph *g = u->paths.r->graph;
	size_t i, e;

	for (i = 0; i < g->nv; i++)
		if (g->v[i].parent == LTTR_CONV_ROOT && !k--)
			break;
	for (e = i + 1; e < g->nv && g->v[e].parent != LTTR_CONV_ROOT; e++)
		;
	*n = e - i;
	return i;
}

/* the nodes of the tree of item @k */
static size_t nnodes(const struct tui *u, size_t k)
{
	size_t n = 0;

	if (k >= nitems(u))
		return 0;
	if (nesting(u))
		return u->paths.r->patterns->v[k].nnodes;
	conv_root(u, k, &n);
	return n;
}

void tui_paths_free(struct tui *u)
{
	lttr_paths_free(u->paths.r);
	lttr_msgset_free(u->paths.s);
	u->paths.r = NULL;
	u->paths.s = NULL;
}

/* the paths of the trace, with a progress bar that Esc cancels */
static void compute(struct tui *u)
{
	struct lttr_paths_opts o;
	struct lttr_error err;
	int r;

	tui_paths_free(u);
	lttr_paths_defaults(&o);
	o.algorithm = u->paths.convolution ? LTTR_PATHS_CONVOLUTION : LTTR_PATHS_NESTING;
	o.explain = !u->paths.convolution;
	o.sort = u->paths.by_latency ? LTTR_SORT_LATENCY : LTTR_SORT_COUNT;
	tui_message(u, false, "finding the causal paths (the messages, then each hop's time)");
	r = lttr_paths_of_trace(u->s.t, LTTR_BY_PROCESS, &o, tui_progress, u, &u->paths.s,
				&u->paths.r, &err);
	u->msg[0] = '\0';
	u->paths.computed = true;
	u->paths.pat = u->paths.hop = u->paths.top = 0;
	if (r == -LTTR_E_CANCELED)
		snprintf(u->paths.why, sizeof(u->paths.why),
			 "Canceled: the paths were not searched for to the end (r: again).");
	else if (r < 0)
		snprintf(u->paths.why, sizeof(u->paths.why), "%s (r: again)", err.msg);
	else
		u->paths.why[0] = '\0';
}

/* the keys of the view, for the info line */
const char *tui_paths_keys(const struct tui *u)
{
	if (!u->paths.computed || u->paths.why[0])
		return "r: search for the paths again  c: the other algorithm";
	return u->paths.convolution ?
		"j k: vertex  [ ]: path  c: nesting  r: again" :
		"j k: hop  [ ]: pattern  Enter: its call in view 1  o: order  c: convolution";
}

void tui_paths_enter(struct tui *u)
{
	if (!u->paths.computed)
		compute(u);
}

/* "cpu 1.621 run 0.010 io 3.154": a call's mean split at its callee */
static void split_str(const struct lttr_pnode *pn, char *buf, size_t size)
{
	struct lttr_hop_split m;
	size_t n;
	unsigned int r;

	if (!pn->split.known) {
		snprintf(buf, size, "(callee task not in the trace)");
		return;
	}
	lttr_hop_split_mean(&pn->split, &m);
	n = (size_t)snprintf(buf, size, "cpu %.3f run %.3f", ms(m.oncpu_ns), ms(m.runnable_ns));
	for (r = 0; r < LTTR_BLOCK_COUNT && n < size; r++)
		if (m.blocked_ns[r])
			n += (size_t)snprintf(buf + n, size - n, " %s %.3f", lttr_block_name(r),
					      ms(m.blocked_ns[r]));
	if (m.other_ns && n < size)
		snprintf(buf + n, size - n, " unknown %.3f", ms(m.other_ns));
}

/* whether node @i is its parent's last child (preorder: a later sibling
 * comes before the first node out of the parent's subtree) */
static bool is_last(const uint32_t *parent, size_t n, size_t i)
{
	size_t j;

	for (j = i + 1; j < n; j++) {
		if (parent[j] == parent[i])
			return false;
		if (parent[j] != UINT32_MAX && parent[j] < parent[i])
			return true;
	}
	return true;
}

/*
 * The tree's drawing before node @k: its ancestors' lines, its own branch;
 * or, @cont, before a line of its own under it: its ancestors' lines, its
 * own (when a sibling follows) and its first child's (when it has one).
 */
static void prefix(const struct tui *u, const uint32_t *parent, size_t n, size_t k, bool cont,
		   char *buf, size_t size)
{
	const char *vert = u->utf8 ? "\u2502  " : "|  ", *mid = u->utf8 ? "\u251c\u2500 " : "|- ";
	const char *end = u->utf8 ? "\u2514\u2500 " : "`- ";
	size_t chain[64], depth = 0, i;

	buf[0] = '\0';
	for (i = k; i < n && parent[i] != UINT32_MAX && depth < 64; i = parent[i])
		chain[depth++] = i;
	while (depth--) {
		bool last = is_last(parent, n, chain[depth]);
		const char *s = depth || cont ? (last ? "   " : vert) : (last ? end : mid);

		if (strlen(buf) + strlen(s) < size)
			strcat(buf, s);
	}
	if (cont && strlen(buf) + 8 < size)
		strcat(buf, k + 1 < n && parent[k + 1] == k ? vert : "   ");
}

static void list_line(struct tui *u, int y, size_t k, bool sel)
{
	char line[1024];

	if (nesting(u)) {
		const struct lttr_pattern *pt = &u->paths.r->patterns->v[k];

		snprintf(line, sizeof(line), "%4zu %7llu %12.3f %10.3f  %s", k + 1,
			 (unsigned long long)pt->count, ms(pt->total_ns),
			 ms(lttr_pattern_mean(pt)), pt->key);
	} else {
		const struct lttr_conv_graph *g = u->paths.r->graph;
		size_t n, i, r = conv_root(u, k, &n), len;

		len = (size_t)snprintf(line, sizeof(line), "%4zu %7zu %12llu  %s", k + 1, n - 1,
				       n > 1 ? (unsigned long long)g->v[r + 1].count : 0ULL,
				       u->paths.s->nodes[g->v[r].node]);
		for (i = r + 1; i < r + n && len < sizeof(line); i++)
			len += (size_t)snprintf(line + len, sizeof(line) - len, "%s%s",
						g->v[i].depth > g->v[i - 1].depth ? " -> " : " | ",
						u->paths.s->nodes[g->v[i].node]);
	}
	tui_clip(y, 0, u->w, line, sel ? A_REVERSE : A_NORMAL);
	if (sel)
		mvchgat(y, 0, u->w, A_REVERSE, 0, NULL);
}

/* the name of node @k of the tree shown */
static const char *node_name(const struct tui *u, size_t k)
{
	size_t m;

	if (nesting(u))
		return u->paths.s->nodes[u->paths.r->patterns->v[u->paths.pat].nodes[k].node];
	return u->paths.s->nodes[u->paths.r->graph->v[conv_root(u, u->paths.pat, &m) + k].node];
}

/*
 * A hop's line: the tree and the name in @nw cells, then its figures; the
 * callee's split after them, or (@wrap: a narrow terminal) on a line of
 * its own under them.  Return: the lines drawn, at most @room.
 */
static int tree_line(struct tui *u, int y, const uint32_t *parent, size_t n, size_t k, int nw,
		     bool sel, bool wrap, int room)
{
	char pre[256], line[1024], sp[512];
	size_t len;
	int lines = 1;

	prefix(u, parent, n, k, false, pre, sizeof(pre));
	len = (size_t)snprintf(line, sizeof(line), "%s%s%*s", pre, node_name(u, k),
			       nw - cells(pre) - cells(node_name(u, k)), "");
	if (len >= sizeof(line))
		len = sizeof(line) - 1;
	sp[0] = '\0';
	if (nesting(u) && k) {
		const struct lttr_pattern *pt = &u->paths.r->patterns->v[u->paths.pat];
		const struct lttr_pnode *pn = &pt->nodes[k];

		if (u->paths.r->split)
			split_str(pn, sp, sizeof(sp));
		snprintf(line + len, sizeof(line) - len, " %7llu %9.3f %9.3f %9.3f %9.3f%s%s",
			 (unsigned long long)pn->latency.count, ms(lttr_lat_mean(&pn->latency)),
			 ms(pn->latency_p90_ns), ms(lttr_lat_mean(&pn->delay)),
			 ms(lttr_pnode_transit_mean(pn)), sp[0] && !wrap ? "  " : "",
			 wrap ? "" : sp);
	} else if (k) {
		size_t m, r = conv_root(u, u->paths.pat, &m);
		const struct lttr_conv_vertex *v = &u->paths.r->graph->v[r + k];

		snprintf(line + len, sizeof(line) - len, " %7llu %9.3f %9.3f  spike %.1f sigma",
			 (unsigned long long)v->count, ms(v->delay_ns), ms(v->mean_ns), v->height);
	}
	move(y, 0);
	clrtoeol();
	tui_clip(y, 0, u->w, line, sel ? A_REVERSE : A_NORMAL);
	if (sel)
		mvchgat(y, 0, u->w, A_REVERSE, 0, NULL);
	if (wrap && sp[0] && room > 1) {
		prefix(u, parent, n, k, true, pre, sizeof(pre));
		snprintf(line, sizeof(line), "%s   the callee's ms: %s", pre, sp);
		tui_clip(y + 1, 0, u->w, line, sel ? A_REVERSE : A_NORMAL);
		if (sel)
			mvchgat(y + 1, 0, u->w, A_REVERSE, 0, NULL);
		lines = 2;
	}
	return lines;
}

/* @text from (@y, @x) in lines of @width cells at most, cut at spaces, up
 * to line @ymax; the line after it */
static int wrapped(int y, int x, int width, int ymax, const char *text, attr_t attr)
{
	const char *p = text;

	while (*p && y < ymax && width > 10) {
		int n = (int)strlen(p), cut = n;

		if (n > width) {
			for (cut = width; cut > 0 && p[cut] != ' '; cut--)
				;
			if (!cut)
				cut = width;
		}
		attron(attr);
		mvaddnstr(y++, x, p, cut);
		attroff(attr);
		p += cut;
		while (*p == ' ')
			p++;
	}
	return y;
}

/* the tree's parents, as indexes (UINT32_MAX: the root) */
static uint32_t *parents(const struct tui *u, size_t n)
{
	uint32_t *p = calloc(n ? n : 1, sizeof(*p));
	size_t i;

	if (!p)
		return NULL;
	if (nesting(u)) {
		const struct lttr_pattern *pt = &u->paths.r->patterns->v[u->paths.pat];

		for (i = 0; i < n; i++)
			p[i] = pt->nodes[i].parent == LTTR_PNODE_ROOT ? UINT32_MAX : pt->nodes[i].parent;
	} else {
		size_t m, r = conv_root(u, u->paths.pat, &m);

		for (i = 0; i < n; i++)
			p[i] = u->paths.r->graph->v[r + i].parent == LTTR_CONV_ROOT ? UINT32_MAX :
				(uint32_t)(u->paths.r->graph->v[r + i].parent - r);
	}
	return p;
}

/* the widest tree and name, in cells (at least that of "hop") */
static int name_width(const struct tui *u, const uint32_t *parent, size_t n)
{
	char pre[256];
	size_t k;
	int w = 12;

	for (k = 0; k < n; k++) {
		prefix(u, parent, n, k, false, pre, sizeof(pre));
		if (cells(pre) + cells(node_name(u, k)) > w)
			w = cells(pre) + cells(node_name(u, k));
	}
	return w;
}

void tui_paths_draw(struct tui *u, int top, int height)
{
	char w[4][LTTR_MSG_WARNING_LEN], line[1024];
	size_t nw, n, i, k, rows, nn;
	uint32_t *parent;
	int y = top;

	if (!u->paths.computed) {
		mvaddstr(top, 2, "(the paths are searched for when this view is shown)");
		return;
	}
	if (u->paths.why[0]) {
		tui_clip(top, 2, u->w - 2, u->paths.why, tui_attr_err(u));
		return;
	}
	nw = lttr_msg_warnings(&u->paths.s->warn, w, 4);
	if (!u->paths.s->n) {
		mvaddstr(top, 2, "No messages between processes in this trace: no socket send was matched");
		mvaddstr(top + 1, 2, "with its receive.  Messages come from the sends and receives on connected");
		mvaddstr(top + 2, 2, "TCP and UDP sockets whose endpoints the trace records (format 1.4).");
		for (i = 0, y = top + 4; i < nw && i < 4; i++)
			y = wrapped(y, 2, u->w - 4, top + height, w[i], tui_attr_err(u));
		return;
	}
	n = nitems(u);
	if (nesting(u))
		snprintf(line, sizeof(line), "%zu messages, %zu call pairs, %llu paths in %zu patterns (nesting, by %s)",
			 u->paths.s->n, u->paths.r->nesting->npairs,
			 (unsigned long long)u->paths.r->patterns->paths, n,
			 u->paths.by_latency ? "total latency" : "count");
	else
		snprintf(line, sizeof(line), "%zu messages, %zu paths (convolution, quantum %.3f ms)",
			 u->paths.s->n, n, ms(u->paths.r->graph->quantum_ns));
	tui_clip(y++, 0, u->w, line, A_BOLD);
	for (i = 0; i < nw && i < 4; i++)
		y = wrapped(y, 0, u->w, top + height, w[i], tui_attr_err(u));
	if (!nesting(u)) {
		/* the convolution's own: a quantum chosen for the span, a partial graph */
		nw = lttr_conv_warnings(u->paths.r->graph, w, 4);
		for (i = 0; i < nw && i < 4; i++)
			y = wrapped(y, 0, u->w, top + height, w[i], tui_attr_err(u));
	}
	if (!n) {
		tui_clip(y + 1, 2, u->w - 2, nesting(u) ?
			 "No call was matched with its return: the nesting algorithm finds no path here (c: the convolution)." :
			 "The convolution algorithm finds no path in these messages (c: nesting).",
			 A_NORMAL);
		return;
	}
	/* the list: a third of the room at most */
	rows = (size_t)(height - (y - top)) / 3;
	if (rows < 2)
		rows = 2;
	if (rows > n)
		rows = n;
	if (u->paths.pat >= n)
		u->paths.pat = n - 1;
	if (u->paths.pat < u->paths.ptop)
		u->paths.ptop = u->paths.pat;
	if (u->paths.pat >= u->paths.ptop + rows)
		u->paths.ptop = u->paths.pat - rows + 1;
	snprintf(line, sizeof(line), "%4s %7s %12s %10s  %s", "#", nesting(u) ? "count" : "edges",
		 nesting(u) ? "total_ms" : "messages", nesting(u) ? "mean_ms" : "", nesting(u) ?
		 "pattern" : "path");
	attron(A_BOLD | A_UNDERLINE);
	mvhline(y, 0, ' ', u->w);
	attroff(A_BOLD | A_UNDERLINE);
	tui_clip(y++, 0, u->w, line, A_BOLD | A_UNDERLINE);
	for (k = u->paths.ptop; k < n && k < u->paths.ptop + rows && y < top + height; k++)
		list_line(u, y++, k, k == u->paths.pat);
	/* the tree of the one selected */
	nn = nnodes(u, u->paths.pat);
	parent = parents(u, nn);
	if (!parent || y + 2 >= top + height) {
		free(parent);
		return;
	}
	y++;
	{
		int nw2 = name_width(u, parent, nn), per;
		bool wrap = false;
		char sp[512];

		/* the split on lines of their own when it does not fit beside */
		for (k = 1; nesting(u) && u->paths.r->split && k < nn; k++) {
			split_str(&u->paths.r->patterns->v[u->paths.pat].nodes[k], sp, sizeof(sp));
			if (nw2 + 50 + 2 + (int)strlen(sp) > u->w)
				wrap = true;
		}
		if (nesting(u))
			snprintf(line, sizeof(line), "%-*s %7s %9s %9s %9s %9s  %s", nw2, "hop", "calls",
				 "mean_ms", "p90_ms", "delay_ms", "transit", !u->paths.r->split ? "" :
				 wrap ? "" : "the callee's time (ms, mean per call)");
		else
			snprintf(line, sizeof(line), "%-*s %7s %9s %9s", nw2, "hop", "msgs", "delay_ms",
				 "mean_ms");
		attron(A_BOLD | A_UNDERLINE);
		mvhline(y, 0, ' ', u->w);
		attroff(A_BOLD | A_UNDERLINE);
		tui_clip(y++, 0, u->w, line, A_BOLD | A_UNDERLINE);
		if (u->paths.hop >= nn)
			u->paths.hop = nn ? nn - 1 : 0;
		per = wrap ? 2 : 1;
		rows = (size_t)(top + height - y) / (size_t)per;
		if (u->paths.hop < u->paths.top)
			u->paths.top = u->paths.hop;
		if (rows && u->paths.hop >= u->paths.top + rows)
			u->paths.top = u->paths.hop - rows + 1;
		for (k = u->paths.top; k < nn && y < top + height; k++)
			y += tree_line(u, y, parent, nn, k, nw2, k == u->paths.hop, wrap,
				       top + height - y);
	}
	free(parent);
}

/* Enter: the representative call of the hop (the path, on its first node) in view 1 */
static void jump(struct tui *u)
{
	const struct lttr_pattern *pt;
	const struct lttr_callpair *c;
	const struct lttr_msg *m;
	size_t k = u->paths.hop, rep;
	uint64_t t0, t1, margin;
	char id[24], a[32], b[32];

	if (!nesting(u)) {
		tui_message(u, false, "the convolution keeps no instances of its edges: nothing to show");
		return;
	}
	pt = &u->paths.r->patterns->v[u->paths.pat];
	rep = k ? pt->nodes[k].rep : pt->rep;
	if (rep >= u->paths.r->nesting->npairs)
		return;
	c = &u->paths.r->nesting->pairs[rep];
	m = &u->paths.s->v[c->call_msg];
	t0 = c->call_send < c->call_recv ? c->call_send : c->call_recv;
	t1 = c->ret_recv > c->ret_send ? c->ret_recv : c->ret_send;
	margin = (t1 - t0) / 4 > 1000 ? (t1 - t0) / 4 : 1000;
	lttr_session_show(&u->s, t0 > margin ? t0 - margin : 0, t1 + margin);
	tui_set_cursor(u, k ? c->call_recv : c->call_send);
	u->view = V_FLOW;
	u->page = P_NONE;
	tui_graph_select_pid(u, k ? m->dst_pid : m->src_pid, 0);
	if (k)
		tui_message(u, false, "call %s %s -> %s: received %s, returned %s (%.3f ms); the callee's row (7: back to the paths)",
			    lttr_msg_id_str(u->paths.s, m, id, sizeof(id)), u->paths.s->nodes[c->caller],
			    u->paths.s->nodes[c->callee],
			    lttr_fmt_time(tui_rel(u, c->call_recv), a, sizeof(a)),
			    lttr_fmt_time(tui_rel(u, c->ret_send), b, sizeof(b)),
			    ms(c->ret_send - c->call_recv));
	else
		tui_message(u, false, "path of call %s from %s: sent %s, its return received %s (%.3f ms) (7: back to the paths)",
			    lttr_msg_id_str(u->paths.s, m, id, sizeof(id)), u->paths.s->nodes[c->caller],
			    lttr_fmt_time(tui_rel(u, c->call_send), a, sizeof(a)),
			    lttr_fmt_time(tui_rel(u, c->ret_recv), b, sizeof(b)),
			    ms(c->ret_recv - c->call_send));
}

/* the patterns in the other order: the library sorts them again */
static void resort(struct tui *u)
{
	struct lttr_patterns *p = NULL;
	struct lttr_error err;

	u->paths.by_latency = !u->paths.by_latency;
	if (!nesting(u))
		return;
	if (lttr_patterns_build(u->paths.s, u->paths.r->nesting, u->paths.r->split,
				u->paths.by_latency ? LTTR_SORT_LATENCY : LTTR_SORT_COUNT, &p,
				&err) < 0) {
		tui_message(u, true, "%s", err.msg);
		u->paths.by_latency = !u->paths.by_latency;
		return;
	}
	lttr_patterns_free(u->paths.r->patterns);
	u->paths.r->patterns = p;
	u->paths.pat = u->paths.hop = u->paths.top = u->paths.ptop = 0;
}

bool tui_paths_key(struct tui *u, enum lttr_kaction act, int height)
{
	size_t n = nitems(u), nn = nnodes(u, u->paths.pat);

	(void)height;
	switch (act) {
	case LTTR_KA_PATHS_ALGO:
		u->paths.convolution = !u->paths.convolution;
		compute(u);
		return true;
	case LTTR_KA_PATHS_AGAIN:
		compute(u);
		return true;
	default:
		break;
	}
	if (!u->paths.computed || u->paths.why[0] || !n)
		return false;
	switch (act) {
	case LTTR_KA_HOP_PREV:
		if (u->paths.hop)
			u->paths.hop--;
		return true;
	case LTTR_KA_HOP_NEXT:
		if (u->paths.hop + 1 < nn)
			u->paths.hop++;
		return true;
	case LTTR_KA_PATTERN_PREV:
		if (u->paths.pat) {
			u->paths.pat--;
			u->paths.hop = u->paths.top = 0;
		}
		return true;
	case LTTR_KA_PATTERN_NEXT:
		if (u->paths.pat + 1 < n) {
			u->paths.pat++;
			u->paths.hop = u->paths.top = 0;
		}
		return true;
	case LTTR_KA_PATHS_ORDER:
		resort(u);
		return true;
	case LTTR_KA_PATHS_SHOW:
		jump(u);
		return true;
	default:
		return false;
	}
}
