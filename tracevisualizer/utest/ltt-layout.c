// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-layout - print the layout of the trace format as the C compiler
 * sees it: the size and each member's offset and size of the structs of
 * include/ltt/ltt-abi.h that the files of a trace hold, the format's
 * version, and each event of include/ltt/ltt-events.h with the size of
 * its payload and of its compact form.  tests/host/lttfmt.t compares
 * this with tests/lib/lttfmt.py, the Python tests' view of the format.
 *
 * Output, one fact per line:
 *   format MAJOR MINOR
 *   struct NAME SIZE
 *   member STRUCT MEMBER OFFSET SIZE
 *   event ID NAME PAYLOAD_SIZE COMPACT_SIZE OLD_SIZE VAR CLASS
 *         ABI_COMPACT_SIZE SYM   (ltt_compact_size(id) of ltt-abi.h)
 *   const NAME VALUE
 */
#include <stddef.h>
#include <stdio.h>
#include <ltt/ltt-events.h>

#define STRUCT(s)	printf("struct %s %zu\n", #s, sizeof(struct s))
#define MEMBER(s, m)	printf("member %s %s %zu %zu\n", #s, #m, \
			       offsetof(struct s, m), sizeof(((struct s *)0)->m))

static void trace_header(void)
{
	STRUCT(ltt_trace_header);
	MEMBER(ltt_trace_header, magic);
	MEMBER(ltt_trace_header, major);
	MEMBER(ltt_trace_header, minor);
	MEMBER(ltt_trace_header, byte_order);
	MEMBER(ltt_trace_header, word_size);
	MEMBER(ltt_trace_header, header_size);
	MEMBER(ltt_trace_header, ncpus);
	MEMBER(ltt_trace_header, clock_hz);
	MEMBER(ltt_trace_header, buffer_size);
	MEMBER(ltt_trace_header, buffer_count);
	MEMBER(ltt_trace_header, flags);
	MEMBER(ltt_trace_header, start_wall_ns);
	MEMBER(ltt_trace_header, start_ns);
	MEMBER(ltt_trace_header, end_ns);
	MEMBER(ltt_trace_header, mask);
	MEMBER(ltt_trace_header, arch);
	MEMBER(ltt_trace_header, release);
	MEMBER(ltt_trace_header, hostname);
	MEMBER(ltt_trace_header, details);
	MEMBER(ltt_trace_header, filter);
	MEMBER(ltt_trace_header, syscall_ip);
	MEMBER(ltt_trace_header, capture_len);
	MEMBER(ltt_trace_header, start_call_us);
	MEMBER(ltt_trace_header, stacks);
	MEMBER(ltt_trace_header, command_pid);
	MEMBER(ltt_trace_header, reserved_1_9);
	MEMBER(ltt_trace_header, sample_hz);
	MEMBER(ltt_trace_header, reserved_1_10);
	MEMBER(ltt_trace_header, stack_syscalls);
	printf("const LTT_TRACE_HEADER_SIZE_1_7 %d\n", LTT_TRACE_HEADER_SIZE_1_7);
	printf("const LTT_TRACE_HEADER_SIZE_1_8 %d\n", LTT_TRACE_HEADER_SIZE_1_8);
	printf("const LTT_TRACE_HEADER_SIZE_1_9 %d\n", LTT_TRACE_HEADER_SIZE_1_9);
}

static void buffers(void)
{
	STRUCT(ltt_buffer_header);
	MEMBER(ltt_buffer_header, magic);
	MEMBER(ltt_buffer_header, cpu);
	MEMBER(ltt_buffer_header, flags);
	MEMBER(ltt_buffer_header, seq);
	MEMBER(ltt_buffer_header, start_ns);
	MEMBER(ltt_buffer_header, end_ns);
	MEMBER(ltt_buffer_header, data_size);
	MEMBER(ltt_buffer_header, pid);
	MEMBER(ltt_buffer_header, lost);
	STRUCT(ltt_record_header);
	MEMBER(ltt_record_header, delta);
	MEMBER(ltt_record_header, id);
	MEMBER(ltt_record_header, flags);
	MEMBER(ltt_record_header, size);
}

static void lost(void)
{
	STRUCT(ltt_lost_info);
	MEMBER(ltt_lost_info, cpu);
	MEMBER(ltt_lost_info, buffers);
	MEMBER(ltt_lost_info, total);
	MEMBER(ltt_lost_info, nested);
	MEMBER(ltt_lost_info, by_event);
	MEMBER(ltt_lost_info, syscall_entry);
	MEMBER(ltt_lost_info, syscall_exit);
	MEMBER(ltt_lost_info, by_event_high);
	printf("const LTT_LOST_INFO_SIZE_1_6 %d\n", LTT_LOST_INFO_SIZE_1_6);
	printf("const LTT_LOST_SYSCALLS %d\n", LTT_LOST_SYSCALLS);
}

static const char *const var_names[] = {
	[LTT_VAR_NONE] = "NONE", [LTT_VAR_NAME] = "NAME",
	[LTT_VAR_PEER] = "PEER", [LTT_VAR_PACKET] = "PACKET",
	[LTT_VAR_DECL] = "DECL", [LTT_VAR_CUSTOM] = "CUSTOM",
	[LTT_VAR_ENDPOINT] = "ENDPOINT", [LTT_VAR_STACK] = "STACK",
	[LTT_VAR_MARKER] = "MARKER",
};

#define EVENT(sym, name, pl, var, cls, csize, old) \
	printf("event %d %s %zu %zu %zu %s %s %u %s\n", LTT_EV_##sym, name, \
	       sizeof(struct ltt_ev_##pl), (size_t)(csize), (size_t)(old), \
	       var_names[LTT_VAR_##var], #cls, \
	       ltt_compact_size(LTT_EV_##sym), #sym);

int main(void)
{
	printf("format %d %d\n", LTT_FORMAT_MAJOR, LTT_FORMAT_MINOR);
	printf("const LTT_TRACE_MAGIC %u\n", LTT_TRACE_MAGIC);
	printf("const LTT_BUFFER_MAGIC %u\n", LTT_BUFFER_MAGIC);
	printf("const LTT_TRACE_HEADER_SIZE_1_0 %d\n", LTT_TRACE_HEADER_SIZE_1_0);
	printf("const LTT_EV_MAX %d\n", LTT_EV_MAX);
	printf("const LTT_EV_IDS %d\n", LTT_EV_IDS);
	trace_header();
	buffers();
	lost();
	LTT_EVENTS(EVENT)
	return 0;
}
