// The Arcane Codex board (issue 17; docs/ARCANE.md): draws an Arcane view
// (each card as the playing card it is and what it is in the game, life,
// round, power left, the shared deck and discard, banished cards, the
// combat and the prompts) and offers exactly the server's legal actions by
// clicking. It knows no rule: a card is clickable because a legal action
// names it, a target lights up because a legal action of the card chosen
// names it. match.js hands it the page's nodes and its `act` (the live
// protocol); the Codex board (board.js) is never used for an Arcane view.
import { YOU, confirmThen, el, nameList, resultReason, sentence } from "./common.js";
import { drawIfChanged } from "./redraw.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);
const PROMPTS = {
  block: "choose blockers",
  drain: "discard for Mind Drain",
  damage_order: "order the blockers",
  hand_limit: "discard down to the hand limit",
};
const SIMPLE = {
  fight: "Fight: close the attack",
  done_blocking: "Done blocking",
  end_turn: "End the turn",
  offer_draw: "Offer a draw",
  concede: "Concede",
};

// The choice in progress: {source: id, actions: [...]} (a card picked, its targets lit); the
// card read in the inspector; the newest drawing's ctx (renderArcane), which the clicks on
// nodes kept from an earlier drawing (redraw.js) read, never the ctx they were built with.
const ui = { choice: null, inspect: null, ctx: null };

// Escape drops the choice in progress.
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && ui.choice) {
    ui.choice = null;
    if (ui.ctx) ui.ctx.rerender();
  }
});

/** True when `v` is an Arcane Codex view (the page then draws this board). */
export function isArcaneView(v) {
  return !!v && v.game === "arcane";
}

/** What a card is in the game, on one short line ("3/4 Crush", "Arcane Bolt", "Sage ✦5"). */
export function roleOf(card) {
  switch (card.kind) {
    case "land": return "Land";
    case "creature": {
      const power = card.power ?? card.base_power;
      const toughness = card.toughness ?? card.base_toughness;
      return `${power}/${toughness} ${card.ability || ""}`.trim();
    }
    case "spell": return card.spell || "Spell";
    case "relic": return "Relic: +1 power";
    case "charm": return "Charm: +1 toughness";
    case "sage": return card.essence === undefined ? "Sage" : `Sage ✦${card.essence}`;
    default: return card.kind || "";
  }
}

function playerOf(v, seat) {
  return v.players.find((p) => p.seat === seat);
}

function cardsOf(p) {
  return [...p.lands, ...p.creatures, ...p.relics, ...p.charms, ...p.sages, ...(p.hand || [])];
}

function findCard(v, id) {
  for (const p of v.players) {
    const c = cardsOf(p).find((x) => x.id === id);
    if (c) return c;
  }
  return [...v.discard, ...v.banished, ...(v.stack || [])].find((x) => x.id === id) || null;
}

function labelOf(v, id) {
  if (id === "player") return "the player";
  const c = findCard(v, id);
  return c ? c.label : id;
}

// ---- legal actions by card ---------------------------------------------------

/** The legal actions a click on card `id` starts (its plays, attacks, blocks, sage uses, orders, discards). */
function actionsOf(legal, id) {
  return legal.filter((a) => a.card === id || a.attacker === id && a.type !== "block" || a.blocker === id || a.sage === id);
}

/** The action `a` names once its source is picked: a target card id, "player", an attacker, or null. */
function targetOf(a) {
  if (a.type === "block") return a.attacker;
  return a.target === undefined ? null : a.target;
}

/** A sage ability's button: what it does (its target) and its essence cost, from the view's `sage_abilities`. */
function sageText(v, a) {
  const ability = (v.sage_abilities || []).find((s) => s.ability === a.ability);
  if (!ability) return a.ability;
  const target = a.target === undefined ? "" : `: ${labelOf(v, a.target)}`;
  const cost = ability.cost < 0 ? `the sage gains ${-ability.cost} essence` : `costs ${ability.cost} essence`;
  return `${ability.effect}${target} (${cost})`;
}

/**
 * An action in words that stand alone (the hint's): a play or discard names
 * its card ("Play 7♥"), anything else as its button says it.
 * @param {any} v the view
 * @param {any} a the action
 * @returns {string}
 */
export function actionWords(v, a) {
  const verb = { play: "Play", discard: "Discard" }[a.type];
  const own = verb && a.card !== undefined ? `${verb} ${labelOf(v, a.card)}` : "";
  if (!own) return describe(v, a);
  const t = targetOf(a);
  return t === null ? own : `${own} at ${labelOf(v, t)}`;
}

