// Web Push in the service worker (issue 18). Workbox's generated worker imports this file (vite.config.ts,
// importScripts): it shows each push the shop sends ({title, body, url, tag}, decrypted by the browser) and,
// when one is tapped, opens the screen it is about in the app.
const FALLBACK_URL = "/notifications_page";

// only the app's own paths: a push never sends the customer elsewhere
const appPath = (u) => (typeof u === "string" && u.startsWith("/") && !u.startsWith("//") ? u : FALLBACK_URL);
const text = (v, dflt) => (typeof v === "string" && v ? v : dflt);

self.addEventListener("push", (event) => {
  let m = {};
  try {
    m = event.data ? event.data.json() : {};
  } catch {
    m = {};
  }
  event.waitUntil(
    self.registration.showNotification(text(m.title, "اعلان تازه"), {
      body: text(m.body, ""),
      dir: "rtl",
      lang: "fa",
      icon: "/api/shop/logo-192.png",
      badge: "/api/shop/logo-96.png",
      tag: text(m.tag, undefined),
      data: { url: appPath(m.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(appPath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const app = open.find((c) => new URL(c.url).origin === self.location.origin);
      if (app) {
        await app.focus().catch(() => undefined); // a browser may refuse the focus; the screen still changes
        // navigate() works only on a window this worker controls; another gets a window of its own
        if (app.url === url) return;
        if (await app.navigate(url).catch(() => null)) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
