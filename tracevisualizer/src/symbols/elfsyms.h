/* SPDX-License-Identifier: GPL-2.0 */
/*
 * elfsyms.h - the function symbols of one ELF file and its loadable
 * segments, read with libelf (private to src/symbols/).
 */
#ifndef LTTR_SRC_SYMBOLS_ELFSYMS_H
#define LTTR_SRC_SYMBOLS_ELFSYMS_H

#include <stddef.h>
#include <stdint.h>

struct elfsyms;

/*
 * elfsyms_load() - the symbols of the ELF file @path: .symtab, else
 * .dynsym (functions with a size); NULL with the reason in @err when it
 * cannot be opened or is not an ELF file
 */
struct elfsyms *elfsyms_load(const char *path, char *err, size_t errlen);

/*
 * elfsyms_lookup() - the symbol over the byte at file offset @off (a
 * mapping's offset plus the address's distance from its start): the
 * loadable segment holding @off gives its address in the ELF's own
 * address space, whatever the load bias (an ET_EXEC at its link address,
 * an ET_DYN anywhere).  "name+0xoff" in @buf: LTTR_SYM_NAME; or
 * "@object+0xOFF" when no symbol covers it (stripped, past the last
 * symbol's size, outside every segment): LTTR_SYM_OBJECT.
 */
int elfsyms_lookup(const struct elfsyms *e, uint64_t off, const char *object, char *buf,
		   size_t len);

/* number of symbols kept (for the tests) */
/*
 * elfsyms_exec_offset() - the file offset of address @vaddr of an ET_EXEC
 * file (loaded where its program headers say: a process that exec'd it
 * maps it there); 1 and *@off, or 0 (ET_DYN: its base is not known
 * without its mapping; or outside its PT_LOAD segments)
 */
int elfsyms_exec_offset(const struct elfsyms *e, uint64_t vaddr, uint64_t *off);

size_t elfsyms_count(const struct elfsyms *e);

void elfsyms_free(struct elfsyms *e);

#endif /* LTTR_SRC_SYMBOLS_ELFSYMS_H */
