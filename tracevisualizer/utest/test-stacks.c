// SPDX-License-Identifier: GPL-2.0
/*
 * test-stacks.c - the stack records (lttr_stack_decode()) and the folded
 * stacks (lttr_stacks_compute()), on a trace worked out by hand:
 *   task 5 blocks at 100 and at 500 with the same stacks, woken at 300
 *   and 700: 400 ns on that stack, folded root first, user frames then
 *   kernel frames; task 6 blocks at 400 without a stack until the end:
 *   600 ns "[no stack]"; every task's lines add up to its blocked time
 *   in the accounting; a stack record that does not follow its event is
 *   an orphan, left out; task 6 wakes 5 at 300 from one stack, the idle
 *   task at 700 without one; a window clips the intervals (and the
 *   blocked time is the windowed accounting's); a stack record cut short (its
 *   counts claim more addresses than it holds) is refused and said,
 *   never read past.
 * The CPU profile (format 1.10): samples weigh one each, with their
 * stack record or, in a trace without stacks of samples, as their
 * instruction alone; a sample whose stack record is missing is
 * "[no stack]"; --pid counts the sampled task's; a trace without samples
 * says so.
 * The flame graph's layout (lttr_flame_layout()) of folded lines given
 * by hand: merged by prefix, siblings by name frame by frame ("a" before
 * "a+1" though "a+1;z" sorts before "a;b" as a whole line), each box as
 * wide as its children and its own weight, the roots covering the total.
 * The call tree (lttr_stacktree_*()) of lines given by hand, top down and
 * inverted: each node's count, weight and self weight, siblings heaviest
 * first, find, search, path; of the trace: a stack's node weighs the
 * accounting's blocked time, restricted to a task and to a window.
 * The progress (lttr_stacks_opts.progress) on a generated trace of 20000
 * events: told every 4096 events, rising, the result the same as without
 * it; a nonzero answer stops the pass with LTTR_E_CANCELED and no result.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/lttr.h>
#include "tap.h"
#include "tracegen.h"

#define T0 1000000000ULL

#define S_DESC \
	"header format=1.8 stacks=schedchange,wakeup end=1000001000\n" \
	"proc PID: 5; PPID: 1; TGID: 5; NAME: a\n" \
	"proc PID: 6; PPID: 1; TGID: 6; NAME: b\n" \
	"buf cpu=0 start=1000000000 pid=5\n" \
	"1000000000 start 5 0\n" \
	"1000000100 sched 5 6 1\n" \
	"1000000100 stack 5 schedchange 0 2 2 0xffffffff81000010 0xffffffff81000020 0x401000 0x402000\n" \
	"1000000300 wakeup 5 0 0\n" \
	"1000000300 stack 6 wakeup 0 1 1 0xffffffff81000030 0x403000\n" \
	"1000000400 sched 6 5 1\n" \
	"1000000500 sched 5 0 1\n" \
	"1000000500 stack 5 schedchange 0 2 2 0xffffffff81000010 0xffffffff81000020 0x401000 0x402000\n" \
	"1000000600 stack 5 schedchange 0 0 0\n" \
	"1000000700 wakeup 5 0 0\n" \
	"1000000710 sched 0 5 0\n"

#define STACK5 "0x402000;0x401000;0xffffffff81000020;0xffffffff81000010"

static const struct lttr_stack_line *line(const struct lttr_stacks *s, const char *f)
{
	size_t i;

	for (i = 0; s && i < s->nlines; i++)
		if (!strcmp(s->lines[i].folded, f))
			return &s->lines[i];
	return NULL;
}

static void dump(const struct lttr_stacks *s)
{
	size_t i;

	for (i = 0; s && i < s->nlines; i++)
		tap_diag("  %s %llu", s->lines[i].folded, (unsigned long long)s->lines[i].value);
}

static uint64_t blocked(struct lttr_trace *t, uint32_t pid)
{
	struct lttr_account *a;
	struct lttr_error err;
	uint64_t v = 0;
	size_t i;

	if (lttr_account_compute(t, &a, &err) < 0)
		return UINT64_MAX;
	for (i = 0; i < a->ntasks; i++)
		if (a->tasks[i].pid == pid)
			v += lttr_acct_task_blocked(&a->tasks[i]);
	lttr_account_free(a);
	return v;
}

static void test_decode(struct lttr_trace *t)
{
	struct lttr_event *ev;
	struct lttr_stack st;
	size_t n, i, found = 0;
	int status;

	ev = tg_all_events(t, &n, 0, &status);
	for (i = 0; ev && i < n; i++) {
		if (ev[i].id != LTT_EV_STACK || ev[i].time_ns != T0 + 100)
			continue;
		found++;
		ok(lttr_stack_decode(&ev[i], &st, NULL, 0) == 0 && st.pid == 5 &&
		   st.of_id == LTT_EV_SCHEDCHANGE && st.kernel_nr == 2 && st.user_nr == 2 &&
		   st.kernel[0] == 0xffffffff81000010ULL && st.kernel[1] == 0xffffffff81000020ULL &&
		   st.user[0] == 0x401000 && st.user[1] == 0x402000,
		   "a stack record decodes: pid, event, kernel then user addresses");
	}
	ok(found == 1, "one stack record at 100 ns");
	if (ev && n) {
		char why[128];

		ok(lttr_stack_decode(&ev[0], &st, why, sizeof(why)) == -LTTR_E_INVAL,
		   "another event is not a stack record: %s", why);
	}
	free(ev);
}

static void test_fold(void)
{
	struct lttr_stacks_opts o = { .kind = LTTR_STACKS_OFFCPU };
	struct lttr_stacks *s = NULL;
	const struct lttr_stack_line *l;
	struct lttr_trace *t;
	struct lttr_error err;
	uint64_t b5, b6;

	if (tg_open("s", S_DESC, 0, &t, &err)) {
		ok(0, "the stack trace opens: %s", err.msg);
		return;
	}
	test_decode(t);
	b5 = blocked(t, 5);
	b6 = blocked(t, 6);
	ok(b5 == 400 && b6 == 600, "the accounting: 5 blocked 400 ns, 6 600 ns (%llu, %llu)",
	   (unsigned long long)b5, (unsigned long long)b6);

	ok(lttr_stacks_compute(t, &o, &s, &err) == 0 && s->has_stacks, "offcpu stacks");
	l = line(s, STACK5);
	ok(l && l->value == 400, "5's two blocks on one stack, root first, user then kernel: 400 ns");
	l = line(s, "[no stack]");
	ok(l && l->value == 600 && s->unstacked == 600,
	   "6's block without a stack record: [no stack] 600 ns");
	ok(s && s->nlines == 2 && s->total == 400 && s->blocked_ns == b5 + b6 &&
	   s->total + s->unstacked == s->blocked_ns,
	   "the lines add up to the accounting's blocked time (%llu)",
	   s ? (unsigned long long)s->blocked_ns : 0ULL);
	ok(s && s->orphans == 1 && s->bad == 0, "the stack record at 600 follows no schedchange: an orphan");
	ok(s && s->intervals == 3, "3 blocked intervals");
	dump(s);
	lttr_stacks_free(s);

	o.has_pid = true;
	o.pid = 5;
	ok(lttr_stacks_compute(t, &o, &s, &err) == 0 && s->nlines == 1 &&
	   s->total == 400 && s->blocked_ns == b5 && !s->unstacked, "--pid 5: its one stack");
	lttr_stacks_free(s);

	o.has_pid = false;
	o.windowed = true;
	o.from_ns = T0 + 200;
	o.to_ns = T0 + 550;
	ok(lttr_stacks_compute(t, &o, &s, &err) == 0 && (l = line(s, STACK5)) &&
	   l->value == 150 && (l = line(s, "[no stack]")) && l->value == 150 &&
	   s->blocked_ns == 300,
	   "window 200-550: 100 + 50 ns on 5's stack, 150 ns of 6's block");
	dump(s);
	lttr_stacks_free(s);

	o = (struct lttr_stacks_opts){ .kind = LTTR_STACKS_WAKEUP };
	ok(lttr_stacks_compute(t, &o, &s, &err) == 0 && (l = line(s, "0x403000;0xffffffff81000030")) &&
	   l->value == 1 && s->unstacked == 1 && s->intervals == 2 && s->total == 1,
	   "wakeup: 6's stack once, the idle task's wakeup at 700 without one");
	dump(s);
	lttr_stacks_free(s);
	lttr_trace_close(t);

	o.kind = 7;
	ok(tg_open("s2", S_DESC, 0, &t, &err) == 0 &&
	   lttr_stacks_compute(t, &o, &s, &err) == -LTTR_E_INVAL, "an unknown kind: refused");
	lttr_trace_close(t);
	ok(tg_open("s3", "header format=1.8 end=1000001000\n"
		   "buf cpu=0 start=1000000000 pid=5\n1000000000 start 5 0\n", 0, &t, &err) == 0 &&
	   lttr_stacks_compute(t, &(struct lttr_stacks_opts){ .kind = LTTR_STACKS_OFFCPU }, &s,
			       &err) == 0 && !s->has_stacks && !s->nlines,
	   "a trace recorded without stacks says so");
	lttr_stacks_free(s);
	lttr_trace_close(t);
}

#define C_DESC \
	"header format=1.10 samplehz=1000 stacks=sample end=1000001000\n" \
	"buf cpu=0 start=1000000000 pid=5\n" \
	"1000000000 start 5 0\n" \
	"1000000100 sample 5 0x401010 1\n" \
	"1000000100 stack 5 sample 0 0 3 0x401010 0x402000 0x403000\n" \
	"1000000200 sample 5 0x401020 1\n" \
	"1000000200 stack 5 sample 0 0 3 0x401020 0x402000 0x403000\n" \
	"1000000300 sample 5 0x401010 1\n" \
	"1000000300 stack 5 sample 0 0 3 0x401010 0x402000 0x403000\n" \
	"1000000400 sample 0 0xffffffff81000100 0\n" \
	"1000000400 stack 0 sample 8 1 0 0xffffffff81000100\n" \
	"1000000500 sample 5 0x401010 1\n" \
	"1000000600 sched 5 0 1\n"

static void test_cpu(void)
{
	struct lttr_stacks_opts o = { .kind = LTTR_STACKS_CPU };
	struct lttr_stacks *s = NULL;
	const struct lttr_stack_line *l;
	struct lttr_trace *t;
	struct lttr_error err;

	if (tg_open("cpu", C_DESC, 0, &t, &err)) {
		ok(0, "the sampled trace opens: %s", err.msg);
		return;
	}
	ok(lttr_stacks_compute(t, &o, &s, &err) == 0 && s->has_stacks && s->sample_hz == 1000,
	   "cpu stacks of a trace sampled at 1000 Hz");
	l = line(s, "0x403000;0x402000;0x401010");
	ok(l && l->value == 2, "two samples on one stack, root first");
	l = line(s, "0x403000;0x402000;0x401020");
	ok(l && l->value == 1, "one at another instruction");
	l = line(s, "0xffffffff81000100");
	ok(l && l->value == 1, "the idle task's kernel sample");
	l = line(s, "[no stack]");
	ok(l && l->value == 1 && s->unstacked == 1,
	   "the sample at 500 has no stack record: [no stack]");
	ok(s && s->intervals == 5 && s->total == 4 && s->orphans == 0, "5 samples, 4 with stacks");
	dump(s);
	lttr_stacks_free(s);

	o.has_pid = true;
	o.pid = 0;
	ok(lttr_stacks_compute(t, &o, &s, &err) == 0 && s->nlines == 1 && s->total == 1 &&
	   line(s, "0xffffffff81000100"), "--pid 0: the idle task's sample only");
	lttr_stacks_free(s);
	lttr_trace_close(t);

	/* sampled without --stacks sample: each sample is its instruction */
	if (tg_open("cpu2", "header format=1.10 samplehz=997 end=1000001000\n"
		    "buf cpu=0 start=1000000000 pid=5\n1000000000 start 5 0\n"
		    "1000000100 sample 5 0x401010 1\n1000000200 sample 5 0x401010 1\n"
		    "1000000300 sample 5 0xffffffff81000200 0\n", 0, &t, &err)) {
		ok(0, "a trace of samples without stacks opens: %s", err.msg);
		return;
	}
	o = (struct lttr_stacks_opts){ .kind = LTTR_STACKS_CPU };
	ok(lttr_stacks_compute(t, &o, &s, &err) == 0 && s->has_stacks && s->nlines == 2 &&
	   (l = line(s, "0x401010")) && l->value == 2 &&
	   (l = line(s, "0xffffffff81000200")) && l->value == 1 && !s->unstacked,
	   "without stacks of samples: one frame each, the instruction");
	dump(s);
	lttr_stacks_free(s);
	lttr_trace_close(t);

	ok(tg_open("cpu3", "header format=1.8 end=1000001000\n"
		   "buf cpu=0 start=1000000000 pid=5\n1000000000 start 5 0\n", 0, &t, &err) == 0 &&
	   lttr_stacks_compute(t, &o, &s, &err) == 0 && !s->has_stacks && !s->nlines,
	   "a trace without samples says so");
	lttr_stacks_free(s);
	lttr_trace_close(t);
}

