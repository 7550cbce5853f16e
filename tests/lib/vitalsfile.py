"""vitalsfile - an epoch file of version 3 (traced --vitals, docs/vitals.md)
read by the tests: its header's fields and its body, the zstd frame
decompressed by the system's libzstd (libelf's: Python has no zstd module).

    from vitalsfile import read
    h, body = read(path)      # h: dict of the header's fields
    maps = body[len(body) - h['maps_len']:]
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
