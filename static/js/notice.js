// "Your turn, noticed" (issue 14, point 13): when the game starts waiting
// on this player (the match page's banner turns to its "mine" style) while
// the tab is in the background, the tab title says so until the tab is
// looked at again; with alerts switched on (the bell button, kept in this
// browser) a short sound plays and, if the browser allows notifications for
// the site, one is shown. Reads the page only; never talks to the server.
const KEY = "codex-turn-alerts";
const banner = document.getElementById("banner");
const toggle = document.getElementById("alerts-toggle");
const baseTitle = document.title;
let waitingOnMe = false;
/** @type {AudioContext | null} */
let audio = null;

/**
 * The browser's Web Audio constructor (older Safari: webkitAudioContext), or none.
 * @returns {typeof AudioContext | undefined}
 */
function audioContext() {
  return window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
}

function alertsOn() {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

function showToggle() {
  if (!toggle) return;
  const on = alertsOn();
  toggle.setAttribute("aria-pressed", String(on));
  toggle.textContent = on ? "Alerts: on" : "Alerts: off";
  toggle.title = on
    ? "A sound (and a notification, if your browser allows it) when your turn comes while this tab is in the background. Click to switch off."
    : "Click for a sound (and a notification, if your browser allows it) when your turn comes while this tab is in the background.";
}

/** A short two-note chime (Web Audio; nothing to download). */
function chime() {
  const Context = audioContext();
  if (!Context) return;
  const ctx = audio || new Context();
  audio = ctx;
  const now = ctx.currentTime;
  [660, 880].forEach((freq, i) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.18 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.16);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now + i * 0.18);
    osc.stop(now + i * 0.18 + 0.17);
  });
}

function yourTurnCame() {
  if (!document.hidden) return; // the tab is in front: the banner says it
  document.title = `● Your turn · ${baseTitle}`;
  document.body.dataset.noticed = "title";
  if (!alertsOn()) return;
  chime();
  document.body.dataset.noticed = "sound";
  if ("Notification" in window && Notification.permission === "granted") {
    const note = new Notification("Codex: your turn", { body: document.getElementById("banner-text")?.textContent ?? "", tag: "codex-turn" });
    note.onclick = () => { window.focus(); note.close(); };
    document.body.dataset.noticed = "notification";
  }
}

function lookedAt() {
  if (document.hidden) return;
  document.title = baseTitle;
}

function watchBanner() {
  if (!banner) return;
  const mine = banner.classList.contains("mine");
  if (mine && !waitingOnMe) yourTurnCame();
  if (!mine) document.title = baseTitle; // no longer waiting on this player (a teammate acted, a reply came)
  waitingOnMe = mine;
}

if (banner) {
  new MutationObserver(watchBanner).observe(banner, { attributes: true, attributeFilter: ["class"] });
  document.addEventListener("visibilitychange", lookedAt);
}

if (toggle) {
  showToggle();
  toggle.hidden = false;
  toggle.onclick = async () => {
    const on = !alertsOn();
    try {
      localStorage.setItem(KEY, on ? "on" : "off");
    } catch {
      // private browsing without storage: alerts stay off
    }
    if (on) {
      // this click is the gesture browsers want before sound and before asking for notifications
      const Context = audioContext();
      if (Context) {
        audio = audio || new Context();
        audio.resume();
      }
      if ("Notification" in window && Notification.permission === "default") await Notification.requestPermission();
    }
    showToggle();
  };
}
