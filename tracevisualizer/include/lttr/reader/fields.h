/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/reader/fields.h - the fields of every event type, described once,
 * as data: for each known event id, the keys of its JSON "args" object in
 * order (docs/json-schema.md), where each value comes from (an integer of
 * the payload, a flag bit, the variable part, a name derived from a
 * payload integer, ...) and how it is shown.  The JSON output, the event
 * filter (lttr/view/filter.h) and the front ends read events through this
 * table instead of knowing every payload struct.
 */
#ifndef LTTR_FIELDS_H
#define LTTR_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <lttr/reader/event.h>

struct lttr_trace;

/**
 * enum lttr_field_kind - how a field is shown
 * @LTTR_FIELD_UNSIGNED: unsigned decimal
 * @LTTR_FIELD_SIGNED: signed decimal
 * @LTTR_FIELD_BOOL: true or false
 * @LTTR_FIELD_STRING: text
 * @LTTR_FIELD_HEX: bytes as lowercase hex text
 *
 * The usual form of the field's values; the type of a value
 * (struct lttr_field_value) is what it is for one event (the "kind" of a
 * custom_create is a name, or its number when the kind is unknown).
 */
enum lttr_field_kind {
	LTTR_FIELD_UNSIGNED,
	LTTR_FIELD_SIGNED,
	LTTR_FIELD_BOOL,
	LTTR_FIELD_STRING,
	LTTR_FIELD_HEX,
};

/**
 * enum lttr_field_disp - how a field reads in the text description of an
 * event (lttr_event_describe()) and which base a CTF integer is shown in
 * @LTTR_FIELD_DISP_PLAIN: decimal, the text as it is, true or false
 * @LTTR_FIELD_DISP_HEX: "0x" and the lowercase hex digits of the payload
 *	integer's bit pattern (an address, flags, a command): 0x401000
 * @LTTR_FIELD_DISP_HEX_FULL: the same with two digits per byte of the
 *	integer (an EtherType: 0x0800)
 * @LTTR_FIELD_DISP_OCTAL: "0" and the octal digits (a file mode): 0644
 * @LTTR_FIELD_DISP_DURATION: "N ns", or "none" when negative (no timeout)
 * @LTTR_FIELD_DISP_ENUM: the name @names gives the integer, else
 *	@unknown followed by the number, or "?" when @unknown is NULL
 * @LTTR_FIELD_DISP_TASK_STATE: a task state as ps letters it (R+ S D I
 *	T t P X, "?")
 * @LTTR_FIELD_DISP_EXIT_STATUS: a wait status as a person reads it
 *	(lttr_exit_code_str(): "exit 1", "killed by SIGKILL")
 * @LTTR_FIELD_DISP_COUNT: the number of names of a list of names
 *	separated by spaces (LTTR_FIELD_SRC_EVENT_MASK)
 * @LTTR_FIELD_DISP_ERRNO: a return value, "-" and the error's name when
 *	it is -1..-4095 and lttr_errno_name() names it (-ENOENT), else
 *	decimal (the JSON and CTF keep the number)
 */
enum lttr_field_disp {
	LTTR_FIELD_DISP_PLAIN,
	LTTR_FIELD_DISP_HEX,
	LTTR_FIELD_DISP_HEX_FULL,
	LTTR_FIELD_DISP_OCTAL,
	LTTR_FIELD_DISP_DURATION,
	LTTR_FIELD_DISP_ENUM,
	LTTR_FIELD_DISP_TASK_STATE,
	LTTR_FIELD_DISP_EXIT_STATUS,
	LTTR_FIELD_DISP_COUNT,
	LTTR_FIELD_DISP_ERRNO,
	LTTR_FIELD_DISP_LAST = LTTR_FIELD_DISP_ERRNO,	/* for loops over the kinds */
};

