// The Codex board's panels over the hand dock (codexmatch.js): a choice
// of targets in progress, the viewer's pending question, the tech choice
// and the lending step (free-for-all R26), and what starts and steps such a
// choice (controls.js holds the choice; this draws it and sends its action).
import { bagKey, narrow } from "./legal.js";
import { el, nameList } from "./common.js";
import { describeId, findCard, offersNumbers, patrolSlotOf, seatOfId, specLabel } from "./codexview.js";
import { keywordChip } from "./glossary.js";
import { factsLine, techLabel } from "./cardfacts.js";
import { activeTargets, beginTargeting, lendActions, lendSlot, myPrompt, otherAction, pickTech, promptToggle, targetingStep } from "./controls.js";
import { baseOf } from "./codextable.js";
import { drawSame } from "./redraw.js";
import { $, act, busy, button, me, nameOfSeat, page, render, setDockCollapsed, store, teamOf, ui, view } from "./page.js";

/** Start a multi-step choice; sends at once when nothing is left to choose.
 * `label(id)` names an option (default: what the id names on the board). */
export function startTargeting(title, source, path, label = null, note = null) {
  beginTargeting(ui, title, source, path, label, note);
  setDockCollapsed(false);
  stepTargeting();
  if (ui.targeting) revealTargets();
}

/** The choice's next step (controls.js targetingStep): send, or draw what is left to pick. */
function stepTargeting() {
  const action = targetingStep(ui);
  if (action) {
    act(action);
    return;
  }
  render();
}

function pickTarget(id) {
  ui.targeting.chosen.push(id);
  stepTargeting();
}

/** Choose where to lend card `iid` (the empty slots light up on the board). */
export function startLending(iid) {
  const found = findCard(view(), iid);
  const name = found ? found.card.name : describeId(view(), page.catalog, iid);
  startTargeting(`Lend ${name}: choose another player's empty patrol slot`, () => lendActions(store.idx, iid), (a) => [lendSlot(a)]);
}

/** A click on an option of the viewer's question (controls.js promptToggle): answer, or draw the picks. */
function togglePromptOption(prompt, option) {
  const a = promptToggle(ui, prompt, option, store.idx);
  if (a) act(a);
  else render();
}

/**
 * What the board's things do when clicked now (controls.js activeTargets):
 * data-tid -> handler with its kind of highlight.
 */
export function targetsNow() {
  return activeTargets(ui, { msg: store.msg, idx: store.idx, busy: busy() }, { pick: pickTarget, option: togglePromptOption, act });
}

function optionButton(label, onclick, attrs = {}) {
  return button(label, onclick, { class: "btn option", ...attrs });
}

function promptPanel(prompt) {
  const box = el("section", null, { class: "panel pending-panel prompt-panel", id: "prompt-panel", "data-choices": "" });
  box.append(el("h2", "Your answer", { class: "panel-title" }), el("p", prompt.text, { class: "prompt-text" }));
  if (prompt.count > 1) box.append(el("p", `Pick ${prompt.count}.`, { class: "hint" }));
  const numbers = offersNumbers(view(), prompt.options);
  box.append(...optionLists(prompt.options, (option, label) => {
    const picked = ui.promptPick.includes(option);
    return optionButton(label, () => togglePromptOption(prompt, option),
      { "data-option": option, "aria-pressed": picked ? "true" : "false", class: `btn option${picked ? " picked" : ""}` });
  }, numbers ? (id) => describeId(view(), page.catalog, id, true) : null));
  const row = el("div", null, { class: "row" });
  if (prompt.count > 1) {
    const match = store.idx.choose.find((c) => bagKey(c.choice) === bagKey(ui.promptPick));
    const ok = button("Confirm", () => match && act(match), { class: "btn primary", "data-action": "choose" });
    if (!match) ok.disabled = true;
    row.append(ok);
  }
  if (prompt.optional) {
    const skip = store.idx.choose.find((c) => c.choice.length === 0);
    if (skip) row.append(button("Skip", () => act(skip), { class: "btn ghost" }));
  }
  if (row.childElementCount) box.append(row);
  return box;
}

/**
 * Ids grouped by the player they belong to ([[seat, ids], ...] in turn
 * order from the active player, the viewer's partner's things (Two-Headed
 * Dragon) and then the viewer's own last so that a quick click does not
 * hit them), or null when they are not all things of players or all one
 * player's.
 */
