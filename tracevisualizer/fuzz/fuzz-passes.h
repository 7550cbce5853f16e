/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz-passes.h - open a trace directory and run every reader pass and
 * analysis over it, as the front ends do, and say how it ended.
 */
#ifndef FUZZ_PASSES_H
#define FUZZ_PASSES_H

#include <stddef.h>

/*
 * fz_run() - open @dir (FZ_* @flags of fuzz-input.h) and run every pass:
 * the trace information and warnings, the events forward and backward
 * (described, as JSON, every field), a seek, the per-CPU scans, the
 * summary (whole trace and a window), the accounting (whole trace and a
 * window, its checks, processes, totals and JSON), the control flow,
 * the instances behind a histogram, the view model (build, check,
 * warnings, cells, spans, steps, links, histogram, files, search), the
 * session over it (setters, filter, the session file parsed), the
 * trace's messages with both causal path algorithms (fuzz-paths.h), the
 * symbols (kallsyms, modules and maps parsed and resolved) and the
 * synchronisation of several hosts (the messages across traces, a clock
 * model written and read back, the proc file's bytes read as a
 * clock-model.json) and the replay (the proc file's bytes parsed as a
 * script, a script of breakpoints, watchpoints and a Lua command run)
 * and the vital signs' epoch reader (the proc file's bytes as an epoch
 * file, written into @dir beside an epoch made of them, the directory
 * loaded and reported, docs/vitals.md).
 * @out receives the outcome, @dir written as "TRACE": "refused: MESSAGE",
 * "error: MESSAGE" (the first pass that failed) or "read: N events, W
 * warnings".
 */
void fz_run(const char *dir, unsigned int flags, char *out, size_t outlen);

#endif /* FUZZ_PASSES_H */
