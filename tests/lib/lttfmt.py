"""lttfmt - the trace format for the tests' Python code, in one place.

The event list is read from include/ltt/ltt-events.h itself (the one list
of the events) and the ids from ltt-abi.h's enum, the format version from
include/ltt/ltt-abi.h; the layouts
of the structs a trace's files hold are written here once, as struct
format strings with their members' names, and tests/host/lttfmt.t checks
every offset and size against what the C compiler makes of ltt-abi.h
(tracevisualizer/build/utest/ltt-layout).  Every Python test that reads or
writes a trace's bytes takes the layouts from here.

    import lttfmt
    h = lttfmt.TRACE_HEADER.unpack(data)            # a dict by member name
    lttfmt.EVENTS['fs_open'].id                      # 24
    for b, recs in lttfmt.buffers(events_bytes): ...
"""
import os
import re
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INCLUDE = os.path.join(ROOT, 'include', 'ltt')


class Layout:
    """A packed little-endian C struct: members in order, each a struct
    format (an array is its count and letter, '4Q'; a member that is a
    struct of its own is its members' letters, 'IIQQ', and unpacks as a
    tuple)."""

    def __init__(self, name, members):
        self.name = name
        self.members = members
        self.fmt = '<' + ''.join(f for _, f in members)
        self.struct = struct.Struct(self.fmt)
        self.size = self.struct.size
        self.offsets, self.sizes, self.counts = {}, {}, {}
        off = 0
        for m, f in members:
            n = struct.calcsize('<' + f)
            self.offsets[m], self.sizes[m] = off, n
            self.counts[m] = len(struct.unpack('<' + f, bytes(n)))
            off += n

    def unpack(self, data, off=0):
        """the members at data[off:] as a dict (an array member: a tuple)"""
        vals = list(self.struct.unpack_from(data, off))
        out = {}
        for m, _ in self.members:
            n = self.counts[m]
            out[m] = vals[0] if n == 1 else tuple(vals[:n])
            del vals[:n]
        return out

    def get(self, data, member, off=0):
        """one scalar member"""
        f = dict(self.members)[member]
        return struct.unpack_from('<' + f, data, off + self.offsets[member])[0]

    def put(self, buf, member, value, off=0):
        """write one scalar member into the bytearray buf"""
        f = dict(self.members)[member]
        struct.pack_into('<' + f, buf, off + self.offsets[member], value)


def _defines(path):
    out = {}
    with open(path) as f:
        for line in f:
            m = re.match(r'#define\s+(LTT_\w+)\s+(0x[0-9A-Fa-f]+|\d+)U?\b', line) or \
                re.match(r'\s+(LTT_EV_MAX)\s*=\s*(\d+)', line)
            if m:
                out[m.group(1)] = int(m.group(2), 0)
    return out


_ABI = _defines(os.path.join(INCLUDE, 'ltt-abi.h'))
FORMAT = (_ABI['LTT_FORMAT_MAJOR'], _ABI['LTT_FORMAT_MINOR'])
TRACE_MAGIC = _ABI['LTT_TRACE_MAGIC']
BUFFER_MAGIC = _ABI['LTT_BUFFER_MAGIC']
EV_MAX = _ABI['LTT_EV_MAX']
LOST_SYSCALLS = _ABI['LTT_LOST_SYSCALLS']
TRACE_HEADER_SIZE_1_0 = _ABI['LTT_TRACE_HEADER_SIZE_1_0']
LOST_INFO_SIZE_1_6 = _ABI['LTT_LOST_INFO_SIZE_1_6']

# trace header flags (LTT_TRACE_*) and record flags (LTT_REC_*)
TRACE_FLAGS = {k[len('LTT_TRACE_'):].lower(): v for k, v in _ABI.items()
               if k.startswith('LTT_TRACE_') and k not in
               ('LTT_TRACE_MAGIC', 'LTT_TRACE_HEADER_SIZE_1_0')}
