// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-ttylock N LINES [GO] - a convoy on one kernel mutex: N reader processes
 * read lines from the slave side of one pseudo-terminal.  The tty's line
 * discipline lets one reader at a time wait for input: n_tty_read() holds
 * the tty's atomic_read_lock (a mutex) while it sleeps for a line, so
 * every other reader queues on that mutex (its slow path: the kernel's
 * LTT_EV_LOCK_CONTEND).
 *
 * The parent waits until the N - 1 other readers are queued (each one's
 * /proc/PID/wchan is n_tty_read, where the holder's is wait_woken; at
 * most 10 s, then it fails), then writes LINES lines to the master, one at a time, each
 * after the previous one was read; the readers end on a line "q" (one
 * each) and report the lines they read.
 *
 * With GO (a path), the readers wait, once started, until the file GO
 * exists (polled every millisecond, at most 60 s): the convoy then forms
 * apart from the processes' start (their page faults, first system calls:
 * the vital signs' samples of another epoch).  "ready" is printed when
 * every reader waits.
 *
 * Prints "readers PID..." (in the order they started), then "queued N-1"
 * once the convoy stood, and "lines L" (the lines the readers read in
 * all, LINES + N quits).  Exit status 0 when everything was read.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define MAXR 16

/* a reader: read lines until "q"; its exit status is its count (<= 250) */
static int reader(const char *path, int pipefd, int gofd)
{
	char buf[64];
	int fd = open(path, O_RDONLY | O_NOCTTY), n = 0;

	if (fd < 0)
		return 255;
	/* GO: said ready, then wait for the parent's byte */
	if (gofd >= 0 && (write(pipefd, "w", 1) != 1 || read(gofd, buf, 1) != 1))
		return 252;
	for (;;) {
		ssize_t r = read(fd, buf, sizeof(buf));

		if (r <= 0)
			return 254;
		n++;
		/* tell the parent a line was read: it writes the next one */
		if (write(pipefd, "r", 1) != 1)
			return 253;
		if (buf[0] == 'q')
			return n > 250 ? 250 : n;
	}
}

/*
 * Is @pid queued on the mutex: asleep where n_tty_read() called the lock
 * (/proc/PID/wchan names the first function outside the scheduling and
 * locking code, as the event's site does), where the reader holding it
 * sleeps in wait_woken() for a line.
 */
static int queued(pid_t pid)
{
	char path[64], buf[64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/wchan", (int)pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	return !strcmp(buf, "n_tty_read");
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 0, lines = argc > 2 ? atoi(argv[2]) : -1;
	const char *go = argc > 3 ? argv[3] : NULL;
	int master, p[2], g[2] = { -1, -1 }, i, q = 0, total = 0, status;
	struct timespec ms = { 0, 1000000 };
	pid_t pids[MAXR];
	struct termios t;
	char c, *path;

	if (n < 2 || n > MAXR || lines < 0 || lines > 200) {
		fprintf(stderr, "usage: ltt-ttylock READERS(2-%d) LINES(0-200) [GO]\n", MAXR);
		return 2;
	}
	master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) || unlockpt(master) || !(path = ptsname(master))) {
		perror("ltt-ttylock: pty");
		return 1;
	}
	/* canonical mode, no echo: a read returns one line */
	i = open(path, O_RDWR | O_NOCTTY);
	if (i < 0 || tcgetattr(i, &t)) {
		perror("ltt-ttylock: slave");
		return 1;
	}
	t.c_lflag |= ICANON;
	t.c_lflag &= ~(ECHO | ECHONL);
	if (tcsetattr(i, TCSANOW, &t)) {
		perror("ltt-ttylock: tcsetattr");
		return 1;
	}
	if (pipe(p) || (go && pipe(g))) {
		perror("ltt-ttylock: pipe");
		return 1;
	}
	printf("readers");
	for (int k = 0; k < n; k++) {
		pids[k] = fork();
		if (pids[k] < 0) {
			perror("ltt-ttylock: fork");
			return 1;
		}
		if (pids[k] == 0) {
			close(p[0]);
			if (go)
				close(g[1]);
			_exit(reader(path, p[1], g[0]));
		}
		printf(" %d", (int)pids[k]);
	}
	printf("\n");
	fflush(stdout);
	close(p[1]);
	if (go) {
		/* every reader waiting, then the file GO */
		for (int k = 0; k < n; k++)
			if (read(p[0], &c, 1) != 1 || c != 'w') {
				fprintf(stderr, "ltt-ttylock: a reader did not start\n");
				return 1;
			}
		printf("ready\n");
		fflush(stdout);
		for (i = 0; i < 60000 && access(go, F_OK); i++)
			nanosleep(&ms, NULL);
		if (access(go, F_OK)) {
			fprintf(stderr, "ltt-ttylock: no %s after 60 s\n", go);
			for (int k = 0; k < n; k++)
				kill(pids[k], SIGKILL);
			return 1;
		}
		for (int k = 0; k < n; k++)
			if (write(g[1], "g", 1) != 1) {
				perror("ltt-ttylock: go");
				return 1;
			}
	}
	/* the convoy: N - 1 readers queued on the mutex, one holding it */
	for (i = 0; i < 10000; i++) {
		q = 0;
		for (int k = 0; k < n; k++)
			q += queued(pids[k]);
		if (q == n - 1)
			break;
		nanosleep(&ms, NULL);
	}
	if (q != n - 1) {
		fprintf(stderr, "ltt-ttylock: %d of %d readers queued after 10 s\n", q, n - 1);
		for (int k = 0; k < n; k++)
			kill(pids[k], SIGKILL);
		return 1;
	}
	printf("queued %d\n", q);
	fflush(stdout);
	for (i = 0; i < lines + n; i++) {
		const char *line = i < lines ? "x\n" : "q\n";

		if (write(master, line, 2) != 2 || read(p[0], &c, 1) != 1) {
			perror("ltt-ttylock: write");
			return 1;
		}
	}
	for (int k = 0; k < n; k++) {
		if (waitpid(pids[k], &status, 0) != pids[k] || !WIFEXITED(status) ||
		    WEXITSTATUS(status) > 250) {
			fprintf(stderr, "ltt-ttylock: reader %d failed (%#x)\n", (int)pids[k], status);
			return 1;
		}
		total += WEXITSTATUS(status);
	}
	printf("lines %d\n", total);
	return total == lines + n ? 0 : 1;
}
