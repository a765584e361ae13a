// Web Push on this phone (issue 18): the platform's PushManager, subscribed with the shop's VAPID key and
// handed to the server, which posts each notification to it. Optional: where the browser has no push (or, on
// an iPhone, the app is not installed), the switch says why and everything else works as before.
import { api } from "../api";

/** PushSupport is what this browser allows: push, push once installed (Safari on an iPhone), or none. */
export type PushSupport = "supported" | "install-first" | "unsupported";

/** PushState is this phone's switch: on, off, or refused in the browser's settings. */
export type PushState = "on" | "off" | "denied";

type Platform = { push: boolean; notifications: boolean; worker: boolean; iPhone: boolean; standalone: boolean };

/** pushSupport decides from what the platform has: Safari on an iPhone gives push only to installed apps. */
export function pushSupport(p: Platform): PushSupport {
  if (p.push && p.notifications && p.worker) return "supported";
  if (p.iPhone && !p.standalone) return "install-first";
  return "unsupported";
}

/** platform reads this browser's push-related abilities. */
export function platform(): Platform {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    push: typeof window !== "undefined" && "PushManager" in window,
    notifications: typeof Notification !== "undefined",
    worker: "serviceWorker" in nav,
    iPhone: /iPhone|iPad|iPod/.test(nav.userAgent),
    standalone: nav.standalone === true || matchMedia("(display-mode: standalone)").matches,
  };
}

async function subscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/**
 * pushState is the switch as this phone has it. A subscription the browser holds is handed to the server
 * again: the server forgets a phone's subscription when its login ends, and this login should have it.
 */
export async function pushState(): Promise<PushState> {
  if (Notification.permission === "denied") return "denied";
  const sub = await subscription();
  if (!sub || Notification.permission !== "granted") return "off";
  await api.savePushSubscription(sub.toJSON());
  return "on";
}

/** turnPushOn asks the customer's permission, subscribes this phone and tells the server. */
export async function turnPushOn(): Promise<PushState> {
  if ((await Notification.requestPermission()) !== "granted") return Notification.permission === "denied" ? "denied" : "off";
  // the worker registers after the page loads; without one (a private window) there is nothing to push to
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg) throw new Error("no service worker");
  const { public_key } = await api.pushKey();
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key }));
  await api.savePushSubscription(sub.toJSON());
  return "on";
}

/** turnPushOff tells the server to stop, then drops the browser's subscription. */
export async function turnPushOff(): Promise<PushState> {
  const sub = await subscription();
  if (sub) {
    await api.deletePushSubscription(sub.endpoint).catch(() => undefined); // gone already: the server forgot it
    await sub.unsubscribe();
  }
  return "off";
}
