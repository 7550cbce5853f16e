// SPDX-License-Identifier: GPL-2.0
/*
 * gen-stacks.c - the call stacks of gen-big --stacks (gen-stacks.h).
 *
 * The kernel is synthetic: GS_KSYMS functions of 256 bytes from
 * GS_KBASE, as many as a distribution kernel's kallsyms has, the first
 * ones named as the functions a blocking task and a waker go through.
 * A stack is one of GS_SITES call sites, each a kernel chain and a user
 * chain drawn once (a fixed seed): off-CPU kernel chains of 10 to 20
 * frames (the tracer's call site, __schedule, schedule, a wait, the
 * calls between, the system call's entry), wakeup chains likewise from
 * try_to_wake_up, user chains of 5 to 15 frames (a library function,
 * the program's functions, its main and entry).  Each task blocks and
 * wakes from GS_TASK_SITES sites of its own, chosen by the record's
 * number: a few hundred distinct stacks in all, a few dozen per task.
 * The user frames are return addresses inside the function symbols
 * (with a size) of the ELF files given, mapped as a program at a PIE
 * base and a library in the mmap area.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include "gen-stacks.h"

#define GS_KSYMS	120000		/* kernel functions in kallsyms */
#define GS_KBASE	0xffffffff81000000ULL
#define GS_KSIZE	0x100ULL
#define GS_OFF_CHAINS	160		/* kernel chains of switch-outs */
#define GS_WAKE_CHAINS	64		/* kernel chains of wakeups */
#define GS_USER_CHAINS	96
#define GS_SITES	320		/* 224 off-CPU, 96 wakeup */
#define GS_OFF_SITES	224
#define GS_TASK_SITES	40
#define GS_PIDS		4096		/* tasks whose state is followed */
#define GS_PROG_BASE	0x555555554000ULL	/* a PIE program's */
#define GS_LIB_BASE	0x7f3c12200000ULL	/* a library's */

/* the kernel functions with a role, then kfunc_NNNNNN */
static const char *const kroles[] = {
	"__ltt_trace_schedchange", "__schedule", "schedule",		/* 0-2 */
	"entry_SYSCALL_64_after_hwframe", "do_syscall_64",		/* 3-4 */
	"__ltt_trace_wakeup", "try_to_wake_up",			/* 5-6 */
	/* waits (7-16) */
	"schedule_hrtimeout_range_clock", "schedule_timeout", "io_schedule",
	"futex_wait_queue", "pipe_read", "do_epoll_wait", "do_select",
	"unix_stream_read_generic", "wait_woken", "do_nanosleep",
	/* wakers (17-24) */
	"__wake_up_common", "wake_up_q", "pipe_write", "futex_wake", "ep_poll_callback",
	"sock_def_readable", "hrtimer_wakeup", "complete",
};
#define KR_WAIT0	7
#define KR_NWAIT	10
#define KR_WAKE0	17
#define KR_NWAKE	8

struct elfimg {
	char path[PATH_MAX];
	uint64_t ino;
	unsigned int maj, min;
	uint64_t start, end, pgoff;	/* its executable mapping */
	uint64_t *fn;			/* function addresses in the mapping */
	uint64_t *fnsize;
	size_t nfn;
	uint64_t main_fn, start_fn;	/* main and _start, or 0 */
};

struct chain {
	uint8_t n;
	uint64_t a[LTT_STACK_DEPTH_MAX];
};

struct gen_stacks {
	struct elfimg img[GS_ELF_MAX];
	unsigned int nimg;
	struct chain kc[GS_OFF_CHAINS + GS_WAKE_CHAINS];
	struct chain uc[GS_USER_CHAINS];
	uint16_t site_k[GS_SITES], site_u[GS_SITES];
	uint8_t blocked[GS_PIDS];
	uint64_t records, wakeups;
};

static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static uint64_t rnd(uint64_t *state)
{
	*state = mix(*state);
	return *state;
}

