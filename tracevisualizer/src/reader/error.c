// SPDX-License-Identifier: GPL-2.0
/*
 * error.c - error codes and messages.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <lttr/reader/error.h>

int lttr_error_set(struct lttr_error *err, int code, const char *fmt, ...)
{
	if (err) {
		va_list ap;

		err->code = code;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
		va_end(ap);
	}
	return -code;
}

void lttr_error_clear(struct lttr_error *err)
{
	if (err) {
		err->code = LTTR_OK;
		err->msg[0] = '\0';
	}
}

const char *lttr_strerror(int code)
{
	static const char *const names[] = {
		[LTTR_OK] = "success",
		[LTTR_E_IO] = "I/O error",
		[LTTR_E_FORMAT] = "malformed trace",
		[LTTR_E_TRUNCATED] = "truncated trace",
		[LTTR_E_UNSUPPORTED] = "unsupported trace",
		[LTTR_E_NOMEM] = "out of memory",
		[LTTR_E_INVAL] = "invalid argument",
		[LTTR_E_CANCELED] = "canceled",
	};

	if (code < 0)
		code = -code;
	if ((size_t)code >= sizeof(names) / sizeof(names[0]))
		return "unknown error";
	return names[code];
}
