// SPDX-License-Identifier: GPL-2.0
/*
 * test-symbols.c - the names of addresses (lttr/symbols/symbols.h),
 * checked against a real program: a small one with known functions is
 * built here (frame pointers kept; once PIE, once not), run, and prints
 * the addresses of its functions and its own /proc/self/maps; those maps,
 * written as a trace's "maps" file, must name each function exactly
 * ("fn_a+0x0", "fn_a+0x10", a static one), an address in the program
 * that no function covers by its size as the file and its offset, and a
 * stripped copy, a missing file, bad lines, the START/STOP choice and
 * --symfs as docs/stacks.md says.  The kernel's side: a kallsyms and a
 * modules file with a module's symbols "[mod]", and kallsyms hidden by
 * kptr_restrict.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <ltt/ltt-abi.h>
#include <lttr/symbols/kallsyms.h>
#include <lttr/symbols/maps.h>
#include <lttr/symbols/symbols.h>
#include "tap.h"

static const char prog_src[] =
	"#include <stdio.h>\n"
	"#include <unistd.h>\n"
	"volatile int sink;\n"
	"__attribute__((noinline)) void fn_a(void)\n"
	"{ int i; for (i = 0; i < 10; i++) sink += i * 3; sink ^= 5; }\n"
	"__attribute__((noinline)) static void fn_b(void)\n"
	"{ int i; for (i = 0; i < 20; i++) sink -= i; sink |= 1; }\n"
	/* code that no function symbol covers: 64 bytes of nop, no .type/.size */
	"__asm__(\".text\\n.globl gap_start\\ngap_start:\\n.fill 64,1,0x90\\n\");\n"
	"extern char gap_start[];\n"
	"int main(void)\n"
	"{\n"
	"	char l[4096];\n"
	"	FILE *f = fopen(\"/proc/self/maps\", \"r\");\n"
	"	fn_a(); fn_b();\n"
	"	printf(\"fn_a %lx\\nfn_b %lx\\ngap %lx\\npid %d\\n\", (unsigned long)&fn_a,\n"
	"	       (unsigned long)&fn_b, (unsigned long)gap_start, (int)getpid());\n"
	"	while (f && fgets(l, sizeof(l), f))\n"
	"		printf(\"map %s\", l);\n"
	"	return 0;\n"
	"}\n";

/* @cmd through the shell; its exit status */
static int sh(const char *cmd)
{
	char *out = NULL;
	int st = tap_run(cmd, &out);

	if (st != 0)
		tap_diag("%s: %s", cmd, out ? out : "");
	free(out);
	return st;
}

/* what a run of the program printed */
struct run {
	uint64_t fn_a, fn_b, gap;
	int pid;
	char *maps;	/* its /proc/self/maps */
};

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		perror(path);
		exit(2);
	}
}

/* build @bin from the source with @flags and run it; 0 or -1 */
static int build_and_run(const char *dir, const char *bin, const char *flags, struct run *r)
{
	char cmd[2048], *out = NULL, *p, *line;
	size_t mlen = 0;
	int st;

	snprintf(cmd, sizeof(cmd), "%s/prog.c", dir);
	write_file(cmd, prog_src);
	snprintf(cmd, sizeof(cmd), "cc -O0 -g -fno-omit-frame-pointer %s -o %s %s/prog.c", flags,
		 bin, dir);
	st = tap_run(cmd, &out);
	if (st != 0) {
		tap_diag("%s: %s", cmd, out ? out : "");
		free(out);
		return -1;
	}
	free(out);
	out = NULL;
	if (tap_run(bin, &out) != 0 || !out) {
		free(out);
		return -1;
	}
	memset(r, 0, sizeof(*r));
	r->maps = calloc(1, strlen(out) + 1);
	for (p = out; (line = strsep(&p, "\n")) != NULL;) {
		if (!strncmp(line, "map ", 4)) {
			mlen += (size_t)sprintf(r->maps + mlen, "%s\n", line + 4);
			continue;
		}
		sscanf(line, "fn_a %" SCNx64, &r->fn_a);
		sscanf(line, "fn_b %" SCNx64, &r->fn_b);
		sscanf(line, "gap %" SCNx64, &r->gap);
		sscanf(line, "pid %d", &r->pid);
	}
	free(out);
	return r->fn_a && r->fn_b && r->gap && r->pid && mlen ? 0 : -1;
}

/* the trace directory @tdir with a "maps" file of @text */
static const char *trace_with_maps(const char *name, const char *text)
{
	const char *tdir = tap_tmpdir(name);
	char path[1024];

	snprintf(path, sizeof(path), "%s/maps", tdir);
	write_file(path, text);
	return tdir;
}

/* the START section of a run's maps, one process */
static char *start_maps(const struct run *r, uint64_t t)
{
	char *s = malloc(strlen(r->maps) + 128);

	sprintf(s, "# LTT maps 1\n@START %" PRIu64 "\npid %d prog\n%s", t, r->pid, r->maps);
	return s;
}

