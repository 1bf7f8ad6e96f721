// static/js/connection.js with a fake socket and fake timers: versions and
// patches go into the store, a missed or unfitting version asks for a
// resync, the awaited action is sent again with its nonce after a
// reconnect, a dropped connection is reopened with backoff, and some close
// codes end it for good.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { APPLIED_WAIT_MS, backoffDelay, createConnection, NO_RETRY, PING_MS, socketUrl } from "../../static/js/connection.js";
import { createStore } from "../../static/js/store.js";

/** A socket that records what the page sends; the test plays the server. */
class FakeSocket {
  static OPEN = 1;
  /** @type {FakeSocket[]} every socket made, in order */
  static made = [];

  /** @param {string} url */
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    /** @type {any[]} */
    this.sent = [];
    /** @type {(() => void) | null} */
    this.onopen = null;
    /** @type {((event: {data: string}) => void) | null} */
    this.onmessage = null;
    /** @type {((event: {code: number}) => void) | null} */
    this.onclose = null;
    FakeSocket.made.push(this);
  }

  /** @param {string} text */
  send(text) {
    this.sent.push(JSON.parse(text));
  }

  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }

  /** @param {any} message */
  receive(message) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  /** @param {number} code */
  close(code) {
    this.readyState = 3;
    this.onclose?.({ code });
  }

  /** @param {string} type */
  sentOf(type) {
    return this.sent.filter((m) => m.type === type);
  }
}

/** Timers run by hand: `run(ms)` fires the timeouts due by then. */
function fakeTimers() {
  /** @type {{at: number, fn: () => void}[]} */
  let due = [];
  let now = 0;
  /** @type {Set<number>} */
  const intervals = new Set();
  let nextId = 1;
  return {
    /** @type {number[]} the delays asked of setTimeout */
    delays: /** @type {number[]} */ ([]),
    intervals,
    /** @param {() => void} fn @param {number} ms */
    setTimeout(fn, ms) {
      this.delays.push(ms);
      due.push({ at: now + ms, fn });
      return nextId++;
    },
    /** @param {() => void} _fn @param {number} _ms */
    setInterval(_fn, _ms) {
      const id = nextId++;
      intervals.add(id);
      return id;
    },
    /** @param {any} id */
    clearInterval(id) {
      intervals.delete(id);
    },
    /** @param {number} ms */
    run(ms) {
      now += ms;
      const ready = due.filter((t) => t.at <= now);
      due = due.filter((t) => t.at > now);
      for (const t of ready) t.fn();
    },
  };
}

/**
 * A connection over a fake socket, its store, its timers and what its hooks heard.
 * @param {() => number} [random]
 */
function setUp(random = () => 0.5) {
  FakeSocket.made = [];
  const store = createStore();
  const timers = fakeTimers();
  /** @type {{status: string[], messages: string[], answered: number, resent: number, closed: number[], notConnected: number}} */
  const heard = { status: [], messages: [], answered: 0, resent: 0, closed: [], notConnected: 0 };
  const conn = createConnection({
    url: "ws://x/ws/match/7/?patches=1&merged=1",
    store,
    Socket: FakeSocket,
    timers,
    random,
    hooks: {
      status: (state) => heard.status.push(state),
      message: (m) => heard.messages.push(m.type),
      answered: () => heard.answered++,
      resent: () => heard.resent++,
      closed: (code) => heard.closed.push(code),
      notConnected: () => heard.notConnected++,
    },
  });
  conn.connect();
  const socket = FakeSocket.made[0];
  socket.open();
  return { store, timers, heard, conn, socket };
}

/**
 * A state message of `version`.
 * @param {number} version
 * @param {Record<string, any>} [extra]
 */
function state(version, extra = {}) {
  return { type: "state", version, seat: 0, status: "playing", result: null, view: { gold: 1 }, legal_actions: [], ...extra };
}