function bySeat(ids) {
  const seats = ids.map((id) => seatOfId(view(), id));
  if (!ids.length || seats.some((s) => s === null) || new Set(seats).size < 2) return null;
  const groups = new Map();
  ids.forEach((id, i) => {
    groups.set(seats[i], [...(groups.get(seats[i]) || []), id]);
  });
  const count = view().players.length;
  const from = (seat) => (seat === store.msg.seat ? 2 * count : isPartner(seat) ? count : (seat - view().active + count) % count);
  return [...groups].sort(([a], [b]) => from(a) - from(b));
}

/** True when `seat` is the viewer's teammate (Two-Headed Dragon), not the viewer. */
function isPartner(seat) {
  return store.msg.seat !== null && seat !== store.msg.seat && teamOf(seat) === teamOf(store.msg.seat);
}

/**
 * The option buttons for `ids` (`make(id, label)` makes one): one list, or,
 * when they are things of several players (an attack in a free-for-all),
 * one group per player titled with the name and base HP, each option then
 * without the name the title gives. `label(id)` names an option (default:
 * what the id names on the board).
 */
function optionLists(ids, make, label = null) {
  const name = (id) => (label ? label(id) : describeId(view(), page.catalog, id));
  const groups = bySeat(ids);
  if (!groups) return [el("div", null, { class: "options" }, ...ids.map((id) => make(id, name(id))))];
  return groups.map(([seat, mine]) => {
    const suffix = ` (${nameOfSeat(seat)})`;
    const short = (id) => {
      const text = name(id);
      return text.endsWith(suffix) ? text.slice(0, -suffix.length) : text;
    };
    const base = baseOf(teamOf(seat));
    return el("div", null, { class: "option-group", "data-group": seat },
      el("h3", null, { class: "option-group-title" },
        el("span", seat === store.msg.seat ? `${nameOfSeat(seat)} (you)` : isPartner(seat) ? `${nameOfSeat(seat)} (partner)` : nameOfSeat(seat), { class: "pname" }),
        el("span", `base ${base.left}/${base.hp}`, { class: "hint" })),
      el("div", null, { class: "options" }, ...mine.map((id) => make(id, short(id)))));
  });
}

/**
 * Why an attack offers only opposing patrollers (`ids`, the targets left to
 * pick), or null when something else is offered: attackers must get past
 * the patrol zone first, the squad leader before the others (How to play,
 * "Attacking"; rulebook "Patrolling").
 */
export function patrollersFirstNote(ids) {
  const v = view();
  const slotOf = (id) => {
    for (const p of v.players) if (p.seat !== store.msg.seat && patrolSlotOf(p, id)) return patrolSlotOf(p, id);
    return null;
  };
  const slots = ids.map(slotOf);
  if (!ids.length || slots.some((slot) => slot === null)) return null;
  if (slots.every((slot) => slot === "squad_leader")) {
    return "Patrollers come first: while an opposing squad leader can be attacked, your attacker must attack it. Nothing else can be attacked yet.";
  }
  return "Patrollers come first: while an opposing patroller can be attacked, your attacker must attack one of them. Nothing else can be attacked yet.";
}

function targetingPanel() {
  const t = ui.targeting;
  const n = narrow(t.source(), t.path, t.chosen);
  const box = el("section", null, { class: "panel pending-panel targeting-panel", id: "targeting-panel", "data-choices": "" });
  box.append(el("h2", t.title, { class: "panel-title" }));
  if (t.chosen.length) {
    box.append(el("p", `Chosen: ${t.chosen.map((id) => describeId(view(), page.catalog, id)).join(", ")}`, { class: "hint" }));
  }
  const onBoard = n.next.some((id) => document.querySelector(`#board [data-tid="${CSS.escape(String(id))}"], #hand [data-tid="${CSS.escape(String(id))}"]`));
  const why = t.note ? t.note(n.next) : null;
  if (why) box.append(el("p", why, { class: "hint target-note", id: "target-note" }));
  box.append(el("p", onBoard ? "Pick one of the highlighted targets on the board, or here:" : "Choose:", { class: "hint" }));
  box.append(...optionLists(n.next, (id, label) => optionButton(label, () => pickTarget(id), { "data-option": id }), t.label));
  const row = el("div", null, { class: "row" });
  if (n.complete.length) row.append(button("Done", () => act(n.complete[0]), { class: "btn primary" }));
  row.append(button("Cancel", () => { ui.targeting = null; render(); }, { class: "btn ghost", "data-shortcut": "Escape", "aria-keyshortcuts": "Escape" }));
  box.append(row);
  return box;
}

/**
 * `player`'s codex as [[spec, [[card id, count], ...]], ...]: the specs in
 * the order of the player's heroes, each spec's cards by tech level, cost, name.
 */
