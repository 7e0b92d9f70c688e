#!/usr/bin/env python3
"""Checks an HTML report's layout in headless Chromium through the DevTools protocol.

    Scripts/report-layout.py REPORT.html [WIDTH:SCHEME ...]     (default 1280:light 1280:dark 390:light 390:dark)

For each viewport width (CSS pixels) and colour scheme (`prefers-color-scheme` emulated) it loads
the page as it is (its CSP, which allows no script, stays in force: the measurement is evaluated
by the protocol, not by the page) and fails when
  - the page reports an error (an exception, a console error, a CSP violation, a failed load),
  - the page scrolls sideways: document.documentElement.scrollWidth > innerWidth,
  - the emulation did not take (innerWidth or the colour scheme differ from what was asked).
Headless Chromium keeps windows at least 500 px wide, so the viewport is set with
Emulation.setDeviceMetricsOverride, as DevTools' device mode does. Prints one line per check.
"""
import fcntl
import json
import os
import select
import subprocess
import sys
import tempfile
import time


class Chromium:
    """A headless Chromium spoken to over --remote-debugging-pipe (fd 3 in, fd 4 out, NUL-separated JSON)."""

    def __init__(self, profile):
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        # Out of the way of the fds the child must see as 3 and 4.
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 100) for fd in (to_child_r, from_child_w)]
        for fd in (to_child_r, from_child_w):
            os.close(fd)

        def wire():
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        self.process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--remote-debugging-pipe", f"--user-data-dir={profile}", "about:blank"],
            preexec_fn=wire, pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in high:
            os.close(fd)
        self.write_fd, self.read_fd = to_child_w, from_child_r
        self.buffer = b""
        self.pending = []
        self.next_id = 0

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("Chromium did not answer in time")
            ready, _, _ = select.select([self.read_fd], [], [], remaining)
            if ready:
                chunk = os.read(self.read_fd, 1 << 16)
                if not chunk:
                    raise RuntimeError("Chromium closed the protocol pipe")
                self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=None, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.write_fd, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.pending.append(reply)

    def wait_for(self, method, session, timeout=30):
        deadline = time.monotonic() + timeout
        while True:
            for index, event in enumerate(self.pending):
                if event.get("method") == method and event.get("sessionId") == session:
                    return self.pending.pop(index)
            self.pending.append(self._read_message(deadline))

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def page_errors(events, session):
    errors = []
    for event in events:
        if event.get("sessionId") != session:
            continue
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            errors.append(params["exceptionDetails"].get("text", "exception"))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            errors.append("console error: " + " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
        elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
            errors.append(params["entry"].get("text", "error"))
    return errors


def check(browser, url, width, scheme):
    target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Page", "Runtime", "Log"):
        browser.call(f"{domain}.enable", session=session)
    browser.call("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": False}, session=session)
    browser.call("Emulation.setEmulatedMedia",
                 {"features": [{"name": "prefers-color-scheme", "value": scheme}]}, session=session)
    browser.call("Page.navigate", {"url": url}, session=session)
    browser.wait_for("Page.loadEventFired", session)
    measured = browser.call("Runtime.evaluate", {"returnByValue": True, "expression": """({
        scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth,
        dark: matchMedia("(prefers-color-scheme: dark)").matches,
        background: getComputedStyle(document.body).backgroundColor})"""}, session=session)["result"]["value"]
    problems = page_errors(browser.pending, session)
    browser.call("Target.closeTarget", {"targetId": target})
    if measured["innerWidth"] != width:
        problems.append(f"the viewport is {measured['innerWidth']} px, not {width}")
    if measured["scrollWidth"] > measured["innerWidth"]:
        problems.append("the page scrolls sideways")
    if measured["dark"] != (scheme == "dark"):
        problems.append(f"prefers-color-scheme: dark is {measured['dark']}")
    line = (f"{width}px {scheme}: scrollWidth {measured['scrollWidth']}, innerWidth {measured['innerWidth']}, "
            f"background {measured['background']}")
    print(line + (" — " + "; ".join(problems) if problems else ": ok"))
    return not problems


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    url = "file://" + os.path.abspath(sys.argv[1])
    cases = sys.argv[2:] or ["1280:light", "1280:dark", "390:light", "390:dark"]
    with tempfile.TemporaryDirectory() as profile:
        browser = Chromium(profile)
        try:
            results = [check(browser, url, int(case.split(":")[0]), case.split(":")[1]) for case in cases]
        finally:
            browser.close()
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
