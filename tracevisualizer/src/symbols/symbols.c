// SPDX-License-Identifier: GPL-2.0
/*
 * symbols.c - the names of a trace's addresses (lttr/symbols/symbols.h):
 * the trace directory's files read at open, the ELF files opened when an
 * address first needs them and kept, the warnings said once.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <ltt/ltt-abi.h>
#include <lttr/reader/event.h>
#include <lttr/reader/proc.h>
#include <lttr/symbols/kallsyms.h>
#include <lttr/symbols/maps.h>
#include <lttr/symbols/symbols.h>
#include "elfsyms.h"

/* an ELF file asked for: its symbols, or NULL when it could not be read */
struct elfent {
	char *path;		/* as in the maps */
	uint64_t inode;		/* as in the maps */
	struct elfsyms *e;
	struct elfent *next;	/* in its hash chain */
};

#define NBUCKETS 256

/*
 * what a process ran, from the trace's events (a process born and gone
 * between the START and STOP snapshots has no maps): an exec of @path, or
 * a fork from @parent (the same image, the parent's at that time)
 */
struct image {
	int32_t pid;
	int32_t parent;		/* fork: the parent; exec: -1 */
	uint64_t time_ns;
	char *path;		/* exec: the file; fork: NULL */
};

/* an executable mapping made or gone, from an mmap record (format 1.14) */
struct mnote {
	uint64_t time_ns;
	uint64_t start, end;	/* end exclusive; 0, 0 for LTT_MMAP_EXEC */
	uint64_t pgoff, inode;
	unsigned int kind;	/* LTT_MMAP_* */
	char *path;		/* LTT_MMAP_MAP: the file, "" when not known */
};

/* the mapping records of one process, in time order */
struct mproc {
	int32_t pid;
	struct mnote *v;
	size_t n, cap;
	uint64_t epoch;		/* exec, fork and mmap records noted */
};

/* thread @tid of process @tgid from @from_ns until @until_ns */
struct thread {
	int32_t tid;
	int32_t tgid;
	uint64_t from_ns;
	uint64_t until_ns;
};

struct lttr_syms {
	char *symfs;
	struct thread *thr;	/* sorted by tid, then from_ns */
	size_t nthr, thrcap;
	struct image *img;
	size_t nimg, imgcap;
	struct mproc *mp;	/* sorted by pid */
	size_t nmp, mpcap;
	uint64_t bad_mmap;	/* mmap records skipped */
	struct lttr_ktab k;
	int have_kallsyms;
	struct lttr_maps maps;
	int have_maps;
	struct elfent *bucket[NBUCKETS];
	char **warn;
	size_t nwarn;
	size_t warncap;
};

