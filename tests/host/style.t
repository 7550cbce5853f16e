#!/bin/bash
# The project's style rules, enforced: user space is clean under cppcheck
# (traced, tracevisualizer, the workloads), and the trace module's and the test module's sources
# pass the kernel's checkpatch.pl with 0 errors and 0 warnings.
. "$(dirname "$0")/../lib/tap.sh"

command -v cppcheck >/dev/null || skip_all "cppcheck missing (scripts/setup-deps)"
run_ok "cppcheck: traced" make -s -C traced cppcheck
run_ok "cppcheck: tracevisualizer" make -s -C tracevisualizer cppcheck
run_ok "reader/internal.h only in src/reader/" make -s -C tracevisualizer check-includes
run_ok "cppcheck: tests/workloads" cppcheck -q --enable=warning,style,performance,portability \
	--error-exitcode=1 --inline-suppr -I include tests/workloads

cp=build/linux-source-6.1/scripts/checkpatch.pl
if [ -x "$cp" ]; then
	for f in $(git ls-files "trace-module/*.c" "trace-module/*.h" "tests/kmod/*.c"); do
		out=$(perl "$cp" --no-tree --no-color -q -f "$f" 2>&1 | grep -E '^total:')
		case "$out" in
		*" 0 errors, 0 warnings"*|"") ok 0 "checkpatch: $f ${out:-clean}" ;;
		*) ok 1 "checkpatch: $f $out" ;;
		esac
	done
else
	ok 0 "checkpatch: # SKIP $cp missing (scripts/build-kernel)"
fi
done_testing
