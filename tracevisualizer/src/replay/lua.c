// SPDX-License-Identifier: GPL-2.0
/*
 * lua.c - the commands attached to breakpoints and watchpoints, in Lua
 * 5.4 (docs/replay.md).  One state per replay: its globals persist from
 * one command to the next and are shared by all.  The replay's state is
 * read through read-only tables (tasks[PID], cpus[N], apps[PID], event, futex)
 * and eval(EXPR); watch(EXPR) and delete(ID) set and remove watchpoints;
 * print() writes into the stop's output.  The sandbox: only the base,
 * table, string, math, utf8 and coroutine libraries, without dofile,
 * loadfile, load and require (io and os with allow_io), a budget of
 * instructions (a count hook) and of memory (the allocator) per command.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <lttr/paths/message.h>
#include "replay/rlua.h"

#define HOOK_EVERY 1000

struct rlua {
	lua_State *L;
	size_t used;
	size_t limit;		/* SIZE_MAX outside commands */
	size_t mem_budget;
	uint64_t insns;
	uint64_t insn_budget;
	struct lttr_replay *r;	/* during a command */
};

static void *alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
	struct rlua *rl = ud;
	size_t old = ptr ? osize : 0;
	void *p;

	if (!nsize) {
		rl->used -= old;
		free(ptr);
		return NULL;
	}
	if (nsize > old && rl->used + (nsize - old) > rl->limit)
		return NULL;
	p = realloc(ptr, nsize);
	if (p)
		rl->used = rl->used - old + nsize;
	return p;
}

static struct rlua *get(lua_State *L)
{
	return *(struct rlua **)lua_getextraspace(L);
}

static void hook(lua_State *L, lua_Debug *ar)
{
	struct rlua *rl = get(L);

	(void)ar;
	rl->insns += HOOK_EVERY;
	if (rl->insns > rl->insn_budget)
		luaL_error(L, "instruction budget of %I exceeded", (lua_Integer)rl->insn_budget);
}

static void push_val(lua_State *L, const struct rx_val *v)
{
	if (v->type == RX_V_INT)
		lua_pushinteger(L, v->i);
	else if (v->type == RX_V_STR)
		lua_pushstring(L, v->s);
	else
		lua_pushnil(L);
}

/* the value of table[i].field as an expression reads it */
static void push_ref(lua_State *L, int table, lua_Integer i, const char *field)
{
	struct rlua *rl = get(L);
	struct rx_node idx = { .kind = RX_NUM, .num = i };
	struct rx_node n = { .kind = RX_REF, .op = table, .str = (char *)field,
			     .a = table == RX_T_EVENT || table == RX_T_FUTEX ? NULL : &idx };
	struct rx_val v;

	if (!rl->r) {
		lua_pushnil(L);
		return;
	}
	replay_eval(rl->r, &n, &v);
	push_val(L, &v);
}

static int readonly(lua_State *L)
{
	return luaL_error(L, "the replay's state is read-only");
}

/* __index of a row proxy: upvalues table kind, index */
static int row_index(lua_State *L)
{
	const char *k = luaL_checkstring(L, 2);

	push_ref(L, (int)lua_tointeger(L, lua_upvalueindex(1)),
		 lua_tointeger(L, lua_upvalueindex(2)), k);
	return 1;
}

static void push_proxy(lua_State *L, int table, lua_Integer i)
{
	lua_newtable(L);
	lua_newtable(L);
	lua_pushinteger(L, table);
	lua_pushinteger(L, i);
	lua_pushcclosure(L, row_index, 2);
	lua_setfield(L, -2, "__index");
	lua_pushcfunction(L, readonly);
	lua_setfield(L, -2, "__newindex");
	lua_setmetatable(L, -2);
}

/* __index of tasks, cpus, apps: upvalue the kind */
static int table_index(lua_State *L)
{
	lua_Integer i = luaL_checkinteger(L, 2);

	push_proxy(L, (int)lua_tointeger(L, lua_upvalueindex(1)), i);
	return 1;
}

static void set_table(lua_State *L, const char *name, int table)
{
	lua_newtable(L);
	lua_newtable(L);
	lua_pushinteger(L, table);
	lua_pushcclosure(L, table_index, 1);
	lua_setfield(L, -2, "__index");
	lua_pushcfunction(L, readonly);
	lua_setfield(L, -2, "__newindex");
	lua_setmetatable(L, -2);
	lua_setglobal(L, name);
}

static int l_print(lua_State *L)
{
	struct rlua *rl = get(L);
	int n = lua_gettop(L), i;

	for (i = 1; i <= n; i++) {
		if (i > 1 && rl->r)
			replay_out(rl->r, "\t");
		if (rl->r)
			replay_out(rl->r, luaL_tolstring(L, i, NULL));
		lua_pop(L, 1);
	}
	if (rl->r)
		replay_out(rl->r, "\n");
	return 0;
}

