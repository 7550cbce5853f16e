/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gen-stacks.h - the call stacks of gen-big --stacks: the stack records of
 * its switch-outs and wakeups, and the symbol files that name their frames
 * (a synthetic kernel's kallsyms, the maps of ELF files of the host).
 */
#ifndef GEN_STACKS_H
#define GEN_STACKS_H

#include <stddef.h>
#include <stdint.h>
#include <ltt/ltt-abi.h>

#define GS_ELF_MAX 2		/* a program, then a library */

struct gen_stacks;

/* the header of a trace with stacks of switch-outs and wakeups */
void gs_header(struct ltt_trace_header *h);
/*
 * the stacks, their user frames in the functions of the ELF files @elf
 * (@nelf: 0 to GS_ELF_MAX; without, user frames no maps file names);
 * NULL after a message
 */
struct gen_stacks *gs_new(const char *const *elf, unsigned int nelf);
/*
 * the LTT_EV_STACK payload (struct ltt_ev_stack and its addresses) of the
 * event @of_id of task @pid, the @i-th record of the trace, into @rec
 * (LTT_STACK_REC_MAX bytes): its length
 */
size_t gs_stack(struct gen_stacks *gs, uint32_t pid, unsigned int of_id, uint64_t i,
		uint8_t *rec);
/* whether task @pid blocked when it was last switched out */
int gs_blocked(const struct gen_stacks *gs, uint32_t pid);
void gs_set_blocked(struct gen_stacks *gs, uint32_t pid, int blocked);
/* kallsyms, modules and (with ELF files) maps of trace directory @dir */
int gs_write_files(const struct gen_stacks *gs, const char *dir, uint64_t start_ns,
		   uint64_t end_ns, unsigned int ncpus);
uint64_t gs_records(const struct gen_stacks *gs);
uint64_t gs_wakeups(const struct gen_stacks *gs);
void gs_free(struct gen_stacks *gs);

#endif
