// A finished match's result in the lobby's words (lobbymatches.js, "Finished
// matches"): who won and why, from what /api/lobby/matches/ says of it
// (lobby/overview.py _result). It reads no page, so tests/js tests it.
import { nameList, resultConcerned, resultReason, toldReason } from "./common.js";

/**
 * A finished match's result as the lobby lists it (lobby/overview.py
 * _result): the winners' names and seats, the viewer's outcome (null for a
 * spectator), the engine's reason, the seat whose concession ended it and
 * the seats whose base fell, when known.
 * @typedef {{winners?: string[], seats?: number[], outcome?: string | null, reason?: string | null,
 *   conceded_by?: number | null, fallen?: number[] | null}} LobbyResult
 */

/**
 * A finished match as resultText reads it: its players, the viewer's seat
 * (null: not a player of it) and its result.
 * @typedef {{players: import("./common.js").ResultPlayer[], seat?: number | null, result?: LobbyResult | null}} LobbyMatch
 */

/**
 * The head of the line for each outcome of the viewer (lobby/overview.py
 * _result "outcome"); `who`: the winners' names.
 * @type {Record<string, (who: string) => string>}
 */
const HEADS = {
  won: () => "You won",
  shared: () => "You shared the win",
  lost: (who) => (who ? `You lost: ${who} won` : "You lost"),
  draw: () => "A draw",
};

/**
 * A finished match's result as the viewer reads it: "You won", "Bo won",
 * "A draw"; and why, naming the players it is about when the lobby knows
 * them: who conceded ("You won (Bo conceded)", also where a concession
 * ended a free-for-all: common.js toldReason), whose base was destroyed
 * ("You lost: Ann won (your base was destroyed)"). Several winners read
 * "Ann, Bo and Cy" (common.js nameList).
 * @param {LobbyMatch} m
 * @returns {string}
 */
export function resultText(m) {
  const r = m.result || {};
  const who = nameList(r.winners || []);
  const outcome = r.outcome ? HEADS[r.outcome] : undefined;
  const head = outcome ? outcome(who) : who ? `${who} won` : "A draw";
  const by = Number.isInteger(r.conceded_by) ? /** @type {number} */ (r.conceded_by) : null;
  const reason = toldReason(r.reason, by);
  const concerned = resultConcerned({
    reason, players: m.players, winners: r.seats || [], seat: m.seat ?? null, by, fallen: r.fallen || null,
  });
  return reason ? `${head} (${resultReason(reason, concerned)})` : head;
}