/*
 * --kind syscall:read (1.10): the stacks at the entries of read (0) of
 * the task asked, not those of write (1), whose stacks are in the trace
 * too; an entry of read without its stack record is [no stack]; --kind
 * syscall:close, which has no stacks, says so.
 */
static void test_syscall(void)
{
	struct lttr_stacks_opts o = { 0 };
	struct lttr_stacks *s = NULL;
	const struct lttr_stack_line *l;
	struct lttr_trace *t;
	struct lttr_error err;
	int k;

	if (tg_open("sys", "header format=1.10 stacks=syscall_entry stacksys=0,1 end=1000001000\n"
		    "buf cpu=0 start=1000000000 pid=5\n1000000000 start 5 0\n"
		    "1000000100 syscall_entry 0\n"
		    "1000000100 stack 5 syscall_entry 0 1 2 0xffffffff81000010 0x401000 0x402000\n"
		    "1000000200 syscall_exit 0 1\n"
		    "1000000300 syscall_entry 1\n"
		    "1000000300 stack 5 syscall_entry 0 0 2 0x401100 0x402000\n"
		    "1000000400 syscall_exit 1 1\n"
		    "1000000500 syscall_entry 0\n"
		    "1000000500 stack 5 syscall_entry 0 1 2 0xffffffff81000010 0x401000 0x402000\n"
		    "1000000600 syscall_exit 0 1\n"
		    "1000000700 syscall_entry 0\n"
		    "1000000800 syscall_exit 0 1\n", 0, &t, &err)) {
		ok(0, "the trace of syscall stacks opens: %s", err.msg);
		return;
	}
	k = lttr_stacks_kind_parse("syscall:read", &o.event_id, &o.syscall_nr);
	ok(k == LTTR_STACKS_EVENT && o.event_id == LTT_EV_SYSCALL_ENTRY && o.syscall_nr == 0,
	   "syscall:read is the entries of syscall 0");
	o.kind = (unsigned int)k;
	ok(lttr_stacks_compute(t, &o, &s, &err) == 0 && s->has_stacks &&
	   (l = line(s, "0x402000;0x401000;0xffffffff81000010")) && l->value == 2 &&
	   !line(s, "0x402000;0x401100") && s->unstacked == 1 && s->intervals == 3,
	   "syscall:read: its two stacked entries on one line, the third [no stack], not write's");
	dump(s);
	lttr_stacks_free(s);
	k = lttr_stacks_kind_parse("syscall:close", &o.event_id, &o.syscall_nr);
	ok(k == LTTR_STACKS_EVENT && lttr_stacks_compute(t, &o, &s, &err) == 0 && !s->has_stacks,
	   "syscall:close, not asked for: no stacks");
	lttr_stacks_free(s);
	ok(lttr_stacks_kind_parse("syscall:no_such_call", &o.event_id, &o.syscall_nr) == -1 &&
	   lttr_stacks_kind_parse("no_such_event", &o.event_id, &o.syscall_nr) == -1 &&
	   lttr_stacks_kind_parse("stack", &o.event_id, &o.syscall_nr) == -1 &&
	   lttr_stacks_kind_parse("syscall_entry", &o.event_id, &o.syscall_nr) == LTTR_STACKS_EVENT &&
	   o.syscall_nr == -1 && lttr_stacks_kind_parse("cpu", &o.event_id, &o.syscall_nr) ==
	   LTTR_STACKS_CPU, "kinds: an unknown syscall or event is refused");
	lttr_trace_close(t);
}

