// What every part of the match page shares, whichever game is played: the
// page's config and elements, the store of the match (store.js), the
// player's doing (controls.js, with the page's own bits: tabs, log, result
// dialog, tooltip), the connection once open, sending an action, notices,
// buttons, and the seats as the view names them. A game's board
// (boards.js) takes what it needs from here.
import { el, nameList, pageConfig, teamName } from "./common.js";
import { afterSend, createControls } from "./controls.js";
import { createStore } from "./store.js";

/** @typedef {import("./protocol.js").Action} Action */

export const config = pageConfig("match-config");
// The page's elements by id: any, since they are of many kinds (inputs,
// dialogs, buttons) and the template guarantees them.
/** @type {(id: string) => any} */
export const $ = (id) => document.getElementById(id);
export const store = createStore();
export const ui = {
  ...createControls(),
  resultShown: false,
  tab: "log",
  logLast: null, // n of the last log line shown
  logWatched: false, // the log pane's scroll is watched (renderLog)
  logFollow: true, // the log follows new lines (the reader did not scroll up)
  unread: 0,
  tip: null, // the shown tooltip's anchor: {node, path, at} (showTooltip, keepTooltipAnchored)
  placedAt: 0, // the page's scroll position as it opened or keepOwnRowClear put it
};
/**
 * What the page sets up as it opens: the Codex card catalog (common.js
 * loadCatalog), /api/modes/ by key (the labels of a game's table options,
 * lobby/modes.py), the connection (connection.js), the page's render and
 * `gate`: null, or a check every action passes before it is sent (the
 * tutorial's, learn.js: a sentence keeps the action from being sent).
 * @type {{catalog: Map<string, any>, modes: Record<string, any>, conn: import("./connection.js").Connection | null, render: () => void, gate: ((action: Action) => string | null) | null}}
 */
export const page = { catalog: new Map(), modes: {}, conn: null, render: () => {}, gate: null };

/** Draw the page again for the state held (match.js render). */
export function render() {
  page.render();
}

/** The newest view. */
export function view() {
  return store.msg.view;
}

/** True while an action (or a stand-in request) awaits its answer. */
export function busy() {
  return page.conn !== null && page.conn.busy() !== null;
}

/** Send `message` (a fresh id), or null when not connected (a notice says so). */
export function send(message) {
  return page.conn ? page.conn.send(message) : null;
}

/** A fresh idempotency key for one action (docs/PROTOCOL.md). */
function newNonce() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Send one legal action, unless one awaits its answer; the choice it ends
 * is over (controls.js afterSend). `at` is the version the player decided
 * at: the one held now, or the one a question was asked at (actLater), so
 * that the server judges a decision the game overtook as made then
 * (stale_version, said as the game moving on: docs/PROTOCOL.md).
 * @param {Action} action
 * @param {number} [at]
 */
export function act(action, at = store.version) {
  if (busy() || !store.msg || !page.conn) return;
  const held = page.gate ? page.gate(action) : null;
  if (held) {
    afterSend(ui, action); // the choice it ended is over: the player starts again from the board
    showNotice(held);
    render();
    return;
  }
  const message = { type: "action", action, version: at, nonce: newNonce() };
  const id = page.conn.sendAction(message);
  if (id === null) return;
  afterSend(ui, action);
  render();
}

/**
 * The sending of `action` as decided now, for a question that asks first
 * ("End your main phase?"): whatever came in while the question was open,
 * the answer carries the version it was asked at.
 * @param {Action} action
 * @returns {() => void}
 */
export function actLater(action) {
  const at = store.version;
  return () => act(action, at);
}

/**
 * Show a notice: `text` (a sentence, or a node) and a close button. `code`
 * (the server's codes) is kept in data-code for a bug report, never shown;
 * `tone` "info" (a hint, a take-back) draws it as news, not as an error.
 * @param {string | Node} text
 * @param {string | null} [code]
 * @param {"error" | "info"} [tone]
 */
