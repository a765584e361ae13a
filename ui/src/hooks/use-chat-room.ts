import { useEffect, useState } from "react";
import { api, type ChatMessage } from "../api";
import { toast } from "../components/ui/toast";
import { addMessage, failureText, markRead } from "../lib/chat";
import { emitChat, onChat, onConnected, type Typing } from "../lib/chat-socket";

/** UPLOADED and UPLOAD_FAILED are the upload's toasts (customer.md §8). */
const UPLOADED = "فایل بارگذاری شد";
const UPLOAD_FAILED = "خطا در بارگذاری فایل";
const SEND_FAILED = "پیام ارسال نشد، دوباره تلاش کنید";
/** TYPING_TIMEOUT_MS hides the other side's typing when its stop_typing got lost. */
const TYPING_TIMEOUT_MS = 6000;

/** ChatRoomState is an open room: its messages, whether the history came, the other side's typing, send. */
export type ChatRoomState = {
  messages: readonly ChatMessage[];
  loaded: boolean;
  typing: boolean;
  /** send uploads the file (if any), then sends; it resolves true when the server took the message. */
  send: (text: string, file: File | null, onProgress: (percent: number) => void) => Promise<boolean>;
};

/**
 * useChatRoom opens a room on the socket for the customer (join_room) or the shop (admin_join_room), again
 * on every reconnection, follows its events, and closes it on the same socket when it goes (leave_room,
 * admin_leave_room): a reconnection instead would lose any message sent in its gap.
 */
export function useChatRoom(roomId: number | null, admin: boolean): ChatRoomState {
  const [messages, setMessages] = useState<readonly ChatMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [typing, setTyping] = useState(false);

  useEffect(() => {
    setMessages([]);
    setLoaded(false);
    setTyping(false);
    if (roomId === null) return;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const theirs = (t: Typing | undefined) => !!t && t.room_id === roomId && t.is_admin !== admin;
    const offs = [
      onChat("previous_messages", (list) => {
        if (!Array.isArray(list) || list.some((m) => m.room_id !== roomId)) return;
        // history replaces the list; live messages it does not hold yet stay after it
        setMessages((now) => now.reduce(addMessage, list));
        setLoaded(true);
      }),
      onChat("receive_message", (m) => {
        if (m?.room_id !== roomId) return;
        setMessages((now) => addMessage(now, m));
        if (m.is_admin !== admin) setTyping(false);
      }),
      onChat("typing", (t) => {
        if (!theirs(t)) return;
        setTyping(true);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setTyping(false), TYPING_TIMEOUT_MS);
      }),
      onChat("stop_typing", (t) => {
        if (!theirs(t)) return;
        clearTimeout(typingTimer);
        setTyping(false);
      }),
      onChat("messages_read", (ev) => {
        if (ev?.room_id === roomId) setMessages((now) => markRead(now, ev));
      }),
      onConnected(() => {
        void emitChat(admin ? "admin_join_room" : "join_room", roomId).then((ack) => {
          if (!ack.ok && ack.message) toast(ack.message, "error");
        });
      }),
    ];
    return () => {
      offs.forEach((off) => off());
      clearTimeout(typingTimer);
      // leaving the page: the shop's next messages are unread again (and count on the header badge)
      void emitChat(admin ? "admin_leave_room" : "leave_room", roomId);
    };
  }, [roomId, admin]);

  const send = async (text: string, file: File | null, onProgress: (percent: number) => void) => {
    if (roomId === null) return false;
    let attached: { file_url?: string; file_type?: "image" | "audio" } = {};
    if (file) {
      try {
        const up = await api.chatUpload(file, onProgress);
        attached = { file_url: up.file_url, file_type: up.file_type };
        toast(UPLOADED, "success", 2000);
      } catch (err) {
        toast(failureText(err, UPLOAD_FAILED), "error");
        return false;
      }
    }
    const ack = await emitChat(admin ? "admin_send_message" : "send_message", {
      room_id: roomId,
      message: text.trim(),
      ...attached,
    });
    if (!ack.ok) {
      toast(ack.message || SEND_FAILED, "error");
      return false;
    }
    const sent = ack.sent;
    if (sent) setMessages((now) => addMessage(now, sent));
    return true;
  };

  return { messages, loaded, typing, send };
}
