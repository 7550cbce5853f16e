// SPDX-License-Identifier: GPL-2.0
/*
 * tracer_trigger.c - trigger conditions evaluated where the events are
 * written (LTT_IOC_SET_TRIGGERS, LTT_IOC_GET_HITS; <ltt/ltt-abi.h>,
 * docs/triggers.md): the conditions of the daemon's rules that need no
 * aggregate (a system call's or a wakeup's latency over a threshold, an
 * exit code, a signal), so that the daemon need not decode every event
 * they read to find the few that fire (the getppid loop: traced
 * evaluating each of its system calls doubled its time,
 * docs/benchmarks.md).
 *
 * ltt_trig_written() (tracer_buffer.h: a system call's entry and exit
 * inline, the others in ltt_trig_event()) runs in the writer right after
 * the event's record was written (tracer_buffer_write.c: ltt_record()
 * and the compact fast path): interrupts off, with the record's own
 * time, so that a latency is the one the trace's records give; only for
 * the ids the armed triggers read (ltt_trig_ids), none of which is
 * written from an NMI.  An event not recorded (masked, filtered, lost)
 * is not evaluated: the daemon would not see it either (a lost one only
 * drops the entries it would have paired, ltt_trig_lost()).  It reads the set
 * (fixed while tracing: LTT_IOC_SET_TRIGGERS is refused then) and writes
 * this CPU's ring and entry and the tasks' and wakeups' tables; writers
 * run only while ltt.active is set, so the memory is allocated and freed
 * while stopped, when no writer can be in it (STOP waits for a grace
 * period after clearing active).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/hash.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/ltt.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <asm/syscall.h>

#include "tracer_buffer.h"

DEFINE_STATIC_KEY_FALSE(ltt_triggers_on);
/* a system call trigger armed: ltt_trig_written() keeps their entries */
DEFINE_STATIC_KEY_FALSE(ltt_trig_sys_on);
/* the ids the armed triggers read (all below 64), fixed while tracing */
u64 ltt_trig_ids;
/* the shortest latency a system call trigger may hold for, fixed while tracing */
u64 ltt_trig_sys_min = U64_MAX;

/*
 * A system call's entry, for its exit's latency: on its CPU (struct
 * ltt_cpu's trig_t, its time only) while its task runs there, the common
 * case, read back by its exit with no hashing; moved to the tasks' table
 * (by pid, with the call's number from the task's registers) when its
 * task is switched out before its exit, read back there by an exit that
 * does not find it on its CPU.
 */
struct ltt_trig_task {
	u32 pid;		/* 0: empty */
	u32 nr;
	u64 t;
};

/* a CPU's hits: written by the CPU (interrupts off), read by GET_HITS */
struct ltt_trig_ring {
	u32 head;		/* next written: the CPU's */
	u32 tail;		/* next read: GET_HITS's */
	u64 lost;
	struct ltt_trig_hit hit[LTT_TRIG_RING];
};

static struct {
	u32 count;
	struct ltt_trigger trig[LTT_TRIGGERS_MAX];
	atomic64_t last[LTT_TRIGGERS_MAX];	/* time of its last hit, 0: none */
	atomic64_t held[LTT_TRIGGERS_MAX];	/* held off since */
	struct ltt_trig_task *tasks;
	struct ltt_trig_task *wakes;	/* by the woken pid: its first wakeup's time */
	u64 wake_min;		/* the shortest latency a wakeup trigger may hold for */
	struct ltt_trig_ring *rings;		/* nr_cpu_ids */
	struct mutex read_mutex;		/* one GET_HITS at a time */
} trig = {
	.read_mutex = __MUTEX_INITIALIZER(trig.read_mutex),
};

#define LTT_TRIG_TASK_BITS	ilog2(LTT_TRIG_TASKS)

