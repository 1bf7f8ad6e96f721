// Small helpers shared by the page scripts. User text is always inserted as
// text (textContent), never as HTML.

/**
 * Read a JSON config that the template wrote with json_script.
 * @param {string} id the script element's id
 * @returns {any} each page's config has its own shape (the view that renders it)
 */
export function pageConfig(id) {
  return JSON.parse(/** @type {HTMLElement} */ (document.getElementById(id)).textContent);
}

/**
 * The CSRF token from the csrftoken cookie ('' when absent).
 * @returns {string}
 */
export function csrfToken() {
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

/**
 * What the REST API answered: `data` is the decoded JSON body (null for none
 * or not JSON); status 0 when the server could not be reached.
 * @typedef {{ok: boolean, status: number, data: any}} ApiResult
 */

/**
 * Call the REST API; resolves to {ok, status, data} (never rejects on HTTP errors).
 * @param {string} method "GET", "POST", "PATCH", "DELETE"...
 * @param {string} url
 * @param {unknown} [body] sent as JSON when given
 * @returns {Promise<ApiResult>}
 */
export async function api(method, url, body) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  /** @type {RequestInit} */
  const opts = { method, credentials: "same-origin", headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  if (method !== "GET") headers["X-CSRFToken"] = csrfToken();
  try {
    const res = await fetch(url, opts);
    const data = res.status === 204 ? null : await res.json().catch(() => null);
    return { ok: res.ok, status: res.status, data };
  } catch {
    return { ok: false, status: 0, data: { detail: "The server cannot be reached." } };
  }
}

/**
 * A readable sentence from a failed API result ("" for a good one).
 * @param {ApiResult} result
 * @returns {string}
 */
export function apiError(result) {
  if (result.ok) return "";
  const data = result.data;
  if (data && typeof data.detail === "string") return data.detail;
  if (data && typeof data === "object") {
    return Object.entries(data).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(" ") : v}`).join("; ");
  }
  return `The server answered ${result.status}.`;
}

/**
 * Create an element. `text` becomes its text content (never HTML); `attrs`
 * are attributes (class, data-*, ...; true: present and empty; false, null,
 * undefined: left out); `children` are appended (null, undefined, false skipped).
 * @template {string} K
 * @param {K} tag
 * @param {unknown} [text]
 * @param {Record<string, unknown>} [attrs]
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement}
 */
export function el(tag, text, attrs = {}, ...children) {
  const node = /** @type {any} */ (document.createElement(tag));
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/**
 * Write `text` into `node` only when it differs from what it shows: a live
 * region written with the same words on every redraw is read out again each
 * time (issue 31 point 4).
 * @param {HTMLElement} node
 * @param {unknown} text
 */
export function setText(node, text) {
  const value = String(text ?? "");
  if (node.textContent !== value) node.textContent = value;
}

/**
 * Give the focusable tile `tile` (a card or building drawn as a box of
 * spans) an accessible name: the texts it shows, in order, separated by
 * commas, a short hover text such as "HP" or "ATK" put before its number.
 * Without it a screen reader named the focused tile nothing (issue 31 point
 * 4). `role` is "group" (the default: the tile may hold focusable glossary
 * chips) or "button". Returns the tile.
 * @template {HTMLElement} T
 * @param {T} tile
 * @param {string} [role]
 * @returns {T}
 */
export function labelTile(tile, role = "group") {
  const parts = [];
  for (const node of tile.querySelectorAll("*")) {
    if (node.childElementCount) continue;
    const text = (node.textContent || "").trim();
    if (!text || node.getAttribute("aria-hidden") === "true") continue;
    const tag = node.getAttribute("title");
    parts.push(tag && tag.length <= 8 ? `${tag} ${text}` : text);
  }
  tile.setAttribute("role", role);
  tile.setAttribute("aria-label", parts.join(", "));
  return tile;
}

// Why a match ended, in words that fit after a colon or in brackets, for the
// result reasons of every game's engine: Codex (game/codex: "base destroyed",
// "highest base", "tied bases", "concession"), Arcane Codex (life,
// round_cap, concede, agreed_draw) and C-23 (deck_out, draw, concede).
/** @type {Record<string, string>} */
const RESULT_REASONS = {
  "base destroyed": "a base was destroyed",
  "highest base": "the highest base after the last round",
  "tied bases": "the highest bases were tied",
  concession: "a player conceded",
  concede: "a player conceded",
  life: "a player's life ran out",
  round_cap: "the last round was played",
  agreed_draw: "both players agreed to it",
  deck_out: "a player's deck ran out",
  draw: "every deck ran out at once",
};

/** Stands for the viewer in a list of the players a result reason names (resultReason). */
export const YOU = Symbol("you");
/** Stands for the viewer's team (Two-Headed Dragon) where the view does not say which teammate. */
export const YOUR_TEAM = Symbol("your team");
/** Stands for the team playing against the viewer's, where the view does not say which of its players. */
export const OTHER_TEAM = Symbol("the other team");

/**
 * Who a result reason names: a player's name, or one of the stand-ins above.
 * @typedef {string | symbol} Named
 */

// How the viewer and the teams stand in a result reason's words: the name,
// its possessive before a noun and the possessive standing alone ("your
// base", "Bo's base and yours"); any other entry is a name: "Bo", "Bo's".
/** @type {Map<symbol, [string, string, string]>} */
const STAND_INS = new Map([[YOU, ["you", "your", "yours"]], [YOUR_TEAM, ["your team", "your team's", "your team's"]],
  [OTHER_TEAM, ["the other team", "the other team's", "the other team's"]]]);

// The reasons that can name their players: each takes the names (the viewer
// as "you"), their possessives ("Bo's", "your") and those standing alone
// ("Bo's", "yours").
/** @param {string[]} names */
const conceded = (names) => `${nameList(names)} conceded`;
/** @type {Record<string, (names: string[], whose: string[], theirs: string[]) => string>} */
const NAMED_REASONS = {
  concession: conceded,
  concede: conceded,
  life: (names, whose) => (names.length === 1 ? `${whose[0]} life ran out`
    : `${nameList(names)} ${names.length === 2 ? "both" : "all"} ran out of life`),
  deck_out: (names, whose) => (names.length === 1 ? `${whose[0]} deck ran out`
    : `${nameList(names)} ${names.length === 2 ? "both" : "all"} had no cards left in their decks`),
  "base destroyed": (_names, whose, theirs) => (whose.length === 1 ? `${whose[0]} base was destroyed`
    : `${nameList([`${whose[0]} base`, ...theirs.slice(1)])} were destroyed`),
};

/**
 * A match's result reason (any game's code) as words for a sentence; "" for
 * none. `who`: the players the reason is about when the view knows them (who
 * conceded, whose life, deck or base ran out), as names, YOU for the viewer,
 * YOUR_TEAM or OTHER_TEAM for a team; without them the words say "a player"
 * ("Bo's deck ran out", "you conceded", "a player's deck ran out").
 * @param {string | null | undefined} code the engine's result reason
 * @param {Named[]} [who]
 * @returns {string}
 */
export function resultReason(code, who = []) {
  if (!code) return "";
  const named = NAMED_REASONS[code];
  if (named && who.length) {
    /** @param {Named} n @param {0 | 1 | 2} form 0: the name, 1: its possessive, 2: standing alone */
    const word = (n, form) => {
      const standIn = typeof n === "symbol" ? STAND_INS.get(n) : undefined;
      if (standIn) return standIn[form];
      return form === 0 ? String(n) : `${String(n)}'s`;
    };
    return named(who.map((n) => word(n, 0)), who.map((n) => word(n, 1)), who.map((n) => word(n, 2)));
  }
  return RESULT_REASONS[code] || words(code);
}

