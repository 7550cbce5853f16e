// SPDX-License-Identifier: GPL-2.0
/*
 * cells-par.c - lttr_view_cells() of many rows at once, on the machine's
 * processors (lttr/view/view.h): what a window's paint after a zoom or a
 * pan asks for its visible rows.  A built view is only read by
 * lttr_view_cells() once each row is finalized (vrow_finalize(): the one
 * write a query may make, done here for every row first, on the calling
 * thread), so the rows can be computed side by side, each into its own
 * cells; the answers are those of the calls one after the other.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>
#include <lttr/view/view.h>
#include "view/view-internal.h"

/* below this many cells, one thread: a thread's start costs more */
#define CELLS_PAR_MIN	20000
#define CELLS_PAR_MAX_THREADS	16

struct cells_job {
	struct lttr_view *v;
	const size_t *rows;
	size_t n;
	uint64_t t0, t1;
	unsigned int ncols;
	struct lttr_vcell *const *out;
	int *res;
	atomic_size_t next;	/* the next row to take */
};

static void *cells_worker(void *arg)
{
	struct cells_job *j = arg;
	size_t i;

	while ((i = atomic_fetch_add(&j->next, 1)) < j->n)
		j->res[i] = lttr_view_cells(j->v, j->rows[i], j->t0, j->t1, j->ncols, j->out[i]);
	return NULL;
}

static unsigned int cells_threads(unsigned int threads, size_t n, unsigned int ncols)
{
	if (threads == 0) {
		long cpus = sysconf(_SC_NPROCESSORS_ONLN);

		threads = cpus > 0 ? (unsigned int)cpus : 1;
	}
	if (threads > CELLS_PAR_MAX_THREADS)
		threads = CELLS_PAR_MAX_THREADS;
	if ((size_t)threads > n)
		threads = (unsigned int)n;
	if (n * ncols < CELLS_PAR_MIN)
		threads = 1;
	return threads ? threads : 1;
}

int lttr_view_cells_many(struct lttr_view *v, const size_t *rows, size_t n, uint64_t t0,
			 uint64_t t1, unsigned int ncols, struct lttr_vcell *const *out, int *res,
			 unsigned int threads)
{
	pthread_t tid[CELLS_PAR_MAX_THREADS];
	struct cells_job j = {
		.v = v, .rows = rows, .n = n, .t0 = t0, .t1 = t1, .ncols = ncols, .out = out,
		.res = res,
	};
	unsigned int k, started = 0;
	size_t i;

	if (!v || (n && (!rows || !out || !res)))
		return -LTTR_E_INVAL;
	/* the one write of a query, before any thread reads the rows */
	for (i = 0; i < n; i++)
		if (rows[i] < v->nrows && vrow_finalize(v, &v->rows[rows[i]]))
			return -LTTR_E_NOMEM;
	atomic_init(&j.next, 0);
	threads = cells_threads(threads, n, ncols);
	/* the calling thread is one of them; a thread that cannot start is not */
	for (k = 1; k < threads; k++)
		if (!pthread_create(&tid[started], NULL, cells_worker, &j))
			started++;
	cells_worker(&j);
	for (k = 0; k < started; k++)
		pthread_join(tid[k], NULL);
	return 0;
}
