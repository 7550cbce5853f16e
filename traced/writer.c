// SPDX-License-Identifier: GPL-2.0
/* writer.c - the daemon's double-buffered disk writer */
#include "writer.h"
#include "msg.h"
#include "write-all.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct writer {
	int fd;
	char *name;
	size_t size;
	char *buf[2];
	size_t fill;		/* bytes in buf[cur] (main thread only) */
	int cur;		/* buffer the main thread fills */
	/*
	 * Main thread only: the stream offset (bytes given to the writer
	 * before) of each buffer's first byte and how many it holds, for
	 * writer_peek().  Set when a buffer gets its first byte; a buffer's
	 * bytes stay until it is filled again, which never happens after
	 * a write error.
	 */
	uint64_t pos;		/* bytes given so far */
	uint64_t base[2];
	size_t len[2];

	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	const char *pending;	/* handed to the thread, NULL when idle */
	size_t pending_len;
	int quit;
	int error;		/* errno of the first write error */
	uint64_t written;
	int reported;
};

/*
 * A file removed (its trace directory deleted) or whose file system was
 * detached (umount -l) while traced writes to it takes every byte
 * written after with it, and nothing fails: after each write, a regular
 * file must still be the one its path names, or the writer stops as on
 * a full disk (ENOENT).  A file system made read-only or gone fails the
 * write itself (EROFS, EIO), which stops it the same way.
 */
static int still_there(int fd, const char *path)
{
	struct stat a, b;

	if (fstat(fd, &a) < 0)
		return errno;
	if (!S_ISREG(a.st_mode))
		return 0;
	if (a.st_nlink == 0 || stat(path, &b) < 0 ||
	    a.st_dev != b.st_dev || a.st_ino != b.st_ino)
		return ENOENT;
	return 0;
}

/* write_all() then still_there(): 0 or an errno, *done bytes written. */
static int write_out(struct writer *w, const char *p, size_t len,
		     uint64_t *done)
{
	int err = write_all(w->fd, p, len, -1, done);

	return err ? err : still_there(w->fd, w->name);
}

/* Under w->lock: what a write_out() did. */
static void account(struct writer *w, uint64_t done, int err)
{
	w->written += done;
	if (err)
		w->error = err;
}

