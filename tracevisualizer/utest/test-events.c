// SPDX-License-Identifier: GPL-2.0
/*
 * test-events.c - the decoders of the event classes of ids 18..55: for
 * each event, its text description and its JSON "args", exactly; records
 * without details; the 1.1 trace information.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "tracegen.h"

struct ecase {
	const char *line;	/* tracegen directive without its time */
	const char *type;
	const char *desc;
	const char *args;	/* the JSON "args" object */
};

static const struct ecase cases[] = {
	{ "tasklet_entry 0xffffffff81001000 1", "tasklet_entry",
	  "tasklet_entry func=0xffffffff81001000 hi",
	  "{\"func\":18446744071578849280,\"flags\":1,\"hi\":true}" },
	{ "tasklet_exit 0x1000 0", "tasklet_exit", "tasklet_exit func=0x1000",
	  "{\"func\":4096,\"flags\":0,\"hi\":false}" },
	{ "timer_expire_entry 0x2000 1", "timer_expire_entry",
	  "timer_expire_entry func=0x2000 hrtimer", "{\"func\":8192,\"kind\":1}" },
	{ "timer_expire_exit 0x2000 0", "timer_expire_exit",
	  "timer_expire_exit func=0x2000 timer_list", "{\"func\":8192,\"kind\":0}" },
	{ "kthread_create 57 0x3000 kworker/0:1 x", "kthread_create",
	  "kthread_create kworker/0:1 x pid=57 threadfn=0x3000",
	  "{\"threadfn\":12288,\"pid\":57,\"name\":\"kworker/0:1 x\"}" },
	{ "wait -1 0x40000000", "wait", "wait pid=-1 options=0x40000000",
	  "{\"pid\":-1,\"options\":1073741824}" },
	{ "fs_open 3 0x241 0644 /tmp/ltt \"q\"", "fs_open",
	  "fs_open /tmp/ltt \"q\" fd=3 flags=0x241 mode=0644",
	  "{\"fd\":3,\"flags\":577,\"mode\":420,\"filename\":\"/tmp/ltt \\\"q\\\"\"}" },
	{ "fs_open -2 0 0 /nonexistent", "fs_open",
	  "fs_open /nonexistent fd=-2 flags=0x0 mode=00",
	  "{\"fd\":-2,\"flags\":0,\"mode\":0,\"filename\":\"/nonexistent\"}" },
	{ "fs_close 3", "fs_close", "fs_close fd=3", "{\"fd\":3}" },
	{ "fs_read 3 4096 100", "fs_read", "fs_read fd=3 count=4096 ret=100",
	  "{\"count\":4096,\"ret\":100,\"fd\":3}" },
	{ "fs_write 3 777 777", "fs_write", "fs_write fd=3 count=777 ret=777",
	  "{\"count\":777,\"ret\":777,\"fd\":3}" },
	/* the errno display kind: a name from -1 to -4095, JSON the number */
	{ "fs_write 9 10 -9", "fs_write", "fs_write fd=9 count=10 ret=-EBADF",
	  "{\"count\":10,\"ret\":-9,\"fd\":9}" },
	{ "fs_read 9 10 -512", "fs_read", "fs_read fd=9 count=10 ret=-ERESTARTSYS",
	  "{\"count\":10,\"ret\":-512,\"fd\":9}" },
	{ "fs_read 9 10 -531", "fs_read", "fs_read fd=9 count=10 ret=-ENOGRACE",
	  "{\"count\":10,\"ret\":-531,\"fd\":9}" },
	{ "fs_read 9 10 -520", "fs_read", "fs_read fd=9 count=10 ret=-520",
	  "{\"count\":10,\"ret\":-520,\"fd\":9}" },
	{ "fs_read 9 10 -4096", "fs_read", "fs_read fd=9 count=10 ret=-4096",
	  "{\"count\":10,\"ret\":-4096,\"fd\":9}" },
	{ "fs_read 9 10 0", "fs_read", "fs_read fd=9 count=10 ret=0",
	  "{\"count\":10,\"ret\":0,\"fd\":9}" },
	{ "fs_lseek 3 0 0 -22", "fs_lseek", "fs_lseek fd=3 offset=0 whence=SEEK_SET ret=-EINVAL",
	  "{\"offset\":0,\"ret\":-22,\"fd\":3,\"whence\":0}" },
	{ "fs_lseek 3 -10 2 90", "fs_lseek",
	  "fs_lseek fd=3 offset=-10 whence=SEEK_END ret=90",
	  "{\"offset\":-10,\"ret\":90,\"fd\":3,\"whence\":2}" },
	{ "fs_ioctl 1 0x5401 0x7ffd0000", "fs_ioctl",
	  "fs_ioctl fd=1 cmd=0x5401 arg=0x7ffd0000",
	  "{\"arg\":2147287040,\"fd\":1,\"cmd\":21505}" },
	{ "fs_select 4 -1", "fs_select", "fs_select nfds=4 timeout=none",
	  "{\"timeout_ns\":-1,\"nfds\":4}" },
	{ "fs_poll 2 1000000", "fs_poll", "fs_poll nfds=2 timeout=1000000 ns",
	  "{\"timeout_ns\":1000000,\"nfds\":2}" },
	{ "fs_buf_wait_start -1", "fs_buf_wait_start",
	  "fs_buf_wait_start timeout=none", "{\"timeout_ns\":-1}" },
	{ "fs_buf_wait_end 5", "fs_buf_wait_end", "fs_buf_wait_end timeout=5 ns",
	  "{\"timeout_ns\":5}" },
	{ "timer_set_itimer 0 1000 2000", "timer_set_itimer",
	  "timer_set_itimer ITIMER_REAL value=2000 ns interval=1000 ns",
	  "{\"interval_ns\":1000,\"value_ns\":2000,\"which\":0}" },
	{ "softirq_raise 3", "softirq_raise", "softirq_raise NET_RX", "{\"vec\":3,\"name\":\"NET_RX\"}" },
	{ "timer_set_timeout 1 5000000", "timer_set_timeout",
	  "timer_set_timeout nanosleep 5000000 ns",
	  "{\"timeout_ns\":5000000,\"kind\":1}" },
	{ "timer_set_timeout 0 -1", "timer_set_timeout",
	  "timer_set_timeout schedule_timeout none",
	  "{\"timeout_ns\":-1,\"kind\":0}" },
	{ "mem_page_alloc 0x12345 2 0xcc0", "mem_page_alloc",
	  "mem_page_alloc pfn=0x12345 order=2 gfp=0xcc0",
	  "{\"pfn\":74565,\"order\":2,\"gfp\":3264}" },
	{ "mem_page_free 0x12345 2", "mem_page_free",
	  "mem_page_free pfn=0x12345 order=2", "{\"pfn\":74565,\"order\":2}" },
	{ "mem_swap_in 0x100 0x200", "mem_swap_in",
	  "mem_swap_in pfn=0x100 entry=0x200", "{\"pfn\":256,\"entry\":512}" },
	{ "mem_swap_out 0x101 0x201", "mem_swap_out",
	  "mem_swap_out pfn=0x101 entry=0x201", "{\"pfn\":257,\"entry\":513}" },
	{ "mem_page_wait_start 0x102 0", "mem_page_wait_start",
	  "mem_page_wait_start pfn=0x102 bit=0", "{\"pfn\":258,\"bit\":0}" },
	{ "mem_page_wait_end 0x102 15", "mem_page_wait_end",
	  "mem_page_wait_end pfn=0x102 bit=15", "{\"pfn\":258,\"bit\":15}" },
	{ "socket_call 11 4", "socket_call", "socket_call sendto fd=4",
	  "{\"call\":11,\"fd\":4,\"name\":\"sendto\"}" },
	{ "socket_call 99 -1", "socket_call", "socket_call call 99 fd=-1",
	  "{\"call\":99,\"fd\":-1,\"name\":\"\"}" },
	{ "socket_create 999 4 2 2 17", "socket_create",
	  "socket_create fd=4 AF_INET type=2 protocol=17 ino=999",
	  "{\"ino\":999,\"fd\":4,\"family\":2,\"type\":2,\"protocol\":17}" },
	{ "socket_send 999 5 5 2 2 inet:127.0.0.1:5000", "socket_send",
	  "socket_send ino=999 size=5 ret=5 AF_INET peer=127.0.0.1:5000",
	  "{\"ino\":999,\"size\":5,\"ret\":5,\"family\":2,\"type\":2,\"peer_len\":16,\"peer\":\"127.0.0.1:5000\"}" },
	{ "socket_recv 999 100 5 10 2 inet6:[::1]:5001", "socket_recv",
	  "socket_recv ino=999 size=100 ret=5 AF_INET6 peer=[::1]:5001",
	  "{\"ino\":999,\"size\":100,\"ret\":5,\"family\":10,\"type\":2,\"peer_len\":28,\"peer\":\"[::1]:5001\"}" },
	{ "socket_send 998 3 3 1 1 unix:/tmp/sock", "socket_send",
	  "socket_send ino=998 size=3 ret=3 AF_UNIX peer=/tmp/sock",
	  "{\"ino\":998,\"size\":3,\"ret\":3,\"family\":1,\"type\":1,\"peer_len\":12,\"peer\":\"/tmp/sock\"}" },
	{ "socket_send 998 3 3 1 1 unix:@abs", "socket_send",
	  "socket_send ino=998 size=3 ret=3 AF_UNIX peer=@abs",
	  "{\"ino\":998,\"size\":3,\"ret\":3,\"family\":1,\"type\":1,\"peer_len\":6,\"peer\":\"@abs\"}" },
	{ "socket_send 997 3 3 16 3 hex:1000aabb", "socket_send",
	  "socket_send ino=997 size=3 ret=3 AF_NETLINK",
	  "{\"ino\":997,\"size\":3,\"ret\":3,\"family\":16,\"type\":3,\"peer_len\":4,\"peer\":null}" },
	{ "socket_recv 997 3 -11 2 1", "socket_recv",
	  "socket_recv ino=997 size=3 ret=-EAGAIN AF_INET",
	  "{\"ino\":997,\"size\":3,\"ret\":-11,\"family\":2,\"type\":1,\"peer_len\":0,\"peer\":null}" },
	{ "socket_send 996 3 3 2 2 hex:0200", "socket_send",
	  "socket_send ino=996 size=3 ret=3 AF_INET",
	  "{\"ino\":996,\"size\":3,\"ret\":3,\"family\":2,\"type\":2,\"peer_len\":2,\"peer\":null}" },
	{ "ipc_call 23 1234", "ipc_call", "ipc_call shmget id=1234",
	  "{\"call\":23,\"id\":1234,\"name\":\"shmget\"}" },
	{ "ipc_shm_create 0x4d2 65538 0x3b6 4096", "ipc_shm_create",
	  "ipc_shm_create key=0x4d2 id=65538 size=4096 flags=01666",
	  "{\"size\":4096,\"key\":1234,\"id\":65538,\"flags\":950}" },
	{ "ipc_msg_create 77 5 0x1b6 0", "ipc_msg_create",
	  "ipc_msg_create key=0x4d id=5 size=0 flags=0666",
	  "{\"size\":0,\"key\":77,\"id\":5,\"flags\":438}" },
	{ "ipc_sem_create 78 6 0x1b6 3", "ipc_sem_create",
	  "ipc_sem_create key=0x4e id=6 size=3 flags=0666",
	  "{\"size\":3,\"key\":78,\"id\":6,\"flags\":438}" },
	{ "net_packet_in 1 84 0x0800 1 00112233445566778899aabb0800", "net_packet_in",
	  "net_packet_in lo len=84 protocol=0x0800 caplen=14",
	  "{\"ifindex\":1,\"len\":84,\"protocol\":2048,\"link_type\":1,\"caplen\":14,\"data\":\"00112233445566778899aabb0800\",\"ifname\":\"lo\"}" },
	{ "net_packet_out 2 1500 0x86dd 1 FFFF", "net_packet_out",
	  "net_packet_out ifindex 2 len=1500 protocol=0x86dd caplen=2",
	  "{\"ifindex\":2,\"len\":1500,\"protocol\":34525,\"link_type\":1,\"caplen\":2,\"data\":\"ffff\"}" },
	{ "net_packet_out 1 60 0x0806 1", "net_packet_out",
	  "net_packet_out lo len=60 protocol=0x0806 caplen=0",
	  "{\"ifindex\":1,\"len\":60,\"protocol\":2054,\"link_type\":1,\"caplen\":0,\"data\":\"\",\"ifname\":\"lo\"}" },
	{ "change_mask syscall_entry,fs_open,custom", "change_mask",
	  "change_mask 3 events: syscall_entry fs_open custom",
	  "{\"events\":[\"syscall_entry\",\"fs_open\",\"custom\"]}" },
	{ "custom_create 1 fields ping seq:u32,name:str,d:s16,h:x64", "custom_create",
	  "custom_create 1 fields \"ping\" format \"seq:u32,name:str,d:s16,h:x64\"",
	  "{\"type_id\":1,\"kind\":\"fields\",\"name\":\"ping\",\"format\":\"seq:u32,name:str,d:s16,h:x64\"}" },
	{ "custom 1 u32:7 str:hello s16:-3 x64:0xbeef", "custom",
	  "custom ping seq=7 name=\"hello\" d=-3 h=0xbeef",
	  "{\"type_id\":1,\"name\":\"ping\",\"size\":20,\"fields\":{\"seq\":7,\"name\":\"hello\",\"d\":-3,\"h\":\"0xbeef\"}}" },
	{ "custom_create 2 string msg -", "custom_create", "custom_create 2 string \"msg\"",
	  "{\"type_id\":2,\"kind\":\"string\",\"name\":\"msg\",\"format\":\"\"}" },
	{ "custom 2 str:hi", "custom", "custom msg \"hi\"",
	  "{\"type_id\":2,\"name\":\"msg\",\"size\":3,\"text\":\"hi\"}" },
	{ "custom_create 3 raw blob -", "custom_create", "custom_create 3 raw \"blob\"",
	  "{\"type_id\":3,\"kind\":\"raw\",\"name\":\"blob\",\"format\":\"\"}" },
	{ "custom 3 hex:deadbeef", "custom", "custom blob size=4 hex=deadbeef",
	  "{\"type_id\":3,\"name\":\"blob\",\"size\":4,\"hex\":\"deadbeef\"}" },
	{ "custom_destroy 3", "custom_destroy", "custom_destroy 3", "{\"type_id\":3}" },
	{ "nodetail fs_write", "fs_write", "fs_write (no details)", "{}" },
	{ "nodetail custom", "custom", "custom (no details)", "{}" },
};

