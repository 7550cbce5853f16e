/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rlua.h - the Lua 5.4 commands attached to breakpoints and watchpoints
 * (lua.c): one sandboxed state per replay, its globals the persistent
 * debugging variables, a budget of instructions and of memory per command
 */
#ifndef LTTR_REPLAY_RLUA_H
#define LTTR_REPLAY_RLUA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>
#include "replay/replay-internal.h"

struct rlua;
struct lttr_replay;
struct lttr_msg;

struct rlua *rlua_new(bool allow_io, uint64_t insn_budget, size_t mem_budget);
void rlua_free(struct rlua *L);
/* compile the commands of a point (script lines from @line); a reference or -1 */
int rlua_load(struct rlua *L, const char *text, size_t len, unsigned int line,
	      struct lttr_error *err);
/* run them at a stop of point @id; a runaway or failing command is stopped
 * with a message (replay_message()) and the replay goes on */
void rlua_command(struct rlua *L, struct lttr_replay *r, int ref, unsigned int id,
		  uint64_t ordinal);

/* the engine's side (replay.c) */
void replay_eval(struct lttr_replay *r, const struct rx_node *n, struct rx_val *out);
int replay_set_var(struct lttr_replay *r, const char *name, const struct rx_val *v);
/* the nodes' names, comma-separated (__ALL__) */
const char *replay_all(struct lttr_replay *r);
/* an expression of the replay's language, the nodes of its set known */
struct rx_node *replay_compile(struct lttr_replay *r, const char *s, unsigned int line,
			       unsigned int col, struct lttr_error *err);
void replay_out(struct lttr_replay *r, const char *s);
void replay_message(struct lttr_replay *r, const char *msg);
int replay_watch(struct lttr_replay *r, const char *expr, struct lttr_error *err);
int replay_delete(struct lttr_replay *r, unsigned int id);
size_t replay_event_msgs(struct lttr_replay *r, const struct lttr_msg **v, const char ***names,
			 size_t max, bool *send);

#endif /* LTTR_REPLAY_RLUA_H */
