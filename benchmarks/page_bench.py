"""Browser benchmark of the match page (issue 31 point 5): how long a
reload takes to show the board, and how long a click on an action button
takes to show the next version.

Not a test: ``python -m benchmarks.page_bench --help``. It starts daphne on a
fresh SQLite database (benchmarks/servers.py, with the browser tests'
settings: bots move at once, their work runs in the server process), signs a
user up, starts a Codex 1-hero match against a greedy bot and drives the
match page with Playwright and Debian's Chromium (headless):

- reload to board: from the navigation's start (``performance.timeOrigin``)
  to the first animation frame after ``document.body.dataset.version`` is
  set to the match's current version; and of that, the part from the
  HTML's last byte (``responseEnd``) to that frame (scripts and board);
- click to new version: from the click on "End main phase" (and its "Yes",
  when the page asks first) to the first animation frame after the page's
  version changed; and of that, the part in the page: from the arrival of
  the websocket message that changed the version to that frame (the rest
  is the server's and the socket's);
- nodes put in per update: the elements a MutationObserver sees added to
  the page (each with its descendants), from the click to the frame after
  the new version, and for each version drawn while the page waits for our
  next move (the bot's moves, and the tech cards we pick on the way): how
  much of the page an update rebuilds;
- redraw of the state held: the page's render() called again with nothing
  changed (as a presence or clock message does), with the layout it
  causes; the median of 20 calls per sample (a client without page.js's
  render, before the split, has none).

``--against REV`` runs the same, paired and alternating, on a second server
whose static/js and templates are those of commit REV (``git archive``)
over this checkout's committed tree. Prints p50/p95 of each side and the
load average before and after.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from benchmarks.servers import ROOT, Worker, prepare_database

CHROMIUM = os.environ.get("CODEX_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]
SERVER_ENV = {"CODEX_STAND_IN_DELAY": "0", "CODEX_TASKS_IN_PROCESS": "1", "CODEX_STAND_IN_ASK_SECONDS": "2"}
PASSWORD = "a-Bench-pass-31"
WAIT_MS = 20_000
STEP_MS = 3_000  # one click of the way to our move, tried again when it fails

# Run in the page before its own scripts: the time (ms since navigation start)
# of the first frame after the body first carries a version.
BOARD_TIMER = """
window.__boardAt = null;
// The elements put in the page since each version was first drawn: [[version, count], ...].
window.__drawn = [];
const added = (records) => records.reduce((n, r) => n + [...r.addedNodes]
  .reduce((m, node) => m + (node.nodeType === 1 ? 1 + node.getElementsByTagName("*").length : 0), 0), 0);
