// Rendering of the board from one viewer's view (game/codex/view.py).
// Every clickable thing carries data-tid: its id in the engine's terms
// (card instance "c12", building "bld:1:tech_1", base "base:0", patrol slot
// "slot:0:elite"), so legal actions can be matched to what is on screen.
import { el, resultConcerned, roman, sentence, words } from "./common.js";

export const PATROL_SLOTS = ["squad_leader", "elite", "scavenger", "technician", "lookout"];
export const BUILDING_SLOTS = ["tech_1", "tech_2", "tech_3", "addon"];
const SLOT_LABELS = { tech_1: "Tech I", tech_2: "Tech II", tech_3: "Tech III", addon: "Add-on" };
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
function glossAttrs(key) {
  const entry = glossaryEntry(key);
  return entry ? { "data-gloss": key, title: `${entry.title}: ${entry.text}`, tabindex: "0" } : {};
}

/** A keyword chip: its label, and its glossary entry on hover or tap. */
export function keywordChip(name, value) {
  return el("span", keywordLabel(name, value), { class: "chip kw", ...glossAttrs(`kw:${name}`) });
}

/** "Tech I", "Add-on", ... for a building slot. */
export function slotLabel(slot) {
  return SLOT_LABELS[slot] || words(slot);
}

/** A keyword as a player reads it: "haste", "resist 1". */
export function keywordLabel(name, value) {
  const label = words(name);
  return NUMERIC_KEYWORDS.has(name) ? `${label} ${value}` : label;
}

/** The hero's band as text: "band 2 of 3" (bands start at 1, mid and max level). */
export function heroBand(card) {
  if (card.max_level === undefined) return "";
  if (card.level >= card.max_level) return "max band";
  if (card.level >= card.mid_level) return "mid band";
  return "band 1";
}

/** Find a card shown in the view by instance id: {card, where, player}. */
export function findCard(view, iid) {
  for (const p of view.players) {
    for (const c of p.play) if (c.iid === iid) return { card: c, where: "play", player: p };
    for (const c of p.command) if (c.iid === iid) return { card: c, where: "command", player: p };
    for (const c of p.future || []) if (c.iid === iid) return { card: c, where: "future zone", player: p };
    for (const c of p.hand || []) if (c.iid === iid) return { card: c, where: "hand", player: p };
    for (const c of p.discard || []) if (c.iid === iid) return { card: c, where: "discard", player: p };
  }
  return findBuried(view, iid);
}

/**
 * A unit buried under a card in play (view field `buried`): {card, where:
 * "buried", player (the holder's controller)}, or null. The holder's
 * ability offers these ids in its prompt.
 */
function findBuried(view, iid) {
  for (const p of view.players) {
    for (const g of p.play) {
      for (const b of g.buried || []) if (b.iid === iid) return { card: { ...b, kind: "unit" }, where: "buried", player: p };
    }
  }
  return null;
}

/** The patrol slot a card occupies for its controller, or null. */
export function patrolSlotOf(player, iid) {
  for (const slot of PATROL_SLOTS) if (player.patrol[slot] === iid) return slot;
  return null;
}

/** The player at `seat`, or undefined. */
export function playerAt(view, seat) {
  return view.players.find((p) => p.seat === seat);
}

/** The hero card that brings `spec` (catalog facts), or undefined. */
function specHero(catalog, spec) {
  return [...catalog.values()].find((c) => c.kind === "hero" && c.spec === spec);
}

/** "Blood (<hero name>)": a spec and the hero who brings it (catalog facts). */
export function specLabel(catalog, spec) {
  const hero = specHero(catalog, spec);
  const name = sentence(words(spec));
  return hero ? `${name} (${hero.name})` : name;
}

/**
 * A readable name for any id a legal action or a prompt can name. A prompt
 * that asks for a player (R27: "choose an opponent") offers seat numbers:
 * they read as the player's name; a spec (the Tech Lab's, asked when Tech II
 * is built) reads as in the build choice: "Blood (<hero name>)".
 */
