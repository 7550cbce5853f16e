#!/bin/bash
# The Python binding (libltt-marker/python/ltt_marker.py) against the C
# library, each with a regular file of one page standing in for
# /dev/ltt-marker (LTT_MARKER_DEVICE; its first word is the "enabled"
# word both map): the same calls (begin, a mark with a formatted text, a
# text of 200 bytes with non-ASCII and control characters, counters with
# negative and 64-bit values, end) write exactly the same bytes; while
# the word is 0 nothing is written; a missing device raises OSError
# ENOENT with the C library's sentence, and the later calls are no-ops; a
# name of 64 bytes raises EINVAL.
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export PYTHONPATH=$TOP/libltt-marker/python

make -s -C libltt-marker >/dev/null
ok $? "libltt-marker builds"
cat > "$tmp/drv.c" <<'EOF2'
#include <stdio.h>
#include <string.h>
#include "ltt-marker.h"
int main(void)
{
	char t[201];
	int r = 0;

	memset(t, 'x', 200);
	t[200] = 0;
	t[3] = '\t';
	t[5] = (char)0xc3;
	t[6] = (char)0xa9;
	r |= ltt_mark_begin("job");
	r |= ltt_mark("job", "step %d of %s", 7, "run");
	r |= ltt_mark("long", "%s", t);
	r |= ltt_counter("queue", -5);
	r |= ltt_counter("big", 9007199254740993LL);
	r |= ltt_mark("empty", "%s", "");
	r |= ltt_mark_end("job");
	printf("%d\n", r);
	return 0;
}
EOF2
cc -std=c11 -Wall -Wextra -Werror -Ilibltt-marker -o "$tmp/drv" "$tmp/drv.c" libltt-marker/libltt-marker.a
ok $? "the C driver links"
cat > "$tmp/drv.py" <<'EOF2'
import ltt_marker as m
t = bytearray(b'x' * 200)
t[3] = 9
s = t.decode('latin-1')
s = s[:5] + '\u00e9' + s[7:]      # the same UTF-8 bytes c3 a9 at 5 and 6
m.mark_begin("job")
m.mark("job", "step %d of %s", 7, "run")
m.mark("long", "%s", s)
m.counter("queue", -5)
m.counter("big", 9007199254740993)
m.mark("empty", "%s", "")
m.mark_end("job")
print(0)
EOF2

for who in c py; do
	head -c 4096 /dev/zero > "$tmp/dev-$who"
	printf '\001' | dd of="$tmp/dev-$who" conv=notrunc status=none
done
is "$(LTT_MARKER_DEVICE=$tmp/dev-c "$tmp/drv")" "0" "C: the 7 markers return 0"
is "$(LTT_MARKER_DEVICE=$tmp/dev-py python3 "$tmp/drv.py")" "0" "Python: the 7 markers return"
is "$(od -v -An -tx1 -j 300 "$tmp/dev-c" | tr -d ' \n' | tr -d 0)" "" "C: the records fill the file's first 300 bytes at most"
cmp "$tmp/dev-c" "$tmp/dev-py"
ok $? "Python wrote exactly the C library's bytes ($(stat -c %s "$tmp/dev-py") bytes)"
# the first record at offset 0 (a write at the file's start): kind 1, name_len 3, "job" at 16
is "$(od -An -tx1 -N 19 "$tmp/dev-py" | tr -s ' \n' ' ' | sed 's/^ //; s/ $//')" \
	"01 03 00 00 00 00 00 00 00 00 00 00 00 00 00 00 6a 6f 62" "... the first a begin of \"job\""

head -c 4096 /dev/zero > "$tmp/off"
is "$(LTT_MARKER_DEVICE=$tmp/off python3 - <<'EOF2'
import ltt_marker as m
for i in range(1000):
    m.mark_begin("job"); m.counter("n", i); m.mark("m", "%d", i); m.mark_end("job")
print("done")
EOF2
)" "done" "enabled word 0: 4000 markers return"
is "$(od -v -An -tx1 "$tmp/off" | tr -d ' \n' | tr -d 0)" "" "... and write nothing (still all zeros)"

out=$(LTT_MARKER_DEVICE=$tmp/none python3 - <<'EOF2' 2>&1
import errno, ltt_marker as m
try:
    m.mark_begin("job")
    print("no error")
except OSError as e:
    print(errno.errorcode[e.errno], e.strerror)
m.mark_begin("job")
m.counter("n", 1)
print("later:", m.open_error())
EOF2
)
is "$out" "ENOENT $tmp/none: No such file or directory (is ltt_tracer loaded?)
later: $tmp/none: No such file or directory (is ltt_tracer loaded?)" \
	"no device: the first call raises ENOENT with the C library's sentence, the later ones do nothing"
is "$(LTT_MARKER_DEVICE=$tmp/dev-py python3 - <<'EOF2' 2>&1
import errno, ltt_marker as m
try:
    m.mark_begin("a" * 64)
except OSError as e:
    print(errno.errorcode[e.errno])
EOF2
)" "EINVAL" "a name of 64 bytes raises EINVAL (as the C library's -1 EINVAL)"
done_testing
