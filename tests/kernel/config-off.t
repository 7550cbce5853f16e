#!/bin/bash
# config-off.t - with CONFIG_LTT_TRACE=n (build/kernel-off) the kernel has
# no ltt symbol and the instrumented functions have no reference to one.
# Positive control: the same checks on build/kernel-on find them, so this
# test can fail.
# config-off-arm64.t (a link to this file) checks the arm64 kernels the
# same way: build/kernel-arm64-off against build/kernel-arm64, the generic
# event points and arm64's own (entry code, faults, handle_irq_desc()).
#
# Builds build/kernel-off with make kernel-off (scripts/build-kernel off,
# seeded from a built kernel-on the first time: about 90 s; incremental
# afterwards; nothing when make finds it newer than its inputs, as after
# make check's first builds: kbuild's walk of an up-to-date tree alone
# took about 60 s of CPU on the 2-core machine).  build/kernel-on is used
# as it is (LTT_KERNEL_ON_BUILD=1 makes it too).
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
case "$(basename "$0")" in
*arm64*)
	off=$root/build/kernel-arm64-off
	on=$root/build/kernel-arm64
	make_off=kernel-arm64-off make_on=kernel-arm64
	objdump=aarch64-linux-gnu-objdump nm=aarch64-linux-gnu-nm
	sys=__arm64_sys
	# object : function carrying (or, here, inlining) an LTT event point
	checks=(
		arch/arm64/kernel/syscall.o:do_el0_svc
		arch/arm64/mm/fault.o:do_mem_abort
		arch/arm64/mm/fault.o:do_sp_pc_abort
		arch/arm64/kernel/traps.o:do_undefinstr
		kernel/irq/irqdesc.o:handle_irq_desc
		kernel/time/itimer.o:__arm64_sys_setitimer
	)
	;;
*)
	off=$root/build/kernel-off
	on=$root/build/kernel-on
	make_off=kernel-off make_on=kernel
	objdump=objdump nm=nm
	sys=__x64_sys
	checks=(
		kernel/entry/common.o:syscall_enter_from_user_mode
		kernel/entry/common.o:syscall_exit_to_user_mode
		arch/x86/mm/fault.o:exc_page_fault
		arch/x86/kernel/traps.o:exc_general_protection
		arch/x86/kernel/traps.o:do_error_trap
		arch/x86/kernel/traps.o:math_error
		arch/x86/kernel/irq.o:common_interrupt
		arch/x86/kernel/apic/apic.o:sysvec_apic_timer_interrupt
		arch/x86/kernel/apic/apic.o:spurious_interrupt
		arch/x86/kernel/smp.o:sysvec_reschedule_ipi
		arch/x86/kernel/smp.o:sysvec_call_function_single
		arch/x86/kernel/irq_work.o:sysvec_irq_work
		kernel/time/itimer.o:do_setitimer
	)
	;;
esac

# the generic event points, the same on every architecture (SYS_: the
# architecture's prefix of syscall entry points)
checks+=(
	kernel/sched/core.o:__schedule
	kernel/sched/core.o:try_to_wake_up
	kernel/sched/core.o:wake_up_new_task
	kernel/fork.o:copy_process
	fs/exec.o:bprm_execve
	kernel/exit.o:do_exit
	kernel/softirq.o:handle_softirqs
	kernel/softirq.o:__raise_softirq_irqoff
	kernel/signal.o:__send_signal_locked
	kernel/signal.o:get_signal
	kernel/softirq.o:tasklet_action
	kernel/softirq.o:tasklet_hi_action
	kernel/time/timer.o:call_timer_fn
	kernel/time/hrtimer.o:__hrtimer_run_queues
	kernel/kthread.o:kthread
	kernel/exit.o:kernel_wait4
	kernel/exit.o:kernel_waitid
	fs/open.o:do_sys_openat2
	fs/open.o:__x64_sys_close
	fs/read_write.o:ksys_read
	fs/read_write.o:ksys_write
	fs/read_write.o:ksys_pread64
	fs/read_write.o:ksys_pwrite64
	fs/read_write.o:__x64_sys_lseek
	fs/ioctl.o:__x64_sys_ioctl
	fs/select.o:core_sys_select
	fs/select.o:do_sys_poll
	kernel/sched/core.o:io_schedule
	kernel/sched/core.o:io_schedule_timeout
	kernel/time/timer.o:schedule_timeout
	kernel/time/hrtimer.o:hrtimer_nanosleep
	fs/timerfd.o:timerfd_read
	mm/page_alloc.o:__alloc_pages
	mm/page_alloc.o:free_unref_page_prepare
	mm/page_alloc.o:__free_pages_ok
	mm/filemap.o:folio_wait_bit_common
	mm/mmap.o:mmap_region
	mm/mmap.o:do_mas_align_munmap.constprop.0
	mm/mprotect.o:mprotect_fixup
	fs/exec.o:begin_new_exec
	fs/exec.o:__set_task_comm
	block/blk-mq.o:blk_mq_start_request
	block/blk-mq.o:blk_update_request
	block/blk-mq.o:blk_mq_end_request_batch
	kernel/locking/mutex.o:__mutex_lock.constprop.0
	kernel/locking/rwsem.o:rwsem_down_read_slowpath
	kernel/locking/rwsem.o:rwsem_down_write_slowpath
	net/socket.o:__sys_socket
	net/socket.o:__sys_socketpair
	net/socket.o:__sys_bind
	net/socket.o:__sys_connect
	net/socket.o:__sys_listen
	net/socket.o:__sys_accept4
	net/socket.o:__sys_getsockname
	net/socket.o:__sys_getpeername
	net/socket.o:__sys_sendto
	net/socket.o:__sys_recvfrom
	net/socket.o:__sys_shutdown
	net/socket.o:__sys_setsockopt
	net/socket.o:__sys_getsockopt
	net/socket.o:__sys_sendmsg
	net/socket.o:__sys_recvmsg
	net/socket.o:__sys_sendmmsg
	net/socket.o:__sys_recvmmsg
	net/socket.o:sock_sendmsg_nosec
	net/socket.o:sock_recvmsg_nosec
	ipc/msg.o:ksys_msgget
	ipc/msg.o:ksys_msgsnd
	ipc/msg.o:ksys_msgrcv
	ipc/msg.o:__x64_sys_msgctl
	ipc/sem.o:ksys_semget
	ipc/sem.o:do_semtimedop
	ipc/sem.o:__x64_sys_semctl
	ipc/shm.o:ksys_shmget
	ipc/shm.o:__x64_sys_shmctl
	ipc/shm.o:do_shmat
	ipc/shm.o:ksys_shmdt
	net/core/dev.o:__netif_receive_skb_one_core
	net/core/dev.o:__netif_receive_skb_list_core
	net/core/dev.o:__dev_queue_xmit
)
checks=("${checks[@]//:__x64_sys/:$sys}")
# the files (objects) that hold LTT event points at all
objects=$(printf '%s\n' "${checks[@]}" | cut -d: -f1 | sort -u)

