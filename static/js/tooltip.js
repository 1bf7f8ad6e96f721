// The match page's tooltip: a card's facts or a glossary chip's words beside
// it, on hover, or pinned by a tap or a key; it follows its card when a
// render draws the card anew and goes when the card is gone.
import { el } from "./common.js";
import { glossaryEntry } from "./glossary.js";
import { factsLine } from "./cardfacts.js";
import { $, page, ui } from "./page.js";

/**
 * Show the tooltip of a card or a glossary chip beside `node`. A tooltip
 * opened by a tap or a key (`pinned`) stays until a tap elsewhere or Escape:
 * the re-render and scroll that selecting the card under the chip causes must
 * not close it; a hover tooltip closes when the pointer or the page moves.
 */
export function showTooltip(node, pinned = false) {
  const tip = $("tooltip");
  tip.dataset.pinned = pinned ? "1" : "";
  const gloss = node.dataset.gloss ? glossaryEntry(node.dataset.gloss) : null;
  if (gloss) {
    tip.replaceChildren(el("strong", gloss.title), el("span", gloss.text));
    tip.dataset.gloss = node.dataset.gloss;
  } else {
    const rec = page.catalog.get(node.dataset.card);
    if (!rec) return;
    tip.replaceChildren(el("strong", rec.name), el("span", factsLine(rec), { class: "facts" }));
    if (rec.atk !== null && rec.atk !== undefined) tip.append(el("span", `ATK ${rec.atk} · HP ${rec.hp}`, { class: "facts" }));
    if (rec.text) tip.append(el("span", rec.text));
    delete tip.dataset.gloss;
  }
  tip.hidden = false;
  ui.tip = anchorOf(node);
  placeTooltip(node);
}

/**
 * How to find the tooltip's anchor `node` again once a render has drawn it
 * anew: {node, path (a selector: the nearest ancestor with an id, the card
 * holding it, its own data-gloss or data-card), at (which of the path's
 * matches it is)}.
 */
function anchorOf(node) {
  const q = (name, value) => `[${name}="${CSS.escape(value)}"]`;
  const own = node.dataset.gloss ? q("data-gloss", node.dataset.gloss) : q("data-card", node.dataset.card);
  const card = node.dataset.tid !== undefined ? node : node.parentElement && node.parentElement.closest("[data-tid]");
  const region = (card || node).parentElement && (card || node).parentElement.closest("[id]");
  const path = `${region ? `#${CSS.escape(region.id)} ` : ""}${card && card !== node ? `${q("data-tid", card.dataset.tid)} ` : ""}${own}`
    + `${card === node ? q("data-tid", node.dataset.tid) : ""}`;
  return { node, path, at: Math.max(0, [...document.querySelectorAll(path)].indexOf(node)) };
}

/**
 * After a render: a shown tooltip whose anchor was drawn anew follows the new
 * node; one whose card or chip is gone from the page (the card died, the
 * slot emptied) is hidden, pinned or not, rather than left explaining nothing.
 */
export function keepTooltipAnchored() {
  const tip = $("tooltip");
  if (!ui.tip || tip.hidden || ui.tip.node.isConnected) return;
  const again = document.querySelectorAll(ui.tip.path)[ui.tip.at];
  if (!again) {
    hideTooltip();
    return;
  }
  ui.tip.node = again;
  placeTooltip(again);
}

/** Put the shown tooltip beside `node` (above it, or below when there is no room). */
function placeTooltip(node) {
  const tip = $("tooltip");
  const r = node.getBoundingClientRect();
  const w = tip.offsetWidth;
  const h = tip.offsetHeight;
  const left = Math.min(window.innerWidth - w - 8, Math.max(8, r.left + r.width / 2 - w / 2));
  let top = r.top - h - 8;
  if (top < 8) top = r.bottom + 8;
  tip.style.left = `${left}px`;
  tip.style.top = `${top}px`;
}

/** Close the tooltip, pinned or not. */
export function hideTooltip() {
  $("tooltip").hidden = true;
  $("tooltip").dataset.pinned = "";
  ui.tip = null;
}