/* the mapping of @addr in the run's maps: its file offset */
static uint64_t file_offset(const struct run *r, uint64_t addr)
{
	char *copy = strdup(r->maps), *p = copy, *line;
	uint64_t off = UINT64_MAX;

	while ((line = strsep(&p, "\n")) != NULL) {
		unsigned long long s, e, pg;

		if (sscanf(line, "%llx-%llx %*s %llx", &s, &e, &pg) == 3 && addr >= s && addr < e)
			off = addr - s + pg;
	}
	free(copy);
	return off;
}

static void is_sym(struct lttr_syms *s, int32_t pid, uint64_t addr, uint64_t at, int kernel,
		   int want_r, const char *want, const char *what)
{
	char buf[256];
	int r = lttr_syms_resolve(s, pid, addr, at, kernel, buf, sizeof(buf));

	ok(r == want_r && !strcmp(buf, want), "%s: 0x%" PRIx64 " is %s (%d; got %s, %d)", what,
	   addr, want, want_r, buf, r);
}

static int has_warning(const struct lttr_syms *s, const char *part)
{
	size_t i, n = 0;

	for (i = 0; i < lttr_syms_warning_count(s); i++)
		n += strstr(lttr_syms_warning(s, i), part) != NULL;
	return (int)n;
}

/* the ELF type of @path: 2 ET_EXEC, 3 ET_DYN */
static int elf_type(const char *path)
{
	unsigned char h[18] = { 0 };
	FILE *f = fopen(path, "rb");

	if (f) {
		if (fread(h, 1, sizeof(h), f) != sizeof(h))
			h[16] = 0;
		fclose(f);
	}
	return h[16];
}

/* one build of the program: its functions named exactly */
static void check_program(const char *label, const char *flags, int want_type)
{
	char dir[256], bin[512], stripped[4096], cmd[1024], *text, name[64], want[2048];
	const char *tdir;
	struct lttr_syms *s;
	struct run r;
	char err[256];
	uint64_t off;

	snprintf(dir, sizeof(dir), "%s", tap_tmpdir(label));
	snprintf(bin, sizeof(bin), "%s/prog-%s", dir, label);
	if (!ok(build_and_run(dir, bin, flags, &r) == 0, "%s: the program builds (%s) and runs",
		label, flags))
		return;
	ok(elf_type(bin) == want_type, "%s: it is an %s", label,
	   want_type == 2 ? "ET_EXEC" : "ET_DYN");
	snprintf(name, sizeof(name), "%s-trace", label);
	text = start_maps(&r, 1000);
	tdir = trace_with_maps(name, text);
	s = lttr_syms_open(tdir, NULL, err, sizeof(err));
	if (!ok(s != NULL, "%s: lttr_syms_open (%s)", label, s ? "" : err))
		return;
	is_sym(s, r.pid, r.fn_a, 2000, 0, LTTR_SYM_NAME, "fn_a+0x0", label);
	is_sym(s, r.pid, r.fn_a + 0x10, 2000, 0, LTTR_SYM_NAME, "fn_a+0x10", label);
	is_sym(s, r.pid, r.fn_b + 3, 2000, 0, LTTR_SYM_NAME, "fn_b+0x3", label);
	/* code no function covers: the file and its offset, no name */
	off = file_offset(&r, r.gap + 8);
	snprintf(want, sizeof(want), "prog-%s+0x%" PRIx64, label, off);
	is_sym(s, r.pid, r.gap + 8, 2000, 0, LTTR_SYM_OBJECT, want, label);
	/* another process, an unmapped address, a kernel address without kallsyms */
	is_sym(s, r.pid + 1, r.fn_a, 2000, 0, LTTR_SYM_UNKNOWN, "[unknown]", label);
	is_sym(s, r.pid, 16, 2000, 0, LTTR_SYM_UNKNOWN, "[unknown]", label);
	is_sym(s, r.pid, r.fn_a, 2000, 1, LTTR_SYM_UNKNOWN, "[unknown]", label);
	ok(has_warning(s, "kallsyms: not in the trace") == 1,
	   "%s: a trace without kallsyms says so once", label);
	lttr_syms_close(s);

	/* a stripped copy read through --symfs: the file and the offset */
	snprintf(cmd, sizeof(cmd), "%s/symfs%s", dir, dir);
	snprintf(stripped, sizeof(stripped), "mkdir -p %s && strip -s -o %s/prog-%s %s", cmd, cmd,
		 label, bin);
	ok(sh(stripped) == 0, "%s: a stripped copy in a --symfs tree", label);
	snprintf(cmd, sizeof(cmd), "%s/symfs", dir);
	s = lttr_syms_open(tdir, cmd, err, sizeof(err));
	if (ok(s != NULL, "%s: open with --symfs %s", label, cmd)) {
		snprintf(want, sizeof(want), "prog-%s+0x%" PRIx64, label, file_offset(&r, r.fn_b));
		is_sym(s, r.pid, r.fn_b, 2000, 0, LTTR_SYM_OBJECT, want, "stripped, via symfs");
		snprintf(want, sizeof(want), "prog-%s+0x%" PRIx64, label, file_offset(&r, r.fn_a + 0x10));
		is_sym(s, r.pid, r.fn_a + 0x10, 2000, 0, LTTR_SYM_OBJECT, want, "stripped, via symfs");
		lttr_syms_close(s);
	}
	/* the same --symfs without the file: unknown, one warning for all */
	snprintf(cmd, sizeof(cmd), "rm -f %s/symfs%s/prog-%s", dir, dir, label);
	sh(cmd);
	snprintf(cmd, sizeof(cmd), "%s/symfs", dir);
	s = lttr_syms_open(tdir, cmd, err, sizeof(err));
	if (ok(s != NULL, "%s: open with the --symfs emptied", label)) {
		snprintf(want, sizeof(want), "%s/symfs%s/prog-%s: cannot read its symbols (No such file or directory)",
			 dir, dir, label);
		is_sym(s, r.pid, r.fn_a, 2000, 0, LTTR_SYM_UNKNOWN, "[unknown]", "missing file");
		is_sym(s, r.pid, r.fn_b, 2000, 0, LTTR_SYM_UNKNOWN, "[unknown]", "missing file");
		ok(has_warning(s, want) == 1, "%s: a missing file is said once: %s", label, want);
		lttr_syms_close(s);
	}
	free(text);
	free(r.maps);
}