/**
 * The result reason a finished match is told by: a concession when the
 * match's last action was one (`by`: the seat that conceded; null when it
 * was not, or is not known), whatever the engine's reason, else the
 * engine's `reason`. A free-for-all concession ends the game as the
 * conceder's base falling (the engine's "base destroyed", house rule R28):
 * told by that reason it read "Cy's base was destroyed" where Cy conceded.
 * @param {string | null | undefined} reason
 * @param {number | null} [by]
 * @returns {string | null | undefined}
 */
export function toldReason(reason, by = null) {
  if (by === null || by === undefined || !reason || reason === "concession" || reason === "concede") return reason;
  return "concession";
}

/**
 * A player as resultConcerned takes them.
 * @typedef {{seat: number, name: string, team?: number | string | null}} ResultPlayer
 */

/**
 * The players a finished match's result reason is about, as resultReason
 * takes them, from what is known of the match: `players` ({seat, name,
 * team}; teammates share a team, a player alone has none or their own),
 * the `winners`' seats, the viewer's `seat` (null: a spectator), the seat
 * that conceded when known (`by`: the match's last action was theirs), the
 * seats whose base is at 0 HP when known (`fallen`). Who conceded: `by`,
 * else the one player or team that lost (a team as YOUR_TEAM, OTHER_TEAM or,
 * for a spectator, "Bo & Cy's team"); whose life or deck ran out: the one
 * player who lost; whose base was destroyed: the `fallen` ones, else the
 * one player or team that lost ("Bo & Cy", YOUR_TEAM). Empty when that is
 * not known (the words then say "a player") and for the other reasons.
 * @param {object} known
 * @param {string | null | undefined} known.reason the engine's result reason
 * @param {ResultPlayer[]} known.players
 * @param {number[]} known.winners
 * @param {number | null} [known.seat]
 * @param {number | null} [known.by]
 * @param {number[] | null} [known.fallen]
 * @returns {Named[]}
 */
