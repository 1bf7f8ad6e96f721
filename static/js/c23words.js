// What a C-23 view says, in words (issue 18): how the board names each card
// so that no two read the same, a button's label for each legal action, the
// banner, the result's sentences, the seat order, the question before
// conceding. It reads no page: the board (c23board.js), the match page's
// C-23 board (c23match.js) and the replay page take their sentences here.
import { YOU, nameList, resultReason, sentence } from "./common.js";

/** A view as the engine sends it (JSON): its players, and any other field. @typedef {{players: any[], [key: string]: any}} ViewJson */

/** A turn's steps (view `step`) in the words the banner and the board's status line use. */
/** @type {Record<string, string>} */
export const STEP_NAMES = { untap: "untap", draw: "draw", resource: "resource step", main: "main step", attack: "attack", end: "end of turn" };

/**
 * Every card of `view` a player can see (resources, characters, discard
 * piles, the hands shown), by id: the card with its `owner` seat and `zone`.
 * @returns {Record<string, any>}
 * @param {ViewJson} view
 */
export function cardsById(view) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const p of view.players) {
    for (const zone of ["resources", "characters", "discard", "hand"]) {
      for (const c of p[zone] || []) out[c.id] = { ...c, owner: p.seat, zone };
    }
  }
  return out;
}

/**
 * The name of the player at `seat` in `view`, or "seat N" when the view has none there.
 * @param {ViewJson} view
 * @param {number | null} seat
 */
export function playerName(view, seat) {
  const p = view.players.find((q) => q.seat === seat);
  return p ? p.name : `seat ${seat}`;
}

/** @type {Record<string, string>} */
const ZONE_WORDS = { hand: "in hand", characters: "in play", discard: "in the discard pile" };

/**
 * How the board names each card of `view` so that no two read the same
 * (two copies, or two same-named cards): {id: {ref, copy}}. `ref` adds,
 * only where needed, whose it is ("your", "Bo's", from `seat`'s side), a
 * copy number matching the tile's "#n" badge (`copy`, the card's place
 * among its same-named neighbours of that zone, 0 when alone) and where
 * it is ("in hand", "in play", "in the discard pile"). `owned` is `ref`
 * always with whose it is: where the side matters (a card's target, a
 * combat's power changes), a unique name alone leaves it unsaid.
 * Resources are never named by a control and are left out.
 * @param {ViewJson} view
 * @param {number | null} seat
 */
export function cardRefs(view, seat) {
  /** @type {Record<string, Record<string, string[]>>} */
  const groups = {}; // name -> {owner|zone: [ids]}
  for (const p of view.players) {
    for (const zone of Object.keys(ZONE_WORDS)) {
      for (const c of p[zone] || []) {
        groups[c.name] ||= {};
        const byPlace = groups[c.name];
        byPlace[`${p.seat}|${zone}`] ||= [];
        byPlace[`${p.seat}|${zone}`].push(c.id);
      }
    }
  }
  /** @type {Record<string, {ref: string, copy: number, owned: string}>} */
  const out = {};
  for (const [name, byPlace] of Object.entries(groups)) {
    const places = Object.keys(byPlace).map((k) => k.split("|"));
    for (const [place, ids] of Object.entries(byPlace)) {
      const [owner, zone] = place.split("|");
      const otherOwner = places.some(([o]) => o !== owner);
      const otherZone = places.some(([o, z]) => o === owner && z !== zone);
      const whose = Number(owner) === seat ? "your" : `${playerName(view, Number(owner))}'s`;
      ids.forEach((id, i) => {
        const copy = ids.length > 1 ? i + 1 : 0;
        const ref = `${otherOwner ? `${whose} ` : ""}${name}${copy ? ` #${copy}` : ""}${otherZone ? ` ${ZONE_WORDS[zone]}` : ""}`;
        out[id] = { ref, copy, owned: otherOwner ? ref : `${whose} ${ref}` };
      });
    }
  }
  return out;
}

/**
 * The players a finished C-23 game's result reason is about (who conceded,
 * whose deck ran out), as resultReason takes them: names, YOU for `seat`.
 * The view does not say who went out last; in a 3-player game the earlier
 * one's cards have left the game (gone_count, K24: cards leave only while
 * two players remain), so the players out whose cards are all still there
 * are the last ones. Empty when that leaves no one (the words then say "a
 * player") and for a draw.
 * @param {ViewJson} view
 * @param {number | null} seat
 */
export function c23Concerned(view, seat) {
  if (view.status !== "finished" || view.winner === null || view.winner === undefined) return [];
  let out = view.players.filter((p) => p.out && p.seat !== view.winner);
  if (out.length > 1) out = out.filter((p) => !p.gone_count);
  return out.map((p) => (p.seat === seat ? YOU : p.name));
}

/**
 * What the result dialog of a finished C-23 game says under its title (which
 * says who won, as `seat` reads it): how the game ended, naming the players
 * concerned, and, for a player who lost, who won ("Your deck ran out; Ana
 * wins.", "Bo conceded.").
 * @param {ViewJson} view
 * @param {number | null} seat
 */
export function c23ResultText(view, seat) {
  const why = resultReason(view.result_reason, c23Concerned(view, seat));
  if (!why) return c23Banner(view, seat);
  const winner = view.winner;
  const lost = winner !== null && winner !== undefined && seat !== null && seat !== undefined && seat !== winner;
  return `${sentence(why, view.players.map((p) => p.name))}${lost ? `; ${playerName(view, winner)} wins` : ""}.`;
}

/**
 * A finished C-23 game in one sentence, as `seat` reads it (null: a
 * spectator): who won and how the game ended ("Ana wins: your deck ran out.").
 * @param {ViewJson} view
 * @param {number | null} seat
 */
