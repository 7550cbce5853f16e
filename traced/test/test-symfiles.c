// SPDX-License-Identifier: GPL-2.0
/*
 * test-symfiles.c - the symbol files of a trace (symfiles.h) against a
 * fake /proc: kallsyms and modules copied 0600 as root, nothing when not
 * root or when kptr_restrict shows every address as 0; the maps file's
 * START section (executable mappings only, kernel threads left out), its
 * STOP section (only the new and the changed processes), and the size
 * bound (@OMITTED and a warning).
 */
#include "symfiles.h"
#include "tap.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[PATH_MAX - 64], out[PATH_MAX];

static void put(const char *base, const char *rel, const char *text)
{
	char path[PATH_MAX + 64], *p;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", base, rel);
	for (p = path + strlen(base) + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(99);
	}
	fputs(text, f);
	fclose(f);
}

/* the whole file DIR/NAME, or "" (static) */
static const char *slurp(const char *dir, const char *name)
{
	static char buf[65536];
	char path[PATH_MAX + 64];
	size_t n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	buf[0] = '\0';
	f = fopen(path, "r");
	if (f) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return buf;
}

static int mode_of(const char *dir, const char *name)
{
	char path[PATH_MAX + 64];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return stat(path, &st) < 0 ? -1 : (int)(st.st_mode & 07777);
}

static int newdir(const char *name)
{
	snprintf(out, sizeof(out), "%s/%s", root, name);
	mkdir(out, 0700);
	return open(out, O_RDONLY | O_DIRECTORY);
}

static const char app_maps[] =
	"55d000000000-55d000001000 r--p 00000000 08:01 100 /usr/bin/app\n"
	"55d000001000-55d000002000 r-xp 00001000 08:01 100 /usr/bin/app\n"
	"55d000003000-55d000004000 rw-p 00003000 08:01 100 /usr/bin/app\n"
	"7f0000000000-7f0000100000 r-xp 00028000 08:01 200 /usr/lib/libc.so.6\n"
	"7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0 [stack]\n";

