// SPDX-License-Identifier: GPL-2.0
/*
 * cache-store.c - where the view model's cache is kept, when it is read
 * or written, and how (lttr_view_open(), lttr/view/cache.h); the bytes
 * themselves are cache-file.c's.
 *
 * The cache is TRACEDIR/view.cache; when the trace's directory cannot be
 * written, $XDG_CACHE_HOME/tracevisualizer/view-HASH.cache (else
 * ~/.cache/...), HASH of the directory's real path, which the identity
 * inside then carries too.  A new file is written and renamed over the
 * old one: a reader never sees half a cache, and the trace's own files
 * are only read.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <ltt/ltt-abi.h>
#include <lttr/reader/trace.h>
#include <lttr/view/cache.h>
#include "view/view-internal.h"

/* the files of a trace directory the reader reads */
static const char *const trace_files[] = { "header", "events", "lost", "proc" };

static void put(uint8_t **p, size_t *len, size_t *cap, const void *b, size_t n, bool *nomem)
{
	if (*nomem)
		return;
	if (*len + n > *cap) {
		size_t c = *cap ? *cap : 256;
		uint8_t *q;

		while (c < *len + n)
			c *= 2;
		q = realloc(*p, c);
		if (!q) {
			*nomem = true;
			return;
		}
		*p = q;
		*cap = c;
	}
	memcpy(*p + *len, b, n);
	*len += n;
}

int lttr_vcache_identity(const struct lttr_trace *t, int keyed, uint8_t **out, size_t *len)
{
	const char *dir = lttr_trace_dir(t);
	size_t cap = 0, i;
	bool nomem = false;
	char path[PATH_MAX];

	*out = NULL;
	*len = 0;
	for (i = 0; i < sizeof(trace_files) / sizeof(trace_files[0]); i++) {
		struct stat st;
		uint64_t f[5] = { 0 };

		snprintf(path, sizeof(path), "%s/%s", dir, trace_files[i]);
		if (stat(path, &st) == 0) {
			f[0] = 1;
			f[1] = (uint64_t)st.st_size;
			f[2] = (uint64_t)st.st_mtim.tv_sec;
			f[3] = (uint64_t)st.st_mtim.tv_nsec;
			f[4] = (uint64_t)st.st_ino;
		} else if (errno != ENOENT) {
			free(*out);
			*out = NULL;
			return -1;
		}
		put(out, len, &cap, f, sizeof(f), &nomem);
	}
	put(out, len, &cap, lttr_trace_header(t), sizeof(struct ltt_trace_header), &nomem);
	if (keyed) {
		if (!realpath(dir, path)) {
			free(*out);
			*out = NULL;
			return -1;
		}
		put(out, len, &cap, path, strlen(path) + 1, &nomem);
	}
	if (nomem) {
		free(*out);
		*out = NULL;
		return -1;
	}
	return 0;
}

const char *lttr_vcache_outcome_name(unsigned int outcome)
{
	static const char *const names[] = {
		[LTTR_VCACHE_OFF] = "off", [LTTR_VCACHE_READ] = "read",
		[LTTR_VCACHE_WRITTEN] = "written", [LTTR_VCACHE_NOT_WRITTEN] = "not-written",
		[LTTR_VCACHE_SMALL] = "small",
	};

	return outcome < sizeof(names) / sizeof(names[0]) ? names[outcome] : "?";
}

/* the cache directory of the traces whose own directory is not writable */
static bool xdg_dir(char *out, size_t size)
{
	const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	int n;

	if (x && x[0] == '/')
		n = snprintf(out, size, "%s/tracevisualizer", x);
	else if (home && home[0])
		n = snprintf(out, size, "%s/.cache/tracevisualizer", home);
	else
		return false;
	return n > 0 && (size_t)n < size;
}

static uint64_t fnv(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (*s)
		h = (h ^ (uint8_t)*s++) * 0x100000001b3ULL;
	return h;
}

/* the cache's path: beside the trace (@keyed 0) or in the cache directory */
static bool cache_path(const struct lttr_trace *t, int keyed, char *out, size_t size)
{
	char dir[PATH_MAX], real[PATH_MAX];
	int n;

	if (!keyed) {
		n = snprintf(out, size, "%s/%s", lttr_trace_dir(t), LTTR_VCACHE_NAME);
		return n > 0 && (size_t)n < size;
	}
	if (!xdg_dir(dir, sizeof(dir)) || !realpath(lttr_trace_dir(t), real))
		return false;
	n = snprintf(out, size, "%s/view-%016" PRIx64 ".cache", dir, fnv(real));
	return n > 0 && (size_t)n < size;
}

static int read_all(const char *path, uint8_t **out, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	uint8_t *b;
	size_t done = 0;

	*out = NULL;
	*len = 0;
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size < 0) {
		close(fd);
		errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
		return -1;
	}
	b = malloc(st.st_size ? (size_t)st.st_size : 1);
	if (!b) {
		close(fd);
		errno = ENOMEM;
		return -1;
	}
	while (done < (size_t)st.st_size) {
		ssize_t r = read(fd, b + done, (size_t)st.st_size - done);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		done += (size_t)r;
	}
	close(fd);
	*out = b;
	*len = done;
	return 0;
}

