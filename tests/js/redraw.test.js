// static/js/redraw.js: a part of the match page is drawn again only when
// what it is drawn from changed (issue 31 point 5); an unchanged part keeps
// its very nodes (and so the focus in them). Fake nodes stand for the page's:
// children that can be replaced, appended and removed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { drawEach, drawIfChanged, drawSame } from "../../static/js/redraw.js";

/** A fake element: a name, its parent and children, and the DOM's moves on them. */
class FakeNode {
  /** @param {string} name */
  constructor(name) {
    this.name = name;
    /** @type {FakeNode[]} */
    this.children = [];
    /** @type {FakeNode | null} */
    this.parent = null;
  }

  /** @param {FakeNode[]} nodes */
  replaceChildren(...nodes) {
    for (const n of this.children) n.parent = null;
    this.children = [];
    this.append(...nodes);
  }

  /** @param {FakeNode[]} nodes */
  append(...nodes) {
    for (const n of nodes) {
      if (n.parent) n.remove();
      n.parent = this;
      this.children.push(n);
    }
  }

  /** @param {FakeNode} other */
  replaceWith(other) {
    const parent = /** @type {FakeNode} */ (this.parent);
    const at = parent.children.indexOf(this);
    if (other.parent) other.remove();
    parent.children[at] = other;
    other.parent = parent;
    this.parent = null;
  }

  remove() {
    const parent = /** @type {FakeNode} */ (this.parent);
    parent.children.splice(parent.children.indexOf(this), 1);
    this.parent = null;
  }
}

/** A build that makes nodes named `names`, counting its calls in `calls.n`. */
function builder(/** @type {string[]} */ names, calls = { n: 0 }) {
  return () => {
    calls.n += 1;
    return names.map((name) => new FakeNode(name));
  };
}

describe("drawIfChanged", () => {
  it("draws a container the first time", () => {
    const box = new FakeNode("box");
    assert.equal(drawIfChanged(box, "a", builder(["x", "y"])), true);
    assert.deepEqual(box.children.map((n) => n.name), ["x", "y"]);
  });

  it("keeps the very same nodes when the key is unchanged", () => {
    const box = new FakeNode("box");
    drawIfChanged(box, JSON.stringify({ hand: [1, 2] }), builder(["x"]));
    const kept = box.children[0];
    const calls = { n: 0 };
    assert.equal(drawIfChanged(box, JSON.stringify({ hand: [1, 2] }), builder(["z"], calls)), false);
    assert.equal(calls.n, 0, "not built at all");
    assert.equal(box.children[0], kept);
    assert.equal(kept.parent, box);
  });

  it("rebuilds when the key changed, leaving nulls out", () => {
    const box = new FakeNode("box");
    drawIfChanged(box, "1", builder(["x"]));
    const old = box.children[0];
    assert.equal(drawIfChanged(box, "2", () => [null, new FakeNode("y"), undefined]), true);
    assert.deepEqual(box.children.map((n) => n.name), ["y"]);
    assert.equal(old.parent, null);
  });

  it("keeps a key per container", () => {
    const one = new FakeNode("one");
    const two = new FakeNode("two");
    drawIfChanged(one, "k", builder(["x"]));
    assert.equal(drawIfChanged(two, "k", builder(["y"])), true, "another container with the same key is still drawn");
    assert.equal(drawIfChanged(one, "k", builder(["z"])), false);
  });
});

describe("drawEach", () => {
  /** @param {Record<string, string>} keys name -> key, in order */
  const items = (keys) => Object.entries(keys).map(([name, key]) => ({ key, build: () => new FakeNode(name) }));

  it("keeps the children whose key is unchanged, in place, and rebuilds the others", () => {
    const box = new FakeNode("opponents");
    assert.equal(drawEach(box, items({ ann: "a1", bo: "b1", cy: "c1" })), 3);
    const [ann, bo, cy] = box.children;
    assert.equal(drawEach(box, items({ ann2: "a1", bo2: "b2", cy2: "c1" })), 1);
    assert.equal(box.children[0], ann);
    assert.equal(box.children[2], cy);
    assert.equal(box.children[1].name, "bo2");
    assert.equal(bo.parent, null);
  });

  it("adds and removes children as the items grow and shrink", () => {
    const box = new FakeNode("box");
    drawEach(box, items({ a: "1" }));
    const first = box.children[0];
    drawEach(box, items({ a2: "1", b: "2" }));
    assert.deepEqual(box.children.map((n) => n.name), ["a", "b"]);
    assert.equal(box.children[0], first);
    drawEach(box, items({ a3: "1" }));
    assert.deepEqual(box.children.map((n) => n.name), ["a"]);
  });

  it("rebuilds everything when the container was drawn by other code since", () => {
    const box = new FakeNode("box");
    drawEach(box, items({ a: "1", b: "2" }));
    box.replaceChildren(new FakeNode("other"));
    assert.equal(drawEach(box, items({ a2: "1", b2: "2" })), 2);
    assert.deepEqual(box.children.map((n) => n.name), ["a2", "b2"]);
  });
});

