// The C-23 deck builder (/decks/): + and − beside each pool card build a deck,
// the server checks it against house rule K1 (/api/decks/check/) and saves it
// (/api/decks/). Text is always inserted as text, never as HTML.
import { api, apiError, el, pageConfig } from "./common.js";

const config = pageConfig("decks-config");
const MAX_COPIES = 4;
let deck = {};          // card name -> count
let deckId = null;      // the saved deck being edited, or null for a new one
let checkSeq = 0;

// The page's elements by id: any, since they are of many kinds (inputs,
// dialogs, buttons) and the template guarantees them.
/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);

function size() {
  return Object.values(deck).reduce((a, b) => a + b, 0);
}

function drawPool() {
  const body = $("pool").querySelector("tbody");
  body.replaceChildren();
  for (const card of config.cards) {
    const n = deck[card.name] || 0;
    const minus = el("button", "−", { type: "button", class: "btn small ghost", "data-minus": card.name,
      "aria-label": `One fewer ${card.name}`, disabled: n === 0 });
    const plus = el("button", "+", { type: "button", class: "btn small ghost", "data-plus": card.name,
      "aria-label": `One more ${card.name}` });
    minus.addEventListener("click", () => change(card.name, -1));
    plus.addEventListener("click", () => change(card.name, +1));
    const row = el("tr", null, { "data-card": card.name, class: `c23-${card.colour}${n > MAX_COPIES ? " over" : ""}` },
      el("td", null, { class: "in-deck" }, minus, el("span", n, { class: "n" }), plus),
      el("td", card.name, { class: "name" }), el("td", card.type), el("td", card.colour),
      el("td", card.cost === null ? "—" : card.cost), el("td", card.power === null ? "—" : card.power),
      el("td", card.unique ? "unique" : ""), el("td", card.text, { class: "text" }));
    body.append(row);
  }
  // A saved deck may hold a name the pool no longer has: shown so it can be taken out.
  const known = new Set(config.cards.map((c) => c.name));
  for (const [name, n] of Object.entries(deck)) {
    if (known.has(name)) continue;
    const minus = el("button", "−", { type: "button", class: "btn small ghost", "data-minus": name, "aria-label": `One fewer ${name}` });
    minus.addEventListener("click", () => change(name, -1));
    body.append(el("tr", null, { "data-card": name, class: "unknown" },
      el("td", null, { class: "in-deck" }, minus, el("span", n, { class: "n" })),
      el("td", name, { class: "name" }), el("td", "not in the pool", { colspan: "6" })));
  }
}

async function check() {
  const seq = ++checkSeq;
  $("deck-count").textContent = `${size()} card${size() === 1 ? "" : "s"}`;
  const result = await api("POST", "/api/decks/check/", { cards: deck });
  if (seq !== checkSeq) return;  // a newer change is being checked
  const list = $("deck-problems");
  list.replaceChildren();
  if (!result.ok) {
    $("deck-valid").textContent = apiError(result);
    return;
  }
  const problems = result.data.problems;
  $("deck-valid").textContent = problems.length ? "Not legal yet" : "Legal deck";
  $("deck-valid").className = `deck-valid ${problems.length ? "bad" : "good"}`;
  for (const p of problems) list.append(el("li", p.message, { "data-code": p.code }));
}

function change(name, delta) {
  const n = Math.max(0, (deck[name] || 0) + delta);
  if (n) deck[name] = n; else delete deck[name];
  drawPool();
  check();
}

function load(cards, name, id) {
  deck = { ...cards };
  deckId = id;
  $("deck-name").value = name;
  $("deck-delete").disabled = id === null;
  $("deck-message").textContent = "";
  drawPool();
  check();
}

function drawStarters() {
  const box = $("starters");
  for (const [colour, cards] of Object.entries(config.starters)) {
    const b = el("button", `The ${colour} starter`, { type: "button", class: "btn small", "data-starter": colour });
    b.addEventListener("click", () => load(cards, `My ${colour} deck`, null));
    box.append(b);
  }
}

async function drawSaved(select) {
  const result = await api("GET", "/api/decks/");
  const box = $("saved-decks");
  box.replaceChildren();
  if (!result.ok) { box.append(el("p", apiError(result), { class: "hint" })); return; }
  if (!result.data.length) box.append(el("p", "No saved deck yet.", { class: "hint" }));
  for (const d of result.data) {
    const b = el("button", `${d.name} (${d.size})`, { type: "button", class: "btn small ghost", "data-deck": d.id,
      "aria-pressed": d.id === deckId ? "true" : "false" });
    b.addEventListener("click", () => load(d.cards, d.name, d.id));
    box.append(b);
    if (select === d.id) load(d.cards, d.name, d.id);
  }
}

async function save() {
  const body = { name: $("deck-name").value, cards: deck };
  const result = deckId === null ? await api("POST", "/api/decks/", body) : await api("PATCH", `/api/decks/${deckId}/`, body);
  if (!result.ok) { $("deck-message").textContent = apiError(result); return; }
  deckId = result.data.id;
  await drawSaved(deckId);
  $("deck-message").textContent = `Saved “${result.data.name}”.`;
}

async function remove() {
  if (deckId === null) return;
  const result = await api("DELETE", `/api/decks/${deckId}/`);
  if (!result.ok) { $("deck-message").textContent = apiError(result); return; }
  load({}, "My deck", null);
  await drawSaved();
  $("deck-message").textContent = "Deck deleted.";
}

$("deck-save").addEventListener("click", save);
$("deck-delete").addEventListener("click", remove);
$("deck-new").addEventListener("click", () => load({}, "My deck", null));
drawStarters();
drawPool();
check();
drawSaved();
