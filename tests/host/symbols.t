#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# symbols.t - "tracevisualizer symbolize" as a person uses it, on a trace
# that traced wrote (on its fake device: test/traced-fake): a program with
# known functions (frame pointers, PIE) runs during the trace; traced
# saves its /proc/PID/maps; symbolize names its functions exactly, the
# code no function covers as the file and its offset, a stripped copy
# read through --symfs as the file and its offset, a missing file as
# [unknown] with one warning; a kernel address through the trace's
# kallsyms (as root); and the usage errors (docs/stacks.md, "Symbols").
. "$(dirname "$0")/../lib/tap.sh"
tv=$TOP/tracevisualizer/build/tracevisualizer
tmp=$(mktemp -d)
prog_pid=
trap '[ -n "$prog_pid" ] && kill "$prog_pid" 2>/dev/null; rm -rf "$tmp"' EXIT

make -s -C "$TOP/tracevisualizer" build/tracevisualizer >"$tmp/build.log" 2>&1 &&
	make -s -C "$TOP/traced" test/traced-fake >>"$tmp/build.log" 2>&1
ok $? "tracevisualizer and traced-fake build" || sed 's/^/# /' "$tmp/build.log" | tail -20

# a program whose functions we know; it prints their addresses, then waits
# (on a fifo) until the trace is over
cat >"$tmp/app.c" <<'C'
#include <stdio.h>
#include <unistd.h>
volatile int sink;
__attribute__((noinline)) void serve(void) { int i; for (i = 0; i < 50; i++) sink += i; }
__attribute__((noinline)) static void leaf(void) { int i; for (i = 0; i < 50; i++) sink ^= i; }
__asm__(".text\n.globl nofn\nnofn:\n.fill 32,1,0x90\n");
extern char nofn[];
int main(int argc, char **argv)
{
	char c;
	FILE *f;

	serve();
	leaf();
	printf("%lx %lx %lx\n", (unsigned long)&serve, (unsigned long)&leaf, (unsigned long)nofn);
	fflush(stdout);
	f = fopen(argv[argc - 1], "r");	/* the fifo: blocks until it is opened for writing */
	if (f && fread(&c, 1, 1, f))
		return 0;
	return 0;
}
C
mkdir -p "$tmp/bin"
cc -O0 -fno-omit-frame-pointer -fPIE -pie -o "$tmp/bin/app" "$tmp/app.c"
ok $? "the program builds (PIE, frame pointers)"
mkfifo "$tmp/go"
"$tmp/bin/app" "$tmp/go" >"$tmp/app.out" &
prog_pid=$!
i=0
while [ ! -s "$tmp/app.out" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
read -r serve leaf nofn <"$tmp/app.out"
ok $([ -n "$nofn" ]; echo $?) "it runs as pid $prog_pid and prints its addresses ($serve $leaf $nofn)"

"$TOP/traced/test/traced-fake" -d fake -q -o "$tmp/t" -t 0.05 2>"$tmp/traced.err"
ok $? "a trace while it runs (traced on the fake device)"
echo >"$tmp/go"
wait "$prog_pid"
prog_pid=
ok $(grep -q "^pid [0-9]* app$" "$tmp/t/maps"; echo $?) "the trace's maps hold the program"

# as a person types it
off() {	# the file offset of address $1 in the program's mapping, from the trace's maps
	python3 - "$tmp/t/maps" "$1" "$2" <<'PY'
import sys
a, pid, sect, cur = int(sys.argv[2], 16), sys.argv[3], None, None
for l in open(sys.argv[1]):
    f = l.split()
    if l.startswith('@'):
        sect = f[0]
    elif l.startswith('pid '):
        cur = f[1]
    elif sect == '@START' and cur == pid and f[-1].endswith('/bin/app'):
        s, e = (int(x, 16) for x in f[0].split('-'))
        if s <= a < e:
            print('%x' % (a - s + int(f[2], 16)))
PY
}
pid=$(sed -n 's/^pid \([0-9]*\) app$/\1/p' "$tmp/t/maps" | head -1)
"$tv" symbolize --pid "$pid" "$tmp/t" "$serve" "0x$(printf %x $((16#$serve + 16)))" \
	"$(printf %x $((16#$leaf + 5)))" "$(printf %x $((16#$nofn + 4)))" 10 >"$tmp/out" 2>"$tmp/err"
is "$?" 0 "symbolize exits 0"
is "$(cat "$tmp/out")" "0x$serve serve+0x0
0x$(printf %x $((16#$serve + 16))) serve+0x10
0x$(printf %x $((16#$leaf + 5))) leaf+0x5
0x$(printf %x $((16#$nofn + 4))) app+0x$(off "$(printf %x $((16#$nofn + 4)))" "$pid")
0x10 [unknown]" "the functions named exactly, code outside them as the file and its offset, an unmapped address unknown"

# a stripped copy through --symfs: only the file is known
mkdir -p "$tmp/symfs$tmp/bin"
strip -s -o "$tmp/symfs$tmp/bin/app" "$tmp/bin/app"
"$tv" symbolize --pid "$pid" --symfs "$tmp/symfs" "$tmp/t" "$serve" >"$tmp/out" 2>"$tmp/err"
is "$(cat "$tmp/out")" "0x$serve app+0x$(off "$serve" "$pid")" "--symfs: the stripped copy is read, the file and its offset"
# --symfs without the file, and the file gone: unknown, said once
rm "$tmp/symfs$tmp/bin/app"
"$tv" symbolize --pid "$pid" --symfs "$tmp/symfs" "$tmp/t" "$serve" "$leaf" >"$tmp/out" 2>"$tmp/err"
is "$(cat "$tmp/out")" "0x$serve [unknown]
0x$leaf [unknown]" "a missing ELF file: [unknown]"
is "$(grep -c "warning: $tmp/symfs$tmp/bin/app: cannot read its symbols (No such file or directory)" "$tmp/err")" 1 \
	"... said once for the two addresses"
"$tv" symbolize --pid "$pid" --symfs "$tmp/no-such-dir" "$tmp/t" "$serve" >"$tmp/out" 2>"$tmp/err"
is "$?" 1 "a --symfs that does not exist: exit status 1"
is "$(cat "$tmp/err")" "tracevisualizer: --symfs $tmp/no-such-dir: No such file or directory" "... said so"

# the kernel: through the trace's kallsyms, saved when traced runs as root
if [ -f "$tmp/t/kallsyms" ]; then
	# a text symbol alone at its address, with 0x10 bytes before the next
	read -r kaddr kname < <(python3 - "$tmp/t/kallsyms" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
for i in range(1, len(rows) - 1):
    p, r, n = rows[i - 1], rows[i], rows[i + 1]
    if len(r) == 3 and r[1] in 'Tt' and p[0] != r[0] and int(n[0], 16) > int(r[0], 16) + 16:
        print(r[0], r[2])
        break
PY
)
	"$tv" symbolize --kernel "$tmp/t" "$(printf %x $((16#$kaddr + 16)))" >"$tmp/out" 2>"$tmp/err"
	is "$(cat "$tmp/out")" "0x$(printf %x $((16#$kaddr + 16))) $kname+0x10" "--kernel: $kname+0x10 through the trace's kallsyms"
else
	skip "--kernel: no kallsyms in the trace (not root, or kptr_restrict)"
fi

# usage errors
"$tv" symbolize --pid "$pid" "$tmp/t" >/dev/null 2>"$tmp/err"
is "$?:$(head -1 "$tmp/err")" "2:tracevisualizer: symbolize: no address given (hexadecimal, after TRACEDIR)" "no address: usage error"
"$tv" symbolize --pid "$pid" "$tmp/t" 12zz >/dev/null 2>"$tmp/err"
is "$?:$(head -1 "$tmp/err")" "2:tracevisualizer: symbolize: not a hexadecimal address: 12zz" "a bad address: usage error"
"$tv" symbolize --pid "$pid" --kernel "$tmp/t" 10 >/dev/null 2>"$tmp/err"
is "$?:$(head -1 "$tmp/err")" "2:tracevisualizer: symbolize: give the process of the addresses (--pid P) or --kernel" "--pid and --kernel: usage error"
"$tv" dump --symfs "$tmp" "$tmp/t" >/dev/null 2>"$tmp/err"
is "$?:$(head -1 "$tmp/err")" "2:tracevisualizer: --symfs is an option of tui, latency, explain, critical-path, stacks, symbolize and audit" "--symfs is an option of the commands that name frames, not of dump"

done_testing
