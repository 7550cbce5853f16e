// SPDX-License-Identifier: GPL-2.0
/* test-snapshot.c - the /proc snapshot against a fake /proc tree */
#include "fds.h"
#include "snapshot.h"
#include "tap.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[PATH_MAX], tmp[PATH_MAX], sysroot[PATH_MAX + 16];

static void put(const char *rel, const char *text)
{
	char path[PATH_MAX + 64], *p;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (p = path + strlen(root) + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(99);
	}
	fputs(text, f);
	fclose(f);
}

static void task(int pid, int tid, int ppid, const char *name)
{
	char rel[128], text[512];

	snprintf(rel, sizeof(rel), "%d/task/%d/status", pid, tid);
	snprintf(text, sizeof(text),
		 "Name:\t%s\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t%d\n"
		 "Ngid:\t0\nPid:\t%d\nPPid:\t%d\nTracerPid:\t0\n",
		 name, pid, tid, ppid);
	put(rel, text);
}

/* ROOT/PID/fd/FD -> TARGET, with ROOT/PID/fdinfo/FD's flags FLAGS (NULL: none) */
static void fdlink(int pid, int fd, const char *target, const char *flags)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/%d", root, pid);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%d/fd", root, pid);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%d/fd/%d", root, pid, fd);
	if (symlink(target, path)) {
		perror(path);
		exit(99);
	}
	if (flags) {
		char rel[64], text[128];

		snprintf(rel, sizeof(rel), "%d/fdinfo/%d", pid, fd);
		snprintf(text, sizeof(text), "pos:\t0\nflags:\t%s\nmnt_id:\t21\nino:\t5\n", flags);
		put(rel, text);
	}
}

static char *snapshot(size_t *len, int *rc)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	*rc = snapshot_write(f, root, sysroot, NULL);
	fclose(f);
	return buf;
}

