// The support chat's rules as pure functions: which incoming messages are repeats, what the bubbles,
// receipts and room list show, and how the socket's events change a message list or the room list.
import { ApiError } from "../api";
import type { ChatFileType, ChatMessage, ChatRoom } from "../api-types";
import { badgeText } from "./badge";
import { toFaDigits } from "./digits";
import { JALALI_MONTHS, tehranParts } from "./jalali";

export { badgeText };

/** DUPLICATE_WINDOW_MS is how close two equal messages must be to count as one (customer.md §9). */
export const DUPLICATE_WINDOW_MS = 1000;
/** TYPING_STOP_MS is the quiet time after which a typist sends stop_typing. */
export const TYPING_STOP_MS = 1000;
/** MAX_MESSAGE_LENGTH is the longest text the server takes. */
export const MAX_MESSAGE_LENGTH = 2000;
/** MAX_FILE_BYTES is the largest file the upload takes (10 MB). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** CHAT_TEXT holds the chat's Persian words. */
export const CHAT_TEXT = {
  image: "تصویر",
  audio: "پیام صوتی",
  noMessages: "هنوز پیامی نیست",
  today: "امروز",
  yesterday: "دیروز",
  wrongFile: "فقط تصویر یا فایل صوتی",
  bigFile: "حجم فایل باید حداکثر ۱۰ مگابایت باشد",
} as const;

function instant(value: string | null | undefined): number {
  return value ? Date.parse(value) : Number.NaN;
}

/**
 * isDuplicate tells whether m is already in list: the same id, or the same text and file from the same side
 * within a second (a message that reached us twice, once by the ack and once by the broadcast).
 */
export function isDuplicate(list: readonly ChatMessage[], m: ChatMessage): boolean {
  const at = instant(m.created_at);
  return list.some(
    (x) =>
      x.id === m.id ||
      (x.is_admin === m.is_admin &&
        x.message_text === m.message_text &&
        (x.file_url ?? null) === (m.file_url ?? null) &&
        Math.abs(instant(x.created_at) - at) < DUPLICATE_WINDOW_MS),
  );
}

/** addMessage appends m to list unless it is a repeat; the same list comes back then. */
export function addMessage(list: readonly ChatMessage[], m: ChatMessage): readonly ChatMessage[] {
  return isDuplicate(list, m) ? list : [...list, m];
}

/** previewText is a message in one line: its text, else «تصویر» or «پیام صوتی». */
export function previewText(m: Pick<ChatMessage, "message_text" | "file_type">): string {
  const text = (m.message_text ?? "").replace(/\s+/g, " ").trim();
  if (text) return text;
  if (m.file_type === "image") return CHAT_TEXT.image;
  if (m.file_type === "audio") return CHAT_TEXT.audio;
  return "";
}

