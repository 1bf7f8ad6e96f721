// static/js/redraw.js: a part of the match page is drawn again only when
// what it is drawn from changed (issue 31 point 5); an unchanged part keeps
// its very nodes (and so the focus in them). Fake nodes stand for the page's:
// children that can be replaced, appended and removed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { drawEach, drawIfChanged } from "../../static/js/redraw.js";

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
