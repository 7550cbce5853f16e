#!/bin/bash
# The lessons' pages (docs/lessons/, issue 35) against what make lessons
# generated: every lesson has its steps (NAME.lesson), its template
# (NAME.md.in), its numbers (NAME.json, from the tools' --json outputs on
# its trace) and its page (NAME.md); the page is exactly the template with
# the numbers filled in (scripts/lessons-pages' own fill: no number typed
# by hand, none stale), it links only files that exist, and it shows the
# picture of each of its steps (img/NAME-N.png, a PNG); the README lists
# every lesson.
. "$(dirname "$0")/../lib/tap.sh"
checks < <(python3 - <<'PY'
import glob, importlib.machinery, importlib.util, json, os, re
def ok(c, m):
    print(("PASS " if c else "FAIL ") + m)
    return bool(c)
loader = importlib.machinery.SourceFileLoader('lessons_pages', 'scripts/lessons-pages')
spec = importlib.util.spec_from_loader('lessons_pages', loader)
lp = importlib.util.module_from_spec(spec)
loader.exec_module(lp)
d = 'docs/lessons'
names = sorted(os.path.basename(p)[:-7] for p in glob.glob(d + '/*.lesson'))
ok(names == sorted(lp.LESSONS), "the lessons: %s, those scripts/lessons-pages makes" % names)
readme = open(d + '/README.md').read()
for n in names:
    files = ['%s/%s.%s' % (d, n, e) for e in ('md.in', 'json', 'md')]
    if not ok(all(os.path.exists(f) for f in files), "%s: its template, numbers and page" % n):
        continue
    v = json.load(open(files[1]))
    page = open(files[2]).read()
    want = lp.fill(open(files[0]).read(), v, files[0])
    body = page.split('\n', 1)[1] if page.startswith('<!--') else page
    ok(body == want, "%s.md is its template with the numbers of %s.json (%d numbers)"
       % (n, n, len(v)))
    links = re.findall(r'\]\(([^)#]+)\)', page)
    missing = [l for l in links if not l.startswith('http') and
               not os.path.exists(os.path.join(d, l))]
    ok(links and not missing, "%s.md links only files that exist (%d links)%s"
       % (n, len(links), '; not: %s' % missing if missing else ''))
    steps = sum(1 for l in open('%s/%s.lesson' % (d, n)) if l.startswith('step:'))
    pics = ['img/%s-%d.png' % (n, i) for i in range(1, steps + 1)]
    ok(all(p in links for p in pics) and
       all(open(os.path.join(d, p), 'rb').read(8) == b'\x89PNG\r\n\x1a\n' for p in pics
           if os.path.exists(os.path.join(d, p))),
       "%s.md shows the picture of each of its %d steps (PNGs)" % (n, steps))
    ok('(%s.md)' % n in readme, "docs/lessons/README.md lists %s" % n)
print("DONE")
PY
)
done_testing
