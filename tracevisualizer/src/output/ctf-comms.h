/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ctf-comms.h - the task names (comms) that the CTF export writes in the
 * records where LTTng's kernel tracer has them (sched_switch's prev_comm
 * and next_comm, sched_process_fork's parent_comm and child_comm): the
 * reader's process table at each such event's time (docs/ctf-export.md).
 */
#ifndef LTTR_CTF_COMMS_H
#define LTTR_CTF_COMMS_H

#include <stdbool.h>
#include <stdint.h>
#include <lttr/lttr.h>

/* LTTng's ctf_array_text(char, ..., TASK_COMM_LEN): 16 bytes, NUL-padded */
#define CTF_COMM_LEN	16

struct ctf_comms;

/*
 * ctf_comms_build() - read the trace once in time order, with the process
 * table updated as dump updates it (fork, exec, exit, kthread_create), and
 * keep the two names of every switch and fork (up to a record the
 * iterator cannot read).  Return: 0, or -LTTR_E_NOMEM with @err set.
 */
int ctf_comms_build(struct lttr_trace *t, struct ctf_comms **out,
		    struct lttr_error *err);

/*
 * ctf_comms_get() - the names of the switch or fork of CPU @cpu at file
 * offset @offset (prev and next, or parent and child), each CTF_COMM_LEN
 * bytes.  Calls for one CPU must come in file order.  Return: false when
 * the pass did not see that event (both names then empty).
 */
bool ctf_comms_get(struct ctf_comms *c, unsigned int cpu, uint64_t offset,
		   const char **a, const char **b);

void ctf_comms_free(struct ctf_comms *c);

#endif /* LTTR_CTF_COMMS_H */