/* the fields each kind of event has */
static bool ltt_trig_has(u16 on, u16 field)
{
	switch (field) {
	case LTT_TRIG_F_PID:
		return true;
	case LTT_TRIG_F_LATENCY:
		return on == LTT_TRIG_ON_SYSCALL_EXIT || on == LTT_TRIG_ON_WAKEUP;
	case LTT_TRIG_F_NR:
	case LTT_TRIG_F_RET:
		return on == LTT_TRIG_ON_SYSCALL_EXIT;
	case LTT_TRIG_F_CODE:
		return on == LTT_TRIG_ON_EXIT;
	case LTT_TRIG_F_SIG:
		return on == LTT_TRIG_ON_SIGNAL;
	default:
		return false;
	}
}

static int ltt_trig_check(const struct ltt_trigger_set *s)
{
	u32 i, k;

	BUILD_BUG_ON_NOT_POWER_OF_2(LTT_TRIG_TASKS);
	BUILD_BUG_ON_NOT_POWER_OF_2(LTT_TRIG_RING);
	BUILD_BUG_ON(LTT_EV_SYSCALL_ENTRY >= 64 || LTT_EV_SYSCALL_EXIT >= 64 ||
		     LTT_EV_SCHEDCHANGE >= 64 || LTT_EV_PROCESS_EXIT >= 64 ||
		     LTT_EV_SIGNAL_DELIVER >= 64 ||
		     LTT_EV_PROCESS_WAKEUP >= 64);
	if (s->count > LTT_TRIGGERS_MAX || s->reserved)
		return -EINVAL;
	for (i = 0; i < s->count; i++) {
		const struct ltt_trigger *g = &s->trig[i];

		if (g->on < LTT_TRIG_ON_SYSCALL_EXIT ||
		    g->on > LTT_TRIG_ON_WAKEUP || g->ntests > LTT_TRIG_TESTS ||
		    g->nr < -1 || (g->nr >= 0 && g->on != LTT_TRIG_ON_SYSCALL_EXIT))
			return -EINVAL;
		for (k = 0; k < g->ntests; k++)
			if (!ltt_trig_has(g->on, g->test[k].field) ||
			    g->test[k].op > LTT_TRIG_OP_GE || g->test[k].reserved)
				return -EINVAL;
	}
	return 0;
}

/*
 * The shortest latency for which system call trigger @g may hold: its
 * tests' lower bound on the latency (> v, >= v, == v), else 0.  An exit
 * of a shorter call is not evaluated (ltt_trig_sys_exit()).
 */
static u64 ltt_trig_min_latency(const struct ltt_trigger *g)
{
	u64 lo = 0;
	u32 k;

	for (k = 0; k < g->ntests; k++) {
		const struct ltt_trig_test *x = &g->test[k];
		u64 v;

		if (x->field != LTT_TRIG_F_LATENCY || x->value < 0)
			continue;
		if (x->op == LTT_TRIG_OP_GT)
			v = (u64)x->value + 1;
		else if (x->op == LTT_TRIG_OP_GE || x->op == LTT_TRIG_OP_EQ)
			v = (u64)x->value;
		else
			continue;
		lo = max(lo, v);
	}
	return lo;
}

/* Under ctl_mutex, stopped: no trigger armed, the memory freed. */
void ltt_trig_clear(void)
{
	if (static_key_enabled(&ltt_triggers_on))
		static_branch_disable(&ltt_triggers_on);
	if (static_key_enabled(&ltt_trig_sys_on))
		static_branch_disable(&ltt_trig_sys_on);
	trig.count = 0;
	WRITE_ONCE(ltt_trig_ids, 0);
	kvfree(trig.tasks);
	trig.tasks = NULL;
	kvfree(trig.wakes);
	trig.wakes = NULL;
	mutex_lock(&trig.read_mutex);
	kvfree(trig.rings);
	trig.rings = NULL;
	mutex_unlock(&trig.read_mutex);
}

