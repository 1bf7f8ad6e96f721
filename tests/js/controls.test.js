// static/js/controls.js: what the player is doing between two versions.
// A choice of targets narrows the legal actions one pick at a time and
// sends the action once nothing is left to choose; only legal picks are
// clickable; a new state drops the choices it ended.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  activeTargets, afterSend, beginTargeting, createControls, genericPath, keepChoicesValid, lendActions, lendSlot, myPrompt,
  otherAction, pickTech, promptToggle, targetingStep,
} from "../../static/js/controls.js";
import { indexActions } from "../../static/js/legal.js";

/** @typedef {import("../../static/js/protocol.js").Action} Action */
/** @typedef {import("../../static/js/protocol.js").StateMessage} StateMessage */

/** Two plays of a spell, each with two targets to pick in order. */
const PLAYS = [
  { type: "play", card: "c4", targets: ["u1", "u2"] },
  { type: "play", card: "c4", targets: ["u1", "u3"] },
  { type: "play", card: "c4", targets: ["u5", "u2"] },
];

/**
 * A state message of seat 0 with `legal` and `view` fields.
 * @param {Action[]} legal
 * @param {Record<string, any>} [view]
 * @returns {StateMessage}
 */
function message(legal, view = {}) {
  return { type: "state", version: 1, seat: 0, status: "playing", result: null, view: { players: [{ seat: 0 }, { seat: 1 }], ...view }, legal_actions: legal };
}

/** Handlers that record what a click did. */
function recorder() {
  /** @type {any[]} */
  const did = [];
  return {
    did,
    on: {
      pick: (/** @type {any} */ id) => did.push(["pick", id]),
      option: (/** @type {any} */ _prompt, /** @type {any} */ option) => did.push(["option", option]),
      act: (/** @type {Action} */ a) => did.push(["act", a]),
    },
  };
}

describe("targeting", () => {
  it("waits for picks while several remain, then sends the one action left", () => {
    const ui = createControls();
    beginTargeting(ui, "Play", () => PLAYS, (a) => a.targets);
    assert.equal(targetingStep(ui), null);
    assert.ok(ui.targeting);
    ui.targeting.chosen.push("u1");
    assert.equal(targetingStep(ui), null, "u2 or u3 still to pick");
    ui.targeting.chosen.push("u3");
    assert.deepEqual(targetingStep(ui), PLAYS[1]);
  });

  it("sends at once an action with nothing to pick", () => {
    const ui = createControls();
    const plain = [{ type: "play", card: "c3", targets: [] }];
    beginTargeting(ui, "Play", () => plain, (a) => a.targets);
    assert.deepEqual(targetingStep(ui), plain[0]);
  });

  it("ends the choice when no action is left", () => {
    const ui = createControls();
    beginTargeting(ui, "Play", () => [], (a) => a.targets);
    assert.equal(targetingStep(ui), null);
    assert.equal(ui.targeting, null);
  });

  it("offers on the board only the next picks of the choice", () => {
    const ui = createControls();
    beginTargeting(ui, "Play", () => PLAYS, (a) => a.targets);
    const { did, on } = recorder();
    const idx = indexActions(PLAYS);
    const targets = activeTargets(ui, { msg: message(PLAYS), idx, busy: false }, on);
    assert.deepEqual([...targets.keys()].sort(), ["u1", "u5"]);
    assert.equal(targets.get("u5")?.kind, "pick");
    targets.get("u5")?.();
    assert.deepEqual(did, [["pick", "u5"]]);
  });

  it("offers nothing while an action awaits its answer", () => {
    const ui = createControls();
    beginTargeting(ui, "Play", () => PLAYS, (a) => a.targets);
    const targets = activeTargets(ui, { msg: message(PLAYS), idx: indexActions(PLAYS), busy: true }, recorder().on);
    assert.equal(targets.size, 0);
  });

  it("is over once an action is sent; a tech action also clears the tech picks", () => {
    const ui = createControls();
    beginTargeting(ui, "Play", () => PLAYS, (a) => a.targets);
    ui.promptPick = ["x"];
    ui.techPick = ["t1"];
    afterSend(ui, PLAYS[0]);
    assert.equal(ui.targeting, null);
    assert.deepEqual(ui.promptPick, []);
    assert.deepEqual(ui.techPick, ["t1"]);
    afterSend(ui, { type: "tech", cards: ["t1"] });
    assert.deepEqual(ui.techPick, []);
  });
});

