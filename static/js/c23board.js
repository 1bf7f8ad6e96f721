// The C-23 board (issue 18): draws a C-23 view (docs/C23.md, "Views") for 2
// or 3 players and turns the server's legal_actions into clicks. Nothing here
// decides a rule: a control exists only for an action the server listed (or,
// for attacks, blocks and payments, a set built from the cards those actions
// name, which the server checks again). Text is inserted as text, never HTML.
import { YOU, nameList as joinNames, resultReason, sentence } from "./common.js";
import { drawIfChanged } from "./redraw.js";

const CSS = new URL("../css/c23.css", import.meta.url).href;
const STEP_NAMES = { untap: "untap", draw: "draw", resource: "resource step", main: "main step", attack: "attack", end: "end of turn" };

// What the player is putting together across renders (cleared when the state moves on).
const pick = { key: "", attackers: [], blocks: {}, blocker: null, paying: null, pay: [], conceding: false };

function el(tag, text, attrs = {}, ...children) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c) node.append(c);
  return node;
}

// Resolves once the board's stylesheet has loaded (or failed to): a layout read before it is wrong.
let cssReady = null;

function ensureCss() {
  if (!cssReady) {
    const link = el("link", null, { rel: "stylesheet", href: CSS, "data-c23-css": "" });
    cssReady = new Promise((done) => { link.onload = done; link.onerror = done; });
    document.head.append(link);
  }
  return cssReady;
}

function cardsById(view) {
  const out = {};
  for (const p of view.players) {
    for (const zone of ["resources", "characters", "discard", "hand"]) {
      for (const c of p[zone] || []) out[c.id] = { ...c, owner: p.seat, zone };
    }
  }
  return out;
}

function playerName(view, seat) {
  const p = view.players.find((q) => q.seat === seat);
  return p ? p.name : `seat ${seat}`;
}

const ZONE_WORDS = { hand: "in hand", characters: "in play", discard: "in the discard pile" };

/**
 * Card names as one list a player reads without doubt: commas between
 * them, or semicolons when a name holds a comma ("Ann, the Bold; Storm
 * Rider"): the engine's name_list rule (game/c23/engine.py).
 */
export function nameList(names) {
  return names.join(names.some((n) => n.includes(",")) ? "; " : ", ");
}

/**
 * How the board names each card of `view` so that no two read the same
 * (two copies, or two same-named cards): {id: {ref, copy}}. `ref` adds,
 * only where needed, whose it is ("your", "Bo's", from `seat`'s side), a
 * copy number matching the tile's "#n" badge (`copy`, the card's place
 * among its same-named neighbours of that zone, 0 when alone) and where
 * it is ("in hand", "in play", "in the discard pile"). `owned` is `ref`
 * always with whose it is: where the side matters (a card's target, a
 * combat's power changes), a unique name alone leaves it unsaid.
 * Resources are never named by a control and are left out.
 */
export function cardRefs(view, seat) {
  const groups = {}; // name -> {owner|zone: [ids]}
  for (const p of view.players) {
    for (const zone of Object.keys(ZONE_WORDS)) {
      for (const c of p[zone] || []) {
        groups[c.name] ||= {};
        const byPlace = groups[c.name];
        byPlace[`${p.seat}|${zone}`] ||= [];
        byPlace[`${p.seat}|${zone}`].push(c.id);
      }
    }
  }
  const out = {};
  for (const [name, byPlace] of Object.entries(groups)) {
    const places = Object.keys(byPlace).map((k) => k.split("|"));
    for (const [place, ids] of Object.entries(byPlace)) {
      const [owner, zone] = place.split("|");
      const otherOwner = places.some(([o]) => o !== owner);
      const otherZone = places.some(([o, z]) => o === owner && z !== zone);
      const whose = Number(owner) === seat ? "your" : `${playerName(view, Number(owner))}'s`;
      ids.forEach((id, i) => {
        const copy = ids.length > 1 ? i + 1 : 0;
        const ref = `${otherOwner ? `${whose} ` : ""}${name}${copy ? ` #${copy}` : ""}${otherZone ? ` ${ZONE_WORDS[zone]}` : ""}`;
        out[id] = { ref, copy, owned: otherOwner ? ref : `${whose} ${ref}` };
      });
    }
  }
  return out;
}

