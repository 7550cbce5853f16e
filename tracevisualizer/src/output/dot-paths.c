// SPDX-License-Identifier: GPL-2.0
/*
 * dot-paths.c - causal path patterns and the convolution graph written
 * for Graphviz's dot (Aguilera et al., Figures 8 and 9).
 */
#include <inttypes.h>
#include <lttr/output/dot-paths.h>

/* a name inside a dot string: quotes and backslashes escaped */
static void dot_name(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
}

static double ms(uint64_t ns)
{
	return (double)ns / 1e6;
}

int lttr_dot_patterns(FILE *f, const struct lttr_msgset *s,
		      const struct lttr_patterns *p, size_t top)
{
	size_t i, k;

	fprintf(f, "digraph paths {\n\tnode [shape=ellipse];\n");
	for (i = 0; i < p->n && (!top || i < top); i++) {
		const struct lttr_pattern *pt = &p->v[i];

		fprintf(f, "\tsubgraph cluster_%zu {\n\t\tlabel=\"#%zu: %" PRIu64
			" paths\";\n", i + 1, i + 1, pt->count);
		for (k = 0; k < pt->nnodes; k++) {
			const struct lttr_pnode *pn = &pt->nodes[k];

			fprintf(f, "\t\tp%zu_%zu [label=\"", i + 1, k);
			dot_name(f, s->nodes[pn->node]);
			if (k)
				fprintf(f, "\\n%.3f ms", ms(lttr_lat_mean(&pn->latency)));
			fprintf(f, "\"];\n");
			if (!k)
				continue;
			fprintf(f, "\t\tp%zu_%" PRIu32 " -> p%zu_%zu [label=\"", i + 1,
				pn->parent, i + 1, k);
			if (k == 1)
				fprintf(f, "%" PRIu64 " paths, %.3f ms total\\n", pt->count,
					ms(pt->total_ns));
			fprintf(f, "%.3f ms\"];\n", ms(lttr_lat_mean(&pn->delay)));
		}
		fprintf(f, "\t}\n");
	}
	fprintf(f, "}\n");
	return ferror(f) ? -1 : 0;
}

int lttr_dot_conv(FILE *f, const struct lttr_msgset *s, const struct lttr_conv_graph *g)
{
	size_t i;

	fprintf(f, "digraph convolution {\n\tnode [shape=ellipse];\n");
	for (i = 0; i < g->nv; i++) {
		const struct lttr_conv_vertex *v = &g->v[i];

		fprintf(f, "\tv%zu [label=\"", i);
		dot_name(f, s->nodes[v->node]);
		fprintf(f, "\"];\n");
		if (v->parent == LTTR_CONV_ROOT)
			continue;
		fprintf(f, "\tv%" PRIu32 " -> v%zu [label=\"", v->parent, i);
		if (v->depth > 1)
			fprintf(f, "%.3f ms, ", ms(v->delay_ns));
		fprintf(f, "%" PRIu64 " msgs\"];\n", v->count);
	}
	fprintf(f, "}\n");
	return ferror(f) ? -1 : 0;
}
