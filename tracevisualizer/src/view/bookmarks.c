// SPDX-License-Identifier: GPL-2.0
/*
 * bookmarks.c - named bookmarks and markers of a trace, read and written
 * as TRACEDIR/bookmarks.json with json-c.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <json-c/json.h>
#include <lttr/view/bookmarks.h>
#include <lttr/view/tracemode.h>

static char *path_of(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = malloc(n);

	if (p)
		snprintf(p, n, "%s/%s", dir, name);
	return p;
}

static bool get_u64(json_object *o, const char *key, uint64_t *v)
{
	json_object *x;

	if (!json_object_object_get_ex(o, key, &x) || !json_object_is_type(x, json_type_int))
		return false;
	errno = 0;
	*v = json_object_get_uint64(x);
	return !errno;
}

static int damaged(struct lttr_bookmarks *b, struct lttr_error *err,
		   const char *path, const char *why)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		memset(&b->v[i], 0, sizeof(b->v[i]));
	b->n = 0;
	b->has_mark[0] = b->has_mark[1] = false;
	b->damaged = true;
	return lttr_error_set(err, LTTR_E_FORMAT, "%s: %s", path, why);
}

int lttr_bookmarks_load(const char *dir, struct lttr_bookmarks *b,
			struct lttr_error *err)
{
	char *path = path_of(dir, "bookmarks.json");
	json_object *root, *list, *marks;
	size_t i, n;
	int r = 0;
	FILE *f;

	memset(b, 0, sizeof(*b));
	if (!path)
		return lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
	f = fopen(path, "r");
	if (!f) {
		if (errno != ENOENT)
			r = lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
		free(path);
		return r;
	}
	fclose(f);
	root = json_object_from_file(path);
	if (!root) {
		r = damaged(b, err, path, json_util_get_last_err() ?
			    json_util_get_last_err() : "not JSON");
		free(path);
		return r;
	}
	if (!json_object_is_type(root, json_type_object) ||
	    !json_object_object_get_ex(root, "bookmarks", &list) ||
	    !json_object_is_type(list, json_type_array)) {
		r = damaged(b, err, path, "no \"bookmarks\" array");
		goto out;
	}
	n = json_object_array_length(list);
	for (i = 0; i < n; i++) {
		json_object *e = json_object_array_get_idx(list, i), *name;
		uint64_t t;

		if (!json_object_is_type(e, json_type_object) ||
		    !json_object_object_get_ex(e, "name", &name) ||
		    !json_object_is_type(name, json_type_string) || !get_u64(e, "time_ns", &t)) {
			char why[64];

			snprintf(why, sizeof(why), "bookmark %zu has no name or time_ns", i);
			r = damaged(b, err, path, why);
			goto out;
		}
		if (lttr_bookmarks_add(b, json_object_get_string(name), t) < 0) {
			r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
			goto out;
		}
	}
	if (json_object_object_get_ex(root, "markers", &marks) &&
	    json_object_is_type(marks, json_type_object)) {
		b->has_mark[0] = get_u64(marks, "a_ns", &b->mark[0]);
		b->has_mark[1] = get_u64(marks, "b_ns", &b->mark[1]);
	}
out:
	json_object_put(root);
	free(path);
	return r;
}

static json_object *to_json(uint64_t start_ns, const struct lttr_bookmarks *b)
{
	json_object *root = json_object_new_object();
	json_object *list = json_object_new_array();
	json_object *marks = json_object_new_object();
	size_t i;

	if (!root || !list || !marks) {
		json_object_put(root);
		json_object_put(list);
		json_object_put(marks);
		return NULL;
	}
	json_object_object_add(root, "version", json_object_new_int(1));
	for (i = 0; i < b->n; i++) {
		json_object *e = json_object_new_object();

		if (!e)
			break;
		json_object_object_add(e, "name", json_object_new_string(b->v[i].name));
		json_object_object_add(e, "time_ns", json_object_new_uint64(b->v[i].time_ns));
		json_object_object_add(e, "rel_ns", json_object_new_uint64(
			b->v[i].time_ns > start_ns ? b->v[i].time_ns - start_ns : 0));
		json_object_array_add(list, e);
	}
	json_object_object_add(root, "bookmarks", list);
	if (b->has_mark[0])
		json_object_object_add(marks, "a_ns", json_object_new_uint64(b->mark[0]));
	if (b->has_mark[1])
		json_object_object_add(marks, "b_ns", json_object_new_uint64(b->mark[1]));
	json_object_object_add(root, "markers", marks);
	return root;
}

int lttr_bookmarks_save(const char *dir, uint64_t start_ns,
			struct lttr_bookmarks *b, struct lttr_error *err)
{
	char *path = path_of(dir, "bookmarks.json");
	char *tmp = path_of(dir, "bookmarks.json.new");
	char *bad = path_of(dir, "bookmarks.json.damaged");
	json_object *root = NULL;
	int r = 0, fd, e = 0;

	if (!path || !tmp || !bad || !(root = to_json(start_ns, b))) {
		r = lttr_error_set(err, LTTR_E_NOMEM, "out of memory");
		goto out;
	}
	/* 0600 until it has the trace's mode and owner (not the umask's) */
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || lttr_file_mode_like_trace(dir, fd) < 0 ||
	    json_object_to_fd(fd, root, JSON_C_TO_STRING_PRETTY |
			      JSON_C_TO_STRING_NOSLASHESCAPE))
		e = errno ? errno : EIO;
	if (fd >= 0 && close(fd) && !e)
		e = errno;
	if (e) {
		r = lttr_error_set(err, LTTR_E_IO, "%s: %s", tmp, strerror(e));
		remove(tmp);
		goto out;
	}
	if (b->damaged) {	/* keep what could not be read */
		if (rename(path, bad) && errno != ENOENT) {
			r = lttr_error_set(err, LTTR_E_IO, "%s: %s", bad, strerror(errno));
			remove(tmp);
			goto out;
		}
		b->damaged = false;
	}
	if (rename(tmp, path)) {
		r = lttr_error_set(err, LTTR_E_IO, "%s: %s", path, strerror(errno));
		remove(tmp);
	}
out:
	json_object_put(root);
	free(path);
	free(tmp);
	free(bad);
	return r;
}

long lttr_bookmarks_add(struct lttr_bookmarks *b, const char *name,
			uint64_t time_ns)
{
	size_t i, at;

	for (i = 0; i < b->n; i++)
		if (!strncmp(b->v[i].name, name, LTTR_BOOKMARK_NAME_MAX - 1)) {
			lttr_bookmarks_remove(b, i);
			break;
		}
	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 8;
		struct lttr_bookmark *n = realloc(b->v, cap * sizeof(*n));

		if (!n)
			return -1;
		b->v = n;
		b->cap = cap;
	}
	for (at = 0; at < b->n && b->v[at].time_ns <= time_ns; at++)
		;
	memmove(&b->v[at + 1], &b->v[at], (b->n - at) * sizeof(*b->v));
	memset(&b->v[at], 0, sizeof(b->v[at]));
	snprintf(b->v[at].name, sizeof(b->v[at].name), "%s", name);
	b->v[at].time_ns = time_ns;
	b->n++;
	return (long)at;
}

void lttr_bookmarks_remove(struct lttr_bookmarks *b, size_t i)
{
	if (i >= b->n)
		return;
	memmove(&b->v[i], &b->v[i + 1], (b->n - i - 1) * sizeof(*b->v));
	b->n--;
}

void lttr_bookmarks_free(struct lttr_bookmarks *b)
{
	free(b->v);
	memset(b, 0, sizeof(*b));
}
