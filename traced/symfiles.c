// SPDX-License-Identifier: GPL-2.0
/* symfiles.c - kallsyms, modules and maps saved in the trace (symfiles.h) */
#include "symfiles.h"
#include "msg.h"
#include "procdir.h"
#include "tracedir.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* root-only, whatever the trace's mode */
static const struct tracedir_perm root_only = { 0, 0 };

/* a new file @name of @dirfd for writing, 0600; NULL (message) on failure */
static FILE *create(int dirfd, const char *dir, const char *name, int force, char *path,
		    size_t len)
{
	FILE *f;
	int fd;

	if (tracedir_path(path, len, dir, name) < 0)
		return NULL;
	fd = tracedir_open(dirfd, name, path, force, &root_only);
	if (fd < 0)
		return NULL;
	f = fdopen(fd, "w");
	if (!f)
		close(fd);
	return f;
}

/* the address at the start of a kallsyms line is not all zeros */
static int nonzero_addr(const char *l)
{
	for (; isxdigit((unsigned char)*l); l++)
		if (*l != '0')
			return 1;
	return 0;
}

/*
 * copies @src to file @name; with @check, removes the copy when no line
 * has a nonzero address.  1 saved, 0 hidden (removed), -1 failed (message)
 */
static int copy(int dirfd, const char *dir, const char *name, int force, const char *src,
		int check)
{
	char path[PATH_MAX], line[4096];
	FILE *in = fopen(src, "r"), *out;
	int shown = 0, bad = 0;

	/* no /proc/modules: a kernel without modules, whose list is empty */
	if (!in && errno == ENOENT && !check)
		in = fopen("/dev/null", "r");
	if (!in) {
		msg_warn("cannot read %s (%s): kernel addresses will be unknown", src,
			 strerror(errno));
		return -1;
	}
	out = create(dirfd, dir, name, force, path, sizeof(path));
	if (!out) {
		fclose(in);
		return -1;
	}
	while (fgets(line, sizeof(line), in)) {
		shown |= check && nonzero_addr(line);
		if (fputs(line, out) < 0) {
			bad = 1;
			break;
		}
	}
	bad |= ferror(in);
	fclose(in);
	if (fclose(out) != 0)
		bad = 1;
	if (bad) {
		msg_warn("cannot copy %s to %s: kernel addresses will be unknown", src, path);
		unlinkat(dirfd, name, 0);
		return -1;
	}
	if (check && !shown) {
		unlinkat(dirfd, name, 0);
		return 0;
	}
	return 1;
}

int symfiles_kernel(int dirfd, const char *dir, int force, const char *proc_root, int as_root)
{
	char src[PATH_MAX];
	int r;

	if (!as_root) {
		msg_info("not root: the kernel's symbols (kallsyms) are not saved, kernel addresses will be unknown");
		return 0;
	}
	snprintf(src, sizeof(src), "%s/kallsyms", proc_root);
	r = copy(dirfd, dir, "kallsyms", force, src, 1);
	if (r == 0)
		msg_warn("%s shows every address as 0 (kernel.kptr_restrict): not saved, kernel addresses will be unknown",
			 src);
	if (r <= 0)
		return 0;
	snprintf(src, sizeof(src), "%s/modules", proc_root);
	return 1 + (copy(dirfd, dir, "modules", force, src, 0) == 1);
}

/* FNV-1a, 64 bits */
static uint64_t hash_add(uint64_t h, const char *s)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

