// static/js/lobbyresult.js: a finished match's line in the lobby's
// "Finished matches", from what /api/lobby/matches/ says of it
// (lobby/overview.py _result). Winners read as one English list ("Ann, Bo
// and Cy"), a team as "Cy & Di" (common.js nameList, teamName).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { resultText } from "../../static/js/lobbyresult.js";

const FOUR = ["Ann", "Bo", "Cy", "Di"].map((name, seat) => ({ seat, name }));
const TEAMS = FOUR.map((p) => ({ ...p, team: p.seat < 2 ? 0 : 1 }));

describe("resultText", () => {
  it("names three winners as one list, never 'A and B and C'", () => {
    const m = { players: FOUR, seat: null, result: { winners: ["Ann", "Bo", "Cy"], seats: [0, 1, 2], outcome: null, reason: "" } };
    assert.equal(resultText(m), "Ann, Bo and Cy won");
  });

  it("tells a spectator which team conceded, the winners as a list", () => {
    const m = { players: TEAMS, seat: null, result: { winners: ["Ann", "Bo"], seats: [0, 1], outcome: null, reason: "concession" } };
    assert.equal(resultText(m), "Ann and Bo won (Cy & Di's team conceded)");
  });

  it("tells the loser who won and whose base fell", () => {
    const m = {
      players: FOUR.slice(0, 2), seat: 1,
      result: { winners: ["Ann"], seats: [0], outcome: "lost", reason: "base destroyed", conceded_by: null, fallen: [1] },
    };
    assert.equal(resultText(m), "You lost: Ann won (your base was destroyed)");
  });

  it("tells a free-for-all ended by a concession as one, whatever the engine's reason", () => {
    const m = {
      players: FOUR.slice(0, 3), seat: 0,
      result: { winners: ["Ann"], seats: [0], outcome: "won", reason: "base destroyed", conceded_by: 2, fallen: [2] },
    };
    assert.equal(resultText(m), "You won (Cy conceded)");
  });

  it("says a shared win, a draw, and a draw where the result is missing", () => {
    const shared = { players: FOUR.slice(0, 3), seat: 0, result: { winners: ["Ann", "Bo"], seats: [0, 1], outcome: "shared", reason: "" } };
    assert.equal(resultText(shared), "You shared the win");
    const draw = { players: FOUR.slice(0, 2), seat: 0, result: { winners: [], seats: [], outcome: "draw", reason: "draw" } };
    assert.equal(resultText(draw), "A draw (every deck ran out at once)");
    assert.equal(resultText({ players: FOUR.slice(0, 2), seat: 0, result: null }), "A draw");
  });
});