/* write @b to @path: a new file renamed over the old one */
static int write_all(const char *path, const uint8_t *b, size_t len)
{
	size_t n = strlen(path) + 8, done = 0;
	char *tmp = malloc(n);
	int fd, e = 0;

	if (!tmp)
		return ENOMEM;
	snprintf(tmp, n, "%s.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		e = errno;
		free(tmp);
		return e;
	}
	while (done < len) {
		ssize_t w = write(fd, b + done, len - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			e = w < 0 ? errno : EIO;
			break;
		}
		done += (size_t)w;
	}
	/*
	 * not fsync()ed: a cache lost or cut by a crash is found so when read
	 * (its length, its checksum) and built again, and flushing 50 MB to
	 * the disk would double a first session's wait
	 */
	if (!e && fchmod(fd, 0644))
		e = errno;
	if (close(fd) && !e)
		e = errno;
	if (!e && rename(tmp, path))
		e = errno;
	if (e)
		unlink(tmp);
	free(tmp);
	return e;
}

static int mkdirs(const char *dir)
{
	char p[PATH_MAX];
	size_t i;

	snprintf(p, sizeof(p), "%s", dir);
	for (i = 1; p[i]; i++) {
		if (p[i] != '/')
			continue;
		p[i] = '\0';
		if (mkdir(p, 0700) && errno != EEXIST)
			return -1;
		p[i] = '/';
	}
	return mkdir(p, 0700) && errno != EEXIST ? -1 : 0;
}

/*
 * try the cache at @keyed's place: 1 read, 0 none there, -1 one there
 * but not valid (@rep's note says why)
 */
static int try_read(struct lttr_trace *t, int keyed, struct lttr_view **out,
		    struct lttr_vcache_report *rep)
{
	char path[LTTR_VCACHE_PATH_LEN], why[256];
	uint8_t *id, *b;
	size_t idlen, len;
	int r;

	if (!cache_path(t, keyed, path, sizeof(path)))
		return 0;
	if (read_all(path, &b, &len)) {
		if (errno == ENOENT || errno == EISDIR)
			return 0;	/* none, or not one of ours */
		snprintf(rep->note, sizeof(rep->note), "view cache %.200s not read (%.100s): the view model is built again",
			 path, strerror(errno));
		return -1;
	}
	if (lttr_vcache_identity(t, keyed, &id, &idlen)) {
		free(b);
		snprintf(rep->note, sizeof(rep->note), "view cache %.200s not used: the trace's files could not be examined",
			 path);
		return -1;
	}
	r = lttr_vcache_decode(t, id, idlen, b, len, out, why, sizeof(why));
	free(id);
	free(b);
	if (r) {
		snprintf(rep->note, sizeof(rep->note), "view cache %.200s ignored (%.200s): the view model is built again",
			 path, why);
		return -1;
	}
	snprintf(rep->path, sizeof(rep->path), "%s", path);
	return 1;
}

/* a cache of the cache directory, for xdg_trim() */
struct kept {
	char name[64];
	time_t mtime;
	uint64_t bytes;
};

static int kept_older(const void *a, const void *b)
{
	const struct kept *x = a, *y = b;

	return (x->mtime > y->mtime) - (x->mtime < y->mtime);
}

/*
 * Bound the cache directory @dir (LTTR_VCACHE_XDG_MAX_BYTES): the
 * least recently written view-*.cache files removed until the rest fit,
 * never @mine (the one just written).  Nothing else there is touched; a
 * file that cannot be examined or removed is left.  Not for the caches
 * beside the traces: those go with their trace.
 */
static void xdg_trim(const char *dir, const char *mine)
{
	DIR *d = opendir(dir);
	struct kept *k = NULL;
	size_t n = 0, cap = 0, i;
	uint64_t total = 0;
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		char path[PATH_MAX + sizeof(k->name) + 1];
		struct stat st;
		int plen;

		if (len < 12 || len >= sizeof(k->name) || strncmp(de->d_name, "view-", 5) ||
		    strcmp(de->d_name + len - 6, ".cache"))
			continue;
		plen = snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (plen < 0 || (size_t)plen >= sizeof(path) || lstat(path, &st) ||
		    !S_ISREG(st.st_mode))
			continue;
		total += (uint64_t)st.st_size;
		if (!strcmp(path, mine))
			continue;
		if (n == cap) {
			struct kept *m = realloc(k, (cap ? 2 * cap : 16) * sizeof(*k));

			if (!m)
				break;
			k = m;
			cap = cap ? 2 * cap : 16;
		}
		snprintf(k[n].name, sizeof(k[n].name), "%s", de->d_name);
		k[n].mtime = st.st_mtime;
		k[n].bytes = (uint64_t)st.st_size;
		n++;
	}
	closedir(d);
	if (n)
		qsort(k, n, sizeof(*k), kept_older);
	for (i = 0; i < n && total > LTTR_VCACHE_XDG_MAX_BYTES; i++) {
		char path[PATH_MAX + sizeof(k->name) + 1];
		int len = snprintf(path, sizeof(path), "%s/%s", dir, k[i].name);

		if (len > 0 && (size_t)len < sizeof(path) && !unlink(path))
			total -= k[i].bytes;
	}
	free(k);
}

