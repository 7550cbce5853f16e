// SPDX-License-Identifier: GPL-2.0
/*
 * test-json.c - JSON escaping and the writer; event and trace objects.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "tracegen.h"

static char *esc(const char *s, size_t n)
{
	static char out[256];

	lttr_json_escape(s, n, out, sizeof(out));
	return out;
}

static char *capture_begin(FILE **f, char **buf, size_t *len)
{
	*f = open_memstream(buf, len);
	return *buf;
}

int main(void)
{
	struct lttr_json j;
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_event *v;
	char *buf = NULL;
	size_t len = 0, n, i;
	FILE *f;
	int st;
	char big[64];

	tap_plan(25);
	ok(!strcmp(esc("a\"b\\c", 5), "a\\\"b\\\\c"), "quote and backslash");
	ok(!strcmp(esc("\n\t\r\b\f", 5), "\\n\\t\\r\\b\\f"), "short escapes");
	ok(!strcmp(esc("\x01\x1f", 2), "\\u0001\\u001f"), "control characters as \\u00XX");
	ok(!strcmp(esc("a\0b", 3), "a\\u0000b"), "NUL byte");
	ok(!strcmp(esc("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 14),
		   "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"), "valid UTF-8 kept");
	ok(!strcmp(esc("\xff\xc3(", 3), "\\ufffd\\ufffd("), "invalid bytes -> U+FFFD each");
	ok(!strcmp(esc("\xc0\xaf\xed\xa0\x80", 5), "\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd"),
	   "overlong and surrogate encodings rejected");
	ok(!strcmp(esc("\xe2\x82", 2), "\\ufffd\\ufffd"), "truncated sequence rejected");
	ok(lttr_json_escape("abcdef", 6, big, 4) == 6 && !strcmp(big, "abc"),
	   "escape truncates and reports the full length");

	capture_begin(&f, &buf, &len);
	lttr_json_init(&j, f, false);
	lttr_json_begin_object(&j);
	lttr_json_key(&j, "a");
	lttr_json_u64(&j, 18446744073709551615ULL);
	lttr_json_key(&j, "b");
	lttr_json_begin_array(&j);
	lttr_json_i64(&j, -9223372036854775807LL - 1);
	lttr_json_bool(&j, true);
	lttr_json_null(&j);
	lttr_json_begin_object(&j);
	lttr_json_end_object(&j);
	lttr_json_string(&j, "x\"y");
	lttr_json_end_array(&j);
	lttr_json_end_object(&j);
	fclose(f);
	ok(!strcmp(buf, "{\"a\":18446744073709551615,\"b\":[-9223372036854775808,true,null,{},\"x\\\"y\"]}"),
	   "writer: commas, nesting, 64-bit integers: %s", buf);
	free(buf);

	tg_open("json",
		"header ncpus=1 start=1000\n"
		"proc IRQ: 4; NAME: tty\"S0\n"
		"buf cpu=0 start=1000 pid=3\n"
		"1500 exec 3 /bin/\xff\"q\n"
		"1600 syscall_entry 110 0x401234\n"
		"1700 irq_entry 4 1\n"
		"1800 syscall_exit 100000 -2\n"
		"1900 trap_entry 14 0xdead000 0x401000 1\n"
		"2000 softirq_entry 3\n"
		"2100 softirq_exit 12\n",
		0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	capture_begin(&f, &buf, &len);
	lttr_json_init(&j, f, false);
	lttr_json_event(&j, t, &v[0]);
	fclose(f);
	ok(strstr(buf, "\"time_ns\":1500,\"rel_ns\":500,\"cpu\":0,\"pid\":3,\"type\":\"exec\",\"id\":11,\"control\":false") != NULL,
	   "event: common keys");
	ok(strstr(buf, "\"args\":{\"pid\":3,\"filename\":\"/bin/\\ufffd\\\"q\"}") != NULL,
	   "exec args, file name escaped: %s", buf);
	free(buf);
	capture_begin(&f, &buf, &len);
	lttr_json_init(&j, f, false);
	lttr_json_event(&j, t, &v[1]);
	lttr_json_event(&j, t, &v[2]);
	lttr_json_event(&j, t, &v[3]);
	lttr_json_event(&j, t, &v[4]);
	fclose(f);
	ok(strstr(buf, "\"desc\":\"syscall_entry getppid ip=0x401234\"") &&
	   strstr(buf, "\"args\":{\"nr\":110,\"name\":\"getppid\",\"ip\":4198964}"),
	   "syscall_entry desc and args (name from the kernel table)");
	ok(strstr(buf, "\"desc\":\"irq_entry 4 (tty\\\"S0) user\"") &&
	   strstr(buf, "\"args\":{\"irq\":4,\"sysvec\":false,\"user\":true,\"name\":\"tty\\\"S0\"}"),
	   "irq_entry desc and args with the proc irq name");
	ok(strstr(buf, "\"name\":\"syscall_100000\",\"ret\":-2") != NULL,
	   "unknown syscall number: syscall_<nr>, negative ret");
	ok(strstr(buf, "\"desc\":\"trap_entry page_fault addr=0xdead000 ip=0x401000 user\"") &&
	   strstr(buf, "\"control\":true"), "trap_entry desc");
	free(buf);
	capture_begin(&f, &buf, &len);
	lttr_json_init(&j, f, false);
	lttr_json_event(&j, t, &v[5]);
	lttr_json_event(&j, t, &v[6]);
	fclose(f);
	ok(n == 7 && strstr(buf, "\"type\":\"softirq_entry\",\"id\":14,\"control\":false,\"desc\":\"softirq_entry NET_RX\"") &&
	   strstr(buf, "\"args\":{\"vec\":3,\"name\":\"NET_RX\"}"),
	   "softirq_entry: type, id, never control, desc and args: %s", buf);
	ok(strstr(buf, "\"type\":\"softirq_exit\",\"id\":15,\"control\":false,\"desc\":\"softirq_exit vec 12\"") &&
	   strstr(buf, "\"args\":{\"vec\":12,\"name\":\"\"}"),
	   "softirq_exit of an unknown vector: vec <n>");
	free(buf);
	ok(lttr_event_payload_size(LTT_EV_SOFTIRQ_ENTRY) == 4 &&
	   lttr_event_payload_size(LTT_EV_SOFTIRQ_EXIT) == 4 &&
	   !strcmp(lttr_event_type_name(LTT_EV_SOFTIRQ_EXIT), "softirq_exit") &&
	   !strcmp(lttr_softirq_name(9), "RCU") && !lttr_softirq_name(10),
	   "softirq payload size, type and vector names");
	capture_begin(&f, &buf, &len);
	lttr_json_init(&j, f, false);
	lttr_json_traceinfo(&j, t);
	fclose(f);
	ok(strstr(buf, "\"format\":\"1.0\",\"ncpus\":1,\"arch\":\"x86_64\"") &&
	   strstr(buf, "\"complete\":true") && strstr(buf, "\"events_mask\":[\"syscall_entry\"") &&
	   strstr(buf, "\"softirq_entry\",\"softirq_exit\""),
	   "trace info keys");
	free(buf);
	free(v);
	lttr_trace_close(t);

	tg_open("json-signals",
		"header ncpus=1 start=1000\n"
		"buf cpu=0 start=1000 pid=3\n"
		"1100 signal_send 10 57 0\n"
		"1200 signal_deliver 10 0x401000\n"
		"1300 signal_deliver 15 0\n"
		"1400 signal_send 40 3 2\n"
		"1500 signal_deliver 17 1\n",
		0, &t, &err);
	v = tg_all_events(t, &n, 0, &st);
	capture_begin(&f, &buf, &len);
	lttr_json_init(&j, f, false);
	for (i = 0; i < n; i++)
		lttr_json_event(&j, t, &v[i]);
	fclose(f);
	ok(n == 5 && strstr(buf, "\"type\":\"signal_send\",\"id\":16,\"control\":false,\"desc\":\"signal_send SIGUSR1 to 57 (delivered)\"") &&
	   strstr(buf, "\"args\":{\"sig\":10,\"name\":\"SIGUSR1\",\"pid\":57,\"result\":0}"),
	   "signal_send: type, id, desc and args: %s", buf);
	ok(strstr(buf, "\"desc\":\"signal_deliver SIGUSR1 handler=0x401000\"") &&
	   strstr(buf, "\"args\":{\"sig\":10,\"name\":\"SIGUSR1\",\"handler\":4198400,\"default\":false,\"ignored\":false}"),
	   "signal_deliver to a user handler");
	ok(strstr(buf, "\"desc\":\"signal_deliver SIGTERM default action\"") &&
	   strstr(buf, "\"desc\":\"signal_deliver SIGCHLD ignored\"") &&
	   strstr(buf, "\"default\":true,\"ignored\":false") &&
	   strstr(buf, "\"default\":false,\"ignored\":true"),
	   "signal_deliver: default action and SIG_IGN");
	ok(strstr(buf, "\"desc\":\"signal_send signal 40 to 3 (already pending)\"") &&
	   strstr(buf, "\"sig\":40,\"name\":\"\""),
	   "a real-time signal has no name; the verdict is spelled out");
	ok(lttr_event_payload_size(LTT_EV_SIGNAL_SEND) == 12 &&
	   lttr_event_payload_size(LTT_EV_SIGNAL_DELIVER) == 12 &&
	   !strcmp(lttr_signal_name(9), "SIGKILL") && !lttr_signal_name(32),
	   "signal payload sizes and names");
	free(buf);
	free(v);
	lttr_trace_close(t);
	return tap_done();
}
