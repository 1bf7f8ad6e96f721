// Rendering of the board from one viewer's view (game/codex/view.py).
// Every clickable thing carries data-tid: its id in the engine's terms
// (card instance "c12", building "bld:1:tech_1", base "base:0", patrol slot
// "slot:0:elite"), so legal actions can be matched to what is on screen.
import { el, labelTile, words } from "./common.js";
import { heroesInPlay, PATROL_SLOTS, slotLabel, teamBase, tiedNow } from "./codexview.js";
import { commandTile, futureTile, playTile } from "./codextiles.js";
import { glossAttrs } from "./glossary.js";

export const BUILDING_SLOTS = ["tech_1", "tech_2", "tech_3", "addon"];

/** The spec a building makes cards of (3-hero game: Tech II's declared spec, the Tech Lab's), or null. */
function buildingSpec(p, slot) {
  if (slot === "tech_2") return p.tech_2_spec || null;
  if (slot === "addon" && p.buildings.addon && p.buildings.addon.id === "tech_lab") return p.tech_lab_spec || "";
  if (slot === "addon" && !p.buildings.addon && p.tech_lab_spec) return p.tech_lab_spec; // the Tech Lab the map gives
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
    const title = slot === "addon" && spec && view.map
      ? `${slotLabel(slot)}: none built; ${view.map.name} gives you a Tech Lab: it unlocks ${words(spec)}`
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
  return labelTile(tile);
}

/** The base of `team` (shared by its players in Two-Headed Dragon). */
export function baseTile(view, team, label = "Base") {
  const rec = view.teams[team] || { hp: 0, damage: 0 };
  const { left, hp } = teamBase(view, team); // never below 0 (a last attack may deal more than was left)
  return labelTile(el("div", null, { class: `bld base${rec.damage ? " hurt" : ""}`, "data-tid": `base:${team}`, "data-card": "base", tabindex: "0" },
    el("span", label, { class: "bld-name" }),
    el("span", `${left}/${hp}`, { class: "bld-hp", title: "Base HP" })));
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
    const arrows = [[back, before, `‹ ${before.length}`, "earlier"], [next, after, `${after.length} more ›`, "more"]];
    for (const [button, out, text, label] of arrows) {
      button.hidden = !out.length;
      button.textContent = text;
      // The name starts with the words shown ("1 more"), as a speech user says them (axe label-content-name-mismatch).
      button.setAttribute("aria-label", `${out.length} ${label} card${out.length === 1 ? "" : "s"} in play: show ${out.length === 1 ? "it" : "the nearest"}`);
      button.classList.toggle("has-target", out.some((node) => node.classList.contains("target")));
    }
  };
  // The nearest card cut off on that side goes to the row's far edge: whole, the rest of the row after it;
  // smoothly unless the player asks for less motion (asked at each press: a row outlives redraws, redraw.js).
  const show = (forward) => {
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
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
