// Match page: speaks the live protocol (docs/PROTOCOL.md) and shows the raw view.
// A minimal client: legal actions are buttons, the board is the view's JSON.
import { el, pageConfig } from "./common.js";

const config = pageConfig("match-config");
const $ = (id) => document.getElementById(id);
let socket = null;
let version = -1;
let nextId = 1;
let retry = 0;
const NO_RETRY = new Set([4401, 4403, 4404]);

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  message.id = nextId++;
  socket.send(JSON.stringify(message));
}

function actionLabel(action) {
  const { type, ...rest } = action;
  const extra = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : v}`);
  return extra.length ? `${type} (${extra.join(", ")})` : type;
}

function renderState(msg) {
  version = msg.version;
  $("version").textContent = msg.version;
  $("status").textContent = msg.status + (msg.result ? ` — winner: seat ${msg.result.winner}` : "");
  const { log = [], ...board } = msg.view;
  $("log").replaceChildren(...log.map((line) => el("li", line)));
  $("board").textContent = JSON.stringify(board, null, 2);
  $("actions").replaceChildren(
    ...msg.legal_actions.map((action) => {
      const button = el("button", actionLabel(action), { type: "button", "data-action": action.type });
      button.onclick = () => send({ type: "action", action, version });
      return button;
    }),
  );
  if (msg.seat === null) $("actions").append(el("p", "You are watching."));
}

function onMessage(event) {
  const msg = JSON.parse(event.data);
  switch (msg.type) {
    case "state":
      if (msg.version >= version) renderState(msg);
      break;
    case "applied":
      $("notice").textContent = "";
      break;
    case "refused":
      $("notice").textContent = `Refused: ${msg.reason}`;
      if (msg.code === "stale_version") send({ type: "resync" });
      break;
    case "chat":
      $("chat").append(el("li", `${msg.from}${msg.seat === null ? " (watching)" : ""}: ${msg.text}`));
      break;
    case "error":
      $("notice").textContent = `Error: ${msg.reason}`;
      break;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = config.invite ? `?invite=${encodeURIComponent(config.invite)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/match/${config.matchId}/${query}`);
  socket.onopen = () => { retry = 0; $("conn").textContent = "connected"; };
  socket.onmessage = onMessage;
  socket.onclose = (event) => {
    $("conn").textContent = `closed (${event.code})`;
    if (NO_RETRY.has(event.code)) return;
    // Exponential backoff with jitter; the server sends a full state on reconnect.
    const delay = Math.min(30000, 500 * 2 ** retry++) * (0.7 + Math.random() * 0.6);
    setTimeout(connect, delay);
  };
}

$("chat-form").onsubmit = (event) => {
  event.preventDefault();
  const input = event.target.text;
  if (input.value.trim()) send({ type: "chat", text: input.value });
  input.value = "";
};

connect();
