// Types of the live match protocol's messages (docs/PROTOCOL.md), as JSDoc
// for `tsc --checkJs` (package.json, docs/CLIENT.md). Nothing here runs: the
// page never loads this file; modules name its types with
// `import("./protocol.js").StateMessage` in their JSDoc.

/**
 * A JSON value as the server sends it (any: a value placed in a state has
 * the shape of whatever it replaces, which the path alone does not tell).
 * @typedef {any} JsonValue
 */

/**
 * A path in a patch operation: object keys (strings) and array indices
 * (ints) from the message's root (docs/PROTOCOL.md "Patches"; game/patch.py).
 * @typedef {(string | number)[]} PatchPath
 */

/**
 * One patch operation: `["set", path, value]` puts `value` at `path`;
 * `["del", path]` removes the object key there; `["trim", path, k, items]`:
 * the array there loses its first `k` elements and gets `items` appended.
 * @typedef {["set", PatchPath, JsonValue] | ["del", PatchPath] | ["trim", PatchPath, number, JsonValue[]]} PatchOp
 */

/**
 * How a finished match ended (`game.rules.outcome`).
 * @typedef {object} MatchResult
 * @property {number | null} winner the winning seat; null in Two-Headed Dragon or a draw
 * @property {number[]} winners every winning seat
 * @property {string} reason the engine's reason ("base destroyed", "life", "deck_out"...)
 * @property {number | null} [conceded_by] the seat whose concession ended the match
 * @property {number[]} [fallen] the seats whose base (life, place) was lost at the end
 * @property {boolean | null} [shared] more than one team won
 */

/**
 * One legal action, as `legal_actions` lists it and an `action` message sends it.
 * @typedef {{type: string, [key: string]: any}} Action
 */

/**
 * A full `state` message: what this viewer may see at `version`.
 * @typedef {object} StateMessage
 * @property {"state"} type
 * @property {number} version the number of actions applied since the match started
 * @property {number | null} seat the viewer's seat; null for a spectator
 * @property {"playing" | "finished"} status
 * @property {MatchResult | null} result
 * @property {any} view the engine's view for this viewer (its shape is each game's own)
 * @property {Action[]} legal_actions what this seat may send now
 * @property {number | string} [id] the action this version answers ("Merged answers")
 */

/**
 * A `patch` message: the changes from the `state` of version `base` to `version`.
 * @typedef {object} PatchMessage
 * @property {"patch"} type
 * @property {number} version
 * @property {number} base the version of the last state this connection was sent
 * @property {PatchOp[]} ops applied in order
 * @property {number | string} [id] the action this version answers ("Merged answers")
 */

/**
 * The answer to this connection's applied action.
 * @typedef {object} AppliedMessage
 * @property {"applied"} type
 * @property {number | string | null} id
 * @property {number} version the version the action produced
 * @property {boolean} [duplicate] its nonce was applied before; nothing changed now
 */

/**
 * A message understood but not carried out (nothing changed).
 * @typedef {object} RefusedMessage
 * @property {"refused"} type
 * @property {number | string | null} id
 * @property {string} code e.g. "stale_version", "not_your_turn", "rate_limited"
 * @property {string} reason a sentence
 * @property {number} [version] the version an action was judged at
 * @property {string} [rules_code] the engine's code, with "stale_version"
 * @property {number[]} [acted] the seats whose actions were applied since the action's version
 * @property {number} [retry_after] seconds, with "account_rate_limited"
 */

/**
 * One seat's presence (`presence` and `pong` messages).
 * @typedef {object} SeatPresence
 * @property {number} seat
 * @property {boolean} away
 * @property {boolean} stand_in
 * @property {boolean} askable
 * @property {string | null} bot
 * @property {number | null} [time_left] seconds left on the seat's turn clock while the game waits on it
 */

export {};