/* START and STOP map one address to different files */
static void check_start_stop(void)
{
	char dir[256], bin[300], cmd[1400], *text, *stop, *p, *copy, *q, *line;
	const char *tdir;
	struct stat st2;
	struct lttr_syms *s;
	struct run r;
	char err[256];
	size_t n;

	snprintf(dir, sizeof(dir), "%s", tap_tmpdir("startstop"));
	snprintf(bin, sizeof(bin), "%s/prog-1", dir);
	if (!ok(build_and_run(dir, bin, "-no-pie -fno-pie", &r) == 0, "start/stop: the program runs"))
		return;
	/* at STOP its path holds a stripped copy (an exec of another program there) */
	snprintf(cmd, sizeof(cmd), "strip -s -o %s/prog-2 %s", dir, bin);
	sh(cmd);
	text = start_maps(&r, 1000);
	n = strlen(text);
	stop = malloc(2 * n + 256);
	p = stop + sprintf(stop, "%s@STOP 5000\npid %d prog\n", text, r.pid);
	snprintf(cmd, sizeof(cmd), "%s/prog-2", dir);
	if (stat(cmd, &st2) < 0)
		st2.st_ino = 0;
	copy = strdup(r.maps);
	for (q = copy; (line = strsep(&q, "\n")) != NULL;) {
		unsigned long long a, b, pg, ino;
		char perms[8];
		size_t l = strlen(line);

		/* the same lines, the program's naming prog-2 and its inode */
		if (l > 7 && !strcmp(line + l - 7, "/prog-1") &&
		    sscanf(line, "%llx-%llx %7s %llx %*x:%*x %llu", &a, &b, perms, &pg, &ino) == 5)
			p += sprintf(p, "%llx-%llx %s %08llx 00:00 %llu %s\n", a, b, perms, pg,
				     (unsigned long long)st2.st_ino, cmd);
		else if (*line)
			p += sprintf(p, "%s\n", line);
	}
	free(copy);
	*p = '\0';
	tdir = trace_with_maps("startstop-trace", stop);
	s = lttr_syms_open(tdir, NULL, err, sizeof(err));
	if (ok(s != NULL, "start/stop: open")) {
		snprintf(cmd, sizeof(cmd), "prog-2+0x%" PRIx64, file_offset(&r, r.fn_a));
		is_sym(s, r.pid, r.fn_a, 1000, 0, LTTR_SYM_NAME, "fn_a+0x0", "at START");
		is_sym(s, r.pid, r.fn_a, 5000, 0, LTTR_SYM_OBJECT, cmd, "at STOP");
		is_sym(s, r.pid, r.fn_a, 3000, 0, LTTR_SYM_UNKNOWN, "[unknown]",
		       "between, the two differ");
		is_sym(s, r.pid, r.fn_a, LTTR_SYMS_NO_TIME, 0, LTTR_SYM_UNKNOWN, "[unknown]",
		       "no time, the two differ");
		lttr_syms_close(s);
	}
	/* the program replaced at its path since (a new inode): not read */
	snprintf(cmd, sizeof(cmd), "cp %s %s.new && mv %s.new %s", bin, bin, bin, bin);
	sh(cmd);
	tdir = trace_with_maps("replaced-trace", text);
	s = lttr_syms_open(tdir, NULL, err, sizeof(err));
	if (ok(s != NULL, "replaced: open")) {
		is_sym(s, r.pid, r.fn_a, 1000, 0, LTTR_SYM_UNKNOWN, "[unknown]", "replaced file");
		ok(has_warning(s, "prog-1: not the file that was mapped (inode ") == 1,
		   "replaced: said");
		lttr_syms_close(s);
	}
	free(stop);
	free(text);
	free(r.maps);
}

