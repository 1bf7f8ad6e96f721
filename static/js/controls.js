// What the player is doing on the match page, between two versions: the
// card shown in the inspector, a multi-step choice (targets) in progress,
// the options picked for a pending question, the tech cards picked. Only
// the server's legal actions are offered (legal.js narrows them one pick at
// a time). It reads no page element: the page draws from this state and
// calls these functions on a click (unit-tested in tests/js/controls.test.js).
import { narrow } from "./legal.js";

/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {import("./protocol.js").StateMessage} StateMessage */
/** @typedef {import("./legal.js").ActionIndex} ActionIndex */
/** @typedef {import("./legal.js").TargetId} TargetId */

/**
 * A multi-step choice in progress: its title, the actions it chooses among
 * (`source()`, read again on each step), each action's picks in order
 * (`path(a)`), the ids picked so far, how an option is named (`label`, null:
 * as the board names it) and why only these are offered (`note`, or null).
 * @typedef {object} Targeting
 * @property {string} title
 * @property {() => Action[]} source
 * @property {(a: Action) => TargetId[]} path
 * @property {TargetId[]} chosen
 * @property {((id: any) => string) | null} label
 * @property {((ids: TargetId[]) => string | null) | null} note
 */

/**
 * The player's doing on the page.
 * @typedef {object} Controls
 * @property {string | null} selected id of the card or building shown in the inspector
 * @property {Targeting | null} targeting a multi-step choice in progress
 * @property {TargetId[]} promptPick options picked for a multi-answer prompt
 * @property {number | string | null} promptId the prompt those picks answer
 * @property {string[]} techPick codex card ids picked for the tech choice
 * @property {Set<string>} techFolded specs whose group the player folded in the tech panel
 * @property {string | null} why the sentence of the disabled control last tapped (shown under the action bar)
 * @property {string | null} techRead the codex card whose text the tech panel shows (read before picking)
 */

/**
 * Nothing chosen yet.
 * @returns {Controls}
 */
export function createControls() {
  return { selected: null, targeting: null, promptPick: [], promptId: null, techPick: [], techFolded: new Set(), why: null, techRead: null };
}

/**
 * After sending `action`: the choice it ends is over (targets, prompt
 * picks; the tech picks for a tech action).
 * @param {Controls} ui
 * @param {Action} action
 */
export function afterSend(ui, action) {
  ui.targeting = null;
  ui.promptPick = [];
  if (action.type === "tech") ui.techPick = [];
}

/**
 * Start a multi-step choice (see Targeting); nothing is picked yet.
 * @param {Controls} ui
 * @param {string} title
 * @param {() => Action[]} source
 * @param {(a: Action) => TargetId[]} path
 * @param {((id: any) => string) | null} [label]
 * @param {((ids: TargetId[]) => string | null) | null} [note]
 */
export function beginTargeting(ui, title, source, path, label = null, note = null) {
  ui.targeting = { title, source, path, chosen: [], label, note };
}

/**
 * The choice's next step: the action to send when the picks made leave
 * nothing more to choose (the first complete one), else null; the choice
 * ends when nothing is left to pick.
 * @param {Controls} ui
 * @returns {Action | null}
 */
export function targetingStep(ui) {
  const t = ui.targeting;
  if (!t) return null;
  const n = narrow(t.source(), t.path, t.chosen);
  if (!n.next.length && n.complete.length) return n.complete[0];
  if (!n.remaining.length) ui.targeting = null;
  return null;
}

/**
 * After a new state: drop choices that are no longer possible (targets
 * none of whose actions remain, picks of another prompt, tech picks once no
 * tech choice is legal, a selection whose thing is gone: `exists(id)`).
 * @param {Controls} ui
 * @param {any} view the new state's view
 * @param {ActionIndex} idx its legal actions
 * @param {(id: string) => boolean} exists
 */
export function keepChoicesValid(ui, view, idx, exists) {
  if (ui.targeting && !narrow(ui.targeting.source(), ui.targeting.path, ui.targeting.chosen).remaining.length) {
    ui.targeting = null;
  }
  const prompt = view.prompt;
  if (!prompt || prompt.id !== ui.promptId) {
    ui.promptPick = [];
    ui.promptId = prompt ? prompt.id : null;
  }
  if (!idx.tech.length) {
    ui.techPick = [];
    ui.techRead = null;
  }
  if (ui.selected && !exists(ui.selected)) ui.selected = null;
}

/**
 * The viewer's pending question (view `prompt` asked of the viewer's seat, with options), or null.
 * @param {StateMessage} msg
 * @returns {any}
 */
export function myPrompt(msg) {
  const prompt = msg.view.prompt;
  return prompt && msg.seat !== null && prompt.seat === msg.seat && prompt.options ? prompt : null;
}