/* Under ctl_mutex, stopped (the caller checks): the set @s. */
int ltt_trig_set(const struct ltt_trigger_set *s)
{
	int ret = ltt_trig_check(s);
	u64 ids;
	u32 i;

	if (ret)
		return ret;
	if (!s->count) {
		ltt_trig_clear();
		return 0;
	}
	if (!trig.tasks)
		trig.tasks = kvcalloc(LTT_TRIG_TASKS, sizeof(*trig.tasks),
				      GFP_KERNEL);
	if (!trig.wakes)
		trig.wakes = kvcalloc(LTT_TRIG_TASKS, sizeof(*trig.wakes),
				      GFP_KERNEL);
	if (!trig.rings) {
		struct ltt_trig_ring *r = kvcalloc(nr_cpu_ids, sizeof(*r),
						   GFP_KERNEL);

		mutex_lock(&trig.read_mutex);
		trig.rings = r;
		mutex_unlock(&trig.read_mutex);
	}
	if (!trig.tasks || !trig.wakes || !trig.rings) {
		ltt_trig_clear();
		return -ENOMEM;
	}
	memcpy(trig.trig, s->trig, sizeof(trig.trig));
	trig.count = s->count;
	ids = 0;
	ltt_trig_sys_min = U64_MAX;
	trig.wake_min = U64_MAX;
	for (i = 0; i < s->count; i++) {
		if (s->trig[i].on == LTT_TRIG_ON_SYSCALL_EXIT) {
			ids |= BIT_ULL(LTT_EV_SYSCALL_ENTRY) |
			       BIT_ULL(LTT_EV_SYSCALL_EXIT) |
			       BIT_ULL(LTT_EV_SCHEDCHANGE);
			ltt_trig_sys_min = min(ltt_trig_sys_min,
					       ltt_trig_min_latency(&s->trig[i]));
		} else if (s->trig[i].on == LTT_TRIG_ON_WAKEUP) {
			ids |= BIT_ULL(LTT_EV_PROCESS_WAKEUP) |
			       BIT_ULL(LTT_EV_SCHEDCHANGE);
			trig.wake_min = min(trig.wake_min,
					    ltt_trig_min_latency(&s->trig[i]));
		} else {
			ids |= BIT_ULL(s->trig[i].on == LTT_TRIG_ON_EXIT ?
				       LTT_EV_PROCESS_EXIT :
				       LTT_EV_SIGNAL_DELIVER);
		}
	}
	/* below LTT_TRIG_NONE: an exit with no entry here is never short */
	ltt_trig_sys_min = min(ltt_trig_sys_min, LTT_TRIG_NONE - 1);
	WRITE_ONCE(ltt_trig_ids, ids);
	ltt_trig_reset();
	if (ids & BIT_ULL(LTT_EV_SYSCALL_EXIT)) {
		if (!static_key_enabled(&ltt_trig_sys_on))
			static_branch_enable(&ltt_trig_sys_on);
	} else if (static_key_enabled(&ltt_trig_sys_on)) {
		static_branch_disable(&ltt_trig_sys_on);
	}
	if (!static_key_enabled(&ltt_triggers_on))
		static_branch_enable(&ltt_triggers_on);
	return 0;
}

/* Under ctl_mutex, stopped: at START, no hit or entry of another session. */
void ltt_trig_reset(void)
{
	unsigned int i;

	if (!trig.count)
		return;
	for (i = 0; i < LTT_TRIGGERS_MAX; i++) {
		atomic64_set(&trig.last[i], 0);
		atomic64_set(&trig.held[i], 0);
	}
	memset(trig.tasks, 0, LTT_TRIG_TASKS * sizeof(*trig.tasks));
	memset(trig.wakes, 0, LTT_TRIG_TASKS * sizeof(*trig.wakes));
	for_each_possible_cpu(i)
		if (ltt.cpus[i])
			ltt.cpus[i]->trig_t = LTT_TRIG_NONE;
	mutex_lock(&trig.read_mutex);
	memset(trig.rings, 0, nr_cpu_ids * sizeof(*trig.rings));
	mutex_unlock(&trig.read_mutex);
}

