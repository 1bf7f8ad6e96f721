// The C-23 board (issue 18): draws a C-23 view (docs/C23.md, "Views") for 2
// or 3 players and turns the server's legal_actions into clicks. Nothing here
// decides a rule: a control exists only for an action the server listed (or,
// for attacks, blocks and payments, a set built from the cards those actions
// name, which the server checks again). Text is inserted as text, never HTML.
import { el, sentence } from "./common.js";
import { STEP_NAMES, actionLabel, c23Outcome, cardRefs, cardsById, concedeQuestion, playerName, seatOrder } from "./c23words.js";
import { drawIfChanged, drawSame } from "./redraw.js";

const CSS = new URL("../css/c23.css", import.meta.url).href;

// What the player is putting together across renders (cleared when the state moves on).
const pick = { key: "", attackers: [], blocks: {}, blocker: null, paying: null, pay: [], conceding: false };

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
    // Handlers as properties: a tile kept across redraws takes the newest ones (redraw.js drawSame).
    tile.onclick = () => extra.onclick();
    tile.onkeydown = (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); extra.onclick(); } };
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

  // Drawn again only when the view but its log (the page's own panel), the legal actions or what the
  // player is picking changed, and then only what differs is put in the page (redraw.js, issue 31
  // point 5): an unchanged player area, zone, card or button keeps its nodes and the focus in them.
  const drawnFrom = JSON.stringify([{ ...view, log: null }, legal, opts.seat, !!opts.busy, !!opts.readOnly, pick]);
  const drew = drawIfChanged(root, drawnFrom, () => {
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
      const target = p.out || p.attacks === undefined ? null : p.attacks; // whom the view says this player attacks
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
    const bar = el("div", null, { class: "c23-actions", id: "c23-actions", "data-keys": "actions", "data-choices": "" });
    const mine = view.players.find((p) => p.seat === opts.seat);
    const button = (label, action, attrs = {}) => {
      const b = el("button", label, { type: "button", class: "btn small", "data-action": action ? action.type : null, ...attrs,
        disabled: opts.busy || attrs.disabled });
      if (action) b.onclick = () => send(action);
      return b;
    };
    if (pick.paying) {
      const a = pick.paying;
      const cost = cards[a.card] ? cards[a.card].cost : 0;
      bar.append(el("span", `Pick ${cost} resource${cost === 1 ? "" : "s"} to pay for ${cards[a.card].name} (${pick.pay.length} picked).`, { id: "c23-pay-hint" }));
      bar.append(button("Pay with these", { ...a, pay: [...pick.pay] }, { id: "c23-pay-confirm", disabled: pick.pay.length !== cost }));
      const cancel = button("Cancel", null, { id: "c23-pay-cancel", "data-shortcut": "Escape", "aria-keyshortcuts": "Escape" });
      cancel.onclick = () => { pick.paying = null; pick.pay = []; rerender(); };
      bar.append(cancel);
    } else {
      for (const a of legal) {
        if (a.type === "attack" || a.type === "block") continue;
        const end = a.type === "end_turn" ? { "data-shortcut": "e", "aria-keyshortcuts": "E" } : {};
        bar.append(button(actionLabel(view, a, refs), a, { "data-card": a.card || null, ...end }));
        if ((a.type === "play" || a.type === "combat_card") && cards[a.card] && cards[a.card].cost > 0) {
          const choose = button(`… choose how to pay`, null, { class: "btn small ghost", "data-pay-for": a.card });
          choose.onclick = () => { pick.paying = a; pick.pay = []; rerender(); };
          bar.append(choose);
        }
      }
      // The engine lists no reveal_hand among the legal actions (it is allowed
      // at any time in a 3-player game, K19/K24, docs/C23.md "Actions"): the
      // view says when the viewer may (`may_reveal_hand`), and the board offers it.
      if (mine && mine.may_reveal_hand && !legal.some((a) => a.type === "reveal_hand")) {
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
    // Conceding is allowed at any time (docs/C23.md "Actions"; not among the
    // legal actions, the view's `may_concede` says it): asked twice, as giving up a game should be.
    if (mine && mine.may_concede) {
      if (pick.conceding) {
        bar.append(el("span", concedeQuestion(view, opts.seat), { id: "c23-concede-question" }));
        bar.append(button("Yes, concede", { type: "concede" }, { id: "c23-concede-yes", class: "btn small danger" }));
        const no = button("Keep playing", null, { id: "c23-concede-no", class: "btn small ghost", "data-shortcut": "Escape", "aria-keyshortcuts": "Escape" });
        no.onclick = () => { pick.conceding = false; rerender(); };
        bar.append(no);
      } else {
        const c = button("Concede…", null, { id: "c23-concede", class: "btn small ghost" });
        c.onclick = () => { pick.conceding = true; rerender(); };
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
  }, drawSame);
  // A question for this player brings its answers into sight once (on a laptop they sat below the
  // fold, under the table's notices): the controls scroll up to the screen's bottom edge, the combat
  // panel above them with them. Not again on a re-render of the same question.
  // Once the stylesheet is in: on a page's first render (a reload during a question) the unstyled
  // board is shorter, and the controls were scrolled to where they no longer are.
  const row = drew ? root.querySelector("#c23-actions") : null;
  if (row && !opts.readOnly && view.prompt && view.prompt.seat === opts.seat && shownQuestion !== pick.key) {
    shownQuestion = pick.key;
    ensureCss().then(() => { if (row.isConnected) row.scrollIntoView({ block: "nearest" }); });
  }
}
