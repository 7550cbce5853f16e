// SPDX-License-Identifier: GPL-2.0
/*
 * elfsyms.c - the function symbols of an ELF file, read with libelf,
 * and the symbol over a file offset (elfsyms.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <lttr/symbols/symbols.h>
#include "elfsyms.h"

struct seg {
	uint64_t off;
	uint64_t filesz;
	uint64_t vaddr;
};

struct esym {
	uint64_t addr;
	uint64_t size;
	const char *name;
};

struct elfsyms {
	struct seg *seg;
	size_t nseg;
	struct esym *sym;	/* sorted by address */
	size_t nsym;
	uint64_t maxsize;	/* of a symbol: how far back a lookup looks */
	char *names;		/* the names, one after the other */
	int et_exec;		/* ET_EXEC: its addresses are the file's */
};

static int esym_cmp(const void *a, const void *b)
{
	const struct esym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->size != y->size)
		return x->size > y->size ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* the functions of symbol table @scn into @e; 0 or -1 (memory) */
static int read_symtab(Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh, struct elfsyms *e,
		       size_t *cap, size_t *namecap, size_t *namelen)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	size_t n, i;

	if (!d || !sh->sh_entsize)
		return 0;
	n = sh->sh_size / sh->sh_entsize;
	for (i = 0; i < n; i++) {
		GElf_Sym sym;
		const char *name;
		size_t l;
		int type;

		if (!gelf_getsym(d, (int)i, &sym))
			break;
		type = GELF_ST_TYPE(sym.st_info);
		if ((type != STT_FUNC && type != STT_GNU_IFUNC) || !sym.st_size ||
		    sym.st_shndx == SHN_UNDEF || sym.st_value + sym.st_size < sym.st_value)
			continue;
		name = elf_strptr(elf, sh->sh_link, sym.st_name);
		if (!name || !*name)
			continue;
		l = strlen(name) + 1;
		if (*namelen + l > *namecap) {
			size_t nc = *namecap ? 2 * *namecap : 4096;
			char *nn;

			while (nc < *namelen + l)
				nc *= 2;
			nn = realloc(e->names, nc);
			if (!nn)
				return -1;
			e->names = nn;
			*namecap = nc;
		}
		memcpy(e->names + *namelen, name, l);
		if (e->nsym == *cap) {
			size_t nc = *cap ? 2 * *cap : 256;
			struct esym *ns = realloc(e->sym, nc * sizeof(*ns));

			if (!ns)
				return -1;
			e->sym = ns;
			*cap = nc;
		}
		/* the offset for now: e->names moves while it grows */
		e->sym[e->nsym].addr = sym.st_value;
		e->sym[e->nsym].size = sym.st_size;
		e->sym[e->nsym].name = (const char *)(uintptr_t)*namelen;
		e->nsym++;
		*namelen += l;
	}
	return 0;
}

static int read_segments(Elf *elf, struct elfsyms *e)
{
	size_t n, i;

	if (elf_getphdrnum(elf, &n) < 0)
		return 0;
	e->seg = calloc(n ? n : 1, sizeof(*e->seg));
	if (!e->seg)
		return -1;
	for (i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD ||
		    ph.p_offset + ph.p_filesz < ph.p_offset)
			continue;
		e->seg[e->nseg].off = ph.p_offset;
		e->seg[e->nseg].filesz = ph.p_filesz;
		e->seg[e->nseg].vaddr = ph.p_vaddr;
		e->nseg++;
	}
	return 0;
}

static struct elfsyms *load(Elf *elf, char *err, size_t errlen)
{
	struct elfsyms *e = calloc(1, sizeof(*e));
	size_t cap = 0, namecap = 0, namelen = 0, i;
	Elf_Scn *scn = NULL;
	int have_symtab = 0, pass;

