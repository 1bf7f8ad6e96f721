// static/js/codexview.js: the free-for-all final rounds (house rule R28) as
// the engine's view says them (game/codex/view.py `final.tied_now`), never
// worked out from the bases (issue 31 point 2).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { tiedNow } from "../../static/js/codexview.js";

/**
 * A crafted free-for-all view in its final rounds: three players, every
 * base at 20 HP, and the tie `tied_now` as the engine would give it.
 * @param {number[]} tied
 * @param {string} [status]
 */
function finalView(tied, status = "playing") {
  return {
    status,
    teams: [{ hp: 20, damage: 0 }, { hp: 20, damage: 0 }, { hp: 20, damage: 20 }],
    players: [0, 1, 2].map((seat) => ({ seat, team: seat })),
    final: { tied: [0, 1], order: [1], round: 1, tied_now: tied },
  };
}

describe("tiedNow", () => {
  it("is the view's tie, even where the bases alone would say otherwise", () => {
    assert.deepEqual(tiedNow(finalView([0, 1])), [0, 1]);
    assert.deepEqual(tiedNow(finalView([])), []);
  });

  it("is empty outside the final rounds and once the game is over", () => {
    assert.deepEqual(tiedNow({ ...finalView([0, 1]), final: null }), []);
    assert.deepEqual(tiedNow(finalView([0, 1], "finished")), []);
  });
});
