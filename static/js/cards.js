// Codex browser: for each hero a seat may pick, the hero card (bands by
// level), the 12 cards of its spec and its colour's starting deck. Facts and
// texts come from the card catalog (GET /api/cards/); the hero list from the
// page config (the engine's playable heroes). `#<hero id>` selects a hero.
import { el, loadCatalog, pageConfig, roman, sentence, words } from "./common.js";
import { keywordChip, keywordLabel, setGlossary } from "./glossary.js";

const config = pageConfig("cards-config");
setGlossary(config.glossary); // keyword chips carry their glossary entry as a tooltip
// The page's elements by id: any, since they are of many kinds (inputs,
// dialogs, buttons) and the template guarantees them.
/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const COLOUR_ORDER = ["neutral", "red", "green", "blue", "black", "white", "purple"];

let catalog = new Map();

function title(text) {
  return sentence(String(text));
}

function keywordChips(keywords) {
  const chips = el("div", null, { class: "chips" });
  for (const [name, value] of Object.entries(keywords || {})) {
    if (value) chips.append(keywordChip(name, value));
  }
  return chips.childElementCount ? chips : null;
}

/** "unit · Mercenary · tech II" */
function typeLine(rec) {
  const bits = [rec.spell_kind && rec.spell_kind !== "normal" ? `${rec.spell_kind} spell` : words(rec.kind)];
  if (rec.ongoing) bits[0] = `ongoing ${bits[0]}`;
  if (rec.legendary) bits.unshift("legendary");
  if (rec.subtypes && rec.subtypes.length) bits.push(rec.subtypes.join(", "));
  if (rec.tech !== null && rec.tech !== undefined) bits.push(`tech ${roman(rec.tech)}`);
  return bits.join(" · ");
}

/** One codex or starting-deck card as a tile: cost, name, type, ATK/HP, keywords, text. */
function cardTile(rec) {
  const tile = el("article", null, { class: `codex-card color-${rec.color}`, "data-card": rec.id });
  tile.append(el("div", null, { class: "codex-card-head" },
    el("span", rec.cost ?? "–", { class: "cost", title: "Cost in gold" }),
    el("h3", rec.name, { class: "codex-card-name" })));
  tile.append(el("p", typeLine(rec), { class: "codex-card-type" }));
  if (rec.atk !== null && rec.atk !== undefined) {
    tile.append(el("p", null, { class: "codex-card-stats" },
      el("span", `${rec.atk} ATK`, { class: "atk" }), " / ", el("span", `${rec.hp} HP`, { class: "hp" })));
  }
  const chips = keywordChips(rec.keywords);
  if (chips) tile.append(chips);
  tile.append(el("p", rec.text || "No special text.", { class: rec.text ? "codex-card-text" : "codex-card-text plain" }));
  return tile;
}

/** The hero card: facts and one row per band (levels, ATK/HP, keywords, text). */
function heroCard(hero) {
  const box = el("section", null, { class: `panel hero-card color-${hero.color}`, id: "hero-card", "data-card": hero.id });
  box.append(el("h2", hero.name, { class: "panel-title" }));
  box.append(el("p", `${title(hero.color)} hero · ${title(hero.spec)} spec · ${hero.subtypes.join(", ")} · costs ${hero.cost} gold to summon · max level ${hero.max_level}`, { class: "hint" }));
  const table = el("table", null, { class: "bands-table" });
  table.append(el("thead", null, {}, el("tr", null, {},
    el("th", "Levels"), el("th", "ATK / HP"), el("th", "What the hero does"))));
  const body = el("tbody");
  hero.bands.forEach((band, i) => {
    const next = hero.bands[i + 1];
    const levels = next ? (next.level - 1 > band.level ? `${band.level}–${next.level - 1}` : `${band.level}`) : `${band.level} (max)`;
    const keywords = Object.entries(band.keywords || {}).filter(([, v]) => v).map(([k, v]) => keywordLabel(k, v));
    const what = el("td", band.text || (keywords.length ? `${title(keywords.join(", "))}.` : "No ability at this level."),
      { class: "band-text" });
    body.append(el("tr", null, { "data-band": i }, el("th", levels, { scope: "row" }), el("td", `${band.atk} / ${band.hp}`), what));
  });
  table.append(body);
  box.append(el("div", null, { class: "table-scroll" }, table));
  return box;
}

function byTechThenCost(a, b) {
  return (a.tech ?? -1) - (b.tech ?? -1) || (a.cost ?? 0) - (b.cost ?? 0) || a.name.localeCompare(b.name);
}

function cardSection(id, heading, note, cards) {
  const section = el("section", null, { class: "codex-section", id, "aria-label": heading });
  section.append(el("h2", `${heading} (${cards.length})`, { class: "section-title" }), el("p", note, { class: "hint" }));
  section.append(el("div", null, { class: "codex-grid" }, ...cards.map(cardTile)));
  return section;
}

function renderHero(heroId) {
  const hero = catalog.get(heroId);
  if (!hero) return;
  const all = [...catalog.values()];
  const spec = all.filter((c) => c.starting_zone === "codex" && c.spec === hero.spec).sort(byTechThenCost);
  const deck = all.filter((c) => c.starting_zone === "deck" && c.color === hero.color).sort(byTechThenCost);
  $("hero-page").replaceChildren(
    heroCard(hero),
    cardSection("spec-cards", `${title(hero.spec)} spec`,
      "Tech I cards need a Tech I building; tech II and III cards need that building, and in the 3-hero game the spec your Tech II declared or your Tech Lab unlocks. Spells need a hero of this spec in play.",
      spec),
    cardSection("starting-deck", `${title(hero.color)} starting deck`,
      "The ten cards you start with when this is your main hero (one copy each).", deck),
  );
  for (const link of $("hero-nav").querySelectorAll("a")) {
    link.setAttribute("aria-current", link.dataset.hero === heroId ? "page" : "false");
  }
  document.title = `${hero.name} · Cards · Codex`;
}

function renderNav() {
  const heroes = config.heroes.map((id) => catalog.get(id)).filter(Boolean);
  const colours = [...new Set(heroes.map((h) => h.color))].sort((a, b) => COLOUR_ORDER.indexOf(a) - COLOUR_ORDER.indexOf(b));
  const groups = colours.map((colour) => el("div", null, { class: "hero-nav-group" },
    el("span", title(colour), { class: "tag" }),
    ...heroes.filter((h) => h.color === colour).map((h) => el("a", h.name, {
      href: `#${h.id}`, class: `btn small hero-link color-${h.color}`, "data-hero": h.id,
    }))));
  $("hero-nav").replaceChildren(...groups);
}

function selected() {
  const wanted = decodeURIComponent(location.hash.slice(1));
  return config.heroes.includes(wanted) ? wanted : config.heroes[0];
}

async function main() {
  catalog = await loadCatalog();
  if (!catalog.size) {
    $("hero-page").replaceChildren(el("p", "The cards could not be loaded: reload the page.", { class: "error" }));
    return;
  }
  renderNav();
  renderHero(selected());
  window.addEventListener("hashchange", () => renderHero(selected()));
}

main();