window.__countAdded = added;
new MutationObserver((records) => {
  records.forEach((r, i) => {
    if (r.type === "attributes") {
      const next = records.slice(i + 1).find((o) => o.type === "attributes");
      const now = next ? next.oldValue : document.body.dataset.version;
      if (now !== r.oldValue) window.__drawn.push([Number(now), 0]);
    } else if (window.__drawn.length) {
      window.__drawn[window.__drawn.length - 1][1] += added([r]);
    }
  });
}).observe(document, {
  subtree: true, childList: true, attributes: true, attributeOldValue: true, attributeFilter: ["data-version"],
});
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.version !== undefined && window.__boardVersion === undefined) {
    window.__boardVersion = Number(document.body.dataset.version);
    observer.disconnect();
    requestAnimationFrame(() => { window.__boardAt = performance.now(); });
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-version"] });
window.__messageAt = null;
window.__socketAt = null; // the page's first socket: made, and its first message
window.__firstMessageAt = null;
const PageSocket = window.WebSocket;
window.WebSocket = class extends PageSocket {
  constructor(...args) {
    super(...args);
    if (window.__socketAt === null) window.__socketAt = performance.now();
    this.addEventListener("message", () => {
      window.__messageAt = performance.now();
      if (window.__firstMessageAt === null) window.__firstMessageAt = window.__messageAt;
    });
  }
};
"""

# After a reload: where the time from the HTML's last byte to the board went
# (ms), and the work the load did whatever the machine's load: the scripts and
# requests the page made, and of them those that reached the server (the
# others came from the browser's cache: no bytes transferred).
RELOAD_PARTS = """
() => {
  const html = performance.getEntriesByType("navigation")[0].responseEnd;
  const all = performance.getEntriesByType("resource").filter((r) => r.startTime < window.__boardAt);
  const scripts = all.filter((r) => r.initiatorType === "script" || r.name.endsWith(".js"));
  const catalog = all.filter((r) => r.name.includes("/api/cards/"));
  return {
    scripts_done: Math.max(...scripts.map((r) => r.responseEnd)) - html,
    catalog_in: catalog.length ? Math.max(...catalog.map((r) => r.responseEnd)) - html : 0,
    socket_made: window.__socketAt - html,
    socket_to_state: window.__firstMessageAt - window.__socketAt,
    state_to_board: window.__boardAt - window.__firstMessageAt,
    scripts: scripts.length,
    requests: all.length,
    to_server: all.filter((r) => r.transferSize > 0).length,
    kb_to_server: all.reduce((n, r) => n + r.transferSize, 0) / 1024,
  };
}
"""

# The parts of RELOAD_PARTS, as the table prints them: (key, label, unit).
PARTS = (
    ("socket_made", "  HTML loaded to socket made", "ms"),
    ("socket_to_state", "  socket made to first state", "ms"),
    ("state_to_board", "  first state to board", "ms"),
    ("scripts_done", "  HTML loaded to last script", "ms"),
    ("catalog_in", "  HTML loaded to catalog in", "ms"),
    ("scripts", "  scripts loaded", ""),
    ("requests", "  requests before the board", ""),
    ("to_server", "  of them to the server", ""),
    ("kb_to_server", "  KiB from the server", ""),
)

# Click "End main phase" (and "Yes" when asked); resolve with [the ms to the
# first frame after the version changed, the ms of that from the arrival of
# the websocket message that changed it, the elements put in the page from
# the click to that frame], or null if none came within 10 s.
CLICK_TIMER = """
() => new Promise((resolve) => {
  const before = document.body.dataset.version;
  let put = 0;
  const counter = new MutationObserver((records) => { put += window.__countAdded(records); });
  counter.observe(document, { subtree: true, childList: true });
  const observer = new MutationObserver(() => {
    if (document.body.dataset.version === before) return;
    observer.disconnect();
    const arrived = window.__messageAt;
    requestAnimationFrame(() => {
      put += window.__countAdded(counter.takeRecords());
      counter.disconnect();
      resolve([performance.now() - start, performance.now() - arrived, put]);
    });
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-version"] });
  setTimeout(() => { observer.disconnect(); counter.disconnect(); resolve(null); }, 10000);
  const start = performance.now();
  document.querySelector("#action-bar [data-action=end_main]").click();
  const dialog = document.getElementById("confirm-dialog");
  if (dialog && dialog.open) document.getElementById("confirm-yes").click();
})
"""


# The median ms of 20 redraws of the state held, each with its layout; null
# for a client without static/js/page.js's render.
REDRAW_TIMER = """
async () => {
  let module;
  try { module = await import("/static/js/page.js"); } catch { return null; }
  if (typeof module.render !== "function") return null;
  const took = [];
  for (let i = 0; i < 20; i += 1) {
    const start = performance.now();
    module.render();
    void document.body.offsetHeight;
    took.push(performance.now() - start);
  }
  took.sort((a, b) => a - b);
  return took[10];
}
"""


def _api(page, method: str, path: str, body=None):
    """Call the REST API as the page's user; return the decoded answer (None for 204)."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    origin = "/".join(page.url.split("/", 3)[:3])
    response = page.context.request.fetch(
        origin + path, method=method, data=body, headers={"X-CSRFToken": token, "Referer": page.url}
    )
    if not response.ok:
        raise RuntimeError(f"{method} {path}: {response.status} {response.text()[:300]}")
    return response.json() if response.status != 204 else None


class Side:
    """One server (this checkout or another commit's client) with its own
    database, browser context, user and current match."""

    def __init__(self, label: str, root: Path, browser):
        self.label = label
        self.worker = Worker(prepare_database("sqlite"), env=SERVER_ENV, root=root)
        self.context = browser.new_context()
        self.context.set_default_timeout(WAIT_MS)
        self.context.add_init_script(BOARD_TIMER)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))
        self.reloads: list[float] = []
        self.clicks: list[float] = []
        self.in_page: list[float] = []
        self.after_html: list[float] = []
        self.click_nodes: list[float] = []
        self.redraws: list[float] = []
        self.wait_nodes: list[float] = []
        self.parts: dict[str, list[float]] = {key: [] for key, _, _ in PARTS}
        served = self.context.request.get(f"{self.worker.url}/static/js/match.js").body()
        if served != (root / "static" / "js" / "match.js").read_bytes():
            raise RuntimeError(f"{self.label}: the server does not serve {root}'s static/js/match.js")
        self._signup()
        self._new_match()

    def _signup(self) -> None:
        page, base = self.page, self.worker.url
        page.goto(f"{base}/signup/")
        page.fill("input[name=username]", "bench")
        page.fill("input[name=display_name]", "Bench")
        page.fill("input[name=password1]", PASSWORD)
        page.fill("input[name=password2]", PASSWORD)
        page.click("main form button[type=submit]")
        page.wait_for_url(f"{base}/")

    def _new_match(self) -> None:
        made = _api(self.page, "POST", "/api/tables/", {"mode": "1hero"})
        table = f"/api/tables/{made['id']}"
        _api(self.page, "PATCH", f"{table}/seat/", {"heroes": ["troq_bashar"], "ready": True})
        _api(self.page, "POST", f"{table}/bot/", {"index": 1, "kind": "greedy"})
        match_id = _api(self.page, "POST", f"{table}/start/")["match_id"]
        self.page.goto(f"{self.worker.url}/match/{match_id}/")
        self.page.wait_for_function("document.body.dataset.version !== undefined")

    def _my_move(self) -> None:
        """Wait until "End main phase" can be clicked: pick tech and answer
        prompts with their first options on the way (a step the page
        redrew under the click is tried again); a new match when this one
        ended. Raises RuntimeError after 60 s without a move of ours."""
        from playwright.sync_api import Error as PlaywrightError

        page = self.page
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if page.evaluate("document.body.dataset.status") not in (None, "playing"):
                self._new_match()
                continue
            end = page.locator("#action-bar [data-action=end_main]")
            if end.count() and end.is_enabled():
                return
            try:
                if not self._answer():
                    page.wait_for_timeout(50)
            except PlaywrightError:
                page.wait_for_timeout(100)
        raise RuntimeError(f"{self.label}: no move of ours within 60 s")

    def _answer(self) -> bool:
        """Pick the first tech cards offered, or answer an open prompt with
        its first option(s); False when the page asks nothing."""
        tech = self.page.locator("#tech-panel")
        prompt = self.page.locator("#prompt-panel")
        if tech.is_visible():
            confirm = tech.locator("[data-action=tech]")
            for _ in range(4):
                if confirm.is_enabled():
                    break
                tech.locator("button[data-codex]:not([disabled])").first.click(timeout=STEP_MS)
            self._click_and_wait(confirm.click)
            return True
        if prompt.is_visible():
            options = prompt.locator("[data-option]")
            confirm = prompt.locator("[data-action=choose]")
            if not confirm.count():
                self._click_and_wait(options.first.click)
                return True
            for i in range(options.count()):
                if confirm.is_enabled():
                    break
                options.nth(i).click(timeout=STEP_MS)
            self._click_and_wait(confirm.click)
            return True
        return False

    def _click_and_wait(self, click) -> None:
        before = self.page.evaluate("Number(document.body.dataset.version)")
        click(timeout=STEP_MS)
        self.page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before, timeout=STEP_MS)

    def sample(self) -> None:
        """One reload to board and one click to new version, recorded."""
        self._my_move()
        page = self.page
        current = page.evaluate("Number(document.body.dataset.version)")
        page.reload()
        page.wait_for_function("window.__boardAt !== null")
        shown = page.evaluate("window.__boardVersion")
        # A newer version may come meanwhile (a step the server takes on its
        # own after the one our move waited on): the page drew the newest.
        if shown < current:
            raise RuntimeError(f"{self.label}: the reloaded page showed version {shown}, older than {current}")
        self.reloads.append(page.evaluate("window.__boardAt"))
        self.after_html.append(
            page.evaluate("window.__boardAt - performance.getEntriesByType('navigation')[0].responseEnd")
        )
        for key, value in page.evaluate(RELOAD_PARTS).items():
            self.parts[key].append(value)
        self._my_move()
        redraw = page.evaluate(REDRAW_TIMER)
        if redraw is not None:
            self.redraws.append(redraw)
        took = page.evaluate(CLICK_TIMER)
        if took is None:
            raise RuntimeError(f"{self.label}: no new version within 10 s of the click")
        self.clicks.append(took[0])
        self.in_page.append(took[1])
        self.click_nodes.append(took[2])
        drawn = page.evaluate("window.__drawn.length")
        self._my_move()
        # The versions drawn on the way back to our move, each complete once the next one came.
        self.wait_nodes.extend(page.evaluate("from => window.__drawn.slice(from, -1).map(([, n]) => n)", drawn))

    def close(self) -> None:
        """Close the browser context and stop the server."""
        self.context.close()
        self.worker.stop()


