# stacktrace.sh - a trace with stacks whose frames have known names, for
# the tests of the stacks shown beside other results (sourced after
# tap.sh, with $tmp and $gen set): a hand-built 1.8 trace (gen-trace) in
# which server 5 blocks in main;serve;wait_request;do_read (kernel
# pipe_read, schedule), notifier 6 wakes it from main;notify;do_write
# (pipe_write, try_to_wake_up), then 6 blocks and 5 blocks again, neither
# with a stack record.  Its kallsyms (and an empty modules) name the
# kernel frames; its maps map /bin/app, which is not this machine's: the
# program built here, with those functions, is $tmp/root/bin/app, read
# through --symfs $tmp/root.  Writes $tmp/t, the same trace without
# stacks $tmp/nostacks, and sets $blocked and $waker, the two stacks
# folded and named.  a FUNC: the address FUNC + 4 in the program.
# the program whose functions the user frames name (not PIE: nm's addresses are the run's)
cat >"$tmp/app.c" <<'C'
volatile int sink;
__attribute__((noinline)) void do_read(void) { int i; for (i = 0; i < 9; i++) sink += i; }
__attribute__((noinline)) void wait_request(void) { int i; for (i = 0; i < 9; i++) sink += i; do_read(); }
__attribute__((noinline)) void serve(void) { int i; for (i = 0; i < 9; i++) sink += i; wait_request(); }
__attribute__((noinline)) void do_write(void) { int i; for (i = 0; i < 9; i++) sink += i; }
__attribute__((noinline)) void notify(void) { int i; for (i = 0; i < 9; i++) sink += i; do_write(); }
int main(void) { serve(); notify(); return 0; }
C
mkdir -p "$tmp/root/bin"
cc -O0 -fno-pie -no-pie -o "$tmp/root/bin/app" "$tmp/app.c"
ok $? "the program builds (not PIE)"
a() { printf '0x%x' $((0x$(nm "$tmp/root/bin/app" | awk -v f="$1" '$3 == f { print $1 }') + 4)); }
# its code segment, as /proc/PID/maps shows it
read -r off vaddr < <(readelf -lW "$tmp/root/bin/app" | awk '$1 == "LOAD" && / R E / { print $2, $3; exit }')
start=$(printf '%x' $(( vaddr & ~0xfff ))); end=$(printf '%x' $(( (vaddr & ~0xfff) + 0x10000 )))
foff=$(printf '%08x' $(( off & ~0xfff )))

mk() {	# $1 folder, $2 header line
	$gen "$1" <<DESC
$2
proc PID: 5; PPID: 1; TGID: 5; NAME: server
proc PID: 6; PPID: 1; TGID: 6; NAME: notifier
buf cpu=0 start=1000000000 pid=5
1000000000 start 5 0
1000000100 sched 5 6 1
1000000100 stack 5 schedchange 0 2 4 0xffffffff81000010 0xffffffff81000220 $(a do_read) $(a wait_request) $(a serve) $(a main)
1000000300 wakeup 5 0 0
1000000300 stack 6 wakeup 0 2 3 0xffffffff81000108 0xffffffff81000308 $(a do_write) $(a notify) $(a main)
1000000400 sched 6 5 1
1000000600 sched 5 0 1
DESC
}
mk "$tmp/t" "header format=1.8 stacks=schedchange,wakeup end=1000001000"
ok $? "gen-trace writes a trace with off-CPU and wakeup stacks"
cat >"$tmp/t/kallsyms" <<'K'
ffffffff81000000 T schedule
ffffffff81000100 T try_to_wake_up
ffffffff81000200 T pipe_read
ffffffff81000300 T pipe_write
ffffffff81000400 T _etext
K
: >"$tmp/t/modules"	# a kernel without modules
cat >"$tmp/t/maps" <<M
# LTT maps 1: the executable mappings of each process at START and at STOP (docs/stacks.md)
@START 1000000000
pid 5 server
$start-$end r-xp $foff 08:01 8 /bin/app
pid 6 notifier
$start-$end r-xp $foff 08:01 8 /bin/app
@STOP 1000001000
M
mk "$tmp/nostacks" "header format=1.8 end=1000001000"
ok $? "the same trace without stacks"

blocked='main+0x4;serve+0x4;wait_request+0x4;do_read+0x4;pipe_read+0x20;schedule+0x10'
waker='main+0x4;notify+0x4;do_write+0x4;pipe_write+0x8;try_to_wake_up+0x8'
