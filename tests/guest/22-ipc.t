#!/bin/bash
# System V IPC events: ltt-ipc creates a message queue, a semaphore set and
# a shared memory segment with known keys; the trace shows each creation
# (key, the id the program got, flags, size) and every IPC call in the
# program's order: msgget msgsnd msgrcv msgctl, semget semop semctl,
# shmget shmat shmdt shmctl, with the id each operated on.
. "$(dirname "$0")/../lib/tap.sh"
share=$(mktemp -d); trap 'rm -rf "$share"' EXIT
msgkey=0x4c54e001 semkey=0x4c54e002 shmkey=0x4c54e003

# a first, untraced run with other keys: the traced objects' ids are not 0
vm_run "$share" 300 "ltt-ipc 0x4c54d001 0x4c54d002 0x4c54d003 > /mnt/share/out0 &&
	traced -q -e ipc,process -o /mnt/share/t -- ltt-ipc $msgkey $semkey $shmkey > /mnt/share/out"
ok $? "guest ran ltt-ipc under traced"
tracevisualizer dump --json --type ipc_call,ipc_msg_create,ipc_sem_create,ipc_shm_create \
	"$share/t" > "$share/d.json"
ok $? "dump --json of the ipc events"
conserved "$share/t"
checks < <(PYTHONPATH=tests/lib python3 - "$share" "$msgkey" "$semkey" "$shmkey" <<'PY'
import sys, os
from check import ok, load, done
d = sys.argv[1]
mk, sk, hk = (int(k, 0) for k in sys.argv[2:5])
ev = load(os.path.join(d, 'd.json'))['events']
kv = dict(l.split(None, 1) for l in open(os.path.join(d, 'out')).read().splitlines())
pid, msq, sem, shm = (int(kv[k]) for k in ('pid', 'msqid', 'semid', 'shmid'))
mine = [e for e in ev if e['pid'] == pid]
print("msqid %d semid %d shmid %d" % (msq, sem, shm))
ok(len(mine) == len(ev), "every ipc event is the program's (%d of %d)" % (len(mine), len(ev)))
flags = 0o1000 | 0o2000 | 0o600    # IPC_CREAT | IPC_EXCL | 0600
for t, key, id_, size in (('ipc_msg_create', mk, msq, 0), ('ipc_sem_create', sk, sem, 3),
                          ('ipc_shm_create', hk, shm, 65536)):
    c = [e['args'] for e in mine if e['type'] == t]
    ok(len(c) == 1 and (c[0]['key'], c[0]['id'], c[0]['flags'], c[0]['size']) ==
       (key, id_, flags, size),
       "%s: key 0x%x, id %d, flags 0%o, size %d (%s)" % (t, key, id_, flags, size, c))
calls = [(e['args']['call'], e['args']['id']) for e in mine if e['type'] == 'ipc_call']
want = [(13, mk), (11, msq), (12, msq), (14, msq), (2, sk), (1, sem), (3, sem),
        (23, hk), (21, shm), (22, -1), (24, shm)]
ok([c for c, _ in calls] == [c for c, _ in want],
   "the calls in order: MSGGET MSGSND MSGRCV MSGCTL SEMGET SEMOP SEMCTL SHMGET SHMAT SHMDT "
   "SHMCTL (%s)" % [c for c, _ in calls])
ok(calls == want,
   "each with the key (*GET), the id it operated on, or -1 (SHMDT) (%s)" % calls)
order = [e['type'] for e in mine if e['type'] != 'ipc_call' or e['args']['call'] in (13, 2, 23)]
ok(order == ['ipc_call', 'ipc_msg_create', 'ipc_call', 'ipc_sem_create', 'ipc_call',
             'ipc_shm_create'], "each creation follows its *GET call (%s)" % order)
done()
PY
)
done_testing
