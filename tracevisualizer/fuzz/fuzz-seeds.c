// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-seeds.c - write the fuzzer's seed inputs: every trace of the
 * corpus (utest/corpus.c, good and broken, opened as its case says), the
 * rich trace (once more with symbol files: kallsyms, modules, maps) and
 * the accounting scenarios (utest/scenarios.h), each built
 * by tracegen and packed into one file (fuzz-input.h); a vital signs'
 * epoch file of version 3, written by lttr_vitals_write(), as the "proc"
 * file of one (the vitals pass parses it).
 */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tracegen.h"
#include "corpus.h"
#include "scenarios.h"
#include "fuzz-input.h"
#include "fuzz-paths.h"
#include <lttr/vitals/vitals.h>

/* tracegen's directory @dir and its files */
static void remove_trace(char *dir)
{
	char path[600];
	int k;

	for (k = 0; k < FZ_NFILES; k++) {
		snprintf(path, sizeof(path), "%s/%s", dir, fz_file_name[k]);
		unlink(path);
	}
	rmdir(dir);
}

/* the symbol files of the "rich-symbols" seed: kallsyms, modules, maps */
static const char *const seed_syms[3] = {
	"ffffffff81000000 T _stext\nffffffff81000100 T schedule\nffffffff81000200 t pipe_read\n"
	"ffffffff81000300 T _etext\nffffffffc0001000 t ltt_probe\t[ltt]\n"
	"ffffffffc0001080 t ltt_write\t[ltt]\n",
	"ltt 16384 0 - Live 0xffffffffc0000000 (O)\n",
	"# LTT maps 1\n@START 1000\npid 100 app\n"
	"55d000001000-55d000002000 r-xp 00001000 08:01 100 /events\n"
	"7f0000000000-7f0000100000 r-xp 00028000 08:01 200 /proc\n"
	"7f0000200000-7f0000201000 r-xp 00000000 00:00 0 [vdso]\n"
	"@STOP 2000000000000\npid 100 app\n"
	"55d000001000-55d000002000 r-xp 00001000 08:01 100 /header\n"
	"pid 101 new\n00400000-00401000 r-xp 00000000 08:01 7 /gone (deleted)\n@OMITTED 1\n",
};

static int put_file(const char *dir, const char *name, const char *text)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f)) {
		perror(path);
		return -1;
	}
	return 0;
}