/**
 * The players a finished C-23 game's result reason is about (who conceded,
 * whose deck ran out), as resultReason takes them: names, YOU for `seat`.
 * The view does not say who went out last; in a 3-player game the earlier
 * one's cards have left the game (gone_count, K24: cards leave only while
 * two players remain), so the players out whose cards are all still there
 * are the last ones. Empty when that leaves no one (the words then say "a
 * player") and for a draw.
 */
export function c23Concerned(view, seat) {
  if (view.status !== "finished" || view.winner === null || view.winner === undefined) return [];
  let out = view.players.filter((p) => p.out && p.seat !== view.winner);
  if (out.length > 1) out = out.filter((p) => !p.gone_count);
  return out.map((p) => (p.seat === seat ? YOU : p.name));
}

/**
 * What the result dialog of a finished C-23 game says under its title (which
 * says who won, as `seat` reads it): how the game ended, naming the players
 * concerned, and, for a player who lost, who won ("Your deck ran out; Ana
 * wins.", "Bo conceded.").
 */
export function c23ResultText(view, seat) {
  const why = resultReason(view.result_reason, c23Concerned(view, seat));
  if (!why) return c23Banner(view, seat);
  const winner = view.winner;
  const lost = winner !== null && winner !== undefined && seat !== null && seat !== undefined && seat !== winner;
  return `${sentence(why, view.players.map((p) => p.name))}${lost ? `; ${playerName(view, winner)} wins` : ""}.`;
}

/**
 * A finished C-23 game in one sentence, as `seat` reads it (null: a
 * spectator): who won and how the game ended ("Ana wins: your deck ran out.").
 */
export function c23Outcome(view, seat) {
  const why = resultReason(view.result_reason, c23Concerned(view, seat));
  const head = view.winner === null || view.winner === undefined ? "The game is a draw" : `${playerName(view, view.winner)} wins`;
  return `${head}${why ? `: ${why}` : ""}.`;
}

/**
 * The match page's banner for a C-23 view as `seat` reads it (null: a
 * spectator): the result, the question and whom it waits on, or whose turn
 * and step it is.
 */
export function c23Banner(view, seat) {
  if (view.status === "finished") {
    if (view.winner === null || view.winner === undefined) return "The game is a draw.";
    return view.winner === seat ? "You win!" : `${playerName(view, view.winner)} wins.`;
  }
  const me = view.players.find((p) => p.seat === seat);
  if (me && me.out) return `You are out of this game; ${playOn(view, seat)} You may keep watching.`;
  if (view.prompt) {
    return view.prompt.seat === seat ? `Your answer is needed: ${view.prompt.text}`
      : `Waiting for ${playerName(view, view.prompt.seat)}: ${view.prompt.text}`;
  }
  const step = STEP_NAMES[view.step] || view.step;
  return view.active === seat ? `Your turn: ${step}.` : `${playerName(view, view.active)}'s turn: ${step}.`;
}

/**
 * Who plays on after `seat` is out, as a sentence ("Ana and Cy play on."):
 * the players still in the game but `seat` (K24: a player out of a 3-player
 * game leaves the other two to play).
 */
function playOn(view, seat) {
  const names = view.players.filter((p) => !p.out && p.seat !== seat).map((p) => p.name);
  return `${joinNames(names)} play${names.length === 1 ? "s" : ""} on.`;
}

/**
 * The question before `seat` concedes, saying what conceding does now: with
 * two others still in the game it is no end ("Leave the game? Ana and Cy
 * play on."), with one it gives that player the game ("Give the game to
 * Ana? Ana wins."); a 3-player game whose third player is already out is
 * the second case (K24: the last player surviving wins).
 */
