#!/usr/bin/env python3
"""promcheck.py - what a real Prometheus server scraped from
tracevisualizer vitals --metrics-listen, against what vitals --json says
(tests/host/vitals-prometheus.t).

  promcheck.py ready PROM_URL [PID]
      poll PROM_URL/-/ready until it answers 200 (60 s at most; 1 at
      once when process PID has exited)
  promcheck.py check PROM_URL NAMES JSON...
      the series every epoch file counted once implies, computed from the
      --json outputs given (the union of their epochs by number, of their
      warnings by file; NAMES: a file listing the epoch files' names seen,
      for the missing numbers); polls Prometheus' /api/v1/query until its
      newest scrape has them (30 s at most), then compares every
      ltt_vitals_* series it holds with them, exactly: the same set of
      series (no series for what is not known), the same values.
  promcheck.py live PROM_URL JOB DIR MIN_EPOCH [--dropped]
      the same for a daemon that goes on writing epochs in DIR (traced
      --vitals --metrics-listen, Prometheus job JOB): once a scrape has
      epoch MIN_EPOCH or later, the series of that scrape against
      vitals --json DIR read after it, up to the epoch the scrape had;
      --dropped: and those epochs dropped samples (the fake device's do).
"""
import json
import os
import re
import subprocess
import sys
import time
import urllib.parse
import urllib.request

sys.path.insert(0, 'tests/lib')
from check import ok, done  # noqa: E402

WARMUP = 3      # LTTR_EWMA_WARMUP


def get(url):
    with urllib.request.urlopen(url, timeout=5) as r:
        return r.status, r.read().decode()


def alive(pid):
    try:
        with open('/proc/%s/stat' % pid) as f:
            return f.read().rsplit(')', 1)[1].split()[0] != 'Z'
    except OSError:
        return False


def ready(prom, pid=None):
    end = time.monotonic() + 60
    while time.monotonic() < end:
        if pid and not alive(pid):
            return 1    # it exited (its log says why)
        try:
            if get(prom + '/-/ready')[0] == 200:
                return 0
        except OSError:
            pass
        time.sleep(0.1)
    return 1


def query(prom, q):
    s, body = get(prom + '/api/v1/query?' +
                  urllib.parse.urlencode({'query': q}))
    j = json.loads(body)
    if s != 200 or j.get('status') != 'success':
        raise RuntimeError(body)
    return j['data']['result']


def expected(jsons, names, upto=None):
    epochs, warnings = {}, {}
    for j in jsons:
        if isinstance(j, str):
            with open(j) as f:
                j = json.load(f)
        for e in j['epochs']:
            if upto is None or e['epoch'] <= upto:
                epochs[e['epoch']] = e
        for w in j['warnings']:
            warnings[w.split(':')[0]] = w
    ep = [epochs[k] for k in sorted(epochs)]
    nums = sorted({int(re.match(r'vitals-(\d+)\.ltv$', n).group(1))
                   for n in names})
    x = {}

    def put(name, value, **labels):
        x[(name, frozenset(labels.items()))] = float(value)

    put('ltt_vitals_epochs_total', len(ep))
    put('ltt_vitals_epoch_files_bad_total', len(warnings))
    put('ltt_vitals_epochs_missing_total', nums[-1] - nums[0] + 1 - len(nums))
    put('ltt_vitals_epochs_partial_total', sum(e['partial'] for e in ep))
    put('ltt_vitals_directory_errors_total', 0)
    put('ltt_vitals_samples_total', sum(e['samples'] for e in ep))
    put('ltt_vitals_samples_dropped_total', sum(e['dropped'] for e in ep))
    put('ltt_vitals_events_skipped_total', sum(e['skipped'] for e in ep))
    # the collector's sampling time: the JSON's ns, the exposition's s
    put('ltt_vitals_sampling_seconds_total', sum(e['sampling_ns'] for e in ep) / 1e9)
    vit = {}
    for e in ep:
        for v, r in e['vitals'].items():
            t = vit.setdefault(v, [0, 0, r['unit']])
            t[0] += r['total']
            t[1] += r['events']
    for v, (total, events, unit) in vit.items():
        put('ltt_vitals_weight_total', total, vital=v, unit=unit)
        put('ltt_vitals_events_total', events, vital=v)
    last = ep[-1]
    put('ltt_vitals_last_epoch', last['epoch'])
    put('ltt_vitals_last_epoch_samples', last['samples'])
    put('ltt_vitals_last_epoch_samples_dropped', last['dropped'])
    x[('ltt_vitals_last_epoch_end_timestamp_seconds', frozenset())] = \
        (last['wall_start_ns'] + last['end_ns'] - last['start_ns']) / 1e9
    for v, r in last['vitals'].items():
        put('ltt_vitals_last_epoch_weight', r['total'], vital=v,
            unit=r['unit'])
        put('ltt_vitals_last_epoch_events', r['events'], vital=v)
        if r['distinct_labels'] is not None:
            put('ltt_vitals_last_epoch_distinct_labels',
                r['distinct_labels'], vital=v)
        put('ltt_vitals_last_epoch_anomaly', int(r['anomaly']), vital=v)
        # the detector judges once WARMUP unflagged epochs are behind it
        # (in these fixtures no epoch before the warm-up's end is flagged)
        if len(ep) - 1 >= WARMUP:
            put('ltt_vitals_last_epoch_band_low', r['band_lo'], vital=v)
            put('ltt_vitals_last_epoch_band_high', r['band_hi'], vital=v)
        for t in r['top']:
            lab = dict(vital=v, label=t['label'], comm=t['comm'],
                       pid=str(t['pid']))
            put('ltt_vitals_last_epoch_label_estimate', t['estimate'], **lab)
            put('ltt_vitals_last_epoch_label_samples', t['samples'], **lab)
    return x