/* the JSON of an event, malloc'ed into *out */
static void event_json(struct lttr_trace *t, const struct lttr_event *ev,
		       char **out)
{
	struct lttr_json j;
	size_t len = 0;
	FILE *f;

	*out = NULL;
	f = open_memstream(out, &len);
	lttr_json_init(&j, f, false);
	lttr_json_event(&j, t, ev);
	fclose(f);
}

static void check_events(void)
{
	size_t n = sizeof(cases) / sizeof(cases[0]), i, nev = 0, len = 0;
	char *desc = NULL;
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_event *v;
	FILE *f = open_memstream(&desc, &len);
	int st;

	fprintf(f, "header ncpus=1 start=1000 format=1.1 events=all\n"
		"proc PID: 5; PPID: 1; TGID: 5; NAME: w\n"
		"proc NETDEV: 1; NAME: lo\n"
		"buf cpu=0 start=1000 pid=5\n");
	for (i = 0; i < n; i++)
		fprintf(f, "%zu %s\n", 1000 + 10 * i, cases[i].line);
	fclose(f);
	if (!ok(tg_open("events", desc, 0, &t, &err) == 0, "the trace of every new event opens")) {
		tap_diag("%s", err.msg);
		free(desc);
		return;
	}
	free(desc);
	v = tg_all_events(t, &nev, 0, &st);
	ok(st == 0 && nev == n, "%zu events read (%zu)", n, nev);
	for (i = 0; i < n && i < nev; i++) {
		char d[600], tb[24];
		char *js, *p;
		const char *a;
		bool good;

		event_json(t, &v[i], &js);
		a = strstr(js, "\"args\":");
		lttr_event_describe(t, &v[i], d, sizeof(d));
		p = a ? strdup(a + 7) : strdup("");
		if (*p)
			p[strlen(p) - 1] = '\0';	/* the event's closing brace */
		good = !strcmp(lttr_event_type_str(v[i].id, tb, sizeof(tb)), cases[i].type) &&
		       !strcmp(d, cases[i].desc) && !strcmp(p, cases[i].args);
		ok(good, "%s: type, description and args", cases[i].line);
		if (!good)
			tap_diag("got %s / %s / %s", tb, d, p);
		free(p);
		free(js);
	}
	free(v);
	lttr_trace_close(t);
}