/**
 * A fake element or text (tag "#text"): its attributes, text, handler and
 * children, with the DOM calls drawSame makes (isEqualNode compares tag,
 * attributes, text and children, as the DOM's does; handlers are no part
 * of it).
 */
class Tree {
  /**
   * @param {string} tag
   * @param {Record<string, string>} [attrs]
   * @param {Array<Tree | string>} [kids] strings become text nodes
   */
  constructor(tag, attrs = {}, kids = []) {
    this.tag = tag;
    this.nodeType = tag === "#text" ? 3 : 1;
    this.attrs = { ...attrs };
    this.text = "";
    /** @type {Tree[]} */
    this.childNodes = [];
    /** @type {Tree | null} */
    this.parent = null;
    /** @type {(() => string) | null} */
    this.onclick = null;
    for (const kid of kids) this.insertBefore(typeof kid === "string" ? Tree.text(kid) : kid, null);
  }

  /** @param {string} text */
  static text(text) {
    const node = new Tree("#text");
    node.text = text;
    return node;
  }

  get nodeName() {
    return this.tag;
  }

  get attributes() {
    return Object.entries(this.attrs).map(([name, value]) => ({ name, value }));
  }

  /** @param {string} name @param {string} value */
  setAttribute(name, value) {
    this.attrs[name] = value;
  }

  /** @param {string} name */
  removeAttribute(name) {
    delete this.attrs[name];
  }

  get firstChild() {
    return this.childNodes[0] || null;
  }

  /** @returns {Tree | null} */
  get nextSibling() {
    if (!this.parent) return null;
    return this.parent.childNodes[this.parent.childNodes.indexOf(this) + 1] || null;
  }

  /** @param {string} name */
  getAttribute(name) {
    return name in this.attrs ? this.attrs[name] : null;
  }

  /** @param {boolean} deep @returns {Tree} */
  cloneNode(deep) {
    /** @type {Tree} */
    const copy = new Tree(this.tag, this.attrs, deep ? this.childNodes.map((c) => c.cloneNode(true)) : []);
    copy.text = this.text;
    return copy;
  }

  /** @param {Tree} other @returns {boolean} */
  isEqualNode(other) {
    return this.tag === other.tag && this.text === other.text && JSON.stringify(Object.entries(this.attrs).sort()) === JSON.stringify(Object.entries(other.attrs).sort())
      && this.childNodes.length === other.childNodes.length && this.childNodes.every((c, i) => c.isEqualNode(other.childNodes[i]));
  }

  /** @param {Tree} node @param {Tree | null} before */
  insertBefore(node, before) {
    if (node.parent) node.remove();
    const at = before ? this.childNodes.indexOf(before) : this.childNodes.length;
    this.childNodes.splice(at, 0, node);
    node.parent = this;
  }

  /** @param {Tree} other */
  replaceWith(other) {
    const parent = /** @type {Tree} */ (this.parent);
    parent.insertBefore(other, this);
    this.remove();
  }

  remove() {
    const parent = /** @type {Tree} */ (this.parent);
    parent.childNodes.splice(parent.childNodes.indexOf(this), 1);
    this.parent = null;
  }
}

/** A button named by `attrs`, saying `label`, whose handler returns `said`. */
function btn(/** @type {string} */ label, /** @type {Record<string, string>} */ attrs = {}, said = label) {
  const b = new Tree("button", attrs, [label]);
  b.onclick = () => said;
  return b;
}