function describe(v, a) {
  if (a.type === "sage") return sageText(v, a);
  const parts = [];
  if (a.type === "order") parts.push(`damage to ${a.blockers.map((b) => labelOf(v, b)).join(", then ")}`);
  const t = targetOf(a);
  if (t !== null) parts.push(a.type === "block" ? `block ${labelOf(v, t)}` : `at ${labelOf(v, t)}`);
  if (!parts.length) parts.push({ play: "Play it", discard: "Discard it", attack: "Attack" }[a.type] || a.type);
  return parts.join(" ");
}

// ---- drawing -------------------------------------------------------------------

/** One playing card: its corner (rank and suit), a big suit, what it is, and its marks. */
export function cardTile(card, opts = {}) {
  const classes = ["acard", `kind-${card.kind}`, RED.has(card.suit) ? "red" : "black"];
  if (card.exhausted) classes.push("exhausted");
  if (card.arrived_this_turn) classes.push("arrived");
  if (card.used) classes.push("used");
  const node = el("button", null, {
    type: "button", class: classes.join(" "), "data-aid": card.id, "data-card": card.card,
    title: card.text,
  });
  node.append(el("span", `${card.rank}${SUITS[card.suit] || ""}`, { class: "acorner" }),
    el("span", SUITS[card.suit] || "", { class: "asuit" }),
    el("span", roleOf(card), { class: "arole" }),
    // The card's text for a screen reader, read after what the card shows and before its marks (an
    // aria-label of the text alone hid the marks and the rank, issue 31 point 4).
    el("span", `: ${card.text}.`, { class: "visually-hidden" }));
  const marks = [];
  if (card.damage) marks.push(`${card.damage} damage`);
  if (card.exhausted) marks.push("exhausted");
  if (card.arrived_this_turn) marks.push("new");
  if (card.used) marks.push("used");
  if (marks.length) node.append(el("span", marks.join(" · "), { class: "amarks" }));
  if (opts.onclick) node.onclick = opts.onclick;
  return node;
}

function hiddenCards(count, label) {
  const box = el("div", null, { class: "ahidden", role: "group", "aria-label": label });
  for (let i = 0; i < Math.min(count, 10); i += 1) box.append(el("span", null, { class: "aback" }));
  box.append(el("span", `${count}`, { class: "acount" }));
  return box;
}

function zone(title, cards, cls) {
  const row = el("div", null, { class: `azone ${cls}` });
  row.append(el("h3", title, { class: "azone-title" }));
  const list = el("div", null, { class: "acards" });
  for (const c of cards) list.append(cardTile(c, { onclick: () => clickCard(c.id) }));
  if (!cards.length) list.append(el("span", "none", { class: "hint" }));
  row.append(list);
  return row;
}

function playerPanel(v, p, mine) {
  const box = el("section", null, {
    class: `aplayer${mine ? " mine" : ""}${v.active === p.seat ? " active" : ""}`, "data-seat": p.seat, id: `seat-${p.seat}`,
  });
  const head = el("div", null, { class: "aplayer-head player-title" }); // player-title: tablebots.markBots tags a bot's name

  const life = el("button", `♥ ${p.life}`, {
    type: "button", class: "alife", "data-aid": `player-${p.seat}`, title: `${p.name}'s life`,
  });
  life.onclick = () => clickCard("player", p.seat);
  head.append(el("strong", p.name, { class: "pname" }), life);
  const facts = [`${p.hand_count} in hand`];
  if (p.power_left !== null && p.power_left !== undefined) facts.push(`${p.power_left} power left`);
  if (p.land_played) facts.push("land played");
  if (p.draw_offer) facts.push("offers a draw");
  if (p.blood_debt) facts.push("Blood Debt");
  head.append(el("span", facts.join(" · "), { class: "afacts" }));
  if (v.active === p.seat && v.status === "playing") head.append(el("span", "to play", { class: "tag turn-tag" }));
  box.append(head);
  if (!mine) box.append(hiddenCards(p.hand_count, `${p.name}'s hand: ${p.hand_count} cards`));
  const arena = el("div", null, { class: "aarena" });
  arena.append(zone("Lands", p.lands, "lands"), zone("Creatures", p.creatures, "creatures"),
    zone("Relics and charms", [...p.relics, ...p.charms], "permanents"), zone("Sages", p.sages, "sages"));
  box.append(arena);
  return box;
}