static void check_names(void)
{
	static const char *const names[] = {
		"tasklet_entry", "tasklet_exit", "timer_expire_entry",
		"timer_expire_exit", "kthread_create", "wait", "fs_open",
		"fs_close", "fs_read", "fs_write", "fs_lseek", "fs_ioctl",
		"fs_select", "fs_poll", "fs_buf_wait_start", "fs_buf_wait_end",
		"timer_set_itimer", "timer_set_timeout", "mem_page_alloc",
		"mem_page_free", "mem_swap_in", "mem_swap_out",
		"mem_page_wait_start", "mem_page_wait_end", "socket_call",
		"socket_create", "socket_send", "socket_recv", "ipc_call",
		"ipc_msg_create", "ipc_sem_create", "ipc_shm_create",
		"net_packet_in", "net_packet_out", "change_mask",
		"custom_create", "custom_destroy", "custom",
	};
	static const int sizes[] = {
		12, 12, 12, 12, 12, 8, 12, 4, 20, 20, 24, 16, 12, 12, 8, 8,
		20, 12, 16, 12, 16, 16, 12, 12, 8, 24, 30, 30, 8, 20, 20, 20,
		14, 14, 32, 8, 4, 8,
	};
	size_t i;
	bool names_ok = true, sizes_ok = true;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const char *nm = lttr_event_type_name(LTT_EV_TASKLET_ENTRY + (unsigned int)i);

		if (!nm || strcmp(nm, names[i]) ||
		    lttr_event_type_id(names[i]) != LTT_EV_TASKLET_ENTRY + (int)i)
			names_ok = false;
		if (lttr_event_payload_size(LTT_EV_TASKLET_ENTRY + (unsigned int)i) != sizes[i])
			sizes_ok = false;
	}
	ok(names_ok, "ids 18..55 have the contract's names, both ways");
	ok(sizes_ok, "and the payload sizes of the ABI structs");
	ok(lttr_event_has_var(LTT_EV_FS_OPEN) && lttr_event_has_var(LTT_EV_CUSTOM) &&
	   lttr_event_has_var(LTT_EV_NET_PACKET_IN) && lttr_event_has_var(LTT_EV_PROCESS_EXEC) &&
	   !lttr_event_has_var(LTT_EV_FS_READ) && !lttr_event_has_var(99),
	   "variable parts: fs_open, custom, net_packet_in, exec; not fs_read");
	ok(!strcmp(lttr_socket_call_name(20), "sendmmsg") && !lttr_socket_call_name(0) &&
	   !strcmp(lttr_ipc_call_name(13), "msgget") && !lttr_ipc_call_name(5),
	   "socket and ipc call names");
}

