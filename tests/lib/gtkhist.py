"""gtkhist.py - the pixels of a log2 latency histogram drawn by
tracevisualizer-gtk (gtk/histogram.c: the Statistics and Latency tabs)
against the histogram the command line's JSON gives.  Shared by
tests/host/gtk-analysis.t, tests/lib/gtklatency.py and their guest tests."""
import math

from gtkdrive import check

BAR = (69, 130, 181)        # histogram.c's bar colour (0.27, 0.51, 0.71)


def check_bars(im, hist, what):
    """the bars of @im (a Pillow RGB image of the histogram, or of a window
    holding it and no other bar of its colour): one per non-empty bucket of
    @hist, at its place on the log2 axis, as tall as its count on the log
    scale"""
    w, h = im.size
    px = im.load()
    cols = {}
    for x in range(w):
        n = sum(1 for y in range(h) if px[x, y] == BAR)
        if n:
            cols[x] = n
    runs = []
    for x in sorted(cols):
        if runs and x == runs[-1][1] + 1:
            runs[-1][1] = x
        else:
            runs.append([x, x])
    nz = [k for k, c in enumerate(hist) if c]
    good = check(len(runs) == len(nz), "%s: %d bars for the %d non-empty buckets of its histogram (%s)" %
                 (what, len(runs), len(nz), ", ".join("%d:%d" % (k, hist[k]) for k in nz)))
    if not good or len(nz) < 2:
        return good
    pitch = (runs[-1][0] - runs[0][0]) / (nz[-1] - nz[0])
    off = [(a - runs[0][0]) / pitch - (k - nz[0]) for (a, b), k in zip(runs, nz)]
    good &= check(all(abs(o) < 0.15 for o in off),
                  "%s: each bar at its bucket on the log2 time axis (one bucket = %.1f px)" %
                  (what, pitch))
    heights = [cols[(a + b) // 2] for a, b in runs]
    tall = max(heights)
    want = [max(2, tall * math.log10(1 + hist[k]) / math.log10(1 + max(hist))) for k in nz]
    good &= check(all(abs(g - v) <= 2 for g, v in zip(heights, want)),
                  "%s: bar heights are the counts on a log scale (%s px)" % (what, heights),
                  "want %s" % [round(v) for v in want])
    return good
