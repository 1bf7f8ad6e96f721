// The site's service worker (notices/views.py service_worker): shows the
// "your turn" push notices (notices/push.py payload) and opens the match
// when one is clicked. One notice per match is shown: a newer one replaces it.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (_error) {
    data = { title: "Codex", body: event.data ? event.data.text() : "" };
  }
  const tag = data.url || "codex";
  event.waitUntil(
    self.registration.showNotification(data.title || "Codex", {
      body: data.body || "",
      tag,
      renotify: true,
      icon: "{{ icon }}",
      data: { url: data.url || "/", stop: data.stop || "" },
      actions: data.stop ? [{ action: "stop", title: "Stop push notices" }] : [],
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const info = event.notification.data || {};
  const target = event.action === "stop" && info.stop ? info.stop : info.url || "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((open) => {
      for (const client of open) {
        if (client.url === target && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(target);
    }),
  );
});
