// Drawing a part of the match page again only when what it is drawn from
// changed (issue 31 point 5). Each version used to rebuild the whole board
// from the whole view; now each area keeps the key of what it was drawn
// from (the JSON text of its slice of the view and the inputs that shape
// it) and is left as it is, its nodes and the focus in them kept, when the
// key is the same. It reads no page: it works on the nodes it is given, so
// it is unit-tested with fake ones (tests/js/redraw.test.js).

/**
 * What a container must offer: its children, replaced or appended.
 * @typedef {object} DrawNode
 * @property {(...nodes: any[]) => void} replaceChildren
 * @property {(...nodes: any[]) => void} append
 * @property {ArrayLike<any>} children
 */

/** @type {WeakMap<object, string | string[]>} the key each container was last drawn from */
const drawn = new WeakMap();

/**
 * Fill `container` with the nodes `build()` returns (nulls left out), unless
 * it was last drawn here from the same `key`: it is then left untouched.
 * @param {DrawNode} container
 * @param {string} key what the drawing depends on, as text (JSON.stringify)
 * @param {() => Array<any>} build the container's new children
 * @returns {boolean} true when it was drawn again
 */
export function drawIfChanged(container, key, build) {
  if (drawn.get(container) === key) return false;
  container.replaceChildren(...build().filter((n) => n !== null && n !== undefined));
  drawn.set(container, key);
  return true;
}

/**
 * Fill `container` with one child per item, in order: a child whose item's
 * key is the one it was drawn from at that place is kept (not even moved,
 * so a focused node keeps the focus); another is built by its item's
 * `build()` in its place; children past the items go.
 * @param {DrawNode} container
 * @param {Array<{key: string, build: () => any}>} items
 * @returns {number} how many children were built
 */
export function drawEach(container, items) {
  const before = drawn.get(container);
  const old = Array.isArray(before) && before.length === container.children.length ? before : [];
  let built = 0;
  const kids = Array.from(container.children);
  items.forEach((item, i) => {
    if (old[i] === item.key && kids[i]) return;
    const node = item.build();
    built += 1;
    if (kids[i]) kids[i].replaceWith(node);
    else container.append(node);
  });
  for (const extra of kids.slice(items.length)) extra.remove();
  drawn.set(container, items.map((item) => item.key));
  return built;
}

