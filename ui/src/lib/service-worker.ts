// The page's side of the service worker (issue 18). The worker is Workbox's, generated at build (vite.config.ts);
// this registers it in the background once the first screen is done (inBackground) and tells when a new version
// waits. It is the platform's own register/updatefound/controllerchange, not workbox-window: the same flow in a
// few lines instead of 2.2 KB of the customer's 40 KB first load.
import { inBackground } from "./after-idle";

/** registerServiceWorker registers /sw.js once the page is done; onWaiting gets a function that switches to a waiting version. */
export function registerServiceWorker(onWaiting: (activate: () => void) => void): void {
  if (!("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker;
  const offer = (waiting: ServiceWorker) =>
    onWaiting(() => {
      // the page reloads under the new worker once it controls, so no screen runs old code on new files
      sw.addEventListener("controllerchange", () => location.reload(), { once: true });
      waiting.postMessage({ type: "SKIP_WAITING" }); // Workbox's prompt mode waits for exactly this
    });
  const start = () =>
    sw.register("/sw.js").then(
      (reg) => {
        // a version that finished installing before this page opened
        if (reg.waiting && sw.controller) offer(reg.waiting);
        reg.addEventListener("updatefound", () => {
          const next = reg.installing;
          next?.addEventListener("statechange", () => {
            // installed beside a worker that controls the page: an update, not the first install
            if (next.state === "installed" && sw.controller) offer(next);
          });
        });
      },
      () => undefined, // no worker (a private window, an old browser): the app works online as before
    );
  inBackground(() => void start());
}