describe("socketUrl", () => {
  it("asks for patches and merged answers, over wss on https, with the invite", () => {
    assert.equal(socketUrl({ protocol: "https:", host: "h:1" }, 7, "a b"), "wss://h:1/ws/match/7/?patches=1&merged=1&invite=a%20b");
    assert.equal(socketUrl({ protocol: "http:", host: "h" }, 7), "ws://h/ws/match/7/?patches=1&merged=1");
  });
});

describe("backoffDelay", () => {
  it("doubles from half a second up to 30 s, within 30% either way", () => {
    assert.equal(backoffDelay(0, () => 0.5), 500);
    assert.equal(backoffDelay(3, () => 0.5), 4000);
    assert.equal(backoffDelay(20, () => 0.5), 30000);
    assert.equal(backoffDelay(0, () => 0), 350);
    assert.ok(backoffDelay(0, () => 0.999999) < 650);
  });
});

describe("createConnection", () => {
  it("says it is live, pings at once and keeps pinging", () => {
    const { heard, socket, timers } = setUp();
    assert.deepEqual(heard.status, ["connecting", "open"]);
    assert.deepEqual(socket.sentOf("ping").length, 1);
    assert.equal(timers.intervals.size, 1);
    assert.ok(PING_MS > 0);
  });

  it("feeds states and patches to the store; a patch that does not fit asks for a resync", () => {
    const { store, socket } = setUp();
    socket.receive(state(3));
    assert.equal(store.version, 3);
    socket.receive({ type: "patch", version: 4, base: 3, ops: [["set", ["view", "gold"], 2]] });
    assert.equal(store.version, 4);
    assert.equal(store.msg?.view.gold, 2);
    assert.equal(socket.sentOf("resync").length, 0);
    socket.receive({ type: "patch", version: 9, base: 8, ops: [] });
    assert.equal(store.version, 4);
    assert.equal(socket.sentOf("resync").length, 1);
  });

  it("asks for a resync when a state skips a version", () => {
    const { socket } = setUp();
    socket.receive(state(3));
    socket.receive(state(4));
    assert.equal(socket.sentOf("resync").length, 0);
    socket.receive(state(6));
    assert.equal(socket.sentOf("resync").length, 1);
  });

  it("drops a garbled frame", () => {
    const { heard, socket } = setUp();
    socket.onmessage?.({ data: "{not json" });
    assert.deepEqual(heard.messages, []);
  });

  it("awaits an action's answer: busy until the version that answers it comes", () => {
    const { conn, heard, socket, store } = setUp();
    socket.receive(state(3));
    const id = conn.sendAction({ type: "action", action: { type: "end_main" }, version: 3, nonce: "n1" });
    assert.equal(conn.busy(), id);
    socket.receive(state(4, { id }));
    assert.equal(conn.busy(), null);
    assert.equal(heard.answered, 1);
    assert.equal(store.msg?.id, undefined, "the answer's id is not part of the state held");
  });

  it("takes a resync's answer, its id echoed, as no action's answer", () => {
    const { conn, heard, socket, store } = setUp();
    socket.receive(state(3));
    const action = conn.sendAction({ type: "action", action: { type: "end_main" }, version: 3, nonce: "n1" });
    conn.resync();
    const asked = socket.sentOf("resync")[0].id;
    socket.receive(state(3, { id: asked }));
    assert.equal(heard.answered, 0, "a refusal's notice stays up");
    assert.equal(conn.busy(), action, "the action still awaits its answer");
    assert.equal(store.msg?.id, undefined);
  });

  it("asks for the state an `applied` announces when it does not follow", () => {
    const { conn, socket, timers } = setUp();
    socket.receive(state(3));
    const id = conn.sendAction({ type: "action", action: { type: "end_main" }, version: 3, nonce: "n1" });
    socket.receive({ type: "applied", id, version: 4 });
    assert.equal(conn.busy(), null);
    timers.run(APPLIED_WAIT_MS - 1);
    assert.equal(socket.sentOf("resync").length, 0);
    timers.run(1);
    assert.equal(socket.sentOf("resync").length, 1);
  });

  it("asks for nothing when the announced state came in time", () => {
    const { conn, socket, timers } = setUp();
    socket.receive(state(3));
    const id = conn.sendAction({ type: "action", action: { type: "end_main" }, version: 3, nonce: "n1" });
    socket.receive({ type: "applied", id, version: 4 });
    socket.receive(state(4));
    timers.run(APPLIED_WAIT_MS);
    assert.equal(socket.sentOf("resync").length, 0);
  });

  it("resyncs after a stale_version refusal and frees the page", () => {
    const { conn, socket } = setUp();
    socket.receive(state(3));
    const id = conn.sendAction({ type: "action", action: { type: "end_main" }, version: 2, nonce: "n1" });
    socket.receive({ type: "refused", id, code: "stale_version", reason: "late" });
    assert.equal(conn.busy(), null);
    assert.equal(socket.sentOf("resync").length, 1);
  });

  it("frees the page on a refusal without an id (rate limited)", () => {
    const { conn, socket } = setUp();
    conn.sendAction({ type: "action", action: { type: "end_main" }, version: 0, nonce: "n1" });
    socket.receive({ type: "refused", id: null, code: "rate_limited", reason: "slow down" });
    assert.equal(conn.busy(), null);
  });

  it("resyncs when a pong names a newer version, and holds its presence", () => {
    const { heard, socket, store } = setUp();
    socket.receive(state(3));
    const seats = [{ seat: 1, away: true, stand_in: false, askable: true, bot: null }];
    socket.receive({ type: "pong", version: 3, presence: seats });
    assert.equal(socket.sentOf("resync").length, 0);
    assert.deepEqual(store.presence, seats);
    socket.receive({ type: "pong", version: 5 });
    assert.equal(socket.sentOf("resync").length, 1);
    assert.deepEqual(store.presence, seats, "a pong without presence keeps the one held");
    assert.deepEqual(heard.messages, ["state", "pong", "pong"]);
  });

  it("sends the awaited action again with its nonce after a reconnect", () => {
    const { conn, heard, socket, timers } = setUp();
    socket.receive(state(3));
    conn.sendAction({ type: "action", action: { type: "end_main" }, version: 3, nonce: "n1" });
    socket.close(1006);
    assert.equal(heard.status.at(-1), "retry");
    assert.deepEqual(timers.delays, [500]);
    timers.run(500);
    const again = FakeSocket.made[1];
    assert.ok(again, "a new socket after the backoff");
    again.open();
    const actions = again.sentOf("action");
    assert.equal(actions.length, 1);
    assert.equal(actions[0].nonce, "n1");
    assert.equal(conn.busy(), actions[0].id);
    assert.equal(heard.resent, 1);
  });

  it("waits longer after each failed attempt, and starts over once open", () => {
    const { socket, timers } = setUp();
    socket.close(1006);
    timers.run(500);
    FakeSocket.made[1].close(1006);
    timers.run(1000);
    FakeSocket.made[2].open();
    FakeSocket.made[2].close(1006);
    assert.deepEqual(timers.delays, [500, 1000, 500]);
  });

  it("does not reconnect after a close code that says why, and forgets the awaited action", () => {
    const { conn, heard, socket, timers } = setUp();
    conn.sendAction({ type: "action", action: { type: "end_main" }, version: 0, nonce: "n1" });
    socket.close(4403);
    assert.ok(NO_RETRY[4403]);
    assert.deepEqual(heard.closed, [4403]);
    assert.equal(heard.status.at(-1), "closed");
    assert.equal(conn.busy(), null);
    assert.deepEqual(timers.delays, []);
    assert.equal(timers.intervals.size, 0, "no more pings");
  });

  it("says so when sending while not connected", () => {
    const { conn, heard, socket } = setUp();
    socket.close(1006);
    assert.equal(conn.send({ type: "chat", text: "hi" }), null);
    assert.equal(heard.notConnected, 1);
  });
});