static void warn(struct lttr_syms *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void warn(struct lttr_syms *s, const char *fmt, ...)
{
	va_list ap;
	char *w;

	if (s->nwarn == s->warncap) {
		size_t nc = s->warncap ? 2 * s->warncap : 8;
		char **nw = realloc(s->warn, nc * sizeof(*nw));

		if (!nw)
			return;
		s->warn = nw;
		s->warncap = nc;
	}
	va_start(ap, fmt);
	if (vasprintf(&w, fmt, ap) >= 0)
		s->warn[s->nwarn++] = w;
	va_end(ap);
}

size_t lttr_syms_warning_count(const struct lttr_syms *s)
{
	return s->nwarn;
}

const char *lttr_syms_warning(const struct lttr_syms *s, size_t i)
{
	return i < s->nwarn ? s->warn[i] : NULL;
}

/*
 * the whole file @name of @dir, malloc'ed; NULL with errno set (ENOENT
 * when it is not there)
 */
static char *slurp(const char *dir, const char *name, size_t *len)
{
	char path[4096];
	size_t cap = 65536, n = 0;
	char *b = NULL;
	int fd;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path)) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	for (;;) {
		ssize_t r;

		if (!b || n == cap) {
			char *nb;

			cap = b ? 2 * cap : cap;
			nb = realloc(b, cap);
			if (!nb) {
				free(b);
				close(fd);
				errno = ENOMEM;
				return NULL;
			}
			b = nb;
		}
		r = read(fd, b + n, cap - n);
		if (r < 0) {
			int e = errno;

			free(b);
			close(fd);
			errno = e;
			return NULL;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	*len = n;
	return b;
}

/* the kernel's files; -1 when memory runs out */
static int read_kernel(struct lttr_syms *s, const char *dir)
{
	size_t len = 0;
	char *text = slurp(dir, "kallsyms", &len);
	int r;

	if (!text) {
		if (errno == ENOMEM)
			return -1;
		warn(s, "kallsyms: %s (traced saves it when it runs as root): kernel addresses are unknown",
		     errno == ENOENT ? "not in the trace" : strerror(errno));
		return 0;
	}
	r = lttr_kallsyms_parse(&s->k, text, len);
	free(text);
	if (r < 0)
		return -1;
	if (s->k.hidden)
		warn(s, "kallsyms: every address is 0 (hidden by kptr_restrict): kernel addresses are unknown");
	else if (!s->k.nsym)
		warn(s, "kallsyms: no symbol in the file: kernel addresses are unknown");
	s->have_kallsyms = s->k.nsym > 0;
	if (s->k.bad_sym_lines)
		warn(s, "kallsyms: %zu lines not understood (the first: line %zu), skipped",
		     s->k.bad_sym_lines, s->k.first_bad_sym_line);
	text = slurp(dir, "modules", &len);
	if (!text) {
		if (errno == ENOMEM)
			return -1;
		if (s->have_kallsyms)
			warn(s, "modules: %s: the extent of a module is its symbols' (an address past a module's last symbol is unknown)",
			     errno == ENOENT ? "not in the trace" : strerror(errno));
		return 0;
	}
	r = lttr_modules_parse(&s->k, text, len);
	free(text);
	if (r < 0)
		return -1;
	if (s->k.bad_mod_lines)
		warn(s, "modules: %zu lines not understood (the first: line %zu), skipped",
		     s->k.bad_mod_lines, s->k.first_bad_mod_line);
	return 0;
}

/* the mappings of @text (@len bytes), said when some are not understood */
static int take_maps(struct lttr_syms *s, const char *what, const char *text, size_t len)
{
	int k;

	if (lttr_maps_parse(&s->maps, text, len) < 0)
		return -1;
	s->have_maps = 1;
	if (s->maps.bad_lines) {
		if (s->maps.first_bad_line)
			warn(s, "%s: %zu lines or processes not understood (the first: line %zu), skipped: their addresses are unknown",
			     what, s->maps.bad_lines, s->maps.first_bad_line);
		else
			warn(s, "%s: %zu processes with overlapping mappings or given twice, skipped: their addresses are unknown",
			     what, s->maps.bad_lines);
	}
	for (k = 0; k < LTTR_MAPS_NSECT; k++) {
		if (s->maps.sect[k].omitted)
			warn(s, "%s: %llu processes left out of the %s snapshot (size bound): their addresses are unknown",
			     what, (unsigned long long)s->maps.sect[k].omitted,
			     k == LTTR_MAPS_START ? "START" : "STOP");
	}
	return 0;
}

static int read_maps(struct lttr_syms *s, const char *dir)
{
	size_t len = 0;
	char *text = slurp(dir, "maps", &len);
	int r;

	if (!text) {
		if (errno == ENOMEM)
			return -1;
		warn(s, "maps: %s: user addresses are unknown",
		     errno == ENOENT ? "not in the trace" : strerror(errno));
		return 0;
	}
	r = take_maps(s, "maps", text, len);
	free(text);
	if (r < 0)
		return -1;
	if (!s->maps.sect[LTTR_MAPS_START].present)
		warn(s, "maps: no @START section: user addresses are resolved from the STOP mappings alone");
	return 0;
}

/* NULL when @path is a directory, else why not */
static const char *not_dir(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return strerror(errno);
	return S_ISDIR(st.st_mode) ? NULL : "not a directory";
}

int lttr_symfs_check(const char *symfs, char *err, size_t errlen)
{
	const char *why = not_dir(symfs);

	if (!why)
		return 0;
	snprintf(err, errlen, "--symfs %s: %s", symfs, why);
	return -1;
}

/*
 * The threads of the process snapshot at START ("proc": a task whose
 * TGID is not its PID), for their stacks to resolve in their process's
 * mappings ("maps" is by process).  A trace without the file, or with bad
 * lines (the reader says so), has the threads it could read.  -1 when
 * memory runs out.
 */
static int read_threads(struct lttr_syms *s, const char *dir)
{
	char path[4096];
	struct lttr_proc *p = NULL;
	struct lttr_error e;
	size_t i;
	int ret = 0;

	if ((size_t)snprintf(path, sizeof(path), "%s/proc", dir) >= sizeof(path) ||
	    access(path, R_OK) < 0 || lttr_proc_load(path, LTTR_PROC_LENIENT, &p, &e) < 0)
		return 0;
	for (i = 0; i < p->ntasks && !ret; i++)
		if (p->tasks[i].tgid && p->tasks[i].tgid != p->tasks[i].pid)
			ret = lttr_syms_note_thread(s, (int32_t)p->tasks[i].pid,
						    (int32_t)p->tasks[i].tgid, 0);
	lttr_proc_free(p);
	return ret;
}

int lttr_syms_note_thread(struct lttr_syms *s, int32_t tid, int32_t tgid, uint64_t time_ns)
{
	size_t i;

	if (!s || tid == tgid)
		return 0;
	if (s->nthr == s->thrcap) {
		size_t nc = s->thrcap ? 2 * s->thrcap : 16;
		struct thread *n = realloc(s->thr, nc * sizeof(*n));

		if (!n)
			return -1;
		s->thr = n;
		s->thrcap = nc;
	}
	/* ends the tid's earlier life: a thread id is not reused while alive */
	for (i = s->nthr; i > 0 && (s->thr[i - 1].tid > tid ||
				    (s->thr[i - 1].tid == tid &&
				     s->thr[i - 1].from_ns > time_ns)); i--)
		;
	if (i > 0 && s->thr[i - 1].tid == tid && s->thr[i - 1].until_ns > time_ns)
		s->thr[i - 1].until_ns = time_ns;
	memmove(&s->thr[i + 1], &s->thr[i], (s->nthr - i) * sizeof(*s->thr));
	s->thr[i] = (struct thread){ tid, tgid, time_ns, UINT64_MAX };
	s->nthr++;
	return 0;
}

/* a new process @pid from @time_ns: no longer a thread of another */
static void thread_end(struct lttr_syms *s, int32_t pid, uint64_t time_ns)
{
	size_t i;

	for (i = 0; i < s->nthr; i++)
		if (s->thr[i].tid == pid && s->thr[i].from_ns <= time_ns &&
		    s->thr[i].until_ns > time_ns)
			s->thr[i].until_ns = time_ns;
}

/* the process whose address space thread @pid used at @at_ns */
static int32_t process_of(const struct lttr_syms *s, int32_t pid, uint64_t at_ns)
{
	size_t lo = 0, hi = s->nthr;
	const struct thread *last = NULL;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->thr[mid].tid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < s->nthr && s->thr[lo].tid == pid; lo++) {
		const struct thread *t = &s->thr[lo];

		if (at_ns == LTTR_SYMS_NO_TIME)
			last = t;
		else if (t->from_ns <= at_ns && at_ns < t->until_ns)
			return t->tgid;
	}
	return last && last->until_ns == UINT64_MAX ? last->tgid : pid;
}

