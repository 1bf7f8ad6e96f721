// The Codex inspector and Cards tab (codexmatch.js): the selected card's or
// building's facts, its state in play, what it can do now (one button per
// legal action) and why not (the view's reasons); the viewer's codex,
// discard pile and trash.
import { el, nameList, sentence, words } from "./common.js";
import { blackWhiteNotes } from "./codextiles.js";
import { arrivedNow, attackTargetLabel, describeId, findCard, heroBand, lenderName, patrolSlotOf, slotLabel, specLabel } from "./codexview.js";
import { keywordChip } from "./glossary.js";
import { factsLine, techLabel } from "./cardfacts.js";
import { lendActions } from "./controls.js";
import { disabledControl, reasons } from "./codexbar.js";
import { codexBySpec, patrollersFirstNote, startLending, startTargeting } from "./codexpanels.js";
import { drawSame } from "./redraw.js";
import { $, act, button, me, page, render, store, ui, view } from "./page.js";

/**
 * An ability button's label from the view's ability facts: what it does,
 * with the costs its text does not already say ("Gain 1 gold (exhaust)").
 */
function abilityLabel(info) {
  const text = info.text.replace(/\.$/, "");
  const costs = [];
  if (info.gold && !/^pay\b/i.test(text)) costs.push(`${info.gold} gold`);
  if (info.exhaust && !/^exhaust\b/i.test(text)) costs.push("exhaust");
  if (info.sacrifice && !/^sacrifice\b/i.test(text)) costs.push("sacrifice it");
  return `${sentence(text)}${costs.length ? ` (${costs.join(", ")})` : ""}`;
}

/** The actions of the selected card, as buttons. */
function cardActions(id) {
  if (!store.idx.byCard.has(id) && !lendActions(store.idx, id).length) return [];
  const entry = store.idx.byCard.get(id) || { hire: null, summon: null, play: [], levelUp: [], abilities: new Map(), attack: [], patrol: [] };
  const found = findCard(view(), id);
  const name = found ? found.card.name : describeId(view(), page.catalog, id);
  const out = [];
  // A card with boost is offered twice: played plain, and with its boost paid (one legal action each).
  for (const boosted of [false, true]) {
    const plays = () => (store.idx.byCard.get(id) || { play: [] }).play.filter((a) => !!a.boost === boosted);
    if (!plays().length) continue;
    const needsTargets = plays().some((a) => (a.targets || []).length);
    const boost = boosted ? ((page.catalog.get(found ? found.card.card : "") || { keywords: {} }).keywords || {}).boost : null;
    const label = boosted ? `Play with boost${boost ? ` (+${boost} gold)` : ""}` : "Play";
    out.push(button(`${label}${needsTargets ? "…" : ""}`, () => startTargeting(`Play ${name}${boosted ? " with its boost" : ""}: choose the target`, plays, (a) => a.targets || []),
      { class: boosted ? "btn" : "btn primary", "data-action": "play", "data-boost": boosted ? "true" : "false" }));
  }
  if (entry.hire) out.push(button("Hire as a worker", () => act(entry.hire), { "data-action": "hire" }));
  if (entry.summon) out.push(button("Summon", () => act(entry.summon), { class: "btn primary", "data-action": "summon" }));
  const level = found && found.card.level;
  for (const a of entry.levelUp) {
    out.push(button(`Level up +${a.levels} → Lv ${level + a.levels}`, () => act(a), { "data-action": "level_up", "data-levels": a.levels }));
  }
  for (const [index, list] of entry.abilities) {
    const needs = list.some((a) => (a.targets || []).length);
    const info = found && found.card.abilities ? found.card.abilities[index] : null;
    const label = info ? abilityLabel(info) : `Use ability${entry.abilities.size > 1 ? ` ${index + 1}` : ""}`;
    out.push(button(`${label}${needs ? "…" : ""}`,
      () => startTargeting(`${name}: ${info ? info.text.replace(/\.$/, "") : "its ability"} — choose the target`,
        () => ((store.idx.byCard.get(id) || { abilities: new Map() }).abilities.get(index) || []), (a) => a.targets || []),
      { "data-action": "ability", "data-ability": index }));
  }
  if (entry.attack.length) {
    out.push(button("Attack…", () => startTargeting(`${name} attacks: choose the target`, () => (store.idx.byCard.get(id) || { attack: [] }).attack, (a) => [a.target],
      (target) => attackTargetLabel(view(), page.catalog, target), patrollersFirstNote),
      { class: "btn primary", "data-action": "attack" }));
  }
  for (const a of entry.patrol) {
    out.push(button(patrolLabel(a), () => act(a), { "data-action": "patrol", "data-slot": a.slot ?? "" }));
  }
  if (lendActions(store.idx, id).length) out.push(button("Lend…", () => startLending(id), { "data-action": "lend" }));
  return out;
}