static void test_cut(void)
{
	struct lttr_stacks_opts o = { .kind = LTTR_STACKS_OFFCPU };
	struct lttr_stacks *s = NULL;
	struct lttr_trace *t;
	struct lttr_error err;
	size_t i;
	bool said = false;

	/* the counts claim 4 kernel addresses, the record holds 2 */
	if (tg_open("cut", "header format=1.8 stacks=schedchange end=1000001000\n"
		    "buf cpu=0 start=1000000000 pid=5\n1000000000 start 5 0\n"
		    "1000000100 sched 5 0 1\n"
		    "1000000100 stack 5 schedchange 0 2 0 0xffffffff81000010 0xffffffff81000020 kernel_nr=4\n"
		    "1000000300 wakeup 5 0 0\n", LTTR_OPEN_SALVAGE, &t, &err)) {
		ok(0, "a trace with a stack record cut short opens (salvage): %s", err.msg);
		return;
	}
	ok(1, "a trace with a stack record cut short opens (salvage)");
	ok(lttr_stacks_compute(t, &o, &s, &err) == 0 && s->total == 0 && !line(s, "0xffffffff81000020;0xffffffff81000010"),
	   "the cut record gives no stack");
	for (i = 0; i < lttr_trace_warning_count(t); i++) {
		tap_diag("warning: %s", lttr_trace_warning(t, i));
		said |= strstr(lttr_trace_warning(t, i), "stack") != NULL;
	}
	ok(said, "and is said in a warning");
	lttr_stacks_free(s);
	lttr_trace_close(t);
}

