// The Codex action bar (codexmatch.js): End main phase (asking first when
// gold or attackers are left), hire, build, repair, lending's end, any other
// action type, concede; a control that can't be used now greyed with the
// view's reason. Each button sends a legal action or starts its choice.
import { confirmThen, el, nameList, sentence, words } from "./common.js";
import { describeId, patrolSlotOf, specLabel } from "./codexview.js";
import { genericPath, otherAction } from "./controls.js";
import { startTargeting } from "./codexpanels.js";
import { drawSame } from "./redraw.js";
import { baseOf, isFfa } from "./codextable.js";
import { $, act, actLater, button, iConceded, me, nameOfSeat, page, render, store, teamGame, teamOf, ui, view } from "./page.js";

/** "Hire a worker (1 gold)": the Hire button's label with what a worker costs now (view `hire_cost`). */
function hireLabel() {
  const cost = me() && me().hire_cost;
  return typeof cost === "number" ? `Hire a worker (${cost} gold)` : "Hire a worker";
}

/**
 * Why the viewer can't use each control now (the view's own-seat
 * `reasons`, game/codex/reasons.py): {control key: sentence}; {} for a spectator.
 */
export function reasons() {
  const player = me();
  return (player && player.reasons) || {};
}

/**
 * A control that can't be used now, shown greyed with its reason: the
 * reason is its tooltip (title), and a tap shows it in the line under the
 * action bar (phones have no hover). It never sends anything. `attrs`'
 * data-action becomes data-blocked.
 */
export function disabledControl(label, reason, attrs = {}) {
  // data-blocked, not data-action: what carries data-action can be used.
  const { "data-action": action, ...rest } = attrs;
  const b = el("button", label, {
    type: "button", ...rest, class: `${attrs.class || "btn"} is-disabled`, "aria-disabled": "true", title: reason, "data-why": reason,
    "data-blocked": action,
  });
  b.onclick = () => {
    ui.why = ui.why === reason ? null : reason;
    render();
  };
  return b;
}

/**
 * Draw the action bar for the newest state: only its controls that changed
 * are put in the page (redraw.js drawSame), so the one the player is on
 * stays (issue 31 point 5).
 */
export function renderActionBar() {
  drawSame($("action-bar"), actionBarItems());
}

