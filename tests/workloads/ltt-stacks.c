// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-stacks N - known call chains for the call stacks of traced --stacks.
 * ltt-stacks spin MS - a spinner for the sampling profiler (traced
 *                       --sample): prints "spinner=PID", then spins MS
 *                       ms of wall time in main -> compute -> leaf, where
 *                       leaf does the arithmetic and compute only calls
 *                       it and reads the clock between calls.
 * ltt-stacks remap MS - code mapped while tracing (LTT_EV_MMAP, format
 *                       1.14): prints "remapper=PID", maps the page(s)
 *                       of its own file (/proc/self/exe) that hold leaf2
 *                       a second time, PROT_READ | PROT_EXEC at an
 *                       address the kernel chooses (as dlopen() maps a
 *                       library's code; the guest's programs are static,
 *                       with no dynamic loader), spins MS ms of wall time
 *                       in main -> compute2 -> leaf2 through that second
 *                       mapping, then unmaps it and exits: no snapshot
 *                       of traced holds the mapping, only the trace's
 *                       mmap records.  leaf2 reads no global (its code
 *                       runs away from the binary's data).
 * ltt-stacks N prints "server=PID notifier=PID", then forks:
 *   the server (child):   main -> serve -> wait_request -> stk_read, a
 *                         read(2) of one byte on a pipe, N times: it
 *                         blocks there (off-CPU);
 *   the notifier (parent): N times, once the server sleeps (its state in
 *                         /proc/PID/stat is S), main -> notify ->
 *                         stk_write, a write(2) of one byte on the
 *                         pipe: each wakes the server (wakeup).
 * stk_read and stk_write make the syscall with their own syscall
 * instruction inside a frame of their own, and the program is built
 * with frame pointers (Makefile), so the frame-pointer chain at each
 * syscall is complete.  The test reads the addresses with nm and objdump
 * on the host's copy of this static binary.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <elf.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define NOCALL __attribute__((noinline, noclone, used))
#define LTT_STR2(x) #x
#define LTT_STR(x) LTT_STR2(x)

static volatile long sink;

/* read(fd, buf, n) and write(fd, buf, n): the arguments are already in
 * the registers the syscall takes them in (x86-64: a frame of rbp;
 * arm64: the frame record x29, x30 and the number in x8) */
long stk_read(int fd, void *buf, long n);
long stk_write(int fd, const void *buf, long n);
#if defined(__x86_64__)
__asm__(".text\n"
	".globl stk_read\n"
	".type stk_read, @function\n"
	"stk_read:\n"
	"	push %rbp\n"
	"	mov %rsp, %rbp\n"
	"	mov $" LTT_STR(SYS_read) ", %eax\n"
	"	syscall\n"
	"	pop %rbp\n"
	"	ret\n"
	".size stk_read, . - stk_read\n"
	".globl stk_write\n"
	".type stk_write, @function\n"
	"stk_write:\n"
	"	push %rbp\n"
	"	mov %rsp, %rbp\n"
	"	mov $" LTT_STR(SYS_write) ", %eax\n"
	"	syscall\n"
	"	pop %rbp\n"
	"	ret\n"
	".size stk_write, . - stk_write\n");
#elif defined(__aarch64__)
__asm__(".text\n"
	".globl stk_read\n"
	".type stk_read, %function\n"
	"stk_read:\n"
	"	stp x29, x30, [sp, #-16]!\n"
	"	mov x29, sp\n"
	"	mov x8, #" LTT_STR(SYS_read) "\n"
	"	svc #0\n"
	"	ldp x29, x30, [sp], #16\n"
	"	ret\n"
	".size stk_read, . - stk_read\n"
	".globl stk_write\n"
	".type stk_write, %function\n"
	"stk_write:\n"
	"	stp x29, x30, [sp, #-16]!\n"
	"	mov x29, sp\n"
	"	mov x8, #" LTT_STR(SYS_write) "\n"
	"	svc #0\n"
	"	ldp x29, x30, [sp], #16\n"
	"	ret\n"
	".size stk_write, . - stk_write\n");
#else
#error "ltt-stacks: stk_read and stk_write are written for x86-64 and arm64 only"
#endif

NOCALL int wait_request(int fd)
{
	char c;
	long r = stk_read(fd, &c, 1);

	__asm__ __volatile__("" ::: "memory");
	return r == 1;
}

NOCALL void serve(int fd, long n)
{
	long i;

	for (i = 0; i < n; i++) {
		if (!wait_request(fd))
			break;
		sink++;
		__asm__ __volatile__("" ::: "memory");
	}
}

NOCALL void notify(int fd)
{
	char c = 'x';

	sink += stk_write(fd, &c, 1);
	__asm__ __volatile__("" ::: "memory");
}

/*
 * the spinner's arithmetic: nearly all its time is here.  GCC gives a
 * leaf function that needs no stack no frame even with
 * -mno-omit-leaf-frame-pointer; asking for its frame address makes one,
 * so that the chain from leaf goes through compute.
 */
NOCALL long leaf(long x)
{
	long i;

	sink = (long)__builtin_frame_address(0);

	for (i = 0; i < 400000; i++)
		x = x * 6364136223846793005L + 1442695040888963407L;
	return x;
}

NOCALL void compute(long ms)
{
	struct timespec t0, t;
	long x = 1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		x = leaf(x);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
	sink = x;
}

/* the spinner's arithmetic again, run from the second mapping */
NOCALL long leaf2(long x)
{
	long i;

	/* a frame of its own (as leaf's), without a store to a global */
	__asm__ __volatile__("" : : "r"(__builtin_frame_address(0)));
	for (i = 0; i < 400000; i++)
		x = x * 6364136223846793005L + 1442695040888963407L;
	return x;
}

NOCALL void compute2(long (*fn)(long), long ms)
{
	struct timespec t0, t;
	long x = 1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		x = fn(x);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
	sink = x;
}

/*
 * Map the pages of this program's file that hold leaf2 once more, with
 * PROT_EXEC, spin through them for @ms ms, unmap them.  0, or 1 (said).
 */
static int remap(long ms)
{
	const unsigned long fa = (unsigned long)&leaf2;
	const long page = sysconf(_SC_PAGESIZE);
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	unsigned long off = 0, moff;
	size_t len;
	void *m;
	int fd, i, found = 0;

	fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || pread(fd, &eh, sizeof(eh), 0) != sizeof(eh)) {
		perror("remap: /proc/self/exe");
		return 1;
	}
	for (i = 0; i < eh.e_phnum && !found; i++) {
		if (pread(fd, &ph, sizeof(ph), (off_t)(eh.e_phoff + (unsigned long)i * sizeof(ph))) !=
		    sizeof(ph))
			break;
		if (ph.p_type == PT_LOAD && fa >= ph.p_vaddr && fa < ph.p_vaddr + ph.p_filesz) {
			off = ph.p_offset + (fa - ph.p_vaddr);
			found = 1;
		}
	}
	if (!found) {
		fprintf(stderr, "remap: leaf2 (0x%lx) in no loaded segment\n", fa);
		return 1;
	}
	moff = off & ~((unsigned long)page - 1);
	len = (size_t)(off - moff) + 2 * (size_t)page;
	m = mmap(NULL, len, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, (off_t)moff);
	close(fd);
	if (m == MAP_FAILED) {
		perror("remap: mmap");
		return 1;
	}
	printf("remapper=%d map=0x%lx off=0x%lx\n", (int)getpid(), (unsigned long)m, moff);
	fflush(stdout);
	compute2((long (*)(long))((char *)m + (off - moff)), ms);
	if (munmap(m, len)) {
		perror("remap: munmap");
		return 1;
	}
	return 0;
}

