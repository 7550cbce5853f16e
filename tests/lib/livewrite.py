#!/usr/bin/python3
"""livewrite.py - write a finished trace into another directory a step at a
time, as traced writes a running session's (tests/host/tui-live.t drives
it, one step per call, and polls the screen between the steps).

  livewrite.py SRC DST dir          create DST (empty: not a trace yet)
  livewrite.py SRC DST header0      the header as traced writes it before
                                    START: start_ns and end_ns 0, not complete
  livewrite.py SRC DST start        the header after START (start_ns, end_ns
                                    0, not complete), the proc file, an empty
                                    events file
  livewrite.py SRC DST buffers K    append SRC's events up to the end of its
                                    K-th buffer (whole buffers)
  livewrite.py SRC DST bytes N      append SRC's events up to byte N (cut
                                    anywhere: a buffer, a record)
  livewrite.py SRC DST firing LINE  append LINE and a newline to firings.jsonl
  livewrite.py SRC DST end          the header as SRC has it (end_ns, flags)
  livewrite.py SRC DST truncate N   cut DST's events to N bytes
  livewrite.py SRC DST offsets      print the end offset of each of SRC's
                                    buffers, a line each

The header's offsets are lttfmt.py's (the tests' view of the format).
"""
import os
import shutil
import struct
import sys

import lttfmt


def hoff(name):
    return lttfmt.TRACE_HEADER.offsets[name]


def put_header(src, dst, start, end, complete):
    data = bytearray(open(os.path.join(src, 'header'), 'rb').read())
    if start is not None:
        struct.pack_into('<Q', data, hoff('start_ns'), start)
    if end is not None:
        struct.pack_into('<Q', data, hoff('end_ns'), end)
    flags = struct.unpack_from('<I', data, hoff('flags'))[0]
    if not complete:
        struct.pack_into('<I', data, hoff('flags'), flags & ~lttfmt.TRACE_FLAGS['complete'])
    # rewritten in place, as traced's header_write() does
    fd = os.open(os.path.join(dst, 'header'), os.O_WRONLY | os.O_CREAT, 0o644)
    os.pwrite(fd, bytes(data), 0)
    os.close(fd)


def offsets(src):
    ev = open(os.path.join(src, 'events'), 'rb').read()
    out, pos = [], 0
    hs = lttfmt.BUFFER_HEADER.size
    while pos + hs <= len(ev):
        data_size = lttfmt.BUFFER_HEADER.get(ev, 'data_size', pos)
        pos += hs + data_size
        out.append(pos)
    return out


def append_to(src, dst, n):
    ev = open(os.path.join(src, 'events'), 'rb').read()
    path = os.path.join(dst, 'events')
    have = os.path.getsize(path)
    with open(path, 'ab') as f:
        f.write(ev[have:n])


def main():
    src, dst, step = sys.argv[1], sys.argv[2], sys.argv[3]
    arg = sys.argv[4] if len(sys.argv) > 4 else None
    h = open(os.path.join(src, 'header'), 'rb').read()
    start = struct.unpack_from('<Q', h, hoff('start_ns'))[0]
    if step == 'dir':
        os.makedirs(dst)
    elif step == 'header0':
        put_header(src, dst, 0, 0, False)
    elif step == 'start':
        put_header(src, dst, start, 0, False)
        if os.path.exists(os.path.join(src, 'proc')):
            shutil.copy(os.path.join(src, 'proc'), os.path.join(dst, 'proc'))
        open(os.path.join(dst, 'events'), 'wb').close()
    elif step == 'buffers':
        append_to(src, dst, offsets(src)[int(arg) - 1])
    elif step == 'bytes':
        append_to(src, dst, int(arg))
    elif step == 'firing':
        with open(os.path.join(dst, 'firings.jsonl'), 'a') as f:
            f.write(arg + '\n')
    elif step == 'end':
        put_header(src, dst, None, None, True)
    elif step == 'truncate':
        os.truncate(os.path.join(dst, 'events'), int(arg))
    elif step == 'offsets':
        print('\n'.join(str(o) for o in offsets(src)))
    else:
        sys.exit('livewrite.py: unknown step %s' % step)


if __name__ == '__main__':
    main()