/* save @v beside the trace, else in the cache directory; 0 or -1 (@why) */
static int save(const struct lttr_view *v, struct lttr_vcache_report *rep, char *why,
		size_t whylen)
{
	struct lttr_trace *t = v->t;
	char path[LTTR_VCACHE_PATH_LEN], dir[PATH_MAX], first[200] = "";
	int keyed;

	for (keyed = 0; keyed < 2; keyed++) {
		uint8_t *id, *b;
		size_t idlen, len;
		int e;

		if (!cache_path(t, keyed, path, sizeof(path))) {
			if (keyed)
				snprintf(why, whylen, "%s%sno cache directory (XDG_CACHE_HOME, HOME)",
					 first, first[0] ? "; " : "");
			continue;
		}
		if (keyed && xdg_dir(dir, sizeof(dir)) && mkdirs(dir)) {
			snprintf(why, whylen, "%s%s%.100s: %s", first, first[0] ? "; " : "", dir,
				 strerror(errno));
			continue;
		}
		if (lttr_vcache_identity(t, keyed, &id, &idlen)) {
			snprintf(why, whylen, "the trace's files could not be examined");
			return -1;
		}
		e = lttr_vcache_encode(v, id, idlen, &b, &len, why, whylen);
		free(id);
		if (e)
			return -1;
		e = write_all(path, b, len);
		free(b);
		if (!e) {
			snprintf(rep->path, sizeof(rep->path), "%s", path);
			if (keyed)
				xdg_trim(dir, path);
			return 0;
		}
		if (!keyed)
			snprintf(first, sizeof(first), "%.120s: %s", path, strerror(e));
		else
			snprintf(why, whylen, "%s%s%.120s: %s", first, first[0] ? "; " : "", path,
				 strerror(e));
	}
	return -1;
}

static uint64_t events_bytes(const struct lttr_trace *t)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/events", lttr_trace_dir(t));
	return stat(path, &st) ? 0 : (uint64_t)st.st_size;
}

int lttr_view_open(struct lttr_trace *t, unsigned int flags, lttr_view_progress_fn progress,
		   void *arg, struct lttr_view **out, struct lttr_vcache_report *rep,
		   struct lttr_error *err)
{
	struct lttr_vcache_report dummy;
	const char *env = getenv("LTTR_VIEW_CACHE");
	bool always = env && !strcmp(env, "always");
	size_t warnings;
	char why[300];
	int r, k;

	if (!rep)
		rep = &dummy;
	memset(rep, 0, sizeof(*rep));
	*out = NULL;
	if ((flags & LTTR_VCACHE_DISABLE) || (env && (!strcmp(env, "0") || !strcmp(env, "off")))) {
		rep->outcome = LTTR_VCACHE_OFF;
		return lttr_view_build(t, progress, arg, out, err);
	}
	if (!lttr_trace_salvaged(t) && (lttr_trace_header(t)->flags & LTT_TRACE_COMPLETE)) {
		for (k = 0; k < 2; k++) {
			r = try_read(t, k, out, rep);
			if (r > 0) {
				rep->outcome = LTTR_VCACHE_READ;
				if (progress)
					progress(arg, 1000);
				return 0;
			}
			if (r < 0)
				break;	/* said in the note; built and saved again */
		}
	}
	warnings = lttr_trace_warning_count(t);
	r = lttr_view_build(t, progress, arg, out, err);
	if (r < 0)
		return r;
	rep->outcome = LTTR_VCACHE_NOT_WRITTEN;
	if (lttr_trace_salvaged(t)) {
		snprintf(why, sizeof(why), "the trace was salvaged");
	} else if (lttr_trace_warning_count(t) != warnings) {
		snprintf(why, sizeof(why), "warnings were found while reading the trace");
	} else if (!(lttr_trace_header(t)->flags & LTT_TRACE_COMPLETE)) {
		return 0;	/* it may still be written; its warnings say it is not complete */
	} else if (!always && events_bytes(t) < LTTR_VCACHE_MIN_EVENTS_BYTES) {
		rep->outcome = LTTR_VCACHE_SMALL;
		return 0;
	} else if (save(*out, rep, why, sizeof(why)) == 0) {
		rep->outcome = LTTR_VCACHE_WRITTEN;
		return 0;
	}
	/* after a note already there (a cache ignored) */
	k = (int)strlen(rep->note);
	snprintf(rep->note + k, sizeof(rep->note) - (size_t)k, "%sview model not saved for the next session: %s",
		 k ? "; " : "", why);
	return 0;
}
