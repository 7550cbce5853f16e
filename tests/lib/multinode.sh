#!/bin/bash
# multinode.sh - the guest boots of several hosts on one clock (issue 31,
# docs/multihost.md), one place for tests/guest/46-multinode.t and
# scripts/bench-sync.
#
#   tests/lib/multinode.sh two SHARE [ECHOS [REQUESTS]] [-- LTT-VM OPTIONS]
#   tests/lib/multinode.sh three SHARE [ECHOS [REQUESTS]] [-- LTT-VM OPTIONS]
#   tests/lib/multinode.sh skew N    the test clock of node N: "OFFSET_NS DRIFT_PPB"
#
# two: scripts/ltt-vm --nodes 2 (a cable between the two), node 2's trace
# clock skewed by the module's test clock (docs/ltt_tracer.4): +1.5 s and
# 100 ppm fast.  Node 1 waits for node 2 (its address answers), then
# traces (traced --capture: the frames too) TCP echoes (ltt-netecho,
# ECHOS of 32 bytes each way, default 1500), UDP echoes (100), the RPC
# client A (ltt-rpc, REQUESTS, default 60) and TCP echoes again; node 2
# (10.0.1.2-4) traces the echo servers and the RPC's B, C and D (D
# sleeping 10 ms per call).  Both ends of the echoes poll the device for
# 1 ms before they sleep in a receive (ltt-netecho --busy-poll 1000): a
# frame that reaches a halted guest waits for QEMU to wake its vCPU and
# for the interrupt's path, about half of the fastest frame's transit;
# the fastest frames each way bound the clocks (docs/multihost.md,
# "Measured under the emulator").  The RPC's sockets do not poll: its
# tasks block and are woken as any.  Each RPC process logs its ground
# truth on its own guest's raw CLOCK_MONOTONIC (SHARE/nodeI/rpc.X).
#
# three: scripts/ltt-vm --nodes 3 (the hub), node 2 skewed as above and
# node 3 by its own test clock, +0.7 s and 50 ppm slow; the RPC across
# the three (REQUESTS, default 40): A on node 1 calls B on node 2, which
# calls C and D on node 3 (10.0.1.3 and 10.0.1.4); TCP echoes (ECHOS of
# 32 bytes each way, default 400) from node 1 to node 2 before and after
# the RPC, and from node 2 to node 3 before B serves and after it ends:
# messages between nodes 1 and 2 and between 2 and 3, none between 1 and
# 3.  Node 1 waits for node 2 and node 3's second address, node 2 for
# the latter.  Each node traces its side (traced, without frames).  The
# echoes do not poll the device here: three guests' vCPUs spinning on
# two host cores would take the CPU from each other's QEMU.
#
# Each node's trace is SHARE/nodeI/t; the consoles SHARE/console.I; the
# exit status is scripts/ltt-vm's.
set -uo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

usage() { sed -n '2,/^set -uo/{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; }
die() { echo "multinode.sh: $*" >&2; exit 2; }

# the test clocks: node 2's and node 3's (offset ns, drift ppb)
skew() {
	case "$1" in
	2) echo "1500000000 100000" ;;
	3) echo "700000000 -50000" ;;
	*) echo "0 0" ;;
	esac
}
modargs() { set -- $(skew "$1"); echo "clock_offset_ns=$1 clock_drift_ppb=$2"; }

# node 1 waits until each ADDRESS answers (60 tries of a second at most)
wait_for() {
	local a w=
	for a in "$@"; do
		w="$w
n=0
until ping -c 1 -W 1 $a > /dev/null 2>&1; do
	n=\$((n + 1)); [ \$n -le 60 ] || { echo '$a does not answer' >&2; exit 1; }
done"
	done
	printf '%s\n' "$w"
}

# sizes ECHOS REQUESTS ARGS...: the caller's echos and reqs from ARGS'
# leading numbers (else ECHOS and REQUESTS), and a "--" after them; used:
# how many of ARGS that was
sizes() {
	echos=$1 reqs=$2 used=0
	shift 2
	case "${1:-}" in [0-9]*) echos=$1; used=1; shift ;; esac
	case "${1:-}" in [0-9]*) reqs=$1; used=$((used + 1)); shift ;; esac
	[ "${1:-}" != -- ] || used=$((used + 1))
}

