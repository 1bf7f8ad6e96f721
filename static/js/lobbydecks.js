// The deck a player brings to a C-23 seat (issue 18): in the lobby, the
// player's own seat offers the three starters and the decks they saved in
// the deck builder (/decks/); the server checks the choice
// (PATCH /api/tables/<id>/seat/ {deck}: decks.services.deck_for_seat, K1)
// and every seat shows the name of its deck (the cards stay private).
import { api, el } from "./common.js";

const STARTERS = [["red", "Red starter"], ["blue", "Blue starter"], ["green", "Green starter"]];
/** @type {{id: string, name: string}[]} */
let saved = []; // the user's legal saved decks: [{id, name}]
let savedKey = "";

/**
 * True when the tables of `mode` seat players with a deck (C-23).
 * @param {import("./lobbygames.js").Mode | null | undefined} mode
 * @returns {boolean}
 */
export function isDeckGame(mode) {
  return !!mode && mode.game === "c23";
}

/**
 * Read the user's saved decks again; true when they changed (the picker then needs a redraw).
 * @returns {Promise<boolean>}
 */
export async function loadSavedDecks() {
  const result = await api("GET", "/api/decks/");
  if (!result.ok) return false;
  /** @type {{id: number, name: string, problems: unknown[]}[]} */
  const decks = result.data;
  saved = decks.filter((d) => !d.problems.length).map((d) => ({ id: String(d.id), name: d.name }));
  const key = JSON.stringify(saved);
  const changed = key !== savedKey;
  savedKey = key;
  return changed;
}

/**
 * A seat of a table as /api/tables/ gives it (the deck fields).
 * @typedef {{deck?: string | null, deck_name?: string | null}} DeckSeat
 */

/**
 * A seat's deck for everyone to read: its name, or that the player is still choosing.
 * @param {DeckSeat} seat
 * @returns {HTMLElement}
 */
export function seatDeck(seat) {
  if (!seat.deck_name) return el("span", "choosing a deck…", { class: "seat-deck waiting-flag" });
  return el("span", null, { class: "seat-deck", "data-deck": seat.deck },
    el("span", "deck: ", { class: "hint" }), el("strong", seat.deck_name));
}

/**
 * The deck picker of the viewer's own C-23 seat: a starter or one of their
 * saved decks; choosing one sends it at once (`act(method, url, body)`
 * sends and refreshes; a refusal shows the server's sentence).
 * @param {{id: number}} table
 * @param {DeckSeat} seat
 * @param {(method: string, url: string, body?: unknown) => unknown} act
 * @returns {HTMLElement}
 */
export function deckPicker(table, seat, act) {
  const box = el("div", null, { class: "deck-picker" });
  const select = el("select", null, { class: "deck-choice", "aria-label": "Your deck" });
  if (!seat.deck) select.append(el("option", "Choose your deck…", { value: "", disabled: true }));
  select.append(el("optgroup", null, { label: "Starters (40 cards)" },
    ...STARTERS.map(([value, label]) => el("option", label, { value }))));
  const own = saved.slice();
  if (seat.deck && !STARTERS.some(([v]) => v === seat.deck) && !own.some((d) => d.id === seat.deck)) {
    own.push({ id: seat.deck, name: seat.deck_name ?? "" }); // picked, then changed or deleted in the builder
  }
  if (own.length) {
    select.append(el("optgroup", null, { label: "Your decks" }, ...own.map((d) => el("option", d.name, { value: d.id }))));
  }
  select.value = seat.deck || "";
  select.onchange = () => act("PATCH", `/api/tables/${table.id}/seat/`, { deck: select.value });
  box.append(el("label", null, { class: "deck-label" }, "Your deck ", select),
    el("a", own.length ? "Build another deck ↗" : "Build your own deck ↗", { href: "/decks/", target: "_blank", rel: "noopener", class: "hint" }),
    el("span", "The deck is read when you pick it: a change in the builder later needs a new pick.", { class: "hint deck-note" }));
  return box;
}
