// SPDX-License-Identifier: GPL-2.0
/*
 * gen-trace.c - write a synthetic trace directory from a description
 * (the language of tracegen.h) read from a file or standard input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tracegen.h"

int main(int argc, char **argv)
{
	FILE *f = stdin;
	char *text = NULL;
	size_t len = 0, cap = 0, r;
	int ret;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		printf("Usage: gen-trace OUTDIR [DESCRIPTION-FILE]\n"
		       "Write a synthetic LTT trace directory; the description\n"
		       "language is documented in utest/tracegen.h.\n");
		return 0;
	}
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "Usage: gen-trace OUTDIR [DESCRIPTION-FILE]\n");
		return 2;
	}
	if (argc == 3 && !(f = fopen(argv[2], "r"))) {
		perror(argv[2]);
		return 1;
	}
	do {
		if (len + 4096 >= cap) {
			char *n;

			cap = cap ? 2 * cap : 65536;
			n = realloc(text, cap);
			if (!n) {
				free(text);
				return 1;
			}
			text = n;
		}
		r = fread(text + len, 1, cap - len - 1, f);
		len += r;
	} while (r);
	if (f != stdin)
		fclose(f);
	if (!text)
		return 1;
	text[len] = '\0';
	ret = tg_make(argv[1], text);
	free(text);
	return ret ? 1 : 0;
}
