// The Codex card tiles (board.js draws them in each player's area; the
// hand and the inspector use them too): a card in play with its keyword,
// rune and status chips, a hero in the command zone, a forecasted card, a
// hand card with its cost as the view says it, and the black and white
// cards' notes. Every tile carries data-tid, its id in the engine's terms.
import { el, labelTile, roman, words } from "./common.js";
import { arrivedNow, findCard, heroBand, lenderName } from "./codexview.js";
import { glossAttrs, keywordChip } from "./glossary.js";

/**
 * A card's name; the longer its longest word, the smaller the font, so that
 * a name never breaks inside a word (site.css ends a word still too long in
 * an ellipsis; the card's tooltip and panel give it whole).
 */
function nameNode(name, tag = "div") {
  const longest = Math.max(...String(name).split(/[\s-]+/).map((w) => w.length));
  const size = longest >= 11 ? " longest" : longest >= 9 ? " longer" : longest >= 7 ? " long" : "";
  return el(tag, name, { class: `card-name${size}` });
}

function statLine(atk, hp, damage) {
  if (atk === null || atk === undefined) return null;
  const box = el("div", null, { class: "card-stats" });
  box.append(el("span", atk, { class: "atk", title: "ATK" }));
  const left = hp - (damage || 0);
  box.append(el("span", damage ? `${left}/${hp}` : hp, { class: damage ? "hp hurt" : "hp", title: "HP" }));
  return box;
}

/**
 * A card in play (unit, hero, upgrade, building...) of `view` as a tile;
 * a lent card (free-for-all, R26) says who lent it.
 */
export function playTile(view, catalog, c) {
  const rec = catalog.get(c.card) || {};
  const lender = lenderName(view, c);
  const fresh = arrivedNow(view, c);
  const cls = ["card", `kind-${c.kind}`, `color-${rec.color || "neutral"}`];
  if (c.exhausted) cls.push("exhausted");
  if (fresh) cls.push("fresh");
  const tile = el("div", null, { class: cls.join(" "), "data-tid": c.iid, "data-card": c.card, tabindex: "0" });
  tile.append(nameNode(c.name));
  let sub = "";
  if (c.kind === "hero") sub = `Lv ${c.level} · ${heroBand(c)}`;
  else if (c.kind === "unit") sub = c.tech === null || c.tech === undefined ? "unit" : `unit · T${roman(c.tech)}`;
  else sub = words(c.kind);
  tile.append(el("div", sub, { class: "card-sub" }));
  const chips = el("div", null, { class: "chips" });
  for (const [name, value] of Object.entries(c.keywords || {})) {
    if (value) chips.append(keywordChip(name, value));
  }
  if (c.plus) chips.append(el("span", `+1/+1 ×${c.plus}`, { class: "chip rune plus" }));
  if (c.minus) chips.append(el("span", `−1/−1 ×${c.minus}`, { class: "chip rune minus" }));
  if (c.time) chips.append(timeChip(c.time));
  for (const [name, count] of Object.entries(c.runes || {})) {
    if (count) chips.append(el("span", `${words(name)} ×${count}`, { class: `chip rune named rune-${name}`, title: runeTitle(name, count) }));
  }
  if (c.copy) chips.append(el("span", `copy · ${c.copy.name}`, { class: "chip copy", title: `${c.copy.name} copying ${c.name}: it has ${c.name}'s printed stats and text` }));
  if (c.named_cost !== undefined && c.named_cost !== null) {
    chips.append(el("span", `named ${c.named_cost}`, { class: "chip named-cost", title: `Named cost ${c.named_cost}: its controller's opponents can't play spells or upgrades costing ${c.named_cost}` }));
  }
  if (c.illusion) chips.append(el("span", "illusion", { class: "chip illusion", title: "An Illusion: it dies when targeted by an opponent's spell or ability" }));
  if (c.silenced) chips.append(el("span", "silenced", { class: "chip silenced", title: "Silenced: it has no abilities now" }));
  chips.append(...blackWhiteChips(c));
  if (c.attached_to) {
    const host = findCard(view, c.attached_to);
    chips.append(el("span", `on ${host ? host.card.name : "a card"}`, { class: "chip attached", title: "Attached to that card" }));
  }
  if (c.crumbling) chips.append(el("span", "crumbling", { class: "chip status", title: "Crumbling: its next loss of a life ends it" }));
  if (c.disabled) chips.append(el("span", "disabled", { class: "chip status", title: "Disabled: it does not ready at its controller's next ready step" }));
  if (c.exhausted) chips.append(el("span", "exhausted", { class: "chip status", ...glossAttrs("term:exhausted") }));
  if (fresh) chips.append(el("span", "new", { class: "chip status", ...glossAttrs("term:arrival_fatigue") }));
  if (lender) {
    tile.classList.add("lent");
    chips.append(el("span", `lent by ${lender}`, {
      class: "chip lent", title: `${lender} lent it: it goes back to ${lender} when its borrower's upkeep begins`,
    }));
  }
  if (chips.childElementCount) tile.append(chips);
  if (c.prisoner) {
    tile.append(el("div", null, { class: "prisoner", "data-card": c.prisoner.card, title: `${c.prisoner.name} is held here, out of play: this card's text says what frees it` },
      el("span", "held", { class: "prisoner-label" }), nameNode(c.prisoner.name, "b")));
  }
  const buried = buriedList(c);
  if (buried) tile.append(buried);
  const stats = statLine(c.atk, c.hp, c.damage);
  if (stats) tile.append(stats);
  else if (c.kind === "building" && c.hp) {
    // A building card in play: its HP, no ATK.
    tile.append(el("div", null, { class: "card-stats" }, el("span", c.damage ? `${c.hp - c.damage}/${c.hp}` : c.hp, { class: c.damage ? "hp hurt" : "hp", title: "HP" })));
  } else if (c.damage) tile.append(el("div", `${c.damage} damage`, { class: "card-stats hurt" }));
  return labelTile(tile);
}

