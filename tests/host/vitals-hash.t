#!/bin/bash
# The vital signs' label hash (trace-module/tracer_vitals.c: vit_hash()
# and what it calls, taken from the module's source as it is and built
# here in user space): the labels of one site of one executable, told
# apart by pid and key alone (the system call vital sign's: a storm of
# processes of one binary at one stack pointer), never share a hash; nor
# across three sites; their HCA cells (the top 10 bits) and their places
# in the first-seen set (the low 10) spread as a random hash's do.  The
# hash of before (each input multiplied in, then xored) gave 384464 of
# the 450000 (pid, system call) pairs of one site another's label:
# 04-daemon.t's storm then missed a child's getppid now and then (its
# label was another child's rseq: taken as seen, not a first event).
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
src=$TOP/trace-module/tracer_vitals.c

# the functions, from "static notrace u64 vit_mix" to vit_hash()'s end
awk '/^static notrace u64 vit_mix\(/ { on = 1 }
	on { print }
	on && /^static notrace u64 vit_hash\(/ { h = 1 }
	h && /^}/ { exit }' "$src" > "$tmp/hash.inc"
grep -q '^static notrace u64 vit_hash(u64 a, u64 b, u64 c)$' "$tmp/hash.inc"
ok $? "vit_mix() and vit_hash() taken from the module's source ($(wc -l < "$tmp/hash.inc") lines)"

cat > "$tmp/h.c" <<'EOF'
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef uint64_t u64;
#define notrace
#include "hash.inc"

static int cmp(const void *x, const void *y)
{
	u64 a = *(const u64 *)x, b = *(const u64 *)y;

	return a < b ? -1 : a > b;
}

static u64 comm_id(const char *comm)
{
	u64 w[2] = { 0, 0 };

	memcpy(w, comm, strlen(comm) < 16 ? strlen(comm) : 16);
	return w[0] ^ (w[1] << 7 | w[1] >> 57);
}

/* the module's inputs of a system call's label (vit_account()) */
static u64 label(u64 site, u64 nr, u64 pid)
{
	return vit_hash(site ^ (nr << 48), pid << 32, comm_id("ltt-vitals-many"));
}

/* three call sites' masked stack pointers */
static const u64 sites[] = { 0x7ffd3f2a1000ULL, 0x7ffd3f2a0f00ULL, 0x7ffc00001000ULL };

/*
 * The cells and seen-set places of @n labels at site 0: the system calls
 * 0..n-1 of pid 437 (@by_pid 0), or system call 110 of pids 1..n
 */
static void spread(unsigned int n, int by_pid, const char *what)
{
	unsigned char cell[1024] = { 0 }, slot[1024] = { 0 };
	unsigned int k, cells = 0, slots = 0;

	for (k = 0; k < n; k++) {
		u64 x = by_pid ? label(sites[0], 110, k + 1) : label(sites[0], k, 437);

		cell[x >> 54] = 1;
		slot[x & 1023] = 1;
	}
	for (k = 0; k < 1024; k++) {
		cells += cell[k];
		slots += slot[k];
	}
	printf("%s: cells %u slots %u\n", what, cells, slots);
}

int main(void)
{
	size_t n = 0, i, dup = 0, s;
	u64 *l = malloc(3 * 1000 * 450 * sizeof(*l));
	unsigned int pid, nr;

	if (!l)
		return 1;
	for (s = 0; s < 3; s++)
		for (pid = 1; pid <= 1000; pid++)
			for (nr = 0; nr < 450; nr++)
				l[n++] = label(sites[s], nr, pid);
	qsort(l, n, sizeof(*l), cmp);
	for (i = 1; i < n; i++)
		dup += l[i] == l[i - 1];
	printf("labels %zu shared %zu\n", n, dup);
	/* one process's 450 system calls at one site: cells and slots */
	spread(450, 0, "one process");
	/* one system call of 1000 processes at one site */
	spread(1000, 1, "one call");
	free(l);
	return 0;
}
EOF
cc -O2 -std=c11 -Wall -Wextra -Werror -I"$tmp" -o "$tmp/h" "$tmp/h.c" && "$tmp/h" > "$tmp/out"
ok $? "the hash built and run in user space"
sed 's/^/# /' "$tmp/out"
is "$(sed -n 's/^labels \([0-9]*\) shared \([0-9]*\)$/\1 \2/p' "$tmp/out")" "1350000 0" \
	"1350000 labels (3 sites x 1000 pids x 450 system calls): none shares its hash with another"
# a random hash puts 450 labels in 1024 places in 365 of them on average
# (1024 (1 - e^(-450/1024))), 1000 in 638: at least 330 and 590 asked
read -r c1 s1 < <(sed -n 's/^one process: cells \([0-9]*\) slots \([0-9]*\)$/\1 \2/p' "$tmp/out")
ok $(( ! (${c1:-0} >= 330 && ${s1:-0} >= 330) )) "one process's 450 system calls: in $c1 cells and $s1 places of the seen set (at least 330 of 1024)"
read -r c2 s2 < <(sed -n 's/^one call: cells \([0-9]*\) slots \([0-9]*\)$/\1 \2/p' "$tmp/out")
ok $(( ! (${c2:-0} >= 590 && ${s2:-0} >= 590) )) "one system call of 1000 processes: in $c2 cells and $s2 places (at least 590 of 1024)"
done_testing
