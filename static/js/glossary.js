// The glossary of the Codex board (game/codex/glossary.py, from the page
// config): keyword chips and patrol slots that explain themselves when
// hovered or tapped, and keywords as a player reads them.
import { el, sentence, words } from "./common.js";

// Keywords whose number matters (shown as "resist 1"); the rest show by name.
// Keywords whose number means something (glossary: "Resist N", "Fading X", ...); the
// others show no number even when a unit has them twice (haste given twice).
const NUMERIC_KEYWORDS = new Set([
  "frenzy", "resist", "armor", "healing", "obliterate", "overpower", "sparkshot", "boost", "fading", "forecast",
]);

let glossary = { keywords: {}, slots: {}, terms: {} };

/** Set the glossary (game/codex/glossary.py, from the page config) the board's chips and slots explain. */
export function setGlossary(entries) {
  if (entries) glossary = entries;
}

/**
 * The glossary entry a `data-gloss` value names ("kw:haste", "slot:elite",
 * "term:exhausted") as {title, text}, or null.
 */
export function glossaryEntry(key) {
  const [kind, id] = String(key).split(":");
  const table = { kw: glossary.keywords, slot: glossary.slots, term: glossary.terms }[kind] || {};
  if (!table[id]) return null;
  return { title: sentence(words(id)), text: table[id] };
}

/** Attributes that make a node explain glossary entry `key` when hovered or tapped. */
export function glossAttrs(key) {
  const entry = glossaryEntry(key);
  return entry ? { "data-gloss": key, title: `${entry.title}: ${entry.text}`, tabindex: "0" } : {};
}

/** A keyword chip: its label, and its glossary entry on hover or tap. */
export function keywordChip(name, value) {
  return el("span", keywordLabel(name, value), { class: "chip kw", ...glossAttrs(`kw:${name}`) });
}

/** A keyword as a player reads it: "haste", "resist 1". */
export function keywordLabel(name, value) {
  const label = words(name);
  return NUMERIC_KEYWORDS.has(name) ? `${label} ${value}` : label;
}
