// static/js/lobbygames.js: a table's options on one line, with the labels
// /api/modes/ gives (lobby/modes.py). The form fields are DOM work.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { optionText } from "../../static/js/lobbygames.js";

/** @type {import("../../static/js/lobbygames.js").Mode} */
const C23 = {
  key: "c23",
  game: "c23",
  options: [
    { key: "multi_block", label: "Blockers per attacker (rule K4)", choices: [[false, "one"], [true, "several"]], default: false },
    { key: "players", label: "Players", choices: [[2, "two"], [3, "three"]], default: 2 },
    { key: "round_cap", label: "Round cap", choices: [], default: null, minimum: 5, maximum: 50 },
  ],
};

describe("optionText", () => {
  it("shows every option at its default when the table left them out", () => {
    assert.equal(optionText({}, C23), "Blockers per attacker: one · Players: two · Round cap: none");
    assert.equal(optionText(null, C23), "Blockers per attacker: one · Players: two · Round cap: none");
  });

  it("shows a choice by its label and a number as it is", () => {
    assert.equal(optionText({ multi_block: true, players: 3, round_cap: 12 }, C23),
      "Blockers per attacker: several · Players: three · Round cap: 12");
  });

  it("is null for a game without options (Codex)", () => {
    assert.equal(optionText({}, { key: "codex", options: [] }), null);
    assert.equal(optionText({}, undefined), null);
  });
});
