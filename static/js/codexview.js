// What a Codex view says, read for the page (game/codex/view.py): the
// card, building or base an id names and in words, whose it is, patrol
// slots, bases' HP, who won and who is tied. Shared by the match page, the
// replay page and the board's drawing (board.js). Reads no page element.
import { resultConcerned, sentence, teamName, words } from "./common.js";

/** A view as the engine sends it (JSON): its players, and any other field. @typedef {{players: any[], [key: string]: any}} ViewJson */

export const PATROL_SLOTS = ["squad_leader", "elite", "scavenger", "technician", "lookout"];

/** @type {Record<string, string>} */
const SLOT_LABELS = { tech_1: "Tech I", tech_2: "Tech II", tech_3: "Tech III", addon: "Add-on" };

/**
 * "Tech I", "Add-on", ... for a building slot.
 * @param {any} slot
 */
export function slotLabel(slot) {
  return SLOT_LABELS[slot] || words(slot);
}

/**
 * The hero's band as text: "band 2 of 3" (bands start at 1, mid and max level).
 * @param {any} card
 */
export function heroBand(card) {
  if (card.max_level === undefined) return "";
  if (card.level >= card.max_level) return "max band";
  if (card.level >= card.mid_level) return "mid band";
  return "band 1";
}

/**
 * Find a card shown in the view by instance id: {card, where, player}.
 * @param {ViewJson} view
 * @param {any} iid
 */
export function findCard(view, iid) {
  for (const p of view.players) {
    for (const c of p.play) if (c.iid === iid) return { card: c, where: "play", player: p };
    for (const c of p.command) if (c.iid === iid) return { card: c, where: "command", player: p };
    for (const c of p.future || []) if (c.iid === iid) return { card: c, where: "future zone", player: p };
    for (const c of p.hand || []) if (c.iid === iid) return { card: c, where: "hand", player: p };
    for (const c of p.discard || []) if (c.iid === iid) return { card: c, where: "discard", player: p };
  }
  return findBuried(view, iid);
}

/**
 * A unit buried under a card in play (view field `buried`): {card, where:
 * "buried", player (the holder's controller)}, or null. The holder's
 * ability offers these ids in its prompt.
 * @param {ViewJson} view
 * @param {any} iid
 */
function findBuried(view, iid) {
  for (const p of view.players) {
    for (const g of p.play) {
      for (const b of g.buried || []) if (b.iid === iid) return { card: { ...b, kind: "unit" }, where: "buried", player: p };
    }
  }
  return null;
}

/**
 * The patrol slot a card occupies for its controller, or null.
 * @param {any} player
 * @param {any} iid
 */
export function patrolSlotOf(player, iid) {
  for (const slot of PATROL_SLOTS) if (player.patrol[slot] === iid) return slot;
  return null;
}

/**
 * The player at `seat`, or undefined.
 * @param {ViewJson} view
 * @param {number | null} seat
 */
export function playerAt(view, seat) {
  return view.players.find((p) => p.seat === seat);
}

/**
 * The hero card that brings `spec` (catalog facts), or undefined.
 * @param {Map<string, any>} catalog
 * @param {any} spec
 */
function specHero(catalog, spec) {
  return [...catalog.values()].find((c) => c.kind === "hero" && c.spec === spec);
}

/**
 * "Blood (<hero name>)": a spec and the hero who brings it (catalog facts).
 * @param {Map<string, any>} catalog
 * @param {any} spec
 */
export function specLabel(catalog, spec) {
  const hero = specHero(catalog, spec);
  const name = sentence(words(spec));
  return hero ? `${name} (${hero.name})` : name;
}

/**
 * A readable name for any id a legal action or a prompt can name. A prompt
 * that asks for a player (R27: "choose an opponent") offers seat numbers:
 * they read as the player's name; a spec (the Tech Lab's, asked when Tech II
 * is built) reads as in the build choice: "Blood (<hero name>)".
 * @param {ViewJson} view
 * @param {Map<string, any>} catalog
 * @param {any} id
 * @param {any} numbers
 */
export function describeId(view, catalog, id, numbers = false) {
  if (id === null || id === undefined) return "nothing";
  if (typeof id === "number") return !numbers && playerAt(view, id) ? playerAt(view, id).name : String(id);
  const str = String(id);
  const pile = str.match(/^(hand|discard):(\d+)$/);
  if (pile) {
    const owner = playerAt(view, Number(pile[2]));
    return `${owner ? owner.name : `seat ${pile[2]}`}'s ${pile[1] === "hand" ? "hand" : "discard pile"}`;
  }
  const found = findCard(view, str);
  if (found) {
    // A lent card names its lender (R26): it goes to the lender's discard pile if it dies.
    const lender = lenderName(view, found.card);
    return `${found.card.name}${lender ? `, lent by ${lender}` : ""} (${found.player.name})`;
  }
  let m = str.match(/^workers:(\d+)$/);
  if (m) return `a worker of ${(playerAt(view, Number(m[1])) || { name: `seat ${m[1]}` }).name}`;
  m = str.match(/^bld:(\d+):(\w+)$/);
  if (m) {
    const p = view.players[Number(m[1])];
    const b = p && p.buildings[m[2]];
    return `${b ? b.name : slotLabel(m[2])} (${p ? p.name : `seat ${m[1]}`})`;
  }
  m = str.match(/^base:(\d+)$/);
  if (m) {
    const team = Number(m[1]);
    const names = view.players.filter((p) => p.team === team).map((p) => p.name);
    return `Base (${teamName(names) || `team ${m[1]}`})`;
  }
  m = str.match(/^slot:(\d+):(\w+)$/);
  if (m) {
    const p = playerAt(view, Number(m[1]));
    return `${words(m[2])} slot${p ? ` (${p.name})` : ""}`;
  }
  if (catalog.has(str)) return catalog.get(str).name;
  if (specHero(catalog, str)) return specLabel(catalog, str);
  if (RUNE_KINDS[str]) return RUNE_KINDS[str];
  return words(str);
}

