#!/usr/bin/env python3
"""Checks an HTML report's layout in headless Chromium through the DevTools protocol.

    Scripts/report-layout.py REPORT.html [--max-paint-ms N] [WIDTH:SCHEME ...]     (default 1280:light 1280:dark 390:light 390:dark)

For each viewport width (CSS pixels) and colour scheme (`prefers-color-scheme` emulated) it loads
the page as it is (its CSP, which allows no script, stays in force: the measurement is evaluated
by the protocol, not by the page) and fails when
  - the page reports an error (an exception, a console error, a CSP violation, a failed load),
  - the page scrolls sideways: document.documentElement.scrollWidth > innerWidth,
  - the emulation did not take (innerWidth or the colour scheme differ from what was asked),
  - the page scrolls sideways with every <details> opened (the findings groups),
  - text is hard to read: a rendered text's contrast with the background it is drawn on is under
    4.5:1 (WCAG AA; 3:1 for large text), checked as loaded and with every <details> opened,
  - under 600 px (a phone): anything hides inside a scroll box (a `.scroll` table or a tab bar
    whose content is wider than the box: a locale's titles or the last tab out of sight),
  - --max-paint-ms N: the first contentful paint comes later than N ms after navigation starts.
Each line also gives the first contentful paint and the load time (ms) of the page as loaded.
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


# The lowest contrast of rendered text with what it is drawn on (WCAG 2 relative luminance; the
# background is the nearest opaque ancestor's, translucent layers composited over it), and where.
CONTRAST = """(() => {
  const parse = c => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const over = (top, base) => ({r: top.r * top.a + base.r * (1 - top.a), g: top.g * top.a + base.g * (1 - top.a),
    b: top.b * top.a + base.b * (1 - top.a), a: 1});
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const background = el => { const layers = [];
    for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; } }
    let base = layers.length && layers[layers.length - 1].a >= 1 ? layers.pop() : {r: 255, g: 255, b: 255, a: 1};
    while (layers.length) base = over(layers.pop(), base);
    return base; };
  let worst = {ratio: 99, where: ""}, checked = 0;
  for (const el of document.body.querySelectorAll("*")) {
    if (checked >= 4000) break;
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    if (!el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility !== "visible" || +style.opacity === 0) continue;
    checked++;
    const bg = background(el), fg = over(parse(style.color), bg);
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const size = parseFloat(style.fontSize), bold = +style.fontWeight >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio / needed < worst.ratio / worst.needed || !worst.needed) worst = {ratio, needed, checked,
      where: el.tagName.toLowerCase() + (el.className ? "." + String(el.className).split(" ").join(".") : "") + " “" + el.textContent.trim().slice(0, 30) + "”"};
  }
  worst.checked = checked;
  return worst;
})()"""

OPEN_DETAILS = "document.querySelectorAll('details').forEach(d => d.open = true); document.querySelectorAll('details').length"

TIMING = """(() => { const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const nav = performance.getEntriesByType("navigation")[0];
  return {paint: paint ? paint.startTime : null, load: nav ? nav.loadEventEnd : null}; })()"""


def evaluate(browser, session, expression):
    return browser.call("Runtime.evaluate", {"returnByValue": True, "expression": expression}, session=session)["result"]["value"]


# Boxes that scroll sideways inside the page (tables, tab bars) and hold more than they show.
HIDDEN_IN_SCROLL_BOXES = """[...document.querySelectorAll('.scroll, .tabbar ul')]
    .filter(box => box.scrollWidth > box.clientWidth + 1)
    .map(box => `${box.className || box.tagName.toLowerCase()} (${box.scrollWidth} px in ${box.clientWidth}): `
        + box.innerText.replace(/\\s+/g, ' ').slice(0, 60))"""


def check(browser, url, width, scheme, max_paint_ms=None):
    target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Page", "Runtime", "Log"):
        browser.call(f"{domain}.enable", session=session)
    browser.call("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": False}, session=session)
    browser.call("Emulation.setEmulatedMedia",
                 {"features": [{"name": "prefers-color-scheme", "value": scheme}]}, session=session)
    browser.call("Page.setLifecycleEventsEnabled", {"enabled": True}, session=session)
    browser.call("Page.navigate", {"url": url}, session=session)
    browser.wait_for("Page.loadEventFired", session)
    # First contentful paint from the page's lifecycle events (seconds, monotonic), measured from
    # the navigation's start ("init"); the Performance API has no paint entries in headless mode.
    lifecycle = {}
    deadline = time.monotonic() + 15
    while "firstContentfulPaint" not in lifecycle and time.monotonic() < deadline:
        for event in [e for e in browser.pending if e.get("method") == "Page.lifecycleEvent" and e.get("sessionId") == session]:
            browser.pending.remove(event)
            lifecycle.setdefault(event["params"]["name"], event["params"]["timestamp"])
        if "firstContentfulPaint" not in lifecycle:
            try:
                browser.pending.append(browser._read_message(min(deadline, time.monotonic() + 0.5)))
            except TimeoutError:
                pass
    measured = browser.call("Runtime.evaluate", {"returnByValue": True, "expression": """({
        scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth,
        dark: matchMedia("(prefers-color-scheme: dark)").matches,
        background: getComputedStyle(document.body).backgroundColor})"""}, session=session)["result"]["value"]
    hidden = evaluate(browser, session, HIDDEN_IN_SCROLL_BOXES)
    timing = evaluate(browser, session, TIMING)
    if "firstContentfulPaint" in lifecycle and "init" in lifecycle:
        timing["paint"] = (lifecycle["firstContentfulPaint"] - lifecycle["init"]) * 1000
    contrast = [evaluate(browser, session, CONTRAST)]
    details = evaluate(browser, session, OPEN_DETAILS)
    opened = evaluate(browser, session, "({scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth})")
    if details:
        contrast.append(evaluate(browser, session, CONTRAST))
    problems = page_errors(browser.pending, session)
    browser.call("Target.closeTarget", {"targetId": target})
    if measured["innerWidth"] != width:
        problems.append(f"the viewport is {measured['innerWidth']} px, not {width}")
    if measured["scrollWidth"] > measured["innerWidth"]:
        problems.append("the page scrolls sideways")
    if measured["dark"] != (scheme == "dark"):
        problems.append(f"prefers-color-scheme: dark is {measured['dark']}")
    if details and opened["scrollWidth"] > opened["innerWidth"]:
        problems.append(f"with its {details} <details> open, the page scrolls sideways (scrollWidth {opened['scrollWidth']})")
    if width < 600 and hidden:
        problems.append(f"{len(hidden)} scroll boxes hide content at phone width, first: {hidden[0]}")
    for state, worst in zip(["as loaded", "with <details> open"], contrast):
        if worst.get("needed") and worst["ratio"] < worst["needed"]:
            problems.append(f"contrast {worst['ratio']:.2f}:1 under {worst['needed']}:1 ({state}) at {worst['where']}")
    paint = timing.get("paint")
    if max_paint_ms is not None and (paint is None or paint > max_paint_ms):
        problems.append(f"first contentful paint {paint} ms, over {max_paint_ms} ms")
    lowest = min((w["ratio"] for w in contrast if w.get("needed")), default=None)
    line = (f"{width}px {scheme}: scrollWidth {measured['scrollWidth']}, innerWidth {measured['innerWidth']}, "
            f"background {measured['background']}, "
            f"lowest contrast {'%.2f' % lowest if lowest is not None else 'n/a'}:1, {details} details opened, "
            f"first paint {'%.0f' % paint if paint is not None else '?'} ms, load {'%.0f' % (timing.get('load') or 0)} ms")
    print(line + (" — " + "; ".join(problems) if problems else ": ok"))
    return not problems


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    arguments = sys.argv[1:]
    max_paint_ms = None
    if "--max-paint-ms" in arguments:
        at = arguments.index("--max-paint-ms")
        max_paint_ms = float(arguments[at + 1])
        del arguments[at:at + 2]
    if not arguments:
        sys.exit(__doc__)
    url = "file://" + os.path.abspath(arguments[0])
    cases = arguments[1:] or ["1280:light", "1280:dark", "390:light", "390:dark"]
    with tempfile.TemporaryDirectory() as profile:
        browser = Chromium(profile)
        try:
            results = [check(browser, url, int(case.split(":")[0]), case.split(":")[1], max_paint_ms) for case in cases]
        finally:
            browser.close()
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