# vm N SHARE ARGS...: scripts/ltt-vm --nodes N, one CPU each, SHARE shared
vm() {
	local n=$1 share=$2
	shift 2
	"$top/scripts/ltt-vm" --nodes "$n" --cpus 1 --share "$share" --timeout 400 \
		--log "$share/console" "$@"
}

# many fast messages each way at both ends of the RPC's span
two() {
	local share=$1 echos reqs used
	shift
	sizes 1500 60 "$@"
	shift $used
	vm 2 "$share" "$@" \
		--node 1 -- "set -e
$(wait_for 10.0.1.2)
traced -q --capture 128 -o /mnt/share/t -- sh -c 'set -e
	ltt-netecho --busy-poll 1000 tcp 10.0.1.2 7200 $echos 32 > /mnt/share/echo1
	ltt-netecho --busy-poll 1000 udp 10.0.1.2 7201 100 32 > /mnt/share/echo2
	ltt-rpc client --threads 1 --requests $reqs --net 10.0.1 --truth /mnt/share/rpc.a
	ltt-netecho --busy-poll 1000 tcp 10.0.1.2 7202 $echos 32 > /mnt/share/echo3'" \
		--node 2 --module-args "$(modargs 2)" -- "set -e
ip addr add 10.0.1.3/24 dev net0 && ip addr add 10.0.1.4/24 dev net0
traced -q --capture 128 -o /mnt/share/t -- sh -c '
	ltt-netecho --busy-poll 1000 serve tcp 10.0.1.2 7200 $echos 32 > /dev/null &
	ltt-netecho --busy-poll 1000 serve udp 10.0.1.2 7201 100 32 > /dev/null &
	ltt-netecho --busy-poll 1000 serve tcp 10.0.1.2 7202 $echos 32 > /dev/null &
	for r in d c b; do
		ltt-rpc serve \$r --conns 1 --net 10.0.1 --truth /mnt/share/rpc.\$r &
	done
	wait'"
}

three() {
	local share=$1 echos reqs used
	shift
	sizes 400 40 "$@"
	shift $used
	vm 3 "$share" "$@" \
		--node 1 -- "set -e
$(wait_for 10.0.1.2 10.0.1.4)
traced -q -o /mnt/share/t -- sh -c 'set -e
	ltt-netecho tcp 10.0.1.2 7200 $echos 32 > /mnt/share/echo1
	ltt-rpc client --threads 1 --requests $reqs --net 10.0.1 --truth /mnt/share/rpc.a
	ltt-netecho tcp 10.0.1.2 7201 $echos 32 > /mnt/share/echo2'" \
		--node 2 --module-args "$(modargs 2)" -- "set -e
$(wait_for 10.0.1.4)
traced -q -o /mnt/share/t -- sh -c 'set -e
	ltt-netecho serve tcp 10.0.1.2 7200 $echos 32 > /dev/null &
	ltt-netecho serve tcp 10.0.1.2 7201 $echos 32 > /dev/null &
	ltt-rpc serve b --conns 1 --net 10.0.1 --truth /mnt/share/rpc.b &
	b=\$!
	ltt-netecho tcp 10.0.1.3 7300 $echos 32 > /mnt/share/echo1
	wait \$b
	ltt-netecho tcp 10.0.1.3 7301 $echos 32 > /mnt/share/echo2
	wait'" \
		--node 3 --module-args "$(modargs 3)" -- "set -e
ip addr add 10.0.1.4/24 dev net0
traced -q -o /mnt/share/t -- sh -c '
	ltt-netecho serve tcp 10.0.1.3 7300 $echos 32 > /dev/null &
	ltt-netecho serve tcp 10.0.1.3 7301 $echos 32 > /dev/null &
	for r in d c; do
		ltt-rpc serve \$r --conns 1 --net 10.0.1 --truth /mnt/share/rpc.\$r &
	done
	wait'"
}

case "${1:-}" in
two|three)
	[ $# -ge 2 ] && [ -d "$2" ] || die "$1: SHARE must be a directory (see --help)"
	"$@" ;;
skew)
	[ $# -eq 2 ] || die "skew N"
	skew "$2" ;;
-h|--help) usage ;;
*) die "two, three or skew (see --help)" ;;
esac