export function resultConcerned({ reason, players, winners, seat = null, by = null, fallen = null }) {
  /** @param {ResultPlayer} p */
  const side = (p) => (p.team === null || p.team === undefined ? `seat ${p.seat}` : `team ${p.team}`);
  /** @param {ResultPlayer[]} list @returns {ResultPlayer[][]} */
  const sides = (list) => [...new Set(list.map(side))].map((key) => players.filter((p) => side(p) === key));
  /** @param {ResultPlayer[]} ps @returns {Named} */
  const named = (ps) => (ps.some((p) => p.seat === seat) ? (ps.length > 1 ? YOUR_TEAM : YOU) : teamName(ps.map((p) => p.name)));
  const lost = winners.length ? sides(players.filter((p) => !winners.includes(p.seat))) : [];
  if (reason === "concession" || reason === "concede") {
    const conceder = players.find((p) => p.seat === by);
    if (conceder) return [named([conceder])];
    if (lost.length !== 1) return [];
    const [team] = lost;
    if (team.length === 1 || team.some((p) => p.seat === seat)) return [named(team)];
    return [players.some((p) => p.seat === seat) ? OTHER_TEAM : `${teamName(team.map((p) => p.name))}'s team`]; // no viewer in it: its names
  }
  if (reason === "life" || reason === "deck_out") return lost.length === 1 && lost[0].length === 1 ? [named(lost[0])] : [];
  if (reason === "base destroyed") {
    if (fallen) return sides(players.filter((p) => fallen.includes(p.seat))).map(named);
    return lost.length === 1 ? [named(lost[0])] : [];
  }
  return [];
}

/**
 * `text` with its first letter in capitals, to begin a sentence, unless it
 * begins with one of `names` (players' names stand as their players wrote
 * them: "bo conceded.", never "Bo conceded." for a player named "bo").
 * @template {string | null | undefined} T
 * @param {T} text
 * @param {(string | null | undefined)[]} [names]
 * @returns {T}
 */
export function sentence(text, names = []) {
  if (!text || names.some((name) => name && text.startsWith(name))) return text;
  return /** @type {T} */ (text[0].toUpperCase() + text.slice(1));
}

/**
 * "some_card_id" -> "some card id".
 * @param {unknown} id
 * @returns {string}
 */
export function words(id) {
  return String(id).replace(/_/g, " ");
}

/**
 * Names joined for a sentence, the one form every page reads: "Ann", "Ann
 * and Ben", "Ann, Ben and Cat" (`last`: the word before the last name,
 * "and" or "or"). When a name holds a comma itself (a C-23 card named
 * "Name, Title") semicolons part the names, so that none reads as two:
 * "Ann, the Bold; and Ben" (C-23's card lists, docs/C23.md).
 * @param {string[]} names
 * @param {string} [last]
 * @returns {string}
 */
export function nameList(names, last = "and") {
  if (names.length < 2) return names.join("");
  const comma = names.some((n) => n.includes(","));
  const head = names.slice(0, -1).join(comma ? "; " : ", ");
  return `${head}${comma ? ";" : ""} ${last} ${names[names.length - 1]}`;
}