export function codexBySpec(player) {
  const heroSpecs = [...player.command, ...player.play.filter((c) => c.kind === "hero" && c.owner === player.seat)]
    .map((h) => (page.catalog.get(h.card) || {}).spec).filter(Boolean);
  const groups = new Map(heroSpecs.map((spec) => [spec, []]));
  for (const [id, count] of Object.entries(player.codex || {})) {
    const spec = (page.catalog.get(id) || {}).spec || "";
    if (!groups.has(spec)) groups.set(spec, []);
    groups.get(spec).push([id, count]);
  }
  const order = (id) => page.catalog.get(id) || { tech: 0, cost: 0, name: id };
  for (const entries of groups.values()) {
    entries.sort(([a], [b]) => (order(a).tech ?? 0) - (order(b).tech ?? 0) || (order(a).cost ?? 0) - (order(b).cost ?? 0)
      || String(order(a).name).localeCompare(order(b).name));
  }
  return [...groups].filter(([, entries]) => entries.length);
}

function techPanel() {
  const player = me();
  const sizes = [...new Set(store.idx.tech.map((a) => a.cards.length))];
  const most = Math.max(...sizes);
  const keys = new Map(store.idx.tech.map((a) => [bagKey(a.cards), a]));
  // Digits 1-9 pick the codex cards (keyboard.js): its Read, Confirm and Clear buttons are no options.
  const box = el("section", null, { class: "panel pending-panel tech-panel", id: "tech-panel", "data-choices": "" });
  box.append(el("h2", "Tech: add cards from your codex to your discard pile", { class: "panel-title" }));
  const need = sizes.length > 1 ? `${Math.min(...sizes)} to ${most}` : `${most}`;
  const picked = ui.techPick.length ? nameList(ui.techPick.map((id) => (page.catalog.get(id) || { name: id }).name)) : "none";
  box.append(el("p", `Pick ${need} ${most === 1 ? "card" : "cards"}. Picked: ${picked}.`, { class: "hint" }));
  const groups = codexBySpec(player);
  for (const [spec, entries] of groups) {
    const list = el("div", null, { class: "options codex-options" });
    for (const [id, count] of entries) {
      const left = count - ui.techPick.filter((x) => x === id).length;
      const rec = page.catalog.get(id) || { name: id };
      const tech = techLabel(id, rec, player);
      const label = `${rec.name} · ${rec.cost ?? "?"}g ×${left}${tech ? ` · ${tech}` : ""}`;
      const b = optionButton(label, () => {
        if (pickTech(ui, id, left, most)) render();
      }, { "data-codex": id, "data-card": id });
      if (left <= 0 || count === 0) b.disabled = true;
      const read = button("Read", () => {
        ui.techRead = ui.techRead === id ? null : id;
        render();
        // The text opens below the codex list, off screen on a laptop: bring it into view.
        if (ui.techRead && $("tech-reading")) $("tech-reading").scrollIntoView({ block: "nearest" });
      },
        { class: `btn small ghost read-card${ui.techRead === id ? " picked" : ""}`, "data-read": id, "aria-label": `Read ${rec.name}`, title: `Read ${rec.name}`, "data-not-option": "" });
      list.append(el("span", null, { class: "codex-option" }, b, read));
    }
    if (groups.length === 1) {
      box.append(list);
      continue;
    }
    // Several specs (the 3-hero game's 72-card codex): one foldable group each.
    const group = el("details", null, { class: "spec-group", "data-spec": spec });
    group.open = !ui.techFolded.has(spec);
    // The toggled element from the event, not `group`: a kept group runs this handler (redraw.js drawSame).
    group.ontoggle = (/** @type {Event} */ event) => {
      if (/** @type {HTMLDetailsElement} */ (event.currentTarget).open) ui.techFolded.delete(spec);
      else ui.techFolded.add(spec);
    };
    group.append(el("summary", `${specLabel(page.catalog, spec)} · ${entries.reduce((n, [, c]) => n + c, 0)} left`), list);
    box.append(group);
  }
  if (ui.techRead) box.append(techReading(ui.techRead, most));
  const row = el("div", null, { class: "row" });
  const match = keys.get(bagKey(ui.techPick));
  const ok = button("Confirm tech", () => match && act(match), { class: "btn primary", "data-action": "tech", "data-not-option": "" });
  if (!match) ok.disabled = true;
  row.append(ok);
  if (ui.techPick.length) row.append(button("Clear", () => { ui.techPick = []; render(); }, { class: "btn ghost", "data-not-option": "" }));
  box.append(row);
  return box;
}