/** roomPreview is the room list's second line. */
export function roomPreview(room: Pick<ChatRoom, "last_message">): string {
  return room.last_message.replace(/\s+/g, " ").trim() || CHAT_TEXT.noMessages;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** messageTime is a bubble's Tehran clock time "HH:mm" in Persian digits; "" when unknown. */
export function messageTime(value: string | null | undefined): string {
  const at = instant(value);
  if (Number.isNaN(at)) return "";
  const t = tehranParts(new Date(at));
  return toFaDigits(`${pad2(t.hh)}:${pad2(t.mm)}`);
}

function dayOf(at: number): string {
  const t = tehranParts(new Date(at));
  return `${t.jy}/${t.jm}/${t.jd}`;
}

/** dayKey names the Tehran day of a timestamp, so a list can put a date between days. */
export function dayKey(value: string | null | undefined): string {
  const at = instant(value);
  return Number.isNaN(at) ? "" : dayOf(at);
}

/** dayLabel is the date shown above a day's messages: «امروز», «دیروز», «۲۱ مرداد», or with the year. */
export function dayLabel(value: string | null | undefined, now: Date = new Date()): string {
  const at = instant(value);
  if (Number.isNaN(at)) return "";
  if (dayOf(at) === dayOf(now.getTime())) return CHAT_TEXT.today;
  if (dayOf(at) === dayOf(now.getTime() - 86_400_000)) return CHAT_TEXT.yesterday;
  const t = tehranParts(new Date(at));
  const label = `${t.jd} ${JALALI_MONTHS[t.jm - 1]}`;
  return toFaDigits(t.jy === tehranParts(now).jy ? label : `${label} ${t.jy}`);
}

/** roomTime is the room list's time: the clock today, «دیروز», else the Jalali date "YYYY/MM/DD". */
export function roomTime(value: string | null | undefined, now: Date = new Date()): string {
  const at = instant(value);
  if (Number.isNaN(at)) return "";
  if (dayOf(at) === dayOf(now.getTime())) return messageTime(value);
  if (dayOf(at) === dayOf(now.getTime() - 86_400_000)) return CHAT_TEXT.yesterday;
  const t = tehranParts(new Date(at));
  return toFaDigits(`${t.jy}/${pad2(t.jm)}/${pad2(t.jd)}`);
}

/** Receipt is what the ticks under a bubble say: nothing (not ours), one tick (sent), two (read). */
export type Receipt = "none" | "sent" | "read";

/** receiptOf is the receipt of m for a viewer on the shop's side (admin) or the customer's. */
export function receiptOf(m: Pick<ChatMessage, "is_admin" | "is_read">, viewerIsAdmin: boolean): Receipt {
  if (m.is_admin !== viewerIsAdmin) return "none";
  return m.is_read ? "read" : "sent";
}

/** MessagesRead is the messages_read event: the side is_admin's messages up to up_to_id are read. */
export type MessagesRead = { room_id: number; is_admin: boolean; up_to_id: number };

/** markRead applies messages_read to a room's messages; the same list comes back when nothing changes. */
export function markRead(list: readonly ChatMessage[], ev: MessagesRead): readonly ChatMessage[] {
  const hit = (m: ChatMessage) =>
    !m.is_read && m.room_id === ev.room_id && m.is_admin === ev.is_admin && m.id <= ev.up_to_id;
  if (!list.some(hit)) return list;
  return list.map((m) => (hit(m) ? { ...m, is_read: true } : m));
}

/** sortRooms orders the admin's rooms: the latest message first, rooms without messages last. */
export function sortRooms(rooms: readonly ChatRoom[]): ChatRoom[] {
  const key = (r: ChatRoom) => {
    const at = instant(r.last_message_time);
    return Number.isNaN(at) ? -Infinity : at;
  };
  return [...rooms].sort((a, b) => key(b) - key(a) || b.id - a.id);
}

/** setRoomUnread sets a room's unread count (unread_count, unread_count_updated; 0 for unread_cleared). */
export function setRoomUnread(rooms: readonly ChatRoom[], roomId: number, count: number): readonly ChatRoom[] {
  const n = Math.max(0, Math.floor(Number(count) || 0));
  if (!rooms.some((r) => r.id === roomId && r.unread_count !== n)) return rooms;
  return rooms.map((r) => (r.id === roomId ? { ...r, unread_count: n } : r));
}

/** applyRoomMessage puts a new message on its room's line and reorders; null when the room is not listed. */
export function applyRoomMessage(rooms: readonly ChatRoom[], m: ChatMessage): ChatRoom[] | null {
  if (!rooms.some((r) => r.id === m.room_id)) return null;
  return sortRooms(
    rooms.map((r) => (r.id === m.room_id ? { ...r, last_message: previewText(m), last_message_time: m.created_at } : r)),
  );
}

/** canSend tells whether the composer holds something to send: trimmed text or a file. */
export function canSend(text: string, file: unknown): boolean {
  return text.trim() !== "" || !!file;
}

/** chatFileType is the kind of a chosen file by its MIME type; null for anything but image and audio. */
export function chatFileType(mime: string): ChatFileType | null {
  if (/^image\//i.test(mime)) return "image";
  if (/^audio\//i.test(mime)) return "audio";
  return null;
}

/** fileError is why a chosen file cannot be sent, or null. */
export function fileError(file: { type: string; size: number }): string | null {
  if (!chatFileType(file.type)) return CHAT_TEXT.wrongFile;
  if (file.size > MAX_FILE_BYTES) return CHAT_TEXT.bigFile;
  return null;
}

/** Ack is a socket event's acknowledgement: ok, a refusal's message, and the stored message of a send. */
export type Ack = { ok: boolean; message?: string; sent?: ChatMessage };

/**
 * parseAck reads an acknowledgement {ok, message}: message is a refusal's text, or on a send the stored
 * message; anything else is a refusal with the fallback text.
 */
export function parseAck(raw: unknown, fallback: string): Ack {
  if (!raw || typeof raw !== "object") return { ok: false, message: fallback };
  const r = raw as { ok?: unknown; message?: unknown };
  const ack: Ack = { ok: r.ok === true };
  if (typeof r.message === "string" && r.message) ack.message = r.message;
  else if (r.message && typeof r.message === "object") ack.sent = r.message as ChatMessage;
  if (!ack.ok && !ack.message) ack.message = fallback;
  return ack;
}

/** failureText is the server's message for a failed call, else the chat's own fallback (customer.md §8). */
export function failureText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}