/** The action bar's controls for the newest state, and the line of why one can't be used. */
function actionBarItems() {
  if (store.msg.seat === null) return [el("p", "You are watching this match: hands and codexes stay hidden.", { class: "hint" })];
  if (store.msg.status !== "playing") return [el("a", "Back to the lobby", { href: "/", class: "btn" })];
  if (iConceded()) {
    return [el("p", "You conceded and take no more turns; you may keep watching.", { class: "hint", id: "out-note" }),
      el("a", "Back to the lobby", { href: "/", class: "btn" })];
  }
  const items = [];
  const why = reasons();
  const player = me();
  if (player && player.hand && player.hand.length) {
    // Phones: the hand is below the whole board (in 2v2 far below); a jump to it.
    items.push(button(`Hand (${player.hand.length})`, () => $("hand-box").scrollIntoView({ block: "end" }),
      { class: "btn ghost jump-hand", "data-jump": "hand" }));
  }
  if (store.idx.endMain) items.push(button("End main phase", () => endMainAsking(store.idx.endMain), { class: "btn primary", "data-action": "end_main", "data-shortcut": "e", "aria-keyshortcuts": "E" }));
  if (store.idx.stash.length) {
    // Stash (a hero's ability): ending the main phase may keep one hand card; a choice of its own.
    items.push(button("End main phase, keeping a card…", () => startTargeting(
      "End your main phase: pick the hand card to keep through your draw (you draw one card fewer)", () => store.idx.stash, (a) => [a.stash]),
    { "data-action": "end_main_stash" }));
  }
  const hire = hireLabel();
  if (store.idx.hire.length && store.idx.hire[0].card === undefined) {
    // The map makes hiring take no card (mapcard.js shows the map's rule).
    items.push(button(hire, () => act(store.idx.hire[0]), { "data-action": "hire" }));
  } else if (store.idx.hire.length) {
    items.push(button(`${hire}…`, () => startTargeting(
      "Hire a worker: pick the card from your hand to put face down", () => store.idx.hire, (a) => [a.card]),
    { "data-action": "hire" }));
  } else if (why.hire) {
    items.push(disabledControl(hire, why.hire, { "data-action": "hire" }));
  }
  items.push(...buildButtons());
  const repair = otherAction(store.idx, "repair");
  if (repair) {
    const base = baseOf(teamOf(store.msg.seat));
    const { gold, hp } = me().repair; // house rule R24, as the view publishes it
    items.push(button(`Repair base: ${gold} gold → ${hp} HP`, () => act(repair), {
      "data-action": "repair", title: `Your base has ${base.left} of ${base.hp} HP; repair as often as your gold allows`,
    }));
  } else if (why.repair) {
    items.push(disabledControl("Repair base", why.repair, { "data-action": "repair" }));
  }
  const endLending = otherAction(store.idx, "end_lending");
  if (endLending) items.push(button("Done lending", () => act(endLending), { class: "btn primary", "data-action": "end_lending" }));
  // Action types this page has no special control for: one button per type;
  // when several actions share it, pick what they differ in on the board.
  const OWN_CONTROLS = new Set(["repair", "lend", "end_lending"]);
  const byType = new Map();
  for (const a of store.idx.other) if (!OWN_CONTROLS.has(a.type)) byType.set(a.type, [...(byType.get(a.type) || []), a]);
  for (const [type, list] of byType) {
    const name = sentence(words(type));
    if (list.length === 1) {
      const what = genericPath(list[0]).map((id) => describeId(view(), page.catalog, id)).join(", ");
      items.push(button(what ? `${name}: ${what}` : name, () => act(list[0]), { "data-action": type }));
    } else {
      items.push(button(`${name}…`, () => startTargeting(`${name}: choose`, () => store.idx.other.filter((a) => a.type === type), genericPath),
        { "data-action": type }));
    }
  }
  if (store.idx.concede) {
    items.push(button("Concede", () => confirmThen(concedeQuestion(), "Concede", actLater(store.idx.concede)),
      { class: "btn danger ghost", "data-action": "concede" }));
  }
  if (ui.why && !Object.values(why).includes(ui.why)) ui.why = null;
  const line = ui.why ? el("p", ui.why, { class: "why-line", id: "why-line", role: "status" }) : null;
  return [...items, line];
}

/**
 * End the main phase (`action`), asking first while gold could still be
 * spent on something legal or a unit or hero could still attack (issue 14,
 * point 8): the question names what is left.
 */
function endMainAsking(action) {
  const player = me();
  const spend = ["hire", "build"].some((k) => store.idx[k].length)
    || [...store.idx.byCard.values()].some((e) => e.play.length || e.summon || e.levelUp.length || e.hire);
  const gold = player && player.gold > 0 && spend ? player.gold : 0;
  // A unit or hero put on patrol was meant to guard: it is not counted as a forgotten attacker.
  const attackers = [...new Set([...store.idx.byCard.entries()]
    .filter(([id, e]) => e.attack.length && !(player && patrolSlotOf(player, id))).map(([id]) => id))];
  if (!gold && !attackers.length) {
    act(action);
    return;
  }
  const left = [];
  if (gold) left.push(`${gold} gold you could still spend`);
  if (attackers.length) {
    const who = attackers.map((id) => describeId(view(), page.catalog, id).replace(/ \([^)]*\)$/, ""));
    left.push(`${attackers.length === 1 ? "1 unit or hero" : `${attackers.length} units or heroes`} that can still attack (${nameList(who)})`);
  }
  confirmThen(`End your main phase? You still have ${nameList(left)}. Your patrol zone is locked in and you draw your new hand.`,
    "End main phase", actLater(action), true);
}

/**
 * The question before conceding: what it means in this mode, and in a
 * free-for-all, now. Before any base fell, a concession ends the game for
 * everyone (R28: the highest base wins, tied leaders first take one more
 * turn); in the final rounds a base has already fallen, and conceding only
 * puts the player out: no more turns, the final turns go on without them
 * (game/codex/freeforall_end.py concede), unless it leaves one tied leader
 * alone at the top, who wins at once.
 */
function concedeQuestion() {
  if (teamGame()) return "Concede this game for your team? The other team wins.";
  if (isFfa()) {
    const v = view();
    if (v.final && v.status === "playing") {
      // Whom the concession would leave alone at the top, to win at once (the view's, freeforall.lone_leader).
      const last = me() ? me().concede_leaves_winner : null;
      if (last !== null && last !== undefined) return `Concede? Your base drops to 0 HP and ${nameOfSeat(last)} wins.`;
      return "Concede? Your base drops to 0 HP and you take no more turns. The final turns go on without you; "
        + "then the highest base wins.";
    }
    return "Concede? Your base drops to 0 HP, and a fallen base ends the game for everyone: the highest base wins "
      + "(tied leaders first take one more turn).";
  }
  return "Concede this game? Your opponent wins.";
}