/**
 * enum lttr_field_src - where a field's value comes from
 * @LTTR_FIELD_SRC_INT: the integer of @size bytes at @offset of the payload
 *	(struct lttr_event.p), sign-extended when @is_signed
 * @LTTR_FIELD_SRC_FLAG: whether the payload integer at @offset has one of
 *	the bits of @arg set (bool)
 * @LTTR_FIELD_SRC_EQUALS: whether the payload integer at @offset equals
 *	@arg (bool)
 * @LTTR_FIELD_SRC_VAR_STRING: the variable part (struct lttr_event.var,
 *	var_len bytes) as text
 * @LTTR_FIELD_SRC_VAR_HEX: the variable part as hex (at most
 *	LTT_CUSTOM_MAX_SIZE bytes)
 * @LTTR_FIELD_SRC_SYSCALL_NAME: name of the syscall number at @offset
 *	(lttr_syscall_str(): "syscall_<nr>" when the table has none)
 * @LTTR_FIELD_SRC_TRAP_NAME: name of the trap vector at @offset
 *	(lttr_trap_name(): "trap_<n>" when unnamed)
 * @LTTR_FIELD_SRC_IRQ_NAME: name of the irq at @offset: a system vector
 *	name (lttr_sysvec_name()) when the flags integer at @aux_offset has
 *	the bits of @arg set, else the proc snapshot's irq name
 *	(lttr_trace_irq_name()); none if unknown
 * @LTTR_FIELD_SRC_SOFTIRQ_NAME: lttr_softirq_name() of the integer at
 *	@offset, none if unknown
 * @LTTR_FIELD_SRC_SIGNAL_NAME: lttr_signal_name() of the integer at @offset
 * @LTTR_FIELD_SRC_SOCKET_CALL_NAME: lttr_socket_call_name() of it
 * @LTTR_FIELD_SRC_IPC_CALL_NAME: lttr_ipc_call_name() of it
 * @LTTR_FIELD_SRC_NETDEV_NAME: lttr_trace_netdev_name() of the ifindex at
 *	@offset
 * @LTTR_FIELD_SRC_SOCKADDR: the variable part as a socket address
 *	(lttr_sockaddr_str()), none when it has no text form
 * @LTTR_FIELD_SRC_LOCAL_SOCKADDR: socket_endpoint/_accept: the local
 *	address (the first local_len bytes of the variable part), the same way
 * @LTTR_FIELD_SRC_PEER_SOCKADDR: the peer address (the peer_len bytes
 *	after it)
 * @LTTR_FIELD_SRC_EVENT_MASK: the event mask of the payload (change_mask):
 *	the type names of the ids set, separated by single spaces (JSON
 *	writes them as an array)
 * @LTTR_FIELD_SRC_CUSTOM_KIND: lttr_custom_kind_name() of the integer at
 *	@offset, or the integer itself (unsigned) when the kind is unknown
 * @LTTR_FIELD_SRC_DECL_NAME: the type name of a custom_create
 *	(lttr_custom_decl())
 * @LTTR_FIELD_SRC_DECL_FORMAT: the format of a custom_create
 * @LTTR_FIELD_SRC_DECL_WARNING: "name or format not NUL-terminated" when
 *	lttr_custom_decl() fails, else none
 * @LTTR_FIELD_SRC_CUSTOM_NAME: the name of the custom type (type id at
 *	@offset) live at the event's time, none if undeclared
 * @LTTR_FIELD_SRC_CUSTOM_TEXT: the text of an instance of a string type,
 *	up to its first NUL; none for other kinds
 * @LTTR_FIELD_SRC_CUSTOM_FIELDS: the decoded fields of an instance of a
 *	fields type: structured, it has no scalar value (lttr_field_get()
 *	gives LTTR_FIELD_V_ABSENT); JSON writes it as an object
 * @LTTR_FIELD_SRC_CUSTOM_HEX: the payload of an instance in hex, for a raw
 *	type and for an instance that cannot be decoded as declared; else none
 * @LTTR_FIELD_SRC_CUSTOM_WARNING: why an instance cannot be decoded as
 *	declared, else none
 * @LTTR_FIELD_SRC_MARKER_NAME: a marker's name (its first name_len bytes
 *	of variable part)
 * @LTTR_FIELD_SRC_MARKER_TEXT: a marker's text (the text_len bytes after
 *	the name), absent when empty
 * @LTTR_FIELD_SRC_EXEC_ARGV: an exec's arguments (lttr_exec_args()):
 *	structured, no scalar value (lttr_field_get() gives
 *	LTTR_FIELD_V_ABSENT); JSON writes them as an array of strings
 * @LTTR_FIELD_SRC_EXEC_CMDLINE: the arguments joined with spaces
 *	(lttr_exec_cmdline()), absent when the record has none
 * @LTTR_FIELD_SRC_EXEC_ARGV_CUT: whether the module left arguments out
 *	(bool), absent when the record has none
 * @LTTR_FIELD_SRC_EXEC_ARGV_ERROR: why the arguments of a damaged record
 *	cannot be read, else absent
 *
 * The sources that name an integer (SYSCALL_NAME ... NETDEV_NAME,
 * CUSTOM_KIND, CUSTOM_NAME) read it at @offset / @size, like
 * LTTR_FIELD_SRC_INT: a field and its name share the location.
 */
