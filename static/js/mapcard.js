/**
 * The map card of a match (issue 16; Deluxe rulebook "Map Cards"): its name
 * and its rule in our own words, as the engine's view gives them
 * (`view.map`: {id, name, rule}, absent without a map).
 */
import { el } from "./common.js";

/**
 * A map card as the view gives it.
 * @typedef {{id: string, name: string, rule: string}} MapCard
 */

/**
 * Show `map` ({id, name, rule} or undefined) in the box `box`; the box is
 * hidden when the match has no map. Redraws only when the map changes.
 * @param {HTMLElement | null} box
 * @param {MapCard | null | undefined} map
 */
export function drawMapCard(box, map) {
  if (!box) return;
  const id = map ? map.id : "";
  if (box.dataset.map === id) return;
  box.dataset.map = id;
  box.hidden = !map;
  if (!map) {
    box.replaceChildren();
    return;
  }
  box.replaceChildren(
    el("span", "Map", { class: "map-card-label" }),
    el("strong", map.name, { class: "map-card-name" }),
    el("span", map.rule, { class: "map-card-rule" }),
  );
  box.title = `${map.name}: ${map.rule} (it applies to every player for the whole game)`;
}
