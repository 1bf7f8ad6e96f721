// static/js/store.js: the match as the server sent it. A state older than
// the one held is dropped, a missed version is told (the connection then
// resyncs), a patch applies only to the version it was made from, and the
// subscribers hear of every state taken.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { createStore } from "../../static/js/store.js";

/** @typedef {import("../../static/js/protocol.js").StateMessage} StateMessage */

/**
 * A state message of `version` whose active player has `gold`.
 * @param {number} version
 * @param {number} [gold]
 * @returns {StateMessage}
 */
function state(version, gold = 3) {
  return {
    type: "state", version, seat: 0, status: "playing", result: null,
    view: { active: 0, players: [{ seat: 0, gold }, { seat: 1, gold: 2 }] },
    legal_actions: [{ type: "end_main" }, { type: "hire", card: "c1" }],
  };
}

describe("createStore", () => {
  it("holds nothing before the first state", () => {
    const store = createStore();
    assert.equal(store.msg, null);
    assert.equal(store.version, -1);
    assert.equal(store.idx.count, 0);
  });

  it("takes a state, indexes its legal actions and tells its subscribers it is the first", () => {
    const store = createStore();
    /** @type {import("../../static/js/store.js").StateChange[]} */
    const heard = [];
    store.subscribe((change) => heard.push(change));
    const m = state(4);
    assert.deepEqual(store.receive(m), { first: true, gap: false });
    assert.equal(store.msg, m);
    assert.equal(store.version, 4);
    assert.deepEqual(store.idx.endMain, { type: "end_main" });
    assert.equal(store.idx.byCard.get("c1")?.hire?.card, "c1");
    assert.deepEqual(heard, [{ first: true, gap: false }]);
  });

  it("drops an older state and tells no one", () => {
    const store = createStore();
    store.receive(state(5));
    let told = 0;
    store.subscribe(() => told++);
    assert.equal(store.receive(state(4)), null);
    assert.equal(store.version, 5);
    assert.equal(told, 0);
  });

  it("takes the same version again (a resync's answer) without a gap", () => {
    const store = createStore();
    store.receive(state(5));
    assert.deepEqual(store.receive(state(5, 9)), { first: false, gap: false });
    assert.equal(store.msg?.view.players[0].gold, 9);
  });

  it("says when versions were missed", () => {
    const store = createStore();
    store.receive(state(5));
    assert.deepEqual(store.receive(state(6)), { first: false, gap: false });
    assert.deepEqual(store.receive(state(8)), { first: false, gap: true });
  });

  it("stops telling a subscriber that unsubscribed", () => {
    const store = createStore();
    let told = 0;
    const stop = store.subscribe(() => told++);
    store.receive(state(1));
    stop();
    store.receive(state(2));
    assert.equal(told, 1);
  });
});

describe("Store.patch", () => {
  /** @type {import("../../static/js/protocol.js").PatchOp[]} */
  const gold = [["set", ["view", "players", 0, "gold"], 7]];

  it("applies a patch made from the version held", () => {
    const store = createStore();
    const before = state(5);
    store.receive(before);
    const change = store.patch({ type: "patch", version: 6, base: 5, ops: gold });
    assert.deepEqual(change, { first: false, gap: false });
    assert.equal(store.version, 6);
    assert.equal(store.msg?.view.players[0].gold, 7);
    assert.equal(before.view.players[0].gold, 3, "the state it was made from is left as it was");
  });

  it("asks for a resync when the patch was made from another version", () => {
    const store = createStore();
    store.receive(state(5));
    assert.equal(store.patch({ type: "patch", version: 8, base: 7, ops: gold }), "resync");
    assert.equal(store.version, 5);
  });

  it("asks for a resync when nothing is held yet", () => {
    const store = createStore();
    assert.equal(store.patch({ type: "patch", version: 1, base: 0, ops: gold }), "resync");
    assert.equal(store.msg, null);
  });

  it("asks for a resync when an operation does not fit the state", () => {
    const store = createStore();
    store.receive(state(5));
    assert.equal(store.patch({ type: "patch", version: 6, base: 5, ops: [["set", ["view", "nowhere", "x"], 1]] }), "resync");
    assert.equal(store.version, 5);
  });

  it("drops a patch to a version already held", () => {
    const store = createStore();
    store.receive(state(5));
    assert.equal(store.patch({ type: "patch", version: 5, base: 4, ops: gold }), "old");
    assert.equal(store.msg?.view.players[0].gold, 3);
  });

  it("says when a patch skipped versions", () => {
    const store = createStore();
    store.receive(state(5));
    const change = store.patch({ type: "patch", version: 7, base: 5, ops: gold });
    assert.deepEqual(change, { first: false, gap: true });
  });
});

describe("Store.setPresence", () => {
  it("holds the new presence and returns the one it replaces", () => {
    const store = createStore();
    const away = [{ seat: 1, away: true, stand_in: false, askable: true, bot: null }];
    assert.deepEqual(store.setPresence(away), []);
    assert.deepEqual(store.setPresence([]), away);
    assert.deepEqual(store.presence, []);
  });
});