static void check_bad_maps(void)
{
	static const char text[] =
		"# LTT maps 1\n"
		"pid 7 before-any-section\n"
		"@START 10\n"
		"pid 7 a\n"
		"00400000-00401000 r-xp 00000000 08:01 12 /no/such/file\n"
		"garbage here\n"
		"00500000-00400000 r-xp 00000000 08:01 12 /end/before/start\n"
		"00600000-00601000 r-xq 00000000 08:01 12 /bad/perms\n"
		"pid 8 overlapping\n"
		"00400000-00402000 r-xp 00000000 08:01 12 /x\n"
		"00401000-00403000 r-xp 00000000 08:01 12 /y\n"
		"pid 9 anonymous\n"
		"7f0000000000-7f0000001000 r-xp 00000000 00:00 0 \n"
		"7f0000002000-7f0000003000 r-xp 00000000 00:00 0 [vdso]\n"
		"7f0000004000-7f0000005000 r-xp 00000000 08:01 3 /gone (deleted)\n"
		"@OMITTED 4\n"
		"@BOGUS 1\n";
	struct lttr_maps m;
	const char *tdir = trace_with_maps("badmaps", text);
	struct lttr_syms *s;
	char err[256];

	ok(lttr_maps_parse(&m, text, sizeof(text) - 1) == 0, "bad maps: parsed");
	/* 3 lines before a section or not maps lines, @BOGUS, and the overlap */
	ok(m.bad_lines == 6 && m.first_bad_line == 2, "bad maps: 6 counted, the first line 2 (%zu, %zu)",
	   m.bad_lines, m.first_bad_line);
	ok(m.sect[LTTR_MAPS_START].omitted == 4, "bad maps: @OMITTED 4 read");
	ok(lttr_maps_find(&m, LTTR_MAPS_START, 7, 0x400800) != NULL, "bad maps: the good line of pid 7 kept");
	ok(lttr_maps_find(&m, LTTR_MAPS_START, 8, 0x400800) == NULL, "bad maps: overlapping mappings dropped");
	lttr_maps_free(&m);
	s = lttr_syms_open(tdir, NULL, err, sizeof(err));
	if (!ok(s != NULL, "bad maps: open"))
		return;
	is_sym(s, 7, 0x400010, 1, 0, LTTR_SYM_UNKNOWN, "[unknown]", "missing file");
	is_sym(s, 7, 0x400020, 1, 0, LTTR_SYM_UNKNOWN, "[unknown]", "missing file again");
	ok(has_warning(s, "/no/such/file: cannot read its symbols (No such file or directory)") == 1,
	   "bad maps: the missing file said once");
	is_sym(s, 8, 0x401800, 1, 0, LTTR_SYM_UNKNOWN, "[unknown]", "overlap");
	is_sym(s, 9, 0x7f0000000010, 1, 0, LTTR_SYM_UNKNOWN, "[unknown]", "anonymous");
	is_sym(s, 9, 0x7f0000002010, 1, 0, LTTR_SYM_UNKNOWN, "[unknown]", "vdso");
	is_sym(s, 9, 0x7f0000004010, 1, 0, LTTR_SYM_UNKNOWN, "[unknown]", "deleted");
	ok(has_warning(s, "/gone (deleted): deleted while it was mapped") == 1, "bad maps: deleted said");
	ok(has_warning(s, "maps: 6 lines or processes not understood (the first: line 2)") == 1,
	   "bad maps: the bad lines said with the first one");
	ok(has_warning(s, "4 processes left out of the START snapshot") == 1, "bad maps: @OMITTED said");
	lttr_syms_close(s);
}

static const char kallsyms[] =
	"ffffffff81000000 T _stext\n"
	"ffffffff81000100 T foo\n"
	"ffffffff81000200 t bar\n"
	"not a line\n"
	"ffffffff81000300 T baz\n"
	"ffffffffc0001000 t modfn\t[mymod]\n"
	"ffffffffc0001080 t modfn2\t[mymod]\n";
static const char modules[] =
	"mymod 16384 0 - Live 0xffffffffc0000000 (O)\n"
	"hidden 4096 0 - Live 0x0000000000000000\n"
	"broken line\n";

static const char *write_kernel(const char *name, const char *ks, const char *mods)
{
	const char *tdir = tap_tmpdir(name);
	char path[1024];

	snprintf(path, sizeof(path), "%s/kallsyms", tdir);
	write_file(path, ks);
	snprintf(path, sizeof(path), "%s/modules", tdir);
	if (mods)
		write_file(path, mods);
	else
		remove(path);
	return tdir;
}