export function concedeQuestion(view, seat) {
  const others = view.players.filter((p) => !p.out && p.seat !== seat);
  if (others.length > 1) return `Leave the game? ${playOn(view, seat)}`;
  const name = others.length ? others[0].name : "your opponent";
  return `Give the game to ${name}? ${others.length ? name : "Your opponent"} wins.`;
}

/**
 * A short sentence for one legal action, naming its cards (the label of its
 * button). `refs`: the view's cardRefs for its viewer, when the caller
 * already has them (the board labels every button from one set).
 */
export function actionLabel(view, a, refs = cardRefs(view, view.viewer)) {
  const cards = cardsById(view);
  const name = (id) => (refs[id] ? refs[id].ref : cards[id] ? cards[id].name : "a card");
  // The card played comes from the player's own hand: its copy number is enough.
  const owned = (id) => (refs[id] ? refs[id].owned : name(id));
  const own = (id) => (cards[id] ? `${cards[id].name}${refs[id] && refs[id].copy ? ` #${refs[id].copy}` : ""}` : "a card");
  switch (a.type) {
    case "play_resource": return `Play ${own(a.card)} as your resource`;
    case "pass": return view.prompt && view.prompt.kind === "combat_card" ? "No combat card" : "No resource this turn";
    case "end_turn": return "End the turn without attacking";
    case "reveal_hand": return "Show your hand to everyone";
    case "concede": return "Concede";
    case "play": {
      let s = `Play ${own(a.card)}`;
      if (a.target) s += ` on ${owned(a.target)}`;
      if (a.opponent !== undefined) s += ` against ${playerName(view, a.opponent)}`;
      return s;
    }
    case "combat_card": return `Play ${own(a.card)} on ${owned(a.target)}`;
    case "assign": return a.discard.length ? `Knock out ${nameList(a.discard.map(name))}` : "Knock out none of them";
    case "attack": return `Attack with ${nameList(a.attackers.map(name))}`;
    case "block": return Object.keys(a.blocks).length ? "Block" : "Do not block";
    default: return a.type;
  }
}

/** The next player still in the game to `seat`'s left (the next seat number): whom `seat` attacks (K24). */
function leftOf(view, seat) {
  const n = view.players.length;
  for (let step = 1; step < n; step += 1) {
    const other = view.players[(seat + step) % n];
    if (!other.out) return other.seat;
  }
  return null;
}

/**
 * The seat order in a sentence, as `seat` (null: a spectator) reads it:
 * who sits on your left (the player you attack), who attacks you, and with
 * three players the order turns go in ("Multiplayer Rules"; K24: an
 * eliminated player is skipped).
 */
export function seatOrder(view, seat) {
  const alive = view.players.filter((p) => !p.out);
  const me = view.players.find((p) => p.seat === seat);
  if (alive.length < 2) return "";
  const ring = alive.length > 2 ? ` Turns go to the left: ${[...alive, alive[0]].map((p) => p.name).join(" → ")}.` : "";
  if (!me || me.out) return `Each player attacks the player on their left, the next one in turn.${ring}`;
  const left = playerName(view, leftOf(view, seat));
  const attacker = alive.find((p) => leftOf(view, p.seat) === seat);
  if (alive.length === 2) return `${left} sits on your left: you attack ${left}, and ${left} attacks you.`;
  return `${left} sits on your left: you attack ${left}. ${attacker ? attacker.name : "Nobody"} attacks you.${ring}`;
}

function cardTile(c, extra = {}) {
  const cls = ["c23-card", `c23-${c.colour}`];
  if (c.tapped) cls.push("tapped");
  if (extra.cls) cls.push(...extra.cls);
  const tile = el("span", null, { class: cls.join(" "), "data-cid": c.id, title: c.text, tabindex: extra.clickable ? "0" : null,
    role: extra.clickable ? "button" : null, "data-tapped": c.tapped ? "true" : "false" });
  tile.append(el("span", c.name, { class: "name" }));
  // A copy number when the zone holds another card of this name: the
  // buttons that name this card say the same number (cardRefs).
  if (extra.copy) tile.append(el("span", `#${extra.copy}`, { class: "copy-no", title: `Copy ${extra.copy} of ${c.name} here` }));
  // Two numbers a newcomer could mix up, each with its own mark and title:
  // ⚔ power (characters) and ◆ cost (what it takes to play: in hand, and
  // on actions and combat cards wherever they are).
  if (c.type === "character") {
    const changed = c.printed_power !== undefined && c.power !== c.printed_power;
    const shown = changed ? `${c.power} (${c.printed_power})` : `${c.power}`;
    tile.append(el("span", null, { class: "stat power-stat", title: changed ? `Power ${c.power} now (printed ${c.printed_power})` : `Power ${c.power}` },
      el("span", "⚔", { class: "stat-mark", "aria-hidden": "true" }),
      el("span", shown, { class: "power", "data-power": c.power })));
    if (c.unique) tile.append(el("span", " ★", { class: "unique", title: "Unique: only one in play across the table" }));
  }
  if (c.cost !== null && c.cost !== undefined && (c.type !== "character" || extra.inHand)) {
    tile.append(el("span", null, { class: "stat cost-stat", title: c.cost ? `Cost ${c.cost}: tap ${c.cost} resource${c.cost === 1 ? "" : "s"} to play it, one of them ${c.colour}` : "Cost 0: it needs no resource" },
      el("span", "◆", { class: "stat-mark", "aria-hidden": "true" }),
      el("span", `${c.cost}`, { class: "cost" })));
  }
  if (c.tapped) tile.append(el("span", " (tapped)", { class: "tapped-note" }));
  if (extra.onclick) {
    tile.classList.add("clickable");
    tile.addEventListener("click", extra.onclick);
    tile.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); extra.onclick(); } });
  }
  return tile;
}

