// Drawing a part of the match page again only when what it is drawn from
// changed (issue 31 point 5). Each version used to rebuild the whole board
// from the whole view; now each area keeps the key of what it was drawn
// from (the JSON text of its slice of the view and the inputs that shape
// it) and is left as it is, its nodes and the focus in them kept, when the
// key is the same. Where the key would have to name too much of the view
// (an action bar, a panel, an inspector), `drawSame` builds the area anew
// but puts in the page only the nodes that differ from what it shows. It
// reads no page: it works on the nodes it is given, so it is unit-tested
// with fake ones (tests/js/redraw.test.js).

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
 * @param {(container: any, nodes: Array<any>) => unknown} [fill] how they are put in
 *   (default: in place of all the children; `drawSame` keeps the unchanged ones)
 * @returns {boolean} true when it was drawn again
 */
export function drawIfChanged(container, key, build, fill = replaceAll) {
  if (drawn.get(container) === key) return false;
  fill(container, build().filter((n) => n !== null && n !== undefined));
  drawn.set(container, key);
  return true;
}

/**
 * Put `nodes` in `container` in place of all its children (drawIfChanged's default fill).
 * @param {DrawNode} container
 * @param {Array<any>} nodes
 */
function replaceAll(container, nodes) {
  container.replaceChildren(...nodes);
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


/**
 * A node as drawSame reads it: the DOM's Node and Element members it uses.
 * @typedef {object} SameNode
 * @property {number} nodeType
 * @property {string} nodeName
 * @property {ArrayLike<SameNode>} childNodes
 * @property {SameNode | null} nextSibling
 * @property {SameNode | null} firstChild
 * @property {(other: SameNode) => boolean} isEqualNode
 * @property {(deep: boolean) => SameNode} cloneNode
 * @property {(node: SameNode, before: SameNode | null) => unknown} insertBefore
 * @property {(node: SameNode) => void} replaceWith
 * @property {() => void} remove
 * @property {ArrayLike<{name: string, value: string}>} [attributes]
 * @property {(name: string) => string | null} [getAttribute]
 * @property {(name: string, value: string) => void} [setAttribute]
 * @property {(name: string) => void} [removeAttribute]
 */

// The handlers the page's code sets as properties (`node.onclick = ...`):
// a node kept in place of an equal new one takes the new one's, so a kept
// button runs what was built for the newest state.
const HANDLERS = ["onclick", "onkeydown", "ontoggle", "onchange", "oninput"];
// The attributes that name a child among its brothers across redraws: a
// named child is kept for the new node of its name even when its other
// attributes changed (they are set anew: a player's area whose class says
// it is now their turn); a child whose name is in none of the new nodes
// left (a card gone from a zone); a new node whose name was in none of the
// old children came.
const NAMES = ["id", "data-cid", "data-tid", "data-seat", "data-zone", "data-option", "data-codex"];

/** @param {SameNode} node @returns {string | null} its name among its brothers (NAMES), or null */
function nameOf(node) {
  if (node.nodeType !== 1 || !node.getAttribute) return null;
  for (const attr of NAMES) {
    const value = node.getAttribute(attr);
    if (value !== null) return `${attr}=${value}`;
  }
  return null;
}

/** @param {SameNode} kept @param {SameNode} fresh */
function takeHandlers(kept, fresh) {
  const to = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (kept));
  const from = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (fresh));
  for (const name of HANDLERS) if (to[name] !== from[name]) to[name] = from[name];
}

/** `kept` and `fresh` are equal trees: every node of `kept` takes its twin's handlers. @param {SameNode} kept @param {SameNode} fresh */
function takeAllHandlers(kept, fresh) {
  takeHandlers(kept, fresh);
  const a = kept.childNodes;
  const b = fresh.childNodes;
  for (let i = 0; i < a.length; i += 1) takeAllHandlers(a[i], b[i]);
}