export function describeId(view, catalog, id, numbers = false) {
  if (id === null || id === undefined) return "nothing";
  if (typeof id === "number") return !numbers && playerAt(view, id) ? playerAt(view, id).name : String(id);
  const str = String(id);
  const pile = str.match(/^(hand|discard):(\d+)$/);
  if (pile) {
    const owner = playerAt(view, Number(pile[2]));
    return `${owner ? owner.name : `seat ${pile[2]}`}'s ${pile[1] === "hand" ? "hand" : "discard pile"}`;
  }
  const found = findCard(view, str);
  if (found) {
    // A lent card names its lender (R26): it goes to the lender's discard pile if it dies.
    const lender = lenderName(view, found.card);
    return `${found.card.name}${lender ? `, lent by ${lender}` : ""} (${found.player.name})`;
  }
  let m = str.match(/^workers:(\d+)$/);
  if (m) return `a worker of ${(playerAt(view, Number(m[1])) || { name: `seat ${m[1]}` }).name}`;
  m = str.match(/^bld:(\d+):(\w+)$/);
  if (m) {
    const p = view.players[Number(m[1])];
    const b = p && p.buildings[m[2]];
    return `${b ? b.name : slotLabel(m[2])} (${p ? p.name : `seat ${m[1]}`})`;
  }
  m = str.match(/^base:(\d+)$/);
  if (m) {
    const names = view.players.filter((p) => p.team === Number(m[1])).map((p) => p.name);
    return `Base (${names.join(" & ") || `team ${m[1]}`})`;
  }
  m = str.match(/^slot:(\d+):(\w+)$/);
  if (m) {
    const p = playerAt(view, Number(m[1]));
    return `${words(m[2])} slot${p ? ` (${p.name})` : ""}`;
  }
  if (catalog.has(str)) return catalog.get(str).name;
  if (specHero(catalog, str)) return specLabel(catalog, str);
  if (RUNE_KINDS[str]) return RUNE_KINDS[str];
  return words(str);
}

// The rune kinds a prompt may offer as bare words ("which kind of rune?").
const RUNE_KINDS = { plus: "+1/+1 rune", minus: "−1/−1 rune", time: "time rune" };

/**
 * True when the numbers among `options` (a prompt's) are plain numbers
 * (a card that names a cost) rather than seats (R27 "choose an
 * opponent", a card that picks a player): a prompt offering seats offers only seats of
 * players, so one number that is no seat makes them all numbers.
 */
export function offersNumbers(view, options) {
  const nums = options.filter((o) => typeof o === "number");
  return nums.length > 0 && nums.some((n) => !playerAt(view, n));
}

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
 * The seat a thing on the board belongs to (for grouping choices by
 * player): a card's controller, a building's or patrol slot's player, the
 * first player of a base's team; null for anything else (a spec, a word).
 */
export function seatOfId(view, id) {
  const str = String(id);
  const found = findCard(view, str);
  if (found) return found.player.seat;
  const m = str.match(/^(?:bld|slot|workers):(\d+)(?::\w+)?$/);
  if (m) return Number(m[1]);
  const b = str.match(/^base:(\d+)$/);
  if (b) {
    const p = view.players.find((x) => x.team === Number(b[1]));
    return p ? p.seat : null;
  }
  return null;
}

/**
 * True when card `c` (in play) arrived during the turn now being played.
 * While the coming turn waits for a tech choice (phase "tech", R11) the
 * engine still counts the turn that ended, so nothing is new then.
 */
export function arrivedNow(view, c) {
  return !!c.arrived_this_turn && view.phase !== "tech";
}

/**
 * A card in play (unit, hero, upgrade, building...) of `view` as a tile;
 * a lent card (free-for-all, R26) says who lent it.
 */
function playTile(view, catalog, c) {
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
  return tile;
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
    box.append(el("div", null, { class: "buried-unit", "data-tid": b.iid, "data-card": b.card, tabindex: "0", title: `${b.name}, buried` }, nameNode(b.name, "b")));
  }
  return box;
}

/**
 * How an attack target reads in the attack choice: what it names on the
 * board, and the gold the attack costs when it asks some (view field
 * `attack_tax`, which cards in play set).
 */
export function attackTargetLabel(view, catalog, id) {
  const found = findCard(view, String(id));
  const tax = found && found.card.attack_tax;
  return `${describeId(view, catalog, id)}${tax ? ` · pay ${tax} gold` : ""}`;
}

/** Burial Grounds (a map card): a hero that died is gone for the rest of the game. */
function goneChip() {
  return el("div", null, { class: "chips" }, el("span", "gone for good", {
    class: "chip status gone", title: "It died on Burial Grounds: it can never be summoned again",
  }));
}

/** A hero waiting in the command zone. */
function commandTile(catalog, h) {
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
  return tile;
}