def _other_tree(rev: str) -> Path:
    """This checkout's committed tree with static/js and templates of ``rev``, in a temporary directory."""
    tree = Path(tempfile.mkdtemp(prefix="codex-pagebench-"))
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    shutil.rmtree(tree / "static" / "js")
    shutil.rmtree(tree / "templates")
    client = subprocess.run(
        ["git", "archive", rev, "static/js", "templates"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=client, check=True)
    return tree


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (inclusive method; the one value when there is one)."""
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def _row(label: str, values: list[float], unit: str = "ms") -> str:
    if not values:
        return f"{label:<28} n=0"
    return (
        f"{label:<28} n={len(values):<3} p50 {_quantile(values, 0.5):7.1f} {unit}   "
        f"p95 {_quantile(values, 0.95):7.1f} {unit}"
    )


def main(argv: list[str] | None = None) -> None:
    """Parse the options, run the samples and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=20, help="reloads and clicks per side (default 20)")
    parser.add_argument("--against", metavar="REV", help="also measure REV's static/js and templates, paired")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()
    sides: list[Side] = []
    other: Path | None = None
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            sides.append(Side("this checkout", ROOT, browser))
            if args.against:
                other = _other_tree(args.against)
                sides.append(Side(f"client of {args.against}", other, browser))
            for i in range(args.samples):
                for side in sides if i % 2 == 0 else sides[::-1]:
                    side.sample()
        finally:
            for side in sides:
                side.close()
            browser.close()
            if other is not None:
                shutil.rmtree(other, ignore_errors=True)
    load_after = os.getloadavg()
    for side in sides:
        print(_row(f"reload to board, {side.label}", side.reloads))
        print(_row(f"  of it HTML loaded to board, {side.label}", side.after_html))
        for key, label, unit in PARTS:
            print(_row(f"{label}, {side.label}", side.parts[key], unit))
        print(_row(f"click to version, {side.label}", side.clicks))
        print(_row(f"  of it message to frame, {side.label}", side.in_page))
        print(_row(f"redraw of the state held, {side.label}", side.redraws))
        print(_row(f"nodes put in by the click, {side.label}", side.click_nodes, "nodes"))
        print(_row(f"nodes put in per version on the way back, {side.label}", side.wait_nodes, "nodes"))
        if side.errors:
            print(f"  {len(side.errors)} script errors on {side.label}'s page, the first: {side.errors[0][:200]}")
    if len(sides) == 2:
        kinds = ("reloads", "after_html", "clicks", "in_page", "redraws", "click_nodes", "wait_nodes")
        for kind in kinds + tuple(key for key, _, _ in PARTS):
            mine, theirs = (side.parts[kind] if kind in side.parts else getattr(side, kind) for side in sides)
            if not mine or not theirs or not statistics.median(theirs):
                print(f"{kind}: no ratio (a side has no sample, or its p50 is 0)")
                continue
            ratio = statistics.median(mine) / statistics.median(theirs)
            print(f"{kind}: p50 this / p50 {args.against} = {ratio:.2f}")
    print(
        f"load average (1, 5, 15 min): before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
        f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}"
    )


if __name__ == "__main__":
    main()
