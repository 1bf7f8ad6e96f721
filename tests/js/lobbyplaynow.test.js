// static/js/lobbyplaynow.js: the words of a wait in the quick-pairing queue
// (community/pairing.py). Joining and asking are DOM and network work
// (tests/browser/test_play_now.py).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { queueText } from "../../static/js/lobbyplaynow.js";

describe("queueText", () => {
  it("says the time waited and the rating gap accepted now", () => {
    assert.equal(
      queueText({ waited: 75, window: 5, turn_seconds: null }),
      "Looking for opponents… 1:15 waited, ratings within 5.0 of yours.",
    );
  });
  it("says any rating once the window is unbounded, and that a turn-based wait needs no page", () => {
    const text = queueText({ waited: 3, window: null, turn_seconds: 86400 });
    assert.match(text, /0:03 waited, any rating\./);
    assert.match(text, /You may leave this page/);
  });
});
