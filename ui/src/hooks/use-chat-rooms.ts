import { useEffect, useRef } from "react";
import { api, ApiError, type ChatRoom } from "../api";
import { toast } from "../components/ui/toast";
import { applyRoomMessage, failureText, setRoomUnread, sortRooms } from "../lib/chat";
import { connectChat, onChat } from "../lib/chat-socket";
import { useLoad } from "./use-load";

/** ROOMS_FAILED is said when the list does not load (admin.md §8). */
const ROOMS_FAILED = "خطا در دریافت گفتگوها";
/** REFETCH_MS gathers a burst of events into one fetch of the list. */
const REFETCH_MS = 400;

/** ChatRooms is the admin's room list: null until loaded, failed after an error, select marks a room read. */
export type ChatRooms = {
  rooms: readonly ChatRoom[] | null;
  failed: boolean;
  reload: () => void;
  markSeen: (roomId: number) => void;
};

/**
 * useChatRooms loads GET /api/chat/admin/rooms (useLoad) and keeps it live: counts from unread_count,
 * unread_count_updated and unread_cleared, previews from receive_message; a new customer's room, the
 * preview of a room not open here, and a reconnection fetch the list again.
 */
export function useChatRooms(): ChatRooms {
  const {
    data: rooms,
    setData: setRooms,
    failed,
    reload,
    refresh,
  } = useLoad<readonly ChatRoom[]>(async () => sortRooms((await api.chatRooms()) ?? []), ROOMS_FAILED, {
    // the chat says a lost connection in its own words
    onError: (err) => {
      if (!(err instanceof ApiError && err.status === 401)) toast(failureText(err, ROOMS_FAILED), "error");
      return true;
    },
  });
  const current = useRef<readonly ChatRoom[] | null>(null);
  current.current = rooms;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const later = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(refresh, REFETCH_MS);
  };
  const update = (fn: (list: readonly ChatRoom[]) => readonly ChatRoom[]) => setRooms((list) => (list ? fn(list) : list));

  // the first load is useLoad's; the socket's events follow it
  useEffect(() => {
    let connectedBefore = false;
    const offs = [
      onChat("unread_count", (p) => {
        update((list) => setRoomUnread(list, p.room_id, p.count));
        // the room's preview and place changed too (or the room is new)
        later();
      }),
      onChat("unread_count_updated", (p) => update((list) => setRoomUnread(list, p.room_id, p.count))),
      onChat("unread_cleared", (p) => update((list) => setRoomUnread(list, p.room_id, 0))),
      onChat("receive_message", (m) => {
        const list = current.current;
        const next = list && applyRoomMessage(list, m);
        if (next) setRooms(next);
        else later();
      }),
      onChat("connect", () => {
        // events missed while disconnected: read the list again
        if (connectedBefore) later();
        connectedBefore = true;
      }),
    ];
    connectChat();
    return () => {
      offs.forEach((off) => off());
      clearTimeout(timer.current);
    };
  }, []);

  return {
    rooms,
    failed,
    reload: () => void reload(),
    markSeen: (roomId) => update((list) => setRoomUnread(list, roomId, 0)),
  };
}