static struct lttr_syms *open_dir(const char *trace_dir, const char *symfs, int kernel_only,
				  char *err, size_t errlen)
{
	struct lttr_syms *s;
	const char *why;

	if (symfs && lttr_symfs_check(symfs, err, errlen) < 0)
		return NULL;
	if ((why = not_dir(trace_dir)) != NULL) {
		snprintf(err, errlen, "%s: %s", trace_dir, why);
		return NULL;
	}
	s = calloc(1, sizeof(*s));
	if (!s || (symfs && !(s->symfs = strdup(symfs))) || read_kernel(s, trace_dir) < 0 ||
	    (!kernel_only && (read_maps(s, trace_dir) < 0 || read_threads(s, trace_dir) < 0))) {
		snprintf(err, errlen, "%s: out of memory reading its symbols", trace_dir);
		lttr_syms_close(s);
		return NULL;
	}
	return s;
}

struct lttr_syms *lttr_syms_open(const char *trace_dir, const char *symfs, char *err,
				 size_t errlen)
{
	return open_dir(trace_dir, symfs, 0, err, errlen);
}

struct lttr_syms *lttr_syms_open_kernel(const char *dir, const char *symfs, char *err,
					size_t errlen)
{
	return open_dir(dir, symfs, 1, err, errlen);
}