static void *writer_thread(void *arg)
{
	struct writer *w = arg;

	pthread_mutex_lock(&w->lock);
	for (;;) {
		const char *p;
		size_t len;
		uint64_t done = 0;

		while (!w->pending && !w->quit)
			pthread_cond_wait(&w->cond, &w->lock);
		if (!w->pending)
			break;
		p = w->pending;
		len = w->pending_len;
		if (!w->error) {
			int err;

			pthread_mutex_unlock(&w->lock);
			err = write_out(w, p, len, &done);
			pthread_mutex_lock(&w->lock);
			account(w, done, err);
		}
		w->pending = NULL;
		pthread_cond_broadcast(&w->cond);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

struct writer *writer_open(int fd, const char *name, size_t bufsize)
{
	struct writer *w = calloc(1, sizeof(*w));
	int err;

	if (!w)
		goto nomem;
	w->fd = fd;
	w->size = bufsize;
	w->name = strdup(name);
	w->buf[0] = malloc(bufsize);
	w->buf[1] = malloc(bufsize);
	if (!w->name || !w->buf[0] || !w->buf[1])
		goto nomem;
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->cond, NULL);
	err = pthread_create(&w->thread, NULL, writer_thread, w);
	if (err) {
		msg_err("cannot start the writer thread: %s", strerror(err));
		pthread_cond_destroy(&w->cond);
		pthread_mutex_destroy(&w->lock);
		goto fail;
	}
	return w;
nomem:
	msg_err("out of memory for the %zu-byte write buffers", bufsize);
fail:
	if (w) {
		free(w->buf[0]);
		free(w->buf[1]);
		free(w->name);
		free(w);
	}
	return NULL;
}

static void report(struct writer *w)
{
	if (w->error && !w->reported) {
		if (w->error == ENOENT)
			msg_err("write error on %s: the file is gone (its trace directory was removed or its file system unmounted during the trace)",
				w->name);
		else
			msg_err("write error on %s: %s", w->name, strerror(w->error));
		w->reported = 1;
	}
}

/* Hands the current buffer to the thread and switches to the other one. */
static int hand_over(struct writer *w)
{
	int err;

	pthread_mutex_lock(&w->lock);
	while (w->pending)
		pthread_cond_wait(&w->cond, &w->lock);
	err = w->error;
	if (!err) {
		w->pending = w->buf[w->cur];
		w->pending_len = w->fill;
		pthread_cond_broadcast(&w->cond);
	}
	pthread_mutex_unlock(&w->lock);
	w->cur ^= 1;
	w->fill = 0;
	if (err) {
		report(w);
		return -1;
	}
	return 0;
}

int writer_append(struct writer *w, const void *data, size_t len)
{
	const char *p = data;

	if (writer_error(w)) {
		report(w);
		return -1;
	}
	while (len) {
		size_t n = w->size - w->fill;

		if (n > len)
			n = len;
		if (!w->fill)
			w->base[w->cur] = w->pos;
		memcpy(w->buf[w->cur] + w->fill, p, n);
		w->fill += n;
		w->len[w->cur] = w->fill;
		w->pos += n;
		p += n;
		len -= n;
		if (w->fill == w->size && hand_over(w) < 0)
			return -1;
	}
	return 0;
}

int writer_write(struct writer *w, const void *data, size_t len)
{
	uint64_t done = 0;
	int err;

	if (w->fill && hand_over(w) < 0)
		return -1;
	pthread_mutex_lock(&w->lock);
	while (w->pending)
		pthread_cond_wait(&w->cond, &w->lock);
	err = w->error;
	pthread_mutex_unlock(&w->lock);
	w->pos += len;
	if (!err) {
		err = write_out(w, data, len, &done);
		pthread_mutex_lock(&w->lock);
		account(w, done, err);
		pthread_mutex_unlock(&w->lock);
	}
	if (err) {
		report(w);
		return -1;
	}
	return 0;
}

int writer_error(struct writer *w)
{
	int err;

	pthread_mutex_lock(&w->lock);
	err = w->error;
	pthread_mutex_unlock(&w->lock);
	return err;
}

uint64_t writer_written(struct writer *w)
{
	uint64_t n;

	pthread_mutex_lock(&w->lock);
	n = w->written;
	pthread_mutex_unlock(&w->lock);
	return n;
}

size_t writer_peek(const struct writer *w, uint64_t off, void *dst, size_t n)
{
	char *d = dst;
	size_t got = 0;
	int i, found = 1;

	while (got < n && found) {
		found = 0;
		for (i = 0; i < 2; i++) {
			uint64_t at = off + got;
			size_t k;

			if (at < w->base[i] || at - w->base[i] >= w->len[i])
				continue;
			k = w->len[i] - (size_t)(at - w->base[i]);
			if (k > n - got)
				k = n - got;
			memcpy(d + got, w->buf[i] + (at - w->base[i]), k);
			got += k;
			found = 1;
			break;
		}
	}
	return got;
}

int writer_flush(struct writer *w)
{
	int err;

	if (w->fill)
		hand_over(w);
	pthread_mutex_lock(&w->lock);
	while (w->pending)
		pthread_cond_wait(&w->cond, &w->lock);
	err = w->error;
	pthread_mutex_unlock(&w->lock);
	if (err) {
		report(w);
		return -1;
	}
	return 0;
}

int writer_close(struct writer *w, uint64_t *written)
{
	struct stat st;
	int ret = 0;

	if (w->fill)
		hand_over(w);
	pthread_mutex_lock(&w->lock);
	w->quit = 1;
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
	pthread_join(w->thread, NULL);
	if (w->error) {
		report(w);
		ret = -1;
	}
	if (written)
		*written = w->written;
	if (fstat(w->fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    fsync(w->fd) < 0) {
		msg_err("cannot sync %s: %s", w->name, strerror(errno));
		ret = -1;
	}
	if (close(w->fd) < 0) {
		msg_err("write error on %s: %s", w->name, strerror(errno));
		ret = -1;
	}
	pthread_cond_destroy(&w->cond);
	pthread_mutex_destroy(&w->lock);
	free(w->buf[0]);
	free(w->buf[1]);
	free(w->name);
	free(w);
	return ret;
}
