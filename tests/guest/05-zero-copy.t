#!/bin/bash
# traced's zero-copy path (LTT_IOC_GET_SUBBUF, a read-only mmap of each
# CPU's buffers, write(2) from the mapping, LTT_IOC_PUT_SUBBUF: the
# default) against its read(2) path (--read): the same workloads traced
# both ways give traces of the same structure, every buffer whole and in
# order (complete, conservation holds), with exactly the events the
# workloads made (64 KiB buffers, 64 per CPU: the traces span many
# buffers, read while the workloads run, and none is lost): 20000 getppid calls, a tree of 30 forked processes (a
# fork and an exit for each), and a flight trace read after the stop;
# traced --stats says which path it took and how many bytes it copied.
# ltt-modtest (06-module.t) checks the ioctls' and mmap's errors and the
# mappings' lifetimes (after STOP, across a START that frees their memory,
# across CPU hotplug).
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

vm_run "$share" 300 '
for m in zc rd; do
	opt=; [ $m = rd ] && opt=--read
	traced -q $opt -b 64k -n 64 --stats /mnt/share/$m-g.stats -o /mnt/share/$m-g -- ltt-getppid 20000 > /dev/null; echo $? > /mnt/share/$m-g.rc
	traced -q $opt -b 64k -n 64 -o /mnt/share/$m-f -- ltt-forktree 30 /mnt/share/$m-tree; echo $? > /mnt/share/$m-f.rc
	traced -q $opt -b 64k -n 64 --flight -o /mnt/share/$m-fl -- ltt-getppid 5000 > /dev/null; echo $? > /mnt/share/$m-fl.rc
done'
ok $? "guest traced the workloads both ways"
for m in zc rd; do
	for t in g f fl; do
		is "$(cat "$share/$m-$t.rc")" "0" "$m-$t: traced exited 0"
		tracevisualizer summary --json "$share/$m-$t" > "$share/$m-$t.json"
		ok $? "$m-$t reads back"
		conserved "$share/$m-$t"
	done
	tracevisualizer dump --json "$share/$m-f" > "$share/$m-f.dump"
	ok $? "$m-f: dump --json"
done
checks < <(PYTHONPATH=tests/lib python3 - "$share" <<'PY'
import os, sys
from check import ok, load, done
from lttfmt import BUFFER_HEADER as BH, BUFFER_MAGIC
d = sys.argv[1]
def bufs(name):
    """(cpu, seq, data_size) of every buffer of the events file, and whether they tile it."""
    data = open(os.path.join(d, name, 'events'), 'rb').read()
    p, out = 0, []
    while p + BH.size <= len(data):
        h = BH.unpack(data, p)
        out.append((h['magic'], h['cpu'], h['seq'], h['data_size']))
        p += BH.size + h['data_size']
    return out, p == len(data)
magic = BUFFER_MAGIC
for m, how in (('zc', 'zero copy'), ('rd', 'read(2)')):
    g, f, fl = (load(os.path.join(d, '%s-%s.json' % (m, t))) for t in ('g', 'f', 'fl'))
    for t, s in (('g', g), ('f', f), ('fl', fl)):
        ok(s['trace']['complete'] and s['lost']['total'] == 0,
           "%s: %s-%s complete, nothing lost (%d)" % (how, m, t, s['lost']['total']))
        b, tiled = bufs('%s-%s' % (m, t))
        seqs = {}
        for mg, cpu, seq, _ in b:
            seqs.setdefault(cpu, []).append(seq)
        ok(tiled and b and all(x[0] == magic for x in b) and
           all(v == list(range(v[0], v[0] + len(v))) for v in seqs.values()),
           "%s: %s-%s: %d buffers, each with the buffer magic, tiling the file, in seq order per CPU" % (how, m, t, len(b)))
    st = load(os.path.join(d, '%s-g.stats' % m))
    ev_bytes = os.path.getsize(os.path.join(d, '%s-g' % m, 'events'))
    if m == 'zc':
        ok(st['zero_copy'] is True and st['bytes_copied'] == 0 and st['bytes_read'] == ev_bytes,
           "zero copy: traced wrote every byte (%d) from the mapping, copied none (%s)" % (ev_bytes, st['bytes_copied']))
    else:
        ok(st['zero_copy'] is False and st['bytes_copied'] == ev_bytes,
           "read(2): traced copied every byte it wrote (%d of %d)" % (st['bytes_copied'], ev_bytes))
    gp = g['syscalls'].get('getppid', {})
    ok(gp.get('entries') == 20000 and gp.get('exits') == 20000,
       "%s: 20000 getppid entries and exits (%s)" % (how, gp))
    fp = fl['syscalls'].get('getppid', {})
    ok(fp.get('entries') == 5000 and fp.get('exits') == 5000,
       "%s: flight trace read after the stop: 5000 getppid entries and exits (%s)" % (how, fp))
    tree = [tuple(map(int, l.split())) for l in open(os.path.join(d, '%s-tree' % m))]
    ev = load(os.path.join(d, '%s-f.dump' % m))['events']
    kids = {pid for pid, _, _ in tree[1:]}
    forks = {e['args']['child'] for e in ev if e['type'] == 'fork'} & kids
    exits = {e['args']['pid'] for e in ev if e['type'] == 'exit'} & kids
    ok(len(tree) == 31 and forks == kids and exits == kids,
       "%s: the 30 forked processes each have their fork and exit (%d, %d)" % (how, len(forks), len(exits)))
done()
PY
)
done_testing