/** A forecasted card waiting in the future zone with its time runes. */
function futureTile(catalog, f) {
  const rec = catalog.get(f.card) || {};
  const tile = el("div", null, {
    class: `card kind-${rec.kind || "spell"} color-${rec.color || "neutral"} in-future`, "data-tid": f.iid, "data-card": f.card, tabindex: "0",
  });
  tile.append(nameNode(f.name), el("div", "future zone", { class: "card-sub" }));
  tile.append(el("div", null, { class: "chips" }, timeChip(f.time)));
  return tile;
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

/** The spec a building makes cards of (3-hero game: Tech II's declared spec, the Tech Lab's), or null. */
function buildingSpec(p, slot) {
  if (slot === "tech_2") return p.tech_2_spec || null;
  if (slot === "addon" && p.buildings.addon && p.buildings.addon.id === "tech_lab") return p.tech_lab_spec || "";
  if (slot === "addon" && !p.buildings.addon && p.tech_lab_spec) return p.tech_lab_spec; // Vortoss Ruins' Tech Lab
  return null;
}

function specNode(spec) {
  return el("span", spec ? words(spec) : "no spec yet", {
    class: `bld-spec${spec ? "" : " unset"}`, title: spec ? `Makes ${words(spec)} tech II and III cards` : "Its spec is chosen when Tech II is built",
  });
}

function buildingTile(view, p, slot) {
  const b = p.buildings[slot];
  const tid = `bld:${p.seat}:${slot}`;
  const spec = buildingSpec(p, slot);
  if (!b) {
    const title = slot === "addon" && spec && view.map && view.map.id === "vortoss_ruins"
      ? `${slotLabel(slot)}: none built; Vortoss Ruins gives every player a Tech Lab (this one unlocks ${words(spec)}) and a Heroes' Hall`
      : `${slotLabel(slot)}: not built`;
    const empty = el("div", null, { class: "bld empty", title },
      el("span", slotLabel(slot), { class: "bld-name" }), el("span", "—", { class: "bld-hp" }));
    if (spec) empty.append(specNode(spec)); // a destroyed Tech II keeps its spec (locked for the game)
    return empty;
  }
  const tile = el("div", null, { class: `bld${b.done ? "" : " building"}`, "data-tid": tid, "data-card": b.id, tabindex: "0" });
  tile.append(el("span", slot === "addon" ? b.name : slotLabel(slot), { class: "bld-name" }));
  tile.append(el("span", `${b.hp - b.damage}/${b.hp}`, { class: b.damage ? "bld-hp hurt" : "bld-hp", title: "HP" }));
  if (spec !== null) tile.append(specNode(spec));
  if (!b.done) tile.append(el("span", "building…", { class: "bld-state" }));
  if (b.disabled) {
    tile.classList.add("disabled");
    tile.append(el("span", "disabled", { class: "bld-state bld-disabled", title: "Disabled: it makes no cards during its owner's next turn and does not count for the next tech building" }));
  }
  return tile;
}

/** Heroes `p` has in play (they count toward the hero limit). */
export function heroesInPlay(p) {
  return p.play.filter((c) => c.kind === "hero" && c.controller === p.seat).length;
}

/** The base of `team` (shared by its players in Two-Headed Dragon). */
export function baseTile(view, team, label = "Base") {
  const rec = view.teams[team] || { hp: 0, damage: 0 };
  const { left, hp } = teamBase(view, team); // never below 0 (a last attack may deal more than was left)
  return el("div", null, { class: `bld base${rec.damage ? " hurt" : ""}`, "data-tid": `base:${team}`, "data-card": "base", tabindex: "0" },
    el("span", label, { class: "bld-name" }),
    el("span", `${left}/${hp}`, { class: "bld-hp", title: "Base HP" }));
}

/** The name of the player who lent card `c` (free-for-all, R26), or null. */
export function lenderName(view, c) {
  if (c.lent_by === undefined || c.lent_by === null) return null;
  return (playerAt(view, c.lent_by) || { name: `seat ${c.lent_by}` }).name;
}

/** The base of `team`: {left, hp} (HP left, never below 0, and full HP). */
export function teamBase(view, team) {
  const t = view.teams[team] || { hp: 0, damage: 0 };
  return { left: Math.max(0, t.hp - t.damage), hp: t.hp };
}

/** HP left on the base of the player at `seat` (0 for an unknown seat). */
export function baseLeft(view, seat) {
  const p = playerAt(view, seat);
  return p ? teamBase(view, p.team).left : 0;
}

/** The seats that won, from a finished view or a stored result of any game (its `winners`, else its `winner`; [] for a draw or a game in play). */
export function viewWinners(view) {
  if (view.winners && view.winners.length) return view.winners;
  return view.winner === null || view.winner === undefined ? [] : [view.winner];
}

/**
 * The players a finished Codex game's result reason is about, as `seat`
 * reads it (common.js resultConcerned): who conceded, whose base was
 * destroyed (the bases at 0 HP in the view). `reason` and `winners` default
 * to the view's; `by`: the seat that conceded, when known (the match's
 * last action was that concession). Callers pass the reason as it is told
 * (common.js toldReason), the code they word it by too: a free-for-all
 * concession, which the engine ends as a fallen base, names who conceded.
 */
export function codexConcerned(view, seat, { reason = view.result_reason, winners = viewWinners(view), by = null } = {}) {
  const fallen = view.players.filter((p) => baseLeft(view, p.seat) === 0).map((p) => p.seat);
  return resultConcerned({ reason, players: view.players, winners, seat, by, fallen });
}

/**
 * Free-for-all final rounds (R28): the seats tied for the highest base
 * now (from each base's HP in the view, not the tie the round began
 * with), in seat order; [] when one base leads or outside the final rounds.
 */
export function tiedNow(view) {
  if (!view.final || view.status !== "playing") return [];
  const best = Math.max(...view.players.map((p) => baseLeft(view, p.seat)));
  const top = view.players.filter((p) => baseLeft(view, p.seat) === best).map((p) => p.seat);
  return top.length > 1 ? top : [];
}

/** Free-for-all final rounds (R28): "tied" on the players tied now, "one more turn" on those still to play. */
function finalTags(view, p) {
  const final = view.final;
  if (!final || view.status !== "playing") return [];
  const tags = [];
  if (tiedNow(view).includes(p.seat)) tags.push(el("span", "tied", { class: "tag tied-tag", title: "Tied for the highest base now" }));
  if (final.order.includes(p.seat)) tags.push(el("span", "one more turn", { class: "tag final-tag", title: "Takes one more turn before the game is decided" }));
  return tags;
}

function stat(label, value, cls = "") {
  return el("span", null, { class: `stat ${cls}`.trim() }, el("span", label, { class: "stat-label" }), el("b", value));
}

// Where each seat's own row of cards in play was scrolled to, kept across
// the re-render every state brings.
const rowScrolled = new Map();

/**
 * A player's cards in play as one row that scrolls sideways (swipe,
 * scrollbar, keyboard focus or the buttons on its title line), so the row
 * never grows down under the hand dock at the bottom of the screen, nor
 * pushes the areas below it there (docs/RULINGS.md "Match page: your cards
 * in play"). `row` is the cards
 * row, `seat` whose row it is, `title` the row's title element. The buttons
 * sit on the title line, never beside or over the row (which keeps its
 * whole width): each says how many cards are cut off on its side, is marked
 * when one of them is a highlighted target, and brings the nearest of them
 * wholly into sight, so that every card is seen whole in turn. A card that
 * takes the keyboard focus is scrolled wholly into sight too. Returns the
 * title line and the row in one box.
 */
function sidewaysRow(row, seat, title) {
  const back = el("button", null, { type: "button", class: "btn row-more back", hidden: true });
  const next = el("button", null, { type: "button", class: "btn row-more next", hidden: true });
  const cards = () => [...row.children].filter((node) => node.classList.contains("card"));
  const cutOff = () => {
    const box = row.getBoundingClientRect();
    const all = cards().map((node) => [node, node.getBoundingClientRect()]);
    return {
      box,
      before: all.filter(([, r]) => r.left < box.left - 1).map(([node]) => node),
      after: all.filter(([, r]) => r.right > box.right + 1).map(([node]) => node),
    };
  };
  const update = () => {
    const { before, after } = cutOff();
    /** @type {[HTMLButtonElement, Element[], string, string][]} */
    const arrows = [[back, before, `‹ ${before.length}`, "earlier"], [next, after, `${after.length} more ›`, "further"]];
    for (const [button, out, text, label] of arrows) {
      button.hidden = !out.length;
      button.textContent = text;
      button.setAttribute("aria-label", `Show ${out.length} ${label} card${out.length === 1 ? "" : "s"} in play`);
      button.classList.toggle("has-target", out.some((node) => node.classList.contains("target")));
    }
  };
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  // The nearest card cut off on that side goes to the row's far edge: whole, the rest of the row after it.
  const show = (forward) => {
    const { box, before, after } = cutOff();
    const cut = forward ? after[0] : before[before.length - 1];
    if (!cut) return;
    const r = cut.getBoundingClientRect();
    row.scrollBy({ left: forward ? r.left - box.left : r.right - box.right, behavior: smooth ? "smooth" : "auto" });
  };
  back.onclick = () => show(false);
  next.onclick = () => show(true);
  row.addEventListener("focusin", (event) => {
    const card = event.target.closest(".card");
    if (card && card.parentElement === row) card.scrollIntoView({ block: "nearest", inline: "nearest" });
  });
  row.addEventListener("scroll", () => {
    rowScrolled.set(seat, row.scrollLeft);
    update();
  }, { passive: true });
  let placed = false;
  new ResizeObserver(() => {
    if (!placed) row.scrollLeft = rowScrolled.get(seat) || 0; // where the player left it
    placed = true;
    update();
  }).observe(row);
  return el("div", null, { class: "row-scroller" },
    el("div", null, { class: "play-head" }, title, el("span", null, { class: "row-nav" }, back, next)), row);
}

/**
 * One player's area: head (name, base, gold, workers, counts), buildings,
 * command zone, patrol zone and the other cards in play.
 * `opts.isMe` marks the viewer's own area; `opts.active` a player taking the
 * current turn. Two-Headed Dragon: `opts.sharedBase` leaves the base out
 * (the team block shows it once), `opts.ally` lays the area out like the
 * viewer's (patrol zone facing the other team), `opts.partner` marks the
 * viewer's teammate and `opts.hand` (tiles) shows the partner's hand, read-only.
 */
export function playerArea(view, catalog, p, opts) {
  const area = el("div", null, {
    class: `player-area${opts.isMe || opts.ally ? " mine" : " theirs"}${opts.partner ? " partner" : ""}${opts.active ? " active" : ""}${opts.sharedBase ? " shared-base" : ""}${p.conceded ? " conceded" : ""}`,
    id: `seat-${p.seat}`,
    "data-seat": p.seat,
  });
  const head = el("div", null, { class: "player-head" });
  const title = el("div", null, { class: "player-title" });
  title.append(el("span", p.name, { class: "pname" }));
  if (opts.isMe) title.append(el("span", "you", { class: "tag you-tag" }));
  if (opts.partner) title.append(el("span", "partner", { class: "tag partner-tag" }));
  if (opts.active) title.append(el("span", "turn", { class: "tag turn-tag" }));
  if (opts.active && view.phase === "lend") {
    title.append(el("span", "lending", { class: "tag lending-tag", title: "Lending ready units or heroes to other players' patrol zones" }));
  }
  if (p.conceded) title.append(el("span", "conceded", { class: "tag conceded-tag", title: "Conceded: out of the game, takes no more turns" }));
  if (p.tech_owed && !p.conceded && view.status === "playing") title.append(el("span", "picking tech", { class: "tag tech-tag", title: "Still picking tech cards (from the codex)" }));
  if (p.ended_main && opts.active && view.phase === "main") title.append(el("span", "main ended", { class: "tag ended-tag" }));
  for (const tag of finalTags(view, p)) title.append(tag);
  head.append(title);
  const stats = el("div", null, { class: "stats" });
  stats.append(
    stat("gold", p.gold, "gold"),
    stat("workers", p.workers),
    stat("hand", p.hand_count),
    stat("deck", p.deck_count),
    stat("discard", p.discard_count),
  );
  if (p.codex_count !== undefined) stats.append(stat("codex", p.codex_count));
  // Free gold counts the turn being played: not while the coming one waits for tech (R11).
  if (p.free_gold && view.active === p.seat && view.phase !== "tech") {
    const free = stat("free gold", `+${p.free_gold}`, "free-gold");
    free.title = `Gold gained this turn for opposing units killed (at most ${p.free_gold_cap} a turn)`;
    stats.append(free);
  }
  if (p.trash_count) stats.append(stat("trash", p.trash_count));
  // A promise (the next card is free, then owed), a debt and extra turns owed.
  if (p.promised) {
    const next = stat("next card", "free", "promise");
    next.title = "The next card played this turn costs 0; its cost is due next upkeep";
    stats.append(next);
  }
  if (p.debt !== undefined) {
    const owed = stat("owes", `${p.debt} gold`, "debt");
    owed.title = "Promised gold: paid in the next upkeep, or the game is lost";
    stats.append(owed);
  }
  if (p.extra_turns) {
    const extra = stat("extra turns", p.extra_turns, "extra-turns");
    extra.title = "Turns taken right after this one";
    stats.append(extra);
  }
  const threeHero = view.mode === "3hero";
  if (threeHero) {
    const limit = stat("heroes", `${heroesInPlay(p)}/${p.hero_limit}`, "hero-limit");
    limit.title = "Heroes in play / hero limit: 1; 2 with a Tech II; 3 with a Tech III; a Heroes' Hall adds one";
    stats.append(limit);
  }
  head.append(stats);
  area.append(head);

  const row = el("div", null, { class: "zone buildings-row", "aria-label": `${p.name}'s base and buildings` });
  if (!opts.sharedBase) row.append(baseTile(view, p.team));
  for (const slot of BUILDING_SLOTS) row.append(buildingTile(view, p, slot));
  area.append(row);

  const patrolling = new Set(Object.values(p.patrol).filter(Boolean));
  const patrol = el("div", null, { class: "zone patrol", "aria-label": `${p.name}'s patrol zone` });
  for (const slot of PATROL_SLOTS) {
    const box = el("div", null, { class: "slot", "data-tid": `slot:${p.seat}:${slot}` });
    box.append(el("span", words(slot), { class: "slot-name", ...glossAttrs(`slot:${slot}`) }));
    const iid = p.patrol[slot];
    const card = iid && p.play.find((c) => c.iid === iid);
    if (card) box.append(playTile(view, catalog, card));
    patrol.append(box);
  }
  // The command zone (heroes waiting to be summoned) and the cards in play
  // side by side, each under its own title; the 3-hero game always shows the
  // command zone, with the hero limit.
  const inPlayWrap = el("div", null, { class: "zone-wrap in-play-wrap" });
  if (p.command.length || threeHero) {
    const command = el("div", null, { class: "zone command cards-row", "aria-label": `${p.name}'s command zone` });
    command.append(...(p.command.length ? p.command.map((h) => commandTile(catalog, h))
      : [el("span", "every hero is in play", { class: "empty-note" })]));
    const title = threeHero ? `Command zone · ${heroesInPlay(p)} of ${p.hero_limit} heroes in play` : "Command zone";
    inPlayWrap.append(el("div", null, { class: "zone-part command-part" }, el("h3", title, { class: "zone-title command-title" }), command));
  }
  const inPlay = el("div", null, { class: "zone in-play cards-row one-row" });
  for (const c of p.play) if (!patrolling.has(c.iid)) inPlay.append(playTile(view, catalog, c));
  for (const f of p.future || []) inPlay.append(futureTile(catalog, f));
  const shown = inPlay.childElementCount;
  if (!shown) inPlay.append(el("span", "nothing in play", { class: "empty-note" }));
  const playTitle = el("h3", shown ? `In play (${shown})` : "In play", { class: "zone-title play-title" });
  inPlayWrap.append(el("div", null, { class: "zone-part play-part" },
    sidewaysRow(inPlay, p.seat, playTitle)));
  area.append(
    inPlayWrap,
    el("div", null, { class: "zone-wrap patrol-wrap" }, el("h3", `${opts.isMe ? "Your" : `${p.name}'s`} patrol zone`, { class: "zone-title" }), patrol),
  );
  if (opts.revealed) {
    const hand = el("div", null, { class: "cards-row revealed-hand", "aria-label": `${p.name}'s revealed hand` });
    hand.append(...(opts.revealed.length ? opts.revealed : [el("span", "empty", { class: "empty-note" })]));
    area.append(el("div", null, { class: "zone-wrap hand-wrap revealed-wrap" },
      el("h3", `${p.name}'s hand (${opts.revealed.length}) · revealed to your team`, { class: "zone-title" }), hand));
  }
  if (opts.hand) {
    const hand = el("div", null, { class: "cards-row partner-hand", "aria-label": `${p.name}'s hand` });
    hand.append(...(opts.hand.length ? opts.hand : [el("span", "empty", { class: "empty-note" })]));
    area.append(el("div", null, { class: "zone-wrap hand-wrap" },
      el("h3", `${p.name}'s hand (${opts.hand.length}) · only your team sees it`, { class: "zone-title" }), hand));
  }
  return area;
}
