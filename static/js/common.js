// Small helpers shared by the page scripts. User text is always inserted as
// text (textContent), never as HTML.

/** Read a JSON config that the template wrote with json_script. */
export function pageConfig(id) {
  return JSON.parse(document.getElementById(id).textContent);
}

/** The CSRF token from the csrftoken cookie ('' when absent). */
export function csrfToken() {
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

/** Call the REST API; resolves to {ok, status, data} (never rejects on HTTP errors). */
export async function api(method, url, body) {
  const opts = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  if (method !== "GET") opts.headers["X-CSRFToken"] = csrfToken();
  try {
    const res = await fetch(url, opts);
    const data = res.status === 204 ? null : await res.json().catch(() => null);
    return { ok: res.ok, status: res.status, data };
  } catch (err) {
    return { ok: false, status: 0, data: { detail: "The server cannot be reached." } };
  }
}

/** A readable sentence from a failed API result. */
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
 * are attributes (class, data-*, ...); `children` are appended.
 */
export function el(tag, text, attrs = {}, ...children) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

// Why a match ended, in words that fit after a colon or in brackets, for the
// result reasons of every game's engine: Codex (game/rules: "base destroyed",
// "highest base", "tied bases", "concession"), Arcane Codex (life,
// round_cap, concede, agreed_draw) and C-23 (deck_out, draw, concede).
const RESULT_REASONS = {
  "base destroyed": "a base was destroyed",
  "highest base": "the highest base after the last round",
  "tied bases": "the highest bases were tied",
  concession: "a player conceded",
  concede: "a player conceded",
  life: "a player's life ran out",
  round_cap: "ended at the round cap",
  agreed_draw: "both players agreed to a draw",
  deck_out: "a player's deck ran out",
  draw: "every deck ran out at once",
};

/** Stands for the viewer in a list of the players a result reason names (resultReason). */
export const YOU = Symbol("you");

// The reasons that can name their players: each takes the names (the viewer
// as "you") and their possessives ("Bo's", "your").
const conceded = (names) => `${nameList(names)} conceded`;
const NAMED_REASONS = {
  concession: conceded,
  concede: conceded,
  life: (names, whose) => (names.length === 1 ? `${whose[0]} life ran out`
    : `${nameList(names)} ${names.length === 2 ? "both" : "all"} ran out of life`),
  deck_out: (names, whose) => (names.length === 1 ? `${whose[0]} deck ran out`
    : `${nameList(names)} ${names.length === 2 ? "both" : "all"} had no cards left in their decks`),
};

/**
 * A match's result reason (any game's code) as words for a sentence; "" for
 * none. `who`: the players the reason is about when the view knows them (who
 * conceded, whose life or deck ran out), as names, YOU for the viewer;
 * without them the words say "a player" ("Bo's deck ran out", "you
 * conceded", "a player's deck ran out").
 */
export function resultReason(code, who = []) {
  if (!code) return "";
  const named = NAMED_REASONS[code];
  if (named && who.length) {
    const names = who.map((n) => (n === YOU ? "you" : n));
    return named(names, who.map((n) => (n === YOU ? "your" : `${n}'s`)));
  }
  return RESULT_REASONS[code] || words(code);
}

/** `text` with its first letter in capitals, to begin a sentence. */
export function sentence(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** "regular_sized_rhinoceros" -> "regular sized rhinoceros". */
export function words(id) {
  return String(id).replace(/_/g, " ");
}

/**
 * Names joined for a sentence: "Ann", "Ann and Ben", "Ann, Ben and Cat"
 * (`last`: the word before the last name, "and" or "or").
 */
export function nameList(names, last = "and") {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${last} ${names[names.length - 1]}`;
}

/** Roman numerals for tech levels (0 stays 0). */
export function roman(n) {
  return ["0", "I", "II", "III"][n] ?? String(n);
}

let catalogPromise = null;

/**
 * The card catalog (GET /api/cards/), fetched once per page: a Map from card
 * id to its facts ({name, kind, cost, atk, hp, tech, text, bands, ...}).
 */
export function loadCatalog() {
  if (!catalogPromise) {
    catalogPromise = api("GET", "/api/cards/").then((result) => {
      const map = new Map();
      for (const card of result.ok ? result.data : []) map.set(card.id, card);
      return map;
    });
  }
  return catalogPromise;
}
