// SPDX-License-Identifier: GPL-2.0
/* snapshot.c - the /proc snapshot (file "proc" of a trace) */
#include "snapshot.h"
#include "fds.h"
#include "procdir.h"
#include "sockets.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct task_info {
	int ppid, tgid;
	char name[512];
};

/* Reads a status file; 0 if it had Name, Tgid and PPid, else -1. */
static int read_status(const char *path, struct task_info *t)
{
	FILE *f = fopen(path, "re");
	char line[512];
	int have = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		size_t len = strlen(line);

		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (strncmp(line, "Name:", 5) == 0) {
			const char *p = line + 5;

			/* the kernel writes "Name:\t"; the rest is the name */
			if (*p == '\t')
				p++;
			else
				while (*p == ' ')
					p++;
			snprintf(t->name, sizeof(t->name), "%s", p);
			have |= 1;
		} else if (strncmp(line, "Tgid:", 5) == 0) {
			t->tgid = atoi(line + 5);
			have |= 2;
		} else if (strncmp(line, "PPid:", 5) == 0) {
			t->ppid = atoi(line + 5);
			have |= 4;
		}
		if (have == 7)
			break;
	}
	fclose(f);
	return have == 7 ? 0 : -1;
}

static int write_task(FILE *out, const char *status, int pid,
		      struct snapshot_stats *st)
{
	struct task_info t;

	memset(&t, 0, sizeof(t));
	if (read_status(status, &t) < 0)
		return 0;	/* vanished: skip */
	if (fprintf(out, "PID: %d; PPID: %d; TGID: %d; NAME: %s\n", pid,
		    t.ppid, t.tgid, t.name) < 0)
		return -1;
	st->tasks++;
	return 0;
}

static int write_tasks(FILE *out, const char *root, struct snapshot_stats *st)
{
	size_t np, i;
	int *pids;
	int ret = 0;

	if (procdir_numbers(root, &pids, &np) < 0)
		return 0;	/* no /proc: an empty task list */

	for (i = 0; i < np && ret == 0; i++) {
		char path[PATH_MAX];
		size_t nt, j;
		int *tids;

		snprintf(path, sizeof(path), "%s/%d/task", root, pids[i]);
		if (procdir_numbers(path, &tids, &nt) < 0) {
			/* no task/ directory (or vanished): the process only */
			snprintf(path, sizeof(path), "%s/%d/status", root,
				 pids[i]);
			ret = write_task(out, path, pids[i], st);
			continue;
		}
		for (j = 0; j < nt && ret == 0; j++) {
			snprintf(path, sizeof(path), "%s/%d/task/%d/status",
				 root, pids[i], tids[j]);
			ret = write_task(out, path, tids[j], st);
		}
		free(tids);
	}
	free(pids);
	return ret;
}

int snapshot_parse_irq_line(const char *line, int ncpus, char *name,
			    size_t len)
{
	const char *p = line, *last = NULL, *q;
	char *end;
	long irq;
	int i, fields = 0;

	while (*p == ' ')
		p++;
	if (!isdigit((unsigned char)*p))
		return -1;
	irq = strtol(p, &end, 10);
	if (*end != ':' || irq < 0 || irq > INT_MAX)
		return -1;
	p = end + 1;
	/* the per-CPU counts */
	for (i = 0; ncpus <= 0 || i < ncpus; i++) {
		q = p;
		while (*q == ' ' || *q == '\t')
			q++;
		if (!isdigit((unsigned char)*q))
			break;
		while (isdigit((unsigned char)*q))
			q++;
		if (*q && *q != ' ' && *q != '\t')
			break;
		p = q;
	}
	/*
	 * The rest is: chip, hwirq, trigger/handler and the device names.
	 * The kernel separates the device names from what precedes them by
	 * at least two spaces, so the name is the last field when fields are
	 * split at runs of two or more blanks.
	 */
	q = p;
	while (*q) {
		const char *s;
		size_t n;

		while (*q == ' ' || *q == '\t')
			q++;
		if (!*q)
			break;
		s = q;
		while (*q && !((q[0] == ' ' || q[0] == '\t') &&
			       (q[1] == ' ' || q[1] == '\t' || q[1] == '\0')))
			q++;
		last = s;
		fields++;
		n = (size_t)(q - s);
		if (n >= len)
			n = len - 1;
		memcpy(name, s, n);
		name[n] = '\0';
	}
	if (fields < 2 || !last)
		return -1;
	/* a line without a handler ends in e.g. "1-edge" or "Edge" */
	q = name;
	while (isdigit((unsigned char)*q))
		q++;
	if ((q != name && *q == '-' && !strchr(q, ' ')) ||
	    strcmp(name, "Edge") == 0 || strcmp(name, "Level") == 0)
		return -1;
	return (int)irq;
}