static int l_eval(lua_State *L)
{
	struct rlua *rl = get(L);
	const char *s = luaL_checkstring(L, 1);
	struct lttr_error err;
	struct rx_node *n;
	struct rx_val v;

	if (!rl->r)
		return 0;
	n = replay_compile(rl->r, s, 0, 1, &err);
	if (!n)
		return luaL_error(L, "eval: %s", err.msg);
	replay_eval(rl->r, n, &v);
	rx_free(n);
	push_val(L, &v);
	return 1;
}

static int l_watch(lua_State *L)
{
	struct rlua *rl = get(L);
	const char *s = luaL_checkstring(L, 1);
	struct lttr_error err;
	int id;

	if (!rl->r)
		return 0;
	id = replay_watch(rl->r, s, &err);
	if (id < 0)
		return luaL_error(L, "watch: %s", err.msg);
	lua_pushinteger(L, id);
	return 1;
}

static int l_delete(lua_State *L)
{
	struct rlua *rl = get(L);
	lua_Integer id = luaL_checkinteger(L, 1);

	lua_pushboolean(L, rl->r && id > 0 && id <= UINT32_MAX &&
			replay_delete(rl->r, (unsigned int)id) == 0);
	return 1;
}

/* at(NODE, EXPR): EXPR read in node NODE's state (the language's @NODE(EXPR)) */
static int l_at(lua_State *L)
{
	struct rlua *rl = get(L);
	const char *node = luaL_checkstring(L, 1), *s = luaL_checkstring(L, 2);
	struct lttr_error err;
	struct rx_node *n;
	struct rx_val v;
	char *text;

	if (!rl->r)
		return 0;
	if (strpbrk(node, "() \t"))
		return luaL_error(L, "at: unknown node \"%s\"", node);
	text = malloc(strlen(node) + strlen(s) + 4);
	if (!text)
		return luaL_error(L, "at: out of memory");
	sprintf(text, "@%s(%s)", node, s);
	n = replay_compile(rl->r, text, 0, 1, &err);
	free(text);
	if (!n && strstr(err.msg, ": unknown node \""))	/* the node, not a column of ours */
		return luaL_error(L, "at: unknown node \"%s\" (the nodes: %s)", node,
				  replay_all(rl->r));
	if (!n)
		return luaL_error(L, "at: %s", err.msg);
	replay_eval(rl->r, n, &v);
	rx_free(n);
	push_val(L, &v);
	return 1;
}

/* messages(): those the current event sent or received */
static int l_messages(lua_State *L)
{
	struct rlua *rl = get(L);
	const struct lttr_msg *v[64];
	const char **names = NULL;
	bool send;
	size_t n = rl->r ? replay_event_msgs(rl->r, v, &names, 64, &send) : 0, i;

	lua_createtable(L, (int)n, 0);
	for (i = 0; i < n; i++) {
		lua_createtable(L, 0, 6);
		lua_pushstring(L, names[v[i]->src]);
		lua_setfield(L, -2, "src");
		lua_pushstring(L, names[v[i]->dst]);
		lua_setfield(L, -2, "dst");
		lua_pushinteger(L, (lua_Integer)v[i]->send_ns);
		lua_setfield(L, -2, "send_ns");
		if (!send) {
			lua_pushinteger(L, (lua_Integer)v[i]->recv_ns);
			lua_setfield(L, -2, "recv_ns");
		}
		lua_pushinteger(L, (lua_Integer)v[i]->bytes);
		lua_setfield(L, -2, "bytes");
		lua_rawseti(L, -2, (lua_Integer)i + 1);
	}
	return 1;
}

struct rlua *rlua_new(bool allow_io, uint64_t insn_budget, size_t mem_budget)
{
	static const luaL_Reg libs[] = {
		{ LUA_GNAME, luaopen_base }, { LUA_TABLIBNAME, luaopen_table },
		{ LUA_STRLIBNAME, luaopen_string }, { LUA_MATHLIBNAME, luaopen_math },
		{ LUA_UTF8LIBNAME, luaopen_utf8 }, { LUA_COLIBNAME, luaopen_coroutine },
	};
	static const char *const unsafe[] = { "dofile", "loadfile", "load", "require" };
	struct rlua *rl = calloc(1, sizeof(*rl));
	lua_State *L;
	size_t i;

	if (!rl)
		return NULL;
	rl->limit = SIZE_MAX;
	rl->mem_budget = mem_budget;
	rl->insn_budget = insn_budget;
	L = lua_newstate(alloc, rl);
	if (!L) {
		free(rl);
		return NULL;
	}
	rl->L = L;
	*(struct rlua **)lua_getextraspace(L) = rl;
	for (i = 0; i < sizeof(libs) / sizeof(libs[0]); i++) {
		luaL_requiref(L, libs[i].name, libs[i].func, 1);
		lua_pop(L, 1);
	}
	if (allow_io) {
		luaL_requiref(L, LUA_IOLIBNAME, luaopen_io, 1);
		luaL_requiref(L, LUA_OSLIBNAME, luaopen_os, 1);
		lua_pop(L, 2);
	}
	for (i = 0; i < sizeof(unsafe) / sizeof(unsafe[0]); i++) {
		lua_pushnil(L);
		lua_setglobal(L, unsafe[i]);
	}
	lua_register(L, "print", l_print);
	lua_register(L, "eval", l_eval);
	lua_register(L, "watch", l_watch);
	lua_register(L, "delete", l_delete);
	lua_register(L, "messages", l_messages);
	lua_register(L, "at", l_at);
	set_table(L, "tasks", RX_T_TASK);
	set_table(L, "cpus", RX_T_CPU);
	set_table(L, "apps", RX_T_APP);
	/* event: a proxy of the current event */
	lua_newtable(L);
	lua_newtable(L);
	lua_pushinteger(L, RX_T_EVENT);
	lua_pushinteger(L, 0);
	lua_pushcclosure(L, row_index, 2);
	lua_setfield(L, -2, "__index");
	lua_pushcfunction(L, readonly);
	lua_setfield(L, -2, "__newindex");
	lua_setmetatable(L, -2);
	lua_setglobal(L, "event");
	/* futex: a proxy of the futexes' state (futex.waiters, ...) */
	push_proxy(L, RX_T_FUTEX, 0);
	lua_setglobal(L, "futex");
	return rl;
}

