// Applies a `patch` message of the live protocol (docs/PROTOCOL.md "Patches")
// to the last `state` message: the server sends the changes since the last
// version it sent this connection instead of the whole view. Same operations
// as game/patch.py: ["set", path, value], ["del", path], ["trim", path, k, items].

// Returns a new state message (the old one is left as it was); throws when an
// operation does not fit (the caller then asks for a full state).
export function applyPatch(state, patch) {
  let doc = structuredClone(state);
  for (const op of patch.ops) {
    const [kind, path] = op;
    if (kind === "trim") {
      const list = path.reduce((node, step) => node[step], doc);
      list.splice(0, op[2]);
      list.push(...op[3]);
      continue;
    }
    if (path.length === 0) {
      if (kind !== "set") throw new Error(`cannot ${kind} the root`);
      doc = op[2];
      continue;
    }
    const parent = path.slice(0, -1).reduce((node, step) => node[step], doc);
    const last = path[path.length - 1];
    if (parent === null || typeof parent !== "object") throw new Error(`no ${path.join(".")}`);
    if (kind === "set") parent[last] = op[2];
    else if (kind === "del") delete parent[last];
    else throw new Error(`unknown operation ${kind}`);
  }
  doc.version = patch.version;
  return doc;
}