/**
 * The codex card `id` read in the tech panel before picking it: its facts,
 * ATK/HP and text, and a button to pick it (`most`: how many may be picked).
 */
function techReading(id, most) {
  const rec = page.catalog.get(id) || { name: id, kind: "" };
  const player = me();
  const left = ((player && player.codex) || {})[id] - ui.techPick.filter((x) => x === id).length;
  const box = el("div", null, { class: "tech-reading", id: "tech-reading", "data-card-read": id });
  box.append(el("strong", rec.name), el("p", factsLine(rec), { class: "facts" }));
  if (rec.atk !== null && rec.atk !== undefined) box.append(el("p", `ATK ${rec.atk} · HP ${rec.hp}`, { class: "live" }));
  const kws = Object.entries(rec.keywords || {}).filter(([, v]) => v);
  if (kws.length) box.append(el("div", null, { class: "chips" }, ...kws.map(([k, v]) => keywordChip(k, v))));
  box.append(el("p", rec.text || "No special text.", { class: "card-text" }));
  const pick = button(`Pick ${rec.name}`, () => {
    if (pickTech(ui, id, left, most)) render();
  }, { class: "btn primary", "data-pick": id });
  if (!(left > 0) || ui.techPick.length >= most) pick.disabled = true;
  box.append(el("div", null, { class: "row" }, pick, button("Close", () => { ui.techRead = null; render(); }, { class: "btn ghost" })));
  return box;
}

/**
 * The lending step (free-for-all, R26): the viewer's cards that may be lent,
 * each opening the choice of a slot; and "Done lending".
 */
function lendPanel() {
  const box = el("section", null, { class: "panel pending-panel lend-panel", id: "lend-panel", "data-choices": "" });
  box.append(el("h2", "Lend to other players", { class: "panel-title" }));
  box.append(el("p", "Put a ready unit or hero of yours into another player's empty patrol slot: it patrols for them "
    + "until their upkeep begins, then comes back to you. If it dies there, it goes to your discard pile and you get its slot's bonus.",
  { class: "hint" }));
  const cards = [...new Set(lendActions(store.idx).map((a) => a.card))];
  const list = el("div", null, { class: "options" });
  for (const iid of cards) {
    const found = findCard(view(), iid);
    const to = [...new Set(lendActions(store.idx, iid).map((a) => a.to))].map(nameOfSeat);
    const whom = nameList(to, "or");
    list.append(optionButton(`${found ? found.card.name : iid} → ${whom}…`, () => startLending(iid), { "data-lend": iid }));
  }
  if (!cards.length) list.append(el("p", "Nothing of yours can be lent now.", { class: "hint" }));
  box.append(list);
  const done = otherAction(store.idx, "end_lending");
  box.append(el("div", null, { class: "row" },
    button("Done lending", () => act(done), { class: "btn primary", "data-action": "end_lending" })));
  return box;
}

/**
 * Draw the panels over the hand dock (the viewer's question, a choice in
 * progress or the lending step, the tech choice) for the newest state: only
 * what changed is put in the page (redraw.js drawSame), so a picked option
 * keeps the focus (issue 31 point 5).
 */
export function renderPending() {
  const box = $("pending");
  const parts = [];
  const prompt = myPrompt(store.msg);
  if (prompt) parts.push(promptPanel(prompt));
  if (ui.targeting) parts.push(targetingPanel());
  else if (otherAction(store.idx, "end_lending")) parts.push(lendPanel());
  if (store.idx.tech.length && me()) parts.push(techPanel());
  drawSame(box, parts);
  box.hidden = !parts.length;
  $("dock").classList.toggle("has-pending", parts.length > 0);
}

/**
 * After a choice starts: when none of its highlighted targets is on the
 * screen (clear of the banner and the bottom dock), scroll the first one into view.
 */
function revealTargets() {
  const nodes = [...document.querySelectorAll("#board .target")];
  if (!nodes.length) return;
  const top = $("banner").getBoundingClientRect().bottom;
  const css = getComputedStyle(document.documentElement);
  const covered = ["--controls-h", "--bar-h", "--dock-h"].reduce((n, name) => n + (parseFloat(css.getPropertyValue(name)) || 0), 0);
  const bottom = window.innerHeight - covered;
  const seen = nodes.some((node) => {
    const r = node.getBoundingClientRect();
    return r.bottom > top && r.top < bottom;
  });
  if (!seen) nodes[0].scrollIntoView({ block: "nearest" });
}
