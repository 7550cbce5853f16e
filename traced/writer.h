/* SPDX-License-Identifier: GPL-2.0 */
/*
 * writer.h - the daemon's double-buffered disk writer.
 *
 * Data is appended to an in-memory buffer; when it is full it is handed to
 * a writer thread that write()s it to the file while the caller fills the
 * second buffer.  The caller only waits if the thread is still busy with
 * the other buffer.
 */
#ifndef TRACED_WRITER_H
#define TRACED_WRITER_H

#include <stddef.h>
#include <stdint.h>

struct writer;

/*
 * Takes over fd (closed by writer_close).  name is used in messages.
 * bufsize is the size of each of the two buffers.  NULL on failure
 * (message printed).
 */
struct writer *writer_open(int fd, const char *name, size_t bufsize);

/*
 * Appends len bytes.  Returns 0, or -1 once a write error happened (now
 * or earlier; the data handed over before the error is in the file).
 */
int writer_append(struct writer *w, const void *data, size_t len);

/*
 * Writes len bytes to the file at once from the caller's memory, after
 * what was appended before (which is written first): no copy into the
 * write buffers.  Returns as writer_append().
 */
int writer_write(struct writer *w, const void *data, size_t len);

/* 0 while no write error happened, else the errno of the error. */
int writer_error(struct writer *w);

/* Bytes that reached the file so far (write() returned them). */
uint64_t writer_written(struct writer *w);

/*
 * Writes what is buffered and waits for it to be written: 0, or -1 once
 * a write error happened (now or earlier).
 */
int writer_flush(struct writer *w);

/*
 * Copies up to n bytes from stream offset off (the bytes given to the
 * writer before them, by writer_append() and writer_write()) into dst,
 * as long as they are still in the write buffers (after a write error,
 * every byte appended and not written is): the bytes copied.
 */
size_t writer_peek(const struct writer *w, uint64_t off, void *dst, size_t n);

/*
 * Writes what is buffered, stops the thread, fsyncs (regular files) and
 * closes the file.  Returns 0 or -1 (a write, fsync or close error; the
 * message names the file), and the bytes that reached the file in
 * *written if not NULL.  Frees w.
 */
int writer_close(struct writer *w, uint64_t *written);

#endif
