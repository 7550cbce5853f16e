// SPDX-License-Identifier: GPL-2.0
/* tap.c - minimal TAP producer for the unit tests. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tap.h"

static int planned = -1, run, failed;
static char root[256];

void tap_plan(int n)
{
	planned = n;
	printf("1..%d\n", n);
}

bool tap_ok(bool cond, const char *fmt, ...)
{
	va_list ap;

	run++;
	if (!cond)
		failed++;
	printf("%sok %d - ", cond ? "" : "not ", run);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	return cond;
}

void tap_diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

const char *tap_tmpdir(const char *name)
{
	static char path[512];

	if (!root[0]) {
		const char *tmp = getenv("TMPDIR");

		snprintf(root, sizeof(root), "%s/lttr-utest-XXXXXX", tmp ? tmp : "/tmp");
		if (!mkdtemp(root)) {
			perror("mkdtemp");
			exit(2);
		}
	}
	snprintf(path, sizeof(path), "%s/%s", root, name);
	mkdir(path, 0755);
	return path;
}

int tap_done(void)
{
	if (root[0] && !getenv("LTTR_UTEST_KEEP")) {
		char cmd[300];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
		if (system(cmd) != 0)
			fprintf(stderr, "could not remove %s\n", root);
	}
	if (planned < 0)
		printf("1..%d\n", run);
	else if (planned != run)
		printf("# planned %d tests but ran %d\n", planned, run);
	if (failed)
		printf("# failed %d of %d\n", failed, run);
	return failed || (planned >= 0 && planned != run);
}

int tap_run(const char *cmd, char **out)
{
	char full[4200];
	size_t len = 0, cap = 4096;
	FILE *p;
	int st;

	snprintf(full, sizeof(full), "%s 2>&1", cmd);
	*out = malloc(cap);
	p = popen(full, "r");
	if (!p || !*out) {
		if (p)
			pclose(p);
		return -1;
	}
	for (;;) {
		size_t r;

		if (len + 1024 > cap) {
			char *n = realloc(*out, cap *= 2);

			if (!n)
				break;
			*out = n;
		}
		r = fread(*out + len, 1, cap - len - 1, p);
		if (!r)
			break;
		len += r;
	}
	(*out)[len] = '\0';
	st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}