# buffer header flags (LTT_BUF_*)
BUF_FLAGS = {k[len('LTT_BUF_'):].lower(): v for k, v in _ABI.items()
             if k.startswith('LTT_BUF_')}
# which call an fs_dup event's call field names (LTT_DUP_*): 'dup', 'dup2', 'fcntl'
DUP_CALLS = {k[len('LTT_DUP_'):].lower(): v for k, v in _ABI.items() if k.startswith('LTT_DUP_')}
REC_NO_DETAILS = _ABI['LTT_REC_NO_DETAILS']
REC_COMPACT = _ABI['LTT_REC_COMPACT']
# payload flags the tests decode
TRAP_USER = _ABI['LTT_TRAP_USER']
IRQ_USER = _ABI['LTT_IRQ_USER']
IRQ_SYSVEC = _ABI['LTT_IRQ_SYSVEC']


def _enum():
    """LTT_EV_<SYM> = id of enum ltt_event_id (ltt-abi.h), by SYM"""
    with open(os.path.join(INCLUDE, 'ltt-abi.h')) as f:
        text = f.read()
    body = text[text.index('enum ltt_event_id {'):]
    body = body[:body.index('};')]
    return {m.group(1): int(m.group(2))
            for m in re.finditer(r'LTT_EV_(\w+)\s*=\s*(\d+),', body)}


ENUM = _enum()		# every id of the ABI, by SYM (NONE and MAX too)


class Event:
    def __init__(self, id, sym, name, payload, var, cls, compact, old):
        self.id, self.sym, self.name = id, sym, name
        self.payload, self.var, self.cls = payload, var, cls
        self.compact, self.old = compact, old

    def __repr__(self):
        return 'Event(%d, %s)' % (self.id, self.name)


def _events():
    with open(os.path.join(INCLUDE, 'ltt-events.h')) as f:
        text = f.read()
    body = text[text.index('#define LTT_EVENTS(X)'):]
    body = body[:body.index('LTT_EVENTS_EXTRA(X)')]
    body = body.replace('\\\n', ' ')
    out = []
    for m in re.finditer(r'X\((\w+),\s*"(\w+)",\s*(\w+),\s*(\w+),\s*(\w+),'
                         r'\s*(LTT_CEV\((\w+)\)|LTT_NO_CEV),\s*(\w+)\)', body):
        out.append(Event(ENUM[m.group(1)], m.group(1), m.group(2), m.group(3),
                         m.group(4), m.group(5), m.group(7), m.group(8)))
    return out


EVENT_LIST = _events()
EVENTS = {e.name: e for e in EVENT_LIST}	# by name
BY_ID = {e.id: e for e in EVENT_LIST}		# by id
ID = {e.sym: e.id for e in EVENT_LIST}		# by LTT_EV_ suffix: ID['FS_OPEN']

# ---- the files of a trace ------------------------------------------------

TRACE_HEADER = Layout('ltt_trace_header', [
    ('magic', 'I'), ('major', 'H'), ('minor', 'H'), ('byte_order', 'B'),
    ('word_size', 'B'), ('header_size', 'H'), ('ncpus', 'I'),
    ('clock_hz', 'I'), ('buffer_size', 'I'), ('buffer_count', 'I'),
    ('flags', 'I'), ('start_wall_ns', 'Q'), ('start_ns', 'Q'),
    ('end_ns', 'Q'), ('mask', '4Q'), ('arch', '32s'), ('release', '80s'),
    ('hostname', '72s'),
    # format 1.1
    ('details', '4Q'), ('filter', 'IiiIII'), ('syscall_ip', 'IIQQ'),
    ('capture_len', 'I'), ('start_call_us', 'I'),
    # format 1.8: struct ltt_stack_config
    ('stacks', '4QII'),
    # format 1.9
    ('command_pid', 'I'), ('reserved_1_9', 'I'),
    # format 1.10
    ('sample_hz', 'I'), ('reserved_1_10', 'I'), ('stack_syscalls', '8Q'),
])

