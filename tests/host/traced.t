#!/bin/bash
# traced.t - builds the trace daemon and runs its host tests (traced/test):
# the option parsers, the command line options, the /proc snapshot against
# a fake /proc and /sys tree, the double-buffered writer (order, write
# errors), the header and lost files, running the program, the command
# line, the symbol files (kallsyms, modules, maps) against a fake /proc,
# and whole sessions on a fake device (configuration ioctls, flight
# recorder, --set-events).
source "$(dirname "$0")/../lib/tap.sh"

if ! make -s -C traced traced test/test-parse test/test-options test/test-snapshot \
	test/test-writer test/test-header test/test-program test/test-symfiles \
	test/traced-fake >/tmp/traced-build.$$ 2>&1; then
	echo "1..1"
	echo "not ok 1 - make -C traced"
	sed 's/^/# /' /tmp/traced-build.$$
	rm -f /tmp/traced-build.$$
	exit 1
fi
rm -f /tmp/traced-build.$$

n=0 failed=0
for t in test-parse test-options test-snapshot test-writer test-header test-program test-symfiles cli.sh; do
	echo "# traced/test/$t"
	out=$(traced/test/$t 2>&1); rc=$?
	# renumber the sub-test's TAP lines into one stream
	while IFS= read -r line; do
		case $line in
		"ok "*|"not ok "*)
			n=$((n + 1))
			case $line in "not ok "*) failed=$((failed + 1)); esac
			printf '%s\n' "$line" |
				sed -E "s/^(not )?ok [0-9]+/\1ok $n/" ;;
		1..*) ;;
		*) printf '%s\n' "$line" ;;
		esac
	done < <(printf '%s\n' "$out" | sed -E 's/^traced: /# traced: /')
	n=$((n + 1))
	if [ $rc = 0 ]; then echo "ok $n - traced/test/$t exits 0"; else
		echo "not ok $n - traced/test/$t exits 0 (got $rc)"
		failed=$((failed + 1)); fi
done
echo "1..$n"
exit $((failed > 0))
