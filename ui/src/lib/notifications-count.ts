// The bell's unread count, shared by the header and the notifications page so marking entries read there moves
// the badge at once. It imports no socket code: the live part (notifications-live.ts) loads later and feeds it.
import { subscribeSession } from "../api";

let count = 0;
const listeners = new Set<(n: number) => void>();

/** setNotificationCount stores the server's latest unread count and tells every listener. */
export function setNotificationCount(n: number): void {
  const next = Math.max(0, Math.floor(Number(n) || 0));
  if (next === count) return;
  count = next;
  listeners.forEach((fn) => fn(count));
}

/** notificationCount is the count as last heard. */
export function notificationCount(): number {
  return count;
}

/** onNotificationCount calls fn on every change of the count; it returns the unsubscribe. */
export function onNotificationCount(fn: (n: number) => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

// a logout forgets the count so the next user does not see it
subscribeSession((s) => {
  if (!s.token) setNotificationCount(0);
});
