// The app's install offer (issue 18). Chrome on Android fires beforeinstallprompt once, early, on whatever page
// the customer opened; it is kept here until the home screen offers it. Safari on iPhone has no such event: the
// customer adds the app from the share sheet, so the home screen shows a short guide instead. Either offer,
// once dismissed, stays dismissed on that phone; inside the installed app there is none.

/** InstallEvent is Chrome's beforeinstallprompt event, not yet in TypeScript's DOM types. */
export type InstallEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};

/** InstallKind is the offer a phone gets: Chrome's install button, Safari's guide, or nothing. */
export type InstallKind = "prompt" | "ios-guide" | null;

const DISMISSED_KEY = "installOfferDismissed";

let offer: InstallEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((fn) => fn());

/** listenForInstall keeps the browser's install offer for later; main calls it once at start. */
export function listenForInstall(): void {
  window.addEventListener("beforeinstallprompt", (e) => {
    e.preventDefault(); // no mini-bar of the browser's own: the home screen asks in Persian
    offer = e as InstallEvent;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    changed();
  });
}

/** onInstallChange calls fn when the browser's offer comes or goes. */
export function onInstallChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/** isIosSafari is true for Safari on an iPhone or iPad, the one browser there that can add the app. */
export function isIosSafari(userAgent: string): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|YaBrowser/.test(userAgent);
}

/** installKind decides the offer from what the phone is and has; standalone means already installed. */
export function installKind(userAgent: string, standalone: boolean, hasOffer: boolean, dismissed: boolean): InstallKind {
  if (standalone || dismissed) return null;
  if (hasOffer) return "prompt";
  return isIosSafari(userAgent) ? "ios-guide" : null;
}

function standalone(): boolean {
  return window.matchMedia?.("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
}

function dismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

/** currentInstallKind is the offer this phone gets now. */
export function currentInstallKind(): InstallKind {
  return installKind(navigator.userAgent, standalone(), offer !== null, dismissed());
}

/** dismissInstall hides the offer on this phone for good. */
export function dismissInstall(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, "1");
  } catch {
    // no storage: the offer comes back on the next visit, nothing worse
  }
  changed();
}

/** promptInstall shows the browser's own install dialog; the offer is spent whatever the answer. */
export async function promptInstall(): Promise<void> {
  const e = offer;
  if (!e) return;
  offer = null;
  await e.prompt();
  const { outcome } = await e.userChoice;
  if (outcome === "dismissed") dismissInstall();
  else changed();
}
