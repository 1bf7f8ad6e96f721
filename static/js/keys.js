// The match page's keyboard shortcuts (issue 31 point 4): which key does
// what, the list the help overlay shows (one source for both), and when a
// key is typing rather than a shortcut. Reads no page element: keyboard.js
// runs the commands on the page (unit-tested in tests/js/keys.test.js).

/**
 * A shortcut as the help overlay lists it: the keys as written there and
 * what they do, in the player's words.
 * @typedef {object} Shortcut
 * @property {string} keys
 * @property {string} does
 */

/** @type {Shortcut[]} */
export const SHORTCUTS = [
  { keys: "?", does: "Show or hide this list of keys" },
  { keys: "E", does: "End your turn (Codex: end your main phase; when something is left to do, the page asks first with the focus on its yes: Enter ends the phase)" },
  { keys: "1 to 9", does: "Pick that option of the open question or choice (Codex tech: that card of your codex, counting only the cards you can still pick; C-23: that button of your actions)" },
  { keys: "Escape", does: "Cancel the choice in progress, close this list or a question" },
  { keys: "H", does: "Go to your hand" },
  { keys: "A", does: "Go to your actions" },
  { keys: "I", does: "Go to the card panel: what the selected card can do" },
  { keys: "← →", does: "Move to the previous or next card or button of the same row" },
  { keys: "Enter or Space", does: "Select the focused card, or press the focused button (a question that gives something up, such as Concede, starts on Cancel: Tab to its yes first)" },
  { keys: "Tab, Shift+Tab", does: "Move through everything on the page" },
];

/**
 * A command of the page: `help`, `end`, `cancel`, `pick` (with `n`, from
 * 1), `go` (with `to`: "hand", "actions" or "card"), `move` (with `by`: -1
 * or 1).
 * @typedef {{name: "help" | "end" | "cancel"} | {name: "pick", n: number} | {name: "go", to: string} | {name: "move", by: number}} Command
 */

/**
 * The parts of a keydown event the shortcuts read.
 * @typedef {object} KeyEventLike
 * @property {string} key
 * @property {boolean} [ctrlKey]
 * @property {boolean} [metaKey]
 * @property {boolean} [altKey]
 * @property {any} [target]
 */

const TEXT_INPUTS = new Set(["text", "search", "email", "password", "number", "url", "tel", ""]);

/**
 * True when a key pressed on `target` is typing: a text field, a text
 * area, a menu (select) or an editable element. Shortcuts never fire then.
 * @param {any} target
 * @returns {boolean}
 */
export function typing(target) {
  if (!target || !target.tagName) return false;
  const tag = String(target.tagName).toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  if (tag === "input") return TEXT_INPUTS.has(String(target.getAttribute("type") || "").toLowerCase());
  return target.isContentEditable === true;
}

const GO = { h: "hand", a: "actions", i: "card" };

/**
 * The command of a keydown `event`, or null: not a shortcut, typing, or
 * with Ctrl, Alt or Meta held (the browser's and the system's keys).
 * Arrow keys move only inside a row of cards or buttons (`inRow`: the
 * focus is in one), where they do nothing else.
 * @param {KeyEventLike} event
 * @param {boolean} [inRow]
 * @returns {Command | null}
 */
export function commandOf(event, inRow = false) {
  if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return null;
  const key = event.key;
  if (key === "?") return { name: "help" };
  if (key === "Escape") return { name: "cancel" };
  if (key === "e" || key === "E") return { name: "end" };
  if (/^[1-9]$/.test(key)) return { name: "pick", n: Number(key) };
  const lower = key.length === 1 ? key.toLowerCase() : "";
  if (lower in GO) return { name: "go", to: GO[/** @type {"h" | "a" | "i"} */ (lower)] };
  if (inRow && key === "ArrowLeft") return { name: "move", by: -1 };
  if (inRow && key === "ArrowRight") return { name: "move", by: 1 };
  return null;
}

/**
 * The index `by` steps from `at` among `count` things, wrapping round (the
 * arrow keys in a row); -1 when there is nothing.
 * @param {number} at the index now (-1: none focused yet)
 * @param {number} by
 * @param {number} count
 * @returns {number}
 */
export function stepIndex(at, by, count) {
  if (count <= 0) return -1;
  if (at < 0) return by > 0 ? 0 : count - 1;
  return (((at + by) % count) + count) % count;
}
