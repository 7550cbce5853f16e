// SPDX-License-Identifier: GPL-2.0
/*
 * share.c - the shares the front ends show: a part of a whole in percent,
 * a CPU's utilisation, the shares of the totals of a critical path and of
 * an explanation (lttr/analysis/share.h).
 */
#include <lttr/analysis/account.h>
#include <lttr/analysis/critpath.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/share.h>

double lttr_share_pct(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

int lttr_share_level(uint64_t part, uint64_t whole, int nlevels)
{
	if (!whole || nlevels <= 0)
		return 0;
	if (part >= whole)
		return nlevels;
	return (int)(((unsigned __int128)part * (unsigned int)nlevels * 2 + whole) / (2 * (unsigned __int128)whole));
}

uint64_t lttr_acct_cpu_busy(const struct lttr_account *a, unsigned int cpu)
{
	return a->end_ns - a->start_ns - a->cpu[cpu].idle_ns;
}

double lttr_acct_cpu_util_pct(const struct lttr_account *a, unsigned int cpu)
{
	return lttr_share_pct(lttr_acct_cpu_busy(a, cpu), a->end_ns - a->start_ns);
}

uint64_t lttr_acct_cpu_util_ppm(const struct lttr_account *a, unsigned int cpu)
{
	uint64_t w = a->end_ns - a->start_ns;

	return w ? lttr_acct_cpu_busy(a, cpu) * 1000000 / w : 0;
}

double lttr_cp_total_pct(const struct lttr_critpath *cp, const struct lttr_cp_total *o)
{
	return lttr_share_pct(o->ns, cp->to_ns - cp->from_ns);
}

double lttr_ex_total_pct(const struct lttr_explanation *e, const struct lttr_ex_total *o)
{
	return lttr_share_pct(o->ns, e->req.end_ns - e->req.start_ns);
}
