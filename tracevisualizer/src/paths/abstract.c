// SPDX-License-Identifier: GPL-2.0
/*
 * abstract.c - the abstract trace format of Aguilera et al.: read and
 * write messages, one a line (lttr/paths/abstract.h).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <lttr/paths/abstract.h>

int lttr_parse_seconds(const char *text, uint64_t *ns)
{
	uint64_t sec = 0, frac = 0;
	const char *p = text;
	int digits = 0;

	if (!isdigit((unsigned char)*p))
		return -1;
	for (; isdigit((unsigned char)*p); p++) {
		if (sec > (UINT64_MAX / 1000000000ULL - 9) / 10)
			return -1;
		sec = sec * 10 + (uint64_t)(*p - '0');
	}
	if (*p == '.') {
		for (p++; isdigit((unsigned char)*p); p++) {
			if (digits == 9)
				continue;	/* below a nanosecond: dropped */
			frac = frac * 10 + (uint64_t)(*p - '0');
			digits++;
		}
	}
	if (*p)
		return -1;
	for (; digits < 9; digits++)
		frac *= 10;
	*ns = sec * 1000000000ULL + frac;
	return 0;
}

static int kind_of(const char *w)
{
	if (!strcmp(w, "CALL") || !strcmp(w, "CALL_SENT"))
		return LTTR_MSG_CALL;
	if (!strcmp(w, "RET") || !strcmp(w, "RET_SENT") || !strcmp(w, "RETURN"))
		return LTTR_MSG_RET;
	return -1;
}

/* one line's words into @w (at most @max), NUL-terminated in place */
static int split(char *line, char **w, int max)
{
	int n = 0;
	char *p = line;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return n;
		if (n == max)
			return max + 1;
		w[n++] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		if (*p)
			*p++ = '\0';
	}
}

int lttr_msgs_read_abstract(const char *path, struct lttr_msgset *s,
			    struct lttr_error *err)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	unsigned long lineno = 0;
	int ret = 0;

	if (!f)
		return lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
	while ((len = getline(&line, &cap, f)) >= 0) {
		struct lttr_msg m = { 0 };
		char *w[7];
		int nw, kind;
		long src, dst;
		long long id;

		lineno++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (strlen(line) != (size_t)len) {
			ret = lttr_error_set(err, LTTR_E_FORMAT, "%s:%lu: a NUL byte in the line",
					     path, lineno);
			break;
		}
		nw = split(line, w, 6);
		if (!nw || w[0][0] == '#')
			continue;
		if (nw < 5 || nw > 6) {
			ret = lttr_error_set(err, LTTR_E_FORMAT,
					     "%s:%lu: expected TIME CALL|RET SENDER RECEIVER ID [RECVTIME], got %d words",
					     path, lineno, nw > 6 ? 7 : nw);
			break;
		}
		if (lttr_parse_seconds(w[0], &m.send_ns)) {
			ret = lttr_error_set(err, LTTR_E_FORMAT,
					     "%s:%lu: bad time '%s' (seconds, e.g. 12.000345)",
					     path, lineno, w[0]);
			break;
		}
		m.recv_ns = m.send_ns;
		if (nw == 5)
			m.flags = LTTR_MSG_ONE_TIME;
		if (nw == 6 && lttr_parse_seconds(w[5], &m.recv_ns)) {
			ret = lttr_error_set(err, LTTR_E_FORMAT,
					     "%s:%lu: bad receive time '%s'", path, lineno, w[5]);
			break;
		}
		kind = kind_of(w[1]);
		if (kind < 0) {
			ret = lttr_error_set(err, LTTR_E_FORMAT,
					     "%s:%lu: '%s' is neither CALL nor RET",
					     path, lineno, w[1]);
			break;
		}
		src = lttr_msgset_node(s, w[2]);
		dst = lttr_msgset_node(s, w[3]);
		id = lttr_msgset_id(s, w[4]);
		if (src < 0 || dst < 0 || id < 0) {
			ret = lttr_error_set(err, LTTR_E_NOMEM, "%s:%lu: out of memory",
					     path, lineno);
			break;
		}
		m.kind = (uint8_t)kind;
		m.src = (uint32_t)src;
		m.dst = (uint32_t)dst;
		m.id = (uint64_t)id;
		if (lttr_msgset_add(s, &m)) {
			ret = lttr_error_set(err, LTTR_E_NOMEM, "%s:%lu: out of memory",
					     path, lineno);
			break;
		}
	}
	if (!ret && ferror(f))
		ret = lttr_error_set(err, LTTR_E_IO, "%s: read error", path);
	free(line);
	if (f != stdin)
		fclose(f);
	return ret;
}

int lttr_msgs_write_abstract(FILE *f, const struct lttr_msgset *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		const struct lttr_msg *m = &s->v[i];
		char idbuf[24];

		fprintf(f, "%" PRIu64 ".%09" PRIu64 " %s %s %s %s", (uint64_t)(m->send_ns / 1000000000U),
			(uint64_t)(m->send_ns % 1000000000U), m->kind == LTTR_MSG_CALL ? "CALL" : "RET",
			s->nodes[m->src], s->nodes[m->dst],
			lttr_msg_id_str(s, m, idbuf, sizeof(idbuf)));
		if (!(m->flags & LTTR_MSG_ONE_TIME))
			fprintf(f, " %" PRIu64 ".%09" PRIu64, (uint64_t)(m->recv_ns / 1000000000U),
				(uint64_t)(m->recv_ns % 1000000000U));
		fputc('\n', f);
	}
	return ferror(f) ? -1 : 0;
}