static notrace bool ltt_trig_cmp(u16 op, s64 v, s64 w)
{
	switch (op) {
	case LTT_TRIG_OP_EQ:
		return v == w;
	case LTT_TRIG_OP_NE:
		return v != w;
	case LTT_TRIG_OP_LT:
		return v < w;
	case LTT_TRIG_OP_LE:
		return v <= w;
	case LTT_TRIG_OP_GT:
		return v > w;
	default:
		return v >= w;
	}
}

/*
 * Trigger @i held: a hit, unless one came less than its hold-off before
 * (or after: another CPU's, evaluated first).  The hold-off is taken
 * with a compare-and-exchange, so that two CPUs do not both hit.
 */
static notrace void ltt_trig_hit(unsigned int i, u64 t, u64 start, u32 pid,
				 u32 nr, s64 value, unsigned int cpu,
				 const char *comm)
{
	const struct ltt_trigger *g = &trig.trig[i];
	s64 prev = atomic64_read(&trig.last[i]);
	struct ltt_trig_ring *r;
	struct ltt_trig_hit *h;
	u32 head;

	if ((prev && (s64)(t - (u64)prev) < (s64)g->holdoff_ns) ||
	    atomic64_cmpxchg(&trig.last[i], prev, (s64)t) != prev) {
		atomic64_inc(&trig.held[i]);
		return;
	}
	r = &trig.rings[cpu];
	head = r->head;
	/* Pairs with the release in ltt_trig_get_hits(): the slot is free. */
	if (head - smp_load_acquire(&r->tail) >= LTT_TRIG_RING) {
		r->lost++;
		return;
	}
	h = &r->hit[head & (LTT_TRIG_RING - 1)];
	h->time_ns = t;
	h->start_ns = start;
	h->value = value;
	h->suppressed = atomic64_xchg(&trig.held[i], 0);
	h->trigger = i;
	h->pid = pid;
	h->nr = nr;
	h->cpu = cpu;
	h->reserved = 0;
	if (comm)
		strscpy_pad(h->comm, comm, sizeof(h->comm));
	else
		memset(h->comm, 0, sizeof(h->comm));
	/* Pairs with the acquire in ltt_trig_get_hits(): the hit first. */
	smp_store_release(&r->head, head + 1);
}

static notrace void ltt_trig_eval(u16 on, u64 t, u64 start, u32 pid, u32 nr,
				  s64 value, unsigned int cpu,
				  const char *comm)
{
	unsigned int i, k;

	for (i = 0; i < trig.count; i++) {
		const struct ltt_trigger *g = &trig.trig[i];
		bool ok = true;

		if (g->on != on || (g->nr >= 0 && (u32)g->nr != nr) ||
		    (g->comm[0] &&
		     (!comm || strncmp(g->comm, comm, sizeof(g->comm)))))
			continue;
		for (k = 0; k < g->ntests && ok; k++) {
			const struct ltt_trig_test *x = &g->test[k];
			s64 v;

			switch (x->field) {
			case LTT_TRIG_F_LATENCY:
				v = (s64)(t - start);
				break;
			case LTT_TRIG_F_NR:
				v = nr;
				break;
			case LTT_TRIG_F_PID:
				v = pid;
				break;
			default:	/* ret, code, sig */
				v = value;
				break;
			}
			ok = ltt_trig_cmp(x->op, v, x->value);
		}
		if (ok)
			ltt_trig_hit(i, t, start, pid, nr, value, cpu, comm);
	}
}

/*
 * @c's system call entry into the tasks' table: its task, the current
 * one (ltt_trig_written() keeps only the entries of the task current on
 * the CPU, the time it entered), leaves the CPU.  The call's number is
 * the one it is in, from its registers.
 */
static notrace void ltt_trig_park(struct ltt_cpu *c)
{
	struct task_struct *tsk = current;
	struct ltt_trig_task *s;
	u32 pid = tsk->pid;

	s = &trig.tasks[hash_32(pid, LTT_TRIG_TASK_BITS)];
	WRITE_ONCE(s->pid, pid);
	s->nr = (u32)syscall_get_nr(tsk, task_pt_regs(tsk));
	s->t = c->trig_t;
	c->trig_t = LTT_TRIG_NONE;
}

