// SPDX-License-Identifier: GPL-2.0
/*
 * test-header.c - trace information from a valid header and the buffer
 * index; open errors for a missing directory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "tracegen.h"

/* the TRACEINFO JSON of a trace, malloc'ed into *out */
static void traceinfo(const struct lttr_trace *t, char **out)
{
	struct lttr_json j;
	size_t len = 0;
	FILE *f;

	*out = NULL;
	f = open_memstream(out, &len);
	lttr_json_init(&j, f, false);
	lttr_json_traceinfo(&j, t);
	fclose(f);
}

static bool all_ones(const struct ltt_event_mask *m)
{
	unsigned int i;

	for (i = 0; i < LTT_EV_MAX / 64; i++)
		if (m->bits[i] != UINT64_MAX)
			return false;
	return true;
}

/* format 1.0, 1.1 and 1.2 headers, the configuration they record */
static void formats(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	const struct ltt_trace_header *h;
	char *js;

	ok(tg_open("v10", "header ncpus=1\nbuf cpu=0 start=1000000000 pid=1\n", 0, &t, &err) == 0,
	   "a format 1.0 header (272 bytes) opens");
	h = lttr_trace_header(t);
	ok(!lttr_trace_format_11(t) && h->header_size == 272 && all_ones(&h->details) &&
	   !h->filter.flags && h->syscall_ip.mode == LTT_SIP_RAW && !h->capture_len &&
	   !lttr_trace_flight(t), "1.0: all details, no filter, raw syscall IP, no capture");
	traceinfo(t, &js);
	ok(strstr(js, "\"format\":\"1.0\"") &&
	   strstr(js, "\"flight\":false,\"overwritten_buffers\":0,\"no_cpu_id\":false,\"full_records\":false,\"filter\":null,\"syscall_ip\":{\"mode\":\"raw\",\"depth\":0,\"lower\":0,\"upper\":0},\"capture_len\":0,") &&
	   strstr(js, "\"details_mask\":[\"syscall_entry\",\"syscall_exit\","),
	   "1.0 TRACEINFO: %s", js);
	free(js);
	lttr_trace_close(t);

	ok(tg_open("v10-junk", "header ncpus=1\nbuf cpu=0 start=1000000000 pid=1\n"
		   "poke header 272 1 2 3 4 5 6 7 8\npoke header 340 9 9 9 9\n", 0, &t, &err) == 0,
	   "a 1.0 header followed by other bytes opens");
	h = lttr_trace_header(t);
	ok(!lttr_trace_format_11(t) && all_ones(&h->details) && !h->capture_len,
	   "bytes after header_size are not read as 1.1 fields");
	lttr_trace_close(t);

	ok(tg_open("v10-300", "header ncpus=1 hsize=300\nbuf cpu=0 start=1000000000 pid=1\n",
		   0, &t, &err) == 0 && !lttr_trace_format_11(t) &&
	   all_ones(&lttr_trace_header(t)->details),
	   "a header_size between the two formats: the 1.0 part only");
	lttr_trace_close(t);

	ok(tg_open("v11", "header ncpus=2 format=1.1 details=syscall_entry,schedchange "
		   "filter=pid:5,pgrp:7,uid:1000 sip=range:0x400000:0x500000:64 capture=96 "
		   "flight=1 nocpuid=1\n"
		   "buf cpu=0 start=1000000100 pid=1 seq=5\nbuf cpu=0 start=1000000200 pid=1 seq=6\n"
		   "buf cpu=0 start=1000000300 pid=1 seq=9\n"
		   "buf cpu=1 start=1000000150 pid=2 seq=2\n", 0, &t, &err) == 0,
	   "a format 1.1 header (360 bytes) opens");
	h = lttr_trace_header(t);
	ok(lttr_trace_format_11(t) && h->header_size == 360 && h->minor == 1 &&
	   h->details.bits[0] == ((1ULL << LTT_EV_SYSCALL_ENTRY) | (1ULL << LTT_EV_SCHEDCHANGE)) &&
	   h->filter.flags == (LTT_FILTER_PID | LTT_FILTER_PGRP | LTT_FILTER_UID) &&
	   h->filter.pid == 5 && h->filter.pgrp == 7 && h->filter.uid == 1000 &&
	   h->syscall_ip.mode == LTT_SIP_RANGE && h->syscall_ip.lower == 0x400000 &&
	   h->syscall_ip.upper == 0x500000 && h->syscall_ip.depth == 64 &&
	   h->capture_len == 96, "1.1: details, filter, syscall IP and capture read");
	ok(lttr_trace_flight(t) && lttr_trace_warning_count(t) == 0 &&
	   lttr_trace_overwritten(t, 0) == 7 && lttr_trace_overwritten(t, 1) == 2,
	   "flight recorder: seq gaps are overwritten buffers, not a warning");
	ok(lttr_trace_window_start(t) == 1000000150ULL,
	   "flight recorder: the window starts when every CPU is known");
	traceinfo(t, &js);
	ok(strstr(js, "\"format\":\"1.1\"") &&
	   strstr(js, "\"flight\":true,\"overwritten_buffers\":9,\"no_cpu_id\":true,\"full_records\":false,\"filter\":{\"pid\":5,\"pgrp\":7,\"uid\":1000},\"syscall_ip\":{\"mode\":\"range\",\"depth\":64,\"lower\":4194304,\"upper\":5242880},\"capture_len\":96,") &&
	   strstr(js, "\"details_mask\":[\"syscall_entry\",\"schedchange\"],\"warnings\":[]"),
	   "1.1 TRACEINFO: %s", js);
	free(js);
	lttr_trace_close(t);

	ok(tg_open("v11-tgid", "header format=1.1 filter=tgid:9,gid:4 sip=depth:2\n"
		   "buf cpu=0 start=1000000000 pid=1\n", 0, &t, &err) == 0 &&
	   lttr_trace_window_start(t) == 1000000000ULL, "a 1.1 trace without flight: the header's start");
	traceinfo(t, &js);
	ok(strstr(js, "\"filter\":{\"tgid\":9,\"gid\":4},\"syscall_ip\":{\"mode\":\"depth\",\"depth\":2,") != NULL,
	   "filter by tgid and gid, depth mode: %s", js);
	free(js);
	lttr_trace_close(t);

	ok(tg_open("v12", "header ncpus=1 format=1.2 fullrec=1 nocpuid=1\n"
		   "buf cpu=0 start=1000000000 pid=1\n", 0, &t, &err) == 0,
	   "a format 1.2 header opens");
	h = lttr_trace_header(t);
	ok(lttr_trace_format_11(t) && h->header_size == 360 && h->minor == 2 &&
	   h->flags == (LTT_TRACE_COMPLETE | LTT_TRACE_NO_CPUID | LTT_TRACE_FULL_RECORDS) &&
	   all_ones(&h->details) && lttr_trace_warning_count(t) == 0,
	   "1.2: the 1.1 header, LTT_TRACE_FULL_RECORDS read");
	traceinfo(t, &js);
	ok(strstr(js, "\"format\":\"1.2\"") &&
	   strstr(js, "\"no_cpu_id\":true,\"full_records\":true,\"filter\":null,"),
	   "1.2 TRACEINFO: format, full_records: %s", js);
	free(js);
	lttr_trace_close(t);

	ok(tg_open("v11-big", "header format=1.1 hsize=400 capture=4\n"
		   "buf cpu=0 start=1000000000 pid=1\n", 0, &t, &err) == 0 &&
	   lttr_trace_format_11(t) && lttr_trace_header(t)->capture_len == 4,
	   "a larger header_size (a later minor version) is read as 1.1");
	lttr_trace_close(t);
	ok(tg_open("v11-badcfg", "header format=1.1 capture=1000\n"
		   "buf cpu=0 start=1000000000 pid=1\npoke header 328 7\n", 0, &t, &err) == 0 &&
	   lttr_trace_warning_count(t) == 2 &&
	   strstr(lttr_trace_warning(t, 0), "unknown syscall_ip mode 7 at offset 328") &&
	   strstr(lttr_trace_warning(t, 1), "capture_len 1000 at offset 352 larger than 256"),
	   "an unknown syscall IP mode or capture length: warnings");
	lttr_trace_close(t);
	ok(tg_open("v115-cap", "header format=1.15 capture=1514\n"
		   "buf cpu=0 start=1000000000 pid=1\n", 0, &t, &err) == 0 &&
	   lttr_trace_warning_count(t) == 0 && lttr_trace_header(t)->capture_len == 1514,
	   "1.15: a capture length of 1514 (a whole Ethernet frame) is no warning");
	lttr_trace_close(t);
	ok(tg_open("v114-cap", "header format=1.14 capture=1514\n"
		   "buf cpu=0 start=1000000000 pid=1\n", 0, &t, &err) == 0 &&
	   lttr_trace_warning_count(t) == 1 &&
	   strstr(lttr_trace_warning(t, 0), "capture_len 1514 at offset 352 larger than 256"),
	   "1.14: the same capture length is (256 before format 1.15)");
	lttr_trace_close(t);
	ok(tg_open("v115-badcap", "header format=1.15 capture=65511\n"
		   "buf cpu=0 start=1000000000 pid=1\n", 0, &t, &err) == 0 &&
	   lttr_trace_warning_count(t) == 1 &&
	   strstr(lttr_trace_warning(t, 0), "capture_len 65511 at offset 352 larger than 65510"),
	   "1.15: a capture length above LTT_MAX_CAPTURE: a warning");
	lttr_trace_close(t);
}