export function showNotice(text, code = null, tone = "error") {
  const n = $("notice");
  n.classList.toggle("info", tone === "info"); // a hint or a take-back is news, not an error: not the red box
  const body = el("span", null, { class: "notice-text" }, typeof text === "string" ? el("span", text) : text);
  if (code) n.dataset.code = code;
  else delete n.dataset.code;
  n.replaceChildren(body, el("button", "×", { type: "button", class: "close", "aria-label": "Dismiss" }));
  n.lastChild.onclick = hideNotice;
  n.hidden = false;
}

export function hideNotice() {
  $("notice").hidden = true;
}

/** A button running `onclick`, disabled while an action awaits its answer. */
export function button(label, onclick, attrs = {}) {
  const b = el("button", label, { type: "button", class: "btn", ...attrs });
  b.onclick = onclick;
  if (busy()) b.disabled = true;
  return b;
}

/** Fold the phone dock down to its handle (or open it again). */
export function setDockCollapsed(collapsed) {
  $("dock").classList.toggle("collapsed", collapsed);
  $("dock-toggle").textContent = collapsed ? "▴ show" : "▾ hide";
  $("dock-toggle").setAttribute("aria-expanded", String(!collapsed));
}

// ---- the seats, as the view names them ------------------------------------

/** The viewer's player in the view, or null (a spectator). */
export function me() {
  const msg = store.msg;
  return msg && msg.seat !== null ? view().players.find((p) => p.seat === msg.seat) : null;
}

export function nameOfSeat(seat) {
  const p = view().players.find((x) => x.seat === seat);
  return p ? p.name : `seat ${seat}`;
}

export function teamOf(seat) {
  const p = view().players.find((x) => x.seat === seat);
  return p ? p.team : null;
}

/** The players of a team, in seat order. */
export function teamPlayers(team) {
  return view().players.filter((p) => p.team === team);
}

/** True when some team has more than one player (Two-Headed Dragon); false
 * for a view without teams (Arcane Codex, C-23). */
export function teamGame() {
  return (view().teams || []).some((_, team) => teamPlayers(team).length > 1);
}

/** The players taking the current turn: the active player and its teammates
 * (both players of a team act in the same turn; the view says who is on which team). */
export function actingPlayers() {
  return teamPlayers(teamOf(view().active));
}

/** A team's players' names: "Ana & Ari" (Two-Headed Dragon; one name otherwise). */
export function names(players) {
  return teamName(players.map((p) => p.name));
}

/** The winners' names: a team's as "Ana & Ari", free-for-all players as "Ann and Cat". */
export function winnerNames(seats) {
  return teamGame() ? teamName(seats.map(nameOfSeat)) : nameList(seats.map(nameOfSeat));
}

/** True when the viewer conceded a free-for-all: out, no more turns (the view's `conceded`). */
export function iConceded() {
  const player = me();
  return !!(player && player.conceded);
}

/**
 * The result dialog's title of a game without teams, from the winning
 * seats, as the viewer reads it: "You won!", "You lost", "Ann wins" (a
 * spectator), "A draw".
 */
export function plainResultTitle(winners) {
  if (!winners.length) return "A draw";
  const seat = store.msg.seat;
  return seat === null ? `${nameList(winners.map(nameOfSeat))} wins` : winners.includes(seat) ? "You won!" : "You lost";
}

/**
 * The presence record of another seat that is away long enough to be shown
 * (a bot may be asked for it, or plays it), else null: the presence line's
 * rule (match.js renderPresence), so the banner and the team's status chips
 * agree with its line (a newcomer read "Jun plays too" for a minute after
 * Jun had left).
 */
export function awaySeat(seat) {
  if (!store.msg || seat === store.msg.seat) return null;
  return store.presence.find((p) => p.seat === seat && (p.askable || p.stand_in)) || null;
}

/**
 * The banner's class of a game whose banner only says whose move it is:
 * "over" once finished, "mine" when the game waits on the viewer (their
 * question, or their turn), else "".
 */
export function waitClass() {
  const { msg } = store;
  const v = msg.view;
  const waitsOnMe = v.prompt ? v.prompt.seat === msg.seat : v.active === msg.seat;
  return msg.status === "finished" ? "over" : waitsOnMe ? "mine" : "";
}
