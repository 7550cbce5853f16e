#!/bin/bash
# Signals: kill(child, SIGUSR1) shows signal 10, its sender and its target,
# then its delivery to the child's handler; the child's exit sends SIGCHLD
# to the parent.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT

vm_run "$share" 300 'traced -q -o /mnt/share/t -- ltt-signal > /mnt/share/out'
ok $? "guest ran ltt-signal under traced"
read -r parent child handler < "$share/out"
tracevisualizer dump --json --type signal_send,signal_deliver "$share/t" > "$share/d.json"
ok $? "dump --json of the signal events"
conserved "$share/t"
checks < <(PYTHONPATH=tests/lib python3 - "$share/d.json" "$parent" "$child" "$handler" <<'PY'
import sys
from check import ok, load, done
ev = load(sys.argv[1])['events']
parent, child, handler = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4], 16)
sends = [e for e in ev if e['type'] == 'signal_send' and e['args']['sig'] == 10]
dels = [e for e in ev if e['type'] == 'signal_deliver' and e['args']['sig'] == 10]
ok(len(sends) == 1, "one SIGUSR1 sent (%d)" % len(sends))
ok(sends and sends[0]['pid'] == parent and sends[0]['args']['pid'] == child and
   sends[0]['args']['name'] == 'SIGUSR1' and sends[0]['args']['result'] == 0,
   "sent by the parent (%d) to the child (%d), delivered" % (parent, child))
ok(len(dels) == 1 and dels[0]['pid'] == child, "delivered once, in the child")
ok(dels and dels[0]['args']['handler'] == handler and not dels[0]['args']['default'],
   "to the child's handler (0x%x)" % handler)
ok(sends and dels and sends[0]['time_ns'] < dels[0]['time_ns'], "delivery after the send")
chld = [e for e in ev if e['type'] == 'signal_send' and e['args']['sig'] == 17
        and e['args']['pid'] == parent]
ok(len(chld) == 1 and chld[0]['pid'] == child and chld[0]['time_ns'] > dels[0]['time_ns'],
   "the child's exit sends SIGCHLD to the parent")
done()
PY
)
done_testing