static void check_kernel(void)
{
	struct lttr_syms *s;
	char err[256];
	const char *tdir = write_kernel("kernel", kallsyms, modules);

	s = lttr_syms_open(tdir, NULL, err, sizeof(err));
	if (!ok(s != NULL, "kernel: open"))
		return;
	is_sym(s, 0, 0xffffffff81000000ULL, 0, 1, LTTR_SYM_NAME, "_stext+0x0", "kernel");
	is_sym(s, 0, 0xffffffff81000110ULL, 0, 1, LTTR_SYM_NAME, "foo+0x10", "kernel");
	is_sym(s, 0, 0xffffffff810002ffULL, 0, 1, LTTR_SYM_NAME, "bar+0xff", "kernel");
	/* past the last symbol of the kernel: it reaches nowhere */
	is_sym(s, 0, 0xffffffff81000310ULL, 0, 1, LTTR_SYM_UNKNOWN, "[unknown]", "kernel, past the last");
	is_sym(s, 0, 0xffffffff80000000ULL, 0, 1, LTTR_SYM_UNKNOWN, "[unknown]", "kernel, below the first");
	is_sym(s, 0, 0xffffffffc0001010ULL, 0, 1, LTTR_SYM_NAME, "modfn+0x10", "module");
	/* the module's last symbol reaches the module's end (/proc/modules) */
	is_sym(s, 0, 0xffffffffc0002000ULL, 0, 1, LTTR_SYM_NAME, "modfn2+0xf80", "module");
	is_sym(s, 0, 0xffffffffc0000010ULL, 0, 1, LTTR_SYM_OBJECT, "mymod+0x10",
	       "module, before its first symbol");
	is_sym(s, 0, 0xffffffffc0004000ULL, 0, 1, LTTR_SYM_UNKNOWN, "[unknown]", "past the module's end");
	ok(has_warning(s, "kallsyms: 1 lines not understood (the first: line 4)") == 1,
	   "kernel: the bad kallsyms line said");
	ok(has_warning(s, "modules: 1 lines not understood (the first: line 3)") == 1,
	   "kernel: the bad modules line said");
	ok(has_warning(s, "maps: not in the trace") == 1, "kernel: no maps said");
	is_sym(s, 1, 0x400000, 0, 0, LTTR_SYM_UNKNOWN, "[unknown]", "user, no maps");
	lttr_syms_close(s);

	/* without /proc/modules: a module's last symbol reaches nowhere */
	tdir = write_kernel("kernel-nomod", kallsyms, NULL);
	s = lttr_syms_open(tdir, NULL, err, sizeof(err));
	if (ok(s != NULL, "kernel, no modules: open")) {
		is_sym(s, 0, 0xffffffffc0001010ULL, 0, 1, LTTR_SYM_NAME, "modfn+0x10", "no modules");
		is_sym(s, 0, 0xffffffffc0001090ULL, 0, 1, LTTR_SYM_UNKNOWN, "[unknown]",
		       "no modules, the module's last symbol");
		is_sym(s, 0, 0xffffffff81000110ULL, 0, 1, LTTR_SYM_NAME, "foo+0x10", "no modules");
		ok(has_warning(s, "modules: not in the trace") == 1, "no modules: said");
		lttr_syms_close(s);
	}

	/* kptr_restrict: every address 0 */
	tdir = write_kernel("kernel-hidden",
			    "0000000000000000 T _stext\n0000000000000000 T foo\n", NULL);
	s = lttr_syms_open(tdir, NULL, err, sizeof(err));
	if (ok(s != NULL, "kernel, hidden: open")) {
		is_sym(s, 0, 0, 0, 1, LTTR_SYM_UNKNOWN, "[unknown]", "hidden");
		is_sym(s, 0, 0xffffffff81000110ULL, 0, 1, LTTR_SYM_UNKNOWN, "[unknown]", "hidden");
		ok(has_warning(s, "kptr_restrict") == 1, "hidden: kptr_restrict said");
		lttr_syms_close(s);
	}
}

static void check_open_errors(void)
{
	char err[256];
	const char *tdir = tap_tmpdir("errs");

	ok(!lttr_syms_open(tdir, "/no/such/symfs", err, sizeof(err)) &&
	   !strcmp(err, "--symfs /no/such/symfs: No such file or directory"),
	   "a --symfs that does not exist: %s", err);
	ok(!lttr_syms_open(tdir, "/dev/null", err, sizeof(err)) &&
	   !strcmp(err, "--symfs /dev/null: not a directory"), "a --symfs that is a file: %s", err);
	ok(!lttr_syms_open("/no/such/trace", NULL, err, sizeof(err)) &&
	   !strcmp(err, "/no/such/trace: No such file or directory"), "no trace directory: %s", err);
	/* the check alone (the window's at start): the same words */
	ok(lttr_symfs_check("/no/such/symfs", err, sizeof(err)) == -1 &&
	   !strcmp(err, "--symfs /no/such/symfs: No such file or directory"),
	   "lttr_symfs_check() of a --symfs that does not exist: %s", err);
	ok(lttr_symfs_check("/dev/null", err, sizeof(err)) == -1 &&
	   !strcmp(err, "--symfs /dev/null: not a directory"),
	   "lttr_symfs_check() of a file: %s", err);
	ok(lttr_symfs_check(tdir, err, sizeof(err)) == 0, "lttr_symfs_check() of a directory: 0");
}

