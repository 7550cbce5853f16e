/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/lttr.h - the LTT trace reader library (libltt-reader), all headers.
 */
#ifndef LTTR_LTTR_H
#define LTTR_LTTR_H

#include <lttr/error.h>
#include <lttr/trace.h>
#include <lttr/event.h>
#include <lttr/custom.h>
#include <lttr/iter.h>
#include <lttr/scan.h>
#include <lttr/syscalls.h>
#include <lttr/proc.h>
#include <lttr/sccount.h>
#include <lttr/process.h>
#include <lttr/summary.h>
#include <lttr/json.h>
#include <lttr/flow.h>
#include <lttr/latency.h>
#include <lttr/blockreason.h>
#include <lttr/account.h>
#include <lttr/json-account.h>

#endif /* LTTR_LTTR_H */
