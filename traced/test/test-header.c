// SPDX-License-Identifier: GPL-2.0
/* test-header.c - the header and lost files */
#include "header.h"
#include "tap.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	char path[] = "/tmp/traced-header.XXXXXX";
	struct ltt_info info = { .abi_version = LTT_ABI_VERSION, .ncpus = 3,
				 .buffer_size = 65536, .buffer_count = 8 };
	struct ltt_event_mask mask = { { 0x3ffe, 0, 0, 0 } };
	struct ltt_trace_header h, back;
	struct ltt_lost_info lost[3], lback[3];
	struct utsname u;
	struct stat st;
	int fd;

	header_init(&h, &info, &mask);
	uname(&u);
	ok(h.magic == LTT_TRACE_MAGIC && h.major == LTT_FORMAT_MAJOR &&
	   h.minor == LTT_FORMAT_MINOR, "magic and format version");
	ok(h.byte_order == LTT_ORDER_LITTLE, "little-endian host");
	ok(h.word_size == sizeof(long), "word size %u", h.word_size);
	ok(h.header_size == sizeof(h) && h.header_size == 480 &&
	   LTT_TRACE_HEADER_SIZE_1_0 == 272 && LTT_TRACE_HEADER_SIZE_1_8 == 400,
	   "header size %u (format 1.10)", h.header_size);
	ok(h.command_pid == 0 && h.reserved_1_9 == 0, "no command yet");
	header_set_command(&h, 4242);
	ok(h.command_pid == 4242 && h.reserved_1_9 == 0, "the command's pid");
	header_set_command(&h, 0);
	ok(h.ncpus == 3 && h.buffer_size == 65536 && h.buffer_count == 8,
	   "device configuration");
	ok(h.clock_hz == 1000000000U, "clock in ns");
	ok(memcmp(&h.mask, &mask, sizeof(mask)) == 0, "event mask");
	ok(strcmp(h.arch, u.machine) == 0 && strcmp(h.release, u.release) == 0,
	   "uname: %s %s", h.arch, h.release);
	ok(h.flags == 0 && h.start_ns == 0 && h.end_ns == 0,
	   "no times, not complete yet");
	{
		static const char zero[sizeof(struct ltt_filter)];
		size_t i;
		int all = 1;

		for (i = 0; i < LTT_EV_MAX / 64; i++)
			all &= h.details.bits[i] == ~0ULL;
		ok(all, "1.1 default: every event with details");
		ok(memcmp(&h.filter, zero, sizeof(zero)) == 0 &&
		   h.syscall_ip.mode == LTT_SIP_RAW && h.syscall_ip.depth == 0 &&
		   h.syscall_ip.lower == 0 && h.syscall_ip.upper == 0 &&
		   h.capture_len == 0 && h.start_call_us == 0,
		   "1.1 default: no filter, raw IP, no capture");
	}
	{
		struct ltt_event_mask det = { { 0xff00ff, 1, 2, 3 } };
		struct ltt_filter f = { .flags = LTT_FILTER_UID |
					LTT_FILTER_PGRP,
					.pgrp = 12, .uid = 1000 };
		struct ltt_syscall_ip sip = { .mode = LTT_SIP_RANGE,
					      .depth = 64, .lower = 0x400000,
					      .upper = 0x500000 };
		struct ltt_filter none = { 0 };

		header_set_config(&h, &det, &f, &sip, 96,
				  LTT_OPT_FLIGHT | LTT_OPT_NO_CPUID);
		ok(memcmp(&h.details, &det, sizeof(det)) == 0 &&
		   memcmp(&h.filter, &f, sizeof(f)) == 0 &&
		   memcmp(&h.syscall_ip, &sip, sizeof(sip)) == 0 &&
		   h.capture_len == 96, "1.1 configuration stored");
		ok(h.flags == (LTT_TRACE_FLIGHT | LTT_TRACE_NO_CPUID |
			       LTT_TRACE_FILTERED),
		   "flags FLIGHT, NO_CPUID, FILTERED: %#x", h.flags);
		/* the raw bytes at the documented offsets */
		ok(*(const __u32 *)((const char *)&h + 304) ==
		   (LTT_FILTER_UID | LTT_FILTER_PGRP) &&
		   *(const __u64 *)((const char *)&h + 336) == 0x400000 &&
		   *(const __u32 *)((const char *)&h + 352) == 96,
		   "filter at 304, syscall_ip.lower at 336, capture_len at 352");
		header_set_config(&h, &det, &none, &sip, 0, LTT_OPT_NO_CPUID);
		ok(h.flags == LTT_TRACE_NO_CPUID,
		   "no filter, no flight: only NO_CPUID (%#x)", h.flags);
		h.flags = LTT_TRACE_COMPLETE;
		header_set_config(&h, &det, &f, &sip, 0, 0);
		ok(h.flags == (LTT_TRACE_COMPLETE | LTT_TRACE_FILTERED),
		   "other flags kept (%#x)", h.flags);
		h.flags = 0;
	}
	ok(clock_ns(CLOCK_MONOTONIC) > 0 &&
	   clock_ns(CLOCK_REALTIME) > 1500000000ULL * 1000000000ULL,
	   "clock_ns");

	fd = mkstemp(path);
	ok(header_write(fd, path, &h) == 0, "provisional header written");
	h.flags = LTT_TRACE_COMPLETE;
	h.end_ns = 42;
	ok(header_write(fd, path, &h) == 0, "final header rewritten");
	ok(fstat(fd, &st) == 0 && st.st_size == (off_t)sizeof(h),
	   "file holds exactly one header");
	ok(pread(fd, &back, sizeof(back), 0) == (ssize_t)sizeof(back) &&
	   memcmp(&back, &h, sizeof(h)) == 0, "header reads back");
	close(fd);

	memset(lost, 0, sizeof(lost));
	lost[1].cpu = 1;
	lost[1].total = 7;
	lost[2].cpu = 2;
	lost[2].syscall_exit[511] = 3;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	ok(lost_write(fd, path, lost, 3) == 0, "lost written");
	fd = open(path, O_RDONLY);
	ok(fd >= 0 && read(fd, lback, sizeof(lback)) == (ssize_t)sizeof(lback)
	   && memcmp(lost, lback, sizeof(lost)) == 0 &&
	   read(fd, lback, 1) == 0, "lost holds ncpus records");
	close(fd);
	ok(lost_write(-1, "/nonexistent/dir/lost", lost, 3) < 0,
	   "lost whose file could not be created fails");
	fd = open("/dev/full", O_WRONLY | O_CLOEXEC);
	ok(fd >= 0 && lost_write(fd, "/dev/full", lost, 3) < 0,
	   "lost on a full disk fails");
	unlink(path);
	return done_testing();
}