function middle(v) {
  const box = el("section", null, { class: "amiddle", "aria-label": "The shared deck, the discard pile and the combat" });
  box.append(el("span", `Round ${v.round}${v.options.round_cap ? ` of ${v.options.round_cap}` : ""}`, { class: "tag around" }));
  box.append(el("span", `Deck: ${v.deck_count}`, { class: "tag adeck", "data-count": v.deck_count }));
  const top = v.discard.length ? v.discard[v.discard.length - 1] : null;
  const discard = el("button", `Discard: ${v.discard.length}${top ? ` (top ${top.label})` : ""}`, {
    type: "button", class: "btn small adiscard",
  });
  discard.onclick = () => { ui.inspect = ui.inspect === "discard" ? null : "discard"; ui.ctx.rerender(); };
  box.append(discard);
  const banished = el("button", `Banished: ${v.banished.length}`, { type: "button", class: "btn small abanished" });
  banished.onclick = () => { ui.inspect = ui.inspect === "banished" ? null : "banished"; ui.ctx.rerender(); };
  box.append(banished);
  for (const s of v.stack || []) box.append(el("span", `Resolving: ${s.text || s.label}`, { class: "tag astack" }));
  if (v.attacks.length) {
    const list = el("ul", null, { class: "aattacks", "aria-label": "Attacks" });
    for (const a of v.attacks) {
      const blockers = a.blockers.length ? `, blocked by ${nameList(a.blockers.map((b) => labelOf(v, b)))}` : "";
      const defender = v.players.find((p) => p.seat !== v.active);
      const target = a.target === "player" ? defender.name : `${defender.name}'s sage ${labelOf(v, a.target)}`;
      list.append(el("li", `${labelOf(v, a.attacker)} attacks ${target}${blockers}`));
    }
    box.append(list);
  }
  return box;
}

// ---- clicking ------------------------------------------------------------------

function clickCard(id, seat = null) {
  const ctx = ui.ctx;
  const { msg } = ctx;
  const legal = msg.legal_actions || [];
  ui.inspect = id === "player" ? null : id;
  if (ui.choice) {
    // A target of the choice in progress (the opponent's life button stands for "player").
    const wanted = id === "player" ? (seat === msg.seat ? null : "player") : id;
    const hit = ui.choice.actions.filter((a) => targetOf(a) === wanted && wanted !== null);
    if (hit.length === 1) {
      ui.choice = null;
      ctx.act(hit[0]);
      return;
    }
    if (id === ui.choice.source) { ui.choice = null; ctx.rerender(); return; }
  }
  if (id === "player") { ctx.rerender(); return; }
  const actions = actionsOf(legal, id);
  // A lone sage ability is a choice too: its button says what it does and costs before it is used.
  if (actions.length === 1 && targetOf(actions[0]) === null && !["order", "sage"].includes(actions[0].type)) {
    ui.choice = null;
    ctx.act(actions[0]);
    return;
  }
  ui.choice = actions.length ? { source: id, actions } : null;
  ctx.rerender();
}

/** The lit targets of the choice in progress: {id: true}; "player" is the opponent's life. */
function litTargets() {
  const out = new Set();
  if (!ui.choice) return out;
  for (const a of ui.choice.actions) {
    const t = targetOf(a);
    if (t !== null) out.add(t);
  }
  return out;
}

function choicePanel(v, ctx) {
  if (!ui.choice) return null;
  const box = el("div", null, { class: "achoice", role: "group", "aria-label": "Your choice", "data-choices": "" });
  const source = labelOf(v, ui.choice.source);
  const targets = litTargets();
  box.append(el("p", targets.size
    ? `${source}: click a lit target, or pick below.`
    : `${source}: pick what to do.`, { class: "hint" }));
  for (const a of ui.choice.actions) {
    const b = el("button", describe(v, a), { type: "button", class: "btn small achoose", "data-action": JSON.stringify(a) });
    b.onclick = () => { ui.choice = null; ctx.act(a); };
    box.append(b);
  }
  const cancel = el("button", "Cancel", { type: "button", class: "btn small ghost", "data-shortcut": "Escape", "aria-keyshortcuts": "Escape" });
  cancel.onclick = () => { ui.choice = null; ctx.rerender(); };
  box.append(cancel);
  return box;
}

