// static/js/focus.js: after a redraw the keyboard player is back on the
// control they were on, or on the next sensible one, never on the page
// body (issue 31 point 4: focus dropped to the body after 12 of 12 actions
// and after every opponent move). A fake document stands for the page: a
// redraw replaces its nodes with new ones, as the match page does.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { createFocusKeeper, cssString, findKey, focusKey, usable } from "../../static/js/focus.js";

/** @typedef {import("../../static/js/focus.js").FocusNode} FocusNode */

/**
 * A fake page: nodes made by `node(...)`, found by the selectors the keeper
 * builds (`[attr="v"]...` with an optional `[id="region"] ` before).
 */
function fakePage() {
  /** @type {any[]} */
  let nodes = [];
  const body = { tagName: "BODY" };
  const doc = {
    /** @type {any} */
    activeElement: body,
    body,
    /** @param {string} selector */
    querySelector(selector) {
      const region = selector.match(/^\[id="([^"]*)"\] (.*)$/);
      const own = region ? region[2] : selector;
      return nodes.find((n) => n.isConnected && n.matches(own) && (!region || n.region === region[1])) || null;
    },
    /** @param {string} selector */
    querySelectorAll(selector) {
      return nodes.filter((n) => n.isConnected && n.matches(selector));
    },
  };
  /**
   * @param {string} tag
   * @param {Record<string, string>} attrs
   * @param {{region?: string, disabled?: boolean, hidden?: boolean, inDialog?: boolean}} [opts]
   */
  function node(tag, attrs, opts = {}) {
    const n = {
      tagName: tag.toUpperCase(),
      attrs,
      region: opts.region || null,
      disabled: !!opts.disabled,
      hidden: !!opts.hidden,
      isConnected: true,
      getAttribute: (/** @type {string} */ name) => (name in attrs ? attrs[name] : null),
      /** @param {string} selector */
      matches(selector) {
        const m = selector.match(/^([a-z]*)((?:\[[^\]]+\])*)$/);
        if (!m || (m[1] && m[1] !== tag)) return false;
        return [...m[2].matchAll(/\[([\w-]+)(?:="((?:[^"\\]|\\.)*)")?\]/g)].every(([, a, v]) => a in attrs && (v === undefined || attrs[a] === v.replace(/\\(.)/g, "$1")));
      },
      closest: (/** @type {string} */ selector) => (selector === "dialog" && opts.inDialog ? {} : null),
      parentElement: opts.region ? { closest: () => ({ getAttribute: () => opts.region }) } : null,
      getClientRects: () => ({ length: n.hidden ? 0 : 1 }),
      focus() { doc.activeElement = n; },
    };
    nodes.push(n);
    return n;
  }
  /** A redraw: every node leaves the page (focus on a node that is gone), then `draw` makes the new ones. */
  function redraw(/** @type {() => void} */ draw) {
    for (const n of nodes) n.isConnected = false;
    nodes = [];
    draw();
  }
  return { doc, node, redraw };
}

const FALLBACKS = ["[data-option]", "[data-shortcut]", "[id]"];

describe("focusKey", () => {
  it("names a control by its tag, naming attributes and region", () => {
    const { node } = fakePage();
    const key = focusKey(/** @type {any} */ (node("button", { "data-action": "build", "data-building": "tech_1", class: "btn" }, { region: "action-bar" })));
    assert.deepEqual(key, { selector: 'button[data-action="build"][data-building="tech_1"]', region: "action-bar" });
  });

  it("has no key for a node no attribute names", () => {
    const { node } = fakePage();
    assert.equal(focusKey(/** @type {any} */ (node("span", { class: "x" }))), null);
  });

  it("quotes values holding quotes and backslashes (Arcane's JSON actions)", () => {
    assert.equal(cssString('{"type":"a\\b"}'), '"{\\"type\\":\\"a\\\\b\\"}"');
  });
});