static void check_sockaddr(void)
{
	char b[LTTR_SOCKADDR_STRLEN];
	uint8_t in4[16] = { 2, 0, 0x13, 0x88, 10, 0, 0, 1 };
	uint8_t in6[28] = { 10, 0, 0, 80 };
	uint8_t un[8] = { 1, 0, 'a', 'b', 'c' };

	in6[8] = 0xfe;
	in6[9] = 0x80;
	in6[23] = 1;
	ok(!strcmp(lttr_sockaddr_str(in4, 16, b, sizeof(b)), "10.0.0.1:5000") &&
	   !lttr_sockaddr_str(in4, 7, b, sizeof(b)),
	   "AF_INET address and port; too short: none");
	ok(!strcmp(lttr_sockaddr_str(in6, 28, b, sizeof(b)), "[fe80::1]:80") &&
	   !lttr_sockaddr_str(in6, 23, b, sizeof(b)),
	   "AF_INET6 address and port; too short: none");
	ok(!strcmp(lttr_sockaddr_str(un, 5, b, sizeof(b)), "abc") &&
	   !strcmp(lttr_sockaddr_str(un, 8, b, sizeof(b)), "abc") &&
	   !lttr_sockaddr_str(un, 2, b, sizeof(b)) && !lttr_sockaddr_str(NULL, 0, b, sizeof(b)),
	   "AF_UNIX path with or without NUL; unnamed: none");
}

