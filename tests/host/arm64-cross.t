#!/bin/bash
# The arm64 guest's user space cross-built on the host (issue 33): make
# traced-arm64 workloads-arm64 builds traced and every workload of
# tests/workloads as static aarch64 executables (readelf -h: Machine
# AArch64, type EXEC, no program interpreter), in build/arm64/.  Under
# qemu-aarch64-static: traced --help is the x86 build's, word for word;
# traced names syscalls by arm64's table (--stacks syscall:openat taken,
# then no /dev/tracer; syscall:open and syscall:getpgrp, which arm64 has
# not, refused as on no machine); ltt-getppid's usage and exit status,
# ltt-getppid 5 makes exactly 5 getppid calls (qemu's -strace);
# ltt-sipcall 3's own svc makes getpgid(0) 3 times beside 3 getppid;
# ltt-stacks 3 runs its server and notifier to the end.  scripts/mkinitramfs
# --arch arm64 packs them with the arm64 busybox and modules (two aarch64
# relocatable objects stand for them here), and refuses an x86-64 module,
# a program given as a module and an x86-64 module in the x86-64 mode's
# place of an arm64 one.
. "$(dirname "$0")/../lib/tap.sh"

for c in aarch64-linux-gnu-gcc aarch64-linux-gnu-pkg-config qemu-aarch64-static readelf cpio; do
	command -v "$c" >/dev/null || skip_all "$c missing (scripts/setup-deps)"
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
a64=$TOP/build/arm64

# (make check builds them before the tests: this make finds them made,
# and writes nothing the arm64 build behind the tests may be reading)
if ! make -s traced traced-arm64 workloads-arm64 >"$tmp/build.log" 2>&1; then
	ok 1 "make traced traced-arm64 workloads-arm64"
	diag "$(tail -30 "$tmp/build.log")"
	done_testing
fi
ok 0 "make traced traced-arm64 workloads-arm64"