/* an epoch of 2 CPUs, samples with stacks and maps: the "proc" file of @dir */
static int vitals_proc(const char *dir)
{
	static uint32_t hca[LTT_VITALS * LTT_VITALS_HCA];
	static struct ltt_vital_sample smp[6];
	static struct ltt_vital_stack stk[2];
	static const char maps[] = "@START 60000000000\npid 42 work\n"
		"00400000-00401000 r-xp 00000000 08:01 12 /bin/work\n";
	struct ltt_vitals_file_header h;
	struct ltt_vitals_sum sum[LTT_VITALS];
	char path[600], err[256];
	unsigned int i;

	memset(&h, 0, sizeof(h));
	memset(sum, 0, sizeof(sum));
	h.epoch = 1;
	h.start_ns = 1000;
	h.end_ns = 60000000000ULL;
	h.ncpus = 2;
	h.shift = 1;
	h.collected = LTT_VITALS_COLLECTED;
	h.nsamples = 6;
	h.nstacks = 2;
	h.maps_len = sizeof(maps) - 1;
	for (i = 0; i < 6; i++) {
		unsigned int v = i < 4 ? LTT_VITAL_SYSCALL : LTT_VITAL_BLOCKING;
		unsigned int c = i < 3 ? 5 : 900 + i;

		smp[i].time = 1000 + 7919 * i * (i % 2 ? 3 : 1);
		smp[i].label = (uint64_t)c << 54 | (0x9e3779b9U * (i / 2 + 1));
		smp[i].site = 0x401000 + 16 * i;
		smp[i].data[0] = i;
		smp[i].pid = 42 + i % 2;
		smp[i].uid = 1000;
		smp[i].count = 1U << i;
		smp[i].vital = (uint16_t)v;
		smp[i].cell = (uint16_t)c;
		smp[i].key = 39;
		smp[i].cpu = (uint16_t)(i % 2);
		smp[i].stack = (uint16_t)(i % 3);
		snprintf(smp[i].comm, sizeof(smp[i].comm), "%s", i % 2 ? "worker" : "work");
		hca[v * LTT_VITALS_HCA + c] += 1U << i;
		sum[v].total += 1U << i;
		sum[v].events++;
	}
	stk[0].kernel_nr = 2;
	stk[0].user_nr = 1;
	stk[0].maps = 1;
	stk[0].tgid = 42;
	stk[0].addr[0] = 0xffffffff81000110ULL;
	stk[0].addr[1] = 0xffffffff81000004ULL;
	stk[0].addr[2] = 0x400100;
	stk[1].kernel_nr = 8;
	stk[1].user_nr = 8;
	for (i = 0; i < 16; i++)
		stk[1].addr[i] = i < 8 ? 0xffffffff81000000ULL + 64 * i : 0x400000 + 4 * i;
	snprintf(path, sizeof(path), "%s/%s", dir, fz_file_name[FZ_PROC]);
	if (lttr_vitals_write(path, &h, sum, hca, smp, stk, maps, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	return 0;
}

static int seed(const char *outdir, const char *name, const char *desc,
		unsigned int flags)
{
	char tdir[512], path[4200];
	uint8_t *b;
	size_t n;
	FILE *f;
	int r;

	snprintf(tdir, sizeof(tdir), "%s", tg_dir(name));
	if (tg_make(tdir, desc) < 0)
		return -1;
	if (!strncmp(name, "vitals", 6) && vitals_proc(tdir) < 0)
		return -1;
	if (strstr(name, "symbols") &&
	    (put_file(tdir, fz_file_name[FZ_KALLSYMS], seed_syms[0]) < 0 ||
	     put_file(tdir, fz_file_name[FZ_MODULES], seed_syms[1]) < 0 ||
	     put_file(tdir, fz_file_name[FZ_MAPS], seed_syms[2]) < 0))
		return -1;
	/* a trace without its header has nothing to pack: the fuzzer makes one */
	r = fz_pack_dir(tdir, flags, &b, &n);
	remove_trace(tdir);
	if (r < 0)
		return 0;
	snprintf(path, sizeof(path), "%s/%s", outdir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(b, 1, n, f) != n || fclose(f)) {
		perror(path);
		free(b);
		return -1;
	}
	free(b);
	return 1;
}

static int make_seeds(const char *outdir)
{
	char last[512];
	size_t i;
	int made = 0;

	for (i = 0; i < corpus_ncases; i++) {
		const struct corpus_case *c = &corpus_cases[i];
		unsigned int fl = c->flags & LTTR_OPEN_SALVAGE ? FZ_SALVAGE : 0;
		int r;

		/*
		 * the lost file (8728 bytes a CPU) only where the case is about
		 * it: smaller inputs, more executions a second
		 */
		if (!strstr(c->desc, "lost"))
			fl |= FZ_NO_LOST;
		r = seed(outdir, c->name, c->desc, fl);
		if (r < 0)
			return -1;
		made += r;
	}
	if (seed(outdir, "rich", corpus_rich, 0) < 0 ||
	    seed(outdir, "rich-salvage-threads", corpus_rich, FZ_SALVAGE | FZ_THREADS) < 0 ||
	    seed(outdir, "scenario-a", A_DESC, 0) < 0 ||
	    seed(outdir, "scenario-b", B_DESC, FZ_THREADS) < 0 ||
	    seed(outdir, "scenario-s", S_DESC, 0) < 0 ||
	    seed(outdir, "rich-symbols", corpus_rich, 0) < 0 ||
	    seed(outdir, "vitals-v3", S_DESC, FZ_NO_LOST | FZ_SALVAGE) < 0)
		return -1;
	/* the scratch folder of tracegen (tap_tmpdir()), empty now */
	snprintf(last, sizeof(last), "%s", tg_dir("end"));
	rmdir(last);
	rmdir(dirname(last));
	return made + 7;
}

/* one input of the paths fuzzer: @flags, then @len bytes of @data */
static int paths_seed(const char *outdir, const char *name, unsigned int flags,
		      const void *data, size_t len)
{
	char path[4200];
	unsigned char fl = (unsigned char)flags;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", outdir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(&fl, 1, 1, f) != 1 || fwrite(data, 1, len, f) != len || fclose(f)) {
		perror(path);
		return -1;
	}
	return 0;
}

/* message files in the abstract format (docs/paths.md) */
static const char rpc_msgs[] =	/* A(B(C,D)) twice, both times of each message */
	"1.000000 CALL A B r1 1.000100\n1.005000 CALL B C c1 1.005100\n"
	"1.025000 RET C B c1 1.025100\n1.027000 CALL B D d1 1.027100\n"
	"1.037000 RET D B d1 1.037100\n1.038000 RET B A r1 1.038100\n"
	"1.100000 CALL A B r2 1.100100\n1.105000 CALL B D d2 1.105100\n"
	"1.115000 RET D B d2 1.115100\n1.116000 RET B A r2 1.116100\n";
static const char one_time_msgs[] =	/* one time each, the paper's words */
	"0.5 CALL_SENT A B x\n0.501 CALL_SENT B C y\n0.521 RET_SENT C B y\n"
	"0.523 RETURN B A x\n0.6 CALL_SENT A B z\n0.623 RETURN B A z\n";
static const char chain_msgs[] =	/* a one-way chain A -> B -> C */
	"2.000 CALL A B m1\n2.030 CALL B C m2\n2.100 CALL A B m3\n2.130 CALL B C m4\n"
	"2.200 CALL A B m5\n2.230 CALL B C m6\n2.300 CALL A B m7\n2.330 CALL B C m8\n";

/* a capture built by hand: a TCP call and its return, a UDP query and answer */
struct cap {
	uint8_t b[2048];
	size_t n;
};

static void put(struct cap *c, const void *p, size_t n)
{
	memcpy(c->b + c->n, p, n);
	c->n += n;
}

static void put16be(uint8_t *p, unsigned int v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/* one Ethernet / IPv4 / TCP or UDP packet at @us microseconds */
static void packet(struct cap *c, uint32_t us, int src, int dst, int udp, unsigned int sport,
		   unsigned int dport, uint32_t seq, uint8_t tcpflags, size_t data)
{
	uint8_t f[14 + 20 + 20 + 64] = { 0 };
	size_t l4 = udp ? 8 : 20, len = 14 + 20 + l4 + data;
	uint32_t rec[4] = { 1 + us / 1000000, us % 1000000, (uint32_t)len, (uint32_t)len };
	uint8_t *ip = f + 14, *t = ip + 20;

	memset(f, 2, 12);
	put16be(f + 12, 0x0800);
	ip[0] = 0x45;
	put16be(ip + 2, (unsigned int)(20 + l4 + data));
	ip[8] = 64;
	ip[9] = udp ? 17 : 6;
	ip[12] = ip[16] = 10;
	ip[15] = (uint8_t)src;
	ip[19] = (uint8_t)dst;
	put16be(t, sport);
	put16be(t + 2, dport);
	if (udp) {
		put16be(t + 4, (unsigned int)(8 + data));
	} else {
		t[4] = (uint8_t)(seq >> 24);
		t[5] = (uint8_t)(seq >> 16);
		t[6] = (uint8_t)(seq >> 8);
		t[7] = (uint8_t)seq;
		t[12] = 5 << 4;
		t[13] = tcpflags;
		put16be(t + 14, 65535);
	}
	memset(t + l4, 'x', data);
	put(c, rec, sizeof(rec));
	put(c, f, len);
}

static int pcap_seeds(const char *outdir)
{
	static const uint32_t head[6] = { 0xa1b2c3d4, 2 | 4 << 16, 0, 0, 65535, 1 };
	struct cap c = { .n = 0 };

	put(&c, head, sizeof(head));
	packet(&c, 0, 1, 2, 0, 40000, 80, 100, 0x02, 0);		/* SYN */
	packet(&c, 100, 2, 1, 0, 80, 40000, 500, 0x12, 0);		/* SYN ACK */
	packet(&c, 500, 1, 2, 0, 40000, 80, 101, 0x18, 40);		/* the call */
	packet(&c, 900, 2, 3, 1, 5000, 53, 0, 0, 30);			/* B asks C */
	packet(&c, 1900, 3, 2, 1, 53, 5000, 0, 0, 60);			/* C answers */
	packet(&c, 2500, 2, 1, 0, 80, 40000, 501, 0x18, 64);		/* the return */
	packet(&c, 3000, 1, 2, 0, 40000, 80, 141, 0x11, 0);		/* FIN */
	if (paths_seed(outdir, "tcp-udp-pcap.paths", FZP_PCAP, c.b, c.n) ||
	    paths_seed(outdir, "tcp-udp-pcap-ports.paths", FZP_PCAP | FZP_PORTS, c.b, c.n))
		return -1;
	return 0;
}

static int make_paths_seeds(const char *outdir)
{
	if (mkdir(outdir, 0755) < 0 && errno != EEXIST) {
		perror(outdir);
		return -1;
	}
	if (paths_seed(outdir, "rpc.paths", 0, rpc_msgs, sizeof(rpc_msgs) - 1) ||
	    paths_seed(outdir, "rpc-skew.paths", FZP_SKEW, rpc_msgs, sizeof(rpc_msgs) - 1) ||
	    paths_seed(outdir, "one-time.paths", 0, one_time_msgs, sizeof(one_time_msgs) - 1) ||
	    paths_seed(outdir, "chain.paths", 0, chain_msgs, sizeof(chain_msgs) - 1) ||
	    pcap_seeds(outdir))
		return -1;
	return 6;
}

int main(int argc, char **argv)
{
	int n, np = 0;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		printf("Usage: fuzz-seeds OUTDIR [PATHS_OUTDIR]\n"
		       "Write the fuzzer's seeds, the trace corpus of the unit tests, into\n"
		       "OUTDIR (made if needed), one packed trace per file; and the paths\n"
		       "fuzzer's (message files and captures, fuzz-paths.h) into PATHS_OUTDIR.\n");
		return 0;
	}
	if (argc != 2 && argc != 3) {
		fprintf(stderr, "Usage: fuzz-seeds OUTDIR [PATHS_OUTDIR]\n");
		return 2;
	}
	if (mkdir(argv[1], 0755) < 0 && errno != EEXIST) {
		perror(argv[1]);
		return 1;
	}
	/* (first: make_seeds() removes tracegen's scratch folder) */
	if (argc == 3) {
		np = make_paths_seeds(argv[2]);
		if (np < 0)
			return 1;
	}
	n = make_seeds(argv[1]);
	if (n < 0)
		return 1;
	printf("fuzz-seeds: %d seeds in %s\n", n, argv[1]);
	if (argc == 3)
		printf("fuzz-seeds: %d paths seeds in %s\n", np, argv[2]);
	return 0;
}
