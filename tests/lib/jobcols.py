#!/usr/bin/python3
"""jobcols.py png|tui FILE JOBS.json [COLUMNS] - the jobs graph of a name
with thousands of instances (tests/lib/manyjobs.py's trace) against "jobs
--json --deadline": its columns as lttr_jobs_columns() makes them (column
c: instances count * c / M to count * (c + 1) / M - 1), each drawn from
its worst instance, red ("X") when it holds a miss.  png: a "jobs --png"
picture (M = 400 columns of 2 pixels from x 50, the heights on the
scale of the longest response plus 10 %).  tui: a capture of the TUI's
jobs page (M = COLUMNS, from column 13).  Prints PASS/FAIL lines, DONE."""
import json
import sys


def check(cond, desc, why=""):
    print(("PASS " if cond else "FAIL ") + desc + ("" if cond else ": " + str(why)))


def layout(n, m):
    """the instances of each column"""
    if n <= m:
        return [[i] for i in range(n)]
    return [list(range(n * c // m, n * (c + 1) // m)) for c in range(m)]


def png(path, inst):
    from PIL import Image
    im = Image.open(path).convert('RGB')
    px = im.load()
    W, H = im.size
    y0 = [y for y in range(H) if sum(1 for x in range(W) if px[x, y] == (0, 0, 0)) > W * 0.8][0]
    cols = layout(len(inst), 400)
    top = max(x['response_ns'] for x in inst) * 11 // 10
    bad, red = [], 0
    for c, members in enumerate(cols):
        x = 50 + 2 * c
        y = y0 - 1
        while y > 0 and px[x, y] != (255, 255, 255) and px[x, y] != (255, 140, 0):
            y -= 1
        h = y0 - 1 - y
        worst = max(inst[i]['response_ns'] for i in members)
        miss = any(inst[i]['miss'] for i in members)
        r, g, b = px[x, y + 2]
        got = 'miss' if r > 180 and g < 70 else 'ok' if b > 150 and r < 110 else '?'
        red += got == 'miss'
        if got != ('miss' if miss else 'ok') or abs(h - 210 * worst / top) > 2:
            bad.append("column %d: %s, %d px; want %s, %.1f px" %
                       (c, got, h, 'miss' if miss else 'ok', 210 * worst / top))
    check(not bad and len(cols) == 400, "the PNG: %d jobs in 400 columns, each its worst job's "
          "height, red exactly where a miss is (%d columns)" % (len(inst), red), bad[:5])


def tui(path, inst, m):
    scr = open(path, encoding='utf-8').read().split('\n')
    t = [i for i, l in enumerate(scr) if l.startswith('Jobs of ')][0]
    e = [i for i, l in enumerate(scr) if 'o response' in l][0]
    rows = scr[t + 1:e]
    cols = layout(len(inst), m)
    glyph = {}
    for r, line in enumerate(rows):
        for c in range(m):
            ch = line[13 + c] if 13 + c < len(line) else ' '
            if ch in 'oX':
                glyph.setdefault(c, []).append((r, ch))
    want_x = {c for c, members in enumerate(cols) if any(inst[i]['miss'] for i in members)}
    got_x = {c for c, g in glyph.items() if any(ch == 'X' for _, ch in g)}
    check(len(glyph) == m and all(len(g) == 1 for g in glyph.values()),
          "the TUI: %d jobs in %d columns, one glyph each" % (len(inst), m),
          "%d columns drawn" % len(glyph))
    check(got_x == want_x and len(want_x) == 3, "the TUI: 'X' exactly in the columns with a "
          "miss %s" % sorted(want_x), sorted(got_x))
    tall = [c for c, members in enumerate(cols) if any(inst[i]['response_ns'] == 90000
                                                       for i in members)][0]
    rows_o = {r for c, g in glyph.items() for r, ch in g if ch == 'o' and c != tall}
    check(len(rows_o) == 1 and glyph[tall][0][0] < min(rows_o),
          "the TUI: the column holding the 90 us job drawn higher than the 50 us ones "
          "(its worst kept)", (glyph.get(tall), rows_o))


def main():
    j = json.load(open(sys.argv[3]))['jobs']
    inst = [x for x in j['jobs'] if x['name'] == 'ctl']
    if sys.argv[1] == 'png':
        png(sys.argv[2], inst)
    else:
        tui(sys.argv[2], inst, int(sys.argv[4]))
    print("DONE")


if __name__ == '__main__':
    main()
