"""gtkdrive.py - tracevisualizer-gtk driven as a person uses it, and read
back as a person (or a screen reader) sees it: keys and mouse by xdotool
(XTest), widgets and texts through AT-SPI, the screen's pixels through GDK.

Run with Debian's python3 (gi.repository.Atspi, Gdk 3) inside a D-Bus
session and an X server: dbus-run-session -- xvfb-run -a ...  Every wait
is a poll of what the window shows, with a time limit.
"""
import os
import re
import subprocess
import sys
import time

import gi
gi.require_version('Atspi', '2.0')
gi.require_version('Gdk', '3.0')
from gi.repository import Atspi, Gdk  # noqa: E402

from tuicheck import fmt_duration as fmt_dur, fmt_time  # noqa: E402,F401 (lttr_fmt_*)

def check(cond, what, detail=None):
    """one check: a PASS or FAIL line (tests/lib/tap.sh, checks()); when it
    fails, @detail under it, line by line"""
    print("%s %s" % ("PASS" if cond else "FAIL", what))
    if not cond and detail is not None:
        for line in str(detail).split('\n'):
            print("  %s" % line)
    sys.stdout.flush()
    return bool(cond)


# pruned when searching: their children are the cells of big lists
_LEAVES = ('table', 'tree table', 'table cell')


def children(n):
    try:
        return [n.get_child_at_index(i) for i in range(n.get_child_count())]
    except Exception:
        return []


def showing(n):
    try:
        return n.get_state_set().contains(Atspi.StateType.SHOWING)
    except Exception:
        return False


def find_all(root, pred, depth=0, out=None):
    """every accessible under @root for which pred(node) is true"""
    out = [] if out is None else out
    if root is None or depth > 60:
        return out
    try:
        if pred(root):
            out.append(root)
        if root.get_role_name() in _LEAVES:
            return out
    except Exception:
        return out
    for c in children(root):
        find_all(c, pred, depth + 1, out)
    return out


def wait(fn, timeout=15, every=0.1):
    """poll fn() until it returns something true; its last value"""
    end = time.time() + timeout
    while True:
        try:
            v = fn()
        except Exception:
            v = None
        if v or time.time() > end:
            return v
        time.sleep(every)


def text_of(acc):
    try:
        return Atspi.Text.get_text(acc, 0, -1)
    except Exception:
        return acc.get_name() or ''