/*
 * A process the snapshots missed (no maps): named through the exec the
 * trace saw when its file is ET_EXEC, and a forked child through its
 * parent; a PIE's base is unknown; a name without a directory not kept.
 */
static void check_exec_fork(const char *label, const char *flags, int named)
{
	char dir[256], bin[512], err[256], tname[64];
	const char *tdir;
	struct lttr_syms *s;
	struct run r;

	snprintf(dir, sizeof(dir), "%s", tap_tmpdir(label));
	snprintf(bin, sizeof(bin), "%s/prog-%s", dir, label);
	if (!ok(build_and_run(dir, bin, flags, &r) == 0, "%s: the program builds and runs", label))
		return;
	snprintf(tname, sizeof(tname), "%s-trace", label);
	tdir = trace_with_maps(tname, "");
	s = lttr_syms_open(tdir, NULL, err, sizeof(err));
	if (!ok(s != NULL, "%s: lttr_syms_open on a trace with no maps", label))
		return;
	is_sym(s, 700, r.fn_a, 2000, 0, LTTR_SYM_UNKNOWN, "[unknown]", "exec: before any event");
	ok(lttr_syms_note_exec(s, 700, 1500, "prog", 4) == 0 &&
	   lttr_syms_note_exec(s, 700, 1000, bin, strlen(bin)) == 0 &&
	   lttr_syms_note_fork(s, 700, 701, 3000) == 0 &&
	   lttr_syms_note_fork(s, 700, 702, 500) == 0,
	   "%s: an exec, a relative one, two forks noted", label);
	is_sym(s, 700, r.fn_a, 900, 0, LTTR_SYM_UNKNOWN, "[unknown]", "exec: before it");
	if (named) {
		is_sym(s, 700, r.fn_a, 2000, 0, LTTR_SYM_NAME, "fn_a+0x0", "exec: after it (ET_EXEC)");
		is_sym(s, 700, r.fn_a + 0x10, 2000, 0, LTTR_SYM_NAME, "fn_a+0x10",
		       "exec: the relative exec after it not taken");
		is_sym(s, 701, r.fn_a, 4000, 0, LTTR_SYM_NAME, "fn_a+0x0",
		       "fork: the child runs its parent's image");
	} else {
		is_sym(s, 700, r.fn_a, 2000, 0, LTTR_SYM_UNKNOWN, "[unknown]",
		       "exec of a PIE: its base is not in the trace");
		is_sym(s, 701, r.fn_a, 4000, 0, LTTR_SYM_UNKNOWN, "[unknown]",
		       "fork of a PIE's process");
	}
	is_sym(s, 702, r.fn_a, 4000, 0, LTTR_SYM_UNKNOWN, "[unknown]",
	       "fork before the parent's exec: the image before it, not known");
	lttr_syms_close(s);
}

/* the mapping of the program's own code in a run's maps: start, end, offset, inode */
static int code_map(const struct run *r, const char *bin, uint64_t *start, uint64_t *end,
		    uint64_t *pgoff, uint64_t *inode)
{
	char *copy = strdup(r->maps), *p = copy, *line;
	int found = 0;

	while ((line = strsep(&p, "\n")) != NULL) {
		unsigned long long s, e, pg, ino;
		char perms[8], path[1024];

		if (sscanf(line, "%llx-%llx %7s %llx %*s %llu %1023s", &s, &e, perms, &pg, &ino,
			   path) == 6 && perms[2] == 'x' && !strcmp(path, bin) &&
		    r->fn_a >= s && r->fn_a < e) {
			*start = s;
			*end = e;
			*pgoff = pg;
			*inode = ino;
			found = 1;
		}
	}
	free(copy);
	return found ? 0 : -1;
}

/*
 * The mmap records (format 1.14): a PIE the snapshots never held (its
 * base is not in the trace without them) named from its mapping's record
 * from the record's time on, not after its unmap nor after an exec; a
 * child forked while it was mapped keeps it; an address the records say
 * nothing of falls back to the snapshots; damaged records skipped and
 * said once.
 */