/** A patrol move's button: the slot, and whom it replaces when the slot is taken. */
function patrolLabel(a) {
  if (a.slot === null) return "Leave the patrol zone";
  const player = me();
  const occupant = player ? player.patrol[a.slot] : null;
  const found = occupant && occupant !== a.card ? findCard(view(), occupant) : null;
  return `Patrol as ${words(a.slot)}${found ? ` (replaces ${found.card.name})` : ""}`;
}

/**
 * The controls of the viewer's own card `id` that can't be used now, each
 * greyed with its reason (the view's `reasons`), and the reasons as lines
 * (read on a phone without hovering): [buttons, lines].
 */
function blockedActions(id) {
  const why = reasons();
  const found = findCard(view(), id);
  if (!found || store.msg.seat === null || found.player.seat !== store.msg.seat) return [[], []];
  if (why.main && (found.where === "play" || found.where === "command")) return [[], [why.main]];
  const entry = store.idx.byCard.get(id) || { summon: null, levelUp: [], abilities: new Map(), attack: [], patrol: [] };
  const rows = [];
  if (!entry.summon && why[`summon:${id}`]) rows.push(["Summon", why[`summon:${id}`], "summon"]);
  if (!entry.levelUp.length && why[`level_up:${id}`]) rows.push(["Level up", why[`level_up:${id}`], "level_up"]);
  (found.card.abilities || []).forEach((info, index) => {
    const reason = why[`ability:${id}:${index}`];
    if (!entry.abilities.has(index) && reason) rows.push([abilityLabel(info), reason, "ability"]);
  });
  if (!entry.attack.length && why[`attack:${id}`]) rows.push(["Attack", why[`attack:${id}`], "attack"]);
  if (!entry.patrol.length && why[`patrol:${id}`]) rows.push(["Patrol", why[`patrol:${id}`], "patrol"]);
  const buttons = rows.map(([label, reason, action]) => disabledControl(label, reason, { "data-action": action }));
  return [buttons, rows.map(([label, reason]) => `${label}: ${reason}`)];
}

/**
 * Why the viewer's hand card `card` cannot be played now, or null: the
 * engine's sentence the view carries (`why_not`), or, in the viewer's main
 * phase, that a card with targets has none now.
 */
function whyNotPlayable(card, rec) {
  const entry = store.idx.byCard.get(card.iid);
  if (entry && entry.play.length) return null;
  if (card.why_not) return card.why_not;
  if (store.idx.endMain && rec.targets && rec.kind === "spell") return "It has no legal target now.";
  return null;
}

/**
 * Draw the inspector for the selected card, building or base (or the hint
 * when none is): only what changed is put in the page (redraw.js drawSame),
 * so its buttons keep the focus across versions (issue 31 point 5).
 */
export function renderInspector() {
  const id = ui.selected;
  $("dock").classList.toggle("has-selection", !!id);
  drawSame($("inspector"), id ? inspectorParts(id)
    : [el("p", store.msg.seat === null ? "Tap or hover a card to read it." : "Tap one of your cards to see what it can do; tap any card to read it.", { class: "hint" })]);
}

