// static/js/legal.js: the page offers only what the server's `legal_actions`
// list holds; these check how it indexes that list by card and narrows a
// multi-target choice one pick at a time.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { bagKey, cardHasActions, indexActions, narrow } from "../../static/js/legal.js";

/** A Codex main phase's legal actions, as the engine lists them. */
const LEGAL = [
  { type: "hire", card: "c3" },
  { type: "hire" }, // Daggerfall Prison Camp: the hire names no card
  { type: "play", card: "c3", targets: [] },
  { type: "play", card: "c4", targets: ["u1"] },
  { type: "play", card: "c4", targets: ["u2"] },
  { type: "summon", hero: "h1" },
  { type: "level_up", hero: "h2", levels: 1 },
  { type: "level_up", hero: "h2", levels: 2 },
  { type: "ability", card: "u1", ability: 0, targets: ["u9"] },
  { type: "ability", card: "u1", ability: 0, targets: ["u8"] },
  { type: "ability", card: "u1", ability: 1 },
  { type: "attack", attacker: "u2", target: "base:1" },
  { type: "patrol", card: "u2", slot: "squad_leader" },
  { type: "build", building: "tech_1" },
  { type: "end_main" },
  { type: "end_main", stash: "c3" },
  { type: "tech", cards: ["x1", "x2"] },
  { type: "choose", option: 0 },
  { type: "concede" },
  { type: "some_new_action" },
];

describe("indexActions", () => {
  const idx = indexActions(LEGAL);

  it("counts every action", () => {
    assert.equal(idx.count, LEGAL.length);
  });

  it("files each action under its card", () => {
    const c3 = idx.byCard.get("c3");
    assert.ok(c3);
    assert.deepEqual(c3.hire, { type: "hire", card: "c3" });
    assert.equal(c3.play.length, 1);
    assert.equal(idx.byCard.get("c4")?.play.length, 2);
    assert.deepEqual(idx.byCard.get("h1")?.summon, { type: "summon", hero: "h1" });
    assert.equal(idx.byCard.get("h2")?.levelUp.length, 2);
    assert.equal(idx.byCard.get("u2")?.attack.length, 1);
    assert.equal(idx.byCard.get("u2")?.patrol.length, 1);
  });

  it("groups abilities by their index", () => {
    const abilities = idx.byCard.get("u1")?.abilities;
    assert.ok(abilities);
    assert.equal(abilities.get(0)?.length, 2);
    assert.equal(abilities.get(1)?.length, 1);
  });

  it("keeps a hire with no card among the hires only", () => {
    assert.equal(idx.hire.length, 2);
    assert.equal(idx.byCard.has("undefined"), false);
  });

  it("tells the plain end of the main phase from the ends that stash a card", () => {
    assert.deepEqual(idx.endMain, { type: "end_main" });
    assert.deepEqual(idx.stash, [{ type: "end_main", stash: "c3" }]);
  });

  it("lists build, tech, choose, concede and unknown types apart", () => {
    assert.equal(idx.build.length, 1);
    assert.equal(idx.tech.length, 1);
    assert.equal(idx.choose.length, 1);
    assert.deepEqual(idx.concede, { type: "concede" });
    assert.deepEqual(idx.other, [{ type: "some_new_action" }]);
  });

  it("an empty list offers nothing", () => {
    const none = indexActions([]);
    assert.equal(none.count, 0);
    assert.equal(none.endMain, null);
    assert.equal(none.concede, null);
    assert.equal(none.byCard.size, 0);
  });
});

describe("cardHasActions", () => {
  const idx = indexActions(LEGAL);

  it("is true for a card with anything to do", () => {
    for (const id of ["c3", "c4", "h1", "h2", "u1", "u2"]) assert.equal(cardHasActions(idx, id), true, id);
  });

  it("is false for a card with nothing to do", () => {
    assert.equal(cardHasActions(idx, "u9"), false);
  });
});

describe("narrow", () => {
  const plays = [
    { type: "play", card: "s1", targets: ["a", "x"] },
    { type: "play", card: "s1", targets: ["a", "y"] },
    { type: "play", card: "s1", targets: ["b", "x"] },
    { type: "play", card: "s1", targets: ["b"] },
  ];
  /** @param {import("../../static/js/protocol.js").Action} a @returns {string[]} */
  const path = (a) => a.targets || [];

  it("offers the distinct first picks before any pick", () => {
    const { remaining, next, complete } = narrow(plays, path, []);
    assert.equal(remaining.length, 4);
    assert.deepEqual(next, ["a", "b"]);
    assert.deepEqual(complete, []);
  });

  it("narrows by the picks made", () => {
    const { remaining, next, complete } = narrow(plays, path, ["a"]);
    assert.equal(remaining.length, 2);
    assert.deepEqual(next, ["x", "y"]);
    assert.deepEqual(complete, []);
  });

  it("an action whose targets are all picked is complete, while longer ones go on", () => {
    const { next, complete } = narrow(plays, path, ["b"]);
    assert.deepEqual(complete, [{ type: "play", card: "s1", targets: ["b"] }]);
    assert.deepEqual(next, ["x"]);
  });

  it("a pick no action has leaves nothing", () => {
    assert.deepEqual(narrow(plays, path, ["z"]), { remaining: [], next: [], complete: [] });
  });
});

describe("bagKey", () => {
  it("is the same whatever the order", () => {
    assert.equal(bagKey(["b", "a", "c"]), bagKey(["c", "b", "a"]));
  });

  it("counts repeats", () => {
    assert.notEqual(bagKey(["a", "a", "b"]), bagKey(["a", "b", "b"]));
  });

  it("leaves its list as it was", () => {
    const list = ["b", "a"];
    bagKey(list);
    assert.deepEqual(list, ["b", "a"]);
  });
});
