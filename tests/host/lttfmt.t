#!/bin/bash
# lttfmt.t - the tests' Python view of the trace format (tests/lib/lttfmt.py)
# against the C structs of include/ltt/ltt-abi.h as the compiler lays them
# out (tracevisualizer/build/utest/ltt-layout: sizeof and offsetof); the
# one event list (include/ltt/ltt-events.h) against the ids of ltt-abi.h;
# an event added to the list without its field description does not build.
source "$(dirname "$0")/../lib/tap.sh"

layout=tracevisualizer/build/utest/ltt-layout
if [ ! -x "$layout" ]; then
	plan 1
	ok 1 "$layout is built (make -C tracevisualizer)"
	exit 1
fi

checks() {
	local line
	while IFS= read -r line; do
		case $line in
		"PASS "*) ok 0 "${line#PASS }" ;;
		"FAIL "*) ok 1 "${line#FAIL }" ;;
		"# "*) echo "$line" ;;
		esac
	done
}

# Every member of the payload and compact layouts lttfmt.py names, at the
# offset and of the size the compiler gives it: a program printing them,
# written from lttfmt's own member names (a name C does not have does not
# build).
gen=$(mktemp -d)
trap 'rm -rf "$gen"' EXIT
PYTHONPATH=tests/lib python3 - >"$gen/members.c" <<'PY'
import lttfmt
print('#include <stddef.h>')
print('#include <stdio.h>')
print('#include <ltt/ltt-abi.h>')
print('#define STRUCT(s) printf("struct %s %zu\\n", #s, sizeof(struct s))')
print('#define MEMBER(s, m) printf("member %s %s %zu %zu\\n", #s, #m, '
      'offsetof(struct s, m), sizeof(((struct s *)0)->m))')
print('int main(void)')
print('{')
for l in list(lttfmt.PAYLOADS.values()) + list(lttfmt.COMPACT.values()):
    print('\tSTRUCT(%s);' % l.name)
    for m, _ in l.members:
        print('\tMEMBER(%s, %s);' % (l.name, m))
print('\treturn 0;')
print('}')
PY
out=$(cc -std=c11 -D_GNU_SOURCE -Iinclude -o "$gen/members" "$gen/members.c" 2>&1)
ok $? "the payload and compact members lttfmt names are members of the C structs" || diag "$out"

