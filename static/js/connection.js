// The match page's connection (docs/PROTOCOL.md): one WebSocket, pinged to
// stay open, reopened with backoff; the versions it receives fed to the
// store (full states, patches, a resync when one is missed or does not
// fit); the action awaiting its answer, sent again after a reconnect with
// the same nonce. What the page shows of each message is its own business
// (`hooks`). It reads no page element: the socket class and the timers are
// passed in (unit-tested with a fake socket, tests/js/connection.test.js).

/** @typedef {import("./store.js").Store} Store */

/** Close codes after which the page does not reconnect, with what it tells the player. */
/** @type {Record<number, string>} */
export const NO_RETRY = { 4401: "You are not logged in.", 4403: "You may not watch this match.", 4404: "There is no such match.",
  4429: "You have too many match tabs open: close one, then reload this page." };
export const PING_MS = 20000;
/** How long the page waits for the state an `applied` answer announces before asking for it. */
export const APPLIED_WAIT_MS = 2000;

/**
 * The wait before reconnecting after `retry` failed attempts: exponential
 * backoff (0.5 s doubling, at most 30 s) with ±30% jitter (`random()` in [0, 1)).
 * @param {number} retry
 * @param {() => number} [random]
 * @returns {number} milliseconds
 */
export function backoffDelay(retry, random = Math.random) {
  return Math.min(30000, 500 * 2 ** retry) * (0.7 + random() * 0.6);
}

/**
 * The match socket's address: patches=1 (after the first full state,
 * versions come as changes, patch.js); merged=1 (the answer to our own
 * action rides on its version's frame, its `id`); the invite of a private table.
 * @param {{protocol: string, host: string}} where the page's location
 * @param {string | number} matchId
 * @param {string | null} [invite]
 * @returns {string}
 */
export function socketUrl(where, matchId, invite = null) {
  const scheme = where.protocol === "https:" ? "wss" : "ws";
  const query = `?patches=1&merged=1${invite ? `&invite=${encodeURIComponent(invite)}` : ""}`;
  return `${scheme}://${where.host}/ws/match/${matchId}/${query}`;
}

/**
 * What the page does on the connection's events.
 * @typedef {object} ConnectionHooks
 * @property {(state: string, text: string) => void} status the connection's state ("connecting", "open", "retry", "closed") and its words
 * @property {(m: any, presenceBefore: any[]) => void} message every message, after the connection and store took what is theirs; `presenceBefore`: the presence it replaced (pong, presence)
 * @property {() => void} answered a version answered our action (merged `id`, or `applied`)
 * @property {() => void} resent the awaited action was sent again after a reconnect
 * @property {(code: number) => void} closed closed for good (a NO_RETRY code)
 * @property {() => void} notConnected a send found no open socket
 */

/**
 * The socket class's shape this module uses (the browser's WebSocket).
 * @typedef {{new (url: string): any, OPEN: number}} SocketClass
 */

/**
 * The timers the connection uses (the page's own by default).
 * @typedef {object} Timers
 * @property {(fn: () => void, ms: number) => any} setTimeout
 * @property {(fn: () => void, ms: number) => any} setInterval
 * @property {(handle: any) => void} clearInterval
 */

/**
 * The connection of one match page.
 * @typedef {object} Connection
 * @property {() => void} connect open the socket (again)
 * @property {(message: any) => number | null} send send a message with a fresh id; null when not connected
 * @property {(message: any) => number | null} sendAction send an action message and await its answer (`busy`, re-sent after a reconnect)
 * @property {(message: any) => number | null} sendAwaited send a message and mark the page busy until its answer
 * @property {() => void} resync ask for a full state
 * @property {() => number | null} busy the id of the message awaiting its answer, or null
 */

/**
 * A connection feeding `store` (store.js).
 * @param {object} opts
 * @param {string} opts.url the socket's address (socketUrl)
 * @param {Store} opts.store
 * @param {ConnectionHooks} opts.hooks
 * @param {SocketClass} [opts.Socket] the WebSocket class
 * @param {Timers} [opts.timers]
 * @param {() => number} [opts.random] for the backoff's jitter
 * @returns {Connection}
 */