/** The inspector's parts for the thing `id` names (a card, `bld:<seat>:<slot>`, `base:<team>`). */
function inspectorParts(id) {
  const found = findCard(view(), id);
  let cardId = found ? found.card.card : null;
  let live = found ? found.card : null;
  const bm = id.match(/^bld:(\d+):(\w+)$/);
  if (bm) {
    const b = view().players[Number(bm[1])].buildings[bm[2]];
    cardId = b ? b.id : null;
    live = b;
  }
  if (id.startsWith("base:")) cardId = "base";
  const rec = page.catalog.get(cardId) || { name: live ? live.name : id, kind: "" };
  const close = el("button", "×", { type: "button", class: "close", "aria-label": "Close" });
  close.onclick = () => { ui.selected = null; render(); };
  const head = el("div", null, { class: "inspector-head" }, el("h2", rec.name, { class: "panel-title" }), close);
  const inHand = found && found.where === "hand";
  /** @type {HTMLElement[]} */
  const parts = [head, el("p", factsLine(rec, inHand ? found.card : null), { class: "facts" })];
  if (found) parts.push(el("p", `${found.player.name} · ${found.where === "play" ? "in play" : found.where === "command" ? "command zone" : found.where}`, { class: "hint" }));
  if (inHand && store.msg.seat !== null && found.player.seat === store.msg.seat) {
    const why = whyNotPlayable(found.card, rec);
    if (why) parts.push(el("p", why, { class: "why-not" }));
  }
  if (live && found && found.where === "play" && live.atk !== undefined) {
    const bits = [`ATK ${live.atk}`, `HP ${live.hp - live.damage}/${live.hp}`];
    if (live.kind === "hero") bits.unshift(`Lv ${live.level} (${heroBand(live)})`);
    const kws = Object.entries(live.keywords || {}).filter(([, v]) => v);
    if (live.plus) bits.push(`+1/+1 runes ×${live.plus}`);
    if (live.minus) bits.push(`−1/−1 runes ×${live.minus}`);
    for (const [rune, count] of Object.entries(live.runes || {})) if (count) bits.push(`${words(rune)} runes ×${count}`);
    if (live.copy) bits.push(`a ${live.copy.name} copying ${live.name}`);
    if (live.named_cost !== undefined && live.named_cost !== null) bits.push(`named cost ${live.named_cost}: opponents can't play spells or upgrades of that cost`);
    if (live.illusion) bits.push("an Illusion");
    if (live.silenced) bits.push("silenced: no abilities");
    bits.push(...blackWhiteNotes(live));
    if (live.crumbling) bits.push("crumbling");
    if (live.disabled) bits.push("disabled: skips its next ready step");
    if (live.exhausted) bits.push("exhausted");
    if (arrivedNow(view(), live)) bits.push("arrived this turn");
    const slot = found && patrolSlotOf(found.player, id);
    if (slot) bits.push(`patrols as ${words(slot)}`);
    parts.push(el("p", bits.join(" · "), { class: "live" }));
    if (kws.length) parts.push(el("div", null, { class: "chips inspector-chips" }, ...kws.map(([k, v]) => keywordChip(k, v))));
    const lender = lenderName(view(), live);
    if (lender) {
      parts.push(el("p", `Lent by ${lender}: ${found.player.name} controls it until ${found.player.name}'s upkeep begins, then it goes back to ${lender}.`,
        { class: "hint lent-note" }));
    }
  } else if (rec.atk !== null && rec.atk !== undefined) {
    parts.push(el("p", `ATK ${rec.atk} · HP ${rec.hp}`, { class: "live" }));
  }
  if (bm && live) parts.push(el("p", `${slotLabel(bm[2])}: ${live.hp - live.damage}/${live.hp} HP${live.done ? "" : " · still being built"}${live.disabled ? " · disabled until its owner's next turn is over" : ""}`, { class: "live" }));
  if (live && live.prisoner) parts.push(el("p", `Holds ${live.prisoner.name} out of play.`, { class: "live prisoner-note" }));
  if (live && live.buried && live.buried.length) {
    parts.push(el("p", `Buried here (${live.buried.length}): ${nameList(live.buried.map((b) => b.name))}.`, { class: "live buried-note" }));
  }
  if (rec.text) parts.push(el("p", rec.text, { class: "card-text" }));
  if (rec.bands) {
    const list = el("ul", null, { class: "bands" });
    for (const band of rec.bands) {
      const current = live && live.level !== undefined && live.level >= band.level
        && !rec.bands.some((b) => b.level > band.level && live.level >= b.level);
      list.append(el("li", `Lv ${band.level}+: ${band.atk}/${band.hp}${band.text ? ` — ${band.text}` : ""}`, { class: current ? "current" : "" }));
    }
    parts.push(list);
  }
  const actions = store.msg.seat === null ? [] : cardActions(id);
  const [blocked, whyLines] = blockedActions(id);
  if (actions.length || blocked.length) parts.push(el("div", null, { class: "row card-actions" }, ...actions, ...blocked));
  if (whyLines.length) parts.push(el("ul", null, { class: "why-list" }, ...whyLines.map((t) => el("li", t, { class: "why-not" }))));
  return parts;
}