int main(void)
{
	char proc[PATH_MAX + 8];
	struct symfiles sf;
	const char *t;
	int fd;

	snprintf(root, sizeof(root), "/tmp/test-symfiles.XXXXXX");
	if (!mkdtemp(root))
		return 99;
	snprintf(proc, sizeof(proc), "%s/proc", root);
	mkdir(proc, 0755);
	put(proc, "kallsyms", "ffffffff81000000 T _stext\nffffffffc0001000 t f\t[m]\n");
	put(proc, "modules", "m 16384 0 - Live 0xffffffffc0000000 (O)\n");
	put(proc, "1/comm", "init\n");
	put(proc, "1/maps", app_maps);
	put(proc, "2/comm", "kthreadd\n");
	put(proc, "2/maps", "");
	put(proc, "30/comm", "other\n");
	put(proc, "30/maps",
	    "00400000-00401000 r-xp 00000000 08:01 7 /bin/other\n");

	/* the kernel's files, as root */
	fd = newdir("k1");
	ok(symfiles_kernel(fd, out, 0, proc, 1) == 2, "as root: kallsyms and modules saved");
	ok(mode_of(out, "kallsyms") == 0600 && mode_of(out, "modules") == 0600,
	   "both 0600 (%o %o)", mode_of(out, "kallsyms"), mode_of(out, "modules"));
	ok(!strcmp(slurp(out, "kallsyms"), "ffffffff81000000 T _stext\nffffffffc0001000 t f\t[m]\n"),
	   "kallsyms copied exactly");
	ok(!strcmp(slurp(out, "modules"), "m 16384 0 - Live 0xffffffffc0000000 (O)\n"),
	   "modules copied exactly");
	close(fd);
	fd = newdir("k2");
	ok(symfiles_kernel(fd, out, 0, proc, 0) == 0 && mode_of(out, "kallsyms") == -1,
	   "not root: nothing saved");
	close(fd);
	put(proc, "kallsyms", "0000000000000000 T _stext\n0000000000000000 T foo\n");
	fd = newdir("k3");
	ok(symfiles_kernel(fd, out, 0, proc, 1) == 0 && mode_of(out, "kallsyms") == -1 &&
	   mode_of(out, "modules") == -1, "kptr_restrict (every address 0): no useless file");
	close(fd);

	/* the maps: START */
	fd = newdir("m1");
	ok(symfiles_start(&sf, fd, out, 0, proc, 1 << 20, 1000) == 0, "maps: START written");
	ok(sf.written[0] == 2, "2 processes with executable mappings (not kthreadd): %lu",
	   sf.written[0]);
	/* at STOP: pid 1 dlopen'ed a library, pid 30 unchanged, pid 40 new */
	put(proc, "1/maps",
	    "55d000001000-55d000002000 r-xp 00001000 08:01 100 /usr/bin/app\n"
	    "7f0000000000-7f0000100000 r-xp 00028000 08:01 200 /usr/lib/libc.so.6\n"
	    "7f1000000000-7f1000001000 r-xp 00001000 08:01 300 /usr/lib/libplug.so\n");
	put(proc, "40/comm", "new\n");
	put(proc, "40/maps", "00400000-00402000 r-xp 00000000 08:01 8 /bin/new\n");
	ok(symfiles_stop(&sf, 2000) == 0, "maps: STOP written");
	symfiles_free(&sf);
	t = slurp(out, "maps");
	ok(!strcmp(t,
		   "# LTT maps 1: the executable mappings of each process at START and at STOP (docs/stacks.md)\n"
		   "@START 1000\n"
		   "pid 1 init\n"
		   "55d000001000-55d000002000 r-xp 00001000 08:01 100 /usr/bin/app\n"
		   "7f0000000000-7f0000100000 r-xp 00028000 08:01 200 /usr/lib/libc.so.6\n"
		   "pid 30 other\n"
		   "00400000-00401000 r-xp 00000000 08:01 7 /bin/other\n"
		   "@STOP 2000\n"
		   "pid 1 init\n"
		   "55d000001000-55d000002000 r-xp 00001000 08:01 100 /usr/bin/app\n"
		   "7f0000000000-7f0000100000 r-xp 00028000 08:01 200 /usr/lib/libc.so.6\n"
		   "7f1000000000-7f1000001000 r-xp 00001000 08:01 300 /usr/lib/libplug.so\n"
		   "pid 40 new\n"
		   "00400000-00402000 r-xp 00000000 08:01 8 /bin/new\n"),
	   "maps: executable lines only; STOP has the changed (1) and the new (40), not 30");
	if (tap_failed)
		printf("# got:\n%s", t);
	ok(mode_of(out, "maps") == 0600, "maps 0600");
	close(fd);

	/* the bound: 250 bytes hold pid 1's block (221 bytes now), not 30's or 40's */
	fd = newdir("m2");
	ok(symfiles_start(&sf, fd, out, 0, proc, 250, 1) == 0 && sf.written[0] == 1 &&
	   sf.omitted[0] == 2, "bound 250 bytes: 1 process written, 2 left out (%lu, %lu)",
	   sf.written[0], sf.omitted[0]);
	symfiles_free(&sf);
	t = slurp(out, "maps");
	ok(strstr(t, "\n@OMITTED 2\n") != NULL && !strstr(t, "pid 30"), "@OMITTED 2 in the file");
	close(fd);

	fd = newdir("m3");
	snprintf(proc, sizeof(proc), "%s/noproc", root);
	ok(symfiles_start(&sf, fd, out, 0, proc, 1 << 20, 1) == -1 && mode_of(out, "maps") == -1,
	   "no /proc to read: no maps file");
	symfiles_free(&sf);
	close(fd);

	snprintf(proc, sizeof(proc), "rm -rf %s", root);
	if (system(proc) != 0)
		return 99;
	return done_testing();
}
