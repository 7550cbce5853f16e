/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/lttr.h - the LTT trace reader library (libltt-reader), all headers.
 */
#ifndef LTTR_LTTR_H
#define LTTR_LTTR_H

#include <lttr/reader/error.h>
#include <lttr/reader/trace.h>
#include <lttr/reader/event.h>
#include <lttr/reader/custom.h>
#include <lttr/reader/iter.h>
#include <lttr/reader/scan.h>
#include <lttr/reader/fastscan.h>
#include <lttr/reader/syscalls.h>
#include <lttr/reader/proc.h>
#include <lttr/reader/fields.h>
#include <lttr/reader/stack.h>
#include <lttr/model/sccount.h>
#include <lttr/model/process.h>
#include <lttr/analysis/summary.h>
#include <lttr/output/json.h>
#include <lttr/model/flow.h>
#include <lttr/analysis/latency.h>
#include <lttr/model/blockreason.h>
#include <lttr/analysis/account.h>
#include <lttr/analysis/instances.h>
#include <lttr/analysis/distribution.h>
#include <lttr/analysis/timing.h>
#include <lttr/analysis/critpath.h>
#include <lttr/analysis/explain.h>
#include <lttr/analysis/share.h>
#include <lttr/analysis/diff.h>
#include <lttr/analysis/stacks.h>
#include <lttr/analysis/flame.h>
#include <lttr/analysis/blockstacks.h>
#include <lttr/analysis/stacktree.h>
#include <lttr/output/json-account.h>
#include <lttr/output/json-timing.h>
#include <lttr/output/export.h>
#include <lttr/units/duration.h>
#include <lttr/units/timearg.h>
#include <lttr/symbols/symbols.h>
#include <lttr/replay/replay.h>

#endif /* LTTR_LTTR_H */
