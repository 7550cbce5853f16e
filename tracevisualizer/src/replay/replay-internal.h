/* SPDX-License-Identifier: GPL-2.0 */
/*
 * replay-internal.h - the replay's expressions (expr.c) and its Lua
 * commands (lua.c), shared with the engine (replay.c)
 */
#ifndef LTTR_REPLAY_INTERNAL_H
#define LTTR_REPLAY_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/error.h>

struct lttr_trace;

enum { RX_NUM, RX_STR, RX_NOT, RX_NEG, RX_AND, RX_OR, RX_ARITH, RX_CMP, RX_VAR,
       RX_META, RX_REF, RX_AT };
enum { RX_EQ, RX_NE, RX_LT, RX_LE, RX_GT, RX_GE };
enum { RX_T_TASK, RX_T_CPU, RX_T_APP, RX_T_FD, RX_T_CHAN, RX_T_EVENT, RX_T_FUTEX };
enum { RX_M_NODE, RX_M_REAL, RX_M_LOGICAL, RX_M_ALL };
enum { RX_V_MISSING, RX_V_INT, RX_V_STR };

struct rx_node {
	int kind;
	int op;
	int64_t num;
	char *str;
	struct rx_node *a, *b, *c;
};

/* a value: a number, text, or missing (unknown: compares false) */
struct rx_val {
	int type;
	int64_t i;
	char s[256];
};

/* what an expression reads, given by the engine */
struct rx_env {
	void (*ref)(void *arg, int table, int64_t i1, int64_t i2, const char *field,
		    struct rx_val *out);
	void (*var)(void *arg, const char *name, struct rx_val *out);
	void (*meta)(void *arg, int which, struct rx_val *out);
	void *arg;
	/* @NODE(EXPR): read the state of node @node (an index of the
	 * compile's node list); returns the node read before, to go back to */
	int64_t (*at)(void *arg, int64_t node);
	/* chan[SRC][DST].FIELD, each end a number (a process of the node read)
	 * or a text "NODE:PID" (NULL: numbers only, through ref) */
	void (*chan)(void *arg, const struct rx_val *src, const struct rx_val *dst,
		     const char *field, struct rx_val *out);
};

/* compile @s (text at column @col of line @line); NULL with @err set.
 * The nodes @NODE(...) may name are @t's one (its host name, "node0"
 * without one; any name when @t is NULL) */
struct rx_node *rx_compile(const char *s, unsigned int line, unsigned int col,
			   struct lttr_trace *t, struct lttr_error *err);
/* the same, the nodes of a trace set @nodes[0..@nnodes), their traces
 * @t[0..@nnodes) (a custom field known when one of them declares it;
 * NULL: any custom field) */
struct rx_node *rx_compile_nodes(const char *s, unsigned int line, unsigned int col,
				 struct lttr_trace *const *t, const char *const *nodes,
				 size_t nnodes, struct lttr_error *err);
/* the index of node @name in @nodes (a name, or its index as a number), -1 if none */
int64_t rx_node_index(const char *name, size_t len, const char *const *nodes, size_t nnodes);
void rx_free(struct rx_node *n);
void rx_eval(const struct rx_node *n, struct rx_env *e, struct rx_val *out);
void rx_val_str(const struct rx_val *v, char *buf, size_t size);


/* the channels between processes (channels.c): chan[SRC][DST].FIELD; in a
 * set each end a process of a host (@node_host: the host of each node of
 * @m, NULL: one host) */
struct lttr_msgset;
struct rchan_set;
struct rchan_set *rchan_build(const struct lttr_msgset *m, const uint32_t *node_host);
bool rchan_field_known(const char *field);
void rchan_value(struct rchan_set *s, uint32_t sh, int64_t src, uint32_t dh, int64_t dst,
		 const char *field, uint64_t now, struct rx_val *out);
void rchan_free(struct rchan_set *s);

/*
 * a predicate's pass kept between events (seek.c): a replay without a
 * script (replay.c), its hooks for the accounting's pass, its state saved
 * and loaded at the checkpoints
 */
struct lttr_replay;
struct lttr_account_hooks;
struct replay_state;
struct lttr_sync_model;
int replay_pred_new(struct lttr_trace *const *t, size_t n, const char *const *names,
		    const struct lttr_sync_model *model, struct lttr_replay **out,
		    struct lttr_error *err);
void replay_pred_free(struct lttr_replay *r);
const struct lttr_account_hooks *replay_hooks(void);
/* whether @cond holds after the current event (a number not 0, a text not empty) */
bool replay_holds(struct lttr_replay *r, const struct rx_node *cond);
uint64_t replay_ordinal(const struct lttr_replay *r);
/* the current event's time on the first node's clock, its node (from 0) */
uint64_t replay_time(const struct lttr_replay *r);
unsigned int replay_node(const struct lttr_replay *r);
/* the nodes' passes made (@h called with @arg), each node's next event
 * read ahead or its end applied; then the next event over the nodes (the
 * earliest on the first node's clock): 1 applied, 0 none left (every
 * node's end applied), or a negative code */
int replay_nodes_start(struct lttr_replay *r, const struct lttr_account_hooks *h, void *arg,
		       struct lttr_error *err);
int replay_nodes_next(struct lttr_replay *r, struct lttr_error *err);
/* a copy of the state, every node's, with its accounting pass (NULL: out of
 * memory); loaded back: 0 or -LTTR_E_NOMEM */
struct replay_state *replay_state_save(const struct lttr_replay *r);
int replay_state_load(struct lttr_replay *r, const struct replay_state *s);
size_t replay_state_bytes(const struct replay_state *s);
void replay_state_free(struct replay_state *s);
#endif /* LTTR_REPLAY_INTERNAL_H */
