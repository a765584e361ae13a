// The header badge's count: admin_unread_updated's total_unread as last heard on this tab's socket (for a
// customer, the shop's messages not yet seen; for an admin, customers' messages no admin has seen). It lives
// here rather than in a component so the count survives the header leaving the screen on the chat pages.
import { subscribeSession, type ChatMessage } from "../api";
import { connectChat, emitChat, onChat, onConnected } from "./chat-socket";

let total = 0;
const listeners = new Set<(n: number) => void>();

function set(n: number): void {
  const next = Math.max(0, Math.floor(Number(n) || 0));
  if (next === total) return;
  total = next;
  listeners.forEach((fn) => fn(total));
}

onChat("admin_unread_updated", (p) => set(p?.total_unread ?? 0));
// a logout, or another user, forgets the count
let user: number | null = null;
subscribeSession((s) => {
  const id = s.user?.id ?? null;
  if (!s.token) {
    user = null;
    set(0);
  } else if (id !== null) {
    if (user !== null && id !== user) set(0);
    user = id;
  }
});

/** unreadTotal is the count as last heard. */
export function unreadTotal(): number {
  return total;
}

/** onUnreadTotal calls fn on every change of the count; it returns the unsubscribe. */
export function onUnreadTotal(fn: (n: number) => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/** clearUnreadTotal empties the badge: the user is on a chat page and sees the messages. */
export function clearUnreadTotal(): void {
  set(0);
}

/**
 * followUnread keeps the count for a logged-in user: it connects the socket and, for a customer, joins the
 * user room on every connection (the server then answers with the count and sends user_receive_message).
 * It returns the stop.
 */
export function followUnread(admin: boolean): () => void {
  if (admin) {
    connectChat();
    return () => undefined;
  }
  return onConnected(() => void emitChat("join_user_room"));
}

/** onShopMessage calls fn when the shop writes to this customer (user_receive_message). */
export function onShopMessage(fn: (m: ChatMessage) => void): () => void {
  return onChat("user_receive_message", fn);
}

/** recount asks the server for the customer's count again (after a message from the shop). */
export function recount(): void {
  void emitChat("join_user_room");
}
