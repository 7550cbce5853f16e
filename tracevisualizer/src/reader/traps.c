// SPDX-License-Identifier: GPL-2.0
/*
 * traps.c - the names of trap numbers per traced machine: x86-64's
 * exception vectors (arch/x86/include/asm/trapnr.h), arm64's exception
 * classes, the EC field of ESR_ELx (arch/arm64/include/asm/esr.h).
 */
#include <stdio.h>
#include <string.h>
#include <lttr/reader/event.h>

static const char *const x86_names[32] = {
	"divide_error", "debug", "nmi", "int3", "overflow", "bounds",
	"invalid_op", "device_not_available", "double_fault",
	"coprocessor_segment_overrun", "invalid_tss", "segment_not_present",
	"stack_segment", "general_protection", "page_fault", "spurious",
	"coprocessor_error", "alignment_check", "machine_check",
	"simd_coprocessor_error", "virtualization", "control_protection",
	NULL, NULL, NULL, NULL, NULL, NULL, NULL, "vmm_communication",
	"security",
};

/* ESR_ELx_EC_* (6 bits); "same_el" is the kernel's "current EL" */
static const char *const arm64_names[64] = {
	[0x00] = "undefined_instruction",	/* EC_UNKNOWN: unknown reason */
	[0x01] = "wfi_wfe",
	[0x03] = "cp15_32",
	[0x04] = "cp15_64",
	[0x05] = "cp14_mr",
	[0x06] = "cp14_ls",
	[0x07] = "fp_asimd_access",
	[0x08] = "cp10_id",
	[0x09] = "pac",
	[0x0c] = "cp14_64",
	[0x0d] = "bti",
	[0x0e] = "illegal_execution_state",
	[0x11] = "svc32",
	[0x12] = "hvc32",
	[0x13] = "smc32",
	[0x15] = "svc64",
	[0x16] = "hvc64",
	[0x17] = "smc64",
	[0x18] = "sys64",
	[0x19] = "sve",
	[0x1a] = "eret",
	[0x1c] = "fpac",
	[0x1d] = "sme",
	[0x1f] = "imp_def",
	[0x20] = "instruction_abort_lower_el",
	[0x21] = "instruction_abort_same_el",
	[0x22] = "pc_alignment",
	[0x24] = "data_abort_lower_el",
	[0x25] = "data_abort_same_el",
	[0x26] = "sp_alignment",
	[0x28] = "fp_exception32",
	[0x2c] = "fp_exception64",
	[0x2f] = "serror",
	[0x30] = "breakpoint_lower_el",
	[0x31] = "breakpoint_same_el",
	[0x32] = "software_step_lower_el",
	[0x33] = "software_step_same_el",
	[0x34] = "watchpoint_lower_el",
	[0x35] = "watchpoint_same_el",
	[0x38] = "bkpt32",
	[0x3a] = "vector_catch32",
	[0x3c] = "brk64",
};

/* the names of @m, their count in *@n */
static const char *const *table(enum lttr_machine m, unsigned int *n)
{
	switch (m) {
	case LTTR_MACHINE_X86_64:
		*n = sizeof(x86_names) / sizeof(x86_names[0]);
		return x86_names;
	case LTTR_MACHINE_AARCH64:
		*n = sizeof(arm64_names) / sizeof(arm64_names[0]);
		return arm64_names;
	default:
		*n = 0;
		return NULL;
	}
}

unsigned int lttr_machine_trap_count(enum lttr_machine m)
{
	unsigned int n;

	table(m, &n);
	return n;
}

const char *lttr_machine_trap_name(enum lttr_machine m, unsigned int vector,
				   char *buf, size_t size)
{
	unsigned int n;
	const char *const *tb = table(m, &n);

	if (vector == LTTR_WHAT_UNKNOWN)
		return "unknown";
	if (vector < n && tb[vector])
		return tb[vector];
	snprintf(buf, size, "trap_%u", vector);
	return buf;
}

const char *lttr_trap_name(unsigned int vector, char *buf, size_t size)
{
	return lttr_machine_trap_name(lttr_machine_current(), vector, buf, size);
}

int lttr_trap_known_name(const char *name)
{
	unsigned int m, i, n;

	for (m = 0; m < LTTR_MACHINE_COUNT; m++) {
		const char *const *tb = table((enum lttr_machine)m, &n);

		for (i = 0; i < n; i++)
			if (tb[i] && !strcmp(tb[i], name))
				return 1;
	}
	return 0;
}