enum lttr_field_src {
	LTTR_FIELD_SRC_INT,
	LTTR_FIELD_SRC_FLAG,
	LTTR_FIELD_SRC_EQUALS,
	LTTR_FIELD_SRC_VAR_STRING,
	LTTR_FIELD_SRC_VAR_HEX,
	LTTR_FIELD_SRC_SYSCALL_NAME,
	LTTR_FIELD_SRC_TRAP_NAME,
	LTTR_FIELD_SRC_IRQ_NAME,
	LTTR_FIELD_SRC_SOFTIRQ_NAME,
	LTTR_FIELD_SRC_SIGNAL_NAME,
	LTTR_FIELD_SRC_SOCKET_CALL_NAME,
	LTTR_FIELD_SRC_IPC_CALL_NAME,
	LTTR_FIELD_SRC_NETDEV_NAME,
	LTTR_FIELD_SRC_SOCKADDR,
	LTTR_FIELD_SRC_LOCAL_SOCKADDR,
	LTTR_FIELD_SRC_PEER_SOCKADDR,
	LTTR_FIELD_SRC_EVENT_MASK,
	LTTR_FIELD_SRC_CUSTOM_KIND,
	LTTR_FIELD_SRC_DECL_NAME,
	LTTR_FIELD_SRC_DECL_FORMAT,
	LTTR_FIELD_SRC_DECL_WARNING,
	LTTR_FIELD_SRC_CUSTOM_NAME,
	LTTR_FIELD_SRC_CUSTOM_TEXT,
	LTTR_FIELD_SRC_CUSTOM_FIELDS,
	LTTR_FIELD_SRC_CUSTOM_HEX,
	LTTR_FIELD_SRC_CUSTOM_WARNING,
	LTTR_FIELD_SRC_MARKER_NAME,
	LTTR_FIELD_SRC_MARKER_TEXT,
	LTTR_FIELD_SRC_EXEC_ARGV,
	LTTR_FIELD_SRC_EXEC_CMDLINE,
	LTTR_FIELD_SRC_EXEC_ARGV_CUT,
	LTTR_FIELD_SRC_EXEC_ARGV_ERROR,
};

/**
 * enum lttr_field_missing - the value of a field whose source has none
 * (an unknown name, an address with no text form, a warning not given)
 * @LTTR_FIELD_MISSING_EMPTY: the empty string
 * @LTTR_FIELD_MISSING_NULL: null (LTTR_FIELD_V_NULL)
 * @LTTR_FIELD_MISSING_ABSENT: no value: the key is left out
 *	(LTTR_FIELD_V_ABSENT)
 */
enum lttr_field_missing {
	LTTR_FIELD_MISSING_EMPTY,
	LTTR_FIELD_MISSING_NULL,
	LTTR_FIELD_MISSING_ABSENT,
};

/**
 * struct lttr_field - one field of an event type's "args"
 * @name: its key in the JSON "args" object
 * @src: where the value comes from (enum lttr_field_src)
 * @kind: how it is shown (enum lttr_field_kind)
 * @missing: the value when the source has none (enum lttr_field_missing)
 * @is_signed: the payload integer is signed
 * @offset: offset of the payload integer the value is read or derived
 *	from, in the event's struct ltt_ev_* (0 when @size is 0)
 * @size: its size in bytes (1, 2, 4 or 8), 0 when the value does not
 *	come from a payload integer
 * @aux_offset: LTTR_FIELD_SRC_IRQ_NAME: offset of the flags integer
 * @aux_size: its size, 0 for the other sources
 * @arg: LTTR_FIELD_SRC_FLAG and LTTR_FIELD_SRC_IRQ_NAME: the bit mask;
 *	LTTR_FIELD_SRC_EQUALS: the value compared with
 * @disp: how the field reads in text (enum lttr_field_disp)
 * @names: LTTR_FIELD_DISP_ENUM: the name of a value, NULL if it has none
 * @unknown: LTTR_FIELD_DISP_ENUM: the text before the number of a value
 *	without a name ("family="), NULL for "?"
 * @ctf: the field's name in a CTF export when it differs from @name (the
 *	name LTTng's kernel tracer gives the same value: "prev_tid"), or NULL
 * @ctf_add: a CTF export writes the integer plus @ctf_add, as a 32-bit
 *	signed integer, when it is not 0: the value as LTTng's kernel tracer
 *	records it under the same name (a priority: task->prio minus
 *	MAX_RT_PRIO, -100); JSON and text show the value itself
 */
