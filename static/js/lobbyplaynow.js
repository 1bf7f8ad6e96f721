// "Play now" in the lobby (issue 33 point 3; community/pairing.py): join the
// quick-pairing queue of a mode, live or turn-based, rated or casual, with a
// hero (or a C-23 starter) or one drawn at random; while waiting, ask the
// server every few seconds (which also pairs: the rating window widens with
// the wait) and go to the match once it has begun.
import { api, apiError, el } from "./common.js";

/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const ASK_MS = 2000;
/** @type {Record<string, any>} */
let modes = {};
/** @type {(id: string) => string} */
let heroName = (id) => id;
/** @type {number | undefined} */
let timer;

/**
 * What the wait looks like in words: the time waited and the ratings accepted now.
 * @param {{waited: number | null, window: number | null, turn_seconds: number | null}} place
 * @returns {string}
 */
export function queueText(place) {
  const waited = place.waited || 0;
  const clock = `${Math.floor(waited / 60)}:${String(waited % 60).padStart(2, "0")}`;
  const near = place.window === null ? "any rating" : `ratings within ${place.window.toFixed(1)} of yours`;
  const later = place.turn_seconds ? " You may leave this page: the match will be in Your matches." : "";
  return `Looking for opponents… ${clock} waited, ${near}.${later}`;
}

/** The pick fields that fit the chosen mode: a hero (1 hero a seat), a starter (C-23), or none. */
function showPick() {
  const mode = modes[$("play-mode").value];
  const hero = $("play-hero");
  hero.replaceChildren(el("option", "drawn at random", { value: "" }));
  if (mode && mode.heroes_per_seat === 1) {
    for (const id of mode.heroes) hero.append(el("option", heroName(id), { value: id }));
  }
  $("play-hero-label").hidden = !(mode && mode.heroes_per_seat === 1);
  $("play-deck-label").hidden = !(mode && mode.game === "c23");
}

/** @param {any} place the server's answer (/api/pairing/) */
function show(place) {
  const waiting = place.state === "waiting";
  $("play-now-form").hidden = waiting;
  $("play-now-waiting").hidden = !waiting;
  $("play-now-status").textContent = waiting ? queueText(place) : "";
  $("play-now-error").textContent = place.state === "failed" ? place.detail : "";
  if (place.state === "paired" && place.match_id) {
    if (!place.turn_seconds) location.href = `/match/${place.match_id}/`;
    else $("play-now-error").textContent = "You have a new turn-based match: it is in Your matches.";
  }
  clearTimeout(timer);
  if (waiting) timer = window.setTimeout(ask, ASK_MS);
}

async function ask() {
  const result = await api("GET", "/api/pairing/");
  if (result.ok) show(result.data);
  else timer = window.setTimeout(ask, ASK_MS * 2);
}

/** @param {Event} event */
async function join(event) {
  event.preventDefault();
  const f = /** @type {any} */ (event.target);
  /** @type {Record<string, unknown>} */
  const body = { mode: f.mode.value, rated: f.rated.checked, turn_seconds: f.pace.value ? Number(f.pace.value) : null };
  const mode = modes[f.mode.value];
  if (mode && mode.heroes_per_seat === 1 && f.hero.value) body.heroes = [f.hero.value];
  if (mode && mode.game === "c23" && f.deck.value) body.deck = f.deck.value;
  const result = await api("POST", "/api/pairing/", body);
  if (!result.ok) {
    $("play-now-error").textContent = apiError(result);
    return;
  }
  show(result.data);
}

async function cancel() {
  const result = await api("DELETE", "/api/pairing/");
  if (result.ok) show(result.data);
}

/**
 * Set up the "Play now" panel once the lobby knows the modes.
 * @param {any[]} modeList the modes of /api/modes/
 * @param {(id: string) => string} nameOfHero a hero's printed name by id
 */
export function initPlayNow(modeList, nameOfHero) {
  modes = Object.fromEntries(modeList.map((m) => [m.key, m]));
  heroName = nameOfHero;
  const select = $("play-mode");
  for (const mode of modeList) select.append(el("option", mode.label, { value: mode.key }));
  select.onchange = showPick;
  showPick();
  $("play-now-form").onsubmit = join;
  $("play-now-cancel").onclick = cancel;
  $("play-now-button").disabled = false;
  ask(); // back on the lobby while waiting: the wait goes on
}
