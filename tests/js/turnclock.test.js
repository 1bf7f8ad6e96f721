// static/js/turnclock.js: how a seat's clock reads (the drawing itself is
// DOM work, left to tests/browser/test_turn_clock_page.py).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { clockText, mmss, timeLeft } from "../../static/js/turnclock.js";

describe("mmss", () => {
  it("reads minutes and two-digit seconds", () => {
    assert.equal(mmss(75), "1:15");
    assert.equal(mmss(5), "0:05");
    assert.equal(mmss(600), "10:00");
    assert.equal(mmss(3600), "60:00");
  });

  it("rounds a part of a second up: 0:01 shows until the clock is out", () => {
    assert.equal(mmss(0.2), "0:01");
    assert.equal(mmss(59.5), "1:00");
  });

  it("never shows below 0:00", () => {
    assert.equal(mmss(0), "0:00");
    assert.equal(mmss(-4), "0:00");
  });
});

describe("timeLeft", () => {
  it("is null for a seat whose clock is not running (no presence yet)", () => {
    assert.equal(timeLeft(0), null);
  });
});

describe("clockText", () => {
  it("keeps m:ss up to an hour, a live table's longest timer", () => {
    assert.equal(clockText(3600), "60:00");
    assert.equal(clockText(75), "1:15");
  });
  it("says days and hours for a turn-based table's time per move", () => {
    assert.equal(clockText(86400), "1 d");
    assert.equal(clockText(2 * 86400 - 1), "1 d 23 h");
    assert.equal(clockText(8 * 3600), "8 h");
  });
});
