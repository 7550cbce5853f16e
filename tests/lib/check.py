"""Helpers for the guest tests' Python checks: ok() prints PASS/FAIL lines
that tests/lib/tap.sh's checks() turns into TAP results."""
import json
import sys


def ok(cond, msg):
    print(("PASS " if cond else "FAIL ") + msg, flush=True)
    return bool(cond)


def load(path):
    with open(path) as f:
        return json.load(f)


def done():
    print("DONE", flush=True)
