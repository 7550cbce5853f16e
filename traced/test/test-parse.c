// SPDX-License-Identifier: GPL-2.0
/* test-parse.c - the option value parsers */
#include "parse.h"
#include "tap.h"

#include <string.h>

static int mask_is(const struct ltt_event_mask *m, const unsigned int *ids)
{
	struct ltt_event_mask want;

	memset(&want, 0, sizeof(want));
	for (; *ids; ids++)
		mask_set(&want, *ids);
	return memcmp(m, &want, sizeof(want)) == 0;
}

int main(void)
{
	static const unsigned int classic[] = { 1, 2, 3, 4, 5, 6, 7, 10, 11,
						12, 13, 16, 17, 14, 15, 0 };
	static const unsigned int coreproc[] = { 1, 2, 3, 4, 5, 6, 7, 10, 11,
						 12, 13, 16, 17, 22, 23, 56, 73,
						 0 };
	static const unsigned int core[] = { 1, 2, 3, 4, 5, 6, 7, 0 };
	static const unsigned int process[] = { 10, 11, 12, 13, 16, 17, 22, 23, 56,
						73, 0 };
	static const unsigned int classicnowakeup[] = { 1, 2, 3, 4, 5, 6, 7,
							10, 11, 12, 14, 15, 16,
							17, 0 };
	static const unsigned int softirq[] = { 14, 15, 18, 19, 57, 0 };
	static const unsigned int timer[] = { 20, 21, 34, 35, 61, 62, 0 };
	static const unsigned int fs[] = { 24, 25, 26, 27, 28, 29, 30, 31, 32,
					   33, 64, 65, 0 };
	static const unsigned int memory[] = { 36, 37, 38, 39, 40, 41, 0 };
	static const unsigned int sock[] = { 42, 43, 44, 45, 58, 59, 0 };
	static const unsigned int ipc[] = { 46, 47, 48, 49, 0 };
	static const unsigned int net[] = { 50, 51, 0 };
	static const unsigned int custom[] = { 53, 54, 55, 0 };
	static const unsigned int customnodestroy[] = { 53, 55, 0 };
	struct ltt_syscall_ip sip;
	const char *why;
	unsigned int id;
	static const unsigned int mix[] = { 1, 2, 7, 11, 0 };
	static const unsigned int coresys[] = { 3, 4, 5, 6, 7, 0 };
	static const char *const badlists[] = {
		"", "bogus", "all,bogus", "all,", ",all", "all,,fork", "-",
		"fork,-fork", "core,-core,-process", "syscall_entry ",
		"-all", "all,-all",
	};
	struct ltt_event_mask m;
	const char *bad;
	uint64_t v;
	char buf[1024];
	size_t i;

	/* sizes */
	ok(parse_size("4096", &v) == 0 && v == 4096, "size 4096");
	ok(parse_size("64k", &v) == 0 && v == 65536, "size 64k");
	ok(parse_size("64K", &v) == 0 && v == 65536, "size 64K");
	ok(parse_size("4M", &v) == 0 && v == 4u << 20, "size 4M");
	ok(parse_size("1m", &v) == 0 && v == 1u << 20, "size 1m");
	ok(parse_size("1G", &v) == 0 && v == 1u << 30, "size 1G");
	ok(parse_size("", &v) < 0, "size empty refused");
	ok(parse_size("0", &v) < 0, "size 0 refused");
	ok(parse_size("-4k", &v) < 0, "size negative refused");
	ok(parse_size(" 4k", &v) < 0, "size leading blank refused");
	ok(parse_size("4kb", &v) < 0, "size 4kb refused");
	ok(parse_size("4x", &v) < 0, "size bad suffix refused");
	ok(parse_size("k", &v) < 0, "size suffix alone refused");
	ok(parse_size("1.5M", &v) < 0, "size fraction refused");
	ok(parse_size("99999999999999999999", &v) < 0, "size overflow refused");
	ok(parse_size("1099511627776G", &v) < 0, "size shift overflow refused");

	/* counts */
	ok(parse_count("8", &v) == 0 && v == 8, "count 8");
	ok(parse_count("0", &v) < 0, "count 0 refused");
	ok(parse_count("8k", &v) < 0, "count with suffix refused");
	ok(parse_count("-1", &v) < 0, "count negative refused");

	/* event lists */
	event_lookup("all", &m);
	for (id = 1, i = 1; id < LTT_EV_MAX; id++) {
		int want = (id >= 1 && id <= 7) || (id >= 10 && id <= 59) ||
			   id == 61 || id == 62 || id == 64 || id == 65 || (id >= 68 && id <= 73);

		if (mask_test(&m, id) != want ||
		    (want && (!event_name(id) || strchr(event_name(id), ' '))))
			i = 0;
	}
	ok(i, "all = every event id 1-7, 10-59, 61-62, 64-65, 68-73, each with a name");
	ok(parse_events("all", &m, &bad) == 0 && mask_test(&m, 55) &&
	   !mask_test(&m, LTT_EV_TRACE_START) && !mask_test(&m, 8),
	   "all: no trace_start, no unused id");
	ok(parse_events("classic", &m, &bad) == 0 && mask_is(&m, classic),
	   "classic = ids 1-17 (the first release's all)");
	ok(parse_events("core", &m, &bad) == 0 && mask_is(&m, core),
	   "core = syscalls, traps, irqs, schedchange");
	ok(parse_events("process", &m, &bad) == 0 && mask_is(&m, process),
	   "process = fork, exec, exit, wakeup, wait, kthread_create, task_rename, signals");
	ok(parse_events("classic,-wakeup", &m, &bad) == 0 &&
	   mask_is(&m, classicnowakeup), "classic,-wakeup");
	ok(parse_events("-wakeup", &m, &bad) == 0 && !mask_test(&m, 13) &&
	   mask_test(&m, 12) && mask_test(&m, 55),
	   "leading removal starts from all");
	ok(parse_events("syscall_entry,syscall_exit,schedchange,exec", &m,
			&bad) == 0 && mask_is(&m, mix), "single names");
	ok(parse_events("syscall,schedchange,exec", &m, &bad) == 0 &&
	   mask_is(&m, mix), "syscall group");
	ok(parse_events("core,-syscall", &m, &bad) == 0 &&
	   mask_is(&m, coresys), "core,-syscall");
	ok(parse_events("CORE,Process", &m, &bad) == 0 && mask_is(&m, coreproc),
	   "names are case-insensitive");
	ok(parse_events("softirq", &m, &bad) == 0 && mask_is(&m, softirq),
	   "softirq = softirq_entry/exit/raise, tasklet_entry/exit");
	ok(parse_events("timer", &m, &bad) == 0 && mask_is(&m, timer),
	   "timer = timer_expire_*, timer_set_*, timerfd_*");
	ok(parse_events("fs", &m, &bad) == 0 && mask_is(&m, fs), "fs = fs_*");
	ok(parse_events("memory", &m, &bad) == 0 && mask_is(&m, memory),
	   "memory = mem_*");
	ok(parse_events("socket", &m, &bad) == 0 && mask_is(&m, sock),
	   "socket = socket_*");
	ok(parse_events("ipc", &m, &bad) == 0 && mask_is(&m, ipc),
	   "ipc = ipc_*");
	ok(parse_events("net", &m, &bad) == 0 && mask_is(&m, net),
	   "net = net_*");
	ok(parse_events("custom", &m, &bad) == 0 && mask_is(&m, custom),
	   "custom is the group: custom_create, custom_destroy, custom");
	ok(parse_events("custom,-custom_destroy", &m, &bad) == 0 &&
	   mask_is(&m, customnodestroy), "custom,-custom_destroy");
	ok(parse_events("net,-net,custom_create,-custom_create,custom", &m,
			&bad) == 0 && mask_is(&m, custom), "group after removals");
	{
		static const struct { const char *name; unsigned int id; } n[] = {
			{ "tasklet_entry", 18 }, { "tasklet_exit", 19 },
			{ "timer_expire_entry", 20 }, { "timer_expire_exit", 21 },
			{ "kthread_create", 22 }, { "wait", 23 },
			{ "fs_open", 24 }, { "fs_close", 25 }, { "fs_read", 26 },
			{ "fs_write", 27 }, { "fs_lseek", 28 }, { "fs_ioctl", 29 },
			{ "fs_select", 30 }, { "fs_poll", 31 },
			{ "fs_buf_wait_start", 32 }, { "fs_buf_wait_end", 33 },
			{ "timer_set_itimer", 34 }, { "timer_set_timeout", 35 },
			{ "mem_page_alloc", 36 }, { "mem_page_free", 37 },
			{ "mem_swap_in", 38 }, { "mem_swap_out", 39 },
			{ "mem_page_wait_start", 40 }, { "mem_page_wait_end", 41 },
			{ "socket_call", 42 }, { "socket_create", 43 },
			{ "socket_send", 44 }, { "socket_recv", 45 },
			{ "ipc_call", 46 }, { "ipc_msg_create", 47 },
			{ "ipc_sem_create", 48 }, { "ipc_shm_create", 49 },
			{ "net_packet_in", 50 }, { "net_packet_out", 51 },
			{ "change_mask", 52 }, { "custom_create", 53 },
			{ "custom_destroy", 54 }, { "reap", 56 }, { "softirq_raise", 57 },
		};
		int good = 1;

		for (i = 0; i < sizeof(n) / sizeof(n[0]); i++) {
			unsigned int want[2] = { n[i].id, 0 };

			if (event_lookup(n[i].name, &m) < 0 ||
			    !mask_is(&m, want) ||
			    strcmp(event_name(n[i].id), n[i].name) != 0) {
				printf("# %s\n", n[i].name);
				good = 0;
			}
		}
		ok(good, "every new event name maps to its id and back");
		ok(strcmp(event_name(LTT_EV_CUSTOM), "custom") == 0,
		   "event_name(custom)");
	}
	for (i = 0; i < sizeof(badlists) / sizeof(badlists[0]); i++)
		ok(parse_events(badlists[i], &m, &bad) < 0 && bad,
		   "bad list '%s' refused (%s)", badlists[i], bad ? bad : "");
	ok(parse_events("all,bogus", &m, &bad) < 0 && strcmp(bad, "bogus") == 0,
	   "the bad item is named");
	ok(parse_events("trace_start", &m, &bad) < 0,
	   "trace_start is not selectable (always recorded)");

	event_lookup("classic", &m);
	events_format(&m, buf, sizeof(buf));
	ok(strcmp(buf, "syscall_entry,syscall_exit,trap_entry,trap_exit,"
		  "irq_entry,irq_exit,schedchange,fork,exec,exit,wakeup,"
		  "softirq_entry,softirq_exit,signal_send,signal_deliver") == 0,
	   "events_format: %s", buf);
	parse_events("fs_open,net,custom", &m, &bad);
	events_format(&m, buf, sizeof(buf));
	ok(strcmp(buf, "fs_open,net_packet_in,net_packet_out,custom_create,"
		  "custom_destroy,custom") == 0, "events_format: %s", buf);
	ok(strcmp(event_name(LTT_EV_SCHEDCHANGE), "schedchange") == 0 &&
	   event_name(LTT_EV_TRACE_START) == NULL && event_name(8) == NULL &&
	   event_name(63) == NULL, "event_name");

	/* plain numbers and addresses */
	ok(parse_uint("0", 10, &v) == 0 && v == 0, "uint 0");
	ok(parse_uint("4294967294", 0xfffffffeULL, &v) == 0 &&
	   v == 4294967294ULL, "uint at its maximum");
	ok(parse_uint("4294967295", 0xfffffffeULL, &v) < 0, "uint above max");
	ok(parse_uint("-1", 10, &v) < 0 && parse_uint("+1", 10, &v) < 0 &&
	   parse_uint("", 10, &v) < 0 && parse_uint("1 ", 10, &v) < 0 &&
	   parse_uint("0x10", 100, &v) < 0, "uint: signs, blanks, hex refused");
	ok(parse_addr("0x7fffDEAD0000", &v) == 0 && v == 0x7fffdead0000ULL,
	   "address in hex");
	ok(parse_addr("4194304", &v) == 0 && v == 0x400000, "address decimal");
	ok(parse_addr("0xffffffffffffffff", &v) == 0 && v == UINT64_MAX,
	   "address at 2^64-1");
	ok(parse_addr("0x10000000000000000", &v) < 0, "address overflow");
	ok(parse_addr("0x", &v) < 0 && parse_addr("x10", &v) < 0 &&
	   parse_addr("0x-1", &v) < 0 && parse_addr("12ab", &v) < 0 &&
	   parse_addr("-5", &v) < 0, "malformed addresses refused");

	/* --syscall-ip */
	ok(parse_syscall_ip("raw", &sip, &why) == 0 && sip.mode == LTT_SIP_RAW &&
	   sip.depth == 0 && sip.lower == 0 && sip.upper == 0, "sip raw");
	ok(parse_syscall_ip("depth:1", &sip, &why) == 0 &&
	   sip.mode == LTT_SIP_DEPTH && sip.depth == 1, "sip depth:1");
	ok(parse_syscall_ip("depth:64", &sip, &why) == 0 && sip.depth == 64,
	   "sip depth:64");
	ok(parse_syscall_ip("range:0x400000:0x401000", &sip, &why) == 0 &&
	   sip.mode == LTT_SIP_RANGE && sip.lower == 0x400000 &&
	   sip.upper == 0x401000 && sip.depth == SIP_RANGE_WORDS_DEFAULT,
	   "sip range, default words %u (the module's bound)", sip.depth);
	ok(parse_syscall_ip("range:100:200:4096", &sip, &why) == 0 &&
	   sip.lower == 100 && sip.upper == 200 && sip.depth == 4096,
	   "sip range decimal, 4096 words");
	ok(parse_syscall_ip("range:0:1:1", &sip, &why) == 0 && sip.depth == 1,
	   "sip smallest range");
	{
		static const char *const badsip[] = {
			"", "raw:", "raw:1", "depth", "depth:", "depth:0",
			"depth:65", "depth:-1", "depth:1:2", "range",
			"range:1", "range:2:1", "range:1:1", "range:0x10:16",
			"range:1:2:0", "range:1:2:4097", "range:1:2:3:4",
			"range::2", "range:1:", "range:q:2", "stack:3",
			"range:0x1:0x2:0x10",
		};

		for (i = 0; i < sizeof(badsip) / sizeof(badsip[0]); i++)
			ok(parse_syscall_ip(badsip[i], &sip, &why) < 0 && why,
			   "sip '%s' refused (%s)", badsip[i], why);
	}
	ok(parse_syscall_ip("range:2:1", &sip, &why) < 0 &&
	   strstr(why, "LOWER must be below UPPER"), "sip: empty range named");
	return done_testing();
}
