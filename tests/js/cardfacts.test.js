// static/js/cardfacts.js: a card's facts on one line, its cost as the view
// says a hand card costs now; whether the viewer's tech lets a card be played.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { factsLine, techLabel } from "../../static/js/cardfacts.js";

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

describe("techLabel", () => {
  const TECH2 = { kind: "unit", spec: "anarchy", tech: 2, cost: 4 };
  const me = { tech_waits: { bloodrage_ogre: "You need a finished Tech II building." } };

  it("says a card waits for tech, with the view's sentence", () => {
    assert.equal(techLabel("bloodrage_ogre", TECH2, me), "TII · not yet. You need a finished Tech II building.");
  });

  it("says the tech is met when the view lists no wait for the card", () => {
    assert.equal(techLabel("careless_musketeer", { ...TECH2, tech: 1 }, me), "TI · tech met");
    assert.equal(techLabel("bloodrage_ogre", TECH2, { tech_waits: {} }), "TII · tech met");
  });

  it("gives the level alone for a tech 0 card, or when the view says nothing of the tech", () => {
    assert.equal(techLabel("timely_messenger", { ...TECH2, tech: 0 }, me), "T0");
    assert.equal(techLabel("bloodrage_ogre", TECH2, {}), "TII");
    assert.equal(techLabel("bloodrage_ogre", TECH2, null), "TII");
  });

  it("gives nothing for a card without a tech level", () => {
    assert.equal(techLabel("fire_dart", { kind: "spell", tech: null, cost: 1 }, me), "");
    assert.equal(techLabel("fire_dart", { kind: "spell", cost: 1 }, me), "");
  });
});
