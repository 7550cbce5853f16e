#!/bin/bash
# config-guards.t - what the kernel configuration guarantees about the
# facility (issue 15):
#  - CONFIG_LTT_TRACE depends on 64BIT: an i386 configuration asked for
#    it (the guest fragment on an i386 tinyconfig) ends without it, while
#    the same on x86_64 keeps it (configuration only, no build: seconds);
#  - CONFIG_LTT_TRACE_IRQ_DESC (the irq events in handle_irq_desc()) is
#    set on arm64 and cannot be on x86_64 (its own irq events);
#  - the debug kernel (CONFIG_PROVE_RCU, build/kernel-debug) checks that
#    RCU is watching at every event (__ltt_trace() calls rcu_is_watching()),
#    the normal one (build/kernel-on) does not.
. "$(dirname "$0")/../lib/tap.sh"
src=$TOP/build/linux-source-6.1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -f "$src/kernel/ltt/Kconfig" ] || skip_all "no patched source in build/linux-source-6.1 (make kernel)"

# configure ARCH=$1 in $tmp/$1 from tinyconfig + the guest fragment
configure() {
	local arch=$1 out=$tmp/$1 cross=
	[ "$arch" = arm64 ] && cross=aarch64-linux-gnu-
	mkdir -p "$out"
	make -s -C "$src" O="$out" ARCH="$arch" CROSS_COMPILE="$cross" tinyconfig >/dev/null 2>&1 &&
		(cd "$out" && KCONFIG_CONFIG=.config ARCH="$arch" \
			"$src/scripts/kconfig/merge_config.sh" -m -O "$out" .config \
			"$TOP/config/ltt-guest.config" >/dev/null 2>&1) &&
		make -s -C "$src" O="$out" ARCH="$arch" CROSS_COMPILE="$cross" olddefconfig >/dev/null 2>&1
}

configure x86_64
ok $? "x86_64: tinyconfig + ltt-guest.config configures"
grep -qx 'CONFIG_LTT_TRACE=y' "$tmp/x86_64/.config"
ok $? "x86_64: CONFIG_LTT_TRACE=y"
configure i386
ok $? "i386: tinyconfig + ltt-guest.config configures"
if grep -q '^CONFIG_64BIT=y' "$tmp/i386/.config"; then
	ok 1 "i386: a 32-bit configuration (CONFIG_64BIT unset)"
else
	ok 0 "i386: a 32-bit configuration (CONFIG_64BIT unset)"
fi
if grep -q '^CONFIG_LTT_TRACE=y' "$tmp/i386/.config"; then
	ok 1 "i386: CONFIG_LTT_TRACE cannot be set (depends on 64BIT)"
else
	ok 0 "i386: CONFIG_LTT_TRACE cannot be set (depends on 64BIT)"
fi
grep -q 'depends on 64BIT' "$src/kernel/ltt/Kconfig" &&
	grep -q '64-bit kernels only' "$src/kernel/ltt/Kconfig"
ok $? "the Kconfig help says why"
# the interrupt events of handle_irq_desc() (patch 0022) are arm64's
# alone: x86 emits its own in its entry code, and would record every
# interrupt twice with both
configure arm64
ok $? "arm64: tinyconfig + ltt-guest.config configures"
grep -qx 'CONFIG_LTT_TRACE=y' "$tmp/arm64/.config" &&
	grep -qx 'CONFIG_LTT_TRACE_IRQ_DESC=y' "$tmp/arm64/.config"
ok $? "arm64: CONFIG_LTT_TRACE=y and CONFIG_LTT_TRACE_IRQ_DESC=y"
! grep -q '^CONFIG_LTT_TRACE_IRQ_DESC=' "$tmp/x86_64/.config"
ok $? "x86_64: CONFIG_LTT_TRACE_IRQ_DESC cannot be set (arm64 only)"

# make check builds the debug kernel behind the tests
# (scripts/build-behind): its objects are read once that build ended
"$TOP/scripts/build-behind" --wait guest-debug >/dev/null 2>&1
for v in debug on; do
	obj=$TOP/build/kernel-$v/kernel/ltt/facility.o
	if [ ! -f "$obj" ]; then
		ok 1 "build/kernel-$v/kernel/ltt/facility.o exists (make kernel-$v)"
		continue
	fi
	if nm "$obj" | grep -q ' U rcu_is_watching$'; then calls=yes; else calls=no; fi
	if [ $v = debug ]; then
		is "$calls" yes "debug kernel (PROVE_RCU): __ltt_trace() checks rcu_is_watching()"
	else
		is "$calls" no "normal kernel: no RCU check on the event path"
	fi
done
done_testing