function zone(label, cards, attrs, tile) {
  const box = el("div", null, { class: "c23-zone", ...attrs }, el("span", label, { class: "label" }));
  for (const c of cards) box.append(tile(c));
  return box;
}

/**
 * Draw `view` into `root` and wire the controls.
 * opts: {seat (the viewer, null for a spectator), legal (the legal actions),
 *        act(action) (sends one), busy (an action is on its way),
 *        readOnly (a replay: no controls at all, not even those the engine
 *        does not list, revealing the hand and conceding),
 *        rerender() (optional: how the page draws again after a pick; by
 *        default this board redraws itself)}.
 */
// The question (pick.key) whose answers were last brought into sight.
let shownQuestion = null;

export function renderC23(root, view, opts) {
  ensureCss();
  const legal = opts.legal || [];
  // A new log line means the position moved on: what was being picked is
  // dropped; an open "concede?" question stays (another player's move must
  // not close it under the player's pointer).
  const last = (view.log || []).length ? view.log[view.log.length - 1].n : 0;
  const key = `${view.turn}|${view.step}|${view.prompt ? view.prompt.kind + view.prompt.seat : ""}|${last}|${legal.length}`;
  if (key !== pick.key) Object.assign(pick, { key, attackers: [], blocks: {}, blocker: null, paying: null, pay: [] });
  const send = (a) => { if (!opts.busy) opts.act(a); };
  // The match page redraws through its own render (the focus kept: keyboard.js); the replay page here.
  const rerender = opts.rerender || (() => renderC23(root, view, opts));
  const cards = cardsById(view);
  const refs = cardRefs(view, opts.seat);
  const ref = (id) => (refs[id] ? refs[id].ref : cards[id] ? cards[id].name : "a character");
  const copy = (c) => (refs[c.id] ? refs[c.id].copy : 0);
  const combat = view.combat;
  const attacking = new Set(combat ? combat.attackers : []);
  const blocking = new Set(combat ? Object.keys(combat.blocks || {}) : []);

  const attackIds = new Set(legal.filter((a) => a.type === "attack").flatMap((a) => a.attackers));
  const blockActions = legal.filter((a) => a.type === "block");
  const blockPairs = new Set(blockActions.flatMap((a) => Object.entries(a.blocks).map(([b, t]) => `${b}>${t}`)));
  const blockers = new Set([...blockPairs].map((s) => s.split(">")[0]));
  const payIds = new Set();
  if (pick.paying) {
    for (const p of view.players) if (p.seat === opts.seat) for (const r of p.resources) if (!r.tapped) payIds.add(r.id);
  }

  // Drawn again only when the view, the legal actions or what the player is picking changed
  // (redraw.js, issue 31 point 5): a kept board keeps its nodes and the focus in them.
  const drawnFrom = JSON.stringify([view, legal, opts.seat, !!opts.busy, !!opts.readOnly, pick]);
  /** @type {HTMLElement | null} */
  let bar = null; // the action row, when drawn now
  drawIfChanged(root, drawnFrom, () => {
    const board = el("div", null, { class: "c23-board", id: "c23-board", "data-step": view.step, "data-active": view.active });
    // The card pool's notice on one line that opens to the whole text (in full it pushed the hand below a
    // laptop's fold, issue 27 point 28); above the cards it speaks of.
    board.append(el("details", null, { class: "one-line c23-origin-box" },
      el("summary", view.pool_origin, { class: "c23-origin", id: "c23-origin" })));
    const status = view.status === "finished" ? c23Outcome(view, opts.seat)
      : `Turn ${view.turn}: ${playerName(view, view.active)}, ${STEP_NAMES[view.step] || view.step}.`;
    board.append(el("p", status, { id: "c23-status", class: "c23-status" }));
    if (view.prompt) {
      const whose = view.prompt.seat === opts.seat ? "You" : playerName(view, view.prompt.seat);
      board.append(el("p", `${whose}: ${view.prompt.text}`, { id: "c23-prompt", class: "c23-prompt" }));
    }

    const order = [...view.players];
    if (opts.seat !== null && opts.seat !== undefined) {
      const at = order.findIndex((p) => p.seat === opts.seat);
      order.push(...order.splice(0, at + 1)); // the players after you first, you last
    }
    // The other players side by side where the screen is wide enough, so one's own area and hand come
    // up on a laptop's first screen (issue 27 point 28); one's own area last, under them.
    const others = el("div", null, { class: "c23-others" });
    board.append(others);
    for (const p of order) {
      const me = p.seat === opts.seat;
      const area = el("section", null, { class: `c23-player${p.seat === view.active ? " active" : ""}${p.out ? " out" : ""}`,
        "data-seat": p.seat, "aria-label": p.name });
      const head = `${p.name}${me ? " (you)" : ""}${p.out ? " — out of the game" : ""}`;
      const target = p.out ? null : leftOf(view, p.seat);
      area.append(el("h3", head, {}, target === null ? null
        : el("span", ` · attacks ${target === opts.seat ? "you" : playerName(view, target)}`, { class: "c23-attacks", "data-attacks": target })));
      area.append(el("p", null, { class: "c23-counts" },
        el("span", `Deck: ${p.deck_count}`, { class: `deck-count${p.deck_count <= 5 ? " low" : ""}`, "data-deck-count": p.deck_count, title: "A player whose deck reaches 0 cards loses." }),
        el("span", ` · Hand: ${p.hand_count}`, { class: "hand-count" }),
        el("span", ` · Discard: ${p.discard.length}`, { class: "discard-count" }),
        p.gone_count ? el("span", ` · Out of the game: ${p.gone_count}`) : null,
        p.hand_shown ? el("span", " · hand shown to all", { class: "hand-shown" }) : null));
      area.append(zone("Resources", p.resources, { "data-zone": "resources" }, (c) => {
        if (!payIds.has(c.id)) return cardTile(c);
        const chosen = pick.pay.includes(c.id);
        return cardTile(c, { clickable: true, cls: chosen ? ["chosen"] : [], onclick: () => {
          pick.pay = chosen ? pick.pay.filter((x) => x !== c.id) : [...pick.pay, c.id];
          rerender();
        } });
      }));
      area.append(zone("Characters", p.characters, { "data-zone": "characters" }, (c) => {
        const cls = [];
        if (attacking.has(c.id)) cls.push("attacking");
        if (blocking.has(c.id)) cls.push("blocking");
        if (pick.attackers.includes(c.id) || pick.blocker === c.id || pick.blocks[c.id]) cls.push("chosen");
        let onclick = null;
        if (attackIds.has(c.id)) {
          onclick = () => {
            pick.attackers = pick.attackers.includes(c.id) ? pick.attackers.filter((x) => x !== c.id) : [...pick.attackers, c.id];
            rerender();
          };
        } else if (blockers.has(c.id)) {
          onclick = () => {
            if (pick.blocks[c.id]) delete pick.blocks[c.id];
            else pick.blocker = pick.blocker === c.id ? null : c.id;
            rerender();
          };
        } else if (pick.blocker && blockPairs.has(`${pick.blocker}>${c.id}`)) {
          onclick = () => { pick.blocks[pick.blocker] = c.id; pick.blocker = null; rerender(); };
        }
        const tile = cardTile(c, { cls, onclick, clickable: !!onclick, copy: copy(c) });
        if (combat && combat.blocks && combat.blocks[c.id]) {
          tile.append(el("span", ` blocks ${ref(combat.blocks[c.id])}`, { class: "blocks-note" }));
        } else if (pick.blocks[c.id]) {
          tile.append(el("span", ` will block ${ref(pick.blocks[c.id])}`, { class: "blocks-note" }));
        }
        return tile;
      }));
      area.append(zone("Discard pile", p.discard, { "data-zone": "discard" }, (c) => cardTile(c, { copy: copy(c) })));
      if (p.hand) {
        area.append(zone(me ? "Your hand" : "Hand (shown)", p.hand, { "data-zone": "hand" }, (c) => cardTile(c, { copy: copy(c), inHand: true })));
      }
      (me ? board : others).append(area);
    }

    if (combat) {
      const box = el("section", null, { class: "c23-combat", id: "c23-combat" });
      box.append(el("h3", `${playerName(view, combat.attacker)} attacks ${playerName(view, combat.defender)}`));
      const mods = Object.entries(combat.mods || {});
      for (const [id, n] of mods) {
        const side = combat.attackers.includes(id) ? "attacking" : "defending";
        const who = refs[id] ? refs[id].owned : ref(id);
        box.append(el("p", `${sentence(who, view.players.map((p) => p.name))} (${side}): ${n > 0 ? "+" : ""}${n} power this combat`, { class: "mod" }));
      }
      box.append(el("p", `Combat cards played: defender ${combat.combat_cards_played.defender}, attacker ${combat.combat_cards_played.attacker}.`));
      board.append(box);
    }

    // The controls: one button per listed action, plus the built ones.
    bar = el("div", null, { class: "c23-actions", id: "c23-actions", "data-keys": "actions", "data-choices": "" });
    const mine = view.players.find((p) => p.seat === opts.seat);
    const button = (label, action, attrs = {}) => {
      const b = el("button", label, { type: "button", class: "btn small", "data-action": action ? action.type : null, ...attrs,
        disabled: opts.busy || attrs.disabled });
      if (action) b.addEventListener("click", () => send(action));
      return b;
    };
    if (pick.paying) {
      const a = pick.paying;
      const cost = cards[a.card] ? cards[a.card].cost : 0;
      bar.append(el("span", `Pick ${cost} resource${cost === 1 ? "" : "s"} to pay for ${cards[a.card].name} (${pick.pay.length} picked).`, { id: "c23-pay-hint" }));
      bar.append(button("Pay with these", { ...a, pay: [...pick.pay] }, { id: "c23-pay-confirm", disabled: pick.pay.length !== cost }));
      const cancel = button("Cancel", null, { id: "c23-pay-cancel", "data-shortcut": "Escape", "aria-keyshortcuts": "Escape" });
      cancel.addEventListener("click", () => { pick.paying = null; pick.pay = []; rerender(); });
      bar.append(cancel);
    } else {
      for (const a of legal) {
        if (a.type === "attack" || a.type === "block") continue;
        const end = a.type === "end_turn" ? { "data-shortcut": "e", "aria-keyshortcuts": "E" } : {};
        bar.append(button(actionLabel(view, a, refs), a, { "data-card": a.card || null, ...end }));
        if ((a.type === "play" || a.type === "combat_card") && cards[a.card] && cards[a.card].cost > 0) {
          const choose = button(`… choose how to pay`, null, { class: "btn small ghost", "data-pay-for": a.card });
          choose.addEventListener("click", () => { pick.paying = a; pick.pay = []; rerender(); });
          bar.append(choose);
        }
      }
      // The engine lists no reveal_hand (it is allowed at any time in a
      // 3-player game, K19/K24, docs/C23.md "Actions"), so the board offers it
      // itself while the viewer's hand is hidden; the server checks it again.
      if (view.status === "playing" && view.players.length === 3 && mine && !mine.out && !mine.hand_shown
          && !legal.some((a) => a.type === "reveal_hand")) {
        bar.append(button(actionLabel(view, { type: "reveal_hand" }), { type: "reveal_hand" }));
      }
      if (attackIds.size) {
        bar.append(el("span", "Click your untapped characters to choose attackers.", { class: "hint" }));
        bar.append(button(pick.attackers.length ? `Attack with ${pick.attackers.length}` : "Attack (choose attackers)",
          { type: "attack", attackers: [...pick.attackers] }, { id: "c23-attack", disabled: !pick.attackers.length }));
      }
      if (blockActions.length || blockers.size) {
        bar.append(el("span", pick.blocker ? "Now click the attacker it blocks." : "Click one of your characters, then the attacker it blocks.", { class: "hint" }));
        const n = Object.keys(pick.blocks).length;
        bar.append(button(n ? `Block with ${n}` : "Do not block", { type: "block", blocks: { ...pick.blocks } }, { id: "c23-block" }));
      }
    }
    // Conceding is allowed at any time (docs/C23.md "Actions"; the engine lists
    // it nowhere): asked twice, as giving up a game should be.
    if (view.status === "playing" && mine && !mine.out) {
      if (pick.conceding) {
        bar.append(el("span", concedeQuestion(view, opts.seat), { id: "c23-concede-question" }));
        bar.append(button("Yes, concede", { type: "concede" }, { id: "c23-concede-yes", class: "btn small danger" }));
        const no = button("Keep playing", null, { id: "c23-concede-no", class: "btn small ghost", "data-shortcut": "Escape", "aria-keyshortcuts": "Escape" });
        no.addEventListener("click", () => { pick.conceding = false; rerender(); });
        bar.append(no);
      } else {
        const c = button("Concede…", null, { id: "c23-concede", class: "btn small ghost" });
        c.addEventListener("click", () => { pick.conceding = true; rerender(); });
        bar.append(c);
      }
    }
    if (!opts.readOnly) board.append(bar);
    // Under the play: who attacks whom in a sentence and the rules link (above the board they pushed
    // the hand below a laptop's fold, issue 27 point 28).
    board.append(el("footer", null, { class: "c23-notes" },
      el("p", seatOrder(view, opts.seat), { id: "c23-seat-order", class: "c23-seat-order" }),
      el("p", null, { class: "hint" }, el("a", "How to play C-23", { href: "/c23/how-to-play/", target: "_blank", rel: "noopener", id: "c23-rules-link" }),
        el("span", " · ⚔ power, ◆ cost (resources to tap)", { id: "c23-legend" }))));
    // The log is the page's own panel (match.js renderLog), as for the other games.
    return [board];
  });
  // A question for this player brings its answers into sight once (on a laptop they sat below the
  // fold, under the table's notices): the controls scroll up to the screen's bottom edge, the combat
  // panel above them with them. Not again on a re-render of the same question.
  // Once the stylesheet is in: on a page's first render (a reload during a question) the unstyled
  // board is shorter, and the controls were scrolled to where they no longer are.
  const row = bar;
  if (row && !opts.readOnly && view.prompt && view.prompt.seat === opts.seat && shownQuestion !== pick.key) {
    shownQuestion = pick.key;
    ensureCss().then(() => { if (row.isConnected) row.scrollIntoView({ block: "nearest" }); });
  }
}
