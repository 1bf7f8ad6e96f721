// static/js/keys.js: the match page's shortcuts, never while typing, and
// the list the help overlay shows (issue 31 point 4).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { commandOf, SHORTCUTS, stepIndex, typing } from "../../static/js/keys.js";

/** A fake element of `tag` with `attrs`. */
function target(/** @type {string} */ tag, /** @type {Record<string, string>} */ attrs = {}, editable = false) {
  return { tagName: tag.toUpperCase(), getAttribute: (/** @type {string} */ n) => attrs[n] ?? null, isContentEditable: editable };
}

describe("commandOf", () => {
  const on = target("div", { tabindex: "0" });

  it("maps the listed keys to the page's commands", () => {
    assert.deepEqual(commandOf({ key: "?", target: on }), { name: "help" });
    assert.deepEqual(commandOf({ key: "e", target: on }), { name: "end" });
    assert.deepEqual(commandOf({ key: "E", target: on }), { name: "end" });
    assert.deepEqual(commandOf({ key: "Escape", target: on }), { name: "cancel" });
    assert.deepEqual(commandOf({ key: "3", target: on }), { name: "pick", n: 3 });
    assert.deepEqual(commandOf({ key: "h", target: on }), { name: "go", to: "hand" });
    assert.deepEqual(commandOf({ key: "A", target: on }), { name: "go", to: "actions" });
    assert.deepEqual(commandOf({ key: "i", target: on }), { name: "go", to: "card" });
  });

  it("is no shortcut for other keys, 0, or with Ctrl, Alt or Meta held", () => {
    assert.equal(commandOf({ key: "x", target: on }), null);
    assert.equal(commandOf({ key: "0", target: on }), null);
    assert.equal(commandOf({ key: "Enter", target: on }), null);
    assert.equal(commandOf({ key: "e", ctrlKey: true, target: on }), null);
    assert.equal(commandOf({ key: "e", metaKey: true, target: on }), null);
    assert.equal(commandOf({ key: "1", altKey: true, target: on }), null);
  });

  it("never fires while typing in the chat box, a text area, a menu or an editable element", () => {
    for (const t of [target("input", { name: "text" }), target("input", { type: "text" }), target("textarea"), target("select"), target("div", {}, true)]) {
      for (const key of ["e", "?", "1", "h", "Escape"]) assert.equal(commandOf({ key, target: t }), null, `${key} on ${t.tagName}`);
    }
    assert.equal(typing(target("input", { type: "checkbox" })), false);
    assert.equal(typing(target("button")), false);
    assert.equal(typing(null), false);
  });

  it("moves with the arrow keys only inside a row of cards or buttons", () => {
    assert.equal(commandOf({ key: "ArrowRight", target: on }), null);
    assert.deepEqual(commandOf({ key: "ArrowRight", target: on }, true), { name: "move", by: 1 });
    assert.deepEqual(commandOf({ key: "ArrowLeft", target: on }, true), { name: "move", by: -1 });
  });
});

describe("stepIndex", () => {
  it("wraps round a row and starts at an end when nothing is focused in it", () => {
    assert.equal(stepIndex(0, 1, 3), 1);
    assert.equal(stepIndex(2, 1, 3), 0);
    assert.equal(stepIndex(0, -1, 3), 2);
    assert.equal(stepIndex(-1, 1, 3), 0);
    assert.equal(stepIndex(-1, -1, 3), 2);
    assert.equal(stepIndex(0, 1, 0), -1);
  });
});

describe("SHORTCUTS", () => {
  it("lists every key commandOf knows, each with what it does", () => {
    const keys = SHORTCUTS.map((s) => s.keys);
    for (const k of ["?", "E", "1 to 9", "Escape", "H", "A", "I"]) assert.ok(keys.includes(k), k);
    assert.ok(SHORTCUTS.every((s) => s.does.length > 10));
  });
});
