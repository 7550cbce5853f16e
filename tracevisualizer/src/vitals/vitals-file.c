// SPDX-License-Identifier: GPL-2.0
/*
 * vitals-file.c - the epoch files of traced --vitals (<ltt/ltt-abi.h>,
 * docs/vitals.md): written by the daemon, read by the aggregator; the
 * header, the trailer and the checks every version shares (version 3's
 * body: vitals-codec.c).  The C library and zstd: traced links it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <lttr/vitals/vitals.h>
#include "vitals/vitals-codec.h"

/* version 3 adds body_len and raw_len at the end of version 2's header */
_Static_assert(offsetof(struct ltt_vitals_file_header, body_len) ==
	       LTT_VITALS_FILE_HEADER_V2, "version 2's header size");

static const char *const names[LTT_VITALS] = {
	[LTT_VITAL_CPU] = "cpu",
	[LTT_VITAL_L2] = "l2miss",
	[LTT_VITAL_SCHED_DELAY] = "schedule-delay",
	[LTT_VITAL_BLOCKING] = "blocking",
	[LTT_VITAL_DISK] = "disk-io",
	[LTT_VITAL_KPAGE] = "kernel-pages",
	[LTT_VITAL_UPAGE] = "user-pages",
	[LTT_VITAL_SYSCALL] = "syscall",
	[LTT_VITAL_SIGNAL] = "signal",
	[LTT_VITAL_SOCKET] = "socket",
	[LTT_VITAL_LOCK] = "lock",
};

const char *lttr_vital_name(unsigned int vital)
{
	return vital < LTT_VITALS ? names[vital] : NULL;
}

const char *lttr_vital_unit(unsigned int vital)
{
	switch (vital) {
	case LTT_VITAL_SCHED_DELAY:
	case LTT_VITAL_BLOCKING:
		return "us";
	case LTT_VITAL_CPU:
		return "samples";
	case LTT_VITAL_KPAGE:
		return "pages";
	default:
		return "events";
	}
}

unsigned int lttr_vitals_level(uint32_t c, unsigned int shift)
{
	unsigned int log2 = 0;

	if (!c || !shift)
		return 0;
	while (c >>= 1)
		log2++;
	return 1 + log2 / shift;
}

#define fail lttr_vitals_fail