/*
 * The exit (@data, @len) of a system call of the current task at @t,
 * when ltt_trig_written() could not dismiss it: its entry on this CPU
 * (then the call was not shorter than every trigger's lower bound), or
 * else in the tasks' table; then its triggers, unless it is shorter than
 * any of them asks.
 */
notrace void ltt_trig_sys_exit(struct ltt_cpu *c, const void *data,
			       unsigned int len, u64 t)
{
	const struct ltt_ev_syscall_exit *ev = data;
	struct ltt_trig_task *s;
	u32 pid = current->pid;
	u64 start;

	start = c->trig_t;
	c->trig_t = LTT_TRIG_NONE;
	/* (a record without payload has no length: @data is read past this) */
	if (!data || len < sizeof(*ev))
		return;
	if (start == LTT_TRIG_NONE) {
		s = &trig.tasks[hash_32(pid, LTT_TRIG_TASK_BITS)];
		/*
		 * Another CPU may write the slot meanwhile (a task of the
		 * same hash switched out in a system call): its pid, then a
		 * mismatch, or a wrong time that the next checks do not
		 * catch.  Only hashes shared by two tasks blocked in system
		 * calls at once can do it.
		 */
		if (READ_ONCE(s->pid) != pid || s->nr != ev->nr || t < s->t)
			return;
		WRITE_ONCE(s->pid, 0);
		start = s->t;
	}
	if (t - start >= ltt_trig_sys_min)
		ltt_trig_eval(LTT_TRIG_ON_SYSCALL_EXIT, t, start, pid, ev->nr,
			      ev->ret, c->cpu, current->comm);
}

/*
 * Event @id was not recorded on @c (its buffer full, or no buffer): a
 * system call's entry or exit lost leaves no entry to pair (neither on
 * the CPU, where an older one of its task may be, nor in the table, for
 * the same reason); a switch lost still takes its task's entry off the
 * CPU.  Interrupts are off, in the writer, tracing active.
 */
notrace void ltt_trig_lost(struct ltt_cpu *c, unsigned int id)
{
	struct ltt_trig_task *s;
	u32 pid;

	if (!static_key_enabled(&ltt_trig_sys_on))
		return;
	switch (id) {
	case LTT_EV_SCHEDCHANGE:
		if (c->trig_t != LTT_TRIG_NONE)
			ltt_trig_park(c);
		return;
	case LTT_EV_SYSCALL_ENTRY:
	case LTT_EV_SYSCALL_EXIT:
		c->trig_t = LTT_TRIG_NONE;
		pid = current->pid;
		s = &trig.tasks[hash_32(pid, LTT_TRIG_TASK_BITS)];
		if (READ_ONCE(s->pid) == pid)
			WRITE_ONCE(s->pid, 0);
		return;
	default:
		return;
	}
}

/*
 * The switch @ev recorded at @t on @c: the switched-in task's first
 * wakeup since it last ran, if kept, then its wakeup triggers, with its
 * name (the facility hands the task over, ltt_switch_next()).
 */
static notrace void ltt_trig_switch_in(struct ltt_cpu *c,
				       const struct ltt_ev_schedchange *ev,
				       u64 t)
{
	struct ltt_trig_task *w = &trig.wakes[hash_32(ev->next_pid,
						       LTT_TRIG_TASK_BITS)];
	struct task_struct *next;
	u64 start;

	/* Pairs with the release in ltt_trig_event(): its time first. */
	if (!ev->next_pid || smp_load_acquire(&w->pid) != ev->next_pid)
		return;
	start = w->t;
	WRITE_ONCE(w->pid, 0);
	if (t < start || t - start < trig.wake_min)
		return;
	next = ltt_switch_next();
	ltt_trig_eval(LTT_TRIG_ON_WAKEUP, t, start, ev->next_pid, 0, 0, c->cpu,
		      next && (u32)next->pid == ev->next_pid ? next->comm : NULL);
}