static void check_mmap(void)
{
	char dir[256], bin[512], err[256], *maps, *all;
	uint64_t start = 0, end = 0, pgoff = 0, inode = 0;
	const char *tdir;
	struct lttr_syms *s;
	struct run r;

	snprintf(dir, sizeof(dir), "%s", tap_tmpdir("mmap"));
	snprintf(bin, sizeof(bin), "%s/prog-mmap", dir);
	if (!ok(build_and_run(dir, bin, "-fPIE -pie", &r) == 0, "mmap: the program builds and runs"))
		return;
	if (!ok(code_map(&r, bin, &start, &end, &pgoff, &inode) == 0,
		"mmap: its code mapping in its maps (0x%" PRIx64 "-0x%" PRIx64 ")", start, end))
		return;
	/* pid 800 is in the START snapshot with the code: the fallback */
	maps = start_maps(&r, 1000);
	if (!maps || asprintf(&all, "%spid 800 other\n", maps) < 0)
		exit(2);
	free(maps);
	tdir = trace_with_maps("mmap-trace", all);
	free(all);
	s = lttr_syms_open(tdir, NULL, err, sizeof(err));
	if (!ok(s != NULL, "mmap: open"))
		return;
	is_sym(s, 700, r.fn_a, 2000, 0, LTTR_SYM_UNKNOWN, "[unknown]", "mmap: no record yet");
	ok(lttr_syms_epoch(s, 700) == 0, "mmap: epoch 0 before any record");
	ok(lttr_syms_note_mmap(s, 700, 1500, LTT_MMAP_EXEC, 0, 0, 0, 0, NULL, 0) == 0 &&
	   lttr_syms_note_exec(s, 700, 1600, bin, strlen(bin)) == 0 &&
	   lttr_syms_note_mmap(s, 700, 2000, LTT_MMAP_MAP, start, end - start, pgoff, inode, bin,
			       strlen(bin)) == 0 &&
	   lttr_syms_note_fork(s, 700, 701, 2500) == 0 &&
	   lttr_syms_note_mmap(s, 700, 3000, LTT_MMAP_UNMAP, start, 0x1000, 0, inode, NULL, 0) == 0 &&
	   lttr_syms_note_mmap(s, 701, 4000, LTT_MMAP_EXEC, 0, 0, 0, 0, NULL, 0) == 0,
	   "mmap: exec, map, fork, unmap of the first page, the child's exec noted");
	ok(lttr_syms_epoch(s, 700) == 4 && lttr_syms_epoch(s, 701) == 2,
	   "mmap: epochs 4 and 2 (%" PRIu64 ", %" PRIu64 ")", lttr_syms_epoch(s, 700),
	   lttr_syms_epoch(s, 701));
	is_sym(s, 700, r.fn_a, 1999, 0, LTTR_SYM_UNKNOWN, "[unknown]",
	       "mmap: after the exec, before the map (a PIE: no base)");
	is_sym(s, 700, r.fn_a, 2000, 0, LTTR_SYM_NAME, "fn_a+0x0", "mmap: at the map's time");
	is_sym(s, 700, r.fn_b, 2999, 0, LTTR_SYM_NAME, "fn_b+0x0", "mmap: a static function too");
	if (r.fn_a >= start + 0x1000)
		is_sym(s, 700, r.fn_a, 3500, 0, LTTR_SYM_NAME, "fn_a+0x0",
		       "mmap: after an unmap of another page");
	else
		is_sym(s, 700, r.fn_a, 3500, 0, LTTR_SYM_UNKNOWN, "[unknown]",
		       "mmap: after the unmap of its page");
	is_sym(s, 700, start, 3500, 0, LTTR_SYM_UNKNOWN, "[unknown]", "mmap: the unmapped page");
	is_sym(s, 701, r.fn_a, 3500, 0, LTTR_SYM_NAME, "fn_a+0x0",
	       "mmap: the child keeps its parent's mapping at the fork");
	is_sym(s, 701, r.fn_a, 4500, 0, LTTR_SYM_UNKNOWN, "[unknown]", "mmap: not after its exec");
	is_sym(s, 701, r.fn_a, 2400, 0, LTTR_SYM_UNKNOWN, "[unknown]",
	       "mmap: the child before its fork");
	is_sym(s, 800, r.fn_a, 2000, 0, LTTR_SYM_UNKNOWN, "[unknown]",
	       "mmap: a process of the snapshot without the code, no record");
	is_sym(s, r.pid, r.fn_a, 2000, 0, LTTR_SYM_NAME, "fn_a+0x0",
	       "mmap: no record of the process: the snapshot");
	ok(lttr_syms_note_mmap(s, r.pid, 2100, LTT_MMAP_MAP, 0x10000, 0x1000, 0, 0, NULL, 0) == 0,
	   "mmap: an anonymous mapping of that process noted");
	is_sym(s, r.pid, 0x10000, 2200, 0, LTTR_SYM_UNKNOWN, "[unknown]",
	       "mmap: an anonymous mapping names nothing");
	is_sym(s, r.pid, r.fn_a, 2200, 0, LTTR_SYM_NAME, "fn_a+0x0",
	       "mmap: an address the records say nothing of: still the snapshot");
	ok(lttr_syms_note_mmap(s, 700, 5000, 9, start, 0x1000, 0, 0, NULL, 0) == 0 &&
	   lttr_syms_note_mmap(s, 700, 5001, LTT_MMAP_MAP, start, 0, 0, 0, bin, strlen(bin)) == 0 &&
	   lttr_syms_note_mmap(s, 700, 5002, LTT_MMAP_MAP, UINT64_MAX - 10, 0x1000, 0, 0, bin,
			       strlen(bin)) == 0 &&
	   lttr_syms_note_mmap(s, 700, 5003, LTT_MMAP_MAP, start, end - start, pgoff, inode,
			       "/x\0y", 4) == 0,
	   "mmap: damaged records (kind 9, no length, past the end, a NUL in the path) noted");
	is_sym(s, 700, r.fn_a, 5002, 0, r.fn_a >= start + 0x1000 ? LTTR_SYM_NAME : LTTR_SYM_UNKNOWN,
	       r.fn_a >= start + 0x1000 ? "fn_a+0x0" : "[unknown]",
	       "mmap: the damaged records changed nothing");
	is_sym(s, 700, r.fn_a, 5003, 0, LTTR_SYM_UNKNOWN, "[unknown]",
	       "mmap: a mapping whose path holds a NUL: no file, nothing named");
	ok(has_warning(s, "mmap records not understood") == 1, "mmap: the damaged ones said once");
	lttr_syms_close(s);
}

