/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/reader/error.h - error reporting of the LTT trace reader library.
 */
#ifndef LTTR_ERROR_H
#define LTTR_ERROR_H

#include <stddef.h>

/**
 * enum lttr_errcode - error codes returned (negated) by the library
 * @LTTR_OK: success
 * @LTTR_E_IO: a file could not be opened, read or mapped
 * @LTTR_E_FORMAT: the trace is malformed (bad magic, bad sizes, ...)
 * @LTTR_E_TRUNCATED: the trace stops in the middle of a structure
 * @LTTR_E_UNSUPPORTED: valid but unsupported (version, byte order, clock)
 * @LTTR_E_NOMEM: out of memory
 * @LTTR_E_INVAL: invalid argument from the caller
 * @LTTR_E_CANCELED: the caller's progress callback asked to stop
 */
enum lttr_errcode {
	LTTR_OK = 0,
	LTTR_E_IO = 1,
	LTTR_E_FORMAT = 2,
	LTTR_E_TRUNCATED = 3,
	LTTR_E_UNSUPPORTED = 4,
	LTTR_E_NOMEM = 5,
	LTTR_E_INVAL = 6,
	LTTR_E_CANCELED = 7,
};

#define LTTR_ERRMSG_MAX 1024

/**
 * struct lttr_error - an error: a code and a precise message
 * @code: one of enum lttr_errcode
 * @msg: "FILE: what is wrong, where" (FILE is the path of the trace file)
 */
struct lttr_error {
	int code;
	char msg[LTTR_ERRMSG_MAX];
};

/**
 * lttr_error_set() - fill @err (may be NULL) with @code and a message
 * @err: the error to fill, or NULL
 * @code: an enum lttr_errcode value
 * @fmt: printf format of the message
 *
 * Return: -@code, so that callers can write "return lttr_error_set(...)".
 */
int lttr_error_set(struct lttr_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/**
 * lttr_error_clear() - reset @err to LTTR_OK with an empty message
 * @err: the error to reset, or NULL
 */
void lttr_error_clear(struct lttr_error *err);

/**
 * lttr_strerror() - short name of an error code
 * @code: an enum lttr_errcode value (sign ignored)
 *
 * Return: a static string.
 */
const char *lttr_strerror(int code);

#endif /* LTTR_ERROR_H */
