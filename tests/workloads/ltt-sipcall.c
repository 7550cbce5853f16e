// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-sipcall N - system calls whose user instruction pointer a test can
 * predict, for the syscall IP modes of the tracer (raw, depth, range).
 * Prints its pid on stdout, then:
 *   1. sip_call_site() calls the C library's getppid() wrapper N times:
 *      the syscall instruction is in libc's getppid, the call site (the
 *      return address on the stack) is in sip_call_site;
 *   2. sip_depth_outer() calls sip_depth_mid() N times, which calls
 *      sip_syscall_asm(), which makes getpgrp (arm64: getpgid(0)) with
 *      its own syscall instruction.  Built with frame pointers (see the Makefile), so the
 *      frame-pointer chain at that syscall is sip_syscall_asm ->
 *      sip_depth_mid -> sip_depth_outer -> main.
 * sip_never_called() is never called: a range around it finds nothing on
 * the stack.  The test reads the addresses with nm and objdump.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

#define NOCALL __attribute__((noinline, noclone, used))
#define LTT_STR2(x) #x
#define LTT_STR(x) LTT_STR2(x)

static volatile long sink;

NOCALL void sip_call_site(long n)
{
	long i;

	for (i = 0; i < n; i++) {
		sink += getppid();
		__asm__ __volatile__("" ::: "memory");
	}
}

/*
 * The syscall instruction in a function with a frame of its own (push
 * %rbp; mov %rsp,%rbp on x86-64; on arm64 the frame record stp x29, x30;
 * mov x29, sp), whatever the compiler does with leaf functions.  arm64
 * has no getpgrp system call (its C library calls getpgid(0)): there
 * sip_syscall_asm makes getpgid(0), the same answer.
 */
long sip_syscall_asm(void);
#if defined(__x86_64__)
__asm__(".text\n"
	".globl sip_syscall_asm\n"
	".type sip_syscall_asm, @function\n"
	"sip_syscall_asm:\n"
	"	push %rbp\n"
	"	mov %rsp, %rbp\n"
	"	mov $" LTT_STR(SYS_getpgrp) ", %eax\n"
	"	syscall\n"
	"	pop %rbp\n"
	"	ret\n"
	".size sip_syscall_asm, . - sip_syscall_asm\n");
#elif defined(__aarch64__)
__asm__(".text\n"
	".globl sip_syscall_asm\n"
	".type sip_syscall_asm, %function\n"
	"sip_syscall_asm:\n"
	"	stp x29, x30, [sp, #-16]!\n"
	"	mov x29, sp\n"
	"	mov x0, #0\n"
	"	mov x8, #" LTT_STR(SYS_getpgid) "\n"
	"	svc #0\n"
	"	ldp x29, x30, [sp], #16\n"
	"	ret\n"
	".size sip_syscall_asm, . - sip_syscall_asm\n");
#else
#error "ltt-sipcall: sip_syscall_asm is written for x86-64 and arm64 only"
#endif

NOCALL void sip_depth_mid(void)
{
	sink += sip_syscall_asm();
	__asm__ __volatile__("" ::: "memory");
}

NOCALL void sip_depth_outer(long n)
{
	long i;

	for (i = 0; i < n; i++) {
		sip_depth_mid();
		__asm__ __volatile__("" ::: "memory");
	}
}

NOCALL void sip_never_called(void)
{
	sink += 1;
}

int main(int argc, char **argv)
{
	long n;

	if (argc != 2 || (n = strtol(argv[1], NULL, 10)) < 0) {
		fprintf(stderr, "usage: ltt-sipcall N\n");
		return 2;
	}
	printf("%d\n", (int)getpid());
	fflush(stdout);
	sip_call_site(n);
	sip_depth_outer(n);
	return 0;
}
