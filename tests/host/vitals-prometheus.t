#!/bin/bash
# The vital signs for a fleet (issue 29): tracevisualizer vitals
# --prometheus prints Prometheus' text exposition format (promtool checks
# it) and --metrics-listen serves it on /metrics; a real Prometheus server
# (Debian's prometheus, on 127.0.0.1, a temporary config and storage)
# scrapes it, and every ltt_vitals_* series read back through its HTTP API
# (/api/v1/query) is what vitals --json says, exactly, and nothing else
# (no series for what is not known).  Epoch files of tests/lib/vitalsgen.py
# (no guest); then, while both run, a corrupt file, a gap and a new epoch
# appear (counted: the bad file and the missing epoch as their own series,
# the endpoint still serving what was valid), and the oldest file goes as
# --keep removes it (the counters do not go back).  A port in use, a name
# instead of an address, 404/405.  Only the PIDs started here are killed.
. "$(dirname "$0")/../lib/tap.sh"
. "$TOP/tests/lib/prometheus.sh"
command -v prometheus > /dev/null && command -v promtool > /dev/null ||
	skip_all "prometheus and promtool (Debian's prometheus package, scripts/setup-deps)"
tmp=$(mktemp -d)
pids=()
cleanup() {
	local p
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
	for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
tv=tracevisualizer
make -s -C traced traced test/traced-fake > "$tmp/build.log" 2>&1 ||
	{ ok 1 "make -C traced: $(tail -c 300 "$tmp/build.log")"; done_testing; }

# listen_port FILE PID : the port a server said it listens on
listen_port() {
	local p
	for _ in $(seq 600); do
		p=$(sed -n 's/.* on port \([0-9]*\): \/metrics$/\1/p' "$1")
		[ -n "$p" ] || ! kill -0 "$2" 2>/dev/null && break
		sleep 0.05
	done
	echo "$p"
}

python3 tests/lib/vitalsgen.py "$tmp/v"
ok $? "six epoch files written"

# ---- --prometheus: the format, checked by Prometheus' own tool ----------
$tv vitals --prometheus "$tmp/v" > "$tmp/one.prom" 2> "$tmp/one.err"
is $? 4 "--prometheus: a file skipped, status 4"
[ "$(grep -c 'warning: .*, skipped$' "$tmp/one.err")" = 2 ]
ok $? "the two bad files named on standard error"
promtool check metrics < "$tmp/one.prom" > "$tmp/lint.txt" 2>&1
ok $? "promtool check metrics: no problem ($(head -c 300 "$tmp/lint.txt"))"
grep -q '^ltt_vitals_epoch_files_bad_total 2$' "$tmp/one.prom" &&
	grep -q '^# TYPE ltt_vitals_weight_total counter$' "$tmp/one.prom" &&
	grep -q '^# HELP ltt_vitals_weight_total ' "$tmp/one.prom"
ok $? "HELP and TYPE lines, the bad files counted"
! grep -q 'vital="cpu"\|vital="l2miss"' "$tmp/one.prom"
ok $? "the vital signs not collected have no series (not 0)"
mkdir "$tmp/w"
cp "$tmp/v/vitals-00000000.ltv" "$tmp/v/vitals-00000001.ltv" "$tmp/w/"
$tv vitals --prometheus "$tmp/w" > "$tmp/w.prom" 2>&1
is $? 0 "two good epochs: status 0"
! grep -q '^ltt_vitals_last_epoch_band' "$tmp/w.prom" && grep -q '^# TYPE ltt_vitals_last_epoch_band_low gauge$' "$tmp/w.prom"
ok $? "during the detector's warm-up the band has no series"

# ---- the endpoint ----------------------------------------------------------
$tv vitals --metrics-listen 127.0.0.1:0 "$tmp/v" 2> "$tmp/srv.err" &
srv=$!
pids+=("$srv")
port=$(listen_port "$tmp/srv.err" "$srv")
ok "$([ -n "$port" ]; echo $?)" "the endpoint listens (port ${port:-none}: $(head -c 300 "$tmp/srv.err"))"
url=http://127.0.0.1:$port
checks < <(python3 - "$url" "$tmp/one.prom" <<'PY'
import sys, urllib.request, urllib.error
sys.path.insert(0, 'tests/lib')
from check import ok, done
url = sys.argv[1]
def code(path, method='GET'):
    try:
        with urllib.request.urlopen(urllib.request.Request(url + path, method=method), timeout=5) as r:
            return r.status, r.headers.get('Content-Type'), r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, None, ''
s, t, body = code('/metrics')
ok(s == 200 and t.startswith('text/plain; version=0.0.4'), "GET /metrics: 200, %s" % t)
ok(body == open(sys.argv[2]).read(), "the body is --prometheus's output")
ok(code('/')[0] == 404 and code('/metricsx')[0] == 404, "another path: 404")
ok(code('/metrics', 'POST')[0] == 405, "POST: 405")
s, _, body = code('/metrics', 'HEAD')
ok(s == 200 and body == '', "HEAD: 200, no body")
done()
PY
)
$tv vitals --metrics-listen "127.0.0.1:$port" "$tmp/v" > /dev/null 2> "$tmp/busy.err"
is $? 1 "a second server on the same port: status 1"
grep -q "metrics-listen 127.0.0.1:$port: Address already in use" "$tmp/busy.err"
ok $? "the port in use said ($(head -c 200 "$tmp/busy.err"))"
traced/traced --vitals --metrics-listen "127.0.0.1:$port" -d "$tmp/no-device" -o "$tmp/t" 2> "$tmp/tbusy.err"
is $? 1 "traced --vitals on a port in use: status 1, before the collector"
grep -q "metrics-listen 127.0.0.1:$port: Address already in use" "$tmp/tbusy.err" && ! grep -q no-device "$tmp/tbusy.err"
ok $? "traced says the port ($(head -c 200 "$tmp/tbusy.err"))"
$tv vitals --metrics-listen "localhost:$port" "$tmp/v" > /dev/null 2> "$tmp/name.err"
is $? 1 "a host name: status 1"
grep -q "not a numeric address" "$tmp/name.err"; ok $? "a host name refused with why"
$tv vitals --json --prometheus "$tmp/v" > /dev/null 2>&1; is $? 2 "--json with --prometheus: usage error"

# ---- the daemon's endpoint ---------------------------------------------------
traced/test/traced-fake --vitals -d fake --epoch 100ms --metrics-listen 127.0.0.1:0 \
	-o "$tmp/d" 2> "$tmp/traced.err" &
tpid=$!
pids+=("$tpid")
tport=$(listen_port "$tmp/traced.err" "$tpid")
ok "$([ -n "$tport" ]; echo $?)" "traced --vitals --metrics-listen listens (port ${tport:-none}: $(head -c 300 "$tmp/traced.err"))"

# ---- a real Prometheus scrapes both ------------------------------------------
cat > "$tmp/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: ltt
    static_configs:
      - targets: ['127.0.0.1:$port']
  - job_name: traced
    static_configs:
      - targets: ['127.0.0.1:$tport']
EOF
prom_start "$tmp"
pids+=("$ppid")
ok $st "Prometheus $(prometheus --version 2>&1 | head -1 | cut -d' ' -f3) ready on port $pport ($(tail -c 300 "$tmp/prom.log"))"
(cd "$tmp/v" && ls vitals-*.ltv) > "$tmp/names1"
$tv vitals --json "$tmp/v" > "$tmp/j1.json" 2>/dev/null
checks < <(python3 tests/lib/promcheck.py check "$prom" "$tmp/names1" "$tmp/j1.json")

# a corrupt file (epoch 7), no epoch 8, a good epoch 9: the bad file and
# the missing epoch counted, epoch 9 the newest
printf 'LTTVITAL but not an epoch file' > "$tmp/v/vitals-00000007.ltv"
python3 tests/lib/vitalsgen.py --one "$tmp/v" 9 1500
(cd "$tmp/v" && ls vitals-*.ltv) > "$tmp/names2"
$tv vitals --json "$tmp/v" > "$tmp/j2.json" 2>/dev/null
checks < <(python3 tests/lib/promcheck.py check "$prom" "$tmp/names2" "$tmp/j1.json" "$tmp/j2.json")
grep -q "vitals-00000007.ltv: epoch 00000007: .*, skipped" "$tmp/srv.err"
ok $? "the server named the corrupt file on standard error"

# the oldest file removed (as --keep does), epoch 10 written: the
# counters keep epoch 0 and add epoch 10; the detector was fed epoch 0
# too: its verdict and band are --json's over all the files counted
mkdir "$tmp/all"
cp "$tmp/v/"vitals-*.ltv "$tmp/all/"
rm "$tmp/v/vitals-00000000.ltv"
python3 tests/lib/vitalsgen.py --one "$tmp/v" 10 1003
cp "$tmp/v/vitals-00000010.ltv" "$tmp/all/"
(cd "$tmp/all" && ls vitals-*.ltv) > "$tmp/names3"
$tv vitals --json "$tmp/all" > "$tmp/j3.json" 2>/dev/null
checks < <(python3 tests/lib/promcheck.py check "$prom" "$tmp/names3" "$tmp/j3.json")
checks < <(python3 tests/lib/promcheck.py live "$prom" traced "$tmp/d" 5 --dropped)
kill "$tpid"; wait "$tpid"
is $? 0 "traced ends on SIGTERM, status 0"
kill "$srv"; wait "$srv"
is $? 4 "the server ends on SIGTERM, status 4 (it skipped files)"
$tv vitals --help | grep -q -- "--metrics-listen ADDRESS:PORT"; ok $? "--help"
grep -q 'metrics\\-listen' docs/tracevisualizer.1 && grep -q 'metrics\\-listen' docs/traced.1
ok $? "--metrics-listen in both man pages"
done_testing