/**
 * One button per building offered. The 3-hero game's Tech II and Tech Lab
 * come with a spec to choose (one legal action per spec): their button opens
 * the choice. The cost shown is the view's (`build_costs`: the colour tax
 * and changes of cards in play included), naming the colour tax. An
 * add-on that would replace the one standing says so, and asks first.
 */
function buildButtons() {
  const player = me() || { buildings: {} };
  const byBuilding = new Map();
  for (const a of store.idx.build) byBuilding.set(a.building, [...(byBuilding.get(a.building) || []), a]);
  const out = [];
  for (const [building, list] of byBuilding) {
    const rec = page.catalog.get(building);
    const { name, cost } = buildingLabel(player, building);
    const attrs = { "data-action": "build", "data-building": building };
    const old = rec && rec.kind === "addon" ? player.buildings.addon : null;
    const replaces = old ? ` · replaces your ${old.name}` : "";
    if (list.length === 1) {
      const spec = list[0].spec ? `: ${specLabel(page.catalog, list[0].spec)}` : "";
      out.push(button(`Build ${name}${spec}${cost}${replaces}`, () => (old ? confirmAddon(name, old, actLater(list[0])) : act(list[0])), attrs));
      continue;
    }
    const what = building === "tech_2" ? "choose its spec (locked for the game)" : "choose the spec it unlocks";
    const go = () => startTargeting(`Build ${name}: ${what}`, () => store.idx.build.filter((a) => a.building === building), (a) => [a.spec ?? ""],
      (spec) => (spec ? specLabel(page.catalog, spec) : "no spec yet (chosen when Tech II is built)"));
    out.push(button(`Build ${name}…${cost}${replaces}`, () => (old ? confirmAddon(name, old, go) : go()), attrs));
  }
  // What can't be built now, greyed with its reason: the next tech building,
  // and the add-ons when none can be built (the cheapest one's reason).
  const why = reasons();
  const blocked = Object.keys(why).filter((k) => k.startsWith("build:")).map((k) => k.slice(6)).filter((b) => !byBuilding.has(b));
  const tech = blocked.find((b) => /^tech_\d$/.test(b));
  const greyed = (building) => {
    const { name, cost } = buildingLabel(player, building);
    return disabledControl(`Build ${name}${cost}`, why[`build:${building}`], { "data-action": "build", "data-building": building });
  };
  if (tech) out.push(greyed(tech));
  const addons = blocked.filter((b) => b !== tech && !store.idx.build.some((a) => (page.catalog.get(a.building) || {}).kind === "addon"))
    .sort((a, b) => ((page.catalog.get(a) || {}).cost ?? 0) - ((page.catalog.get(b) || {}).cost ?? 0));
  if (addons.length) out.push(greyed(addons[0]));
  return out;
}

/**
 * A building's name and, in brackets, its price now as the view gives it
 * (`build_costs`: the colour tax and changes of cards in play included,
 * for every building not standing, buildable or not), naming the colour
 * tax: the same words on a build button whether it can be pressed or not.
 */
function buildingLabel(player, building) {
  const rec = page.catalog.get(building);
  const tax = player.tech_tax || 0;
  const pay = (player.build_costs || {})[building];
  return {
    name: rec ? rec.name : words(building),
    cost: pay !== undefined ? ` (${pay}${tax ? ` incl. ${tax} colour tax` : ""})` : "",
  };
}

/**
 * Ask before an add-on replaces the standing one: it names what is lost and
 * the base damage (the view's `addon_teardown_damage`, rulebook: one add-on
 * at a time).
 */
function confirmAddon(name, old, then) {
  const base = baseOf(teamOf(store.msg.seat));
  const damage = me().addon_teardown_damage;
  const after = Math.max(0, base.left - damage);
  const end = after === 0 ? " That would destroy your base." : "";
  confirmThen(`Build ${name}? Your ${old.name} is torn down and your base takes ${damage} damage `
    + `(${base.left} → ${after} HP).${end}`, `Build ${name}`, then);
}
