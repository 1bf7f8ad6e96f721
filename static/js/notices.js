// The notice settings page (notices/templates/notices/settings.html): turns
// Web Push on or off in this browser. It registers the site's service
// worker (/sw.js), subscribes with the server's VAPID public key and sends
// the subscription to the server (or tells it this browser's one ended).
import { csrfToken } from "./common.js";

const section = document.getElementById("push-section");
const status = document.getElementById("push-status");
const devices = document.getElementById("push-devices");
const onButton = document.getElementById("push-on");
const offButton = document.getElementById("push-off");

/**
 * Say ``text`` in the page's status line.
 * @param {string} text
 */
function say(text) {
  if (status) status.textContent = text;
}

/**
 * The VAPID key (base64url) as the bytes PushManager.subscribe takes.
 * @param {string} text
 * @returns {ArrayBuffer}
 */
function keyBytes(text) {
  const padded = (text + "=".repeat((4 - (text.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(padded);
  const buffer = new ArrayBuffer(raw.length);
  const out = new Uint8Array(buffer);
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return buffer;
}

/**
 * POST ``body`` as JSON to ``url``; the answer's JSON, or an error with the server's sentence.
 * @param {string} url
 * @param {unknown} body
 * @returns {Promise<{devices?: number, detail?: string}>}
 */
async function send(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.detail || "The server refused the subscription.");
  return answer;
}

/**
 * Show how many browsers receive push now.
 * @param {number | undefined} count
 */
function showDevices(count) {
  if (!devices || count === undefined) return;
  devices.textContent = count ? `Push is on for ${count} browser${count === 1 ? "" : "s"}.` : "Push is off.";
}

/**
 * Show only the button that applies: "Turn off" while this browser is
 * subscribed, "Turn on" otherwise.
 * @param {boolean} subscribed
 */
function showButtons(subscribed) {
  if (onButton) onButton.hidden = subscribed;
  if (offButton) offButton.hidden = !subscribed;
}

/**
 * Whether this browser has a push subscription of this site now.
 * @returns {Promise<boolean>}
 */
async function subscribedHere() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return false;
  const registration = await navigator.serviceWorker.getRegistration("/");
  return Boolean(registration && (await registration.pushManager.getSubscription()));
}

async function turnOn() {
  if (!section) return;
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    say("This browser cannot receive push notifications.");
    return;
  }
  try {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      say("The browser did not allow notifications for this site.");
      return;
    }
    const registration = await navigator.serviceWorker.register(section.dataset.worker || "/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(section.dataset.key || ""),
    });
    const answer = await send(section.dataset.subscribe || "", subscription.toJSON());
    showDevices(answer.devices);
    showButtons(true);
    say("Push is on in this browser.");
  } catch (error) {
    say(error instanceof Error ? error.message : "Push could not be turned on.");
  }
}

async function turnOff() {
  if (!section || !("serviceWorker" in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = registration ? await registration.pushManager.getSubscription() : null;
    if (!subscription) {
      showButtons(false);
      say("This browser was not receiving push notices.");
      return;
    }
    const endpoint = subscription.endpoint;
    await subscription.unsubscribe();
    const answer = await send(section.dataset.unsubscribe || "", { endpoint });
    showDevices(answer.devices);
    showButtons(false);
    say("Push is off in this browser.");
  } catch (error) {
    say(error instanceof Error ? error.message : "Push could not be turned off.");
  }
}

onButton?.addEventListener("click", turnOn);
offButton?.addEventListener("click", turnOff);
subscribedHere()
  .then(showButtons)
  .catch(() => showButtons(false));