int lttr_syms_set_maps(struct lttr_syms *s, const char *what, const char *text, size_t len)
{
	lttr_maps_free(&s->maps);
	memset(&s->maps, 0, sizeof(s->maps));
	s->have_maps = 0;
	return take_maps(s, what, text, len);
}

static unsigned int hash(const char *p)
{
	unsigned int h = 2166136261u;

	for (; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	return h % NBUCKETS;
}

/*
 * the symbols of @path (a path of the traced system) that was mapped
 * from inode @inode, opened once; NULL: none (said once).  A file deleted
 * while it was mapped is never read, nor, without --symfs, a file at its
 * path whose inode is another: what is there now is another file.
 */
static struct elfsyms *elf_for(struct lttr_syms *s, const char *path, uint64_t inode, int gone)
{
	unsigned int h = hash(path);
	struct elfent *e;
	char file[4096], why[256];
	struct stat st;

	for (e = s->bucket[h]; e; e = e->next) {
		if (e->inode == inode && !strcmp(e->path, path))
			return e->e;
	}
	e = calloc(1, sizeof(*e));
	if (!e)
		return NULL;
	e->path = strdup(path);
	if (!e->path) {
		free(e);
		return NULL;
	}
	e->inode = inode;
	if (gone) {
		warn(s, "%s: deleted while it was mapped: its addresses are unknown", path);
	} else if (!s->symfs && inode && stat(path, &st) == 0 && (uint64_t)st.st_ino != inode) {
		/* (under --symfs the files are copies: their inodes are others) */
		warn(s, "%s: not the file that was mapped (inode %llu, traced saw %llu: replaced since?): its addresses are unknown (--symfs reads a copy of the traced system's files)",
		     path, (unsigned long long)st.st_ino, (unsigned long long)inode);
	} else if ((size_t)snprintf(file, sizeof(file), "%s%s", s->symfs ? s->symfs : "",
				    path) >= sizeof(file)) {
		warn(s, "%s: path too long: its addresses are unknown", path);
	} else {
		e->e = elfsyms_load(file, why, sizeof(why));
		if (!e->e)
			warn(s, "%s: cannot read its symbols (%s): its addresses are unknown", file,
			     why);
	}
	e->next = s->bucket[h];
	s->bucket[h] = e;
	return e->e;
}

static int unknown(char *buf, size_t len)
{
	snprintf(buf, len, "[unknown]");
	return LTTR_SYM_UNKNOWN;
}

static const char deleted[] = " (deleted)";

/* the name of @addr in the mapping @m */
static int resolve_in(struct lttr_syms *s, const struct lttr_map *m, uint64_t addr, char *buf,
		      size_t len)
{
	size_t n = strlen(m->path);
	struct elfsyms *e;
	int gone;

	/* anonymous, [heap], [vdso], ...: no file to read */
	if (m->path[0] != '/')
		return unknown(buf, len);
	/* the file that was mapped is gone: the one at its path is another */
	gone = n >= sizeof(deleted) - 1 && !strcmp(m->path + n - (sizeof(deleted) - 1), deleted);
	e = elf_for(s, m->path, m->inode, gone);
	if (!e)
		return unknown(buf, len);
	return elfsyms_lookup(e, m->pgoff + (addr - m->start), m->path, buf, len);
}

static int same_map(const struct lttr_map *a, const struct lttr_map *b)
{
	return a->start == b->start && a->end == b->end && a->pgoff == b->pgoff &&
		a->inode == b->inode && !strcmp(a->path, b->path);
}

static struct mproc *mproc_of(struct lttr_syms *s, int32_t pid, int add);

static int add_image(struct lttr_syms *s, int32_t pid, int32_t parent, uint64_t time_ns,
		     const char *path, size_t plen)
{
	struct mproc *p = mproc_of(s, pid, 1);
	struct image *im;

	if (!p)
		return -1;
	p->epoch++;

	if (s->nimg == s->imgcap) {
		size_t nc = s->imgcap ? 2 * s->imgcap : 64;

		im = realloc(s->img, nc * sizeof(*im));
		if (!im)
			return -1;
		s->img = im;
		s->imgcap = nc;
	}
	im = &s->img[s->nimg];
	im->pid = pid;
	im->parent = parent;
	im->time_ns = time_ns;
	im->path = NULL;
	if (path) {
		im->path = strndup(path, plen);
		if (!im->path)
			return -1;
	}
	s->nimg++;
	return 0;
}

int lttr_syms_note_exec(struct lttr_syms *s, int32_t pid, uint64_t time_ns, const char *path,
			size_t len)
{
	/* a name without a directory cannot be found: not kept */
	if (!s || !len || path[0] != '/' || memchr(path, '\0', len) != NULL)
		return 0;
	return add_image(s, pid, -1, time_ns, path, len);
}

int lttr_syms_note_fork(struct lttr_syms *s, int32_t parent, int32_t child, uint64_t time_ns)
{
	if (!s || parent == child)
		return 0;
	thread_end(s, child, time_ns);
	return add_image(s, child, parent, time_ns, NULL, 0);
}

/* the mapping records of @pid, or NULL; with @add, made when missing */
static struct mproc *mproc_of(struct lttr_syms *s, int32_t pid, int add)
{
	size_t lo = 0, hi = s->nmp;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->mp[mid].pid == pid)
			return &s->mp[mid];
		if (s->mp[mid].pid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!add)
		return NULL;
	if (s->nmp == s->mpcap) {
		size_t nc = s->mpcap ? 2 * s->mpcap : 16;
		struct mproc *n = realloc(s->mp, nc * sizeof(*n));

		if (!n)
			return NULL;
		s->mp = n;
		s->mpcap = nc;
	}
	memmove(&s->mp[lo + 1], &s->mp[lo], (s->nmp - lo) * sizeof(*s->mp));
	memset(&s->mp[lo], 0, sizeof(*s->mp));
	s->mp[lo].pid = pid;
	s->nmp++;
	return &s->mp[lo];
}

