import { useEffect, useState } from "react";
import { isAdmin } from "../api";
import { inBackground, onIdle } from "../lib/after-idle";
import { toast } from "../components/ui/toast";
import { useSession } from "./use-session";

/** NEW_MESSAGE is the toast a customer sees away from the chat page when the shop writes. */
const NEW_MESSAGE = "پیام جدید از پشتیبانی";

/**
 * useChatUnread is the support link's badge count for the logged-in user, from the chat socket. The socket
 * code loads only here, in the background once the first screen is done (inBackground), and only for a
 * logged-in user.
 */
export function useChatUnread(): number {
  const { token, user } = useSession();
  // an owner or staff member still to enrol a second factor is refused everything else (403)
  const live = !!token && !user?.must_enrol_second_factor;
  const admin = isAdmin(user);
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!live) return;
    let alive = true;
    let stop: () => void = () => undefined;
    const cancel = inBackground(() => void import("../lib/chat-unread").then(
      // the socket's code is evaluated in the import's task; connecting waits for an idle moment of its own
      (m) => onIdle(() => {
        if (!alive) return;
        setCount(m.unreadTotal());
        const offs = [m.onUnreadTotal(setCount), m.followUnread(admin)];
        if (!admin) {
          offs.push(
            m.onShopMessage(() => {
              toast(NEW_MESSAGE, "info");
              m.recount();
            }),
          );
        }
        stop = () => offs.forEach((off) => off());
      }),
      () => undefined,
    ));
    return () => {
      alive = false;
      cancel();
      stop();
    };
  }, [live, user?.id, admin]);
  return token ? count : 0;
}
