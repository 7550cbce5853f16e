/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz-tmpdir.h - the private directory an input is unpacked into.
 */
#ifndef FUZZ_TMPDIR_H
#define FUZZ_TMPDIR_H

/*
 * fz_tmpdir() - a directory of its own under $TMPDIR (else /tmp), made
 * on the first call and removed with its files at exit; NULL (and a
 * message on stderr) when it cannot be made
 */
const char *fz_tmpdir(void);

#endif /* FUZZ_TMPDIR_H */