/**
 * Draw the Cards tab (the viewer's codex, discard pile and trash), the
 * cards the reader opened kept open: only what changed is put in the page
 * (redraw.js drawSame).
 */
export function renderCodex() {
  const player = me();
  const tab = $("codex-tab");
  tab.hidden = !player || !player.codex;
  if (tab.hidden) return;
  /** @type {HTMLElement[]} */
  const parts = [el("p", "Your codex: the cards you may tech into your deck.", { class: "hint" })];
  const groups = codexBySpec(player);
  for (const [spec, entries] of groups) {
    const list = el("ul", null, { class: "codex-list", "data-spec": spec });
    for (const [id, count] of entries) {
      const rec = page.catalog.get(id) || { name: id };
      const tech = techLabel(id, rec, player);
      list.append(el("li", null, { "data-card": id, class: count ? "" : "gone" }, cardDetails(rec,
        `${rec.cost ?? "?"}g · ×${count}${tech ? ` · ${tech}` : ""}`)));
    }
    if (groups.length > 1) parts.push(el("h3", specLabel(page.catalog, spec), { class: "spec-title" }));
    parts.push(list);
  }
  for (const [title, cards] of [["Your discard pile", player.discard], ["Your trash", player.trash]]) {
    if (!cards || !cards.length) continue;
    parts.push(el("h3", `${title} (${cards.length})`, { class: "zone-title pile-title" }));
    parts.push(el("ul", null, { class: "codex-list" }, ...cards.map((c) => el("li", null, { "data-card": c.card },
      cardDetails(page.catalog.get(c.card) || { name: c.name, kind: c.kind }, words(c.kind))))));
  }
  const open = new Set([.../** @type {NodeListOf<HTMLDetailsElement>} */ (document.querySelectorAll("#codex details[open]"))].map((d) => d.dataset.details));
  for (const part of parts) {
    for (const d of /** @type {NodeListOf<HTMLDetailsElement>} */ (part.querySelectorAll("details"))) if (open.has(d.dataset.details)) d.open = true;
  }
  drawSame($("codex"), parts);
}

/** A card of the Cards tab: its name and `meta` line, opening to its facts and text. */
function cardDetails(rec, meta) {
  const body = el("div", null, { class: "card-details" }, el("p", factsLine(rec), { class: "facts" }));
  if (rec.atk !== null && rec.atk !== undefined) body.append(el("p", `ATK ${rec.atk} · HP ${rec.hp}`, { class: "live" }));
  body.append(el("p", rec.text || "No special text.", { class: "card-text" }));
  return el("details", null, { "data-details": rec.id || rec.name },
    el("summary", null, {}, el("span", rec.name, { class: "name" }), el("span", meta, { class: "meta" })), body);
}