static void test_flame(void)
{
	static const struct {
		const char *name;
		unsigned int depth;
		long parent;
		uint64_t x, w, self;
	} want[] = {
		{ "a", 0, -1, 0, 10, 0 },
		{ "b", 1, 0, 0, 5, 2 },
		{ "c", 2, 1, 2, 3, 3 },
		{ "d", 1, 0, 5, 5, 5 },
		{ "a+1", 0, -1, 10, 11, 0 },
		{ "z", 1, 4, 10, 11, 11 },
		{ "e", 0, -1, 21, 7, 7 },
	};
	struct lttr_stack_line lines[] = {
		{ (char *)"a+1;z", 11, 1 }, { (char *)"a;b", 2, 1 }, { (char *)"a;b;c", 3, 1 },
		{ (char *)"a;d", 5, 1 }, { (char *)"e", 7, 1 },
	};
	struct lttr_stacks s = { .nlines = 5, .lines = lines, .total = 28 };
	struct lttr_stacks empty = { 0 };
	struct lttr_flame *f = NULL;
	size_t i, nw = sizeof(want) / sizeof(want[0]), bad = 0;

	if (lttr_flame_layout(&s, &f) < 0) {
		ok(0, "the flame graph is laid out");
		return;
	}
	ok(f->nboxes == nw && f->total == 28 && f->depth == 3,
	   "7 boxes over 28, 3 levels (%zu, %llu, %u)", f->nboxes,
	   (unsigned long long)f->total, f->depth);
	for (i = 0; i < nw && i < f->nboxes; i++) {
		const struct lttr_flame_box *b = &f->boxes[i];

		if (strcmp(b->name, want[i].name) || b->depth != want[i].depth ||
		    b->parent != want[i].parent || b->x != want[i].x || b->w != want[i].w ||
		    b->self != want[i].self) {
			bad++;
			tap_diag("  box %zu: %s depth %u parent %ld x %llu w %llu self %llu", i,
				 b->name, b->depth, b->parent, (unsigned long long)b->x,
				 (unsigned long long)b->w, (unsigned long long)b->self);
		}
	}
	ok(!bad, "each box: its name, depth, parent, x, width and self weight");
	{	/* the search: the boxes whose name holds the text, and their weight */
		unsigned char m[8];

		ok(lttr_flame_match(f, "a", -1, m) == 21 && m[0] && m[4] && !m[1] && !m[5] &&
		   !m[6], "search \"a\": a and a+1 matched, 10 + 11");
		ok(lttr_flame_match(f, "d", 1, m) == 0 && m[3] && lttr_flame_match(f, "c", 1, m) == 3,
		   "zoomed to b: d (beside it) matched but not counted, c counted");
		ok(lttr_flame_match(f, "", -1, m) == 0 && !memchr(m, 1, f->nboxes) &&
		   lttr_flame_match(f, "q", -1, NULL) == 0, "nothing to find: no box, 0");
		ok(lttr_flame_subtree_end(f, 0) == 4 && lttr_flame_subtree_end(f, 1) == 3 &&
		   lttr_flame_subtree_end(f, 6) == 7, "the subtrees: a [0, 4), b [1, 3), e [6, 7)");
	}
	lttr_flame_free(f);
	{	/* a frame matched above a matched one counts once */
		struct lttr_stack_line nl[] = { { (char *)"x;x", 4, 1 }, { (char *)"x;y", 3, 1 } };
		struct lttr_stacks ns = { .nlines = 2, .lines = nl, .total = 7 };

		ok(lttr_flame_layout(&ns, &f) == 0 && lttr_flame_match(f, "x", -1, NULL) == 7,
		   "search \"x\" in x;x and x;y: 7, the inner x not counted again");
		lttr_flame_free(f);
	}
	ok(lttr_flame_layout(&empty, &f) == 0 && f->nboxes == 0 && f->total == 0 && f->depth == 0,
	   "no stacks: no box");
	lttr_flame_free(f);
}