int main(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_buffer_info bi;
	const struct ltt_trace_header *h;

	tap_plan(12 + 21);
	formats();
	ok(tg_open("hdr",
		   "header ncpus=2 start=5000 end=9000 wall=123 bufsize=8192 bufcount=3 "
		   "arch=aarch64 release=6.1.99 host=box\n"
		   "buf cpu=1 start=5000 pid=4 lost=2\n5001 syscall_entry 0\n"
		   "buf cpu=0 start=5000 pid=3 flags=1\n"
		   "buf cpu=1 start=6000 pid=4 lost=5 flags=1\n6001 syscall_exit 0 0\n",
		   0, &t, &err) == 0, "valid trace opens");
	h = lttr_trace_header(t);
	ok(h->start_ns == 5000 && h->end_ns == 9000 && h->start_wall_ns == 123 &&
	   h->buffer_size == 8192 && h->buffer_count == 3, "header fields");
	ok(lttr_trace_ncpus(t) == 2 && lttr_trace_complete(t), "ncpus, complete");
	ok(!strcmp(lttr_trace_arch(t), "aarch64") && !strcmp(lttr_trace_release(t), "6.1.99") &&
	   !strcmp(lttr_trace_hostname(t), "box"), "uname strings");
	ok(lttr_trace_end_ns(t) == 9000, "end_ns from the header");
	ok(lttr_trace_total_buffers(t) == 3 && lttr_trace_buffer_count(t, 0) == 1 &&
	   lttr_trace_buffer_count(t, 1) == 2, "buffers indexed per CPU");
	ok(lttr_trace_buffer(t, 1, 1, &bi) == 0 && bi.seq == 1 && bi.start_ns == 6000 &&
	   bi.lost == 5 && bi.flags == 1 && bi.pid == 4 && bi.data_size == 20 &&
	   bi.offset == 48 + 20 + 48, "buffer info");
	ok(lttr_trace_buffer(t, 1, 2, &bi) == -LTTR_E_INVAL &&
	   lttr_trace_buffer(t, 7, 0, &bi) == -LTTR_E_INVAL, "out-of-range buffer refused");
	/* a lost file counting less than the buffer headers is damaged */
	ok(lttr_trace_buffer_lost_cpu(t, 1) == 7 && lttr_trace_lost_cpu(t, 1) == 7 &&
	   lttr_trace_lost_info(t, 1) == NULL,
	   "lost: a file (0) below the buffer headers (7) is ignored, the headers' counts used");
	ok(lttr_trace_warning_count(t) == 1 &&
	   strstr(lttr_trace_warning(t, 0), "lost: cpu 1: a total of 0, less than the 7 the buffer headers count: the file is damaged, ignored"),
	   "... with a warning that says why");
	lttr_trace_close(t);
	ok(lttr_trace_open("/nonexistent-dir", 0, &t, &err) == -LTTR_E_IO &&
	   !strcmp(err.msg, "/nonexistent-dir/header: cannot open: No such file or directory"),
	   "missing directory: %s", err.msg);
	ok(tg_open("hdr-inc", "header flags=0 end=0\nbuf cpu=0 start=1000000000 pid=1\n"
		   "1000000500 syscall_entry 0\n", 0, &t, &err) == 0 &&
	   !lttr_trace_complete(t) && lttr_trace_end_ns(t) == 1000000500 &&
	   lttr_trace_warning_count(t) == 1, "incomplete trace: end from the buffers, warning");
	lttr_trace_close(t);
	return tap_done();
}
