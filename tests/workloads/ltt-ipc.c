// SPDX-License-Identifier: GPL-2.0
/*
 * ltt-ipc MSGKEY SEMKEY SHMKEY - one of each System V IPC object, created
 * with known keys (decimal or 0x hex) and IPC_CREAT|IPC_EXCL|0600, used
 * once and removed:
 *
 *   msgget(MSGKEY)  msgsnd (type 1, 6 bytes)  msgrcv  msgctl(IPC_RMID)
 *   semget(SEMKEY, 3 semaphores)  semop (+1 on semaphore 0)  semctl(IPC_RMID)
 *   shmget(SHMKEY, 65536 bytes)  shmat  shmdt  shmctl(IPC_RMID)
 *
 * in that order, each call exactly once (semop through its own system
 * call, not semtimedop).  Prints, one "key value" per line: pid, msqid,
 * semid, shmid.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/syscall.h>

#define SHM_BYTES	65536
#define NSEMS		3
#define PERM		(IPC_CREAT | IPC_EXCL | 0600)

struct ltt_msg {
	long mtype;
	char mtext[64];
};

static int fail(const char *what)
{
	fprintf(stderr, "ltt-ipc: %s: %s\n", what, strerror(errno));
	return 1;
}

int main(int argc, char **argv)
{
	struct ltt_msg m = { .mtype = 1 }, r;
	struct sembuf op = { .sem_num = 0, .sem_op = 1, .sem_flg = 0 };
	int msqid, semid, shmid;
	key_t k[3];
	char *p;
	int i;

	if (argc != 4) {
		fprintf(stderr, "usage: ltt-ipc MSGKEY SEMKEY SHMKEY\n");
		return 2;
	}
	for (i = 0; i < 3; i++) {
		k[i] = (key_t)strtol(argv[i + 1], NULL, 0);
		if (k[i] == IPC_PRIVATE) {
			fprintf(stderr, "ltt-ipc: keys must not be 0\n");
			return 2;
		}
	}
	memcpy(m.mtext, "hello", 6);

	msqid = msgget(k[0], PERM);
	if (msqid < 0)
		return fail("msgget");
	if (msgsnd(msqid, &m, 6, 0))
		return fail("msgsnd");
	if (msgrcv(msqid, &r, sizeof(r.mtext), 0, 0) != 6 || r.mtype != m.mtype ||
	    strcmp(r.mtext, "hello"))
		return fail("msgrcv");
	if (msgctl(msqid, IPC_RMID, NULL))
		return fail("msgctl");

	semid = semget(k[1], NSEMS, PERM);
	if (semid < 0)
		return fail("semget");
	if (syscall(SYS_semop, semid, &op, 1))
		return fail("semop");
	if (semctl(semid, 0, IPC_RMID))
		return fail("semctl");

	shmid = shmget(k[2], SHM_BYTES, PERM);
	if (shmid < 0)
		return fail("shmget");
	p = shmat(shmid, NULL, 0);
	if (p == (void *)-1)
		return fail("shmat");
	p[0] = 'x';
	if (shmdt(p))
		return fail("shmdt");
	if (shmctl(shmid, IPC_RMID, NULL))
		return fail("shmctl");

	printf("pid %d\nmsqid %d\nsemid %d\nshmid %d\n", (int)getpid(), msqid,
	       semid, shmid);
	return 0;
}
