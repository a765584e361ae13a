import { useEffect, useRef, useState } from "react";
import { api, errorText, type Notification } from "../api";
import { toast } from "../components/ui/toast";
import { addLive, unreadIds } from "../lib/notifications";
import { setNotificationCount } from "../lib/notifications-count";
import { usePagedList, type Page } from "./use-admin-list";

const LOAD_FAILED = "دریافت اعلان‌ها انجام نشد";
const MARK_FAILED = "علامت‌گذاری اعلان‌ها انجام نشد";

const fetchPage = async (_: object, cursor: string): Promise<Page<Notification>> => {
  const p = await api.notifications(cursor);
  setNotificationCount(p.unread);
  return { rows: p.items ?? [], next: p.next_cursor ?? "" };
};

/**
 * useNotifications is the notifications page's list: pages from the server, live items on top, and every
 * unread entry shown marked read once (the bell follows the server's answer). Entries keep their unread look
 * for this visit so the customer still sees what was new.
 */
export function useNotifications() {
  const paged = usePagedList(fetchPage, (err) => errorText(err, LOAD_FAILED));
  const [live, setLive] = useState<Notification[]>([]);
  const sent = useRef(new Set<number>());

  useEffect(() => {
    let stop: () => void = () => undefined;
    let alive = true;
    import("../lib/notifications-live").then((m) => {
      if (alive) stop = m.onLiveNotification((item) => setLive((shown) => addLive(shown, item)));
    }, () => undefined);
    return () => {
      alive = false;
      stop();
    };
  }, []);

  const list = paged.list === null ? null : live.reduce(addLive, paged.list).sort((a, b) => b.id - a.id);

  // mark what is shown: only ids not sent yet, so a new page or a live item posts just its own
  const fresh = list ? unreadIds(list).filter((id) => !sent.current.has(id)) : [];
  useEffect(() => {
    if (fresh.length === 0) return;
    fresh.forEach((id) => sent.current.add(id));
    api.markNotificationsRead({ ids: fresh }).then((a) => setNotificationCount(a.unread), (err) => toast(errorText(err, MARK_FAILED), "error"));
  }, [fresh.join(",")]);

  const [allBusy, setAllBusy] = useState(false);
  const markAll = async () => {
    setAllBusy(true);
    try {
      setNotificationCount((await api.markNotificationsRead({ all: true })).unread);
      list?.forEach((n) => sent.current.add(n.id));
    } catch (err) {
      toast(errorText(err, MARK_FAILED), "error");
    } finally {
      setAllBusy(false);
    }
  };

  return { ...paged, list, markAll, allBusy };
}
