// Since you left (issue 32 point 3; game/visits.py): on opening a match, a
// player sees the log lines their view gained since their last visit, and
// any viewer may export the latest turn as text shaped for a forum post.
// Both come from the server from the viewer's own view: nothing hidden.
// When the page is left, the visit is marked again so the next one starts
// from there. The lines are asked for once the page drew its first board.
// The box sits above the log, which a phone shows under the whole board
// (tester's F11: at y~1405 of a 1919 px page, behind the fixed action bar),
// so a line at the top of the page says how many things happened, and its
// Show button opens the Log tab and brings the box into sight.
import { api, csrfToken, el } from "./common.js";

const panel = document.getElementById("since-left");
const line = document.getElementById("since-left-line");
const matchId = panel ? panel.dataset.match : null;
const invite = new URLSearchParams(location.search).get("invite");
const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";

/** Ask for the lines since the last visit and show them (nothing on a first visit). */
async function showSince() {
  if (!panel || !matchId) return;
  const result = await api("POST", `/api/matches/${matchId}/visit/${query}`);
  if (!result.ok || !result.data.lines.length) return;
  const list = /** @type {HTMLElement} */ (panel.querySelector("ol"));
  list.replaceChildren(...result.data.lines.map((/** @type {{n: number, text: string}} */ line) => el("li", line.text)));
  const count = result.data.lines.length;
  /** @type {HTMLElement} */ (panel.querySelector(".since-count")).textContent = `${count} new line${count === 1 ? "" : "s"}`;
  panel.hidden = false;
  if (line) {
    /** @type {HTMLElement} */ (line.querySelector(".since-left-told")).textContent =
      `${count} thing${count === 1 ? "" : "s"} happened since you left:`;
    line.hidden = false;
  }
}

/** Open the Log tab (match.js selects it on its tab's click) and bring the box into sight. */
function showBox() {
  const tab = /** @type {HTMLElement | null} */ (document.querySelector('.tab[data-tab="log"]'));
  if (tab && tab.getAttribute("aria-selected") !== "true") tab.click();
  panel.scrollIntoView({ block: "start" });
  panel.focus({ preventScroll: true });
}

/** Export the latest turn as text into the box (and the clipboard when the browser allows). */
async function exportTurn() {
  const box = /** @type {HTMLTextAreaElement} */ (document.getElementById("turn-text"));
  const result = await api("GET", `/api/matches/${matchId}/turn-text/${query}`);
  if (!result.ok) return;
  box.value = result.data.text;
  box.hidden = false;
  box.select();
  try {
    await navigator.clipboard.writeText(result.data.text);
  } catch {
    // no clipboard here: the text stays selected in the box
  }
}

if (panel && matchId) {
  const close = /** @type {HTMLButtonElement} */ (panel.querySelector(".since-close"));
  close.onclick = () => {
    panel.hidden = true;
    if (line) line.hidden = true;
  };
  if (line) /** @type {HTMLButtonElement} */ (line.querySelector(".since-left-show")).onclick = showBox;
  const exporter = document.getElementById("export-turn");
  if (exporter) exporter.onclick = exportTurn;
  // Leaving the page: what it showed counts as seen.
  window.addEventListener("pagehide", () => {
    fetch(`/api/matches/${matchId}/visit/${query}`, { method: "POST", keepalive: true, headers: { "X-CSRFToken": csrfToken() } });
  });
  // Asked once the board is drawn (match.js's event): the page's first paint waits on no more than it needs.
  document.addEventListener("codex:opened", showSince, { once: true });
}
