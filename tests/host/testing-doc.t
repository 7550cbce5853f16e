#!/bin/bash
# docs/testing.md cannot rot: every test file of the tree (tests/*/*.t,
# the library's unit tests tracevisualizer/utest/test-*.c, the daemon's
# traced/test/test-*.c) is named in it, and every test file it names
# exists (a renamed or removed test leaves no stale name behind).
. "$(dirname "$0")/../lib/tap.sh"
doc=docs/testing.md
[ -f "$doc" ] || { ok 1 "$doc exists"; done_testing; }

# the page's words that look like test files, as the paths they name
named() {
	grep -o -E '(tests/[a-z]+/[0-9a-z-]+\.t|traced/test/test-[a-z-]+(\.c)?|(^|[^/a-z-])test-[a-z-]+\b|\b[0-9]{2}-[a-z0-9-]+\.t)' "$doc" |
	sed -E 's|^[^/a-z-](test-)|\1|;
		s|^(traced/test/test-[a-z-]+)$|\1.c|;
		s|^([0-9]{2}-.*\.t)$|tests/guest/\1|;
		s|^(test-[a-z-]+)$|tracevisualizer/utest/\1.c|' | sort -u
}

n=0 missing=0
for f in tests/*/*.t tracevisualizer/utest/test-*.c traced/test/test-*.c; do
	n=$((n + 1))
	case $f in
	tracevisualizer/utest/*) w=$(basename "$f" .c) ;;
	*) w=$f ;;
	esac
	if ! grep -q -w -F -- "$w" "$doc"; then
		ok 1 "$f is named in $doc (as $w)"
		missing=$((missing + 1))
	fi
done
ok $(( missing > 0 )) "all $n test files are named in $doc ($missing missing)"

stale=0
while read -r f; do
	case $f in
	tracevisualizer/utest/test-*.c) [ -f "$f" ] || [ -f "${f%.c}" ] ;;
	*) [ -f "$f" ] ;;
	esac || { ok 1 "$doc names $f, which does not exist"; stale=$((stale + 1)); }
done < <(named)
ok $(( stale > 0 )) "every test file $doc names exists ($stale stale)"
done_testing
