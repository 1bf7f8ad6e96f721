// The client knows no rules: everything it offers comes from the server's
// `legal_actions` list. This module indexes that list by card and narrows
// multi-step choices (targets) one click at a time.

/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {string | number} TargetId an id a target pick may be: a card id, a seat, a building */

/**
 * What one card may do now.
 * @typedef {object} CardEntry
 * @property {Action | null} hire
 * @property {Action[]} play
 * @property {Action | null} summon
 * @property {Action[]} levelUp
 * @property {Map<any, Action[]>} abilities by ability index
 * @property {Action[]} attack
 * @property {Action[]} patrol
 */

/**
 * A legal action list by card and by kind (indexActions).
 * @typedef {object} ActionIndex
 * @property {Map<string, CardEntry>} byCard
 * @property {Action[]} hire
 * @property {Action[]} build
 * @property {Action | null} endMain
 * @property {Action[]} stash
 * @property {Action[]} tech
 * @property {Action[]} choose
 * @property {Action | null} concede
 * @property {Action[]} other
 * @property {number} count
 */

/**
 * An empty per-card entry.
 * @returns {CardEntry}
 */
function cardEntry() {
  return { hire: null, play: [], summon: null, levelUp: [], abilities: new Map(), attack: [], patrol: [] };
}

/**
 * Index a legal action list.
 * Returns {byCard: Map(id -> {hire, play[], summon, levelUp[], abilities: Map(index -> [actions]),
 * attack[], patrol[]}), hire[], build[], endMain, stash[], tech[], choose[], concede, other[]}.
 * `endMain` is the plain end of the main phase; `stash` the ends that keep
 * one hand card (`{"type": "end_main", "stash": id}`, while the seat has stash).
 * Unknown action types land in `other` so they can still be offered as plain buttons.
 * @param {Action[]} list the state's `legal_actions`
 * @returns {ActionIndex}
 */
export function indexActions(list) {
  /** @type {ActionIndex} */
  const idx = {
    byCard: new Map(), hire: [], build: [], endMain: null, stash: [], tech: [], choose: [], concede: null, other: [],
    count: list.length,
  };
  /** @param {string} id @returns {CardEntry} */
  const entry = (id) => {
    let e = idx.byCard.get(id);
    if (!e) {
      e = cardEntry();
      idx.byCard.set(id, e);
    }
    return e;
  };
  for (const a of list) {
    switch (a.type) {
      case "hire": if (a.card !== undefined) entry(a.card).hire = a; idx.hire.push(a); break; // no card when the map takes none
      case "play": entry(a.card).play.push(a); break;
      case "summon": entry(a.hero).summon = a; break;
      case "level_up": entry(a.hero).levelUp.push(a); break;
      case "ability": {
        const abilities = entry(a.card).abilities;
        const same = abilities.get(a.ability) || [];
        same.push(a);
        abilities.set(a.ability, same);
        break;
      }
      case "attack": entry(a.attacker).attack.push(a); break;
      case "patrol": entry(a.card).patrol.push(a); break;
      case "build": idx.build.push(a); break;
      case "end_main":
        if (a.stash === undefined || a.stash === null) idx.endMain = a;
        else idx.stash.push(a);
        break;
      case "tech": idx.tech.push(a); break;
      case "choose": idx.choose.push(a); break;
      case "concede": idx.concede = a; break;
      default: idx.other.push(a);
    }
  }
  return idx;
}

/**
 * True when the card `id` has anything to do in `idx`.
 * @param {ActionIndex} idx
 * @param {string} id
 * @returns {boolean}
 */
export function cardHasActions(idx, id) {
  const e = idx.byCard.get(id);
  return !!e && !!(e.hire || e.play.length || e.summon || e.levelUp.length || e.abilities.size
    || e.attack.length || e.patrol.length);
}

/**
 * Narrow `actions` by the targets chosen so far.
 * `path(action)` gives an action's ordered target list; `chosen` the picks made.
 * Returns {remaining, next, complete}: the actions still possible, the distinct
 * ids the next pick may be, and the actions fully specified by `chosen`.
 * @param {Action[]} actions
 * @param {(action: Action) => TargetId[]} path
 * @param {TargetId[]} chosen
 * @returns {{remaining: Action[], next: TargetId[], complete: Action[]}}
 */
export function narrow(actions, path, chosen) {
  const remaining = actions.filter((a) => {
    const p = path(a);
    return p.length >= chosen.length && chosen.every((c, i) => p[i] === c);
  });
  /** @type {TargetId[]} */
  const next = [];
  /** @type {Action[]} */
  const complete = [];
  for (const a of remaining) {
    const p = path(a);
    if (p.length === chosen.length) complete.push(a);
    else if (!next.includes(p[chosen.length])) next.push(p[chosen.length]);
  }
  return { remaining, next, complete };
}

/**
 * The multiset key of a list of ids (order does not matter).
 * @param {TargetId[]} list
 * @returns {string}
 */
export function bagKey(list) {
  return JSON.stringify([...list].sort());
}