int lttr_syms_note_mmap(struct lttr_syms *s, int32_t pid, uint64_t time_ns, unsigned int kind,
			uint64_t start, uint64_t len, uint64_t pgoff, uint64_t inode,
			const char *path, size_t plen)
{
	struct mproc *p;
	struct mnote *n;

	if (!s)
		return 0;
	if ((kind != LTT_MMAP_MAP && kind != LTT_MMAP_UNMAP && kind != LTT_MMAP_EXEC) ||
	    (kind != LTT_MMAP_EXEC && (!len || start + len < start))) {
		if (!s->bad_mmap++)
			warn(s, "mmap records not understood (an unknown kind, no length or past the end of the address space; the first at %llu ns of process %d): skipped",
			     (unsigned long long)time_ns, (int)pid);
		return 0;
	}
	p = mproc_of(s, pid, 1);
	if (!p)
		return -1;
	p->epoch++;
	if (p->n == p->cap) {
		size_t nc = p->cap ? 2 * p->cap : 8;
		struct mnote *nv = realloc(p->v, nc * sizeof(*nv));

		if (!nv)
			return -1;
		p->v = nv;
		p->cap = nc;
	}
	n = &p->v[p->n];
	memset(n, 0, sizeof(*n));
	n->time_ns = time_ns;
	n->kind = kind;
	if (kind != LTT_MMAP_EXEC) {
		n->start = start;
		n->end = start + len;
	}
	if (kind == LTT_MMAP_MAP) {
		n->pgoff = pgoff;
		n->inode = inode;
		/* a path holding a NUL is none: the record is damaged */
		if (!path || memchr(path, '\0', plen))
			plen = 0;
		n->path = strndup(plen ? path : "", plen);
		if (!n->path)
			return -1;
	}
	p->n++;
	return 0;
}

