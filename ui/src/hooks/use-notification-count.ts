import { useEffect, useState } from "react";
import { api } from "../api";
import { toast } from "../components/ui/toast";
import { inBackground, onIdle } from "../lib/after-idle";
import { notificationCount, onNotificationCount, setNotificationCount } from "../lib/notifications-count";
import { useSession } from "./use-session";

/**
 * useNotificationCount is the bell's unread count for the signed-in user: one light GET (limit 1) for the
 * start, then the live events, each also shown as a toast with its title (but those notifications-live keeps
 * quiet). Both start in the background once the first screen is done (inBackground), as useChatUnread's socket.
 */
export function useNotificationCount(): number {
  const { token, user } = useSession();
  // an owner or staff member still to enrol a second factor is refused everything else (403)
  const live = !!token && !user?.must_enrol_second_factor;
  const [count, setCount] = useState(notificationCount);
  useEffect(() => onNotificationCount(setCount), []);
  useEffect(() => {
    if (!live) return;
    let alive = true;
    let stop: () => void = () => undefined;
    const cancel = inBackground(() => {
      api.notifications("", 1).then((p) => alive && setNotificationCount(p.unread), () => undefined);
      import("../lib/notifications-live").then(
        // as the chat badge's (use-chat-unread.ts): the socket's start in an idle moment of its own
        (m) => onIdle(() => {
          if (alive) stop = m.followNotifications((item) => toast(item.title, "info"));
        }),
        () => undefined,
      );
    });
    return () => {
      alive = false;
      cancel();
      stop();
    };
  }, [live, user?.id]);
  return token ? count : 0;
}
