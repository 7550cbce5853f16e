#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""gtkdiff.py - tracevisualizer-gtk's Diff tab (gtk/diff.c) against
"tracevisualizer diff --json A B" (tests/host/gtk-diff.t).

  gtkdiff.py csv JSON CSV
      the table as --export-csv wrote it: its columns (Process, PIDs, In,
      Change, the bar, A, B, then one per kind in the JSON's "kinds"),
      its rows in the library's order (matched by |change|, A only, B
      only), every number the JSON's to the ns
  gtkdiff.py window PROG A B JSON
      the window (--diff A B) read through AT-SPI as a person sees it: the
      table's rows as above; the row selected first is the JSON's
      "explained" one, and the explanation below it names the same thread,
      interval and state; a click on another changed row explains that one
      (its header line, its parts); File -> Compare with... B again:
      one Diff tab, the same rows
Prints PASS/FAIL lines and DONE (tests/lib/tap.sh, checks()).
"""
import csv
import json
import sys

KINDS = ["user", "syscall", "syscall-rest", "trap", "kernel", "interrupted", "runnable",
         "nodata", "blocked", "unaccounted"]


def ms(ns, sign):
    """cmd-diff.c's and gtk/diff.c's ms to the ns"""
    a = abs(ns)
    return "%s%d.%06d" % ("-" if ns < 0 else "+" if sign and ns > 0 else "", a // 1000000,
                          a % 1000000)


def procs(j):
    d = j["diff"]
    return d["matched"] + d["only_a"] + d["only_b"]


def want(j):
    """the header and rows the table must show"""
    ps = procs(j)
    shown = [k for k in KINDS if any(x["kind"] == k for p in ps for x in p["kinds"])]
    head = ["Process", "PIDs", "In", "Change (ms)", "Change by kind", "A (ms)", "B (ms)"] + shown
    rows = []
    for p in ps:
        ks = {x["kind"]: x["delta_ns"] for x in p["kinds"]}
        pids = ("%d -> %d" % (p["pid_a"], p["pid_b"]) if p["side"] == "both" else
                "%d" % (p["pid_a"] if p["side"] == "a" else p["pid_b"]))
        side = {"both": "both", "a": "A only", "b": "B only"}[p["side"]]
        rows.append(["%s  %s" % (p["name"], p["key"]), pids, side, ms(p["delta_ns"], True), "",
                     ms(p["a_ns"], False), ms(p["b_ns"], False)] +
                    [ms(ks.get(k, 0), True) for k in shown])
    return head, rows


def first_diff(got, exp):
    for i, (g, e) in enumerate(zip(got, exp)):
        if g != e:
            return "row %d: got %s\nwant %s" % (i, g, e)
    return "%d rows, want %d" % (len(got), len(exp))


def check_csv(jpath, cpath):
    from gtkdrive import check as ok
    j = json.load(open(jpath))
    with open(cpath, newline='') as f:
        t = list(csv.reader(f))
    head, rows = want(j)
    ok(t and t[0] == head, "the columns: process, pids, side, change, bar, A, B, %s"
       % ", ".join(head[7:]), t[0] if t else "empty")
    ok(t[1:] == rows, "%d rows, each as diff --json: ranked, every number to the ns" % len(rows),
       first_diff(t[1:], rows))
    # the kind columns add up to the change (they are the library's sums)
    s = all(sum(x["delta_ns"] for x in p["kinds"]) == p["delta_ns"] for p in procs(j))
    ok(s, "the JSON's kinds add up to each change")
    print("DONE")


def check_window(prog, a, b, jpath):
    import gi
    gi.require_version('Atspi', '2.0')
    from gtkdrive import Window, check, wait, text_of  # noqa: E402
    j = json.load(open(jpath))
    head, rows = want(j)
    w = Window(prog, ["--diff", a, b])
    try:
        if not check(w.app() is not None, "the window is up (--diff A B)"):
            return

        def table():
            return w.one('diff', pred=lambda n: n.get_role_name() in ('table', 'tree table'))
        t = wait(table, 30)
        if not check(t is not None, "the Diff tab's table is shown"):
            return

        def read():
            n, c = t.get_n_rows(), t.get_n_columns()
            return [[t.get_accessible_at(r, k).get_name() or '' for k in range(c)]
                    for r in range(n)]
        got = wait(lambda: read() if t.get_n_rows() == len(rows) else None, 10) or read()
        # the bar's cell has no text
        check([r[:4] + r[5:] for r in got] == [r[:4] + r[5:] for r in rows],
              "AT-SPI: the table's %d rows as diff --json, to the ns" % len(rows),
              first_diff(got, rows))
        lab = w.one('diff explained')
        e = j["explained"]
        ps = procs(j)
        sel = [r for r in range(t.get_n_rows()) if t.is_row_selected(r)]
        check(e is not None and sel and ps[sel[0]]["key"] == e["key"],
              "the row selected first is diff's worst change (%s)" % (e or {}).get("key"))
        txt = text_of(lab) if lab is not None else ''
        want_line = "the longest %s in %s, thread %d, " % (e["part"]["label"], e["trace"].upper(),
                                                           e["pid"])
        st = e["explain"]["state"]
        words = "blocked (%s)" % st[8:] if st.startswith("blocked_") else st
        check(want_line in txt and "(%s ms)" % ms(e["duration_ns"], False) in txt and
              ": %s" % words in txt,
              "below it, its worst instance explained as diff --json's: thread %d, %d ns"
              % (e["pid"], e["duration_ns"]), txt)
        # another changed row clicked: explained
        other = [i for i, p in enumerate(ps) if p["delta_ns"] and i != (sel[0] if sel else -1)]
        if other:
            i = other[0]  # (a row on the screen)
            p = ps[i]
            cell = t.get_accessible_at(i, 0)
            x, y, wd, ht = w.extents(cell)
            w.focus()
            w.click(x + 10, y + ht // 2)
            head_line = "%s (%s): %s ms, %s -> %s ms" % (p["name"], p["key"], ms(p["delta_ns"], True),
                                                        ms(p["a_ns"], False), ms(p["b_ns"], False))
            got_txt = wait(lambda: text_of(lab) if text_of(lab).startswith(head_line) else None, 10)
            check(got_txt is not None, "a click on %s: its change explained (%s)" % (p["key"], head_line),
                  text_of(lab))
            parts = all(("%s  %s  %s -> %s" % (ms(x["delta_ns"], True), x["label"],
                                                ms(x["a_ns"], False), ms(x["b_ns"], False)))
                        in (got_txt or '') for x in p["parts"])
            check(parts, "its %d parts, each as the JSON's" % len(p["parts"]), got_txt)
            check(got_txt is not None and ("Its worst instance: the longest " in got_txt),
                  "its worst instance explained", got_txt)
        # File -> Compare with...: B again, the tab replaced, the same rows
        w.menu('File', 'Compare with...')
        dlg = wait(lambda: w.dialogs(), 5)
        if check(dlg, "File -> Compare with...: a folder chooser"):
            w.key('ctrl+l')
            entry = wait(lambda: w.one(role='text', root=dlg[0]), 5)
            w.type(b)
            wait(lambda: text_of(entry).rstrip('/') == b.rstrip('/'), 5)
            w.key('Return')
            wait(lambda: not w.dialogs(), 10)
            tabs = w.all('Diff', 'page tab')
            t = wait(table, 10)
            check(len(tabs) == 1 and t is not None and
                  [r[:4] + r[5:] for r in read()] == [r[:4] + r[5:] for r in rows],
                  "one Diff tab, its rows the same (%d tabs)" % len(tabs))
    finally:
        st = w.quit()
        check(st == 0, "Ctrl+Q: exit status 0 (%s)" % st)
        print("DONE")


def main():
    if sys.argv[1] == "csv":
        check_csv(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "window":
        check_window(*sys.argv[2:6])
    else:
        sys.exit("gtkdiff.py: csv or window")


if __name__ == "__main__":
    main()