/* a return address inside kernel function @k */
static uint64_t kaddr(unsigned int k, uint64_t r)
{
	return GS_KBASE + k * GS_KSIZE + 5 + r % (GS_KSIZE - 16);
}

/* a return address inside the function @i of @img */
static uint64_t uaddr(const struct elfimg *img, size_t i, uint64_t r)
{
	uint64_t size = img->fnsize[i];

	return img->fn[i] + (size > 8 ? 5 + r % (size - 8) : 0);
}

static int fn_cmp(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

/* the executable segment and function symbols of ELF file @path */
static int load_elf(struct elfimg *img, const char *path)
{
	GElf_Ehdr eh;
	GElf_Phdr ph, x = { 0 };
	Elf_Scn *scn = NULL;
	struct stat st;
	uint64_t *v = NULL;
	size_t nph, i, n = 0, cap = 0;
	int fd, have_symtab = 0;
	Elf *elf;

	if (!realpath(path, img->path) || stat(img->path, &st) < 0) {
		fprintf(stderr, "gen-big: %s: %s\n", path, strerror(errno));
		return -1;
	}
	img->ino = (uint64_t)st.st_ino;
	img->maj = major(st.st_dev);
	img->min = minor(st.st_dev);
	elf_version(EV_CURRENT);
	fd = open(img->path, O_RDONLY);
	elf = fd < 0 ? NULL : elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || !gelf_getehdr(elf, &eh) || elf_getphdrnum(elf, &nph)) {
		fprintf(stderr, "gen-big: %s: not an ELF file\n", path);
		goto bad;
	}
	for (i = 0; i < nph; i++)
		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD && (ph.p_flags & PF_X)) {
			x = ph;
			break;
		}
	if (!x.p_filesz || (x.p_vaddr & 0xfff) != (x.p_offset & 0xfff)) {
		fprintf(stderr, "gen-big: %s: no executable segment\n", path);
		goto bad;
	}
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB)
			have_symtab = 1;
	}
	/* the functions (with a size) of .symtab, else of .dynsym (stripped) */
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		Elf_Data *d;
		size_t k, ns;

		if (!gelf_getshdr(scn, &sh) ||
		    sh.sh_type != (have_symtab ? SHT_SYMTAB : SHT_DYNSYM) ||
		    !sh.sh_entsize || !(d = elf_getdata(scn, NULL)))
			continue;
		ns = sh.sh_size / sh.sh_entsize;
		for (k = 0; k < ns; k++) {
			GElf_Sym sym;
			const char *name;

			if (!gelf_getsym(d, (int)k, &sym) ||
			    GELF_ST_TYPE(sym.st_info) != STT_FUNC || sym.st_size < 16 ||
			    sym.st_value < x.p_vaddr ||
			    sym.st_value + sym.st_size > x.p_vaddr + x.p_filesz)
				continue;
			if (n + 1 > cap) {
				uint64_t *t;

				cap = cap ? 2 * cap : 1024;
				t = realloc(v, 2 * cap * sizeof(*v));
				if (!t)
					goto bad;
				v = t;
			}
			v[2 * n] = sym.st_value;
			v[2 * n + 1] = sym.st_size;
			name = elf_strptr(elf, sh.sh_link, sym.st_name);
			if (name && !strcmp(name, "main"))
				img->main_fn = sym.st_value;
			if (name && !strcmp(name, "_start"))
				img->start_fn = sym.st_value;
			n++;
		}
	}
	if (n < 16) {
		fprintf(stderr, "gen-big: %s: fewer than 16 function symbols\n", path);
		goto bad;
	}
	qsort(v, n, 2 * sizeof(*v), fn_cmp);
	img->fn = malloc(n * sizeof(*img->fn));
	img->fnsize = malloc(n * sizeof(*img->fnsize));
	if (!img->fn || !img->fnsize)
		goto bad;
	for (i = 0; i < n; i++) {
		if (img->nfn && img->fn[img->nfn - 1] == v[2 * i])
			continue;	/* aliases: one function */
		img->fn[img->nfn] = v[2 * i];
		img->fnsize[img->nfn++] = v[2 * i + 1];
	}
	img->pgoff = x.p_offset & ~0xfffULL;
	img->start = x.p_vaddr & ~0xfffULL;
	img->end = (x.p_vaddr + x.p_filesz + 0xfff) & ~0xfffULL;
	free(v);
	elf_end(elf);
	close(fd);
	return eh.e_type == ET_DYN ? 1 : 0;