/**
 * A team as one name (Two-Headed Dragon): its players' names joined by "&",
 * "Ana & Ari", so that a team reads as one side, in a list too ("Ana & Ari
 * and Bo & Cy", nameList) or before "vs"; one player's name alone.
 * @param {string[]} names
 * @returns {string}
 */
export function teamName(names) {
  return names.join(" & ");
}

/**
 * Whom a match waits for, as the lobby's lists say it: "Waiting for Bo",
 * "Waiting for Bo, Cy and Di" ("" for nobody).
 * @param {string[]} names
 * @returns {string}
 */
export function waitingText(names) {
  return names.length ? `Waiting for ${nameList(names)}` : "";
}

/**
 * A span of time as a page says it at a glance: days and hours, hours and
 * minutes, or minutes (at least 1), e.g. "2 d 5 h", "3 h", "1 min".
 * @param {number} seconds
 * @returns {string}
 */
export function durationText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days) return hours ? `${days} d ${hours} h` : `${days} d`;
  if (hours) return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${Math.max(1, minutes)} min`;
}

/**
 * A deadline's time left as the lobby's "Your matches" says it (issue 32):
 * durationText and "left", or that the deadline passed.
 * @param {number} seconds
 * @returns {string}
 */
export function timeLeftText(seconds) {
  return Math.round(seconds) > 0 ? `${durationText(seconds)} left` : "deadline passed";
}

/**
 * Roman numerals for tech levels (0 stays 0; others as digits).
 * @param {number} n
 * @returns {string}
 */
export function roman(n) {
  return ["0", "I", "II", "III"][n] ?? String(n);
}

/** @type {Promise<Map<string, any>> | null} */
let catalogPromise = null;
/** @type {Promise<ApiResult> | null} */
let modesPromise = null;

/**
 * The query string asking for the reference data `name` ("cards", "modes")
 * at the version the page was served with (base.html's meta
 * codex-reference, codexsite/refcache.py): the browser keeps that answer, so
 * a reload asks the server for none of it. "" when the page gives none.
 * @param {string} name
 * @returns {string}
 */
function referenceQuery(name) {
  const meta = typeof document === "undefined" ? null : document.querySelector('meta[name="codex-reference"]');
  const version = meta ? meta.getAttribute(`data-${name}`) : null;
  return version ? `?v=${encodeURIComponent(version)}` : "";
}

/**
 * The card catalog (GET /api/cards/), fetched once per page: a Map from card
 * id to its facts ({name, kind, cost, atk, hp, tech, text, bands, ...}).
 * @returns {Promise<Map<string, any>>}
 */
export function loadCatalog() {
  if (!catalogPromise) {
    catalogPromise = api("GET", `/api/cards/${referenceQuery("cards")}`).then((result) => {
      const map = new Map();
      for (const card of result.ok ? result.data : []) map.set(card.id, card);
      return map;
    });
  }
  return catalogPromise;
}

/**
 * The game modes (GET /api/modes/, lobby/modes.py), fetched once per page:
 * the API's result, whose data lists every mode.
 * @returns {Promise<ApiResult>}
 */
export function loadModes() {
  if (!modesPromise) modesPromise = api("GET", `/api/modes/${referenceQuery("modes")}`);
  return modesPromise;
}

/**
 * Ask `text` in the page's own yes/no dialog (#confirm-dialog, from
 * templates/confirm_dialog.html), not the browser's confirm(); its yes
 * button reads `yesLabel`. Calls `then()` only when the player says yes.
 * The focus starts on Cancel, so that Enter loses nothing (Concede, Remove,
 * a rebuild that damages the base); a `safe` question (a step of the game
 * the player means to take, such as ending the main phase) starts on its
 * yes button instead and draws it as the main action, not a danger.
 * @param {string} text
 * @param {string} yesLabel
 * @param {() => void} then
 * @param {boolean} [safe]
 */
export function confirmThen(text, yesLabel, then, safe = false) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("confirm-dialog"));
  const yes = /** @type {HTMLElement} */ (document.getElementById("confirm-yes"));
  /** @type {HTMLElement} */ (document.getElementById("confirm-text")).textContent = text;
  yes.textContent = yesLabel;
  yes.className = `btn ${safe ? "primary" : "danger"}`;
  dialog.returnValue = "";
  dialog.onclose = () => { if (dialog.returnValue === "ok") then(); };
  dialog.showModal();
  if (safe) yes.focus();
}