class Window:
    """the program on the accessibility bus, its pid, its widgets"""

    def __init__(self, prog, args, log=None, env=None, name='tracevisualizer-gtk'):
        e = dict(os.environ if env is None else env)
        e.pop('NO_AT_BRIDGE', None)
        e.pop('GTK_A11Y', None)
        self.log = open(log, 'w') if log else subprocess.DEVNULL
        self.proc = subprocess.Popen([prog] + list(args), env=e, stdout=self.log,
                                     stderr=subprocess.STDOUT)
        self.name = name
        self._app = None

    # ---- the program ----
    def alive(self):
        return self.proc.poll() is None

    def app(self, timeout=30):
        """the application's accessible"""
        def look():
            if self._app is not None:
                try:
                    if self._app.get_name() == self.name:
                        return self._app
                except Exception:
                    pass
            d = Atspi.get_desktop(0)
            for a in children(d):
                try:
                    if a is not None and a.get_name() == self.name and \
                            a.get_process_id() == self.proc.pid:
                        self._app = a
                        return a
                except Exception:
                    pass
            return None
        return wait(look, timeout) if timeout else look()

    def quit(self, timeout=10):
        """Ctrl+Q; the exit status (killed: None)"""
        if self.alive():
            self.focus()
            self.xdo('key', 'ctrl+q')
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None

    def stop(self):
        if self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    # ---- widgets ----
    def all(self, name=None, role=None, show=True, pred=None, root=None):
        root = root or self.app(0)

        def p(n):
            return ((name is None or n.get_name() == name) and
                    (role is None or n.get_role_name() == role) and
                    (pred is None or pred(n)) and (not show or showing(n)))
        return find_all(root, p) if root is not None else []

    def one(self, name=None, role=None, show=True, pred=None, root=None):
        r = self.all(name, role, show, pred, root)
        return r[0] if r else None

    def wait_one(self, name=None, role=None, show=True, pred=None, timeout=15):
        return wait(lambda: self.one(name, role, show, pred), timeout)

    def dialogs(self):
        """the dialogs and alerts open (top-level frames other than the window)"""
        a = self.app(0)
        out = []
        for c in children(a) if a is not None else []:
            try:
                if c.get_role_name() in ('dialog', 'alert', 'file chooser') or \
                        (c.get_role_name() == 'frame' and c.get_name() != 'tracevisualizer'):
                    out.append(c)
            except Exception:
                pass
        return out

    def status(self):
        """the status bar of the tab shown"""
        s = self.one('Status', 'label')
        return text_of(s) if s is not None else ''

    def wait_status(self, want, timeout=10):
        """poll the status bar until it matches @want (a regular expression
        or a predicate); its last text"""
        ok = want if callable(want) else (lambda s: re.search(want, s) is not None)
        wait(lambda: ok(self.status()), timeout)
        return self.status()

    def up(self, what="the window is up"):
        """a check that the window came up with its control flow graph and
        status bar; then the keyboard to the graph"""
        if not check(self.app() is not None and self.wait_one('Control flow graph') is not None,
                     what):
            return False
        wait(lambda: self.status().startswith('cursor '))
        self.focus()
        self.grab(self.one('Control flow graph'))
        return True

    def extents(self, acc):
        e = acc.get_extents(Atspi.CoordType.SCREEN)
        return e.x, e.y, e.width, e.height

    # ---- keys and mouse ----
    @staticmethod
    def xdo(*args):
        return subprocess.call(['xdotool'] + [str(a) for a in args],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def focus(self):
        """the keyboard to the program's main window"""
        self.xdo('search', '--sync', '--onlyvisible', '--name', '^tracevisualizer$',
                 'windowfocus', '--sync')

    def key(self, *keys):
        self.xdo('key', '--delay', '40', *keys)

    def type(self, text):
        self.xdo('type', '--delay', '20', text)

    def grab(self, acc):
        try:
            return Atspi.Component.grab_focus(acc)
        except Exception:
            return False

    def click(self, x, y, button=1, repeat=1, mods=()):
        for m in mods:
            self.xdo('keydown', m)
        self.xdo('mousemove', '--sync', int(x), int(y))
        self.xdo('click', '--repeat', repeat, '--delay', 60, button)
        for m in mods:
            self.xdo('keyup', m)

    def drag(self, x0, y0, x1, y1):
        self.xdo('mousemove', '--sync', int(x0), int(y0))
        self.xdo('mousedown', 1)
        steps = 6
        for i in range(1, steps + 1):
            self.xdo('mousemove', '--sync', int(x0 + (x1 - x0) * i / steps), int(y1))
            time.sleep(0.03)
        self.xdo('mouseup', 1)

    def menu(self, top, item, timeout=5):
        """a menu item chosen with the mouse: the menu bar's @top, then @item"""
        t = self.one(top, 'menu')
        if t is None:
            return None
        x, y, wd, ht = self.extents(t)
        self.click(x + wd // 2, y + ht // 2)
        it = wait(lambda: self.one(item, pred=lambda n: 'menu item' in n.get_role_name()),
                  timeout)
        if it is None:
            return None
        x, y, wd, ht = self.extents(it)
        self.click(x + wd // 2, y + ht // 2)
        return it

    def action(self, acc, name='click'):
        for i in range(acc.get_n_actions()):
            if acc.get_action_name(i) == name:
                return acc.do_action(i)
        return False


# ---- the screen ----

_display = None


def screen(x, y, w, h):
    """the screen's pixels in a rectangle, as a Pillow RGB image"""
    global _display
    from PIL import Image
    if _display is None:
        Gdk.init([])
        _display = Gdk.Display.get_default()
    root = Gdk.get_default_root_window()
    pb = Gdk.pixbuf_get_from_window(root, int(x), int(y), int(w), int(h))
    mode = 'RGBA' if pb.get_has_alpha() else 'RGB'
    im = Image.frombytes(mode, (pb.get_width(), pb.get_height()), pb.get_pixels(), 'raw', mode,
                         pb.get_rowstride())
    return im.convert('RGB')
