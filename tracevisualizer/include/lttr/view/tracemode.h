/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttr/view/tracemode.h - the files the front ends write beside a trace
 * (bookmarks.json, the window's session.json) get the trace's own mode
 * and owner: a trace is 0600 (0640 with a group), and what is written
 * beside it tells where its user looked, so it is no more readable.
 */
#ifndef LTTR_VIEW_TRACEMODE_H
#define LTTR_VIEW_TRACEMODE_H

/**
 * lttr_file_mode_like_trace() - give @fd the mode and owner of the trace
 * @dir: the trace directory (its events file, else its header, else the
 *       directory itself, is the model)
 * @fd: a file just created (mode 0600, whatever the umask, is the safe
 *      start: the caller opens it so)
 *
 * The read and write bits of the model; its owner and group where the
 * caller may give them (a group it cannot give: no group bits).
 * Return: 0, or -errno when the model cannot be read or @fd changed.
 */
int lttr_file_mode_like_trace(const char *dir, int fd);

#endif