static void check_nodetails(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_summary *s = NULL;
	struct lttr_event *v;
	size_t n = 0;
	int st;
	char *js;

	tg_open("nodetails",
		"header ncpus=1 start=1000 format=1.1 details=schedchange,trace_start\n"
		"buf cpu=0 start=1000 pid=5\n"
		"1000 start 5 0\n"
		"1010 nodetail syscall_entry\n"
		"1020 nodetail fs_write\n1030 nodetail fs_write\n"
		"1040 nodetail syscall_exit\n"
		"1050 nodetail net_packet_in\n",
		0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	ok(st == 0 && n == 6 && !v[1].details && v[1].known && v[1].control &&
	   !v[2].details && !v[2].var, "records without details: known, no payload; a syscall entry is still a control event");
	if (n == 6)
		event_json(t, &v[5], &js);
	else
		js = strdup("");
	ok(strstr(js, "\"type\":\"net_packet_in\",\"id\":50") &&
	   strstr(js, "\"details\":false,\"args\":{}}"), "JSON: details false, args {}: %s", js);
	free(js);
	ok(lttr_summary_compute(t, &s, &err) == 0 && s->by_id[LTT_EV_FS_WRITE] == 2 &&
	   s->by_id[LTT_EV_SYSCALL_ENTRY] == 1 && s->by_id[LTT_EV_NET_PACKET_IN] == 1 &&
	   s->control == 2, "the summary counts them by type");
	lttr_summary_free(s);
	free(v);
	lttr_trace_close(t);
}

/* process_exit codes are wait statuses: decoded as a person reads them */
static void check_exit_codes(void)
{
	static const struct { int32_t code; const char *want; } c[] = {
		{ 0, "exit 0" }, { 256, "exit 1" }, { 3840, "exit 15" },
		{ 0xff00, "exit 255" }, { 15, "killed by SIGTERM" },
		{ 9, "killed by SIGKILL" }, { 0x8b, "killed by SIGSEGV (core dumped)" },
		{ 40, "killed by signal 40" },
	};
	char buf[48];
	size_t i;
	bool good = true;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		lttr_exit_code_str(c[i].code, buf, sizeof(buf));
		if (strcmp(buf, c[i].want)) {
			tap_diag("code %d: got \"%s\", want \"%s\"", c[i].code, buf, c[i].want);
			good = false;
		}
	}
	ok(good, "exit codes decoded: exit N, killed by SIGNAME (core dumped)");
}

