// A Codex card's facts on one line, as the inspector, the tech panel and
// the tooltip show them (catalog facts; a hand card's cost as the view says
// it is now), and whether the viewer's tech lets a card be played yet (the
// view's `tech_waits`). Reads no page element.
import { roman, words } from "./common.js";

/**
 * "cost 3", or for a hand card the view says costs otherwise now (its
 * `effective_cost`), that cost and why: "cost 2 (1 + 1 colour tax)",
 * "cost 0 (printed 2)".
 * @param {number} printed the catalog's cost
 * @param {any} held the hand card as the view gives it, or null
 * @returns {string}
 */
function costWords(printed, held) {
  const pay = held && held.effective_cost !== undefined && held.effective_cost !== null ? held.effective_cost : printed;
  if (pay === printed) return `cost ${printed}`;
  const tax = held.tax || 0;
  return tax && pay === printed + tax ? `cost ${pay} (${printed} + ${tax} colour tax)` : `cost ${pay} (printed ${printed}${tax ? `, ${tax} colour tax` : ""})`;
}

/**
 * A card's facts on one line; `held`: the viewer's team's hand card as the
 * view gives it, whose cost shown is what playing it costs now (its
 * `effective_cost`, with the colour tax it carries), as on the hand.
 * @param {any} rec the card's catalog facts (common.js loadCatalog)
 * @param {any} [held]
 * @returns {string}
 */
export function factsLine(rec, held = null) {
  const bits = [words(rec.kind)];
  if (rec.subtypes && rec.subtypes.length) bits.push(rec.subtypes.join(" "));
  if (rec.color) bits.push(rec.color);
  if (rec.spec) bits.push(rec.spec);
  if (rec.tech !== null && rec.tech !== undefined) bits.push(`tech ${roman(rec.tech)}`);
  if (rec.cost !== null && rec.cost !== undefined && rec.kind !== "base") {
    bits.push(costWords(rec.cost, held));
  }
  return bits.join(" · ");
}

/**
 * A codex or hand card's tech level and whether the viewer's tech lets it
 * be played yet, in words, from the view's `tech_waits` (the engine's
 * sentence: game.codex.specs.tech_waits): "TII · not yet. You need a
 * finished Tech II building.", "TI · tech met"; the level alone for a tech
 * 0 card (the base makes it) or when the view says nothing of the viewer's
 * tech (another seat's entry); "" for a card without a tech level (spells).
 * @param {string} id the card's catalog id
 * @param {any} rec the card's catalog facts (common.js loadCatalog)
 * @param {any} player the viewer's own entry of the view's `players`, or null
 * @returns {string}
 */
export function techLabel(id, rec, player) {
  if (rec.tech === null || rec.tech === undefined) return "";
  const level = `T${roman(rec.tech)}`;
  const waits = player && player.tech_waits;
  if (!waits || !rec.tech) return level;
  return waits[id] ? `${level} · not yet. ${waits[id]}` : `${level} · tech met`;
}