describe("the focus keeper", () => {
  it("puts focus back on the same control once the page is redrawn (an opponent's move)", () => {
    const { doc, node, redraw } = fakePage();
    const keeper = createFocusKeeper(doc, () => FALLBACKS);
    node("div", { "data-tid": "c1" }, { region: "hand" }).focus();
    keeper.before();
    let again = null;
    redraw(() => {
      node("div", { "data-tid": "c0" }, { region: "hand" });
      again = node("div", { "data-tid": "c1" }, { region: "hand" });
    });
    assert.equal(keeper.after(), again);
    assert.equal(doc.activeElement, again);
  });

  it("prefers the control in the same region when another place has one of the same name", () => {
    const { doc, node, redraw } = fakePage();
    const keeper = createFocusKeeper(doc, () => FALLBACKS);
    node("button", { "data-action": "play" }, { region: "inspector" }).focus();
    keeper.before();
    let inspector = null;
    redraw(() => {
      node("button", { "data-action": "play" }, { region: "other" });
      inspector = node("button", { "data-action": "play" }, { region: "inspector" });
    });
    keeper.after();
    assert.equal(doc.activeElement, inspector);
  });

  it("goes to the first fallback when the control is gone (the card was played), and not to the body", () => {
    const { doc, node, redraw } = fakePage();
    const keeper = createFocusKeeper(doc, () => FALLBACKS);
    node("button", { "data-action": "play" }).focus();
    keeper.before();
    let option = null;
    redraw(() => {
      node("button", { "data-shortcut": "e" });
      node("button", { "data-option": "a" }, { hidden: true }); // not drawn: skipped
      option = node("button", { "data-option": "b" });
    });
    assert.equal(keeper.after(), option);
    assert.notEqual(doc.activeElement, doc.body);
  });

  it("comes back to a control disabled while its action was on its way", () => {
    const { doc, node, redraw } = fakePage();
    const keeper = createFocusKeeper(doc, () => FALLBACKS);
    node("button", { "data-action": "hire" }).focus();
    keeper.before();
    let stand = null;
    redraw(() => {
      node("button", { "data-action": "hire" }, { disabled: true });
      stand = node("button", { "data-shortcut": "e" });
    });
    assert.equal(keeper.after(), stand);
    keeper.before(); // the stand-in is not taken for the player's place
    let hire = null;
    redraw(() => {
      hire = node("button", { "data-action": "hire" });
      node("button", { "data-shortcut": "e" });
    });
    assert.equal(keeper.after(), hire);
    assert.equal(doc.activeElement, hire);
  });

  it("follows the stand-in once the control is gone for good", () => {
    const { doc, node, redraw } = fakePage();
    const keeper = createFocusKeeper(doc, () => FALLBACKS);
    node("button", { "data-action": "end_main" }).focus();
    keeper.before();
    redraw(() => node("button", { id: "x" }));
    keeper.after();
    assert.deepEqual(keeper.wanted(), { selector: 'button[id="x"]', region: null });
  });

  it("leaves the player where they are when their control is still in the page (the chat box, a dialog)", () => {
    const { doc, node } = fakePage();
    const keeper = createFocusKeeper(doc, () => FALLBACKS);
    node("button", { "data-action": "play" }).focus();
    keeper.before();
    const chat = node("input", { name: "text" });
    chat.focus();
    assert.equal(keeper.after(), null);
    assert.equal(doc.activeElement, chat);
  });

  it("never takes a dialog's button for the player's place", () => {
    const { doc, node, redraw } = fakePage();
    const keeper = createFocusKeeper(doc, () => FALLBACKS);
    node("div", { "data-tid": "c1" }).focus();
    keeper.before();
    node("button", { id: "confirm-yes" }, { inDialog: true }).focus();
    keeper.before();
    assert.deepEqual(keeper.wanted(), { selector: 'div[data-tid="c1"]', region: null });
    let card = null;
    redraw(() => { card = node("div", { "data-tid": "c1" }); });
    doc.activeElement = doc.body; // the dialog closed, its opener gone
    assert.equal(keeper.after(), card);
  });

  it("does nothing before the player focused anything (the page opens on its skip link)", () => {
    const { doc, node, redraw } = fakePage();
    const keeper = createFocusKeeper(doc, () => FALLBACKS);
    keeper.before();
    redraw(() => node("button", { "data-option": "a" }));
    assert.equal(keeper.after(), null);
    assert.equal(doc.activeElement, doc.body);
  });

  it("finds nothing usable: leaves focus alone rather than fail", () => {
    const { doc, node, redraw } = fakePage();
    const keeper = createFocusKeeper(doc, () => FALLBACKS);
    node("button", { "data-action": "play" }).focus();
    keeper.before();
    redraw(() => node("span", { class: "x" }));
    assert.equal(keeper.after(), null);
  });
});

describe("usable and findKey", () => {
  it("a disabled, hidden or removed node is not usable", () => {
    const { doc, node } = fakePage();
    assert.equal(usable(/** @type {any} */ (node("button", { id: "a" }, { disabled: true }))), false);
    assert.equal(usable(/** @type {any} */ (node("button", { id: "b" }, { hidden: true }))), false);
    const gone = node("button", { id: "c" });
    gone.isConnected = false;
    assert.equal(usable(/** @type {any} */ (gone)), false);
    assert.equal(usable(null), false);
    assert.equal(findKey(doc, { selector: 'button[id="c"]', region: null }), null);
  });
});

describe("a control no longer drawn", () => {
  it("counts as lost: focus left on a closed dialog's button comes back to the page", () => {
    const { doc, node } = fakePage();
    const keeper = createFocusKeeper(doc, () => FALLBACKS);
    const card = node("div", { "data-tid": "c1" });
    card.focus();
    keeper.before();
    const closed = node("button", { value: "close" }, { inDialog: true, hidden: true });
    closed.focus();
    assert.equal(keeper.after(), card);
    assert.equal(doc.activeElement, card);
  });
});