struct lttr_field {
	const char *name;
	enum lttr_field_src src;
	enum lttr_field_kind kind;
	enum lttr_field_missing missing;
	bool is_signed;
	uint16_t offset;
	uint16_t size;
	uint16_t aux_offset;
	uint16_t aux_size;
	uint64_t arg;
	enum lttr_field_disp disp;
	const char *(*names)(unsigned int value);
	const char *unknown;
	const char *ctf;
	int16_t ctf_add;
};

/**
 * enum lttr_field_vtype - the type of a field's value for one event
 * @LTTR_FIELD_V_ABSENT: no value (no such field, no details, or a
 *	conditional field not given): JSON leaves the key out
 * @LTTR_FIELD_V_NULL: null
 * @LTTR_FIELD_V_U64: an unsigned integer, in .u
 * @LTTR_FIELD_V_I64: a signed integer, in .i
 * @LTTR_FIELD_V_BOOL: a bool, in .b
 * @LTTR_FIELD_V_STR: text (hex included), in .str: not NUL-terminated,
 *	may hold any byte
 */
enum lttr_field_vtype {
	LTTR_FIELD_V_ABSENT,
	LTTR_FIELD_V_NULL,
	LTTR_FIELD_V_U64,
	LTTR_FIELD_V_I64,
	LTTR_FIELD_V_BOOL,
	LTTR_FIELD_V_STR,
};

/**
 * struct lttr_field_value - a field's value for one event (a tagged value)
 * @type: enum lttr_field_vtype
 * @u: LTTR_FIELD_V_U64
 * @i: LTTR_FIELD_V_I64
 * @b: LTTR_FIELD_V_BOOL
 * @str: LTTR_FIELD_V_STR: @str.p, @str.len bytes; it points into the
 *	event (its variable part), into the trace (names of its proc snapshot
 *	and custom types), at static text, or into the caller's struct
 *	lttr_field_buf: valid as long as all three are
 */
struct lttr_field_value {
	enum lttr_field_vtype type;
	union {
		uint64_t u;
		int64_t i;
		bool b;
		struct {
			const char *p;
			size_t len;
		} str;
	};
};

/*
 * Room for the longest text a value is built in: the hex of a packet's
 * bytes (2 * LTT_MAX_CAPTURE digits and a NUL: whole frames, format
 * 1.15), longer than that of a custom payload (2 * LTT_CUSTOM_MAX_SIZE)
 * and than the type names of a full event mask (under 4096).
 */
#define LTTR_FIELD_BUF_SIZE	(2 * LTT_MAX_CAPTURE + 2)

/**
 * struct lttr_field_buf - scratch space the caller gives lttr_field_get()
 * @s: the bytes
 */
struct lttr_field_buf {
	char s[LTTR_FIELD_BUF_SIZE];
};

/**
 * lttr_event_fields() - the fields of an event id, in JSON order
 * @id: event id
 * @n: receives their number (0 for an unknown id)
 *
 * Every id lttr_event_type_name() knows has at least one field; names are
 * unique within an id.
 *
 * Return: the array (static), or NULL for an unknown id.
 */
const struct lttr_field *lttr_event_fields(unsigned int id, size_t *n);

/**
 * lttr_event_text() - how the text description of an event id is built
 * from its fields
 * @id: event id
 *
 * The description (lttr_event_describe()) is the type name, then, after
 * a space, this template with its fields substituted:
 *   {NAME}          the value of field NAME as its display kind shows it
 *                   (struct lttr_field.disp); nothing when it has none
 *   {NAME:DISP}     the same in display kind DISP instead, by the name
 *                   lttr_field_disp_name() gives it ("hex", "task_state")
 *   {?NAME|A|B}     template A when field NAME has a value that is not
 *                   false, not an empty text and not null, else B (which
 *                   may be left out with its bar)
 *   {+NAME|A|B}     the same, A whenever NAME has a value (an empty text
 *                   or false included)
 * and any other character as it is.  Templates nest.
 *
 * Return: the template (static, "" for an id whose description is its
 * name alone), or NULL for an unknown id.
 */