BUFFER_HEADER = Layout('ltt_buffer_header', [
    ('magic', 'I'), ('cpu', 'H'), ('flags', 'H'), ('seq', 'Q'),
    ('start_ns', 'Q'), ('end_ns', 'Q'), ('data_size', 'I'), ('pid', 'I'),
    ('lost', 'Q'),
])

RECORD_HEADER = Layout('ltt_record_header', [
    ('delta', 'I'), ('id', 'B'), ('flags', 'B'), ('size', 'H'),
])

LOST_INFO = Layout('ltt_lost_info', [
    ('cpu', 'I'), ('buffers', 'I'), ('total', 'Q'), ('nested', 'Q'),
    ('by_event', '64Q'), ('syscall_entry', '%dQ' % LOST_SYSCALLS),
    ('syscall_exit', '%dQ' % LOST_SYSCALLS),
    # format 1.7
    ('by_event_high', '%dQ' % (EV_MAX - 64)),
])


def lost_entry_size(minor):
    """bytes of one CPU's entry in the lost file of a format 1.minor trace"""
    return LOST_INFO.size if minor >= 7 else LOST_INFO_SIZE_1_6


def lost_entries(data, minor):
    """the entries of a lost file, each a dict; the members a format lacks
    are 0"""
    n = lost_entry_size(minor)
    out = []
    for off in range(0, len(data) - len(data) % n, n):
        out.append(LOST_INFO.unpack(data[off:off + n] + bytes(LOST_INFO.size - n)))
    return out


def lost_by_event(entry, id):
    return entry['by_event'][id] if id < 64 else entry['by_event_high'][id - 64]


# ---- payloads: those the tests decode (each checked against C) ------------

PAYLOADS = {
    'syscall_entry': Layout('ltt_ev_syscall_entry', [('ip', 'Q'), ('nr', 'I')]),
    'syscall_exit': Layout('ltt_ev_syscall_exit', [('ret', 'q'), ('nr', 'I')]),
    'trap_entry': Layout('ltt_ev_trap_entry', [('ip', 'Q'), ('address', 'Q'),
                                               ('vector', 'H'), ('flags', 'H')]),
    'trap_exit': Layout('ltt_ev_trap_exit', [('vector', 'H')]),
    'irq_entry': Layout('ltt_ev_irq_entry', [('irq', 'I'), ('flags', 'H')]),
    'irq_exit': Layout('ltt_ev_irq_exit', [('irq', 'I'), ('flags', 'H')]),
    'schedchange': Layout('ltt_ev_schedchange', [
        ('prev_pid', 'I'), ('next_pid', 'I'), ('prev_state', 'i'),
        ('prev_prio', 'h'), ('next_prio', 'h'), ('prev_policy', 'B'),
        ('next_policy', 'B')]),
    'process_wakeup': Layout('ltt_ev_process_wakeup', [
        ('pid', 'I'), ('cpu', 'H'), ('flags', 'H'), ('prio', 'h'),
        ('waker_prio', 'h'), ('policy', 'B'), ('waker_policy', 'B')]),
    'process_fork': Layout('ltt_ev_process_fork', [
        ('parent_pid', 'I'), ('child_pid', 'I'), ('child_tgid', 'I'),
        ('flags', 'I'), ('clone_flags', 'Q')]),
    'process_exit': Layout('ltt_ev_process_exit', [('pid', 'I'), ('code', 'i')]),
    'socket_io': Layout('ltt_ev_socket_io', [
        ('ino', 'Q'), ('size', 'Q'), ('ret', 'q'), ('family', 'H'), ('type', 'H'),
        ('peer_len', 'H')]),
    'trace_start': Layout('ltt_ev_trace_start', [('pid', 'I'), ('cpu', 'I')]),
    'time_ext': Layout('ltt_ev_time_ext', [('base_ns', 'Q')]),
    'stack': Layout('ltt_ev_stack', [('pid', 'I'), ('of_id', 'B'), ('flags', 'B'),
                                     ('kernel_nr', 'B'), ('user_nr', 'B')]),
    'marker': Layout('ltt_ev_marker', [('pid', 'I'), ('tid', 'I'), ('uid', 'I'),
                                       ('kind', 'B'), ('name_len', 'B'),
                                       ('text_len', 'H'), ('value', 'q')]),
    'block_rq_issue': Layout('ltt_ev_block_rq_issue', [
        ('rq', 'Q'), ('sector', 'Q'), ('dev', 'I'), ('bytes', 'I'), ('op', 'H'),
        ('flags', 'H')]),
    'block_rq_complete': Layout('ltt_ev_block_rq_complete', [
        ('rq', 'Q'), ('sector', 'Q'), ('dev', 'I'), ('bytes', 'I'), ('error', 'i'),
        ('op', 'H'), ('flags', 'H')]),
    'lock_contend': Layout('ltt_ev_lock_contend', [
        ('lock', 'Q'), ('site', 'Q'), ('owner', 'I'), ('waiters', 'H'), ('kind', 'B'),
        ('flags', 'B')]),
    'task_rename': Layout('ltt_ev_task_rename', [('pid', 'I')]),
}

