/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sentences.h - warnings written as sentences into the caller's array of
 * LTTR_MSG_WARNING_LEN strings (msgwarn.c), shared by the message and
 * convolution warnings so that both count what did not fit the same way.
 */
#ifndef LTTR_PATHS_SENTENCES_H
#define LTTR_PATHS_SENTENCES_H

#include <stddef.h>
#include <lttr/paths/message.h>

/**
 * struct lttr_sentences - where sentences go
 * @v: the caller's array (NULL: count only)
 * @max: entries of @v
 * @n: sentences said so far (may exceed @max: the count the caller returns)
 */
struct lttr_sentences {
	char (*v)[LTTR_MSG_WARNING_LEN];
	size_t max;
	size_t n;
};

/* one sentence, printf-style, into the next free entry of @o */
void lttr_sentence(struct lttr_sentences *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