int symfiles_process(const char *proc_root, int pid, char **out, size_t *len, uint64_t *hash)
{
	char path[PATH_MAX], comm[64] = "", line[PATH_MAX + 256];
	FILE *f, *mem;
	size_t n;
	int lines = 0;

	*out = NULL;
	*len = 0;
	*hash = 14695981039346656037ull;
	snprintf(path, sizeof(path), "%s/%d/comm", proc_root, pid);
	f = fopen(path, "r");
	if (f) {
		if (fgets(comm, sizeof(comm), f))
			comm[strcspn(comm, "\n")] = '\0';
		fclose(f);
	}
	snprintf(path, sizeof(path), "%s/%d/maps", proc_root, pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	mem = open_memstream(out, &n);
	if (!mem) {
		fclose(f);
		return -1;
	}
	fprintf(mem, "pid %d %s\n", pid, comm);
	while (fgets(line, sizeof(line), f)) {
		const char *perms = strchr(line, ' ');

		/* only what code runs from; a line cut by the buffer is dropped */
		if (!perms || strlen(perms) < 5 || perms[3] != 'x' || !strchr(line, '\n'))
			continue;
		fputs(line, mem);
		*hash = hash_add(*hash, line);
		lines++;
	}
	fclose(f);
	if (fclose(mem) != 0)
		return -1;
	if (!lines) {
		free(*out);
		*out = NULL;
		return 0;
	}
	*len = n;
	return 0;
}

static int seen_cmp(const void *a, const void *b)
{
	const struct symfiles_pid *x = a, *y = b;

	return (x->pid > y->pid) - (x->pid < y->pid);
}

/*
 * A section: every process with executable mappings (@stop: only those
 * new since START or changed), @bound bytes at most.  0 or -1 (errno).
 */
static int section(struct symfiles *sf, int stop, uint64_t now_ns)
{
	size_t npids, i, used = 0, cap = 0;
	int *pids;

	if (procdir_numbers(sf->proc_root, &pids, &npids) < 0) {
		msg_warn("cannot read %s (%s): %s not saved, user addresses will be unknown",
			 sf->proc_root, strerror(errno), sf->maps_path);
		errno = 0;
		return -1;
	}
	fprintf(sf->maps, "@%s %llu\n", stop ? "STOP" : "START", (unsigned long long)now_ns);
	for (i = 0; i < npids; i++) {
		struct symfiles_pid key = { pids[i], 0 };
		uint64_t h;
		size_t len;
		char *b;

		if (symfiles_process(sf->proc_root, pids[i], &b, &len, &h) < 0) {
			free(pids);
			return -1;
		}
		if (!b)
			continue;
		if (stop) {
			const struct symfiles_pid *old = sf->nseen ? bsearch(&key, sf->seen, sf->nseen, sizeof(*sf->seen),
						  seen_cmp) : NULL;
			if (old && old->hash == h) {
				free(b);
				continue;
			}
		}
		if (used + len > sf->bound) {
			sf->omitted[stop]++;
			free(b);
			continue;
		}
		used += len;
		sf->written[stop]++;
		fwrite(b, 1, len, sf->maps);
		free(b);
		if (!stop) {
			if (sf->nseen == cap) {
				size_t ncap = cap ? 2 * cap : 256;
				struct symfiles_pid *ns = realloc(sf->seen, ncap * sizeof(*ns));

				if (!ns) {
					free(pids);
					return -1;
				}
				sf->seen = ns;
				cap = ncap;
			}
			/* in pid order: bsearch finds them at STOP */
			sf->seen[sf->nseen].pid = pids[i];
			sf->seen[sf->nseen].hash = h;
			sf->nseen++;
		}
	}
	free(pids);
	if (sf->omitted[stop]) {
		fprintf(sf->maps, "@OMITTED %lu\n", sf->omitted[stop]);
		msg_warn("%s: %lu processes left out of the %s mappings (the bound of %zu bytes): their user addresses will be unknown",
			 sf->maps_path, sf->omitted[stop], stop ? "STOP" : "START", sf->bound);
	}
	if (ferror(sf->maps)) {
		errno = errno ? errno : EIO;
		return -1;
	}
	return 0;
}

/* a failed file is removed: half of the mappings would name less than said */
static int failed(struct symfiles *sf)
{
	/* (errno 0: already said) */
	if (errno)
		msg_warn("cannot write %s (%s): not saved, user addresses will be unknown",
			 sf->maps_path, strerror(errno));
	fclose(sf->maps);
	sf->maps = NULL;
	unlinkat(sf->dirfd, "maps", 0);
	return -1;
}

int symfiles_start(struct symfiles *sf, int dirfd, const char *dir, int force,
		   const char *proc_root, size_t bound, uint64_t now_ns)
{
	memset(sf, 0, sizeof(*sf));
	sf->proc_root = proc_root;
	sf->bound = bound;
	sf->dirfd = dirfd;
	sf->maps = create(dirfd, dir, "maps", force, sf->maps_path, sizeof(sf->maps_path));
	if (!sf->maps)
		return -1;
	fputs("# LTT maps 1: the executable mappings of each process at START and at STOP (docs/stacks.md)\n",
	      sf->maps);
	errno = 0;
	if (section(sf, 0, now_ns) < 0 || fflush(sf->maps) != 0)
		return failed(sf);
	return 0;
}

int symfiles_stop(struct symfiles *sf, uint64_t now_ns)
{
	int r;

	if (!sf->maps)
		return -1;
	errno = 0;
	if (section(sf, 1, now_ns) < 0 || fflush(sf->maps) != 0 || fsync(fileno(sf->maps)) < 0)
		return failed(sf);
	r = fclose(sf->maps);
	sf->maps = NULL;
	if (r != 0) {
		msg_warn("cannot write %s (%s): user addresses may be unknown", sf->maps_path,
			 strerror(errno));
		return -1;
	}
	return 0;
}

void symfiles_free(struct symfiles *sf)
{
	if (sf->maps)
		fclose(sf->maps);
	sf->maps = NULL;
	free(sf->seen);
	sf->seen = NULL;
	sf->nseen = 0;
}
