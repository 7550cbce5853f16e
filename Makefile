# Top-level Makefile of the LTT-style kernel tracing toolkit.
#
#   make demo    install what is missing, build everything, boot the guest,
#                trace a sample workload and print the analysis (ARCH=arm64:
#                on the arm64 guest, its build too)
#   make check   run every test (host unit tests, kernel build tests, guest tests)
#   make bench-tui  the terminal analyzer's first screen, keystroke and memory
#                figures on a 10-million-event trace (docs/benchmarks.md)
#   make bench-gtk  the window's first frame, paint and memory figures, the same way
#   make bench-timing  the timing analyses (latency of every kind, critical-path) against
#                summary --time on a 10-million-event trace (docs/benchmarks.md)
#   make bench-stacks  stacks --kind offcpu, wakeup, --json, --svg against summary --time
#                on 10-million-event traces with stacks (docs/benchmarks.md)
#   make bench-replay  the next and the previous hit of a predicate from the middle of a
#                10-million-event trace: the predicate bar, a pass from the start (docs/benchmarks.md)
#   make fuzz    a fuzzing campaign of the trace reader (libFuzzer, ASan, UBSan;
#                FUZZ_TIME seconds, default 3600, FUZZ_JOBS processes), then of the
#                causal paths (FUZZ_PATHS_TIME seconds, default 600; docs/fuzzing.md)
#   make bench   measure overhead, trace size and loss against no tracing and
#                ftrace (one guest boot per clock setting), write docs/benchmarks.md
#                (BENCHFLAGS, default "--reps 7 --clock icount,tsc,hpet", the run of docs/benchmarks.md)
#
# Other targets: deps, kernel, kernel-off, kernel-debug, guest-debug, module, traced, tracevisualizer,
# fuzz-build (the fuzz test's clang builds),
# workloads, kmod (the guest tests' kernel module), guest, check-host, check-kernel, check-guest, clean, distclean.
# The arm64 guest's user space (issue 33), cross-built in build/arm64/: traced-arm64,
# workloads-arm64, guest-arm64-user (both and the arm64 busybox), build/arm64/initramfs.cpio.

TOP      := $(CURDIR)
# make demo ARCH=arm64: ARCH is this Makefile's alone.  Given on the command
# line it would reach every make below it, the kernel's builds of the x86
# guest included (kbuild reads ARCH): neither passed down nor exported.
DEMO_ARCH := $(if $(filter arm64 aarch64,$(ARCH)),arm64,x86_64)
MAKEOVERRIDES := $(filter-out ARCH=%,$(MAKEOVERRIDES))
unexport ARCH
BUILD    := $(TOP)/build
KSRC     := $(BUILD)/linux-source-6.1
KTARBALL := /usr/src/linux-source-6.1.tar.xz
KON      := $(BUILD)/kernel-on
KOFF     := $(BUILD)/kernel-off
KDBG     := $(BUILD)/kernel-debug
BZIMAGE  := $(KON)/arch/x86/boot/bzImage
MODULE   := trace-module/ltt_tracer.ko
KMOD     := tests/kmod/ltt_selftest.ko
TRACED   := traced/traced
TV       := tracevisualizer/tracevisualizer
INITRD   := $(BUILD)/initramfs.cpio
MODDBG   := $(BUILD)/module-debug
INITRD_DEBUG := $(BUILD)/initramfs-debug.cpio
# the arm64 guest (QEMU virt, issue 33): its kernels, the module and the
# tests' module cross-built against it from copies of their sources
ARM64_MAKE := ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-
KARM     := $(BUILD)/kernel-arm64
KARMOFF  := $(BUILD)/kernel-arm64-off
IMAGE_ARM64 := $(KARM)/arch/arm64/boot/Image
MODARM   := $(BUILD)/arm64/module
KMODARM  := $(BUILD)/arm64/kmod
SYSTBL   := $(KSRC)/arch/x86/entry/syscalls/syscall_64.tbl
PROVE    ?= prove
PROVEFLAGS ?=
# make check runs its three folders as three streams side by side, each in
# its own order (prove's rules: a "seq" group runs one test at a time, the
# groups run in parallel), CHECK_JOBS at a time.  The guest tests spend
# their time in one emulated guest, the host tests mostly in one process:
# one stream of either leaves a core idle, which on the 2-core CI machine
# was about 40 % of a 31-minute test run (prove --timer: 1564 s of CPU in
# 1861 s).  CHECK_JOBS=1 runs them one after the other as before.
# The host stream was the longer by 222 s on the clean-clone run of
# 2026-11-28 (host 23.2 minutes; guest then kernel ended 3.7 minutes
# before it), so one host test of about half that difference, gtk-window.t
# (91 s), runs in the guest stream: prove's first matching rule wins.  On
# the run of 2026-11-29 20:21 the host stream was again the longer, by 5.2
# minutes (the fuzzer took 593 s instead of 365): style.t (153 s) moved too.
# On the run of 2026-11-29 23:16 the host stream still ended 4.4 minutes
# after the guest and kernel streams (00:10:52 against 00:06:46):
# gtk-tables.t (99 s) moved too.
CHECK_JOBS ?= 2
CHECK_STREAMS := -j$(CHECK_JOBS) \
	--rules='seq={tests/guest/*.t,tests/host/gtk-window.t,tests/host/style.t,tests/host/gtk-tables.t}' \
	--rules='seq=tests/host/*.t' --rules='seq=tests/kernel/*.t'

