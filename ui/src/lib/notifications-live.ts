// The live half of the notifications (issue 18): the server's `notification` event on the chat socket. It is
// imported lazily (hooks/use-notification-count.ts) so socket.io-client stays out of the first chunk.
import type { Notification } from "../api-types";
import { connectChat, onChat } from "./chat-socket";
import { setNotificationCount } from "./notifications-count";

/** followNotifications opens the socket, keeps the bell's count and calls fn with each new item; it returns the stop. */
export function followNotifications(fn: (item: Notification) => void): () => void {
  const off = onChat("notification", (p) => {
    if (!p?.item) return;
    setNotificationCount(p.unread);
    if (!UNTOLD.has(p.item.kind)) fn(p.item);
  });
  connectChat();
  return off;
}

/**
 * UNTOLD are the kinds the bell counts but no toast tells: a chat answer (the chat's own toast does), and a
 * login's or a factor's notices, which arrive on the device that just signed in or changed them, over its own
 * words.
 */
const UNTOLD = new Set(["chat_reply", "new_login", "password_changed", "second_factor_changed"]);

/** onLiveNotification calls fn with each new item (the list page puts it on top); it returns the unsubscribe. */
export function onLiveNotification(fn: (item: Notification) => void): () => void {
  return onChat("notification", (p) => p?.item && fn(p.item));
}