uint64_t lttr_syms_epoch(struct lttr_syms *s, int32_t pid)
{
	const struct mproc *p = s ? mproc_of(s, pid, 0) : NULL;

	return p ? p->epoch : 0;
}

int lttr_syms_note_event(struct lttr_syms *s, const struct lttr_event *ev)
{
	if (!s || !ev->details)
		return 0;
	switch (ev->id) {
	case LTT_EV_PROCESS_EXEC:
		return lttr_syms_note_exec(s, (int32_t)ev->p.exec.pid, ev->time_ns,
					   ev->var ? ev->var : "",
					   ev->var ? strnlen(ev->var, ev->var_len) : 0);
	case LTT_EV_PROCESS_FORK:
		/* a thread runs in its process's address space */
		if ((ev->p.fork.flags & LTT_FORK_THREAD) && ev->p.fork.child_tgid &&
		    ev->p.fork.child_tgid != ev->p.fork.child_pid)
			return lttr_syms_note_thread(s, (int32_t)ev->p.fork.child_pid,
						     (int32_t)ev->p.fork.child_tgid, ev->time_ns);
		return lttr_syms_note_fork(s, (int32_t)ev->p.fork.parent_pid,
					   (int32_t)ev->p.fork.child_pid, ev->time_ns);
	case LTT_EV_MMAP:
		return lttr_syms_note_mmap(s, (int32_t)ev->p.mmap.pid, ev->time_ns,
					   ev->p.mmap.kind, ev->p.mmap.start, ev->p.mmap.len,
					   ev->p.mmap.pgoff, ev->p.mmap.ino,
					   ev->var, ev->var ? strnlen(ev->var, ev->var_len) : 0);
	default:
		return 0;
	}
}

/* the newest image of @pid at @at_ns (any with LTTR_SYMS_NO_TIME), or NULL */
static const struct image *image_at(const struct lttr_syms *s, int32_t pid, uint64_t at_ns)
{
	const struct image *best = NULL;
	size_t i;

	for (i = 0; i < s->nimg; i++) {
		const struct image *im = &s->img[i];

		if (im->pid == pid && im->time_ns <= at_ns &&
		    (!best || im->time_ns >= best->time_ns))
			best = im;
	}
	return best;
}

/*
 * @addr of a process with no mapping in the snapshots: through what the
 * trace saw it run, an exec'd ET_EXEC file (its addresses are the
 * file's), or its parent's image at the fork (at most @depth forks up)
 */
static int resolve_image(struct lttr_syms *s, int32_t pid, uint64_t addr, uint64_t at_ns,
			 char *buf, size_t len, int depth);

/*
 * What the mapping records say of @addr in @pid at @at_ns: 1 with *@m
 * the mapping (its path in the record), 0 when they say it is not mapped
 * (unmapped, or not mapped again since an exec), -1 when they say
 * nothing (the mapping came before the trace: the snapshots tell).  A
 * process with no record since it was forked has its parent's mappings
 * at the fork (at most @depth forks up).
 */
static int note_find(const struct lttr_syms *s, int32_t pid, uint64_t addr, uint64_t at_ns,
		     struct lttr_map *m, int depth)
{
	const struct mproc *p = mproc_of((struct lttr_syms *)s, pid, 0);
	const struct image *im;
	size_t i;

	for (i = p ? p->n : 0; i-- > 0;) {
		const struct mnote *n = &p->v[i];

		if (n->time_ns > at_ns)
			continue;
		if (n->kind == LTT_MMAP_EXEC)
			return 0;
		if (addr < n->start || addr >= n->end)
			continue;
		if (n->kind == LTT_MMAP_UNMAP)
			return 0;
		memset(m, 0, sizeof(*m));
		m->start = n->start;
		m->end = n->end;
		m->pgoff = n->pgoff;
		m->inode = n->inode;
		memcpy(m->perms, "r-xp", 5);
		m->path = n->path;
		return 1;
	}
	im = image_at(s, pid, at_ns);
	if (im && !im->path && depth > 0)
		return note_find(s, im->parent, addr, im->time_ns, m, depth - 1);
	return -1;
}