# compact forms (format 1.2), by the tag of struct ltt_cev_<tag>
COMPACT = {
    'syscall_entry': Layout('ltt_cev_syscall_entry', [('ip_nr', 'Q')]),
    'syscall_exit': Layout('ltt_cev_syscall_exit', [('ret_nr', 'I')]),
    'trap_entry': Layout('ltt_cev_trap_entry', [('ip_vector_flags', 'Q'),
                                                ('address', 'Q')]),
    'irq': Layout('ltt_cev_irq', [('irq_flags', 'I')]),
    'schedchange': Layout('ltt_cev_schedchange', [('prev_next_state', 'Q'),
                                                  ('prio_policy', 'I')]),
    'wakeup': Layout('ltt_cev_wakeup', [('pid_cpu_flags', 'I'),
                                        ('prio_policy', 'I')]),
}


# the field types of an LTT_CUSTOM_FIELDS format ("name:type,name:type",
# ltt-abi.h): an integer field is packed little-endian without padding, as
# its struct letter says; a str field is NUL-terminated text (None)
CUSTOM_FIELD_TYPES = {
    'u8': 'B', 'u16': 'H', 'u32': 'I', 'u64': 'Q',
    's8': 'b', 's16': 'h', 's32': 'i', 's64': 'q',
    'x32': 'I', 'x64': 'Q', 'str': None,
}


def payload(name):
    """the Layout of the payload of event @name"""
    return PAYLOADS[EVENTS[name].payload]


# ---- walking the events file -------------------------------------------------

def buffers(data, strict=False):
    """(offset, buffer header dict) of each buffer of an events file, in file
    order; stops at the first bad magic or a buffer running past the end
    (ValueError when strict)"""
    off, out = 0, []
    while off + BUFFER_HEADER.size <= len(data):
        h = BUFFER_HEADER.unpack(data, off)
        end = off + BUFFER_HEADER.size + h['data_size']
        if h['magic'] != BUFFER_MAGIC or end > len(data):
            if strict:
                raise ValueError('events: bad buffer at offset %d' % off)
            break
        out.append((off, h))
        off = end
    return out


def records(data, off, h):
    """(offset, record header dict) of each record of the buffer at @off with
    header @h"""
    p, end, out = off + BUFFER_HEADER.size, off + BUFFER_HEADER.size + h['data_size'], []
    while p + RECORD_HEADER.size <= end:
        r = RECORD_HEADER.unpack(data, p)
        if r['size'] < RECORD_HEADER.size:
            break
        out.append((p, r))
        p += r['size']
    return out