export function c23Outcome(view, seat) {
  const why = resultReason(view.result_reason, c23Concerned(view, seat));
  const head = view.winner === null || view.winner === undefined ? "The game is a draw" : `${playerName(view, view.winner)} wins`;
  return `${head}${why ? `: ${why}` : ""}.`;
}

/**
 * The match page's banner for a C-23 view as `seat` reads it (null: a
 * spectator): the result, the question and whom it waits on, or whose turn
 * and step it is.
 * @param {ViewJson} view
 * @param {number | null} seat
 */
export function c23Banner(view, seat) {
  if (view.status === "finished") {
    if (view.winner === null || view.winner === undefined) return "The game is a draw.";
    return view.winner === seat ? "You win!" : `${playerName(view, view.winner)} wins.`;
  }
  const me = view.players.find((p) => p.seat === seat);
  if (me && me.out) return `You are out of this game; ${playOn(view, seat)} You may keep watching.`;
  if (view.prompt) {
    return view.prompt.seat === seat ? `Your answer is needed: ${view.prompt.text}`
      : `Waiting for ${playerName(view, view.prompt.seat)}: ${view.prompt.text}`;
  }
  const step = STEP_NAMES[view.step] || view.step;
  return view.active === seat ? `Your turn: ${step}.` : `${playerName(view, view.active)}'s turn: ${step}.`;
}

/**
 * Who plays on after `seat` is out, as a sentence ("Ana and Cy play on."):
 * the players still in the game but `seat` (K24: a player out of a 3-player
 * game leaves the other two to play).
 * @param {ViewJson} view
 * @param {number | null} seat
 */
function playOn(view, seat) {
  const names = view.players.filter((p) => !p.out && p.seat !== seat).map((p) => p.name);
  return `${nameList(names)} play${names.length === 1 ? "s" : ""} on.`;
}

/**
 * The question before `seat` concedes, saying what conceding does now, as
 * the engine's view says (the viewer's `concede_leaves_winner`,
 * game/c23/anytime_moves.py): with two others still in the game it is no
 * end ("Leave the game? Ana and Cy play on."), when it leaves one player
 * that player wins ("Give the game to Ana? Ana wins.").
 * @param {ViewJson} view
 * @param {number | null} seat
 */
export function concedeQuestion(view, seat) {
  const me = view.players.find((p) => p.seat === seat);
  const winner = me ? me.concede_leaves_winner : null;
  if (winner === null || winner === undefined) return `Leave the game? ${playOn(view, seat)}`;
  const name = playerName(view, winner);
  return `Give the game to ${name}? ${name} wins.`;
}

/**
 * A short sentence for one legal action, naming its cards (the label of its
 * button). `refs`: the view's cardRefs for its viewer, when the caller
 * already has them (the board labels every button from one set).
 * @param {ViewJson} view
 * @param {any} a
 * @param {Record<string, any>} refs
 */
export function actionLabel(view, a, refs = cardRefs(view, view.viewer)) {
  const cards = cardsById(view);
  const name = (/** @type {string} */ id) => (refs[id] ? refs[id].ref : cards[id] ? cards[id].name : "a card");
  // The card played comes from the player's own hand: its copy number is enough.
  const owned = (/** @type {string} */ id) => (refs[id] ? refs[id].owned : name(id));
  const own = (/** @type {string} */ id) => (cards[id] ? `${cards[id].name}${refs[id] && refs[id].copy ? ` #${refs[id].copy}` : ""}` : "a card");
  switch (a.type) {
    case "play_resource": return `Play ${own(a.card)} as your resource`;
    case "pass": return view.prompt && view.prompt.kind === "combat_card" ? "No combat card" : "No resource this turn";
    case "end_turn": return "End the turn without attacking";
    case "reveal_hand": return "Show your hand to everyone";
    case "concede": return "Concede";
    case "play": {
      let s = `Play ${own(a.card)}`;
      if (a.target) s += ` on ${owned(a.target)}`;
      if (a.opponent !== undefined) s += ` against ${playerName(view, a.opponent)}`;
      return s;
    }
    case "combat_card": return `Play ${own(a.card)} on ${owned(a.target)}`;
    case "assign": return a.discard.length ? `Knock out ${nameList(a.discard.map(name))}` : "Knock out none of them";
    case "attack": return `Attack with ${nameList(a.attackers.map(name))}`;
    case "block": return Object.keys(a.blocks).length ? "Block" : "Do not block";
    default: return a.type;
  }
}

/**
 * The seat order in a sentence, as `seat` (null: a spectator) reads it:
 * who sits on your left (the player you attack), who attacks you, and with
 * three players still in the order turns go in, all as the engine's view
 * says them (each player's `attacks`, the view's `turn_order`;
 * "Multiplayer Rules", K24: an eliminated player is skipped).
 * @param {ViewJson} view
 * @param {number | null} seat
 */
export function seatOrder(view, seat) {
  const order = (view.turn_order || []).map((/** @type {number} */ s) => playerName(view, s));
  const me = view.players.find((p) => p.seat === seat);
  if (order.length < 2) return "";
  const ring = order.length > 2 ? ` Turns go to the left: ${[...order, order[0]].join(" → ")}.` : "";
  if (!me || me.out) return `Each player attacks the player on their left, the next one in turn.${ring}`;
  const left = playerName(view, me.attacks);
  const attacker = view.players.find((p) => !p.out && p.attacks === seat);
  if (order.length === 2) return `${left} sits on your left: you attack ${left}, and ${left} attacks you.`;
  return `${left} sits on your left: you attack ${left}. ${attacker ? attacker.name : "Nobody"} attacks you.${ring}`;
}