const char *lttr_event_text(unsigned int id);

/**
 * lttr_event_ctf_name() - the name of an event in a CTF export
 * @ev: the event (its id and, for the names that depend on them, its
 *	fields: a wakeup of a new task, a system vector's irq, a syscall's
 *	name)
 * @buf: room for a name built from a field ("syscall_entry_read")
 * @size: its size (64 is enough)
 *
 * LTTng's kernel tracer's name where it records the same thing
 * ("sched_switch", "irq_handler_entry", "syscall_entry_read"), else the
 * type name (docs/ctf-export.md); an event without details has its type
 * name.
 *
 * Return: a static name or @buf, or NULL for an unknown id.
 */
const char *lttr_event_ctf_name(const struct lttr_event *ev, char *buf,
				size_t size);

/**
 * lttr_field_ctf_name() - the name of a field in a CTF export
 * @f: a field of the table
 *
 * Return: @f->ctf, or @f->name when the field has no other name.
 */
const char *lttr_field_ctf_name(const struct lttr_field *f);

/**
 * lttr_field_raw() - the payload integer a field reads or names
 * @ev: the decoded event
 * @f: one of the fields of @ev's id
 * @x: receives its 64-bit pattern, sign-extended when the member is
 *	signed
 *
 * Return: true, or false when the field reads no payload integer
 * (@f->size 0), the event has no details or the record did not hold it.
 */
bool lttr_field_raw(const struct lttr_event *ev, const struct lttr_field *f,
		    uint64_t *x);

/**
 * lttr_field_disp_name() - name of a display kind, as templates use it
 * @disp: enum lttr_field_disp
 *
 * Return: "plain", "hex", "hex_full", "octal", "duration", "enum",
 * "task_state", "exit_status", "count", or "?".
 */
const char *lttr_field_disp_name(enum lttr_field_disp disp);

/**
 * lttr_field_find() - a field of an event id by name
 * @id: event id
 * @name: the field's name (its JSON key)
 *
 * Return: the field, or NULL when @id has no such field.
 */
const struct lttr_field *lttr_field_find(unsigned int id, const char *name);

/**
 * lttr_field_get() - the value of a field for an event
 * @t: the trace, for the names it holds (proc snapshot irq and network
 *	device names, custom types); may be NULL: those names are then
 *	unknown
 * @ev: the decoded event
 * @f: one of the fields of @ev's id (from lttr_event_fields())
 * @buf: scratch space for values that must be built (hex, names of
 *	unknown numbers, socket addresses, masks, warnings)
 * @v: receives the value
 *
 * An event without details, or a field that is not one of its id's, gives
 * LTTR_FIELD_V_ABSENT; a payload field that the record did not hold (an
 * older format's, struct lttr_event.p_missing) gives LTTR_FIELD_V_NULL.  The value is what lttr_json_event() writes for the
 * key (LTTR_FIELD_SRC_EVENT_MASK: the names it writes as an array, joined
 * by spaces; LTTR_FIELD_SRC_CUSTOM_FIELDS: always absent).
 */
void lttr_field_get(const struct lttr_trace *t, const struct lttr_event *ev,
		    const struct lttr_field *f, struct lttr_field_buf *buf,
		    struct lttr_field_value *v);

/**
 * lttr_field_kind_name() - name of a display kind
 * @kind: enum lttr_field_kind
 *
 * Return: "unsigned", "signed", "bool", "string", "hex", or "?".
 */
const char *lttr_field_kind_name(enum lttr_field_kind kind);

/**
 * lttr_block_op_name() - name of a block request's operation
 * @op: LTT_BLOCK_OP_*
 *
 * The names the block events' op field prints, for the disk-io vital
 * sign too.  Return: "read", "write", "flush", "discard", "other", or
 * NULL for an unknown value.
 */
const char *lttr_block_op_name(unsigned int op);

/**
 * lttr_lock_kind_name() - name of a contended kernel lock's kind
 * @kind: LTT_LOCK_* (struct ltt_ev_lock_contend's kind)
 *
 * Return: "mutex", "rwsem_read" or "rwsem_write"; NULL for a kind this
 * reader does not know.
 */
const char *lttr_lock_kind_name(unsigned int kind);

#endif /* LTTR_FIELDS_H */