/**
 * True when `fresh` can be drawn into `kept` (its attributes set, its
 * children drawn the same way): two elements of one tag, with the same
 * attributes or the same name (NAMES).
 * @param {SameNode} kept @param {SameNode} fresh
 */
function sameShell(kept, fresh) {
  if (kept.nodeType !== 1 || fresh.nodeType !== 1 || kept.nodeName !== fresh.nodeName) return false;
  const name = nameOf(fresh);
  return (name !== null && name === nameOf(kept)) || kept.cloneNode(false).isEqualNode(fresh.cloneNode(false));
}

/** Give `kept` the attributes of `fresh`, and no other. @param {SameNode} kept @param {SameNode} fresh */
function takeAttributes(kept, fresh) {
  const has = Array.from(kept.attributes || [], (a) => a.name);
  const wants = Array.from(fresh.attributes || [], (a) => ({ name: a.name, value: a.value }));
  const wanted = new Set(wants.map((a) => a.name));
  for (const name of has) if (!wanted.has(name) && kept.removeAttribute) kept.removeAttribute(name);
  for (const { name, value } of wants) if (kept.getAttribute && kept.setAttribute && kept.getAttribute(name) !== value) kept.setAttribute(name, value);
}

/**
 * Make `container`'s children equal to `nodes` (nulls left out), in order,
 * putting in the page only what changed (issue 31 point 5). A child already
 * there that is equal to the new node at its place (`isEqualNode`: same
 * tag, attributes and content) is kept, so it keeps the focus, a scroll, an
 * open tooltip's anchor; it takes the new node's handlers. A child of the
 * same tag with the same attributes or the same name (NAMES) is kept too,
 * takes the new node's attributes and handlers, and its children are drawn
 * the same way. Any other is replaced by the new node. A named child whose
 * name is in none of the new nodes is dropped first, and a new node whose
 * name was in none of the old children is put in before the rest, so a
 * card leaving or joining a row does not redraw the cards after it.
 * A handler of the new nodes must therefore not hold the nodes it was built
 * with (a kept node runs it): it reads its node from the event or the page
 * by id. Parts that keep such state of their own (board.js's scrolling
 * rows, observers) are drawn with drawIfChanged or drawEach instead.
 * @param {any} container a page element (a SameNode)
 * @param {Array<any>} nodes the new children, built for the newest state (SameNodes; nulls left out)
 * @returns {number} how many nodes were put in (each counted once, not its children)
 */
export function drawSame(container, nodes) {
  /** @type {SameNode} */
  const box = container;
  const fresh = /** @type {SameNode[]} */ (nodes.filter((n) => n !== null && n !== undefined));
  const freshNames = new Set(fresh.map(nameOf).filter((n) => n !== null));
  const oldNames = new Set(Array.from(box.childNodes, nameOf).filter((n) => n !== null));
  let put = 0;
  let here = box.firstChild;
  const drop = () => {
    const gone = /** @type {SameNode} */ (here);
    here = gone.nextSibling;
    gone.remove();
  };
  for (const node of fresh) {
    while (here && nameOf(here) !== null && !freshNames.has(/** @type {string} */ (nameOf(here)))) drop();
    const name = nameOf(node);
    if (here && name !== null && nameOf(here) !== name && !oldNames.has(name)) {
      box.insertBefore(node, here);
      put += 1;
    } else if (here && here.isEqualNode(node)) {
      takeAllHandlers(here, node);
      here = here.nextSibling;
    } else if (here && sameShell(here, node)) {
      takeAttributes(here, node);
      takeHandlers(here, node);
      put += drawSame(here, Array.from(node.childNodes));
      here = here.nextSibling;
    } else if (here) {
      const next = here.nextSibling;
      here.replaceWith(node);
      here = next;
      put += 1;
    } else {
      box.insertBefore(node, null);
      put += 1;
    }
  }
  while (here) drop();
  return put;
}