	if (!e)
		goto nomem;
	if (read_segments(elf, e) < 0)
		goto nomem;
	{
		GElf_Ehdr eh;

		e->et_exec = gelf_getehdr(elf, &eh) && eh.e_type == ET_EXEC;
	}
	/* .symtab when there is one (it holds the local functions too), else .dynsym */
	for (pass = 0; pass < 2; pass++) {
		while ((scn = elf_nextscn(elf, scn)) != NULL) {
			GElf_Shdr sh;

			if (!gelf_getshdr(scn, &sh))
				continue;
			if (sh.sh_type != (pass ? SHT_DYNSYM : SHT_SYMTAB))
				continue;
			have_symtab |= !pass;
			if (read_symtab(elf, scn, &sh, e, &cap, &namecap, &namelen) < 0)
				goto nomem;
		}
		if (have_symtab)
			break;
	}
	for (i = 0; i < e->nsym; i++) {
		e->sym[i].name = e->names + (uintptr_t)e->sym[i].name;
		if (e->sym[i].size > e->maxsize)
			e->maxsize = e->sym[i].size;
	}
	if (e->nsym)
		qsort(e->sym, e->nsym, sizeof(*e->sym), esym_cmp);
	return e;
nomem:
	snprintf(err, errlen, "out of memory");
	elfsyms_free(e);
	return NULL;
}

struct elfsyms *elfsyms_load(const char *path, char *err, size_t errlen)
{
	struct elfsyms *e = NULL;
	struct stat st;
	Elf *elf;
	int fd;

	if (elf_version(EV_CURRENT) == EV_NONE) {
		snprintf(err, errlen, "libelf: %s", elf_errmsg(-1));
		return NULL;
	}
	/* (never waits on a fifo a crafted maps line names) */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "not a regular file");
		close(fd);
		return NULL;
	}
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF)
		snprintf(err, errlen, "not an ELF file");
	else
		e = load(elf, err, errlen);
	elf_end(elf);
	close(fd);
	return e;
}

static int object(const char *object, uint64_t off, char *buf, size_t len)
{
	const char *base = strrchr(object, '/');

	snprintf(buf, len, "%s+0x%llx", base ? base + 1 : object, (unsigned long long)off);
	return LTTR_SYM_OBJECT;
}

int elfsyms_lookup(const struct elfsyms *e, uint64_t off, const char *obj, char *buf,
		   size_t len)
{
	uint64_t v = 0;
	size_t i, lo, hi;
	int found = 0;

	for (i = 0; i < e->nseg; i++) {
		if (off - e->seg[i].off < e->seg[i].filesz) {
			v = e->seg[i].vaddr + (off - e->seg[i].off);
			found = 1;
			break;
		}
	}
	if (!found)
		return object(obj, off, buf, len);
	lo = 0;
	hi = e->nsym;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (e->sym[mid].addr <= v)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* the nearest symbol below whose size covers @v (nested ones too) */
	for (i = lo; i > 0 && v - e->sym[i - 1].addr < e->maxsize; i--) {
		const struct esym *s = &e->sym[i - 1];

		if (v - s->addr < s->size) {
			snprintf(buf, len, "%s+0x%llx", s->name,
				 (unsigned long long)(v - s->addr));
			return LTTR_SYM_NAME;
		}
	}
	return object(obj, off, buf, len);
}

int elfsyms_exec_offset(const struct elfsyms *e, uint64_t vaddr, uint64_t *off)
{
	size_t i;

	if (!e->et_exec)
		return 0;
	for (i = 0; i < e->nseg; i++) {
		if (vaddr - e->seg[i].vaddr < e->seg[i].filesz) {
			*off = e->seg[i].off + (vaddr - e->seg[i].vaddr);
			return 1;
		}
	}
	return 0;
}

size_t elfsyms_count(const struct elfsyms *e)
{
	return e->nsym;
}

void elfsyms_free(struct elfsyms *e)
{
	if (!e)
		return;
	free(e->seg);
	free(e->sym);
	free(e->names);
	free(e);
}
