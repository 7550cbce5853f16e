#!/bin/bash
# libltt-marker without a device: LTT_MARKER_DEVICE names a regular file
# of one page standing in for /dev/ltt-marker (its first word is the
# "enabled" word the library maps).  While the word is 0, markers write
# nothing (the file is unchanged after 1000 calls: no system call reached
# it); once it is 1, a marker is one write(2) of struct ltt_marker_write,
# the name and the text, exactly.  A missing device fails the first call
# with ENOENT and a sentence; a name of 64 bytes is refused (EINVAL).  The
# fast path of ltt_mark_begin() is at most 10 instructions up to its ret
# (the issue's target for a marker with tracing off).
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

make -s -C libltt-marker >/dev/null
ok $? "libltt-marker builds (.a and .so)"
[ -f libltt-marker/libltt-marker.a ] && [ -f libltt-marker/libltt-marker.so.1 ]
ok $? "... libltt-marker.a and libltt-marker.so.1"

cat > "$tmp/drv.c" <<'EOF'
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "ltt-marker.h"
int main(int argc, char **argv)
{
	int i, r = 0;

	if (!strcmp(argv[1], "off")) {
		for (i = 0; i < 1000; i++)
			r |= ltt_mark_begin("job") | ltt_counter("n", i) | ltt_mark("m", "%d", i);
		printf("%d\n", r);
	} else if (!strcmp(argv[1], "mark")) {
		r = ltt_mark("job", "step %d", 7);
		printf("%d\n", r);
	} else if (!strcmp(argv[1], "open")) {
		r = ltt_marker_open();
		printf("%d %s | %s\n", r, strerror(errno), ltt_marker_error());
	} else if (!strcmp(argv[1], "long")) {
		r = ltt_mark_begin("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
		printf("%d %s\n", r, r ? strerror(errno) : "-");
	}
	(void)argc;
	return 0;
}
EOF
cc -std=c11 -Wall -Wextra -Werror -Ilibltt-marker -o "$tmp/drv" "$tmp/drv.c" libltt-marker/libltt-marker.a
ok $? "a program links libltt-marker.a"

dev=$tmp/dev
head -c 4096 /dev/zero > "$dev"
is "$(LTT_MARKER_DEVICE=$dev "$tmp/drv" off)" "0" "enabled word 0: 3000 markers return 0"
is "$(od -v -An -tx1 "$dev" | tr -d ' \n' | tr -d 0)" "" "... and write nothing (the stand-in device is still all zeros)"

printf '\001' | dd of="$dev" conv=notrunc status=none
is "$(LTT_MARKER_DEVICE=$dev "$tmp/drv" mark)" "0" "enabled word 1: a mark returns 0"
# struct ltt_marker_write: kind 3 (mark), name_len 3, text_len 6, reserved 0, value 0
want="03 03 06 00 00 00 00 00 00 00 00 00 00 00 00 00 6a 6f 62 73 74 65 70 20 37"
is "$(head -c 25 "$dev" | od -An -tx1 | tr -s ' \n' ' ' | sed 's/^ //; s/ $//')" "$want" \
	"... written as one struct ltt_marker_write + \"job\" + \"step 7\""
is "$(od -v -An -tx1 -j 25 "$dev" | tr -d ' \n' | tr -d 0)" "" "... and nothing else"

is "$(LTT_MARKER_DEVICE=$dev "$tmp/drv" long)" "-1 Invalid argument" "a name of 64 bytes is refused (EINVAL)"
out=$(LTT_MARKER_DEVICE=$tmp/none "$tmp/drv" open)
is "$out" "-1 No such file or directory | $tmp/none: No such file or directory (is ltt_tracer loaded?)" \
	"no device: ltt_marker_open() fails with ENOENT and says why"

n=$(objdump -d --no-show-raw-insn libltt-marker/ltt-marker.o |
	awk '/<ltt_mark_begin>:/ { on = 1; next } on && /\tret/ { print c + 1; exit } on && /\t/ { c++ }')
ok $(( ${n:-99} > 10 )) "ltt_mark_begin()'s path with markers off: $n instructions up to its ret (<= 10)"
done_testing