/*
 * Event @id (@data, @len as the kernel gave it) was recorded at @t on
 * @c: move a system call's entry aside when its task leaves the CPU,
 * evaluate the triggers of the others (a system call's entry and exit
 * are ltt_trig_written()'s, tracer_buffer.h).  Interrupts are off, in
 * the writer, tracing active.
 */
notrace void ltt_trig_event(struct ltt_cpu *c, unsigned int id,
			    const void *data, unsigned int len, u64 t)
{
	if (!data)
		return;
	switch (id) {
	case LTT_EV_SCHEDCHANGE:
		if (c->trig_t != LTT_TRIG_NONE)
			ltt_trig_park(c);
		if (trig.wake_min != U64_MAX &&
		    len >= sizeof(struct ltt_ev_schedchange))
			ltt_trig_switch_in(c, data, t);
		return;
	case LTT_EV_PROCESS_WAKEUP: {
		const struct ltt_ev_process_wakeup *ev = data;
		struct ltt_trig_task *w;

		if (len < LTT_EV_PROCESS_WAKEUP_SIZE_1_2 || !ev->pid)
			return;
		/* the first wakeup since its last switch-in is kept */
		w = &trig.wakes[hash_32(ev->pid, LTT_TRIG_TASK_BITS)];
		if (READ_ONCE(w->pid) != ev->pid) {
			w->t = t;
			/* Pairs with the acquire in ltt_trig_switch_in(). */
			smp_store_release(&w->pid, ev->pid);
		}
		return;
	}
	case LTT_EV_PROCESS_EXIT: {
		const struct ltt_ev_process_exit *ev = data;

		if (len >= sizeof(*ev))
			ltt_trig_eval(LTT_TRIG_ON_EXIT, t, t, current->pid, 0,
				      ev->code, c->cpu, current->comm);
		return;
	}
	case LTT_EV_SIGNAL_DELIVER: {
		const struct ltt_ev_signal_deliver *ev = data;

		if (len >= sizeof(*ev))
			ltt_trig_eval(LTT_TRIG_ON_SIGNAL, t, t, current->pid, 0,
				      ev->sig, c->cpu, current->comm);
		return;
	}
	default:
		return;
	}
}

/*
 * LTT_IOC_GET_HITS, the session's owner (the caller checks): up to
 * @room hits, each CPU's oldest first.  While tracing or stopped.
 */
int ltt_trig_get_hits(void __user *argp)
{
	struct ltt_trig_hits req;
	struct ltt_trig_hit *buf;
	unsigned int cpu;
	u32 n = 0;
	int ret = 0;

	if (copy_from_user(&req, argp, sizeof(req)))
		return -EFAULT;
	if (!req.room || req.room > LTT_TRIG_RING * 16)
		return -EINVAL;
	buf = kvmalloc_array(req.room, sizeof(*buf), GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	req.lost = 0;
	mutex_lock(&trig.read_mutex);
	for (cpu = 0; trig.rings && cpu < nr_cpu_ids; cpu++) {
		struct ltt_trig_ring *r = &trig.rings[cpu];
		/* Pairs with the release in ltt_trig_hit(). */
		u32 head = smp_load_acquire(&r->head);
		u32 tail = r->tail;

		while (tail != head && n < req.room)
			buf[n++] = r->hit[tail++ & (LTT_TRIG_RING - 1)];
		/* Pairs with the acquire in ltt_trig_hit(): copied out. */
		smp_store_release(&r->tail, tail);
		req.lost += READ_ONCE(r->lost);
	}
	mutex_unlock(&trig.read_mutex);
	req.count = n;
	if (n && copy_to_user(u64_to_user_ptr(req.hits), buf, n * sizeof(*buf)))
		ret = -EFAULT;
	else if (copy_to_user(argp, &req, sizeof(req)))
		ret = -EFAULT;
	kvfree(buf);
	return ret;
}
