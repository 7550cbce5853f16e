# SPDX-License-Identifier: LGPL-2.1-or-later
"""ltt_marker - application markers for the LTT tracer, in pure Python.

The same records as libltt-marker (ltt_mark(3)), written to the same
device: one write(2) of struct ltt_marker_write (include/ltt/ltt-abi.h:
kind u8, name_len u8, text_len u16, reserved u32 = 0, value s64, little
endian, packed), then the name, then the text.

    import ltt_marker
    ltt_marker.mark_begin("job")
    ltt_marker.mark("job", "step %d", 7)
    ltt_marker.counter("queue", 12)
    ltt_marker.mark_end("job")

The first call opens the device (LTT_MARKER_DEVICE in the environment
names another path, for tests) and maps its first page read-only, whose
first word is non-zero while markers are recorded; each later call reads
that word and returns at once when it is 0: no system call.  When the
device cannot be opened, that first call raises OSError (ENOENT: no trace
module; EACCES: neither CAP_SYS_ADMIN nor in the module's marker_gid
group) with the library's sentence, open_error() says it, and the later
calls return at once (markers are off for the process).  A name that is
empty or longer than 63 bytes raises OSError(EINVAL); the device refuses
blanks and non-ASCII (EINVAL) and a task over its rate (EAGAIN, counted as
lost in the trace).  A text is cut to 127 bytes and its bytes that are not
printable ASCII read '?', as the C library's.
"""
import errno
import mmap
import os
import struct
import threading

__all__ = ['mark_begin', 'mark_end', 'mark', 'counter', 'open_device', 'open_error',
           'BEGIN', 'END', 'MARK', 'COUNTER', 'NAME_MAX', 'TEXT_MAX']

# include/ltt/ltt-abi.h
BEGIN, END, MARK, COUNTER = 1, 2, 3, 4
NAME_MAX = 63
TEXT_MAX = 127
_WRITE = struct.Struct('<BBHIq')        # struct ltt_marker_write, 16 bytes

_lock = threading.Lock()
_opened = False
_fd = -1
_errno = 0
_error = None
_map = None
_word = None            # a view of the page's "enabled" word, or None: always write


def _init():
    global _opened, _fd, _errno, _error, _map, _word
    with _lock:
        if _opened:
            return
        path = os.environ.get('LTT_MARKER_DEVICE') or '/dev/ltt-marker'
        try:
            # read and write: mmap() of the page needs a readable file
            _fd = os.open(path, os.O_RDWR | os.O_CLOEXEC)
        except OSError as e:
            _errno = e.errno
            hint = (' (markers need CAP_SYS_ADMIN or the group of the module\'s marker_gid)'
                    if e.errno == errno.EACCES else
                    ' (is ltt_tracer loaded?)' if e.errno == errno.ENOENT else '')
            _error = '%s: %s%s' % (path, os.strerror(e.errno), hint)
            _opened = True
            return
        try:
            _map = mmap.mmap(_fd, mmap.PAGESIZE, mmap.MAP_SHARED, mmap.PROT_READ)
            _word = memoryview(_map)[:4].cast('I')
        except (OSError, ValueError):
            _map = _word = None     # no page: every marker makes its system call
        _opened = True


def open_device():
    """Open the device now (the first marker does it otherwise); raises
    OSError with open_error()'s sentence when it cannot."""
    if not _opened:
        _init()
    if _fd < 0:
        raise OSError(_errno, _error)


def open_error():
    """Why the device could not be opened, in a sentence; None if it was."""
    if not _opened:
        _init()
    return _error if _fd < 0 else None


def _write(kind, name, text=b'', value=0):
    if not _opened:
        _init()
        if _fd < 0:
            raise OSError(_errno, _error)
    if _fd < 0 or (_word is not None and not _word[0]):
        return
    b = name.encode() if isinstance(name, str) else bytes(name)
    if not b or len(b) > NAME_MAX:
        raise OSError(errno.EINVAL, 'a marker name is 1 to %d bytes' % NAME_MAX)
    text = text[:TEXT_MAX]
    # one write(2) is one marker
    os.write(_fd, _WRITE.pack(kind, len(b), len(text), 0, value) + b + text)


def mark_begin(name):
    """A job called @name begins."""
    if _word is not None and not _word[0]:
        return
    _write(BEGIN, name)


def mark_end(name):
    """The job called @name ends."""
    if _word is not None and not _word[0]:
        return
    _write(END, name)


def counter(name, value):
    """The counter @name takes @value (a signed 64-bit integer)."""
    if _word is not None and not _word[0]:
        return
    if not -(1 << 63) <= value < (1 << 63):
        raise OverflowError('a counter value is a signed 64-bit integer')
    _write(COUNTER, name, value=int(value))


def mark(name, fmt='', *args):
    """A point called @name with a text: fmt % args (fmt alone without
    args), cut to 127 bytes, bytes outside printable ASCII read '?'."""
    if _word is not None and not _word[0]:
        return
    text = (fmt % args if args else fmt).encode('utf-8', 'replace')[:TEXT_MAX]
    text = bytes(c if 0x20 <= c < 0x7f else 0x3f for c in text)
    _write(MARK, name, text)
