# prometheus.sh - a real Prometheus server for the tests (sourced):
#   prom_start DIR : Debian's prometheus with DIR/prometheus.yml, its
#   storage in DIR/data and its log in DIR/prom.log, on a free port of
#   127.0.0.1, polled until ready; sets pport, prom (its URL), ppid (its
#   PID: the caller kills it) and st (0 once ready)
#   (tests/host/vitals-prometheus.t, tests/guest/45-export.t)
prom_start() {
	local d=$1 try
	# a free port (another process may take it before Prometheus binds
	# it: then once more with another)
	for try in 1 2; do
		pport=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
		prometheus --config.file="$d/prometheus.yml" --storage.tsdb.path="$d/data" \
			--web.listen-address="127.0.0.1:$pport" --log.level=warn > "$d/prom.log" 2>&1 &
		ppid=$!
		prom=http://127.0.0.1:$pport
		python3 "$TOP/tests/lib/promcheck.py" ready "$prom" "$ppid"
		st=$?
		[ $st = 0 ] || kill -0 "$ppid" 2>/dev/null || ! grep -q 'address already in use' "$d/prom.log" && break
		diag "try $try: port $pport taken"
	done
}
