/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ltt_custom.h - custom LTT events for kernel code (the LTT paper's
 * dynamic event ids), exported by the ltt_tracer module.
 *
 * A kernel module declares an event type once, logs instances of it and
 * destroys it when it is done:
 *
 *	int id = ltt_custom_create("mydrv_req", "len:u32,tag:x64",
 *				   LTT_CUSTOM_FIELDS);
 *	if (id > 0)
 *		ltt_custom_log(id, &payload, sizeof(payload));
 *	...
 *	ltt_custom_destroy(id);
 *
 * The trace describes each type with an LTT_EV_CUSTOM_CREATE record
 * (written when the type is created while tracing, and for every live
 * type when tracing starts), so the analyzer shows instances by name.
 * A type belongs to the module that created it (THIS_MODULE, passed by
 * the macros below): only that module logs instances of it or destroys
 * it, and a module holds at most custom_per_owner (a parameter of
 * ltt_tracer) live types.
 * Types still alive when ltt_tracer is unloaded are destroyed then (a
 * module using this API holds a reference on ltt_tracer, so that only
 * happens after it is gone).  See docs/tracer-module.md.
 */
#ifndef _LTT_CUSTOM_H
#define _LTT_CUSTOM_H

#include <linux/module.h>
#include <linux/types.h>
#include <ltt/ltt-abi.h>

/*
 * Declare a type: @name printable, no blank, unique among live types,
 * shorter than LTT_CUSTOM_NAME_LEN; @format shorter than
 * LTT_CUSTOM_FORMAT_LEN, a field list for LTT_CUSTOM_FIELDS; @kind
 * LTT_CUSTOM_*.  Returns the type id (> 0, never reused while ltt_tracer
 * stays loaded) or -EINVAL, -EEXIST, -ENOSPC (LTT_CUSTOM_MAX_TYPES live
 * types), -EDQUOT (the module's custom_per_owner live types), -ENOMEM.
 * Process context (may sleep).
 */
int __ltt_custom_create(const char *name, const char *format, u32 kind,
			struct module *mod);
#define ltt_custom_create(name, format, kind) \
	__ltt_custom_create(name, format, kind, THIS_MODULE)

/*
 * Log one instance of type @id with @size bytes of payload (at most
 * LTT_CUSTOM_MAX_SIZE).  Returns 0 (also when tracing is stopped or the
 * event is masked or filtered out), -ENOENT for an unknown id, -EPERM
 * for a type this module did not create, -EINVAL for a size too large.
 * Any context, including hard interrupts and NMIs; never sleeps.
 */
int __ltt_custom_log(u32 id, const void *data, u32 size, struct module *mod);
#define ltt_custom_log(id, data, size) \
	__ltt_custom_log(id, data, size, THIS_MODULE)

/*
 * Destroy type @id (created by this module; nothing happens for an id
 * that is not live or belongs to another module or a /dev/tracer file).
 * When it returns, no ltt_custom_log() of @id is still running.  Process
 * context.
 */
void __ltt_custom_destroy(u32 id, struct module *mod);
#define ltt_custom_destroy(id) __ltt_custom_destroy(id, THIS_MODULE)

#endif /* _LTT_CUSTOM_H */