/* Wait until task @pid sleeps (state S): it is blocked in its read. */
static int wait_sleeping(pid_t pid)
{
	struct timespec ts = { 0, 1000 * 1000 };
	char path[64], buf[512];

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	for (;;) {
		FILE *f = fopen(path, "r");
		const char *p;
		size_t n;

		if (!f)
			return -1;
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
		buf[n] = '\0';
		p = strrchr(buf, ')');
		if (!p || !p[1])
			return -1;
		if (p[2] == 'S')
			return 0;
		if (p[2] == 'Z' || p[2] == 'X')
			return -1;
		nanosleep(&ts, NULL);
	}
}

int main(int argc, char **argv)
{
	int p[2], st;
	long n, i;
	pid_t pid;

	if (argc == 3 && !strcmp(argv[1], "spin") && (n = atol(argv[2])) > 0) {
		printf("spinner=%d\n", (int)getpid());
		fflush(stdout);
		compute(n);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "remap") && (n = atol(argv[2])) > 0)
		return remap(n);
	if (argc != 2 || (n = atol(argv[1])) <= 0) {
		fprintf(stderr, "usage: %s N | %s spin MS | %s remap MS\n", argv[0], argv[0],
			argv[0]);
		return 2;
	}
	if (pipe(p)) {
		perror("pipe");
		return 1;
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 1;
	}
	if (pid == 0) {
		close(p[1]);
		serve(p[0], n);
		_exit(0);
	}
	close(p[0]);
	printf("server=%d notifier=%d\n", (int)pid, (int)getpid());
	fflush(stdout);
	for (i = 0; i < n; i++) {
		if (wait_sleeping(pid))
			return 1;
		notify(p[1]);
	}
	close(p[1]);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		return 1;
	return 0;
}