bad:
	free(v);
	if (elf)
		elf_end(elf);
	if (fd >= 0)
		close(fd);
	return -1;
}

/* ET_DYN images move to @base, where a loader would put them */
static void relocate(struct elfimg *img, uint64_t base)
{
	size_t i;

	img->start += base;
	img->end += base;
	for (i = 0; i < img->nfn; i++)
		img->fn[i] += base;
	if (img->main_fn)
		img->main_fn += base;
	if (img->start_fn)
		img->start_fn += base;
}

/* the index of function @addr of @img (main, _start), else a drawn one */
static size_t fn_index(const struct elfimg *img, uint64_t addr, uint64_t r)
{
	size_t lo = 0, hi = img->nfn;

	while (addr && lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (img->fn[mid] == addr)
			return mid;
		if (img->fn[mid] < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (size_t)(r % img->nfn);
}

/* a kernel function without a role, drawn */
static unsigned int kfiller(uint64_t r)
{
	const unsigned int nroles = sizeof(kroles) / sizeof(kroles[0]);

	return nroles + (unsigned int)(r % (GS_KSYMS - nroles));
}

/* kernel chain @c, innermost first: off-CPU (@wake 0) or of a waker */
static void kchain(struct chain *c, int wake, uint64_t *st)
{
	unsigned int depth = 10 + (unsigned int)(rnd(st) % 11), n = 0;

	if (!wake) {
		c->a[n++] = kaddr(0, rnd(st));
		c->a[n++] = kaddr(1, rnd(st));
		c->a[n++] = kaddr(2, rnd(st));
		c->a[n++] = kaddr(KR_WAIT0 + (unsigned int)(rnd(st) % KR_NWAIT), rnd(st));
	} else {
		c->a[n++] = kaddr(5, rnd(st));
		c->a[n++] = kaddr(6, rnd(st));
		c->a[n++] = kaddr(KR_WAKE0 + (unsigned int)(rnd(st) % KR_NWAKE), rnd(st));
	}
	while (n < depth - 2) {
		unsigned int k = kfiller(rnd(st));

		c->a[n++] = kaddr(k, rnd(st));
	}
	c->a[n++] = kaddr(4, rnd(st));
	c->a[n++] = kaddr(3, rnd(st));
	c->n = (uint8_t)n;
}

/*
 * user chain @c, innermost first: where the task entered the kernel (a
 * library function), the program's functions, its main and its entry;
 * without ELF files, addresses in the program's and library's usual areas
 */
static void uchain(struct gen_stacks *gs, struct chain *c, uint64_t *st)
{
	unsigned int depth = 5 + (unsigned int)(rnd(st) % 11), n = 0;
	const struct elfimg *prog = gs->nimg ? &gs->img[0] : NULL;
	const struct elfimg *lib = gs->nimg ? &gs->img[gs->nimg - 1] : NULL;

	if (lib)
		c->a[n++] = uaddr(lib, (size_t)(rnd(st) % 24 * 97 % lib->nfn), rnd(st));
	else
		c->a[n++] = GS_LIB_BASE + 0x28000 + rnd(st) % 0x100000;
	while (n < depth - 2) {
		if (prog)
			c->a[n++] = uaddr(prog, (size_t)(rnd(st) % prog->nfn), rnd(st));
		else
			c->a[n++] = GS_PROG_BASE + 0x1000 + rnd(st) % 0x100000;
	}
	if (prog) {
		c->a[n++] = uaddr(prog, fn_index(prog, prog->main_fn, rnd(st)), rnd(st));
		c->a[n++] = uaddr(prog, fn_index(prog, prog->start_fn, rnd(st)), rnd(st));
	} else {
		c->a[n++] = GS_PROG_BASE + 0x1200;
		c->a[n++] = GS_PROG_BASE + 0x1040;
	}
	c->n = (uint8_t)n;
}

void gs_header(struct ltt_trace_header *h)
{
	h->mask.bits[LTT_EV_STACK / 64] |= 1ULL << (LTT_EV_STACK % 64);
	h->mask.bits[LTT_EV_PROCESS_WAKEUP / 64] |= 1ULL << (LTT_EV_PROCESS_WAKEUP % 64);
	h->stacks.events.bits[LTT_EV_SCHEDCHANGE / 64] |= 1ULL << (LTT_EV_SCHEDCHANGE % 64);
	h->stacks.events.bits[LTT_EV_PROCESS_WAKEUP / 64] |=
		1ULL << (LTT_EV_PROCESS_WAKEUP % 64);
	h->stacks.kernel_depth = LTT_STACK_KERNEL_DEPTH;
	h->stacks.user_depth = LTT_STACK_USER_DEPTH;
}

struct gen_stacks *gs_new(const char *const *elf, unsigned int nelf)
{
	struct gen_stacks *gs = calloc(1, sizeof(*gs));
	uint64_t st = 28;	/* the seed: the same stacks every run */
	unsigned int i;

	if (!gs)
		return NULL;
	for (i = 0; i < nelf && i < GS_ELF_MAX; i++) {
		int dyn = load_elf(&gs->img[i], elf[i]);

		if (dyn < 0) {
			gs_free(gs);
			return NULL;
		}
		gs->nimg++;
		if (dyn)
			relocate(&gs->img[i], i == 0 ? GS_PROG_BASE : GS_LIB_BASE);
	}
	if (gs->nimg == 2 && gs->img[0].end > gs->img[1].start &&
	    gs->img[1].end > gs->img[0].start) {
		fprintf(stderr, "gen-big: %s and %s overlap (two programs not built PIE?)\n",
			gs->img[0].path, gs->img[1].path);
		gs_free(gs);
		return NULL;
	}
	for (i = 0; i < GS_OFF_CHAINS + GS_WAKE_CHAINS; i++)
		kchain(&gs->kc[i], i >= GS_OFF_CHAINS, &st);
	for (i = 0; i < GS_USER_CHAINS; i++)
		uchain(gs, &gs->uc[i], &st);
	for (i = 0; i < GS_SITES; i++) {
		gs->site_k[i] = (uint16_t)(i < GS_OFF_SITES ? rnd(&st) % GS_OFF_CHAINS :
					   GS_OFF_CHAINS + rnd(&st) % GS_WAKE_CHAINS);
		gs->site_u[i] = (uint16_t)(rnd(&st) % GS_USER_CHAINS);
	}
	return gs;
}

size_t gs_stack(struct gen_stacks *gs, uint32_t pid, unsigned int of_id, uint64_t i,
		uint8_t *rec)
{
	const int wake = of_id == LTT_EV_PROCESS_WAKEUP;
	const unsigned int nsites = wake ? GS_SITES - GS_OFF_SITES : GS_OFF_SITES;
	unsigned int site = (unsigned int)((pid * 37ULL + mix(i) % GS_TASK_SITES) % nsites) +
		(wake ? GS_OFF_SITES : 0);
	const struct chain *k = &gs->kc[gs->site_k[site]], *u = &gs->uc[gs->site_u[site]];
	struct ltt_ev_stack e = { pid, (uint8_t)of_id, 0, k->n, u->n };

	memcpy(rec, &e, sizeof(e));
	memcpy(rec + sizeof(e), k->a, 8 * (size_t)k->n);
	memcpy(rec + sizeof(e) + 8 * (size_t)k->n, u->a, 8 * (size_t)u->n);
	gs->records++;
	if (wake)
		gs->wakeups++;
	return sizeof(e) + 8 * ((size_t)k->n + u->n);
}

int gs_blocked(const struct gen_stacks *gs, uint32_t pid)
{
	return pid < GS_PIDS && gs->blocked[pid];
}

void gs_set_blocked(struct gen_stacks *gs, uint32_t pid, int blocked)
{
	if (pid < GS_PIDS)
		gs->blocked[pid] = (uint8_t)blocked;
}

static FILE *open_in(const char *dir, const char *name)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		perror(path);
	return f;
}

static int close_file(FILE *f, const char *dir, const char *name)
{
	if (fclose(f)) {
		fprintf(stderr, "gen-big: %s/%s: %s\n", dir, name, strerror(errno));
		return -1;
	}
	return 0;
}

/* @img's mapping, a line of /proc/PID/maps */
static void map_line(FILE *f, const struct elfimg *img)
{
	fprintf(f, "%" PRIx64 "-%" PRIx64 " r-xp %08" PRIx64 " %02x:%02x %" PRIu64 " %s\n",
		img->start, img->end, img->pgoff, img->maj, img->min, img->ino, img->path);
}

int gs_write_files(const struct gen_stacks *gs, const char *dir, uint64_t start_ns,
		   uint64_t end_ns, unsigned int ncpus)
{
	const unsigned int nroles = sizeof(kroles) / sizeof(kroles[0]);
	unsigned int k, cpu, a;
	FILE *f;

	f = open_in(dir, "kallsyms");
	if (!f)
		return -1;
	for (k = 0; k < GS_KSYMS; k++) {
		if (k < nroles)
			fprintf(f, "%016llx T %s\n",
				(unsigned long long)(GS_KBASE + k * GS_KSIZE), kroles[k]);
		else
			fprintf(f, "%016llx %c kfunc_%06u\n",
				(unsigned long long)(GS_KBASE + k * GS_KSIZE), k % 3 ? 't' : 'T', k);
	}
	fprintf(f, "%016llx T _etext\n", (unsigned long long)(GS_KBASE + k * GS_KSIZE));
	if (close_file(f, dir, "kallsyms"))
		return -1;
	f = open_in(dir, "modules");
	if (!f || close_file(f, dir, "modules"))
		return -1;
	if (!gs->nimg)
		return 0;
	f = open_in(dir, "maps");
	if (!f)
		return -1;
	fprintf(f, "# LTT maps 1: the executable mappings of each process at START and at STOP (docs/stacks.md)\n");
	fprintf(f, "@START %" PRIu64 "\n", start_ns);
	/* the tasks of gen-big's proc file; those it forks inherit them */
	fprintf(f, "pid 1 init\n");
	for (k = 0; k < gs->nimg; k++)
		map_line(f, &gs->img[k]);
	for (cpu = 0; cpu < ncpus; cpu++)
		for (a = 0; a < 5; a++) {
			fprintf(f, "pid %u worker %u/%u\n", 100 + cpu * 10 + a, cpu, a);
			for (k = 0; k < gs->nimg; k++)
				map_line(f, &gs->img[k]);
		}
	fprintf(f, "@STOP %" PRIu64 "\n", end_ns);
	return close_file(f, dir, "maps");
}

uint64_t gs_records(const struct gen_stacks *gs)
{
	return gs->records;
}

uint64_t gs_wakeups(const struct gen_stacks *gs)
{
	return gs->wakeups;
}

void gs_free(struct gen_stacks *gs)
{
	unsigned int i;

	if (!gs)
		return;
	for (i = 0; i < GS_ELF_MAX; i++) {
		free(gs->img[i].fn);
		free(gs->img[i].fnsize);
	}
	free(gs);
}
