# tap.sh - tiny TAP helpers for the shell tests (sourced).
#   plan N | ok COND DESC | is GOT WANT DESC | skip WHY | skip_all WHY |
#   skip_missing WHY | done_testing
# Every test script runs from the repository root.
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$TOP" || exit 1
export PATH="$TOP/scripts:$TOP/tracevisualizer:$TOP/traced:$PATH"
# python3 is Debian's (/usr/bin/python3, with the modules scripts/setup-deps
# installs), not a version manager's shim that a login PATH may put first:
# on the development machine pyenv's shim ran 39 processes per start, 0.8 s
# of CPU (against 0.06 s), and the tests start python thousands of times.
case ":$PATH:" in
*/.pyenv/*)
	PATH=$(printf '%s\n' "${PATH//:/$'\n'}" | grep -v '/\.pyenv/' | paste -sd:)
	export PATH
	;;
esac
_tap_n=0
_tap_failed=0

plan() { echo "1..$1"; }
# skip_all WHY : the whole file skipped, for a dependency missing (a
# program, a build, a module: WHY names it); with LTT_REQUIRE_ALL=1 (set
# by .ci/run) a failure naming it instead
skip_all() {
	if [ "${LTT_REQUIRE_ALL-}" = 1 ]; then
		ok 1 "LTT_REQUIRE_ALL=1, no skip allowed: $*"
		done_testing
	fi
	echo "1..0 # SKIP $*"
	exit 0
}
# skip WHY : one test skipped, with the reason (not for a dependency)
skip() { _tap_n=$((_tap_n + 1)); echo "ok $_tap_n # SKIP $*"; }
# skip_missing WHY : one test skipped because a dependency is missing;
# with LTT_REQUIRE_ALL=1 a failure naming it instead (as skip_all)
skip_missing() {
	if [ "${LTT_REQUIRE_ALL-}" = 1 ]; then
		ok 1 "LTT_REQUIRE_ALL=1, no skip allowed: $*"
	else
		skip "$*"
	fi
}
diag() { printf '%s\n' "$@" | sed 's/^/# /'; }

# ok COND DESC : returns 1 when the test failed, so that "ok ... || diag ..."
# says why
ok() {
	local cond=$1; shift
	_tap_n=$((_tap_n + 1))
	if [ "$cond" = 0 ] || [ "$cond" = true ]; then
		echo "ok $_tap_n - $*"
	else
		echo "not ok $_tap_n - $*"
		_tap_failed=$((_tap_failed + 1))
		return 1
	fi
}

# run CMD... : ok if the command exits 0
run_ok() { local d=$1; shift; "$@"; ok $? "$d"; }

is() {
	local got=$1 want=$2; shift 2
	if [ "$got" = "$want" ]; then ok 0 "$*"; else ok 1 "$*"; diag "got:  '$got'" "want: '$want'"; fi
}

# tap_through FILE [PREFIX] : a program's TAP results (ok / not ok lines)
# as ours, their descriptions after PREFIX; its comments passed on
tap_through() {
	local line
	while IFS= read -r line; do
		case "$line" in
		"ok "*) ok 0 "${2:-}${line#ok [0-9]* - }" ;;
		"not ok "*) ok 1 "${2:-}${line#not ok [0-9]* - }" ;;
		"#"*) echo "$line" ;;
		esac
	done < "$1"
}

done_testing() { echo "1..$_tap_n"; exit $(( _tap_failed > 0 )); }

# json FILE EXPR : print a value from a JSON file (python3 expression on 'j')
json() { python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); v=eval(sys.argv[2]); print(json.dumps(v) if isinstance(v,(dict,list,bool)) or v is None else v)' "$1" "$2"; }

# vm_run SHARE TIMEOUT CMD... : boot the guest, run CMD with SHARE at /mnt/share;
# more ltt-vm options can be set in the array VM_ARGS, e.g.
# VM_ARGS=(--disk "$share/disk.img")
VM_ARGS=()
vm_run() {
	local share=$1 t=$2; shift 2
	"$TOP/scripts/ltt-vm" --share "$share" --timeout "$t" --log "$share/console.log" \
		"${VM_ARGS[@]}" -- "$@"
}

# checks < <(CMD) : turn "PASS desc" / "FAIL desc" / "SKIP why" / "MISSING
# why" (a dependency: skip_missing) lines into TAP results;
# a last line DONE says the checker finished (its absence is a failure);
# any other line becomes a diagnostic.
checks() {
	local line finished=1
	while IFS= read -r line; do
		case "$line" in
		PASS\ *) ok 0 "${line#PASS }" ;;
		FAIL\ *) ok 1 "${line#FAIL }" ;;
		SKIP\ *) skip "${line#SKIP }" ;;
		MISSING\ *) skip_missing "${line#MISSING }" ;;
		DONE) finished=0 ;;
		*) diag "$line" ;;
		esac
	done
	ok $finished "the checker ran to its end"
}

# conserved TRACEDIR [DESC] : ok if tracevisualizer check finds every
# nanosecond accounted for (docs/control-flow.md, "Conservation")
conserved() {
	local out rc
	out=$(tracevisualizer check "$1" 2>&1); rc=$?
	ok $rc "${2:-conservation holds on $(basename "$1")} (tracevisualizer check)"
	[ $rc = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
}

# conserved_partial TRACEDIR [DESC] : ok if tracevisualizer check finds every
# nanosecond accounted for in a trace whose figures are partial (events
# lost, the trace cut or warned about): status 4, the sums ok
conserved_partial() {
	local out rc
	out=$(tracevisualizer check "$1" 2>&1); rc=$?
	[ $rc = 4 ] && ! printf '%s\n' "$out" | grep -q FAILED
	ok $? "${2:-conservation holds on $(basename "$1"), its figures partial} (tracevisualizer check: status 4)"
	[ $rc = 4 ] || printf 'status %s\n%s\n' "$rc" "$out" | sed 's/^/# /'
}