/* a tree in pre-order as "depth:frame:count:value:self_value" lines */
static int tree_is(const struct lttr_stacktree *tr, const char *const *want, size_t nw)
{
	size_t i, bad = 0;
	char b[256];

	for (i = 0; i < tr->n || i < nw; i++) {
		const struct lttr_stacktree_node *v = i < tr->n ? &tr->v[i] : NULL;

		if (v)
			snprintf(b, sizeof(b), "%u:%s:%llu:%llu:%llu", v->depth, v->frame,
				 (unsigned long long)v->count, (unsigned long long)v->value,
				 (unsigned long long)v->self_value);
		if (!v || i >= nw || strcmp(b, want[i])) {
			bad++;
			tap_diag("  node %zu: %s, want %s", i, v ? b : "none", i < nw ? want[i] : "none");
		}
	}
	return !bad;
}

static void test_tree(void)
{
	static const char *const down[] = {
		"0:m:4:450:0", "1:s:3:400:0", "2:w:3:400:0", "3:r:3:400:300", "4:k:1:100:100",
		"1:c:1:50:0", "2:l:1:50:50", "0:[no stack]:1:20:20",
	};
	static const char *const up[] = {
		"0:r:2:300:0", "1:w:2:300:0", "2:s:2:300:0", "3:m:2:300:300",
		"0:k:1:100:0", "1:r:1:100:0", "2:w:1:100:0", "3:s:1:100:0", "4:m:1:100:100",
		"0:l:1:50:0", "1:c:1:50:0", "2:m:1:50:50",
		"0:[no stack]:1:20:20",
	};
	struct lttr_stack_line lines[] = {
		{ (char *)"[no stack]", 20, 1 }, { (char *)"m;c;l", 50, 1 },
		{ (char *)"m;s;w;r", 300, 2 }, { (char *)"m;s;w;r;k", 100, 1 },
	};
	struct lttr_stacks s = { .nlines = 4, .lines = lines, .total = 450, .unstacked = 20 };
	struct lttr_stacks_opts o = { .kind = LTTR_STACKS_OFFCPU };
	struct lttr_stacktree *tr = NULL;
	struct lttr_stacks *fs = NULL;
	struct lttr_trace *t;
	struct lttr_error err;
	char path[64];
	long i;

	if (lttr_stacktree_build(&s, false, &tr) < 0) {
		ok(0, "the call tree is built");
		return;
	}
	ok(tree_is(tr, down, sizeof(down) / sizeof(down[0])) && tr->count == 5 && tr->value == 470,
	   "top down: merged by prefix, heaviest first, each node its count, weight and self weight");
	ok(tr->n == 8 && tr->v[0].x == 0 && tr->v[1].x == 0 && tr->v[4].x == 0 && tr->v[5].x == 400 &&
	   tr->v[6].x == 400 && tr->v[7].x == 450, "each node's x: its parent's plus its elder siblings'");
	i = lttr_stacktree_find(tr, "m;s;w;r");
	ok(i == 3 && tr->v[i].end == 5 && tr->v[i].nchildren == 1 && tr->v[i].parent == 2,
	   "m;s;w;r found (index %ld), its subtree [3, 5)", i);
	ok(lttr_stacktree_find(tr, "m;s;x") == -1 && lttr_stacktree_find(tr, "s") == -1 &&
	   lttr_stacktree_find(tr, "m;c") == 5, "a path not in the tree is not found; m;c is");
	ok(lttr_stacktree_search(tr, "l", -1) == 6 && lttr_stacktree_search(tr, "m", 0) == 0 &&
	   lttr_stacktree_search(tr, "stack", 6) == 7 && lttr_stacktree_search(tr, "q", -1) == -1,
	   "search: the next frame holding the text, wrapping around");
	ok(!strcmp(lttr_stacktree_path(tr, 4, path, sizeof(path)), "m;s;w;r;k") &&
	   !strcmp(lttr_stacktree_path(tr, 4, path, 6), "m;s;w"), "the path of a node (and cut short)");
	lttr_stacktree_free(tr);
	tr = NULL;
	ok(lttr_stacktree_build(&s, true, &tr) == 0 && tr->inverted &&
	   tree_is(tr, up, sizeof(up) / sizeof(up[0])) && tr->value == 470,
	   "inverted: the innermost frames the roots, their callers under them, the stacks ending at main");
	lttr_stacktree_free(tr);
	tr = NULL;

	/* from a trace: the same numbers as the folded stacks and the accounting */
	if (tg_open("tree", S_DESC, 0, &t, &err)) {
		ok(0, "the stack trace opens: %s", err.msg);
		return;
	}
	ok(lttr_stacktree_compute(t, &o, false, &tr, &fs, &err) == 0, "the trace's call tree");
	i = tr ? lttr_stacktree_find(tr, STACK5) : -1;
	ok(i >= 0 && tr->v[i].value == 400 && tr->v[i].count == 2 && tr->v[i].value == blocked(t, 5),
	   "5's stack: 400 ns in 2 intervals, its blocked time in the accounting");
	ok(tr && tr->value == fs->total + fs->unstacked && tr->count == fs->intervals,
	   "the roots weigh the stacks' total and count their intervals");
	lttr_stacktree_free(tr);
	lttr_stacks_free(fs);
	o.has_pid = true;
	o.pid = 6;
	ok(lttr_stacktree_compute(t, &o, true, &tr, NULL, &err) == 0 && tr->n == 1 &&
	   !strcmp(tr->v[0].frame, "[no stack]") && tr->v[0].value == blocked(t, 6),
	   "--pid 6: its one block without a stack");
	lttr_stacktree_free(tr);
	o.has_pid = false;
	o.windowed = true;
	o.from_ns = T0 + 200;
	o.to_ns = T0 + 550;
	ok(lttr_stacktree_compute(t, &o, false, &tr, NULL, &err) == 0 &&
	   (i = lttr_stacktree_find(tr, STACK5)) >= 0 && tr->v[i].value == 150 &&
	   tr->v[i].count == 2, "a window [200, 550): 5's stack 100 + 50 ns, 2 intervals");
	lttr_stacktree_free(tr);
	lttr_trace_close(t);
}