describe("the selected card's targets", () => {
  const legal = [
    { type: "attack", attacker: "u2", target: "base:1" },
    { type: "attack", attacker: "u2", target: "u7" },
    { type: "patrol", card: "u2", slot: "elite" },
    { type: "patrol", card: "u2", slot: null },
    { type: "lend", card: "u2", to: 1, slot: "scavenger" },
    { type: "attack", attacker: "u3", target: "u8" },
  ];

  it("lights the attack targets, own patrol slots and lending slots of the selected card only", () => {
    const ui = createControls();
    ui.selected = "u2";
    const { did, on } = recorder();
    const targets = activeTargets(ui, { msg: message(legal), idx: indexActions(legal), busy: false }, on);
    assert.deepEqual([...targets.keys()].sort(), ["base:1", "slot:0:elite", "slot:1:scavenger", "u7"]);
    assert.equal(targets.get("u7")?.kind, "attack");
    assert.equal(targets.get("slot:0:elite")?.kind, "patrol");
    assert.equal(targets.get("slot:1:scavenger")?.kind, "patrol");
    targets.get("slot:1:scavenger")?.();
    assert.deepEqual(did, [["act", legal[4]]]);
  });

  it("lights nothing for a spectator's own slots", () => {
    const ui = createControls();
    ui.selected = "u2";
    const msg = { ...message(legal), seat: null };
    const targets = activeTargets(ui, { msg, idx: indexActions(legal), busy: false }, recorder().on);
    assert.equal(targets.has("slot:0:elite"), false);
  });

  it("finds the lend actions and the slot each fills", () => {
    const idx = indexActions(legal);
    assert.equal(lendActions(idx).length, 1);
    assert.equal(lendActions(idx, "u3").length, 0);
    assert.equal(lendSlot(lendActions(idx, "u2")[0]), "slot:1:scavenger");
    assert.equal(otherAction(idx, "lend")?.card, "u2");
    assert.equal(otherAction(idx, "repair"), undefined);
  });
});

describe("a pending question", () => {
  const choose = [
    { type: "choose", choice: ["a"] },
    { type: "choose", choice: ["b"] },
    { type: "choose", choice: ["a", "b"] },
    { type: "choose", choice: [] },
  ];

  it("is the viewer's only when asked of their seat with options", () => {
    assert.equal(myPrompt(message(choose, { prompt: { id: 1, seat: 1, options: ["a"] } })), null);
    assert.equal(myPrompt(message(choose, { prompt: { id: 1, seat: 0 } })), null);
    assert.equal(myPrompt(message(choose, { prompt: { id: 1, seat: 0, options: ["a"] } }))?.id, 1);
  });

  it("lights its options on the board", () => {
    const ui = createControls();
    const msg = message(choose, { prompt: { id: 1, seat: 0, options: ["a", "b"], count: 1 } });
    const { did, on } = recorder();
    const targets = activeTargets(ui, { msg, idx: indexActions(choose), busy: false }, on);
    assert.deepEqual([...targets.keys()], ["a", "b"]);
    targets.get("b")?.();
    assert.deepEqual(did, [["option", "b"]]);
  });

  it("answers a one-answer question at once", () => {
    const ui = createControls();
    assert.deepEqual(promptToggle(ui, { count: 1 }, "b", indexActions(choose)), choose[1]);
    assert.deepEqual(ui.promptPick, []);
  });

  it("picks and unpicks up to the count asked", () => {
    const ui = createControls();
    const idx = indexActions(choose);
    const prompt = { count: 2 };
    assert.equal(promptToggle(ui, prompt, "a", idx), null);
    assert.equal(promptToggle(ui, prompt, "b", idx), null);
    assert.equal(promptToggle(ui, prompt, "c", idx), null);
    assert.deepEqual(ui.promptPick, ["a", "b"], "no third pick");
    promptToggle(ui, prompt, "a", idx);
    assert.deepEqual(ui.promptPick, ["b"]);
  });
});

describe("keepChoicesValid", () => {
  it("drops a choice none of whose actions remain, another prompt's picks, tech picks and a vanished selection", () => {
    const ui = createControls();
    beginTargeting(ui, "Play", () => [], (a) => a.targets);
    ui.promptPick = ["a"];
    ui.promptId = 1;
    ui.techPick = ["t1"];
    ui.techRead = "t1";
    ui.selected = "u9";
    keepChoicesValid(ui, { prompt: { id: 2 } }, indexActions([]), (id) => id !== "u9");
    assert.equal(ui.targeting, null);
    assert.deepEqual(ui.promptPick, []);
    assert.equal(ui.promptId, 2);
    assert.deepEqual(ui.techPick, []);
    assert.equal(ui.techRead, null);
    assert.equal(ui.selected, null);
  });

  it("keeps what the new state still allows", () => {
    const ui = createControls();
    beginTargeting(ui, "Play", () => PLAYS, (a) => a.targets);
    ui.promptPick = ["a"];
    ui.promptId = 1;
    ui.techPick = ["t1"];
    ui.selected = "u1";
    keepChoicesValid(ui, { prompt: { id: 1 } }, indexActions([{ type: "tech", cards: ["t1"] }]), () => true);
    assert.ok(ui.targeting);
    assert.deepEqual(ui.promptPick, ["a"]);
    assert.deepEqual(ui.techPick, ["t1"]);
    assert.equal(ui.selected, "u1");
  });
});

describe("pickTech and genericPath", () => {
  it("picks a codex card only while one is left and the count allows", () => {
    const ui = createControls();
    assert.equal(pickTech(ui, "t1", 1, 2), true);
    assert.equal(pickTech(ui, "t1", 0, 2), false);
    assert.equal(pickTech(ui, "t2", 2, 2), true);
    assert.equal(pickTech(ui, "t3", 2, 2), false);
    assert.deepEqual(ui.techPick, ["t1", "t2"]);
  });

  it("lists an action's values besides its type, as ids to pick", () => {
    assert.deepEqual(genericPath({ type: "x", card: "c1", targets: ["u1", 3], n: 2, opt: { a: 1 }, none: null }), ["c1", "u1", "3", "2", "{\"a\":1}", "null"]);
  });
});
