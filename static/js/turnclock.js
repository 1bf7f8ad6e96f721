// The turn timer on the match page (issue 14 point 14; game/turnclock.py):
// every seat's clock, from the `time_left` of the last presence (pong or
// presence message), counted down here between them. The seats the game
// waits on show their time running; the others the full time of a turn.
// When a running clock reaches zero the page pings, so the server hands
// that seat to the stand-in bot at once; after each new version it pings
// too, for the clock the new state started.
//
// Those pings go through one guarded timer (askClock): at most one waits at
// a time and none goes sooner than ASK_GAP_MS after the previous one. While
// a shown clock stays at zero (the server keeps saying 0 while the bot plays
// on) the pings back off, doubling up to the page's own ping period, so
// whatever the clock says the page stays far below the rate docs/PROTOCOL.md
// allows (20 frames a second).
import { durationText, el } from "./common.js";

const ASK_GAP_MS = 1000; // the least time between two pings the clock asks for
const ZERO_MAX_MS = 20000; // the longest wait between pings while a clock stays at zero (match.js PING_MS)

/**
 * @typedef {object} ClockState
 * @property {number | null} seconds the table's turn timer (null: none)
 * @property {Record<number, number>} left seconds left of each waited-on seat at `at`
 * @property {number} at when `left` was read (performance.now())
 * @property {(() => void) | null} ping asks the server for a fresh presence
 * @property {number} version the last version drawn
 * @property {ReturnType<typeof setInterval> | null} timer
 * @property {Record<number, string>} bots the table bots' seats (no clock)
 * @property {ReturnType<typeof setTimeout> | null} asking the ping waiting to go
 * @property {number} askedAt when the last ping went
 * @property {number} zeroNext the earliest time of the next ping while a clock shows zero
 * @property {number} zeroGap the wait after it (doubling)
 */

/** @type {ClockState} */
const clock = {
  seconds: null, left: {}, at: 0, ping: null, version: -1, timer: null, bots: {},
  asking: null, askedAt: -Infinity, zeroNext: 0, zeroGap: ASK_GAP_MS,
};

/**
 * `m:ss` of a number of seconds (rounded up; never below 0:00).
 * @param {number} seconds
 * @returns {string}
 */
export function mmss(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * A clock's time as the match page shows it: `m:ss` up to an hour (a live
 * table's timer), days, hours and minutes above it (a turn-based table's
 * time per move, issue 32: "1 d 23 h", never "2819:59").
 * @param {number} seconds
 * @returns {string}
 */
export function clockText(seconds) {
  return seconds > 3600 ? durationText(seconds) : mmss(seconds);
}

/**
 * Start the clocks: `turnSeconds` the table's timer (null: none, and this
 * does nothing), `ping()` asks the server for a fresh presence, `bots` the
 * table bots' seats (`{seat: label}`), which have no clock.
 * @param {number | null} turnSeconds
 * @param {() => void} ping
 * @param {Record<number, string> | null} [bots]
 */
export function initClock(turnSeconds, ping, bots) {
  clock.seconds = turnSeconds;
  clock.ping = ping;
  clock.bots = bots || {};
  if (clock.seconds && !clock.timer) clock.timer = setInterval(() => drawClocks(), 1000);
}

/**
 * A presence list came (`[{seat, time_left, ...}]`): the clocks start from it.
 * @param {import("./protocol.js").SeatPresence[] | null | undefined} seats
 */
export function clockPresence(seats) {
  if (!clock.seconds) return;
  clock.left = {};
  for (const p of seats || []) if (p.time_left !== null && p.time_left !== undefined) clock.left[p.seat] = p.time_left;
  clock.at = performance.now();
  drawClocks();
}

/**
 * Ask the server for a fresh presence through the one clock timer: nothing
 * when a ping is already waiting; else one ping, no sooner than ASK_GAP_MS
 * after the previous one.
 */
function askClock() {
  if (clock.asking !== null || !clock.ping) return;
  const ping = clock.ping;
  const wait = Math.max(0, clock.askedAt + ASK_GAP_MS - performance.now());
  clock.asking = setTimeout(() => {
    clock.asking = null;
    clock.askedAt = performance.now();
    ping();
  }, wait);
}

/**
 * A new version (`version`) was drawn: ask for the clock it started (a new clock: no back-off yet).
 * @param {number} version
 */
export function clockVersion(version) {
  if (!clock.seconds || version === clock.version) return;
  clock.version = version;
  clock.zeroNext = 0;
  clock.zeroGap = ASK_GAP_MS;
  askClock();
}

/**
 * Seconds left of `seat` now, or null when its clock is not running.
 * @param {number} seat
 * @returns {number | null}
 */
export function timeLeft(seat) {
  if (!(seat in clock.left)) return null;
  return Math.max(0, clock.left[seat] - (performance.now() - clock.at) / 1000);
}

/** Draw each seat's clock in its area's title and its seat chip (after each render, and every second). */
export function drawClocks() {
  if (!clock.seconds) return;
  let out = false;
  for (const area of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".player-area[data-seat]"))) {
    const seat = Number(area.dataset.seat);
    if (seat in clock.bots) continue;
    const left = timeLeft(seat);
    const places = document.querySelectorAll(`#seat-${seat} .player-title, #seat-strip [data-seat="${seat}"] .seat-link`);
    for (const place of places) {
      let tag = /** @type {HTMLElement | null} */ (place.querySelector(".clock-tag"));
      if (!tag) {
        tag = el("span", null, { class: "tag clock-tag" });
        place.append(tag);
      }
      const running = left !== null;
      tag.textContent = running ? (left > 0 ? `${clockText(left)} left` : "out of time") : `${clockText(clock.seconds)} a turn`;
      tag.title = running ? "Time left for this turn" : "The time each turn has";
      tag.dataset.clock = running ? String(Math.ceil(left)) : "";
      tag.classList.toggle("running", running);
      tag.classList.toggle("low", running && left <= 15);
    }
    if (left === 0) out = true;
  }
  if (!out) {
    clock.zeroNext = 0;
    clock.zeroGap = ASK_GAP_MS;
  } else if (performance.now() >= clock.zeroNext) {
    // The answer says whether a bot took over; while the clock stays at zero, ask less and less often.
    askClock();
    clock.zeroNext = performance.now() + clock.zeroGap;
    clock.zeroGap = Math.min(ZERO_MAX_MS, clock.zeroGap * 2);
  }
}
