import { useEffect, useState } from "react";
import { api } from "../api";
import { toast } from "../components/ui/toast";
import { inBackground, onIdle } from "../lib/after-idle";
import { notificationCount, onNotificationCount, setNotificationCount } from "../lib/notifications-count";
import { useSession } from "./use-session";

/** NotificationCount is the bell's unread count and whether this page hears new notifications live yet. */
export type NotificationCount = { unread: number; live: boolean };

/**
 * useNotificationCount is the bell's unread count for the signed-in user: the live events, each also shown as a
 * toast with its title (but those notifications-live keeps quiet), and one light GET (limit 1) for the count
 * once they are heard, so a notification that came before is in the count and one after is an event. Both start
 * in the background once the first screen is done (inBackground), as useChatUnread's socket.
 */
export function useNotificationCount(): NotificationCount {
  const { token, user } = useSession();
  // an owner or staff member still to enrol a second factor is refused everything else (403)
  const signedIn = !!token && !user?.must_enrol_second_factor;
  const [count, setCount] = useState(notificationCount);
  const [live, setLive] = useState(false);
  useEffect(() => onNotificationCount(setCount), []);
  useEffect(() => {
    if (!signedIn) return;
    let alive = true;
    let stop: () => void = () => undefined;
    const cancel = inBackground(() => {
      import("../lib/notifications-live").then(
        // as the chat badge's (use-chat-unread.ts): the socket's start in an idle moment of its own
        (m) => onIdle(() => {
          if (!alive) return;
          stop = m.followNotifications((item) => toast(item.title, "info"));
          setLive(true);
          api.notifications("", 1).then((p) => alive && setNotificationCount(p.unread), () => undefined);
        }),
        () => undefined,
      );
    });
    return () => {
      alive = false;
      setLive(false);
      cancel();
      stop();
    };
  }, [signedIn, user?.id]);
  return { unread: token ? count : 0, live: !!token && live };
}