/*
 * An exec record (format 1.12): pid 7, the name @name with its NUL, then
 * @vlen bytes of @v (the argv block as written, or damaged), in @rec;
 * padded with zeros as the module pads.  Returns its size.
 */
static size_t exec_rec(uint8_t *rec, const char *name, const void *v, size_t vlen)
{
	struct ltt_record_header rh = { .id = LTT_EV_PROCESS_EXEC };
	struct ltt_ev_process_exec e = { .pid = 7 };
	size_t n = sizeof(rh), nl = strlen(name) + 1;

	memset(rec, 0, 1024);
	memcpy(rec + n, &e, sizeof(e));
	n += sizeof(e);
	memcpy(rec + n, name, nl);
	n += nl;
	memcpy(rec + n, v, vlen);
	n += vlen;
	n = (n + LTT_REC_ALIGN - 1) / LTT_REC_ALIGN * LTT_REC_ALIGN;
	rh.size = (uint16_t)n;
	memcpy(rec, &rh, sizeof(rh));
	return n;
}

/* decode @rec and read its arguments; their command line into @cmd */
static bool exec_decode(const uint8_t *rec, size_t n, struct lttr_exec_args *a,
			char *cmd, size_t size)
{
	static struct lttr_event ev;	/* @a points into the record, not @ev */

	cmd[0] = '\0';
	if (lttr_record_decode(rec, n, &ev, NULL, 0) < 0)
		return false;
	if (lttr_exec_args(&ev, a))
		lttr_exec_cmdline(a, cmd, size);
	return ev.var_len == 9 && !memcmp(ev.var, "/bin/prog", 9);
}