function actionButtons(_v, ctx) {
  const legal = ctx.msg.legal_actions || [];
  const out = [];
  for (const a of legal) {
    if (!SIMPLE[a.type]) continue;
    const b = el("button", SIMPLE[a.type], {
      type: "button", class: `btn ${a.type === "concede" ? "danger" : a.type === "offer_draw" ? "ghost" : "primary"}`,
      "data-simple": a.type, "data-shortcut": a.type === "end_turn" ? "e" : null, "aria-keyshortcuts": a.type === "end_turn" ? "E" : null,
    });
    const go = () => {
      ui.choice = null;
      ctx.act(a);
    };
    // Conceding asks first, in the site's own dialog (as the Codex page does), not the browser's.
    b.onclick = a.type === "concede" ? () => confirmThen("Concede this game? Your opponent wins.", "Concede", go) : go;
    out.push(b);
  }
  return out;
}

/**
 * The players a finished game's result reason is about, as resultReason
 * takes them (names, YOU for `seat`): whose life ran out (0 or less, A32),
 * who conceded (the player who did not win); empty for the other reasons.
 */
export function arcaneConcerned(v, seat) {
  if (v.status === "playing") return [];
  let who = [];
  if (v.result_reason === "life") who = v.players.filter((p) => p.life <= 0);
  else if (v.result_reason === "concede" && v.winner !== null && v.winner !== undefined) who = v.players.filter((p) => p.seat !== v.winner);
  return who.map((p) => (p.seat === seat ? YOU : p.name));
}

/**
 * What the result dialog of a finished game says under its title (which says
 * who won, as `seat` reads it): how the game ended, naming the players
 * concerned, and, for the player who lost, who won, as the Codex dialog
 * says it ("Bo's life ran out; you have 7 life left.", "Your life ran out;
 * Ana wins with 7 life left.", "Bo conceded.", "You conceded; Ana wins.",
 * the lives at the round cap, A33: "...: Ana has 12 life, you 7; Ana wins.").
 */
export function arcaneResultText(v, seat) {
  const winner = v.winner === null || v.winner === undefined ? null : playerOf(v, v.winner);
  const has = (p) => (p.seat === seat ? `you have ${p.life} life` : `${p.name} has ${p.life} life`);
  // The loser's title only says "You lost": the text names who won.
  const lost = winner !== null && seat !== null && seat !== undefined && seat !== winner.seat;
  const wins = lost ? `; ${winner.name} wins` : "";
  if (v.result_reason === "round_cap") {
    const last = `The last round (${v.round}) is over`;
    if (!winner) return `${last} with both players at ${v.players[0].life} life.`;
    const loser = v.players.find((p) => p.seat !== winner.seat);
    return `${last}: ${has(winner)}, ${loser.seat === seat ? "you" : loser.name} ${loser.life}${wins}.`;
  }
  const why = resultReason(v.result_reason, arcaneConcerned(v, seat));
  if (!why) return arcaneBanner(v, seat);
  const names = v.players.map((p) => p.name);
  if (winner && v.result_reason === "life") {
    return `${sentence(why, names)}${lost ? `${wins} with ${winner.life} life left` : `; ${has(winner)} left`}.`;
  }
  return `${sentence(why, names)}${wins}.`;
}

/** What the game waits for, for this viewer: a sentence. */
export function arcaneBanner(v, seat) {
  if (v.status !== "playing") {
    const names = (v.winners || []).map((s) => playerOf(v, s).name);
    const why = resultReason(v.result_reason, arcaneConcerned(v, seat));
    return names.length ? `${nameList(names)} won${why ? `: ${why}` : ""}.` : `A draw${why ? `: ${why}` : ""}.`;
  }
  const p = v.prompt;
  if (p) {
    const who = p.seat === seat ? "You" : playerOf(v, p.seat).name;
    const left = p.left ? ` (${p.left} left)` : "";
    return `${who}: ${PROMPTS[p.kind] || p.kind}${left}.`;
  }
  const active = playerOf(v, v.active);
  const phase = { main: "main phase", attack: "declaring attackers", main2: "second main phase" }[v.phase] || v.phase;
  return v.active === seat ? `Your turn: ${phase}.` : `${active.name}'s turn: ${phase}.`;
}

/**
 * Draw the Arcane board. `ctx`: {msg (the newest state message), act(action),
 * rerender(), busy, nodes: {opponents, me, hand, handBox, handCount, bar, inspector}}.
 * The replay page passes no `bar` nor `inspector` and no legal actions: a board to look at.
 */