void rlua_free(struct rlua *rl)
{
	if (!rl)
		return;
	lua_close(rl->L);
	free(rl);
}

int rlua_load(struct rlua *rl, const char *text, size_t len, unsigned int line,
	      struct lttr_error *err)
{
	/* blank lines first, so that Lua's line numbers are the script's */
	size_t pad = line > 1 ? line - 1 : 0;
	char *buf = malloc(pad + len + 1);
	int rc;

	if (!buf)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	memset(buf, '\n', pad);
	memcpy(buf + pad, text, len);
	rc = luaL_loadbufferx(rl->L, buf, pad + len, "=line", "t");
	free(buf);
	if (rc != LUA_OK) {
		const char *m = lua_tostring(rl->L, -1), *near;
		unsigned int ln = 0, col = 0;

		if (m && sscanf(m, "line:%u:", &ln) == 1)
			m = strchr(m + 5, ':') + 1;
		/* the column: where the token Lua names ("near 'x'") is on its line */
		if (m && ln >= line && (near = strstr(m, "near '"))) {
			const char *l = text, *end = text + len, *q, *c;
			size_t tl = strcspn(near + 6, "'");
			unsigned int k;

			for (k = line; k < ln && l < end && (q = memchr(l, '\n', (size_t)(end - l))); k++)
				l = q + 1;
			q = memchr(l, '\n', (size_t)(end - l));
			if (!q)
				q = end;
			for (c = l; tl && !col && c + tl <= q; c++)
				if (!memcmp(c, near + 6, tl))
					col = (unsigned int)(c - l) + 1;
		}
		if (col)
			lttr_error_set(err, rc == LUA_ERRMEM ? LTTR_E_NOMEM : LTTR_E_INVAL,
				       "%u:%u: lua:%s", ln, col, m);
		else
			lttr_error_set(err, rc == LUA_ERRMEM ? LTTR_E_NOMEM : LTTR_E_INVAL,
				       "%u: lua:%s", ln ? ln : line, m ? m : " error");
		lua_pop(rl->L, 1);
		return -1;
	}
	return luaL_ref(rl->L, LUA_REGISTRYINDEX);
}

void rlua_command(struct rlua *rl, struct lttr_replay *r, int ref, unsigned int id,
		  uint64_t ordinal)
{
	lua_State *L = rl->L;
	struct rx_node meta = { .kind = RX_META };
	static const char *const metas[] = { "__NODE__", "__REALCLOCK__", "__LOGICALCLOCK__" };
	struct rx_val v;
	int i, rc;

	rl->r = r;
	for (i = 0; i < 3; i++) {
		meta.op = i;
		replay_eval(r, &meta, &v);
		push_val(L, &v);
		lua_setglobal(L, metas[i]);
	}
	/* __ALL__: the nodes' names, a sequence for a loop */
	meta.op = RX_M_ALL;
	replay_eval(r, &meta, &v);
	lua_newtable(L);
	if (v.type == RX_V_STR) {
		const char *p = v.s;
		lua_Integer k = 1;

		while (*p) {
			size_t len = strcspn(p, ",");

			lua_pushlstring(L, p, len);
			lua_rawseti(L, -2, k++);
			p += len + (p[len] == ',');
		}
	}
	lua_setglobal(L, "__ALL__");
	rl->insns = 0;
	rl->limit = rl->used + rl->mem_budget;
	lua_sethook(L, hook, LUA_MASKCOUNT, HOOK_EVERY);
	lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
	rc = lua_pcall(L, 0, 0, 0);
	lua_sethook(L, NULL, 0, 0);
	rl->limit = SIZE_MAX;
	if (rc != LUA_OK) {
		char m[600];

		snprintf(m, sizeof(m), "commands of %u stopped at event #%" PRIu64 ": %s", id,
			 ordinal,
			 rc == LUA_ERRMEM ? "memory budget exceeded" :
			 lua_tostring(L, -1) ? lua_tostring(L, -1) : "error");
		lua_pop(L, 1);
		replay_message(r, m);
		lua_gc(L, LUA_GCCOLLECT);	/* what the stopped command held */
	}
	rl->r = NULL;
}