/**
 * The legal action of `type` among those the page has no own index for, or undefined.
 * @param {ActionIndex} idx
 * @param {string} type
 * @returns {Action | undefined}
 */
export function otherAction(idx, type) {
  return idx.other.find((a) => a.type === type);
}

/**
 * The legal lend actions (free-for-all R26; of card `iid` only, when given).
 * @param {ActionIndex} idx
 * @param {string | null} [iid]
 * @returns {Action[]}
 */
export function lendActions(idx, iid = null) {
  return idx.other.filter((a) => a.type === "lend" && (iid === null || a.card === iid));
}

/**
 * The patrol slot a lend action fills, as the board names it.
 * @param {Action} a
 * @returns {string}
 */
export function lendSlot(a) {
  return `slot:${a.to}:${a.slot}`;
}

/**
 * A pick on the board, and the kind of highlight it gets.
 * @typedef {(() => void) & {kind: "pick" | "attack" | "patrol"}} TargetHandler
 */

/**
 * What the board's things do when clicked now: data-tid -> handler, for the
 * legal picks only. A choice in progress offers its next ids (`on.pick`);
 * else the viewer's question its options (`on.option`); else the selected
 * card its attack targets and patrol slots, and the slots it may be lent to
 * (`on.act` with the action). Nothing while an action awaits its answer.
 * @param {Controls} ui
 * @param {{msg: StateMessage | null, idx: ActionIndex, busy: boolean}} state
 * @param {{pick: (id: TargetId) => void, option: (prompt: any, option: any) => void, act: (a: Action) => void}} on
 * @returns {Map<string, TargetHandler>}
 */
export function activeTargets(ui, { msg, idx, busy }, on) {
  /** @type {Map<string, TargetHandler>} */
  const out = new Map();
  if (busy || !msg) return out;
  /** @type {(fn: () => void, kind: "pick" | "attack" | "patrol") => TargetHandler} */
  const handler = (fn, kind) => Object.assign(fn, { kind });
  const t = ui.targeting;
  if (t) {
    for (const id of narrow(t.source(), t.path, t.chosen).next) out.set(String(id), handler(() => on.pick(id), "pick"));
    return out;
  }
  const prompt = myPrompt(msg);
  if (prompt) {
    for (const option of prompt.options) {
      out.set(String(option), handler(() => on.option(prompt, option), "pick"));
    }
    return out;
  }
  if (ui.selected) {
    const entry = idx.byCard.get(ui.selected);
    if (entry) {
      for (const a of entry.attack) out.set(String(a.target), handler(() => on.act(a), "attack"));
      const player = msg.seat !== null ? msg.view.players.find((/** @type {any} */ p) => p.seat === msg.seat) : null;
      for (const a of entry.patrol) {
        if (a.slot !== null && player) out.set(`slot:${player.seat}:${a.slot}`, handler(() => on.act(a), "patrol"));
      }
    }
    for (const a of lendActions(idx, ui.selected)) out.set(lendSlot(a), handler(() => on.act(a), "patrol"));
  }
  return out;
}

/**
 * A click on option `option` of the viewer's question `prompt`: a
 * one-answer question is answered at once (returns its action); otherwise
 * the option is picked, or unpicked, up to the count asked (returns null).
 * @param {Controls} ui
 * @param {any} prompt
 * @param {TargetId} option
 * @param {ActionIndex} idx
 * @returns {Action | null}
 */
export function promptToggle(ui, prompt, option, idx) {
  if (prompt.count === 1 && !ui.promptPick.length) {
    return idx.choose.find((c) => c.choice.length === 1 && c.choice[0] === option) || null;
  }
  const i = ui.promptPick.indexOf(option);
  if (i >= 0) ui.promptPick.splice(i, 1);
  else if (ui.promptPick.length < prompt.count) ui.promptPick.push(option);
  return null;
}

/**
 * Pick codex card `id` for the tech choice when one is `left` in the codex
 * and fewer than `most` are picked; true when it was picked.
 * @param {Controls} ui
 * @param {string} id
 * @param {number} left
 * @param {number} most
 * @returns {boolean}
 */
export function pickTech(ui, id, left, most) {
  if (!(left > 0 && ui.techPick.length < most)) return false;
  ui.techPick.push(id);
  return true;
}

/**
 * The values of an action besides its type, in order, as ids to pick one by one.
 * @param {Action} a
 * @returns {string[]}
 */
export function genericPath(a) {
  /** @type {string[]} */
  const out = [];
  for (const [key, value] of Object.entries(a)) {
    if (key === "type") continue;
    if (Array.isArray(value)) out.push(...value.map(String));
    else out.push(value !== null && typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  return out;
}
