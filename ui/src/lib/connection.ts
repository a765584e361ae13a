// Whether the shop's server answers, as one small store. The browser's own online flag is not enough: the
// phone may have a network while the shop is down, so only a real answer proves the shop is back.

type Listener = (offline: boolean) => void;

let offline = typeof navigator !== "undefined" && navigator.onLine === false;
const listeners = new Set<Listener>();

function set(next: boolean): void {
  if (next === offline) return;
  offline = next;
  listeners.forEach((fn) => fn(offline));
}

/** isOffline tells whether the shop is unreachable at this moment. */
export function isOffline(): boolean {
  return offline;
}

/** onConnectionChange calls fn with the new state on every change; it returns the unsubscribe. */
export function onConnectionChange(fn: Listener): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/** markReachable records that the shop answered (any HTTP status: the server is there). */
export function markReachable(): void {
  set(false);
}

/** markUnreachable records that a request to the shop failed without an answer. */
export function markUnreachable(): void {
  set(true);
}

if (typeof window !== "undefined") {
  window.addEventListener("offline", markUnreachable);
  // "online" is deliberately not heard: the next answer of the price poll says the shop is back
}
