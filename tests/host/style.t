#!/bin/bash
# The project's style rules, enforced: user space is clean under cppcheck
# (traced, tracevisualizer, the workloads), and the trace module's and the test module's sources
# pass the kernel's checkpatch.pl with 0 errors and 0 warnings.
. "$(dirname "$0")/../lib/tap.sh"

command -v cppcheck >/dev/null || skip_all "cppcheck missing (scripts/setup-deps)"
run_ok "cppcheck: traced" make -s -C traced cppcheck
run_ok "cppcheck: tracevisualizer" make -s -C tracevisualizer cppcheck
run_ok "cppcheck: libltt-marker" make -s -C libltt-marker cppcheck
run_ok "reader/internal.h only in src/reader/" make -s -C tracevisualizer check-includes
run_ok "cppcheck: tests/workloads" cppcheck -q --enable=warning,style,performance,portability \
	--error-exitcode=1 --inline-suppr -I include tests/workloads

# The terminal analyzer uses the library, never the command line's files
# (the command line starts it): no tui/ file includes a header of cli/,
# by its name or through a path
tui_cli=$(cd tracevisualizer && for f in tui/*.[ch]; do
	for h in cli/*.h; do
		grep -Hn -E "^[[:space:]]*#[[:space:]]*include[[:space:]]*[\"<]([^\">]*/)?${h#cli/}[\">]" "$f"
	done
	grep -Hn -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]([^">]*/)?cli/' "$f"
done | sort -u)
ok "$([ -z "$tui_cli" ]; echo $?)" "tui/ includes no header of cli/${tui_cli:+: $(echo $tui_cli)}"

cp=build/linux-source-6.1/scripts/checkpatch.pl
if [ -x "$cp" ]; then
	# checkpatch's status: 0 when it reported nothing (no error, no
	# warning), not 0 on any report and when it could not run at all
	for f in $(git ls-files "trace-module/*.c" "trace-module/*.h" "tests/kmod/*.c"); do
		out=$(perl "$cp" --no-tree --no-color -q -f "$f" 2>&1)
		st=$?
		total=$(printf '%s\n' "$out" | grep -E '^total:')
		ok $st "checkpatch: $f ${total:-clean} (status $st)" ||
			printf '%s\n' "$out" | head -20 | sed 's/^/# /'
	done
else
	skip_missing "checkpatch: $cp missing (scripts/build-kernel)"
fi
done_testing