export function renderArcane(ctx) {
  const { msg, nodes } = ctx;
  ui.ctx = ctx;
  const v = msg.view;
  const legal = msg.legal_actions || [];
  if (ui.choice && !ui.choice.actions.every((a) => legal.some((b) => JSON.stringify(a) === JSON.stringify(b)))) ui.choice = null;
  const bottomSeat = msg.seat === null ? 0 : msg.seat;
  const me = playerOf(v, bottomSeat);
  const other = v.players.find((p) => p.seat !== bottomSeat);
  // Each part drawn again only when what it shows changed (redraw.js, issue 31 point 5).
  const middleKey = [v.round, v.options, v.deck_count, v.discard, v.banished, v.stack, v.attacks, v.players.map((p) => p.name)];
  drawIfChanged(nodes.opponents, JSON.stringify([other, v.active, v.status, middleKey]), () => [playerPanel(v, other, false), middle(v)]);
  drawIfChanged(nodes.me, JSON.stringify([me, v.active, v.status, msg.seat]), () => [playerPanel(v, me, msg.seat !== null)]);
  // The hand (a seat's own; a spectator's hand box stays hidden).
  nodes.handBox.hidden = msg.seat === null;
  if (msg.seat !== null) {
    nodes.handCount.textContent = `(${(me.hand || []).length})`;
    drawIfChanged(nodes.hand, JSON.stringify(me.hand || []), () => (me.hand || []).map((c) => cardTile(c, { onclick: () => clickCard(c.id) })));
  }
  if (nodes.bar) {
    drawIfChanged(nodes.bar, JSON.stringify([v, legal, ui.choice, ctx.busy, msg.seat]),
      () => [choicePanel(v, ctx), ...(msg.seat !== null ? actionButtons(v, ctx) : [])]);
  }
  // Light what may be clicked: cards with actions, and the targets of the choice.
  const lit = litTargets();
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-aid]"))) {
    const aid = node.dataset.aid;
    const isPlayer = aid.startsWith("player-");
    const target = isPlayer ? Number(aid.slice(7)) !== msg.seat && lit.has("player") : lit.has(aid);
    node.classList.toggle("target", target);
    node.classList.toggle("can-act", !isPlayer && actionsOf(legal, aid).length > 0);
    node.classList.toggle("selected", !!ui.choice && ui.choice.source === aid);
  }
  if (nodes.inspector) renderInspector(v, nodes.inspector);
}

function renderInspector(v, box) {
  const parts = [];
  if (ui.inspect === "discard" || ui.inspect === "banished") {
    const cards = ui.inspect === "discard" ? v.discard : v.banished;
    parts.push(el("h3", ui.inspect === "discard" ? "The discard pile (top last)" : "Banished cards"));
    parts.push(el("p", cards.length ? cards.map((c) => c.text).join("; ") : "None yet.", { class: "ainspect" }));
  } else {
    const card = ui.inspect ? findCard(v, ui.inspect) : null;
    if (card) {
      // The label, then what the card does at this table (a spell's name first); the short phrase
      // "7♦, a 3/4 creature with Sentinel" would only say the label and the effect again.
      const does = card.effect ? (card.spell ? `${card.spell}: ${card.effect}` : card.effect) : card.text;
      parts.push(el("h3", card.label), el("p", does, { class: "ainspect aeffect" }));
      if (card.kind === "creature") parts.push(el("p", `Power ${card.power ?? card.base_power}, toughness ${card.toughness ?? card.base_toughness}${card.damage ? `, ${card.damage} damage on it` : ""}.`, { class: "hint" }));
      // A sage's essence is counted in play only (one in hand has none yet).
      if (card.kind === "sage" && card.essence !== undefined) parts.push(el("p", `${card.essence} essence.`, { class: "hint" }));
      if (card.cost) parts.push(el("p", `Costs ${card.cost} power to play.`, { class: "hint" }));
    } else {
      parts.push(el("p", "Click a card to read it; lit cards can act.", { class: "hint" }));
    }
  }
  parts.push(el("p", null, { class: "hint" }, el("a", "How to play Arcane Codex ↗", {
    href: "/how-to-play/arcane/", target: "_blank", rel: "noopener", id: "arcane-how-to",
  })));
  box.replaceChildren(...parts);
}
