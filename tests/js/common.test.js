// The pure helpers of static/js/common.js: the words a page builds from the
// server's data (result reasons, names, sentences). The DOM helpers (el,
// confirmThen, pageConfig) are left to the browser tests.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  apiError, durationText, nameList, OTHER_TEAM, resultConcerned, resultReason, roman, sentence, teamName, timeLeftText, toldReason, waitingText,
  words, YOU, YOUR_TEAM,
} from "../../static/js/common.js";

describe("sentence", () => {
  it("capitalises the first letter", () => {
    assert.equal(sentence("a base was destroyed."), "A base was destroyed.");
  });

  it("keeps a player's name as written at the start", () => {
    assert.equal(sentence("bo conceded.", ["bo"]), "bo conceded.");
    assert.equal(sentence("bo conceded.", ["Cy", "bo"]), "bo conceded.");
  });

  it("capitalises when the text does not begin with a name", () => {
    assert.equal(sentence("your life ran out.", ["bo"]), "Your life ran out.");
  });

  it("ignores empty names and leaves empty text as it is", () => {
    assert.equal(sentence("you conceded.", ["", null, undefined]), "You conceded.");
    assert.equal(sentence(""), "");
    assert.equal(sentence(null), null);
  });
});

describe("words, nameList, roman", () => {
  it("words: underscores become spaces", () => {
    assert.equal(words("regular_sized_rhinoceros"), "regular sized rhinoceros");
    assert.equal(words(3), "3");
  });

  it("nameList joins one, two and more names", () => {
    assert.equal(nameList([]), "");
    assert.equal(nameList(["Ann"]), "Ann");
    assert.equal(nameList(["Ann", "Ben"]), "Ann and Ben");
    assert.equal(nameList(["Ann", "Ben", "Cat"]), "Ann, Ben and Cat");
    assert.equal(nameList(["Ann", "Ben"], "or"), "Ann or Ben");
  });

  it("nameList parts names by semicolons when one holds a comma, so that none reads as two", () => {
    assert.equal(nameList(["Maris, Tide Seer", "Ashen Scout"]), "Maris, Tide Seer; and Ashen Scout");
    assert.equal(nameList(["Ashen Scout", "Maris, Tide Seer", "Storm Rider"]), "Ashen Scout; Maris, Tide Seer; and Storm Rider");
  });

  it("waitingText: whom a match waits for, as one list", () => {
    assert.equal(waitingText(["Bo"]), "Waiting for Bo");
    assert.equal(waitingText(["Bo", "Cy", "Di"]), "Waiting for Bo, Cy and Di");
    assert.equal(waitingText([]), "");
  });

  it("teamName: a team reads as one side, in a list too", () => {
    assert.equal(teamName(["Ana", "Ari"]), "Ana & Ari");
    assert.equal(teamName(["Ana"]), "Ana");
    assert.equal(nameList([teamName(["Ana", "Ari"]), teamName(["Bo", "Cy"])]), "Ana & Ari and Bo & Cy");
  });

  it("roman: tech levels 0 to III, other numbers as digits", () => {
    assert.deepEqual([0, 1, 2, 3, 4].map(roman), ["0", "I", "II", "III", "4"]);
  });
});

describe("resultReason", () => {
  it("says nothing for no reason", () => {
    assert.equal(resultReason(""), "");
    assert.equal(resultReason(null), "");
  });

  it("tells every engine's reason without names", () => {
    assert.equal(resultReason("base destroyed"), "a base was destroyed");
    assert.equal(resultReason("highest base"), "the highest base after the last round");
    assert.equal(resultReason("round_cap"), "the last round was played");
    assert.equal(resultReason("deck_out"), "a player's deck ran out");
    assert.equal(resultReason("concede"), "a player conceded");
  });

  it("tells an unknown reason as its words", () => {
    assert.equal(resultReason("some_new_reason"), "some new reason");
  });

  it("names the players it is about", () => {
    assert.equal(resultReason("concession", ["Bo"]), "Bo conceded");
    assert.equal(resultReason("concession", [YOU]), "you conceded");
    assert.equal(resultReason("life", ["Bo"]), "Bo's life ran out");
    assert.equal(resultReason("life", [YOU]), "your life ran out");
    assert.equal(resultReason("life", ["Bo", "Cy"]), "Bo and Cy both ran out of life");
    assert.equal(resultReason("deck_out", ["Bo", "Cy", YOU]), "Bo, Cy and you all had no cards left in their decks");
    assert.equal(resultReason("base destroyed", ["Bo"]), "Bo's base was destroyed");
    assert.equal(resultReason("base destroyed", [YOUR_TEAM]), "your team's base was destroyed");
    assert.equal(resultReason("concession", [OTHER_TEAM]), "the other team conceded");
  });

  // Both bases of a duel fell at once and the viewer sat second (or an
  // earlier free-for-all seat's base fell with the viewer's): the words read
  // "Bo's base and your were destroyed".
  it("names the viewer's base second as yours", () => {
    assert.equal(resultReason("base destroyed", ["Bo", YOU]), "Bo's base and yours were destroyed");
    assert.equal(resultReason("base destroyed", [YOU, "Bo"]), "your base and Bo's were destroyed");
    assert.equal(resultReason("base destroyed", ["Bo", YOU, "Cy"]), "Bo's base, yours and Cy's were destroyed");
    assert.equal(resultReason("base destroyed", ["Bo", YOUR_TEAM]), "Bo's base and your team's were destroyed");
  });

  it("does not name players for a reason that names none", () => {
    assert.equal(resultReason("highest base", ["Bo"]), "the highest base after the last round");
  });
});

