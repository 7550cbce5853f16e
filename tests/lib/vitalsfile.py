"""vitalsfile - an epoch file of version 3 (traced --vitals, docs/vitals.md)
read by the tests: its header's fields and its body, the zstd frame
decompressed by the system's libzstd (libelf's: Python has no zstd module).

    from vitalsfile import read
    h, body = read(path)      # h: dict of the header's fields
    maps = body[len(body) - h['maps_len']:]
    for s in samples(path): ...   # every sample of the epoch, a dict
"""
import ctypes
import ctypes.util
import struct

HDR3 = struct.Struct('<8sIIQQQQIIIIIIQQQIIIIQQIIQII')
FIELDS = ('magic version header_size epoch start_ns end_ns wall_start_ns nvitals '
          'hca_size ncpus shift collected nsamples ncells dropped skipped flags '
          'reserved nstacks maps_len stacks_dropped maps_omitted body_len raw_len sampling_ns '
          'cpu_steps cpu_high_us').split()


def _zstd():
    lib = ctypes.CDLL(ctypes.util.find_library('zstd') or 'libzstd.so.1')
    lib.ZSTD_decompress.restype = ctypes.c_size_t
    lib.ZSTD_decompress.argtypes = [ctypes.c_void_p, ctypes.c_size_t,
                                    ctypes.c_void_p, ctypes.c_size_t]
    lib.ZSTD_isError.restype = ctypes.c_uint
    lib.ZSTD_isError.argtypes = [ctypes.c_size_t]
    return lib


def read(path):
    """(header dict, body bytes) of a version 3 file; ValueError when not one"""
    b = open(path, 'rb').read()
    h = dict(zip(FIELDS, HDR3.unpack_from(b)))
    if h['magic'] != b'LTTVITAL' or h['version'] != 3 or h['header_size'] != HDR3.size:
        raise ValueError('%s: not an epoch file of version 3' % path)
    frame = b[HDR3.size:HDR3.size + h['body_len']]
    out = ctypes.create_string_buffer(max(h['raw_len'], 1))
    n = _zstd().ZSTD_decompress(out, h['raw_len'], frame, len(frame))
    if _zstd().ZSTD_isError(n) or n != h['raw_len']:
        raise ValueError('%s: a bad frame' % path)
    return h, out.raw[:n]


def _uv(b, o):
    """the LEB128 varint at b[o:]: (value, the offset after it)"""
    r = sh = 0
    while True:
        c = b[o]
        o += 1
        r |= (c & 0x7f) << sh
        sh += 7
        if c < 0x80:
            return r, o


def samples(path):
    """every sample of a version 3 epoch file, in the file's order, as
    dicts: time, label (its low 32 bits | cell << 54, as readers rebuild
    it), site, data0, data1, pid, uid, count, vital, cell, key, cpu, stack,
    comm; read from the body's columns as docs/vitals.md and
    <ltt/ltt-abi.h> lay them out"""
    h, b = read(path)
    o, n = 0, h['nsamples']
    for _ in range(2 * h['nvitals'] + 3 * h['ncells']):
        _, o = _uv(b, o)
    out = [dict() for _ in range(n)]
    t = h['start_ns']
    for s in out:
        z, o = _uv(b, o)
        t = (t + ((z >> 1) ^ -(z & 1))) & 0xffffffffffffffff
        s['time'] = t
    for name, fmt, size in (('label', 'I', 4), ('site', 'Q', 8), ('data0', 'Q', 8), ('data1', 'Q', 8)):
        for i, x in enumerate(struct.unpack_from('<%d%s' % (n, fmt), b, o)):
            out[i][name] = x
        o += size * n
    for name in ('pid', 'uid', 'count', 'vital', 'cell', 'key', 'cpu', 'stack'):
        for s in out:
            s[name], o = _uv(b, o)
    ncomm, o = _uv(b, o)
    comms = [b[o + 16 * k:o + 16 * k + 16].split(b'\0')[0].decode(errors='replace') for k in range(ncomm)]
    o += 16 * ncomm
    for s in out:
        k, o = _uv(b, o)
        s['comm'] = comms[k]
        s['label'] |= s['cell'] << 54
    return out
