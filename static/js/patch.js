// Applies a `patch` message of the live protocol (docs/PROTOCOL.md "Patches")
// to the last `state` message: the server sends the changes since the last
// version it sent this connection instead of the whole view. Same operations
// as game/patch.py: ["set", path, value], ["del", path], ["trim", path, k, items],
// and the same refusals: a path that does not fit the state throws.

/** @typedef {import("./protocol.js").StateMessage} StateMessage */
/** @typedef {import("./protocol.js").PatchMessage} PatchMessage */
/** @typedef {import("./protocol.js").PatchPath} PatchPath */

/**
 * The node at `path` in `doc` (throws when a step is missing).
 * @param {any} doc
 * @param {PatchPath} path
 * @returns {any}
 */
function walk(doc, path) {
  let node = doc;
  for (const step of path) {
    if (node === null || typeof node !== "object") throw new Error(`no ${path.join(".")}`);
    if (Array.isArray(node)) checkIndex(node, step, path);
    else if (!Object.hasOwn(node, step)) throw new Error(`no ${path.join(".")}`);
    node = node[step];
  }
  return node;
}

/**
 * Throws unless `step` is an element of `list` (game/patch.py: IndexError
 * past the end, TypeError for a key that is not an index).
 * @param {any[]} list
 * @param {string | number} step
 * @param {PatchPath} path
 */
function checkIndex(list, step, path) {
  if (typeof step !== "number" || !Number.isInteger(step) || step < 0 || step >= list.length) {
    throw new Error(`no element ${step} at ${path.join(".")}`);
  }
}

/**
 * Returns a new state message (the old one is left as it was); throws when an
 * operation does not fit (the caller then asks for a full state).
 * @param {StateMessage} state the last state message (sent whole or patched)
 * @param {PatchMessage} patch a patch whose `base` is `state`'s version
 * @returns {StateMessage}
 */
export function applyPatch(state, patch) {
  /** @type {any} */
  let doc = structuredClone(state);
  for (const op of patch.ops) {
    const [kind, path] = op;
    if (op[0] === "trim") {
      const list = walk(doc, path);
      if (!Array.isArray(list)) throw new Error(`no list at ${path.join(".")}`);
      list.splice(0, op[2]);
      list.push(...op[3]);
      continue;
    }
    if (path.length === 0) {
      if (op[0] !== "set") throw new Error(`cannot ${kind} the root`);
      doc = op[2];
      continue;
    }
    const parent = walk(doc, path.slice(0, -1));
    const last = path[path.length - 1];
    if (parent === null || typeof parent !== "object") throw new Error(`no ${path.join(".")}`);
    if (op[0] === "set") {
      if (Array.isArray(parent)) checkIndex(parent, last, path);
      parent[last] = op[2];
    } else if (op[0] === "del") {
      if (Array.isArray(parent)) {
        checkIndex(parent, last, path);
        parent.splice(Number(last), 1);
      } else {
        if (!Object.hasOwn(parent, last)) throw new Error(`no ${path.join(".")}`);
        delete parent[last];
      }
    } else throw new Error(`unknown operation ${kind}`);
  }
  doc.version = patch.version;
  return doc;
}
