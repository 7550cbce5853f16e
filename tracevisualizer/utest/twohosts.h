/* SPDX-License-Identifier: GPL-2.0 */
/*
 * twohosts.h - the two hosts' traces of the cross-host unit tests
 * (test-critxhost.c, test-xview.c), as gen-trace descriptions
 * (tracegen.h): a client on host 0 (alpha, 10.0.0.1) calls a server on
 * host 1 (beta, 10.0.0.2, its clock 1.5 s ahead) over TCP; the server
 * sleeps and answers.  Included by one test each: the data is static.
 */
#ifndef UTEST_TWOHOSTS_H
#define UTEST_TWOHOSTS_H

#define T0 1000000000ULL

/* host 0: the client, 10.0.0.1 */
static const char A_DESC[] =
	"header ncpus=1 start=1000000000 end=1000400000 format=1.4 host=alpha\n"
	"proc PID: 10; PPID: 1; TGID: 10; NAME: cli\n"
	"buf cpu=0 start=1000000000 pid=10\n"
	"1000000000 start 10 0\n"
	"1000001000 syscall_entry 42\n"
	"1000001100 socket_endpoint 100 0 3 0 3 2 1 6 inet:10.0.0.1:40000 inet:10.0.0.2:7000\n"
	"1000001200 syscall_exit 42 0\n"
	"1000010000 syscall_entry 44\n"
	"1000011000 socket_send 100 100 100 2 1\n"
	"1000012000 syscall_exit 44 100\n"
	"1000013000 syscall_entry 45\n"
	"1000014000 sched 10 0 1\n"
	"1000300000 softirq_entry 3\n"
	"1000300100 wakeup 10 0 0\n"
	"1000300200 softirq_exit 3\n"
	"1000300300 sched 0 10 0\n"
	"1000300400 socket_recv 100 4096 200 2 1\n"
	"1000301000 syscall_exit 45 200\n";

/* host 1: the server, 10.0.0.2, its clock 1.5 s ahead */
static const char B_DESC[] =
	"header ncpus=1 start=2500000000 end=2500400000 format=1.4 host=beta\n"
	"proc PID: 20; PPID: 1; TGID: 20; NAME: srv\n"
	"proc SOCKET: 150; TGID: 20; TYPE: 1; LOCAL: 10.0.0.2:7000; PEER: -\n"
	"buf cpu=0 start=2500000000 pid=20\n"
	"2500000000 start 20 0\n"
	"2500000500 syscall_entry 43\n"
	"2500000600 socket_accept 200 150 4 0 5 2 1 6 inet:10.0.0.2:7000 inet:10.0.0.1:40000\n"
	"2500000700 syscall_exit 43 4\n"
	"2500002000 syscall_entry 45\n"
	"2500003000 sched 20 0 1\n"
	"2500060000 softirq_entry 3\n"
	"2500060100 wakeup 20 0 0\n"
	"2500060200 softirq_exit 3\n"
	"2500060300 sched 0 20 0\n"
	"2500060400 socket_recv 200 4096 100 2 1\n"
	"2500061000 syscall_exit 45 100\n"
	"2500100000 syscall_entry 35\n"
	"2500100100 sched 20 0 1\n"
	"2500200000 irq_entry 236 3\n"
	"2500200100 wakeup 20 0 0\n"
	"2500200200 irq_exit 236 3\n"
	"2500200300 sched 0 20 0\n"
	"2500200400 syscall_exit 35 0\n"
	"2500210000 syscall_entry 44\n"
	"2500211000 socket_send 200 200 200 2 1\n"
	"2500212000 syscall_exit 44 200\n"
	"2500213000 syscall_entry 45\n"
	"2500214000 sched 20 0 1\n";

#endif
