/* SPDX-License-Identifier: GPL-2.0 */
/*
 * progress-hold.h - internal: every pass of the library that tells its
 * progress tells it through lttr_progress_tell(), which a test may hold
 * at a step (progress-hold.c, docs/testing.md).
 */
#ifndef LTTR_READER_PROGRESS_HOLD_H
#define LTTR_READER_PROGRESS_HOLD_H

#include <stdint.h>

/**
 * lttr_progress_tell() - a pass's progress told to its caller
 * @fn: the caller's callback (not NULL)
 * @arg: its argument
 * @step: the pass's progress step (1 for its first call of @fn, 2 for
 *	the next, ...)
 * @permille: how far the pass is
 *
 * Return: @fn's answer (nonzero: cancel); held first while a test holds
 * the pass at @step (LTTR_TEST_HOLD_PROGRESS).
 */
int lttr_progress_tell(int (*fn)(void *arg, unsigned int permille), void *arg, uint64_t step,
		       unsigned int permille);

#endif