def scraped(prom, job='ltt'):
    got = {}
    for s in query(prom, '{__name__=~"ltt_vitals_.*",job="%s"}' % job):
        m = dict(s['metric'])
        name = m.pop('__name__')
        m.pop('job', None)
        m.pop('instance', None)
        got[(name, frozenset(m.items()))] = float(s['value'][1])
    return got


def show(key):
    name, labels = key
    return name + '{' + ','.join('%s="%s"' % kv for kv in sorted(labels)) + '}'


def compare(prom, job, x, got):
    last_key = ('ltt_vitals_last_epoch', frozenset())
    count_key = ('ltt_vitals_epochs_total', frozenset())
    up = query(prom, 'up{job="%s"}' % job)
    ok(len(up) == 1 and up[0]['value'][1] == '1',
       "Prometheus scraped job %s (up == 1)" % job)
    ok(got.get(last_key) == x[last_key] and got.get(count_key) == x[count_key],
       "Prometheus' newest scrape has epoch %d and %d epochs counted"
       % (x[last_key], x[count_key]))
    ts = ('ltt_vitals_last_epoch_end_timestamp_seconds', frozenset())
    ok(ts in got and abs(got.pop(ts) - x.pop(ts)) < 1e-6,
       "the newest epoch's end time (to the microsecond)")
    extra = sorted(show(k) for k in got if k not in x)
    lost = sorted(show(k) for k in x if k not in got)
    ok(not extra and not lost,
       "the same %d series as --json implies (extra: %s; lost: %s)"
       % (len(x), extra[:5], lost[:5]))
    wrong = ['%s = %r, --json: %r' % (show(k), got[k], x[k])
             for k in sorted(x, key=show) if k in got and got[k] != x[k]]
    ok(not wrong, "every value exactly --json's (%d compared; %s)"
       % (len(x), wrong[:5]))
    w = [x[k] for k in x if k[0] == 'ltt_vitals_weight_total' and
         ('vital', 'syscall') in k[1]]
    ok(w and got.get(('ltt_vitals_weight_total',
                      frozenset({('vital', 'syscall'), ('unit', 'events')}))) == w[0],
       "the syscall vital sign's weight read back: %s" % (w[0] if w else None))


def check(prom, names_file, jsons):
    with open(names_file) as f:
        names = f.read().split()
    x = expected(jsons, names)
    last_key = ('ltt_vitals_last_epoch', frozenset())
    count_key = ('ltt_vitals_epochs_total', frozenset())
    bad_key = ('ltt_vitals_epoch_files_bad_total', frozenset())
    end = time.monotonic() + 30
    got = {}
    while time.monotonic() < end:
        got = scraped(prom)
        if all(got.get(k) == x[k] for k in (last_key, count_key, bad_key)):
            break
        time.sleep(0.2)
    compare(prom, 'ltt', x, got)
    done()


def live(prom, job, d, min_epoch, dropped):
    key = ('ltt_vitals_last_epoch', frozenset())
    end = time.monotonic() + 30
    got = {}
    while time.monotonic() < end:
        got = scraped(prom, job)
        if got.get(key, -1) >= min_epoch:
            break
        time.sleep(0.2)
    upto = int(got.get(key, -1))
    out = subprocess.run(['tracevisualizer', 'vitals', '--json', d],
                         capture_output=True, text=True)
    ok(out.returncode == 0, "vitals --json of the daemon's directory: status 0 (%s)"
       % out.stderr[:200])
    j = json.loads(out.stdout)
    names = ['vitals-%08d.ltv' % e['epoch'] for e in j['epochs']
             if e['epoch'] <= upto]
    ok(upto >= min_epoch, "a scrape with epoch %d (at least %d)" % (upto, min_epoch))
    if upto < min_epoch:
        done()
        return
    x = expected([j], names, upto)
    if dropped:
        ok(x[('ltt_vitals_samples_dropped_total', frozenset())] > 0,
           "the daemon's epochs dropped samples: %d, counted"
           % x[('ltt_vitals_samples_dropped_total', frozenset())])
    compare(prom, job, x, got)
    done()


if __name__ == '__main__':
    if sys.argv[1] == 'ready':
        sys.exit(ready(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None))
    if sys.argv[1] == 'live':
        live(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]),
             sys.argv[6:] == ['--dropped'])
        sys.exit(0)
    check(sys.argv[2], sys.argv[3], sys.argv[4:])