int lttr_vitals_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static int write_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n) {
		ssize_t w = write(fd, c, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

int lttr_vitals_write(const char *path, struct ltt_vitals_file_header *h,
		      const struct ltt_vitals_sum *sum, const uint32_t *hca,
		      const struct ltt_vital_sample *samples,
		      const struct ltt_vital_stack *stacks, const char *maps,
		      char *err, size_t errlen)
{
	struct ltt_vitals_trailer tr;
	unsigned char *frame;
	size_t i, ncells = 0;
	char tmp[4096];
	int fd;

	for (i = 0; i < (size_t)LTT_VITALS * LTT_VITALS_HCA; i++)
		ncells += hca[i] != 0;
	memcpy(h->magic, LTT_VITALS_FILE_MAGIC, sizeof(h->magic));
	h->version = LTT_VITALS_FILE_VERSION;
	h->header_size = sizeof(*h);
	h->nvitals = LTT_VITALS;
	h->hca_size = LTT_VITALS_HCA;
	h->ncells = ncells;
	if (snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp))
		return fail(err, errlen, "%s: name too long", path);
	if (lttr_vitals_body_pack(h, sum, hca, samples, stacks, maps, &frame,
				  err, errlen) < 0)
		return -1;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		free(frame);
		return fail(err, errlen, "%s: %s", tmp, strerror(errno));
	}
	memset(&tr, 0, sizeof(tr));
	memcpy(tr.magic, LTT_VITALS_FILE_END, sizeof(LTT_VITALS_FILE_END));
	tr.epoch = h->epoch;
	if (write_all(fd, h, sizeof(*h)) < 0 ||
	    write_all(fd, frame, h->body_len) < 0 ||
	    write_all(fd, &tr, sizeof(tr)) < 0 || fsync(fd) < 0)
		goto werr;
	free(frame);
	frame = NULL;
	if (close(fd) < 0) {
		fd = -1;
		goto werr;
	}
	if (rename(tmp, path) < 0) {
		fail(err, errlen, "%s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
werr:
	fail(err, errlen, "%s: %s", tmp, strerror(errno));
	free(frame);
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	return -1;
}

/* version 2's body: the structs as they are, after a header of @hsize */
static int parse_v2(const unsigned char *buf, size_t hsize,
		    struct lttr_vitals_epoch *e, char *err, size_t errlen)
{
	size_t off = hsize;

	memcpy(e->sum, buf + off, sizeof(e->sum));
	off += sizeof(e->sum);
	e->ncells = (size_t)e->h.ncells;
	e->nsamples = e->h.nsamples;
	e->nstacks = e->h.nstacks;
	e->maps_len = e->h.maps_len;
	e->cells = calloc(e->ncells ? e->ncells : 1, sizeof(*e->cells));
	e->samples = calloc(e->nsamples ? e->nsamples : 1,
			    sizeof(*e->samples));
	e->stacks = calloc(e->nstacks ? e->nstacks : 1, sizeof(*e->stacks));
	e->maps = malloc(e->maps_len + 1);
	if (!e->cells || !e->samples || !e->stacks || !e->maps)
		return fail(err, errlen, "out of memory");
	memcpy(e->cells, buf + off, e->ncells * sizeof(*e->cells));
	off += e->ncells * sizeof(*e->cells);
	memcpy(e->samples, buf + off, e->nsamples * sizeof(*e->samples));
	off += e->nsamples * sizeof(*e->samples);
	memcpy(e->stacks, buf + off, e->nstacks * sizeof(*e->stacks));
	off += e->nstacks * sizeof(*e->stacks);
	memcpy(e->maps, buf + off, e->maps_len);
	e->maps[e->maps_len] = '\0';
	return 0;
}

/* the checks of the values every version shares */
static int check_values(struct lttr_vitals_epoch *e, char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < e->ncells; i++) {
		if (e->cells[i].vital >= LTT_VITALS ||
		    e->cells[i].cell >= LTT_VITALS_HCA || !e->cells[i].count ||
		    (i && (e->cells[i].vital * LTT_VITALS_HCA +
			   e->cells[i].cell <=
			   e->cells[i - 1].vital * LTT_VITALS_HCA +
			   e->cells[i - 1].cell)))
			return fail(err, errlen, "cell %zu out of range or "
				    "order", i);
	}
	for (i = 0; i < e->nsamples; i++) {
		unsigned int vital = e->samples[i].vital;
		unsigned int cell = e->samples[i].cell;

		if (vital >= LTT_VITALS || cell >= LTT_VITALS_HCA)
			return fail(err, errlen, "sample %zu: vital sign %u "
				    "or cell %u out of range", i, vital, cell);
		/* the comm is NUL-terminated for whoever prints it */
		e->samples[i].comm[sizeof(e->samples[i].comm) - 1] = '\0';
		/* version 1: the cpu's high half, always 0 */
		if (e->h.version == 1)
			e->samples[i].stack = 0;
		if (e->samples[i].stack > e->nstacks)
			return fail(err, errlen, "sample %zu: stack %u of %zu",
				    i, (unsigned int)e->samples[i].stack,
				    e->nstacks);
	}
	for (i = 0; i < e->nstacks; i++) {
		unsigned int k = e->stacks[i].kernel_nr, u = e->stacks[i].user_nr;

		if (k + u > LTT_VITALS_STACK_DEPTH)
			return fail(err, errlen, "stack %zu: %u + %u addresses, "
				    "more than %d", i, k, u,
				    LTT_VITALS_STACK_DEPTH);
	}
	return 0;
}

int lttr_vitals_parse(const unsigned char *buf, size_t len,
		      struct lttr_vitals_epoch *e, char *err, size_t errlen)
{
	struct ltt_vitals_trailer tr;
	size_t off, need, hsize;
	int r;

	memset(e, 0, sizeof(*e));
	if (len < LTT_VITALS_FILE_HEADER_V1)
		return fail(err, errlen, "cut: %zu bytes, less than the "
			    "header's %d", len, LTT_VITALS_FILE_HEADER_V1);
	/* version 1's header is the first part of version 2's, 2's of 3's */
	memcpy(&e->h, buf, LTT_VITALS_FILE_HEADER_V1);
	if (memcmp(e->h.magic, LTT_VITALS_FILE_MAGIC, sizeof(e->h.magic)))
		return fail(err, errlen, "not an epoch file (bad magic)");
	if (e->h.version < 1 || e->h.version > LTT_VITALS_FILE_VERSION)
		return fail(err, errlen, "version %" PRIu32 " (this reader "
			    "reads 1 to %d)", e->h.version,
			    LTT_VITALS_FILE_VERSION);
	hsize = e->h.version == 1 ? LTT_VITALS_FILE_HEADER_V1 :
		e->h.version == 2 ? LTT_VITALS_FILE_HEADER_V2 : sizeof(e->h);
	if (len < hsize)
		return fail(err, errlen, "cut: %zu bytes, less than the "
			    "header's %zu", len, hsize);
	memcpy(&e->h, buf, hsize);
	if (e->h.header_size != hsize || e->h.nvitals != LTT_VITALS ||
	    e->h.hca_size != LTT_VITALS_HCA)
		return fail(err, errlen, "header of another layout (size %"
			    PRIu32 ", %" PRIu32 " vital signs, HCA %" PRIu32 ")",
			    e->h.header_size, e->h.nvitals, e->h.hca_size);
	if (e->h.ncells > (uint64_t)LTT_VITALS * LTT_VITALS_HCA)
		return fail(err, errlen, "%" PRIu64 " cells: more than the "
			    "HCAs have", (uint64_t)e->h.ncells);
	if (e->h.nsamples > 4096U * LTT_VITALS_SAMPLES)
		return fail(err, errlen, "%" PRIu32 " samples: more than "
			    "4096 CPUs keep", e->h.nsamples);
	if (e->h.nstacks > 4096U * LTT_VITALS_STACKS)
		return fail(err, errlen, "%" PRIu32 " stacks: more than "
			    "4096 CPUs keep", e->h.nstacks);
	if (e->h.maps_len > LTTR_VITALS_MAPS_MAX)
		return fail(err, errlen, "%" PRIu32 " bytes of maps: more "
			    "than the daemon writes (%d)", e->h.maps_len,
			    LTTR_VITALS_MAPS_MAX);
	if (e->h.end_ns < e->h.start_ns)
		return fail(err, errlen, "the epoch ends before it starts");
	if (e->h.version < 3)
		need = hsize + sizeof(e->sum) +
		       (size_t)e->h.ncells * sizeof(struct ltt_vitals_cell) +
		       (size_t)e->h.nsamples * sizeof(struct ltt_vital_sample) +
		       (size_t)e->h.nstacks * sizeof(struct ltt_vital_stack) +
		       e->h.maps_len + sizeof(tr);
	else
		need = hsize + (size_t)e->h.body_len + sizeof(tr);
	if (len < need)
		return fail(err, errlen, "cut: %zu bytes of %zu", len, need);
	if (len > need)
		return fail(err, errlen, "%zu bytes after the end", len - need);
	if (e->h.version < 3)
		r = parse_v2(buf, hsize, e, err, errlen);
	else
		r = lttr_vitals_body_unpack(buf + hsize, hsize, e, err, errlen);
	off = need - sizeof(tr);
	memcpy(&tr, buf + off, sizeof(tr));
	if (r < 0 || check_values(e, err, errlen) < 0) {
		lttr_vitals_epoch_free(e);
		return -1;
	}
	if (memcmp(tr.magic, LTT_VITALS_FILE_END, sizeof(LTT_VITALS_FILE_END)) ||
	    tr.epoch != e->h.epoch) {
		lttr_vitals_epoch_free(e);
		return fail(err, errlen, "offset %zu: bad trailer (cut or "
			    "overwritten)", off);
	}
	return 0;
}

int lttr_vitals_read(const char *path, struct lttr_vitals_epoch *e,
		     char *err, size_t errlen)
{
	unsigned char *buf;
	struct stat st;
	size_t got = 0;
	int fd, ret;

	memset(e, 0, sizeof(*e));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fail(err, errlen, "%s", strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    (uint64_t)st.st_size > LTTR_VITALS_FILE_MAX) {
		close(fd);
		return fail(err, errlen, "not a regular file of at most %zu "
			    "bytes", (size_t)LTTR_VITALS_FILE_MAX);
	}
	buf = malloc(st.st_size ? (size_t)st.st_size : 1);
	if (!buf) {
		close(fd);
		return fail(err, errlen, "out of memory");
	}
	while (got < (size_t)st.st_size) {
		ssize_t r = read(fd, buf + got, (size_t)st.st_size - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	ret = lttr_vitals_parse(buf, got, e, err, errlen);
	free(buf);
	if (!ret) {
		e->path = strdup(path);
		if (!e->path) {
			lttr_vitals_epoch_free(e);
			return fail(err, errlen, "out of memory");
		}
	}
	return ret;
}

void lttr_vitals_epoch_free(struct lttr_vitals_epoch *e)
{
	free(e->path);
	free(e->cells);
	free(e->samples);
	free(e->stacks);
	free(e->maps);
	e->path = NULL;
	e->cells = NULL;
	e->samples = NULL;
	e->stacks = NULL;
	e->maps = NULL;
	e->ncells = 0;
	e->nsamples = 0;
	e->nstacks = 0;
	e->maps_len = 0;
}

int lttr_vitals_epoch_range(const char *dir, uint64_t *first, uint64_t *last)
{
	struct dirent *d;
	int found = 0;
	DIR *dp;

	dp = opendir(dir);
	if (!dp)
		return -1;
	while ((d = readdir(dp))) {
		unsigned long long n;
		int end = 0;

		if (sscanf(d->d_name, LTTR_VITALS_FILE_PREFIX "%20llu"
			   LTTR_VITALS_FILE_SUFFIX "%n", &n, &end) != 1 ||
		    !end || d->d_name[end])
			continue;
		if (!found || n > *last)
			*last = n;
		if (!found || n < *first)
			*first = n;
		found = 1;
	}
	closedir(dp);
	return found;
}