#define P_ROUNDS 4000	/* of 5 events each */

/* a trace of 20000 events: 5 blocks on one stack and is woken by 6 from another */
static char *progress_desc(void)
{
	size_t cap = 1 << 22, n;
	char *d = malloc(cap);
	unsigned int i;
	uint64_t t = T0;

	if (!d)
		return NULL;
	n = (size_t)snprintf(d, cap, "header format=1.8 stacks=schedchange,wakeup end=%llu\n"
			     "proc PID: 5; PPID: 1; TGID: 5; NAME: a\n"
			     "proc PID: 6; PPID: 1; TGID: 6; NAME: b\n",
			     (unsigned long long)(T0 + 100ULL * P_ROUNDS));
	for (i = 0; i < P_ROUNDS; i++, t += 100) {
		if (i % 100 == 0)
			n += (size_t)snprintf(d + n, cap - n, "buf cpu=0 start=%llu pid=5\n",
					      (unsigned long long)t);
		n += (size_t)snprintf(d + n, cap - n,
			"%llu sched 5 6 1\n"
			"%llu stack 5 schedchange 0 1 1 0xffffffff81000010 0x401000\n"
			"%llu wakeup 5 0 0\n"
			"%llu stack 6 wakeup 0 1 1 0xffffffff81000030 0x403000\n"
			"%llu sched 6 5 0\n",
			(unsigned long long)t, (unsigned long long)t, (unsigned long long)t + 50,
			(unsigned long long)t + 50, (unsigned long long)t + 60);
	}
	return d;
}

