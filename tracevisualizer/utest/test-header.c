// SPDX-License-Identifier: GPL-2.0
/*
 * test-header.c - trace information from a valid header and the buffer
 * index; open errors for a missing directory.
 */
#include <string.h>
#include "tap.h"
#include "tracegen.h"

int main(void)
{
	struct lttr_trace *t;
	struct lttr_error err;
	struct lttr_buffer_info bi;
	const struct ltt_trace_header *h;

	tap_plan(12);
	ok(tg_open("hdr",
		   "header ncpus=2 start=5000 end=9000 wall=123 bufsize=8192 bufcount=3 "
		   "arch=aarch64 release=6.1.99 host=box\n"
		   "buf cpu=1 start=5000 pid=4 lost=2\n5001 syscall_entry 0\n"
		   "buf cpu=0 start=5000 pid=3\n"
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
	ok(lttr_trace_buffer_lost_cpu(t, 1) == 7 && lttr_trace_lost_cpu(t, 1) == 0 &&
	   lttr_trace_lost_info(t, 1) != NULL, "lost: file (0) and buffer headers (7)");
	ok(lttr_trace_warning_count(t) == 0, "no warnings");
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
