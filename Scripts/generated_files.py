"""Writing generated files, shared by the Scripts/generate-*.py generators: a file is written only
when its text changed, through a temporary file renamed into place; with --check on the command
line, a generator only says whether the file is out of date."""

import os
import sys


def write_if_changed(path, text):
    """Writes `text` to `path` unless it already holds it; True when it wrote."""
    path = os.fspath(path)
    old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
    if old == text:
        return False
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(path + ".tmp", path)
    return True


def update(path, text, root, script):
    """`write_if_changed`; with --check, exit status 1 and a line on stderr when `path` is out of
    date instead. Returns the exit status."""
    path = os.fspath(path)
    if "--check" in sys.argv[1:]:
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if old != text:
            print(f"{os.path.relpath(path, root)} is out of date; run {script}", file=sys.stderr)
            return 1
        return 0
    write_if_changed(path, text)
    return 0
