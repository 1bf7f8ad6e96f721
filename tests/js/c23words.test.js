// static/js/c23words.js: the C-23 sentences that say who attacks whom, the
// order of turns and what conceding does, read from the engine's view
// (game/c23/view.py: each player's `attacks`, `turn_order`, the viewer's
// `concede_leaves_winner`), never worked out from the seats (issue 31 point 2).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { actionLabel, concedeQuestion, seatOrder } from "../../static/js/c23words.js";

/**
 * A crafted C-23 view: three players, `out` the seats out of the game,
 * `attacks` whom each player still in attacks, as the engine would say.
 * @param {{out?: number[], attacks: Record<number, number>, order: number[], leaves?: number | null}} opts
 */
function c23View({ out = [], attacks, order, leaves = null }) {
  const players = ["Ana", "Bo", "Cy"].map((name, seat) => {
    /** @type {Record<string, any>} */
    const p = { seat, name, out: out.includes(seat) };
    if (!p.out) p.attacks = attacks[seat];
    return p;
  });
  players[0].concede_leaves_winner = leaves;
  return { status: "playing", players, turn_order: order };
}

describe("seatOrder", () => {
  it("names whom the view says each player attacks, not the next seat number", () => {
    // A view whose attacks do not follow the seats: the words follow the view.
    const v = c23View({ attacks: { 0: 2, 1: 0, 2: 1 }, order: [0, 2, 1] });
    assert.equal(seatOrder(v, 0), "Cy sits on your left: you attack Cy. Bo attacks you. Turns go to the left: Ana → Cy → Bo → Ana.");
  });

  it("says the two players left attack each other once one is out", () => {
    const v = c23View({ out: [1], attacks: { 0: 2, 2: 0 }, order: [0, 2] });
    assert.equal(seatOrder(v, 0), "Cy sits on your left: you attack Cy, and Cy attacks you.");
  });

  it("tells a spectator the rule and the order of turns", () => {
    const v = c23View({ attacks: { 0: 1, 1: 2, 2: 0 }, order: [0, 1, 2] });
    assert.equal(seatOrder(v, null), "Each player attacks the player on their left, the next one in turn. Turns go to the left: Ana → Bo → Cy → Ana.");
  });
});

describe("concedeQuestion", () => {
  it("gives the game to the player the view names", () => {
    const v = c23View({ out: [2], attacks: { 0: 1, 1: 0 }, order: [0, 1], leaves: 1 });
    assert.equal(concedeQuestion(v, 0), "Give the game to Bo? Bo wins.");
  });

  it("says the others play on when the view names no winner", () => {
    const v = c23View({ attacks: { 0: 1, 1: 2, 2: 0 }, order: [0, 1, 2], leaves: null });
    assert.equal(concedeQuestion(v, 0), "Leave the game? Bo and Cy play on.");
  });
});

describe("actionLabel", () => {
  /** @param {string[]} names the viewer's characters in play */
  const attack = (names) => {
    const characters = names.map((name, i) => ({ id: `c${i}`, name }));
    const view = { viewer: 0, players: [{ seat: 0, name: "Ana", characters }, { seat: 1, name: "Bo", characters: [] }] };
    return actionLabel(view, { type: "attack", attackers: characters.map((c) => c.id) });
  };

  it("lists the attackers as every page lists names, 'and' before the last", () => {
    assert.equal(attack(["Ashen Scout", "Storm Rider", "Tide Caller"]), "Attack with Ashen Scout, Storm Rider and Tide Caller");
  });

  it("parts them by semicolons when a name holds a comma (docs/RULINGS.md, lists of card names)", () => {
    assert.equal(attack(["Maris, Tide Seer", "Ashen Scout"]), "Attack with Maris, Tide Seer; and Ashen Scout");
  });
});