export function createConnection({ url, store, hooks, Socket = globalThis.WebSocket, timers = globalThis, random = Math.random }) {
  // `pending`: the action message awaiting its answer; sent again (same nonce)
  // after a reconnect, so an action whose answer was lost is never applied twice.
  /** @type {{socket: any, retry: number, nextId: number, pingTimer: any, pending: any, busy: number | null}} */
  const net = { socket: null, retry: 0, nextId: 1, pingTimer: null, pending: null, busy: null };

  /** @param {any} message */
  function send(message) {
    if (!net.socket || net.socket.readyState !== Socket.OPEN) {
      hooks.notConnected();
      return null;
    }
    message.id = net.nextId++;
    net.socket.send(JSON.stringify(message));
    return message.id;
  }

  /** @param {any} message */
  function sendAwaited(message) {
    const id = send(message);
    if (id !== null) net.busy = id;
    return id;
  }

  /** @param {any} message */
  function sendAction(message) {
    const id = sendAwaited(message);
    if (id !== null) net.pending = message;
    return id;
  }

  function resync() {
    send({ type: "resync" });
  }

  function connect() {
    const socket = new Socket(url);
    net.socket = socket;
    hooks.status("connecting", "connecting");
    socket.onopen = () => {
      net.retry = 0;
      hooks.status("open", "live");
      timers.clearInterval(net.pingTimer);
      net.pingTimer = timers.setInterval(() => send({ type: "ping" }), PING_MS);
      send({ type: "ping" }); // the first pong says who is away
      if (net.pending) {
        // No answer came before the connection dropped: ask again. The nonce makes
        // the server answer `applied` (duplicate) if the first one went through.
        const again = { ...net.pending };
        delete again.id;
        if (sendAction(again) !== null) hooks.resent();
      }
    };
    socket.onmessage = (/** @type {{data: string}} */ event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      onMessage(data);
    };
    socket.onclose = (/** @type {{code: number}} */ event) => {
      timers.clearInterval(net.pingTimer);
      if (NO_RETRY[event.code]) {
        net.busy = null;
        net.pending = null;
        hooks.status("closed", "closed");
        hooks.closed(event.code);
        return;
      }
      // Exponential backoff with jitter; the server sends a full state on reconnect.
      const delay = backoffDelay(net.retry++, random);
      hooks.status("retry", `reconnecting in ${Math.ceil(delay / 1000)} s`);
      timers.setTimeout(connect, delay);
    };
  }

  /** @param {number | null | undefined} id */
  function answered(id) {
    if (id === net.busy) net.busy = null;
    if (net.pending && net.pending.id === id) net.pending = null;
  }

  /**
   * A state or patch that carries an `id` answers that message: the action awaited (merged=1: it is
 * also its `applied`) or a resync (its full state, echoing its id).
   * @param {any} m
   */
  function answeredBy(m) {
    if (m.id === undefined) return;
    const ours = m.id === net.busy || (net.pending !== null && net.pending.id === m.id);
    answered(m.id);
    if (ours) hooks.answered(); // an action's answer; a resync's echoed id is not one
    delete m.id;
  }

  /** @param {any} m */
  function onMessage(m) {
    let before = store.presence;
    switch (m.type) {
      case "state": {
        answeredBy(m);
        const change = store.receive(m);
        if (change && change.gap) resync(); // a version was missed: ask for a fresh snapshot to be sure
        break;
      }
      case "patch": {
        answeredBy(m);
        const change = store.patch(m);
        if (change === "resync" || (typeof change === "object" && change.gap)) resync();
        break;
      }
      case "applied":
        answered(m.id);
        hooks.answered();
        // The state of that version follows; if it does not come, ask for it.
        if (m.version > store.version) timers.setTimeout(() => { if (store.version < m.version) resync(); }, APPLIED_WAIT_MS);
        break;
      case "refused":
        if (m.id === null) answered(net.busy); // rate_limited: refused unread, so without its id
        answered(m.id);
        if (m.code === "stale_version") resync();
        // The player came back meanwhile: a fresh pong brings the presence that says so.
        if (m.code === "not_away" || m.code === "not_away_long") send({ type: "ping" });
        break;
      case "error":
        if (m.id === null) answered(net.busy);
        answered(m.id);
        break;
      case "pong":
        before = store.setPresence(m.presence || store.presence);
        if (m.version > store.version) resync();
        break;
      case "presence":
        before = store.setPresence(m.seats);
        answered(m.id);
        break;
      default:
        break;
    }
    hooks.message(m, before);
  }

  return { connect, send, sendAction, sendAwaited, resync, busy: () => net.busy };
}
