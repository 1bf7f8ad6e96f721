// Keyboard focus across redraws (issue 31 point 4): the match page rebuilds
// the board, hand and panels after each of the player's actions and each
// move of another player, and the focused control went with them, leaving a
// keyboard player on the page body. The keeper notes which control the
// player is on before a redraw (by the attributes that name it) and puts
// focus back on the same control after it, or, when that one is gone, on
// the next sensible one (the page's fallbacks: an open question's first
// option, the main action...). It reads the page only through the
// `doc` it is given, so it is unit-tested with a fake one
// (tests/js/focus.test.js).

/**
 * The attributes that name a control on the match page, whatever game is
 * drawn: ids, the board's things (`data-tid` Codex, `data-aid` Arcane,
 * `data-cid` C-23), a question's options, the buttons' actions.
 */
export const KEY_ATTRS = [
  "id", "data-tid", "data-aid", "data-cid", "data-option", "data-codex", "data-read", "data-pick", "data-lend", "data-pay-for",
  "data-action", "data-simple", "data-building", "data-levels", "data-ability", "data-slot", "data-boost", "data-tab", "data-jump",
  "data-stand-in",
];

/**
 * What a node of the fake or real document must offer the keeper.
 * @typedef {object} FocusNode
 * @property {string} tagName
 * @property {(name: string) => string | null} getAttribute
 * @property {(selector: string) => FocusNode | null} closest
 * @property {() => {length: number}} getClientRects
 * @property {(options?: {preventScroll?: boolean}) => void} focus
 * @property {boolean} [disabled]
 * @property {boolean} [isConnected]
 * @property {FocusNode | null} [parentElement]
 */

/**
 * The document as the keeper reads it.
 * @typedef {object} FocusDoc
 * @property {unknown} activeElement the focused node (a FocusNode), or the body
 * @property {unknown} body compared with the focused node only
 * @property {(selector: string) => FocusNode | Element | null} querySelector
 * @property {(selector: string) => Iterable<FocusNode | Element>} querySelectorAll
 */

/**
 * Which control a node is, to find it again in a redrawn page: a selector
 * of its tag and naming attributes, and the id of the nearest ancestor with
 * one (its region: the hand, the card panel, a question's panel...), or
 * null for a node no attribute names.
 * @typedef {object} FocusKey
 * @property {string} selector
 * @property {string | null} region
 */

/**
 * A CSS string of `value` (quoted, with `"` and `\` escaped): attribute
 * values hold JSON (Arcane's actions) and ids with colons.
 * @param {string} value
 * @returns {string}
 */
export function cssString(value) {
  return `"${value.replace(/[\\"]/g, "\\$&").replace(/\n/g, "\\a ")}"`;
}

/**
 * The key of `node` (see FocusKey), or null when none of KEY_ATTRS names it.
 * @param {FocusNode} node
 * @returns {FocusKey | null}
 */
export function focusKey(node) {
  const parts = [];
  for (const name of KEY_ATTRS) {
    const value = node.getAttribute(name);
    if (value !== null) parts.push(name === "id" ? `[id=${cssString(value)}]` : `[${name}=${cssString(value)}]`);
  }
  if (!parts.length) return null;
  const up = node.parentElement ? node.parentElement.closest("[id]") : null;
  return { selector: `${node.tagName.toLowerCase()}${parts.join("")}`, region: up ? up.getAttribute("id") : null };
}

/**
 * True when `node` can take the focus now: drawn (it has a box: not hidden,
 * not in a closed panel) and not disabled.
 * @param {FocusNode | Element | null} node
 * @returns {boolean}
 */
export function usable(node) {
  const n = /** @type {FocusNode | null} */ (node);
  return !!n && n.isConnected !== false && !n.disabled && n.getClientRects().length > 0;
}

/**
 * The node `key` names in `doc` now: in its region first, else anywhere;
 * null when there is none (usable or not).
 * @param {FocusDoc} doc
 * @param {FocusKey} key
 * @returns {FocusNode | null}
 */
export function findKey(doc, key) {
  const inRegion = key.region ? doc.querySelector(`[id=${cssString(key.region)}] ${key.selector}`) : null;
  return /** @type {FocusNode | null} */ (inRegion || doc.querySelector(key.selector));
}

/**
 * The first usable node of `selectors` in `doc` (the page's fallbacks, best first), or null.
 * @param {FocusDoc} doc
 * @param {string[]} selectors
 * @returns {FocusNode | null}
 */
export function firstUsable(doc, selectors) {
  for (const selector of selectors) {
    for (const node of doc.querySelectorAll(selector)) if (usable(node)) return /** @type {FocusNode} */ (node);
  }
  return null;
}

/**
 * The keeper of one page: call `before()` just before a redraw and
 * `after()` just after it. After a redraw that took the player's control
 * away (focus on the body, or on a node no longer in the page or no
 * longer drawn: a closed dialog's button, a hidden panel's), focus goes
 * back to the same control if it is there and usable; else to the first
 * usable of `fallbacks()` (selectors, best first), which then stands for
 * the player's place, unless the player's control is only disabled for a
 * moment (an action on its way): focus then comes back to it once usable.
 * Nothing is done before the player has focused anything (the page opens
 * with the skip link first), nor while the player is on a control that is
 * still in the page (a dialog's button, the chat box, a card kept). A
 * dialog's buttons are never taken for the player's place.
 * @param {FocusDoc} doc
 * @param {() => string[]} fallbacks
 * @returns {{before: () => void, after: () => FocusNode | null, wanted: () => FocusKey | null}}
 */
export function createFocusKeeper(doc, fallbacks) {
  /** @type {FocusKey | null} */
  let wanted = null; // the control the player was on
  /** @type {FocusNode | null} */
  let placed = null; // the node the keeper focused in its stead
  const active = () => /** @type {FocusNode | null} */ (doc.activeElement);
  // Lost: on the body, or on a node gone from the page or no longer drawn (in a closed dialog, a hidden panel).
  const lost = (/** @type {FocusNode | null} */ node) => !node || node === doc.body || node.isConnected === false || node.getClientRects().length === 0;
  return {
    before() {
      const node = active();
      // A dialog's button is not a place on the page: the page is the place to come back to.
      if (lost(node) || node === placed || /** @type {FocusNode} */ (node).closest("dialog")) return;
      const key = focusKey(/** @type {FocusNode} */ (node));
      if (key) {
        wanted = key;
        placed = null;
      }
    },
    after() {
      const node = active();
      if (!wanted || (!lost(node) && node !== placed)) return null;
      const same = findKey(doc, wanted);
      if (usable(same) && same !== node) {
        /** @type {FocusNode} */ (same).focus({ preventScroll: true });
        placed = null;
        return same;
      }
      if (usable(same)) return null;
      if (!lost(node)) return null; // the stand-in is still there: the player stays on it
      const next = firstUsable(doc, fallbacks());
      if (!next) return null;
      next.focus();
      placed = next;
      // Gone for good (not merely disabled while an action is on its way): the stand-in is the player's place now.
      if (!same) wanted = focusKey(next) || wanted;
      return next;
    },
    wanted: () => wanted,
  };
}