describe("drawSame", () => {
  it("keeps the children equal to the new ones, taking the new ones' handlers", () => {
    const bar = new Tree("div");
    assert.equal(drawSame(bar, [btn("End", { "data-action": "end_main" }), btn("Hire")]), 2);
    const [end, hire] = bar.childNodes;
    assert.equal(drawSame(bar, [btn("End", { "data-action": "end_main" }, "new end"), btn("Hire (2 gold)")]), 1);
    assert.equal(bar.childNodes[0], end, "an unchanged button is the same node");
    assert.equal(end.onclick && end.onclick(), "new end", "and runs what was built for the newest state");
    assert.equal(bar.childNodes[1], hire, "a button whose label changed is kept, its text replaced");
    assert.ok(hire.isEqualNode(btn("Hire (2 gold)")));
    assert.equal(drawSame(bar, [btn("End", { "data-action": "end_main" }), btn("Hire", { "data-action": "hire" })]), 1);
    assert.notEqual(bar.childNodes[1], hire, "a button whose attributes changed is replaced");
    assert.equal(hire.parent, null);
  });

  it("keeps a box whose tag and attributes are unchanged and draws its children the same way", () => {
    const panel = new Tree("section");
    const build = (/** @type {string} */ hint) => new Tree("div", { class: "panel" }, [new Tree("h2", {}, ["Tech"]), new Tree("p", {}, [hint]),
      btn("Confirm", { "data-action": "tech" }, hint)]);
    drawSame(panel, [build("Picked: none")]);
    const [box] = panel.childNodes;
    const [title, , confirm] = box.childNodes;
    assert.equal(drawSame(panel, [build("Picked: Nautical Dog")]), 1, "only the hint's text is put in");
    assert.equal(panel.childNodes[0], box);
    assert.equal(box.childNodes[0], title);
    assert.equal(box.childNodes[2], confirm);
    assert.equal(confirm.onclick && confirm.onclick(), "Picked: Nautical Dog");
    assert.ok(box.isEqualNode(build("Picked: Nautical Dog")));
  });

  it("keeps a named child whose other attributes changed, giving it the new ones", () => {
    const board = new Tree("div");
    const area = (/** @type {string} */ cls, /** @type {string} */ deck) => new Tree("section", { "data-seat": "1", class: cls }, [
      new Tree("h3", {}, ["Bo"]), new Tree("span", { "data-deck": deck }, [`Deck: ${deck}`])]);
    drawSame(board, [area("c23-player", "20")]);
    const [kept] = board.childNodes;
    const title = kept.childNodes[0];
    assert.equal(drawSame(board, [area("c23-player active", "19")]), 1, "only the deck count is put in");
    assert.equal(board.childNodes[0], kept);
    assert.equal(kept.childNodes[0], title);
    assert.deepEqual(kept.attrs, { "data-seat": "1", class: "c23-player active" });
    assert.ok(kept.isEqualNode(area("c23-player active", "19")));
    drawSame(board, [new Tree("section", { "data-seat": "1" }, [])]);
    assert.deepEqual(kept.attrs, { "data-seat": "1" }, "an attribute the new node lacks goes");
  });

  it("drops a named child that left and puts in a named one that came without redrawing the others", () => {
    const zone = new Tree("div");
    const tile = (/** @type {string} */ cid) => new Tree("span", { "data-cid": cid }, [cid]);
    drawSame(zone, ["a", "b", "c"].map(tile));
    const [a, , c] = zone.childNodes;
    assert.equal(drawSame(zone, ["a", "c"].map(tile)), 0, "the card after the one gone is kept");
    assert.deepEqual(zone.childNodes, [a, c]);
    assert.equal(drawSame(zone, ["n", "a", "c"].map(tile)), 1, "a new card first moves none");
    assert.equal(zone.childNodes[1], a);
    assert.equal(zone.childNodes[2], c);
    assert.deepEqual(zone.childNodes.map((n) => n.attrs["data-cid"]), ["n", "a", "c"]);
  });

  it("always ends with children equal to the new nodes, in order, whatever was there", () => {
    const cases = [
      [["x", "y"], []],
      [[], ["x"]],
      [["x", "y", "z"], ["z", "y", "x"]],
      [["x", "x", "y"], ["y", "x"]],
      [["x"], ["x", "x", "x"]],
    ];
    for (const [before, after] of cases) {
      const box = new Tree("ul");
      const item = (/** @type {string} */ id, /** @type {number} */ i) => new Tree("li", { id }, [`${id}${i}`]);
      drawSame(box, before.map(item));
      drawSame(box, [null, ...after.map(item), undefined]);
      assert.equal(box.childNodes.length, after.length, `${before} -> ${after}`);
      after.forEach((id, i) => {
        assert.ok(box.childNodes[i].isEqualNode(item(id, i)), `${before} -> ${after} at ${i}`);
      });
    }
  });

  it("serves as drawIfChanged's fill, keeping the unchanged nodes of a changed key", () => {
    const root = new Tree("div");
    const board = (/** @type {string} */ status) => [new Tree("p", { id: "status" }, [status]), new Tree("section", { "data-seat": "0" }, ["Ann"])];
    drawIfChanged(/** @type {any} */ (root), "1", () => board("Turn 1"), drawSame);
    const area = root.childNodes[1];
    assert.equal(drawIfChanged(/** @type {any} */ (root), "2", () => board("Turn 2"), drawSame), true);
    assert.equal(root.childNodes[1], area);
    assert.equal(root.childNodes[0].childNodes[0].text, "Turn 2");
  });
});
