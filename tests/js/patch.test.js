// static/js/patch.js against the server's patch format (game/patch.py,
// docs/PROTOCOL.md "Patches"): the cases are patches as the server makes
// them (`patch_message(previous, current)`), applied to the previous state.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { applyPatch } from "../../static/js/patch.js";

/** @typedef {import("../../static/js/protocol.js").StateMessage} StateMessage */

/**
 * A state message as the server sends it (a Codex-like view, trimmed).
 * @returns {StateMessage}
 */
function stateMessage() {
  return {
    type: "state",
    version: 7,
    seat: 0,
    status: "playing",
    result: null,
    view: {
      active: 0,
      phase: "main",
      players: [
        { seat: 0, gold: 4, hand: ["c1", "c2"], workers: 4 },
        { seat: 1, gold: 2, hand_count: 5, workers: 4 },
      ],
      log: [
        { n: 40, text: "Bo hires Timely Messenger." },
        { n: 41, text: "Bo ends the main phase." },
      ],
    },
    legal_actions: [{ type: "end_main" }, { type: "hire", card: "c1" }],
  };
}

describe("applyPatch", () => {
  it("sets a nested value and takes the patch's version", () => {
    const before = stateMessage();
    const after = applyPatch(before, {
      type: "patch", version: 8, base: 7, ops: [["set", ["view", "players", 0, "gold"], 5]],
    });
    assert.equal(after.version, 8);
    assert.equal(after.view.players[0].gold, 5);
    assert.equal(after.view.players[1].gold, 2);
  });

  it("leaves the state it was given as it was", () => {
    const before = stateMessage();
    const copy = structuredClone(before);
    applyPatch(before, {
      type: "patch", version: 8, base: 7,
      ops: [["set", ["view", "players", 0, "gold"], 5], ["del", ["view", "phase"]],
        ["trim", ["view", "log"], 1, [{ n: 42, text: "Cy draws." }]]],
    });
    assert.deepEqual(before, copy);
  });

  it("adds a new key and removes an old one", () => {
    const after = applyPatch(stateMessage(), {
      type: "patch", version: 8, base: 7,
      ops: [["set", ["view", "map"], { id: "fury_road", name: "Fury Road", rule: "..." }], ["del", ["view", "phase"]]],
    });
    assert.deepEqual(after.view.map, { id: "fury_road", name: "Fury Road", rule: "..." });
    assert.equal("phase" in after.view, false);
  });

  it("scrolls the log: trims the first k lines and appends the new ones", () => {
    const after = applyPatch(stateMessage(), {
      type: "patch", version: 8, base: 7,
      ops: [["trim", ["view", "log"], 1, [{ n: 42, text: "Cy draws." }, { n: 43, text: "Cy hires." }]]],
    });
    assert.deepEqual(after.view.log.map((/** @type {{n: number}} */ line) => line.n), [41, 42, 43]);
  });

  it("trims nothing and appends (k = 0)", () => {
    const after = applyPatch(stateMessage(), {
      type: "patch", version: 8, base: 7, ops: [["trim", ["view", "log"], 0, [{ n: 42, text: "Cy draws." }]]],
    });
    assert.equal(after.view.log.length, 3);
  });

  it("replaces a whole array element and a whole list", () => {
    const after = applyPatch(stateMessage(), {
      type: "patch", version: 8, base: 7,
      ops: [["set", ["legal_actions"], [{ type: "concede" }]], ["set", ["view", "players", 0, "hand", 1], "c9"]],
    });
    assert.deepEqual(after.legal_actions, [{ type: "concede" }]);
    assert.deepEqual(after.view.players[0].hand, ["c1", "c9"]);
  });

  it("applies operations in order", () => {
    const after = applyPatch(stateMessage(), {
      type: "patch", version: 8, base: 7,
      ops: [["set", ["view", "phase"], "tech"], ["set", ["view", "phase"], "upkeep"]],
    });
    assert.equal(after.view.phase, "upkeep");
  });

  it("ends a match: status and result change, legal actions empty", () => {
    const result = { winner: 0, winners: [0], reason: "base destroyed", conceded_by: null, fallen: [1], shared: null };
    const after = applyPatch(stateMessage(), {
      type: "patch", version: 8, base: 7,
      ops: [["set", ["status"], "finished"], ["set", ["result"], result], ["set", ["legal_actions"], []]],
    });
    assert.equal(after.status, "finished");
    assert.deepEqual(after.result, result);
  });

  it("replaces the root with a set at the empty path", () => {
    const whole = { ...stateMessage(), version: 3 };
    const after = applyPatch(stateMessage(), { type: "patch", version: 9, base: 7, ops: [["set", [], whole]] });
    assert.equal(after.version, 9);
    assert.deepEqual(after.view, whole.view);
  });

  it("refuses to remove the root", () => {
    assert.throws(() => applyPatch(stateMessage(), { type: "patch", version: 8, base: 7, ops: [["del", []]] }));
  });

  it("refuses an unknown operation", () => {
    const op = /** @type {any} */ (["move", ["view", "phase"], "x"]);
    assert.throws(() => applyPatch(stateMessage(), { type: "patch", version: 8, base: 7, ops: [op] }), /unknown operation/);
  });

  it("refuses a path through a key the state does not have", () => {
    assert.throws(() => applyPatch(stateMessage(), {
      type: "patch", version: 8, base: 7, ops: [["set", ["view", "nothing", "gold"], 1]],
    }));
    assert.throws(() => applyPatch(stateMessage(), {
      type: "patch", version: 8, base: 7, ops: [["trim", ["view", "nothing"], 0, []]],
    }));
  });

  // game/patch.py refuses (IndexError) a set past an array's end: the patch
  // was made against another state, and the page must resync. Here it once
  // grew the array, with holes, and the page drew a board the server never sent.
  it("refuses a set past the end of an array, as the server's apply does", () => {
    assert.throws(() => applyPatch(stateMessage(), {
      type: "patch", version: 8, base: 7, ops: [["set", ["view", "players", 2, "gold"], 1]],
    }));
    assert.throws(() => applyPatch(stateMessage(), {
      type: "patch", version: 8, base: 7, ops: [["set", ["view", "players", 0, "hand", 5], "c7"]],
    }));
  });

  // An object key where an array is (game/patch.py: TypeError) is refused
  // too; here it once hung a stray property on the array.
  it("refuses an object key into an array", () => {
    assert.throws(() => applyPatch(stateMessage(), {
      type: "patch", version: 8, base: 7, ops: [["set", ["view", "players", "gold"], 1]],
    }));
  });

  // A trim of something that is not an array (the state moved under the patch).
  it("refuses a trim of what is not an array", () => {
    assert.throws(() => applyPatch(stateMessage(), {
      type: "patch", version: 8, base: 7, ops: [["trim", ["view", "phase"], 0, ["x"]]],
    }));
    assert.throws(() => applyPatch(stateMessage(), {
      type: "patch", version: 8, base: 7, ops: [["trim", ["view", "players", 0], 0, ["x"]]],
    }));
  });

  it("removes an array element with del, as the server's apply does, and refuses a missing key", () => {
    const after = applyPatch(stateMessage(), { type: "patch", version: 8, base: 7, ops: [["del", ["legal_actions", 0]]] });
    assert.deepEqual(after.legal_actions, [{ type: "hire", card: "c1" }]);
    assert.throws(() => applyPatch(stateMessage(), { type: "patch", version: 8, base: 7, ops: [["del", ["view", "nothing"]]] }));
  });
});