/*
 * The description of an IPI line of /proc/interrupts ("IPI0:  3  28
 * Rescheduling interrupts"): its index and the text after the counts,
 * without a last " interrupts"; -1 for any other line.
 */
static int parse_ipi_line(const char *line, char *desc, size_t len)
{
	const char *p = line;
	char *end;
	long k;
	size_t n;

	while (*p == ' ')
		p++;
	if (strncmp(p, "IPI", 3) != 0 || !isdigit((unsigned char)p[3]))
		return -1;
	k = strtol(p + 3, &end, 10);
	if (*end != ':' || k < 0 || k >= SNAPSHOT_MAX_IPIS)
		return -1;
	p = end + 1;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!isdigit((unsigned char)*p))
			break;
		while (isdigit((unsigned char)*p))
			p++;
	}
	n = strlen(p);
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	if (n > 11 && strncmp(p + n - 11, " interrupts", 11) == 0)
		n -= 11;
	if (!n)
		return -1;
	if (n > len - 1)
		n = len - 1;
	memcpy(desc, p, n);
	desc[n] = '\0';
	return (int)k;
}

/* the first line of @path, without its newline, in @buf; 0 or -1 */
static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	size_t n;

	if (!f)
		return -1;
	if (!fgets(buf, (int)len, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	n = strlen(buf);
	if (n && buf[n - 1] == '\n')
		buf[--n] = '\0';
	return 0;
}

/*
 * On arm64 the IPIs are Linux irqs, which the trace's irq events carry,
 * but /proc/interrupts lists them by IPI index ("IPI0:") without their
 * number: the irqs of sysfs whose action is "IPI" name theirs by their
 * hardware number, the index (kernel/irq/irqdesc.c, arch/arm64/kernel/smp.c).
 */
static int write_ipis(FILE *out, const char *sys_root,
		      char ipis[][SNAPSHOT_IPI_DESC], struct snapshot_stats *st)
{
	char path[PATH_MAX], buf[64];
	struct dirent **list;
	int ret = 0, n, i;

	snprintf(path, sizeof(path), "%s/kernel/irq", sys_root);
	/* in irq order (versionsort: "2" before "10") */
	n = scandir(path, &list, NULL, versionsort);
	if (n < 0)
		return 0;
	for (i = 0; i < n; i++) {
		const struct dirent *de = list[i];
		char *end;
		long irq, hw;

		if (ret < 0)
			continue;

		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		irq = strtol(de->d_name, &end, 10);
		if (*end || irq < 0 || irq > INT_MAX)
			continue;
		snprintf(path, sizeof(path), "%s/kernel/irq/%s/actions", sys_root, de->d_name);
		if (read_line(path, buf, sizeof(buf)) < 0 || strcmp(buf, "IPI") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/kernel/irq/%s/hwirq", sys_root, de->d_name);
		if (read_line(path, buf, sizeof(buf)) < 0 || !isdigit((unsigned char)buf[0]))
			continue;
		hw = strtol(buf, &end, 10);
		if (*end || hw < 0 || hw >= SNAPSHOT_MAX_IPIS || !ipis[hw][0])
			continue;
		if (fprintf(out, "IRQ: %ld; NAME: IPI%ld %s\n", irq, hw, ipis[hw]) < 0)
			ret = -1;
		else
			st->irqs++;
	}
	for (i = 0; i < n; i++)
		free(list[i]);
	free(list);
	return ret;
}

static int write_irqs(FILE *out, const char *root, const char *sys_root,
		      struct snapshot_stats *st)
{
	char path[PATH_MAX], line[4096], name[1024];
	char ipis[SNAPSHOT_MAX_IPIS][SNAPSHOT_IPI_DESC] = { { 0 } };
	int ncpus = 0, nipis = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/interrupts", root);
	f = fopen(path, "re");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		size_t len = strlen(line);
		int irq;

		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (ncpus == 0 && strstr(line, "CPU") && !strchr(line, ':')) {
			const char *p = line;

			while ((p = strstr(p, "CPU")) != NULL) {
				ncpus++;
				p += 3;
			}
			continue;
		}
		irq = parse_ipi_line(line, name, sizeof(ipis[0]));
		if (irq >= 0) {
			memcpy(ipis[irq], name, sizeof(ipis[0]));
			nipis++;
			continue;
		}
		irq = snapshot_parse_irq_line(line, ncpus, name, sizeof(name));
		if (irq < 0)
			continue;
		if (fprintf(out, "IRQ: %d; NAME: %s\n", irq, name) < 0) {
			fclose(f);
			return -1;
		}
		st->irqs++;
	}
	fclose(f);
	return nipis ? write_ipis(out, sys_root, ipis, st) : 0;
}

struct netdev {
	int ifindex;
	char name[256];
};

static int cmp_netdev(const void *a, const void *b)
{
	const struct netdev *x = a, *y = b;

	if (x->ifindex != y->ifindex)
		return (x->ifindex > y->ifindex) - (x->ifindex < y->ifindex);
	return strcmp(x->name, y->name);
}

/* The ifindex in PATH ("1\n"), or -1 if missing or malformed. */
static int read_ifindex(const char *path)
{
	FILE *f = fopen(path, "re");
	char line[64], *end;
	long v;

	if (!f)
		return -1;
	if (!fgets(line, sizeof(line), f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	if (!isdigit((unsigned char)line[0]))
		return -1;
	v = strtol(line, &end, 10);
	if ((*end != '\n' && *end != '\0') || v <= 0 || v > INT_MAX)
		return -1;
	return (int)v;
}

static int write_netdevs(FILE *out, const char *root,
			 struct snapshot_stats *st)
{
	char path[PATH_MAX];
	struct netdev *v = NULL;
	size_t n = 0, cap = 0, i;
	struct dirent *de;
	int ret = 0;
	DIR *d;

	snprintf(path, sizeof(path), "%s/class/net", root);
	d = opendir(path);
	if (!d)
		return 0;	/* no sysfs, no network devices: no lines */
	while ((de = readdir(d)) != NULL) {
		char file[PATH_MAX + 300];
		int ifindex;

		if (de->d_name[0] == '.' ||
		    strlen(de->d_name) >= sizeof(v->name))
			continue;
		/* entries without ifindex (bonding_masters) are not devices */
		snprintf(file, sizeof(file), "%s/%s/ifindex", path, de->d_name);
		ifindex = read_ifindex(file);
		if (ifindex < 0)
			continue;
		if (n == cap) {
			size_t ncap = cap ? cap * 2 : 16;
			struct netdev *nv = realloc(v, ncap * sizeof(*v));

			if (!nv)
				break;
			v = nv;
			cap = ncap;
		}
		v[n].ifindex = ifindex;
		snprintf(v[n].name, sizeof(v[n].name), "%s", de->d_name);
		n++;
	}
	closedir(d);
	if (n)
		qsort(v, n, sizeof(*v), cmp_netdev);
	for (i = 0; i < n; i++) {
		if (fprintf(out, "NETDEV: %d; NAME: %s\n", v[i].ifindex,
			    v[i].name) < 0) {
			ret = -1;
			break;
		}
		st->netdevs++;
	}
	free(v);
	return ret;
}

/* the descriptors of each process, in pid then descriptor order (fds.h) */
static int write_fds(FILE *out, const char *root, struct snapshot_stats *st)
{
	size_t np, i;
	int *pids;
	int ret = 0;

	if (procdir_numbers(root, &pids, &np) < 0)
		return 0;
	for (i = 0; i < np && ret == 0; i++) {
		char path[PATH_MAX];
		size_t nf, j;
		int *fds;

		snprintf(path, sizeof(path), "%s/%d/fd", root, pids[i]);
		if (procdir_numbers(path, &fds, &nf) < 0)
			continue;	/* a kernel thread's, or vanished */
		for (j = 0; j < nf && ret == 0; j++) {
			int r = fds_write_one(out, root, pids[i], fds[j]);

			if (r < 0)
				ret = -1;
			else
				st->fds += (unsigned long)r;
		}
		free(fds);
	}
	free(pids);
	return ret;
}

int snapshot_write(FILE *out, const char *proc_root, const char *sys_root,
		   struct snapshot_stats *stats)
{
	struct snapshot_stats st = { 0, 0, 0, 0, 0 };

	if (write_tasks(out, proc_root, &st) < 0 ||
	    write_irqs(out, proc_root, sys_root, &st) < 0 ||
	    write_netdevs(out, sys_root, &st) < 0 ||
	    snapshot_write_sockets(out, proc_root, &st.sockets) < 0 ||
	    write_fds(out, proc_root, &st) < 0)
		return -1;
	if (fflush(out) != 0 || ferror(out))
		return -1;
	if (stats)
		*stats = st;
	return 0;
}
