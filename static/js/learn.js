// The tutorial on the match page (issue 34 point 1; docs/LEARN.md): walks
// the chapter's steps (the script is data: learn/script.py, in the page as
// #learn-script), lights up what to press, says why, and holds back an
// action the step does not want (page.gate: a gentle sentence, nothing
// sent). A step waiting for an action goes on once that action is applied
// (a newer version came after it was sent).
import { $, me, page, store } from "./page.js";

/**
 * @typedef {{lesson: string, say: string, why: string, highlight: string, expect: Record<string, any> | null,
 *   free: boolean, wrong: string, end: string}} Step
 */

/** @type {{matchId: number, chapter: number, steps: Step[], at: number}} */
const script = JSON.parse(document.getElementById("learn-script")?.textContent || "null");
/**
 * Where the learner is: `at` the step, `sentAt` the version at which the
 * action the step waits for was sent, `byAction` the steps left by doing
 * what they asked (a take-back of that action goes back to them), `since`
 * whether the learner sent another action after the last of them.
 */
const learner = {
  // The step the match itself has reached (learn.progress, worked out from its log by the server):
  // any tab, and any return to the lesson, resumes there.
  at: script.at,
  sentAt: /** @type {number | null} */ (null),
  byAction: /** @type {number[]} */ ([]),
  since: false,
};

/** @returns {Step} */
function current() {
  return script.steps[Math.min(learner.at, script.steps.length - 1)];
}

/**
 * True when `action` is what `step` waits for: every key of its `expect`
 * has that value; `kind` is the kind of the hand card the action plays.
 * @param {Step} step
 * @param {Record<string, any>} action
 */
export function wanted(step, action) {
  if (!step.expect) return false;
  return Object.entries(step.expect).every(([name, value]) => {
    if (name !== "kind") return action[name] === value;
    const card = ((me() || {}).hand || []).find((/** @type {any} */ c) => c.iid === action.card);
    return Boolean(card) && card.kind === value;
  });
}

/**
 * The tutorial's check of an action before it is sent (page.gate): null
 * lets it go; a sentence holds it back.
 * @param {Record<string, any>} action
 * @returns {string | null}
 */
function gate(action) {
  const step = current();
  if (action.type === "concede") return "No need to concede here: this game is for learning, take your time.";
  if (wanted(step, action)) {
    learner.sentAt = store.version;
    return null;
  }
  if (step.free || step.end) {
    learner.since = true;
    return null;
  }
  return step.expect ? step.wrong : "Read this step, then press Next to go on.";
}

/** Go to the step `at`, and show it. */
function go(at) {
  learner.at = Math.max(0, Math.min(at, script.steps.length - 1));
  learner.sentAt = null;
  show();
}

/** The step was done: on to the next one. */
function advance() {
  if (learner.sentAt !== null) {
    learner.byAction.push(learner.at);
    learner.since = false;
  }
  go(learner.at + 1);
  // A new step: its words in sight (a phone's page may be scrolled down to the hand).
  $("learn-panel").scrollIntoView({ block: "nearest" });
}

/** Fill the panel with the current step and light up what it points at. */
function show() {
  const step = current();
  $("learn-count").textContent = `step ${learner.at + 1} of ${script.steps.length}`;
  $("learn-lesson").textContent = step.lesson;
  $("learn-say").textContent = step.say;
  $("learn-why").textContent = step.why;
  $("learn-next").hidden = Boolean(step.expect || step.end);
  $("learn-next-chapter").hidden = step.end !== "next";
  $("learn-real-game").hidden = step.end !== "real";
  let style = $("learn-style");
  if (!style) {
    style = document.createElement("style");
    style.id = "learn-style";
    document.head.append(style);
  }
  // A rule, not classes on the nodes: the board draws its nodes again on every version.
  style.textContent = step.highlight ? `${step.highlight} { outline: 3px solid #f5c542; outline-offset: 2px; }` : "";
}

/**
 * Keep the panel in sight: at the top of the side column where the page
 * has one (900 px and wider, where it stays on screen), else above the
 * board, brought into sight at each new step (advance).
 * @param {boolean} wide
 */
function place(wide) {
  const panel = $("learn-panel");
  if (wide) $("side").prepend(panel);
  else $("board").before(panel);
}

function main() {
  page.gate = gate;
  const wide = window.matchMedia("(min-width: 900px)");
  place(wide.matches);
  wide.addEventListener("change", () => place(wide.matches));
  $("learn-next").onclick = advance;
  // The learner took back the action that did the last step: that step again.
  document.addEventListener("codex:taken-back", () => {
    const back = learner.byAction.at(-1);
    if (back === undefined || learner.since) return;
    learner.byAction.pop();
    go(back);
  });
  store.subscribe(() => {
    if (learner.sentAt !== null && store.version > learner.sentAt) advance();
  });
  show();
}

main();
