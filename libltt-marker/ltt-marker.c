// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ltt-marker.c - libltt-marker: application markers written to
 * /dev/ltt-marker (LTT_EV_MARKER of include/ltt/ltt-abi.h).
 *
 * The device is opened, and its first page mapped read-only, once, by the
 * first call (pthread_once).  The fast path reads the word @enabled
 * points at: the mapped page's "enabled" while the device is open, a
 * static 0 when it could not be opened, a static 1 before the first call
 * (so that the first call takes the slow path and opens the device).
 * LTT_MARKER_DEVICE in the environment names another device path (tests).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <ltt/ltt-abi.h>
#include "ltt-marker.h"

static const uint32_t word_unset = 1;
static const uint32_t word_off;
static const volatile uint32_t *enabled = &word_unset;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int dev_fd = -1;
static int open_errno;
static char open_error[160];

static void marker_init(void)
{
	const char *path = getenv("LTT_MARKER_DEVICE");
	const struct ltt_marker_page *page;
	void *map;

	if (!path || !*path)
		path = "/dev/ltt-marker";
	/* read and write: mmap() of the page needs a readable file */
	dev_fd = open(path, O_RDWR | O_CLOEXEC);
	if (dev_fd < 0) {
		open_errno = errno;
		snprintf(open_error, sizeof(open_error), "%s: %s%s", path,
			 strerror(open_errno),
			 open_errno == EACCES ?
			 " (markers need CAP_SYS_ADMIN or the group of the module's marker_gid)" :
			 open_errno == ENOENT ? " (is ltt_tracer loaded?)" : "");
		__atomic_store_n(&enabled, &word_off, __ATOMIC_RELEASE);
		return;
	}
	map = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_READ, MAP_SHARED,
		   dev_fd, 0);
	if (map == MAP_FAILED) {
		/* no page: every marker makes its system call */
		__atomic_store_n(&enabled, &word_unset, __ATOMIC_RELEASE);
		return;
	}
	page = map;
	__atomic_store_n(&enabled, &page->enabled, __ATOMIC_RELEASE);
}

int ltt_marker_open(void)
{
	pthread_once(&once, marker_init);
	if (dev_fd < 0) {
		errno = open_errno;
		return -1;
	}
	return 0;
}

const char *ltt_marker_error(void)
{
	pthread_once(&once, marker_init);
	return dev_fd < 0 ? open_error : NULL;
}

static int marker_write(int kind, const char *name, const char *text,
			size_t text_len, int64_t value)
{
	struct ltt_marker_write w = { 0 };
	char buf[sizeof(w) + LTT_MARKER_NAME_MAX + LTT_MARKER_TEXT_MAX];
	size_t name_len;

	if (ltt_marker_open() < 0)
		return -1;
	/* the first call came here to open the device: markers may be off */
	if (!*__atomic_load_n(&enabled, __ATOMIC_ACQUIRE))
		return 0;
	name_len = name ? strnlen(name, LTT_MARKER_NAME_MAX + 1) : 0;
	if (!name_len || name_len > LTT_MARKER_NAME_MAX) {
		errno = EINVAL;
		return -1;
	}
	if (text_len > LTT_MARKER_TEXT_MAX)
		text_len = LTT_MARKER_TEXT_MAX;
	w.kind = (uint8_t)kind;
	w.name_len = (uint8_t)name_len;
	w.text_len = (uint16_t)text_len;
	w.value = value;
	/* one write(2) is one marker */
	memcpy(buf, &w, sizeof(w));
	memcpy(buf + sizeof(w), name, name_len);
	if (text_len)
		memcpy(buf + sizeof(w) + name_len, text, text_len);
	if (write(dev_fd, buf, sizeof(w) + name_len + text_len) < 0)
		return -1;
	return 0;
}

/* the fast path: one load of the pointer, one of the word, a branch */
#define MARKERS_OFF() \
	(!*__atomic_load_n(&enabled, __ATOMIC_ACQUIRE))

int ltt_mark_begin(const char *name)
{
	if (MARKERS_OFF())
		return 0;
	return marker_write(LTT_MARKER_BEGIN, name, NULL, 0, 0);
}

int ltt_mark_end(const char *name)
{
	if (MARKERS_OFF())
		return 0;
	return marker_write(LTT_MARKER_END, name, NULL, 0, 0);
}

int ltt_counter(const char *name, int64_t value)
{
	if (MARKERS_OFF())
		return 0;
	return marker_write(LTT_MARKER_COUNTER, name, NULL, 0, value);
}

int ltt_mark(const char *name, const char *fmt, ...)
{
	char text[LTT_MARKER_TEXT_MAX + 1];
	va_list ap;
	int n;

	if (MARKERS_OFF())
		return 0;
	va_start(ap, fmt);
	n = vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (n < 0)
		text[0] = 0;
	/* a text is printable ASCII: anything else reads '?' */
	for (n = 0; text[n]; n++)
		if (text[n] < ' ' || text[n] >= 0x7f)
			text[n] = '?';
	return marker_write(LTT_MARKER_MARK, name, text,
			    strnlen(text, LTT_MARKER_TEXT_MAX), 0);
}