static int resolve_user(struct lttr_syms *s, int32_t pid, uint64_t addr, uint64_t at_ns,
			char *buf, size_t len, int depth)
{
	const struct lttr_map *a = NULL, *b = NULL;
	const struct image *im = image_at(s, pid, at_ns);
	struct lttr_map nm;
	char other[512];
	int ra, rb;

	/* the trace's own mapping records first: they know when */
	switch (note_find(s, pid, addr, at_ns, &nm, depth)) {
	case 1:
		return resolve_in(s, &nm, addr, buf, len);
	case 0:
		return unknown(buf, len);
	default:
		break;
	}

	/*
	 * The START snapshot mapped the image the process had before any
	 * exec or fork the trace saw; the STOP one, its last image.
	 */
	if (s->have_maps) {
		if (!im)
			a = lttr_maps_find(&s->maps, LTTR_MAPS_START, pid, addr);
		if (im == image_at(s, pid, LTTR_SYMS_NO_TIME))
			b = lttr_maps_find(&s->maps, LTTR_MAPS_STOP, pid, addr);
	}
	if (!a && !b)
		return resolve_image(s, pid, addr, at_ns, buf, len, depth);
	if (!b || (a && same_map(a, b)))
		return resolve_in(s, a, addr, buf, len);
	if (!a)
		return resolve_in(s, b, addr, buf, len);
	/*
	 * mapped at START and at STOP, differently: before the START
	 * snapshot it was the first, after the STOP one the second; in
	 * between the change happened at a time the trace does not hold,
	 * and the name is known only when both give the same
	 */
	if (at_ns != LTTR_SYMS_NO_TIME && at_ns <= s->maps.sect[LTTR_MAPS_START].time_ns)
		return resolve_in(s, a, addr, buf, len);
	if (at_ns != LTTR_SYMS_NO_TIME && at_ns >= s->maps.sect[LTTR_MAPS_STOP].time_ns)
		return resolve_in(s, b, addr, buf, len);
	ra = resolve_in(s, a, addr, buf, len);
	rb = resolve_in(s, b, addr, other, sizeof(other));
	if (ra == rb && !strcmp(buf, other))
		return ra;
	return unknown(buf, len);
}

static int resolve_image(struct lttr_syms *s, int32_t pid, uint64_t addr, uint64_t at_ns,
			 char *buf, size_t len, int depth)
{
	const struct image *im = image_at(s, pid, at_ns);
	struct elfsyms *e;
	uint64_t off;

	if (!im)
		return unknown(buf, len);
	if (!im->path)
		return depth > 0 ? resolve_user(s, im->parent, addr, im->time_ns, buf, len,
						depth - 1) : unknown(buf, len);
	e = elf_for(s, im->path, 0, 0);
	if (!e || !elfsyms_exec_offset(e, addr, &off))
		return unknown(buf, len);
	return elfsyms_lookup(e, off, im->path, buf, len);
}

int lttr_syms_resolve(struct lttr_syms *s, int32_t pid, uint64_t addr, uint64_t at_ns,
		      int kernel, char *buf, size_t len)
{
	if (kernel)
		return s->have_kallsyms ? lttr_ktab_lookup(&s->k, addr, buf, len) :
			unknown(buf, len);
	return resolve_user(s, process_of(s, pid, at_ns), addr, at_ns, buf, len, 64);
}

void lttr_syms_close(struct lttr_syms *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < NBUCKETS; i++) {
		struct elfent *e = s->bucket[i], *next;

		for (; e; e = next) {
			next = e->next;
			elfsyms_free(e->e);
			free(e->path);
			free(e);
		}
	}
	for (i = 0; i < s->nwarn; i++)
		free(s->warn[i]);
	free(s->warn);
	free(s->thr);
	for (i = 0; i < s->nimg; i++)
		free(s->img[i].path);
	free(s->img);
	for (i = 0; i < s->nmp; i++) {
		size_t j;

		for (j = 0; j < s->mp[i].n; j++)
			free(s->mp[i].v[j].path);
		free(s->mp[i].v);
	}
	free(s->mp);
	lttr_ktab_free(&s->k);
	lttr_maps_free(&s->maps);
	free(s->symfs);
	free(s);
}