describe("toldReason", () => {
  it("tells a concession that ended the match as one", () => {
    assert.equal(toldReason("base destroyed", 2), "concession");
    assert.equal(toldReason("life", 0), "concession");
  });

  it("keeps the engine's reason otherwise", () => {
    assert.equal(toldReason("base destroyed", null), "base destroyed");
    assert.equal(toldReason("base destroyed"), "base destroyed");
    assert.equal(toldReason("concede", 1), "concede");
    assert.equal(toldReason("", 1), "");
  });
});

describe("resultConcerned", () => {
  const duel = [{ seat: 0, name: "Bo" }, { seat: 1, name: "Cy" }];
  const dragon = [
    { seat: 0, name: "Bo", team: 0 }, { seat: 1, name: "Cy", team: 1 },
    { seat: 2, name: "Di", team: 0 }, { seat: 3, name: "Ed", team: 1 },
  ];

  it("names who conceded, the viewer as YOU", () => {
    assert.deepEqual(resultConcerned({ reason: "concession", players: duel, winners: [1], seat: 1, by: 0 }), ["Bo"]);
    assert.deepEqual(resultConcerned({ reason: "concession", players: duel, winners: [1], seat: 0, by: 0 }), [YOU]);
  });

  it("without `by`, the one side that lost conceded", () => {
    assert.deepEqual(resultConcerned({ reason: "concede", players: duel, winners: [0], seat: null }), ["Cy"]);
  });

  it("a team that conceded: the viewer's team, the other team, or its names for a spectator", () => {
    assert.deepEqual(resultConcerned({ reason: "concession", players: dragon, winners: [1, 3], seat: 0 }), [YOUR_TEAM]);
    assert.deepEqual(resultConcerned({ reason: "concession", players: dragon, winners: [0, 2], seat: 0 }), [OTHER_TEAM]);
    assert.deepEqual(resultConcerned({ reason: "concession", players: dragon, winners: [0, 2], seat: null }), ["Cy & Ed's team"]);
  });

  it("whose life or deck ran out: the one player who lost", () => {
    assert.deepEqual(resultConcerned({ reason: "life", players: duel, winners: [0], seat: 1 }), [YOU]);
    assert.deepEqual(resultConcerned({ reason: "deck_out", players: duel, winners: [0], seat: 0 }), ["Cy"]);
    assert.deepEqual(resultConcerned({ reason: "deck_out", players: duel, winners: [], seat: 0 }), []);
  });

  it("whose base fell: the fallen seats when known, else the side that lost", () => {
    const ffa = [{ seat: 0, name: "Bo" }, { seat: 1, name: "Cy" }, { seat: 2, name: "Di" }];
    assert.deepEqual(resultConcerned({ reason: "base destroyed", players: ffa, winners: [0], seat: 0, fallen: [1, 2] }), ["Cy", "Di"]);
    assert.deepEqual(resultConcerned({ reason: "base destroyed", players: dragon, winners: [0, 2], seat: 3 }), [YOUR_TEAM]);
    assert.deepEqual(resultConcerned({ reason: "base destroyed", players: dragon, winners: [0, 2], seat: null }), ["Cy & Ed"]);
  });

  it("names nobody for other reasons", () => {
    assert.deepEqual(resultConcerned({ reason: "highest base", players: duel, winners: [0], seat: 0 }), []);
  });
});

describe("apiError", () => {
  it("is empty for a good answer", () => {
    assert.equal(apiError({ ok: true, status: 200, data: {} }), "");
  });

  it("reads the server's detail, or its field errors", () => {
    assert.equal(apiError({ ok: false, status: 403, data: { detail: "Not your table." } }), "Not your table.");
    assert.equal(apiError({ ok: false, status: 400, data: { name: ["Too long.", "Taken."], seats: "Full." } }),
      "name: Too long. Taken.; seats: Full.");
  });

  it("says the status when the answer had no body", () => {
    assert.equal(apiError({ ok: false, status: 502, data: null }), "The server answered 502.");
  });
});

describe("durationText", () => {
  it("says days and hours, hours and minutes, or minutes", () => {
    assert.equal(durationText(2 * 86400 + 5 * 3600 + 59), "2 d 5 h");
    assert.equal(durationText(86400), "1 d");
    assert.equal(durationText(3 * 3600), "3 h");
    assert.equal(durationText(3600 + 61), "1 h 1 min");
    assert.equal(durationText(125), "2 min");
  });
  it("never says less than a minute, nor a negative time", () => {
    assert.equal(durationText(5), "1 min");
    assert.equal(durationText(-30), "1 min");
  });
});

describe("timeLeftText", () => {
  it("says the time left at a glance", () => {
    assert.equal(timeLeftText(3 * 86400 + 7200), "3 d 2 h left");
    assert.equal(timeLeftText(5400), "1 h 30 min left");
    assert.equal(timeLeftText(20), "1 min left");
  });
  it("says when the deadline passed", () => {
    assert.equal(timeLeftText(0), "deadline passed");
    assert.equal(timeLeftText(-100), "deadline passed");
  });
});