# "Machine/Type/static" of an ELF file
elf() {
	local h m t s=static
	h=$(LC_ALL=C readelf -h "$1" 2>&1) || { echo "not ELF"; return; }
	m=$(printf '%s\n' "$h" | sed -n 's/^ *Machine: *//p')
	t=$(printf '%s\n' "$h" | sed -n 's/^ *Type: *\([A-Z]*\).*/\1/p')
	LC_ALL=C readelf -l "$1" 2>/dev/null | grep -q 'Requesting program interpreter' && s=dynamic
	echo "$m/$t/$s"
}
is "$(elf "$a64/traced/traced")" "AArch64/EXEC/static" "build/arm64/traced/traced is a static aarch64 executable"
bad=
n=0
for c in tests/workloads/*.c; do
	w=$(basename "$c" .c)
	n=$((n + 1))
	got=$(elf "$a64/workloads/$w")
	[ "$got" = "AArch64/EXEC/static" ] || bad="$bad $w($got)"
done
is "${bad:-none}" "none" "all $n workloads of tests/workloads built as static aarch64 executables in build/arm64/workloads"
is "$(elf traced/traced)" "Advanced Micro Devices X86-64/EXEC/static" "traced/traced stays the host's (x86-64)"

q() { qemu-aarch64-static "$@"; }

# traced
traced/traced --help >"$tmp/help.x86" 2>&1
q "$a64/traced/traced" --help >"$tmp/help.a64" 2>&1
is "$?" 0 "arm64 traced --help exits 0"
ok "$(cmp -s "$tmp/help.x86" "$tmp/help.a64"; echo $?)" "arm64 traced --help is x86's, word for word ($(wc -l <"$tmp/help.a64") lines)" ||
	diag "$(diff "$tmp/help.x86" "$tmp/help.a64" | head -10)"
out=$(q "$a64/traced/traced" --stacks syscall:openat -o "$tmp/t1" -t 1 2>&1); rc=$?
is "$rc:$out" "1:traced: cannot open /dev/tracer: No such file or directory (is the ltt_tracer module loaded?)" \
	"arm64 traced --stacks syscall:openat: the name taken (then no /dev/tracer on the host)"
for s in open getpgrp; do
	out=$(q "$a64/traced/traced" --stacks "syscall:$s" -o "$tmp/t2" -t 1 2>&1); rc=$?
	is "$rc:$(printf '%s\n' "$out" | head -1)" \
		"2:traced: bad --stacks: 'syscall:$s' (expected switch-out, wakeup, sample or syscall:NAME, comma-separated)" \
		"arm64 traced --stacks syscall:$s refused: arm64's table has no $s"
done
out=$(traced/traced --stacks syscall:open -o "$tmp/t3" -t 1 2>&1); rc=$?
is "$rc:$out" "1:traced: cannot open /dev/tracer: No such file or directory (is the ltt_tracer module loaded?)" \
	"x86 traced --stacks syscall:open: taken (x86-64's table)"

# the workloads
out=$(q "$a64/workloads/ltt-getppid" 2>&1); rc=$?
is "$rc:$out" "2:usage: ltt-getppid N" "arm64 ltt-getppid without N: its usage, status 2"
q -strace "$a64/workloads/ltt-getppid" 5 >"$tmp/gp.out" 2>"$tmp/gp.strace"; rc=$?
is "$rc" 0 "arm64 ltt-getppid 5 exits 0"
pid=$(head -1 "$tmp/gp.out")
is "$(grep -c "^$pid getppid() = " "$tmp/gp.strace")" 5 "arm64 ltt-getppid 5 makes 5 getppid calls (qemu -strace), printing its pid $pid"
q -strace "$a64/workloads/ltt-sipcall" 3 >"$tmp/sip.out" 2>"$tmp/sip.strace"; rc=$?
pid=$(head -1 "$tmp/sip.out")
is "$rc:$(grep -c "^$pid getppid() = " "$tmp/sip.strace"):$(grep -cE "^$pid getpgid\(0\) = [0-9]+\$" "$tmp/sip.strace")" \
	"0:3:3" "arm64 ltt-sipcall 3: exit 0, 3 getppid, 3 getpgid(0) from sip_syscall_asm's svc"
dis=$(aarch64-linux-gnu-objdump -d "$a64/workloads/ltt-sipcall" 2>/dev/null |
	sed -n '/<sip_syscall_asm>:/,/^$/p' | awk -F'\t' 'NF >= 3 { print $3 }' | paste -sd';')
is "$dis" "stp;mov;mov;mov;svc;ldp;ret;nop" "arm64 sip_syscall_asm: a frame record (stp x29, x30), svc, ldp, ret"
out=$(q "$a64/workloads/ltt-stacks" 3 2>&1); rc=$?
ok "$([ $rc = 0 ] && [[ $out =~ ^server=[0-9]+\ notifier=[0-9]+$ ]]; echo $?)" \
	"arm64 ltt-stacks 3: the server and notifier run to the end (status $rc, '$out')"

# scripts/mkinitramfs --arch arm64
if make -s "$a64/busybox/bin/busybox" >"$tmp/bb.log" 2>&1; then
	is "$(elf "$a64/busybox/bin/busybox")" "AArch64/EXEC/static" "build/arm64/busybox/bin/busybox: Debian's busybox-static:arm64"
	echo 'int ltt_fake;' | aarch64-linux-gnu-gcc -c -x c -o "$tmp/mod.ko" -
	cp "$tmp/mod.ko" "$tmp/kmod.ko"
	MODULE=$tmp/mod.ko KMOD=$tmp/kmod.ko scripts/mkinitramfs --arch arm64 "$tmp/a.cpio" >"$tmp/mk.out" 2>&1
	is "$?:$(cat "$tmp/mk.out")" "0:" "mkinitramfs --arch arm64 with aarch64 modules"
	(cd "$tmp" && mkdir root && cd root && cpio -idm --quiet <../a.cpio)
	want=$(for c in tests/workloads/*.c; do echo "$(basename "$c" .c)"; done; echo traced)
	is "$(ls "$tmp/root/usr/bin" | sort | paste -sd' ')" "$(echo "$want" | sort | paste -sd' ')" \
		"the arm64 initramfs's /usr/bin: traced and every workload"
	ok "$(cmp -s "$tmp/root/usr/bin/traced" "$a64/traced/traced" && cmp -s "$tmp/root/bin/busybox" "$a64/busybox/bin/busybox" &&
		cmp -s "$tmp/root/lib/modules/ltt_tracer.ko" "$tmp/mod.ko" && cmp -s "$tmp/root/init" guest/init; echo $?)" \
		"the arm64 initramfs holds the arm64 traced, busybox, MODULE and guest/init"
	is "$(readlink "$tmp/root/bin/sh"):$(find "$tmp/root/bin" -type l | wc -l)" \
		"busybox:$(q "$a64/busybox/bin/busybox" --list | grep -vcx busybox)" \
		"/bin: a link to busybox per applet of the arm64 busybox's --list"
	gcc -c -x c -o "$tmp/x86.o" - <<<'int ltt_fake;'
	out=$(MODULE=$tmp/x86.o KMOD=$tmp/kmod.ko scripts/mkinitramfs --arch arm64 "$tmp/b.cpio" 2>&1); rc=$?
	is "$rc:$(printf '%s\n' "$out" | head -1):$([ -e "$tmp/b.cpio" ]; echo $?)" \
		"1:mkinitramfs: $tmp/x86.o is for the machine 'Advanced Micro Devices X86-64', not arm64's ('AArch64'): refused:1" \
		"mkinitramfs --arch arm64 refuses an x86-64 module, writes nothing"
	out=$(MODULE=$tmp/mod.ko KMOD=$a64/workloads/ltt-getppid scripts/mkinitramfs --arch arm64 "$tmp/b.cpio" 2>&1); rc=$?
	is "$rc:$out" "1:mkinitramfs: $a64/workloads/ltt-getppid is not a kernel module (ELF type EXEC): refused" \
		"mkinitramfs refuses a program as KMOD"
	out=$(MODULE=$tmp/mod.ko KMOD="" ARCH=x86_64 scripts/mkinitramfs "$tmp/b.cpio" 2>&1); rc=$?
	is "$rc:$(printf '%s\n' "$out" | head -1)" \
		"1:mkinitramfs: $tmp/mod.ko is for the machine 'AArch64', not x86_64's ('Advanced Micro Devices X86-64'): refused" \
		"mkinitramfs (x86_64, ARCH=x86_64) refuses an aarch64 module"
else
	skip_missing "the arm64 busybox: make $a64/busybox/bin/busybox failed: $(tail -1 "$tmp/bb.log")"
fi
done_testing