// The rune kinds a prompt may offer as bare words ("which kind of rune?").
/** @type {Record<string, string>} */
const RUNE_KINDS = { plus: "+1/+1 rune", minus: "−1/−1 rune", time: "time rune" };

/**
 * True when the numbers among `options` (a prompt's) are plain numbers
 * (a card that names a cost) rather than seats (R27 "choose an
 * opponent", a card that picks a player): a prompt offering seats offers only seats of
 * players, so one number that is no seat makes them all numbers.
 * @param {ViewJson} view
 * @param {any[]} options
 */
export function offersNumbers(view, options) {
  const nums = options.filter((/** @type {any} */ o) => typeof o === "number");
  return nums.length > 0 && nums.some((/** @type {number} */ n) => !playerAt(view, n));
}

/**
 * The seat a thing on the board belongs to (for grouping choices by
 * player): a card's controller, a building's or patrol slot's player, the
 * first player of a base's team; null for anything else (a spec, a word).
 * @param {ViewJson} view
 * @param {any} id
 */
export function seatOfId(view, id) {
  const str = String(id);
  const found = findCard(view, str);
  if (found) return found.player.seat;
  const m = str.match(/^(?:bld|slot|workers):(\d+)(?::\w+)?$/);
  if (m) return Number(m[1]);
  const b = str.match(/^base:(\d+)$/);
  if (b) {
    const p = view.players.find((x) => x.team === Number(b[1]));
    return p ? p.seat : null;
  }
  return null;
}

/**
 * True when card `c` (in play) arrived during the turn now being played.
 * While the coming turn waits for a tech choice (phase "tech", R11) the
 * engine still counts the turn that ended, so nothing is new then.
 * @param {ViewJson} view
 * @param {any} c
 */
export function arrivedNow(view, c) {
  return !!c.arrived_this_turn && view.phase !== "tech";
}

/**
 * How an attack target reads in the attack choice: what it names on the
 * board, and the gold the attack costs when it asks some (view field
 * `attack_tax`, which cards in play set).
 * @param {ViewJson} view
 * @param {Map<string, any>} catalog
 * @param {any} id
 */
export function attackTargetLabel(view, catalog, id) {
  const found = findCard(view, String(id));
  const tax = found && found.card.attack_tax;
  return `${describeId(view, catalog, id)}${tax ? ` · pay ${tax} gold` : ""}`;
}

/**
 * Heroes `p` has in play (they count toward the hero limit).
 * @param {any} p
 */
export function heroesInPlay(p) {
  return p.play.filter((/** @type {any} */ c) => c.kind === "hero" && c.controller === p.seat).length;
}

/**
 * The name of the player who lent card `c` (free-for-all, R26), or null.
 * @param {ViewJson} view
 * @param {any} c
 */
export function lenderName(view, c) {
  if (c.lent_by === undefined || c.lent_by === null) return null;
  return (playerAt(view, c.lent_by) || { name: `seat ${c.lent_by}` }).name;
}

/**
 * The base of `team`: {left, hp} (HP left, never below 0, and full HP).
 * @param {ViewJson} view
 * @param {any} team
 */
export function teamBase(view, team) {
  const t = view.teams[team] || { hp: 0, damage: 0 };
  return { left: Math.max(0, t.hp - t.damage), hp: t.hp };
}

/**
 * HP left on the base of the player at `seat` (0 for an unknown seat).
 * @param {ViewJson} view
 * @param {number | null} seat
 */
export function baseLeft(view, seat) {
  const p = playerAt(view, seat);
  return p ? teamBase(view, p.team).left : 0;
}

/**
 * The seats that won, from a finished view or a stored result of any game (its `winners`, else its `winner`; [] for a draw or a game in play).
 * @param {{winners?: number[] | null, winner?: number | null, [key: string]: any}} view
 */
export function viewWinners(view) {
  if (view.winners && view.winners.length) return view.winners;
  return view.winner === null || view.winner === undefined ? [] : [view.winner];
}

/**
 * The players a finished Codex game's result reason is about, as `seat`
 * reads it (common.js resultConcerned): who conceded, whose base was
 * destroyed (the bases at 0 HP in the view). `reason` and `winners` default
 * to the view's; `by`: the seat that conceded, when known (the match's
 * last action was that concession). Callers pass the reason as it is told
 * (common.js toldReason), the code they word it by too: a free-for-all
 * concession, which the engine ends as a fallen base, names who conceded.
 * @param {ViewJson} view
 * @param {number | null} seat
 * @param {any} winners
 */
export function codexConcerned(view, seat, { reason = view.result_reason, winners = viewWinners(view), by = null } = {}) {
  const fallen = view.players.filter((p) => baseLeft(view, p.seat) === 0).map((p) => p.seat);
  return resultConcerned({ reason, players: view.players, winners, seat, by, fallen });
}

/**
 * Free-for-all final rounds (R28): the seats tied for the highest base now,
 * as the engine's view says (`final.tied_now`, game/codex/freeforall.py
 * tied_now: from each base's HP now, not the tie the round began with), in
 * seat order; [] when one base leads or outside the final rounds.
 * @param {ViewJson} view
 */
export function tiedNow(view) {
  if (!view.final || view.status !== "playing") return [];
  return view.final.tied_now || [];
}
