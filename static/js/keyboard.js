// The match page with the keyboard alone (issue 31 point 4), whatever game
// is drawn: the shortcuts (keys.js) run on the page, the help overlay that
// lists them, and the focus kept through redraws (focus.js). It knows no
// game: a board marks what the keys reach with attributes, and the page's
// template marks its own rows:
//   data-shortcut="e"       the control E presses (the end of the turn);
//   data-shortcut="Escape"  the control Escape presses (a choice's Cancel);
//   data-choices            a question's or choice's options (digits 1-9);
//   data-not-option         a button inside one that no digit presses (Read, Clear);
//   data-keys="hand" | "actions" | "card"   where H, A and I go.
import { el } from "./common.js";
import { createFocusKeeper, usable } from "./focus.js";
import { commandOf, SHORTCUTS, stepIndex } from "./keys.js";

const FOCUSABLE = 'button:not([disabled]), [tabindex="0"], a[href], summary';
const ROW = "[data-keys], [data-choices], .options";

/**
 * Where focus goes when the player's control left the page (focus.js),
 * best first: the open question's first option, the choice's, the end of
 * the turn, the first action, the hand, the board itself (never the body).
 */
const FALLBACKS = [
  "#pending [data-choices] [data-option]", "[data-choices] button:not([disabled])", "#pending button:not([disabled])",
  '[data-shortcut="e"]:not([disabled])', '[data-keys="actions"] :is(button:not([disabled]), a[href])', '[data-keys="hand"] [tabindex="0"]', "#board",
];

export const keeper = createFocusKeeper(document, () => FALLBACKS);

/** What Tab reaches in `node`, as drawn now (greyed controls included). @param {Element} node */
function focusables(node) {
  return /** @type {HTMLElement[]} */ ([...node.querySelectorAll(FOCUSABLE)]).filter((n) => usable(n));
}

/** The first drawn node of `selector`, or null. @param {string} selector */
function shown(selector) {
  return /** @type {HTMLElement | null} */ ([...document.querySelectorAll(selector)].find((n) => usable(n)) || null);
}

/** A modal dialog other than the help overlay is open: its own keys only. */
function otherDialogOpen() {
  return [...document.querySelectorAll("dialog[open]")].some((d) => d.id !== "keys-dialog");
}

let returnTo = /** @type {HTMLElement | null} */ (null);

function helpDialog() {
  return /** @type {HTMLDialogElement} */ (document.getElementById("keys-dialog"));
}

/** Open the help overlay (focus on its first control), or close it (focus back where it was). */
function toggleHelp() {
  const dialog = helpDialog();
  if (dialog.open) {
    dialog.close();
    return;
  }
  returnTo = /** @type {HTMLElement | null} */ (document.activeElement);
  dialog.showModal();
  const close = /** @type {HTMLElement} */ (document.getElementById("keys-close"));
  close.focus();
}

/** Focus back where it was before the overlay opened; elsewhere sensible when that is gone. */
function helpClosed() {
  if (returnTo && returnTo !== document.body && usable(returnTo)) returnTo.focus();
  else keeper.after();
  returnTo = null;
}

/** Tab and Shift+Tab stay inside the open overlay: from its last control to its first and back. */
function trapTab(/** @type {KeyboardEvent} */ event) {
  const dialog = helpDialog();
  if (event.key !== "Tab" || !dialog.open) return;
  const nodes = focusables(dialog);
  if (!nodes.length) return;
  const first = nodes[0];
  const last = nodes[nodes.length - 1];
  if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
    event.preventDefault();
    first.focus();
  }
}

/** Run `command` (keys.js) on the page; true when it did something. */
function run(/** @type {import("./keys.js").Command} */ command) {
  switch (command.name) {
    case "help":
      toggleHelp();
      return true;
    case "end":
    case "cancel": {
      const node = shown(`[data-shortcut="${command.name === "end" ? "e" : "Escape"}"]:not([disabled]):not([aria-disabled="true"])`);
      if (node) node.click();
      return !!node;
    }
    case "pick": {
      const box = shown("[data-choices]");
      // Greyed controls (aria-disabled: they say why on a press) are not options, nor those marked so.
      const options = box ? focusables(box).filter((n) => (n.tagName === "BUTTON" || n.getAttribute("role") === "button")
        && n.getAttribute("aria-disabled") !== "true" && !n.hasAttribute("data-not-option")) : [];
      const option = options[command.n - 1];
      if (option) option.click();
      return !!option;
    }
    case "go": {
      const box = shown(`[data-keys="${command.to}"]`);
      const first = box ? focusables(box)[0] : null;
      if (first) first.focus();
      return !!first;
    }
    case "move": {
      const row = /** @type {HTMLElement} */ (document.activeElement).closest(ROW);
      const nodes = row ? focusables(row) : [];
      const at = stepIndex(nodes.indexOf(/** @type {HTMLElement} */ (document.activeElement)), command.by, nodes.length);
      if (at >= 0) nodes[at].focus();
      return at >= 0;
    }
    default:
      return false;
  }
}

function onKey(/** @type {KeyboardEvent} */ event) {
  if (event.defaultPrevented) return;
  trapTab(event);
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const inRow = !!(active && active !== document.body && active.closest(ROW));
  const command = commandOf(event, inRow);
  // A question in the site's own dialog keeps its keys; the open overlay answers only to "?" (and Escape, natively).
  if (!command || otherDialogOpen() || (helpDialog().open && command.name !== "help")) return;
  if (run(command)) event.preventDefault();
}

/** Fill the help overlay from the shortcuts' list and wire the keys (once, as the page opens). */
export function wireKeyboard() {
  const list = /** @type {HTMLElement} */ (document.getElementById("keys-list"));
  list.replaceChildren(...SHORTCUTS.flatMap((s) => [el("dt", null, {}, el("kbd", s.keys)), el("dd", s.does)]));
  const dialog = helpDialog();
  dialog.addEventListener("close", helpClosed);
  /** @type {HTMLElement} */ (document.getElementById("keys-close")).onclick = () => dialog.close();
  /** @type {HTMLElement} */ (document.getElementById("keys-open")).onclick = toggleHelp;
  document.addEventListener("keydown", onKey);
  // A closed dialog (a question, the result) gives focus back to the control that opened it; when a
  // redraw took that one away meanwhile, the keeper finds the player's place (close does not bubble: capture).
  // Focus may still be on the closed dialog's button then: the keeper takes a node not drawn as lost.
  document.addEventListener("close", () => setTimeout(() => keeper.after()), true);
}
