# fdfile.sh - the descriptor walk of tracevisualizer/utest/test-fdfile on a
# guest's trace (sourced by guest tests, after tap.sh).
#
# fdfile_walk TRACE DESC [VAR=VALUE...] : builds test-fdfile and runs its
# checks on TRACE (LTT_FDFILE_TRACE, with the environment given): the file
# the library names for every read, write, seek and socket call on a
# descriptor is the one a walk of all the events keeps, 0 differ.  One
# check, DESC, passed when test-fdfile passed and printed its 3 lines on
# TRACE; those lines become diagnostics, and its log on a failure.
fdfile_walk() {
	local trace=$1 desc=$2 st out=${1%/}.fdfile
	shift 2
	make -s -C tracevisualizer build/utest/test-fdfile > "$out.log" 2>&1 &&
		env LTT_CORPUS="$TOP/tests/corpus" LTT_FDFILE_TRACE="$trace" "$@" \
		tracevisualizer/build/utest/test-fdfile > "$out.tap" 2>> "$out.log"
	st=$?
	grep -F -- " - $trace" "$out.tap" > "$out.mine"
	[ $st = 0 ] && [ "$(wc -l < "$out.mine")" = 3 ] && ! grep -q '^not ok' "$out.mine"
	ok $? "$desc (test-fdfile, status $st)"
	sed 's/^\(not \)\{0,1\}ok [0-9]* - /# /' "$out.mine"
	[ $st = 0 ] || sed 's/^/# /' "$out.log" | tail -5
}