// What the named runes of black and white cards are for (our words), shown when a rune chip is hovered.
const RUNE_NOTES = {
  focus: "when a friendly unit or hero would take exactly lethal damage, one comes off and 1 of that damage is prevented",
  sword: "the hero who has it may remove one to destroy a unit or hero",
  corpse: "one for each of its controller's units that died; two fire the catapult",
  javelin: "remove it to give this unit long-range for a turn",
};

/** The hover text of `count` named runes `name` (focus, sword, feather...). */
function runeTitle(name, count) {
  const note = RUNE_NOTES[name];
  return `${count} ${words(name)} rune(s)${note ? `: ${note}` : ""}`;
}

/**
 * The chips of what black and white cards leave on card `c` in play
 * (view._black_white_marks and the marks `subtypes`, `oath`): a hero made a
 * Demon, subtypes an effect gave it, the oath sworn, the gold an opponent
 * pays to attack it, no levels this turn, readied to spar only, held by the
 * tokens it gave away (view fields `demon`, `added_subtypes`, `oath`,
 * `attack_tax`, `no_levels`, `spar_only`, `shackled_by`). Returns a list of
 * nodes.
 */
export function blackWhiteChips(c) {
  const out = [];
  if (c.demon) out.push(el("span", "demon", { class: "chip added demon", title: "A Demon now: cards that care about Demons count it" }));
  for (const sub of c.added_subtypes || []) {
    out.push(el("span", words(sub).toLowerCase(), { class: "chip added subtype", title: `${sub}: a subtype an effect gave it, while it stays in play` }));
  }
  if (c.oath) {
    out.push(el("span", `oath: ${c.oath}`, { class: "chip added oath", title: `Its controller swore: "I will ${c.oath}." The oath holds while this card is in play` }));
  }
  if (c.attack_tax) {
    out.push(el("span", `attack costs ${c.attack_tax} gold`, {
      class: "chip added attack-tax", title: `Each opponent pays ${c.attack_tax} gold for every attack on it; without the gold, no attack`,
    }));
  }
  if (c.no_levels) out.push(el("span", "no levels this turn", { class: "chip status wraps", title: "It can't gain levels this turn" }));
  if (c.spar_only) out.push(el("span", "spar only", { class: "chip status", title: "Readied to spar: it can't attack this turn" }));
  if (c.shackled_by) {
    out.push(el("span", `shackled · ${c.shackled_by} token${c.shackled_by === 1 ? "" : "s"}`, {
      class: "chip status wraps", title: `Can't attack or patrol while any of the ${c.shackled_by} token(s) it gave away is in play`,
    }));
  }
  return out;
}

/**
 * The same marks as {@link blackWhiteChips}, as phrases for the card
 * inspector's line of live facts ("a Demon", "attacking it
 * costs 1 gold"...). Returns a list of strings.
 */
export function blackWhiteNotes(c) {
  const out = [];
  if (c.demon) out.push("a Demon");
  for (const sub of c.added_subtypes || []) out.push(`also a ${sub} while in play`);
  if (c.oath) out.push(`oath sworn: "I will ${c.oath}."`);
  if (c.attack_tax) out.push(`attacking it costs an opponent ${c.attack_tax} gold`);
  if (c.no_levels) out.push("can't gain levels this turn");
  if (c.spar_only) out.push("readied to spar: can't attack this turn");
  if (c.shackled_by) out.push(`can't attack or patrol while the ${c.shackled_by} token(s) it gave away live`);
  return out;
}