/* the exec record's arguments (format 1.12), good and damaged */
static void check_exec_args(void)
{
	static const uint8_t block[] = { LTT_EXEC_ARGV_MAGIC, 0, 13, 0,
		'p', 'r', 'o', 'g', 0, '-', 'x', 0, 'a', ' ', 'b', 0, 0 };
	uint8_t rec[1024], v[600];
	struct lttr_exec_args a;
	char cmd[LTT_EXEC_ARGV_MAX + 1], small[8];
	size_t n, pos = 0, len;
	const char *s;
	bool seen[3] = { false }, good;

	/* "prog" "-x" "a b" "": 13 bytes (the block's 14th byte is padding) */
	n = exec_rec(rec, "/bin/prog", block, 4 + 13);
	good = exec_decode(rec, n, &a, cmd, sizeof(cmd));
	ok(good && a.present && !a.cut &&
	   !a.error && a.argc == 4 && !strcmp(cmd, "prog -x a b "),
	   "argv after the name: 4 strings (an empty one last), cmdline \"%s\"", cmd);
	while ((s = lttr_exec_next_arg(&a, &pos, &len))) {
		if (len == 4 && !memcmp(s, "prog", 4))
			seen[0] = true;
		if (len == 3 && !memcmp(s, "a b", 3))
			seen[1] = true;
		if (len == 0)
			seen[2] = true;
	}
	ok(seen[0] && seen[1] && seen[2] && lttr_exec_cmdline(&a, small, sizeof(small)) == 7 &&
	   !strcmp(small, "prog -x"), "each string stepped through; a cmdline cut to its buffer");
	memcpy(v, block, sizeof(block));
	v[1] = LTT_EXEC_ARGV_CUT;
	n = exec_rec(rec, "/bin/prog", v, 4 + 13);
	good = exec_decode(rec, n, &a, cmd, sizeof(cmd));
	ok(good && a.present && a.cut,
	   "LTT_EXEC_ARGV_CUT: arguments left out");
	/* an older record: the name, then padding */
	n = exec_rec(rec, "/bin/prog", "", 0);
	good = exec_decode(rec, n, &a, cmd, sizeof(cmd));
	ok(good && !a.present && !a.error,
	   "no block after the name (format 1.11 and older): no argv, no error");
	/* the block longer than its record */
	v[1] = 0;
	v[2] = 200;
	n = exec_rec(rec, "/bin/prog", v, 4 + 13);
	good = exec_decode(rec, n, &a, cmd, sizeof(cmd));
	ok(good && !a.present && a.error &&
	   strstr(a.error, "longer than its record"), "argv longer than its record: %s, the name kept",
	   a.error ? a.error : "no error");
	/* longer than LTT_EXEC_ARGV_MAX, in a record long enough */
	memset(v, 'x', sizeof(v));
	v[0] = LTT_EXEC_ARGV_MAGIC;
	v[1] = 0;
	v[2] = (LTT_EXEC_ARGV_MAX + 1) & 0xff;
	v[3] = (LTT_EXEC_ARGV_MAX + 1) >> 8;
	n = exec_rec(rec, "/bin/prog", v, 4 + LTT_EXEC_ARGV_MAX + 1);
	good = exec_decode(rec, n, &a, cmd, sizeof(cmd));
	ok(good && !a.present && a.error &&
	   strstr(a.error, "LTT_EXEC_ARGV_MAX"), "argv longer than LTT_EXEC_ARGV_MAX: %s",
	   a.error ? a.error : "no error");
	/* not NUL-terminated */
	v[2] = 4;
	v[3] = 0;
	n = exec_rec(rec, "/bin/prog", v, 4 + 4);
	good = exec_decode(rec, n, &a, cmd, sizeof(cmd));
	ok(good && !a.present && a.error &&
	   strstr(a.error, "NUL"), "argv not NUL-terminated: %s", a.error ? a.error : "no error");
	/* the header cut by the record's end: magic as the last byte */
	n = exec_rec(rec, "/bin/prog", v, 1);
	good = exec_decode(rec, n, &a, cmd, sizeof(cmd));
	ok(good && !a.present && a.error &&
	   strstr(a.error, "header"), "argv header cut by the record's end: %s",
	   a.error ? a.error : "no error");
	/* non-UTF-8 bytes go through as they are */
	memcpy(v, (const uint8_t[]){ LTT_EXEC_ARGV_MAGIC, 0, 4, 0, 'a', 0xff, 0xc3, 0 }, 8);
	n = exec_rec(rec, "/bin/prog", v, 8);
	good = exec_decode(rec, n, &a, cmd, sizeof(cmd));
	ok(good && a.present && a.argc == 1 &&
	   !memcmp(cmd, "a\xff\xc3", 4), "non-UTF-8 bytes kept as they are");
}

int main(void)
{
	tap_plan((int)(sizeof(cases) / sizeof(cases[0])) + 2 + 4 + 3 + 3 + 1 + 9);
	check_exec_args();
	check_exit_codes();
	check_events();
	check_names();
	check_sockaddr();
	check_nodetails();
	return tap_done();
}
