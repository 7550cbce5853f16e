/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/output/json-load.h - the CPU load over time (lttr_load_compute())
 * as JSON: what "tracevisualizer jobs --load --json" prints
 * (docs/json-schema.md).
 */
#ifndef LTTR_JSON_LOAD_H
#define LTTR_JSON_LOAD_H

#include <lttr/analysis/load.h>
#include <lttr/output/json.h>

/**
 * lttr_json_load() - write the LOAD object: the bins, each CPU's busy and
 * unknown time per bin, each task's time per bin
 * @j: the writer
 * @l: the load
 */
void lttr_json_load(struct lttr_json *j, const struct lttr_load *l);

#endif /* LTTR_JSON_LOAD_H */