/**
 * The units buried under a card in play (view field `buried`) as a list
 * inside its tile, each clickable by its id (the holder's ability offers
 * them), or null when it holds none. The limit is the card's text's: the
 * page copies no rule.
 */
function buriedList(c) {
  if (!c.buried || !c.buried.length) return null;
  const box = el("div", null, { class: "buried", title: "Units buried here: out of play; this card's text says how many it holds and how one comes back" },
    el("span", `buried ${c.buried.length}`, { class: "buried-label" }));
  for (const b of c.buried) {
    box.append(el("div", null, { class: "buried-unit", "data-tid": b.iid, "data-card": b.card, tabindex: "0", title: `${b.name}, buried`, role: "group", "aria-label": `${b.name}, buried` }, nameNode(b.name, "b")));
  }
  return box;
}

/** A hero the game's map bars for good (the view's `gone`): it is gone for the rest of the game. */
function goneChip() {
  return el("div", null, { class: "chips" }, el("span", "gone for good", {
    class: "chip status gone", title: "It died, and this game's map keeps it out for good: it can never be summoned again",
  }));
}

/** A hero waiting in the command zone. */
export function commandTile(catalog, h) {
  const rec = catalog.get(h.card) || {};
  const tile = el("div", null, {
    class: `card kind-hero color-${rec.color || "neutral"} in-command`, "data-tid": h.iid, "data-card": h.card, tabindex: "0",
  });
  tile.append(nameNode(h.name));
  tile.append(el("div", `Lv ${h.level} · command`, { class: "card-sub", title: "In the command zone" }));
  if (h.gone) tile.append(goneChip());
  else if (h.cooldown_turns) {
    tile.append(el("div", null, { class: "chips" }, el("span", `back in ${h.cooldown_turns}`, {
      class: "chip status", title: `Can be summoned again after ${h.cooldown_turns} more turn(s) of its owner`,
    })));
  }
  const stats = statLine(rec.atk, rec.hp, 0);
  if (stats) tile.append(stats);
  return labelTile(tile);
}

/** A forecasted card waiting in the future zone with its time runes. */
export function futureTile(catalog, f) {
  const rec = catalog.get(f.card) || {};
  const tile = el("div", null, {
    class: `card kind-${rec.kind || "spell"} color-${rec.color || "neutral"} in-future`, "data-tid": f.iid, "data-card": f.card, tabindex: "0",
  });
  tile.append(nameNode(f.name), el("div", "future zone", { class: "card-sub" }));
  tile.append(el("div", null, { class: "chips" }, timeChip(f.time)));
  return labelTile(tile);
}

/**
 * The chip of `count` time runes on a fading or forecasted card, in words
 * like the other rune chips (an hourglass glyph is missing from common Linux
 * fonts and showed as a box).
 */
function timeChip(count) {
  return el("span", `time ×${count}`, { class: "chip rune time", title: `${count} time rune${count === 1 ? "" : "s"}` });
}

/** A card in the viewer's own hand (facts from the catalog). */
export function handTile(catalog, c) {
  const rec = catalog.get(c.card) || {};
  const tile = el("div", null, {
    class: `card hand-card kind-${c.kind} color-${rec.color || "neutral"}`, "data-tid": c.iid, "data-card": c.card,
    tabindex: "0", role: c.iid ? "button" : null,
  });
  const head = el("div", null, { class: "card-head" });
  // What playing it costs now, as the engine charges it (the view's
  // `effective_cost`: changes of cards in play and the colour tax); a card
  // of a revealed hand carries its printed cost only.
  const cost = c.cost ?? rec.cost;
  const pay = c.effective_cost ?? cost;
  const costNode = pay !== cost && pay !== null && pay !== undefined
    ? el("span", pay, {
      class: `cost${c.tax ? " taxed" : " changed"}`,
      title: c.tax && pay === cost + c.tax ? `Cost ${cost} + ${c.tax} colour tax: no hero of this colour in play`
        : `Costs ${pay} now (printed ${cost}${c.tax ? `, ${c.tax} colour tax` : ""})`,
    })
    : el("span", cost ?? "", { class: "cost", title: "Cost" });
  head.append(costNode, nameNode(c.name, "span"));
  tile.append(head);
  let sub = words(c.kind);
  if (rec.tech !== null && rec.tech !== undefined) sub += ` · T${roman(rec.tech)}`;
  tile.append(el("div", sub, { class: "card-sub" }));
  const stats = statLine(rec.atk, rec.hp, 0);
  if (stats) tile.append(stats);
  return tile;
}