checks < <({ "$layout"; [ -x "$gen/members" ] && "$gen/members"; } | PYTHONPATH=tests/lib python3 -c '
import sys
import lttfmt
from check import ok

layouts = {l.name: l for l in (lttfmt.TRACE_HEADER, lttfmt.BUFFER_HEADER,
                               lttfmt.RECORD_HEADER, lttfmt.LOST_INFO)}
for l in list(lttfmt.PAYLOADS.values()) + list(lttfmt.COMPACT.values()):
    layouts[l.name] = l
seen_structs, seen_members, events = set(), {}, {}
consts = {}
for line in sys.stdin:
    f = line.split()
    if f[0] == "format":
        ok((int(f[1]), int(f[2])) == lttfmt.FORMAT,
           "format %s.%s: lttfmt.FORMAT %r" % (f[1], f[2], lttfmt.FORMAT))
    elif f[0] == "const":
        consts[f[1]] = int(f[2])
    elif f[0] == "struct" and f[1] in layouts:
        seen_structs.add(f[1])
        ok(layouts[f[1]].size == int(f[2]), "sizeof(struct %s) = %s: lttfmt says %d"
           % (f[1], f[2], layouts[f[1]].size))
    elif f[0] == "member" and f[1] in layouts:
        l = layouts[f[1]]
        seen_members.setdefault(f[1], []).append(f[2])
        ok(l.offsets.get(f[2]) == int(f[3]) and l.sizes.get(f[2]) == int(f[4]),
           "%s.%s at %s, %s bytes: lttfmt says %s, %s"
           % (f[1], f[2], f[3], f[4], l.offsets.get(f[2]), l.sizes.get(f[2])))
    elif f[0] == "event":
        events[int(f[1])] = f[2:]
for name in ("ltt_trace_header", "ltt_buffer_header", "ltt_record_header", "ltt_lost_info"):
    ok(name in seen_structs and [m for m, _ in layouts[name].members] == seen_members.get(name),
       "struct %s: lttfmt has the members of the C struct, in order" % name)
for k, v in (("LTT_TRACE_MAGIC", lttfmt.TRACE_MAGIC), ("LTT_BUFFER_MAGIC", lttfmt.BUFFER_MAGIC),
             ("LTT_EV_MAX", lttfmt.EV_MAX), ("LTT_LOST_SYSCALLS", lttfmt.LOST_SYSCALLS),
             ("LTT_LOST_INFO_SIZE_1_6", lttfmt.LOST_INFO_SIZE_1_6),
             ("LTT_TRACE_HEADER_SIZE_1_0", lttfmt.TRACE_HEADER_SIZE_1_0)):
    ok(consts.get(k) == v, "%s = %s: lttfmt says %s" % (k, consts.get(k), v))
ok(consts.get("LTT_LOST_INFO_SIZE_1_6") == lttfmt.LOST_INFO.offsets["by_event_high"],
   "a 1.6 lost entry is the 1.7 struct up to by_event_high")
ok(consts.get("LTT_EV_IDS") == max(events) + 1,
   "LTT_EV_IDS (%s) is one more than the highest listed id (%d)" % (consts.get("LTT_EV_IDS"), max(events)))
ok(sorted(events) == sorted(lttfmt.BY_ID),
   "lttfmt reads the %d events the C list expands to (%d)" % (len(lttfmt.BY_ID), len(events)))
bad = []
for i, (name, psize, csize, old, var, cls, abi_csize, sym) in sorted(events.items()):
    e = lttfmt.BY_ID.get(i)
    if not e or e.name != name or e.var != var or e.cls != cls:
        bad.append("%d %s" % (i, name))
        continue
    if e.payload in lttfmt.PAYLOADS and lttfmt.PAYLOADS[e.payload].size != int(psize):
        bad.append("%s payload %s != %d" % (name, psize, lttfmt.PAYLOADS[e.payload].size))
    if (e.compact is None) != (int(csize) == 0) or int(csize) != int(abi_csize) or \
       (e.compact and lttfmt.COMPACT[e.compact].size != int(csize)):
        bad.append("%s compact %s (ltt_compact_size %s)" % (name, csize, abi_csize))
ok(not bad, "every event: id, name, variable part, class and compact form as in C, the compact size as ltt_compact_size() says (%s)"
   % (", ".join(bad) or "all %d" % len(events)))
abi = {k: v for k, v in lttfmt.ENUM.items() if k not in ("NONE", "MAX")}
ok(sorted(abi.values()) == sorted(events),
   "every id of enum ltt_event_id has its line in ltt-events.h (%s)"
   % (", ".join(sorted(set(abi) - set(e.sym for e in lttfmt.EVENT_LIST))) or "all %d" % len(abi)))
ok(consts.get("LTT_EV_IDS") == max(abi.values()) + 1, "LTT_EV_IDS follows the highest id of the enum")
names = [p for p in lttfmt.PAYLOADS]
ok(all(any(e.payload == p for e in lttfmt.EVENT_LIST) for p in names),
   "every payload layout of lttfmt is an event payload of the list")
')

# The field types of a custom event's format: the reader's names
# (lttr_custom_ftype_name()) are lttfmt.CUSTOM_FIELD_TYPES's, and the
# payload the reader decodes as exactly one field of each type is as long
# as lttfmt packs it (a str: its NUL alone).
cat >"$gen/ftypes.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <lttr/reader/custom.h>

int main(void)
{
	static const unsigned char zero[16];
	struct lttr_custom_value v[2];
	unsigned int t, n, k;

	for (t = 0; strcmp(lttr_custom_ftype_name(t), "?"); t++) {
		struct lttr_custom_table *tab = lttr_custom_table_new();
		const struct lttr_custom_type *ty;
		char fmt[32];

		snprintf(fmt, sizeof(fmt), "v:%s", lttr_custom_ftype_name(t));
		if (!tab || lttr_custom_table_create(tab, 1, LTT_CUSTOM_FIELDS, "t", fmt, 0) < 0)
			return 1;
		ty = lttr_custom_table_lookup(tab, 1, 0);
		for (n = 0; n < sizeof(zero); n++)
			if (ty && !lttr_custom_decode(ty, zero, n, v, 2, &k, NULL, 0))
				break;
		printf("%s %u\n", lttr_custom_ftype_name(t), n);
		lttr_custom_table_free(tab);
	}
	return 0;
}
C
out=$(cc -std=c11 -D_GNU_SOURCE -Iinclude -Itracevisualizer/include -o "$gen/ftypes" "$gen/ftypes.c" \
	tracevisualizer/build/libltt-reader.a -ljson-c -lfftw3 -lpcap -lm -pthread 2>&1) &&
	"$gen/ftypes" >"$gen/ftypes.txt"
ok $? "a program decoding one field of each custom field type with the reader" || diag "$out"
checks < <(PYTHONPATH=tests/lib python3 - "$gen/ftypes.txt" <<'PY'
import struct, sys
import lttfmt
from check import ok
c = [l.split() for l in open(sys.argv[1])]
types = lttfmt.CUSTOM_FIELD_TYPES
ok(sorted(t for t, _ in c) == sorted(types),
   "the reader's custom field types (%s) are lttfmt's" % " ".join(t for t, _ in c))
for t, n in c:
    want = struct.calcsize('<' + types[t]) if types.get(t) else 1
    ok(t in types and int(n) == want,
       "custom field type %s: %s bytes in the reader, lttfmt packs %d" % (t, n, want))
PY
)

# The compile-time check: an event added to the list without its field
# description in src/reader/fields.c does not build, and builds with one.
# (id 9, a free one below the highest: the list still reaches LTT_EV_IDS)
extra='-DLTT_EVENTS_EXTRA(X)=X(FAKE, "fake", softirq, NONE, OTHER, LTT_NO_CEV, 0)'
flags=(-std=c11 -D_GNU_SOURCE -DLTT_EV_FAKE=9 -Iinclude -Itracevisualizer/include
	-Itracevisualizer/src -fsyntax-only)
out=$(cc "${flags[@]}" "$extra" tracevisualizer/src/reader/fields.c 2>&1)
rc=$?
ok "$([ $rc -ne 0 ] && echo 0 || echo 1)" "an event listed without its description: fields.c does not build" ||
	diag "$out"
case $out in *desc_FAKE*) ok 0 "the compiler names the missing description (desc_FAKE)" ;;
*) ok 1 "the compiler names the missing description (desc_FAKE)"; diag "$out" ;; esac
tmpc=$(mktemp --suffix=.c)
trap 'rm -f "$tmpc"; rm -rf "$gen"' EXIT
sed 's/^DESCRIBE(TIME_EXT, \(.*\));$/&\nDESCRIBE(FAKE, \1);/' tracevisualizer/src/reader/fields.c >"$tmpc"
out=$(cc "${flags[@]}" -Itracevisualizer/src/reader "$extra" "$tmpc" 2>&1)
ok $? "the same event with its description: fields.c builds" || diag "$out"
for f in record.c; do
	out=$(cc "${flags[@]}" "$extra" "tracevisualizer/src/reader/$f" 2>&1)
	ok $? "reader/$f expands the list with the extra event" || diag "$out"
done
out=$(cc "${flags[@]}" -Itracevisualizer/include "$extra" tracevisualizer/src/view/evclass.c 2>&1)
ok $? "view/evclass.c expands the list with the extra event" || diag "$out"
out=$(cc -std=c11 -D_GNU_SOURCE -DLTT_EV_FAKE=9 -Iinclude -Itracevisualizer/include -fsyntax-only "$extra" traced/parse.c 2>&1)
ok $? "traced/parse.c expands the list with the extra event" || diag "$out"
done_testing