KERNEL_INPUTS := $(wildcard patches/*) config/ltt-guest.config scripts/build-kernel include/ltt/ltt-abi.h
MODULE_INPUTS := $(wildcard trace-module/*.c trace-module/*.h trace-module/Makefile trace-module/Kbuild) include/ltt/ltt-abi.h include/ltt/ltt-clock.h include/ltt/ltt-events.h

KMOD_INPUTS := $(wildcard tests/kmod/*.c tests/kmod/Makefile tests/kmod/Kbuild trace-module/ltt_custom.h) include/ltt/ltt-abi.h

all: kernel module kmod traced tracevisualizer workloads guest

deps:
	@scripts/setup-deps

$(KTARBALL):
	@scripts/setup-deps

kernel-source: $(SYSTBL)
$(SYSTBL): | $(KTARBALL)
	@mkdir -p $(BUILD)
	tar -xf $(KTARBALL) -C $(BUILD)
	@touch $@

kernel: $(BZIMAGE)
$(BZIMAGE): $(KERNEL_INPUTS) config/ltt-x86.config | $(KTARBALL)
	scripts/build-kernel on

kernel-off: $(KOFF)/arch/x86/boot/bzImage
$(KOFF)/arch/x86/boot/bzImage: $(KERNEL_INPUTS) config/ltt-x86.config config/ltt-off.config | $(KTARBALL)
	scripts/build-kernel off

kernel-debug: $(KDBG)/arch/x86/boot/bzImage
$(KDBG)/arch/x86/boot/bzImage: $(KERNEL_INPUTS) config/ltt-x86.config config/ltt-debug.config | $(KTARBALL)
	scripts/build-kernel debug

module: $(MODULE)
$(MODULE): $(MODULE_INPUTS) $(BZIMAGE)
	$(MAKE) -C trace-module KDIR=$(KON)

# The arm64 guest's kernels (scripts/build-kernel arm64, arm64-off: the same
# patches, config/ltt-guest.config + config/ltt-arm64.config, cross-built
# with Debian's gcc-aarch64-linux-gnu), its trace module and the tests'
# module, built from copies of their sources (their x86 objects stay)
kernel-arm64: $(IMAGE_ARM64)
$(IMAGE_ARM64): $(KERNEL_INPUTS) config/ltt-arm64.config | $(KTARBALL)
	scripts/build-kernel arm64

kernel-arm64-off: $(KARMOFF)/arch/arm64/boot/Image
$(KARMOFF)/arch/arm64/boot/Image: $(KERNEL_INPUTS) config/ltt-arm64.config config/ltt-off.config | $(KTARBALL)
	scripts/build-kernel arm64-off

module-arm64: $(MODARM)/ltt_tracer.ko
$(MODARM)/ltt_tracer.ko: $(MODULE_INPUTS) $(IMAGE_ARM64)
	rm -rf $(MODARM) && mkdir -p $(MODARM)
	cp trace-module/*.c trace-module/*.h trace-module/Kbuild $(MODARM)/
	$(MAKE) -s -C $(KARM) $(ARM64_MAKE) M=$(MODARM) LTT_INCLUDE=$(TOP)/include modules

# the arm64 guest's whole build: what it boots and its kernel without the
# facility (tests/kernel/config-off-arm64.t); make check makes its user
# space before the tests (half a minute of CPU: arm64-cross.t, early in
# the host tests, checks it) and the rest behind them (scripts/build-behind
# arm64), for which ltt-vm --arch arm64 and config-off-arm64.t wait
arm64: guest-arm64 kernel-arm64-off

# everything the arm64 guest boots (scripts/ltt-vm --arch arm64)
guest-arm64: $(IMAGE_ARM64) module-arm64 kmod-arm64 guest-arm64-user
	@$(MAKE) -s $(ARM64_INITRD)

kmod-arm64: $(KMODARM)/ltt_selftest.ko
$(KMODARM)/ltt_selftest.ko: $(KMOD_INPUTS) $(MODARM)/ltt_tracer.ko
	rm -rf $(KMODARM) && mkdir -p $(KMODARM)
	cp tests/kmod/*.c tests/kmod/Kbuild $(KMODARM)/
	$(MAKE) -s -C $(KARM) $(ARM64_MAKE) M=$(KMODARM) LTT_TOP=$(TOP) \
		KBUILD_EXTRA_SYMBOLS=$(MODARM)/Module.symvers modules

# The user-space parts are built USER_JOBS files at a time (the kernel's
# build uses every core too): one at a time, tracevisualizer alone took
# about 1.5 minutes of a clean clone's make check on the 2-core machine.
USER_JOBS ?= $(shell nproc)

traced: deps-quiet
	$(MAKE) -j$(USER_JOBS) -C traced

tracevisualizer: deps-quiet $(SYSTBL)
	$(MAKE) -j$(USER_JOBS) -C tracevisualizer KSRC=$(KSRC)

# The guest tests' kernel module: links against the trace module's
# exported custom-event API (trace-module/Module.symvers).
kmod: $(KMOD)
$(KMOD): $(KMOD_INPUTS) $(MODULE) $(BZIMAGE)
	$(MAKE) -C tests/kmod KDIR=$(KON)

workloads:
	$(MAKE) -j$(USER_JOBS) -C tests/workloads OUT=$(BUILD)/workloads

deps-quiet:
	@scripts/setup-deps

guest: $(BZIMAGE) $(MODULE) kmod traced workloads
	@$(MAKE) -s $(INITRD)

$(INITRD): $(MODULE) $(KMOD) $(TRACED) guest/init scripts/mkinitramfs $(wildcard $(BUILD)/workloads/*)
	scripts/mkinitramfs --arch x86_64 $@

# The arm64 guest's user space (issue 33: QEMU virt, -cpu cortex-a57),
# cross-built on the host by Debian's aarch64-linux-gnu toolchain and
# multiarch arm64 libraries (scripts/setup-deps) into build/arm64/: traced
# (its objects in build/arm64/traced, the reader library's in
# build/arm64/reader), the workloads, Debian's busybox-static:arm64, and
# the initramfs with the arm64 trace module and test module (their rules
# are the arm64 kernel's)
ARM64         := $(BUILD)/arm64
CROSS_ARM64   := aarch64-linux-gnu-
ARM64_TRACED  := $(ARM64)/traced/traced
ARM64_MODULE  := $(ARM64)/module/ltt_tracer.ko
ARM64_KMOD    := $(ARM64)/kmod/ltt_selftest.ko
ARM64_BUSYBOX := $(ARM64)/busybox/bin/busybox
ARM64_INITRD  := $(ARM64)/initramfs.cpio
ARM64_WORKLOADS := $(patsubst tests/workloads/%.c,$(ARM64)/workloads/%,$(wildcard tests/workloads/*.c))

traced-arm64: deps-quiet $(SYSTBL)
	$(MAKE) -j$(USER_JOBS) -C traced B=$(ARM64)/traced READER_O=$(ARM64)/reader KSRC=$(KSRC) \
		CC=$(CROSS_ARM64)gcc AR=$(CROSS_ARM64)ar PKG_CONFIG=$(CROSS_ARM64)pkg-config

workloads-arm64: deps-quiet
	$(MAKE) -j$(USER_JOBS) -C tests/workloads CC=$(CROSS_ARM64)gcc OUT=$(ARM64)/workloads

guest-arm64-user: traced-arm64 workloads-arm64 $(ARM64_BUSYBOX)

# (made by the phony targets above, then as new as they left them)
$(ARM64_TRACED): traced-arm64 ;
$(ARM64_WORKLOADS): workloads-arm64 ;

# Debian's busybox-static for arm64, unpacked (it cannot be installed
# beside the host's /bin/busybox): the version of the archive's index
$(ARM64_BUSYBOX): | deps-quiet
	rm -rf $(ARM64)/busybox $(ARM64)/busybox-deb && mkdir -p $(ARM64)/busybox-deb
	cd $(ARM64)/busybox-deb && apt-get download -q -o APT::Sandbox::User=root busybox-static:arm64
	dpkg-deb -x $(ARM64)/busybox-deb/busybox-static_*_arm64.deb $(ARM64)/busybox
	@test -x $@ && touch $@

$(ARM64_INITRD): $(ARM64_MODULE) $(ARM64_KMOD) $(ARM64_TRACED) $(ARM64_BUSYBOX) $(ARM64_WORKLOADS) \
		guest/init scripts/mkinitramfs
	MODULE=$(ARM64_MODULE) KMOD=$(ARM64_KMOD) scripts/mkinitramfs --arch arm64 $@

# The same module and initramfs for the debug kernel (lockdep, kmemleak…):
# the module's sources are built from a copy, against build/kernel-debug.
guest-debug: $(KDBG)/arch/x86/boot/bzImage traced workloads
	@$(MAKE) -s $(INITRD_DEBUG)

$(MODDBG)/ltt_tracer.ko: $(MODULE_INPUTS) $(KDBG)/arch/x86/boot/bzImage
	rm -rf $(MODDBG) && mkdir -p $(MODDBG)
	cp trace-module/*.c trace-module/*.h trace-module/Kbuild $(MODDBG)/
	$(MAKE) -C $(KDBG) M=$(MODDBG) LTT_INCLUDE=$(TOP)/include modules

$(INITRD_DEBUG): $(MODDBG)/ltt_tracer.ko $(TRACED) guest/init scripts/mkinitramfs $(wildcard $(BUILD)/workloads/*)
	MODULE=$(MODDBG)/ltt_tracer.ko KMOD= scripts/mkinitramfs --arch x86_64 $@

# make demo ARCH=arm64: the same on the arm64 guest (its build as well)
demo: deps
	@$(MAKE) all $(if $(filter arm64,$(DEMO_ARCH)),arm64)
	ARCH=$(DEMO_ARCH) scripts/demo

# The lessons (docs/lessons/): their workloads traced in one boot of the
# guest, then each lesson's numbers, page and pictures from its trace
# (scripts/lessons; tests/guest/46-lessons.t asserts the numbers in
# make check's own boot, tests/host/lessons.t the pages against them)
lessons: deps
	@$(MAKE) all
	scripts/lessons

# The debug kernel (build/kernel-debug: lockdep, kmemleak… touch every
# object, so it cannot be seeded from kernel-on as kernel-off is) took
# 12.5 of the 28.5 minutes make check spent building on the clean-clone
# run of 2026-11-29 23:16, for one guest test of 50 s near the end of the
# guest stream, while the tests left a core idle about a quarter of their
# time (prove: 2334 s of CPU in 1533 s on 2 cores).  make check therefore
# builds it behind the tests (scripts/build-behind: nice 19, idle I/O
# class), and scripts/ltt-vm --kernel debug waits for that build before
# making guest-debug itself (then up to date), so 50-debug-kernel.t boots
# what it built; a failed build is made again there, in the foreground,
# and fails that test with make's errors.  The debug kernel itself starts
# behind the first builds already (the source unpacked first, by one
# make): the other builds left a core idle about an eighth of their 17
# minutes on the clean-clone run of 2026-11-30 17:26 (1807 s of CPU in
# 1026 s), time the debug kernel now takes (build-kernel builds the
# variants side by side).
check: deps
	@rm -f $(BUILD)/cpu-builds.log
	@$(MAKE) -s kernel-source
	@scripts/build-behind kernel-debug
	@LTT_CPU_LOG=$(BUILD)/cpu-builds.log LTT_CPU_LABEL="make all kmod kernel-off fuzz-build guest-arm64-user" \
		scripts/test-cpu $(MAKE) all kmod kernel-off fuzz-build guest-arm64-user || \
		{ s=$$?; scripts/build-behind --wait kernel-debug arm64 >/dev/null 2>&1; exit $$s; }
	@scripts/build-behind guest-debug
	@scripts/build-behind arm64
	PROVE=$(PROVE) scripts/run-tests $(CHECK_STREAMS) $(PROVEFLAGS) tests/host tests/kernel tests/guest; \
		s=$$?; scripts/build-behind --wait kernel-debug guest-debug arm64 >/dev/null; exit $$s

BENCHFLAGS ?= --reps 7 --clock icount,tsc,hpet
bench: all
	scripts/bench $(BENCHFLAGS)

# tests/host/fuzz.t's build of the library (clang, ASan + UBSan, libFuzzer's
# coverage: the fuzzers and the replay of the saved inputs link the same
# objects; a second build for the replay alone, gcc's ASan + UBSan, took
# 107 s of CPU on 2026-11-30 and found nothing the first does not), made here two jobs at a time
# before the tests start: inside the test they were made one file at a
# time (96 s of CPU each on 2026-11-29) in the host stream, the longer of
# make check's streams on the last CI run.
FUZZ_FUZZERS := build-fuzz/fuzz/fuzz-replay build-fuzz/fuzz/fuzz-reader build-fuzz/fuzz/fuzz-paths \
	build-fuzz/fuzz/fuzz-seeds
fuzz-build: deps-quiet $(SYSTBL)
	$(MAKE) -s -j2 -C tracevisualizer KSRC=$(KSRC) FUZZ=1 $(FUZZ_FUZZERS)

FUZZ_TIME ?= 3600
FUZZ_PATHS_TIME ?= 600
FUZZ_JOBS ?= 1
fuzz: deps-quiet $(SYSTBL)
	$(MAKE) -C tracevisualizer KSRC=$(KSRC) FUZZ_TIME=$(FUZZ_TIME) \
		FUZZ_PATHS_TIME=$(FUZZ_PATHS_TIME) FUZZ_JOBS=$(FUZZ_JOBS) fuzz

bench-tui: tracevisualizer
	scripts/bench-tui

bench-gtk: tracevisualizer
	scripts/bench-gtk

bench-timing: tracevisualizer
	scripts/bench-timing

bench-replay: tracevisualizer
	scripts/bench-replay

bench-stacks: tracevisualizer
	scripts/bench-stacks

check-host: deps
	@$(MAKE) traced tracevisualizer workloads
	PROVE=$(PROVE) scripts/run-tests $(PROVEFLAGS) tests/host

check-kernel: deps
	@$(MAKE) kernel kernel-off kernel-debug kernel-arm64 kernel-arm64-off
	PROVE=$(PROVE) scripts/run-tests $(PROVEFLAGS) tests/kernel

check-guest: deps
	@$(MAKE) all kmod kernel-off guest-debug guest-arm64
	PROVE=$(PROVE) scripts/run-tests $(PROVEFLAGS) tests/guest

clean:
	-$(MAKE) -C traced clean
	-$(MAKE) -C tracevisualizer clean
	-$(MAKE) -C tests/workloads clean OUT=$(BUILD)/workloads
	-[ -d $(KON) ] && $(MAKE) -C trace-module clean KDIR=$(KON)
	-[ -d $(KON) ] && $(MAKE) -C tests/kmod clean KDIR=$(KON)
	rm -f $(INITRD) $(INITRD_DEBUG)
	rm -rf $(ARM64)/traced $(ARM64)/reader $(ARM64)/workloads $(ARM64_INITRD)
	rm -rf $(MODDBG)

distclean: clean
	rm -rf $(BUILD) traces

.PHONY: arm64 traced-arm64 workloads-arm64 guest-arm64-user guest-arm64 kernel-arm64 kernel-arm64-off \
	module-arm64 kmod-arm64
.PHONY: all deps deps-quiet kernel-source kernel kernel-off kernel-debug guest-debug module traced tracevisualizer fuzz fuzz-build \
	kmod workloads guest demo lessons check bench bench-tui bench-gtk bench-timing bench-replay bench-stacks check-host check-kernel check-guest clean distclean
