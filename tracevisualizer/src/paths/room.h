/* SPDX-License-Identifier: GPL-2.0 */
/*
 * room.h - internal: room for one more element at the end of an array
 * that grows by doubling, for the paths code's many growing arrays.
 */
#ifndef LTTR_PATHS_ROOM_H
#define LTTR_PATHS_ROOM_H

#include <stddef.h>

/*
 * Make *@arrp (a pointer to the array's pointer) hold at least @n + 1
 * elements of @elem bytes, *@cap being its capacity (doubled, from 16):
 * 0, or -1 when out of memory (the array unchanged).
 */
int lttr_room(void *arrp, size_t *cap, size_t n, size_t elem);

#endif
