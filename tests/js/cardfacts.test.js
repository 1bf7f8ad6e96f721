// static/js/cardfacts.js: a card's facts on one line, its cost as the view
// says a hand card costs now.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { factsLine } from "../../static/js/cardfacts.js";

const UNIT = { kind: "unit", subtypes: ["Soldier"], color: "red", spec: "anarchy", tech: 1, cost: 2 };

describe("factsLine", () => {
  it("lists kind, subtypes, colour, spec, tech level and printed cost", () => {
    assert.equal(factsLine(UNIT), "unit · Soldier · red · anarchy · tech I · cost 2");
  });

  it("says a hand card's cost now and why", () => {
    assert.equal(factsLine(UNIT, { effective_cost: 3, tax: 1 }), "unit · Soldier · red · anarchy · tech I · cost 3 (2 + 1 colour tax)");
    assert.equal(factsLine(UNIT, { effective_cost: 0 }), "unit · Soldier · red · anarchy · tech I · cost 0 (printed 2)");
    assert.equal(factsLine(UNIT, { effective_cost: 2 }), "unit · Soldier · red · anarchy · tech I · cost 2");
  });

  it("gives a base no cost", () => {
    assert.equal(factsLine({ kind: "base", cost: 0 }), "base");
  });
});