/*
 * Threads: a stack record names the thread (its pid), the maps snapshot
 * the process.  A thread alive at START is in the trace's "proc" with its
 * TGID; one created while tracing, in a fork record with LTT_FORK_THREAD.
 * Both resolve in their process's mappings; without the snapshot's TGID
 * (no "proc"), [unknown]; a tid reused by a new process (a fork that is
 * not a thread) is no longer the thread.
 */
static void check_threads(void)
{
	char dir[256], bin[300], path[1100], proc[128], err[256];
	const char *tdir;
	struct lttr_syms *s;
	struct run r;
	char *text;

	snprintf(dir, sizeof(dir), "%s", tap_tmpdir("threads"));
	snprintf(bin, sizeof(bin), "%s/prog-t", dir);
	if (!ok(build_and_run(dir, bin, "-no-pie -fno-pie", &r) == 0, "threads: the program runs"))
		return;
	text = start_maps(&r, 1000);
	tdir = trace_with_maps("threads-noproc", text);
	s = lttr_syms_open(tdir, NULL, err, sizeof(err));
	if (ok(s != NULL, "threads: open without a process snapshot")) {
		is_sym(s, r.pid, r.fn_a, 1000, 0, LTTR_SYM_NAME, "fn_a+0x0", "the process itself");
		is_sym(s, 7001, r.fn_a, 1000, 0, LTTR_SYM_UNKNOWN, "[unknown]",
		       "a thread the trace does not know");
		lttr_syms_close(s);
	}
	tdir = trace_with_maps("threads-proc", text);
	snprintf(path, sizeof(path), "%s/proc", tdir);
	snprintf(proc, sizeof(proc), "PID: %d; PPID: 1; TGID: %d; NAME: prog-t\n"
		 "PID: 7001; PPID: 1; TGID: %d; NAME: prog-t\n", r.pid, r.pid, r.pid);
	write_file(path, proc);
	s = lttr_syms_open(tdir, NULL, err, sizeof(err));
	if (ok(s != NULL, "threads: open with a process snapshot")) {
		is_sym(s, 7001, r.fn_a, 1000, 0, LTTR_SYM_NAME, "fn_a+0x0",
		       "a thread alive at START, in its process's maps");
		is_sym(s, 7001, r.fn_a, LTTR_SYMS_NO_TIME, 0, LTTR_SYM_NAME, "fn_a+0x0",
		       "... with no time");
		ok(lttr_syms_note_thread(s, 7002, r.pid, 2000) == 0, "threads: a thread created at 2000");
		is_sym(s, 7002, r.fn_a, 1500, 0, LTTR_SYM_UNKNOWN, "[unknown]", "before it was");
		is_sym(s, 7002, r.fn_a, 2500, 0, LTTR_SYM_NAME, "fn_a+0x0", "after it was");
		ok(lttr_syms_note_fork(s, 900, 7002, 3000) == 0,
		   "threads: its id reused by a new process at 3000");
		is_sym(s, 7002, r.fn_a, 2500, 0, LTTR_SYM_NAME, "fn_a+0x0", "the thread, before");
		is_sym(s, 7002, r.fn_a, 3500, 0, LTTR_SYM_UNKNOWN, "[unknown]",
		       "the new process (its parent unknown), after");
		lttr_syms_close(s);
	}
	free(text);
}

int main(void)
{
	check_program("pie", "-fPIE -pie", 3);
	check_program("nopie", "-fno-pie -no-pie", 2);
	check_start_stop();
	check_exec_fork("exec-nopie", "-fno-pie -no-pie", 1);
	check_exec_fork("exec-pie", "-fPIE -pie", 0);
	check_mmap();
	check_bad_maps();
	check_kernel();
	check_open_errors();
	check_threads();
	return tap_done();
}
