// The match as the server sent it (docs/PROTOCOL.md): the newest `state`
// message, its version, the index of its legal actions (legal.js) and every
// seat's presence. The connection (connection.js) feeds it; the page
// subscribes and draws what it holds. It reads no page element (unit-tested
// in tests/js/store.test.js).
import { indexActions } from "./legal.js";
import { applyPatch } from "./patch.js";

/** @typedef {import("./protocol.js").StateMessage} StateMessage */
/** @typedef {import("./protocol.js").PatchMessage} PatchMessage */
/** @typedef {import("./protocol.js").SeatPresence} SeatPresence */
/** @typedef {import("./legal.js").ActionIndex} ActionIndex */

/**
 * What taking a state did, as its subscribers are told.
 * @typedef {object} StateChange
 * @property {boolean} first the first state this page holds
 * @property {boolean} gap one version or more was missed before it (a resync makes sure)
 */

/**
 * The store of one match page.
 * @typedef {object} Store
 * @property {StateMessage | null} msg the newest state message (null before the first)
 * @property {number} version its version (-1 before the first)
 * @property {ActionIndex} idx its `legal_actions` indexed (legal.js indexActions)
 * @property {SeatPresence[]} presence every seat, from the last pong or presence message
 * @property {(m: StateMessage) => StateChange | null} receive take a full state; null when it is older than the one held (dropped)
 * @property {(m: PatchMessage) => StateChange | "old" | "resync"} patch apply a patch to the state held: what taking the result did, "old" (a version already held: dropped), or "resync" (it does not fit: ask for a full state)
 * @property {(seats: SeatPresence[]) => SeatPresence[]} setPresence hold a new presence; returns the one it replaces
 * @property {(listener: (change: StateChange) => void) => () => void} subscribe be told of every state taken; returns the unsubscribe
 */

/**
 * A new, empty store.
 * @returns {Store}
 */
export function createStore() {
  /** @type {Set<(change: StateChange) => void>} */
  const listeners = new Set();
  /** @type {Store} */
  const store = {
    msg: null,
    version: -1,
    idx: indexActions([]),
    presence: [],
    receive(m) {
      if (m.version < store.version) return null; // an older snapshot: drop it
      const change = { first: store.msg === null, gap: store.version >= 0 && m.version > store.version + 1 };
      store.msg = m;
      store.version = m.version;
      store.idx = indexActions(m.legal_actions || []);
      for (const listener of listeners) listener(change);
      return change;
    },
    // A patch applies to the version it was made from; anything else: resync.
    patch(m) {
      if (m.version <= store.version) return "old";
      let next = null;
      try {
        next = store.msg && m.base === store.version ? applyPatch(store.msg, m) : null;
      } catch {
        next = null;
      }
      return next ? store.receive(next) || "old" : "resync";
    },
    setPresence(seats) {
      const before = store.presence;
      store.presence = seats;
      return before;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}