struct prog {
	unsigned int calls, last, cancel_at;
	bool wrong;
};

static int progress_cb(void *arg, unsigned int pm)
{
	struct prog *p = arg;

	if (pm < p->last || pm > 1000)
		p->wrong = true;
	p->last = pm;
	return ++p->calls == p->cancel_at;
}

static void test_progress(void)
{
	char *desc = progress_desc();
	struct lttr_stacks_opts o = { .kind = LTTR_STACKS_OFFCPU, .progress = progress_cb };
	struct lttr_stacks *s = NULL, *s0 = NULL;
	struct prog p = { 0, 0, 0, false };
	struct lttr_trace *t;
	struct lttr_error err;
	unsigned int k;
	int r;

	if (!desc || tg_open("progress", desc, 0, &t, &err)) {
		ok(0, "the trace of %u events opens", 5 * P_ROUNDS);
		free(desc);
		return;
	}
	free(desc);
	o.progress_arg = &p;
	r = lttr_stacks_compute(t, &(struct lttr_stacks_opts){ .kind = LTTR_STACKS_OFFCPU }, &s0,
				&err);
	ok(r == 0 && s0->nlines == 1 && s0->total == 50ULL * P_ROUNDS && s0->total == blocked(t, 5),
	   "without progress: 5's blocks on one stack, the accounting's %llu ns",
	   s0 ? (unsigned long long)s0->total : 0ULL);
	ok(lttr_stacks_compute(t, &o, &s, &err) == 0 && s && s0 && s->nlines == s0->nlines &&
	   s->total == s0->total && s->unstacked == s0->unstacked &&
	   s->intervals == s0->intervals && !strcmp(s->lines[0].folded, s0->lines[0].folded),
	   "with progress: the same stacks");
	ok(p.calls == 5 * P_ROUNDS / 4096 && !p.wrong && p.last > 0,
	   "told every 4096 events, rising, within 0..1000 (%u calls, last %u)", p.calls, p.last);
	lttr_stacks_free(s);
	for (k = LTTR_STACKS_OFFCPU; k <= LTTR_STACKS_WAKEUP; k++) {
		p = (struct prog){ 0, 0, 2, false };
		o.kind = k;
		s = (struct lttr_stacks *)&p;	/* must be cleared */
		ok(lttr_stacks_compute(t, &o, &s, &err) == -LTTR_E_CANCELED &&
		   err.code == LTTR_E_CANCELED && !s && p.calls == 2 && !p.wrong,
		   "%s: a nonzero answer stops the pass at once: LTTR_E_CANCELED, no result",
		   lttr_stacks_kind_name(k));
	}
	lttr_stacks_free(s0);
	lttr_trace_close(t);
}

int main(void)
{
	test_fold();
	test_progress();
	test_flame();
	test_tree();
	test_cut();
	test_cpu();
	test_syscall();
	ok(!strcmp(lttr_stacks_kind_name(LTTR_STACKS_OFFCPU), "offcpu") &&
	   lttr_stacks_kind_lookup("wakeup") == LTTR_STACKS_WAKEUP &&
	   lttr_stacks_kind_lookup("cpu") == LTTR_STACKS_CPU &&
	   !strcmp(lttr_stacks_kind_name(LTTR_STACKS_CPU), "cpu") &&
	   lttr_stacks_kind_lookup("oncpu") == -1 && !lttr_stacks_kind_name(9), "kind names");
	return tap_done();
}