# ltt references in the disassembly of one function (and of its .cold part)
refs() { # dir obj func
	local f
	for f in "$3" "$3.cold"; do
		$objdump -dr --no-show-raw-insn --disassemble="$f" "$1/$2" 2>/dev/null
	done | grep -Ei '(^|[^a-z])_*ltt_' | grep -Ev '^[0-9a-f]+ <' || true
}

ntests=$((3 + ${#checks[@]} * 2 + 2))
echo "1..$ntests"
n=0
t() { # ok? description
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

# make check builds the arm64 kernels behind the tests (scripts/build-behind
# arm64; kernel-arm64-off is seeded from kernel-arm64): wait for that build
case "$make_off" in
kernel-arm64-off) "$root/scripts/build-behind" --wait arm64 >/dev/null 2>&1 ;;
esac
if [ "${LTT_KERNEL_ON_BUILD:-0}" = 1 ]; then
	make -s -C "$root" $make_on >/dev/null 2>"$root/build/config-off-t-$make_on.log"
fi
make -s -C "$root" $make_off >/dev/null 2>"$root/build/config-off-t-$make_off.log"
rc=$?
t $rc "make $make_off succeeds"
if [ $rc != 0 ]; then
	tail -20 "$root/build/config-off-t-$make_off.log" | sed 's/^/# /'
	while [ $n -lt $ntests ]; do t 1 "# SKIP no $(basename "$off") build"; done
	exit 1
fi

grep -qx '# CONFIG_LTT_TRACE is not set' "$off/.config"
t $? "CONFIG_LTT_TRACE is not set in $(basename "$off")/.config"

syms=$($nm "$off/vmlinux" | awk '{print $NF}' | grep -Ei '(^|_)ltt(_|$)')
[ -z "$syms" ]
t $? "$(basename "$off") vmlinux has no ltt symbol"
[ -n "$syms" ] && printf '# %s\n' $syms | head

for c in "${checks[@]}"; do
	obj=${c%%:*} fn=${c#*:}
	if ! $objdump -d --disassemble="$fn" "$off/$obj" 2>/dev/null | grep -F "<$fn>:" >/dev/null; then
		t 1 "$(basename "$off"): $fn found in $obj"
		continue
	fi
	r=$(refs "$off" "$obj" "$fn")
	[ -z "$r" ]
	t $? "$(basename "$off"): $fn ($obj) has no ltt reference"
	[ -n "$r" ] && printf '%s\n' "$r" | head -3 | sed 's/^/# /'
done

# Whole objects: no relocation against an ltt symbol either.
bad=$(for o in $objects; do $objdump -r "$off/$o" | grep -Ei 'ltt' | sed "s|^|$o: |"; done)
[ -z "$bad" ]
t $? "$(basename "$off"): no relocation against an ltt symbol in the instrumented objects"
[ -n "$bad" ] && printf '%s\n' "$bad" | head -5 | sed 's/^/# /'

# Positive control on kernel-on: the same probe finds the event points.
if [ ! -f "$on/vmlinux" ]; then
	# a dependency missing: with LTT_REQUIRE_ALL=1 (.ci/run) a failure
	if [ "${LTT_REQUIRE_ALL-}" = 1 ]; then
		while [ $n -lt $ntests ]; do
			t 1 "LTT_REQUIRE_ALL=1, no skip allowed: build/$(basename "$on")"
		done
		exit 1
	fi
	while [ $n -lt $ntests ]; do t 1 "# SKIP build/$(basename "$on") not built"; done
	exit 0
fi
$nm "$on/vmlinux" | grep ' __ltt_trace$' >/dev/null
t $? "control: $(basename "$on") vmlinux has __ltt_trace"
for c in "${checks[@]}"; do
	obj=${c%%:*} fn=${c#*:}
	r=$(refs "$on" "$obj" "$fn")
	[ -n "$r" ]
	t $? "control: $(basename "$on") $fn ($obj) references ltt"
done
