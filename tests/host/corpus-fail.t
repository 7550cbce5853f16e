#!/bin/bash
# The damaged traces of tests/corpus/fail/ (tests/corpus/README.md), one
# folder per case: each is read with the command its 'expected' file
# names, which must exit with the status it gives and print exactly the
# standard error it gives (every line, nothing more; none when it lists
# none).  The cases and their expected messages are written by
# tests/corpus/fail/make-cases; tests/host/damaged.t checks what else
# they must give (figures, JSON, --salvage).
. "$(dirname "$0")/../lib/tap.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
[ -x tracevisualizer/tracevisualizer ] || make -s -C tracevisualizer >/dev/null

n=0
for d in tests/corpus/fail/*/; do
	d=${d%/}
	c=${d##*/}
	e=$d/expected
	n=$((n + 1))
	if [ "$(sed -n '1s/^args: .*/args/p;2s/^status: [0-9]*$/status/p;3s/^stderr:$/stderr/p' "$e")" != \
		"$(printf 'args\nstatus\nstderr')" ]; then
		ok 1 "$c: expected starts with 'args: ', 'status: ' and 'stderr:' lines"
		continue
	fi
	args=$(sed -n '1s/^args: //p' "$e")
	want_st=$(sed -n '2s/^status: //p' "$e")
	tail -n +4 "$e" >"$tmp/want"
	# shellcheck disable=SC2086 # args: words
	tracevisualizer $args "$d" >/dev/null 2>"$tmp/got"
	st=$?
	if [ "$st" = "$want_st" ] && cmp -s "$tmp/got" "$tmp/want"; then
		ok 0 "$c: tracevisualizer $args exits $st, its message exact"
	else
		ok 1 "$c: tracevisualizer $args exits $want_st (got $st), its message exact"
		diff "$tmp/want" "$tmp/got" | sed 's/^/# /'
	fi
done
[ "$n" -ge 20 ]
ok $? "$n cases in tests/corpus/fail (at least 20)"
done_testing