int main(void)
{
	static const char expect[] =
		"PID: 1; PPID: 0; TGID: 1; NAME: init\n"
		"PID: 2; PPID: 0; TGID: 2; NAME: kthreadd\n"
		"PID: 12; PPID: 1; TGID: 12; NAME: Web Content\n"
		"PID: 13; PPID: 1; TGID: 12; NAME: DOM Worker\n"
		"PID: 15; PPID: 1; TGID: 12; NAME: \n"
		"PID: 100; PPID: 12; TGID: 100; NAME:  lead: space;x\n"
		"PID: 300; PPID: 1; TGID: 300; NAME: notask\n"
		"IRQ: 0; NAME: timer\n"
		"IRQ: 1; NAME: i8042\n"
		"IRQ: 9; NAME: acpi\n"
		"IRQ: 24; NAME: PCIe PME, pciehp\n"
		"IRQ: 25; NAME: ahci[0000:00:1f.2]\n"
		"IRQ: 26; NAME: virtio0-config\n"
		"IRQ: 2; NAME: IPI1 Function call\n"
		"IRQ: 10; NAME: IPI0 Rescheduling\n"
		"NETDEV: 1; NAME: lo\n"
		"NETDEV: 2; NAME: eth0\n"
		"NETDEV: 10; NAME: br-lan.5\n"
		"NETDEV: 11; NAME: wlp0s20f3\n"
		"SOCKET: 8812; TGID: 12; TYPE: 1; LOCAL: 127.0.0.2:7000; PEER: -\n"
		"SOCKET: 8820; TGID: 12; TYPE: 1; LOCAL: 127.0.0.1:40000; PEER: 127.0.0.2:7000\n"
		"SOCKET: 9001; TGID: 1; TYPE: 2; LOCAL: [::1]:53; PEER: -\n"
		"FD: 5; TGID: 1; CLOEXEC: 0; PATH: socket:[9001]\n"
		"FD: 6; TGID: 1; CLOEXEC: 1; PATH: /dev/null\n"
		"FD: 8; TGID: 1; CLOEXEC: 0; PATH: pipe:[8812]\n"
		"FD: 3; TGID: 12; CLOEXEC: 0; PATH: socket:[8812]\n"
		"FD: 7; TGID: 12; CLOEXEC: 0; PATH: socket:[8820]\n"
		"FD: 10; TGID: 12; CLOEXEC: 1; PATH: /tmp/a; b: c (deleted)\n"
		"FD: 4; TGID: 100; CLOEXEC: 0; PATH: socket:[8820]\n";
	char name[256], *out;
	size_t len;
	int rc;
	FILE *full;
	struct snapshot_stats st;

	snprintf(root, sizeof(root), "/tmp/traced-snap.XXXXXX");
	if (!mkdtemp(root))
		return 99;
	snprintf(tmp, sizeof(tmp), "%s", root);
	/* the fake sysfs: under the same temporary directory */
	snprintf(sysroot, sizeof(sysroot), "%s/sys", root);

	task(1, 1, 0, "init");
	task(2, 2, 0, "kthreadd");
	task(12, 12, 1, "Web Content");		/* spaces in names */
	task(12, 13, 1, "DOM Worker");		/* a thread */
	task(12, 15, 1, "");			/* an empty name */
	task(100, 100, 12, " lead: space;x");	/* leading space, ';' */
	put("200/cmdline", "");			/* vanished: no task dir */
	put("201/task/.keep", "");		/* vanished: no status */
	put("202/task/202/status", "Name:\thalf\n");	/* truncated */
	put("300/status", "Name:\tnotask\nTgid:\t300\nPPid:\t1\n");
	put("self/status", "Name:\tnot a pid\n");
	put("interrupts",
	    "            CPU0       CPU1       \n"
	    "   0:         44          0   IO-APIC   2-edge      timer\n"
	    "   1:          9          0   IO-APIC   1-edge      i8042\n"
	    "   8:          0          0   IO-APIC   8-edge\n"
	    "   9:          0          0   IO-APIC   9-fasteoi   acpi\n"
	    "  24:          0          0  PCI-MSI 16384-edge      PCIe PME, pciehp\n"
	    "  25:      12345      67890  PCI-MSI 512000-edge      ahci[0000:00:1f.2]\n"
	    "  26:          0          0  PCI-MSI 49152-edge      virtio0-config\n"
	    "\n"
	    "garbage without colon\n"
	    "  27:\n"
	    " NMI:          0          0   Non-maskable interrupts\n"
	    " LOC:      31337      31338   Local timer interrupts\n"
	    " ERR:          0\n"
	    /* arm64's IPIs: Linux irqs, listed by index only */
	    "IPI0:          3         28       Rescheduling interrupts\n"
	    "IPI1:         69         65       Function call interrupts\n"
	    "IPI2:          0          0       CPU stop interrupts\n"
	    "IPI99:         0          0       out of range\n"
	    "IPIx:          0          0       not an index\n");
	/* their irqs in sysfs: action IPI, hwirq the index (2 and 10 in
	 * numeric order; 3 an IPI without a line above, 4 not an IPI) */
	put("sys/kernel/irq/10/actions", "IPI\n");
	put("sys/kernel/irq/10/hwirq", "0\n");
	put("sys/kernel/irq/2/actions", "IPI\n");
	put("sys/kernel/irq/2/hwirq", "1\n");
	put("sys/kernel/irq/3/actions", "IPI\n");
	put("sys/kernel/irq/3/hwirq", "7\n");
	put("sys/kernel/irq/4/actions", "virtio0\n");
	put("sys/kernel/irq/4/hwirq", "2\n");

	/* network devices, in ifindex order; not-devices skipped */
	put("sys/class/net/wlp0s20f3/ifindex", "11\n");
	put("sys/class/net/eth0/ifindex", "2\n");
	put("sys/class/net/lo/ifindex", "1\n");
	put("sys/class/net/br-lan.5/ifindex", "10");	/* no newline */
	put("sys/class/net/bonding_masters", "");	/* a file, not a dir */
	put("sys/class/net/noindex/mtu", "1500\n");	/* no ifindex */
	put("sys/class/net/bad/ifindex", "x3\n");
	put("sys/class/net/zero/ifindex", "0\n");
	put("sys/class/net/trail/ifindex", "7 8\n");

	/* sockets: a listener, a connection held by two processes, a
	 * TIME_WAIT (inode 0), an IPv6 UDP socket, one nobody holds */
	put("net/tcp",
	    "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
	    "   0: 0200007F:1B58 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 8812 1 0000000000000000 100 0 0 10 0\n"
	    "   1: 0100007F:9C40 0200007F:1B58 01 00000000:00000000 00:00000000 00000000     0        0 8820 1 0000000000000000 20 4 30 10 -1\n"
	    "   2: 0100007F:9C41 0200007F:1B58 06 00000000:00000000 03:00001770 00000000     0        0 0 3 0000000000000000\n"
	    "   3: garbage\n");
	put("net/udp6",
	    "  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer drops\n"
	    "    0: 00000000000000000000000001000000:0035 00000000000000000000000000000000:0000 07 00000000:00000000 00:00000000 00000000     0        0 9001 2 0000000000000000 0\n");
	put("net/udp",
	    "   sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer drops\n"
	    "  100: 00000000:0044 00000000:0000 07 00000000:00000000 00:00000000 00000000     0        0 9999 2 0000000000000000 0\n");
	/* descriptors: with their flags; one closed meanwhile (no fdinfo),
	 * one whose name holds a newline, left out */
	fdlink(100, 4, "socket:[8820]", "02");
	fdlink(12, 7, "socket:[8820]", "0100002");
	fdlink(12, 3, "socket:[8812]", "04002");
	fdlink(12, 10, "/tmp/a; b: c (deleted)", "02100001");
	fdlink(12, 11, "/tmp/two\nlines", "0");
	fdlink(1, 5, "socket:[9001]", "02");
	fdlink(1, 6, "/dev/null", "02100000");
	fdlink(1, 8, "pipe:[8812]", "0");
	fdlink(1, 9, "/tmp/gone", NULL);

	out = snapshot(&len, &rc);
	ok(rc == 0, "snapshot_write returns 0");
	ok(out && strcmp(out, expect) == 0, "snapshot content as expected");
	if (out && strcmp(out, expect) != 0)
		printf("# got:\n%s", out);
	free(out);

	/* no interrupts file: not an error */
	{
		char p[PATH_MAX + 16];

		snprintf(p, sizeof(p), "%s/interrupts", root);
		unlink(p);
	}
	out = snapshot(&len, &rc);
	ok(rc == 0 && out && !strstr(out, "IRQ:") && strstr(out, "PID: 1;") &&
	   strstr(out, "NETDEV: 1; NAME: lo\n"),
	   "missing /proc/interrupts gives tasks and devices");
	free(out);

	/* no class/net (no sysfs): no NETDEV line, no error */
	snprintf(sysroot, sizeof(sysroot), "%s/nosys", tmp);
	{
		struct snapshot_stats s2;
		FILE *f;

		out = NULL;
		f = open_memstream(&out, &len);
		rc = snapshot_write(f, root, sysroot, &s2);
		fclose(f);
		ok(rc == 0 && out && !strstr(out, "NETDEV") &&
		   strstr(out, "PID: 1;") && s2.netdevs == 0 && s2.tasks == 7 && s2.fds == 7,
		   "missing class/net: no NETDEV lines, no error; 7 FD lines counted");
		free(out);
	}

	/* a write error is reported */
	full = fopen("/dev/full", "w");
	if (full) {
		ok(snapshot_write(full, root, sysroot, &st) < 0,
		   "write error on /dev/full reported");
		fclose(full);
	} else {
		skip_missing("no /dev/full");
	}

	/* the real /proc: our own pid is there */
	{
		char mine[64];

		out = snapshot(&len, &rc);
		free(out);
		snprintf(root, sizeof(root), "/proc");
		snprintf(sysroot, sizeof(sysroot), "/sys");
		out = snapshot(&len, &rc);
		snprintf(mine, sizeof(mine), "PID: %d; PPID: %d; TGID: %d;",
			 (int)getpid(), (int)getppid(), (int)getpid());
		ok(rc == 0 && out && strstr(out, mine), "real /proc has '%s'",
		   mine);
		ok(out && strstr(out, "PID: 1; PPID: 0; TGID: 1; NAME: "),
		   "real /proc has pid 1");
		if (access("/sys/class/net/lo/ifindex", R_OK) == 0)
			ok(out && strstr(out, "\nNETDEV: 1; NAME: lo\n"),
			   "real /sys has 'NETDEV: 1; NAME: lo'");
		{
			char target[PATH_MAX], line[PATH_MAX + 64];
			ssize_t n = readlink("/proc/self/fd/2", target, sizeof(target) - 1);

			target[n > 0 ? n : 0] = '\0';
			snprintf(line, sizeof(line), "\nFD: 2; TGID: %d; CLOEXEC: 0; PATH: %s\n",
				 (int)getpid(), target);
			ok(n > 0 && out && strstr(out, line), "real /proc has our stderr: '%.*s'",
			   (int)strlen(line) - 2, line + 1);
		}
		free(out);
	}

	/* single lines */
	ok(snapshot_parse_irq_line("  5:   1   2   XT-PIC  cascade", 2, name,
				   sizeof(name)) == 5 &&
	   strcmp(name, "cascade") == 0, "XT-PIC line");
	ok(snapshot_parse_irq_line(" 11:  3  IO-APIC  11-fasteoi   uhci_hcd:usb1, eth0",
				   0, name, sizeof(name)) == 11 &&
	   strcmp(name, "uhci_hcd:usb1, eth0") == 0,
	   "shared irq, CPU count unknown");
	ok(snapshot_parse_irq_line("NMI: 0 0 Non-maskable", 2, name,
				   sizeof(name)) < 0, "NMI line skipped");
	ok(snapshot_parse_irq_line("  3:  0  0  IO-APIC   3-edge", 2, name,
				   sizeof(name)) < 0, "irq without a device skipped");
	ok(snapshot_parse_irq_line("", 2, name, sizeof(name)) < 0,
	   "empty line skipped");
	ok(snapshot_parse_irq_line("12x: 3", 2, name, sizeof(name)) < 0,
	   "malformed number skipped");
	{
		unsigned long fl = 0;

		ok(fds_parse_flags("pos:\t0\nflags:\t02100002\nmnt_id:\t3\n", &fl) == 0 &&
		   fl == 02100002, "fdinfo flags in octal");
		ok(fds_parse_flags("pos:\t0\nflags:\t0100000", &fl) == 0 && fl == 0100000,
		   "fdinfo flags at the end, without a newline");
		ok(fds_parse_flags("pos:\t0\nmnt_id:\t3\n", &fl) < 0, "fdinfo without flags");
		ok(fds_parse_flags("pos:\t0\nflags:\t09\n", &fl) < 0, "fdinfo flags not octal");
		ok(fds_parse_flags("eflags:\t02\n", &fl) < 0, "another field ending in flags");
	}
	{
		char cmd[PATH_MAX + 16];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
		if (system(cmd) != 0)
			printf("# could not remove %s\n", tmp);
	}
	return done_testing();
}
