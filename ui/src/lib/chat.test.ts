import { describe, expect, it } from "vitest";
import { ApiError } from "../api";
import type { ChatMessage, ChatRoom } from "../api-types";
import {
  addMessage,
  applyRoomMessage,
  badgeText,
  canSend,
  CHAT_TEXT,
  chatFileType,
  dayKey,
  dayLabel,
  failureText,
  fileError,
  isDuplicate,
  markRead,
  messageTime,
  parseAck,
  previewText,
  receiptOf,
  roomPreview,
  roomTime,
  setRoomUnread,
  sortRooms,
} from "./chat";

function msg(over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1,
    room_id: 7,
    message_text: "سلام",
    file_url: null,
    file_type: null,
    created_at: "2025-06-01T08:05:00.000Z",
    is_admin: false,
    is_read: false,
    ...over,
  };
}

function room(over: Partial<ChatRoom> = {}): ChatRoom {
  return {
    id: 7,
    user_id: 3,
    user_name: "سارا کریمی",
    user_mobile: "09121234567",
    last_message: "",
    last_message_time: null,
    unread_count: 0,
    ...over,
  };
}

describe("duplicate filter", () => {
  const first = msg();
  it("ignores a message with an id already shown", () => {
    expect(isDuplicate([first], msg({ message_text: "دیگر", created_at: "2025-06-02T00:00:00Z" }))).toBe(true);
  });
  it("ignores the same text and file within a second", () => {
    expect(isDuplicate([first], msg({ id: 2, created_at: "2025-06-01T08:05:00.900Z" }))).toBe(true);
    const withFile = msg({ id: 3, file_url: "/uploads/chat/a.png", file_type: "image" });
    expect(isDuplicate([withFile], msg({ id: 4, file_url: "/uploads/chat/a.png", file_type: "image" }))).toBe(true);
  });
  it("keeps a repeat a second or more later, with another file, or from the other side", () => {
    expect(isDuplicate([first], msg({ id: 2, created_at: "2025-06-01T08:05:01.000Z" }))).toBe(false);
    expect(isDuplicate([first], msg({ id: 2, file_url: "/uploads/chat/b.ogg", file_type: "audio" }))).toBe(false);
    expect(isDuplicate([first], msg({ id: 2, is_admin: true }))).toBe(false);
  });
  it("addMessage appends new messages and hands back the same list for a repeat", () => {
    const list = [first];
    expect(addMessage(list, msg())).toBe(list);
    expect(addMessage(list, msg({ id: 2, message_text: "خوبید؟" }))).toHaveLength(2);
  });
});

describe("badge and previews", () => {
  it("caps the badge at 99+ in Persian digits", () => {
    expect(badgeText(0)).toBe("");
    expect(badgeText(12)).toBe("۱۲");
    expect(badgeText(100)).toBe("۹۹+");
  });
  it("previews text on one line, or names a bare file", () => {
    expect(previewText(msg({ message_text: "  سلام\nخوبید؟ " }))).toBe("سلام خوبید؟");
    expect(previewText(msg({ message_text: "", file_type: "image" }))).toBe(CHAT_TEXT.image);
    expect(previewText(msg({ message_text: "", file_type: "audio" }))).toBe(CHAT_TEXT.audio);
    expect(previewText(msg({ message_text: "ببینید", file_type: "image" }))).toBe("ببینید");
  });
  it("says so when a room has no messages yet", () => {
    expect(roomPreview(room())).toBe(CHAT_TEXT.noMessages);
    expect(roomPreview(room({ last_message: "تصویر" }))).toBe("تصویر");
  });
});

describe("times in Tehran", () => {
  const now = new Date("2025-06-01T12:00:00Z"); // 11 Khordad 1404, 15:30 in Tehran
  it("shows a bubble's clock in Persian digits", () => {
    expect(messageTime("2025-06-01T08:05:00Z")).toBe("۱۱:۳۵");
    expect(messageTime("2025-06-01T20:45:00Z")).toBe("۰۰:۱۵");
    expect(messageTime(null)).toBe("");
  });
  it("labels days as today, yesterday, a Jalali date, and adds the year of another year", () => {
    expect(dayLabel("2025-06-01T05:00:00Z", now)).toBe("امروز");
    expect(dayLabel("2025-05-31T19:00:00Z", now)).toBe("دیروز");
    expect(dayLabel("2025-05-20T10:00:00Z", now)).toBe("۳۰ اردیبهشت");
    expect(dayLabel("2024-06-01T10:00:00Z", now)).toBe("۱۲ خرداد ۱۴۰۳");
  });
  it("splits days at Tehran midnight", () => {
    expect(dayKey("2025-05-31T20:29:00Z")).not.toBe(dayKey("2025-05-31T20:31:00Z"));
    expect(dayKey("2025-06-01T01:00:00Z")).toBe(dayKey("2025-05-31T20:31:00Z"));
  });
  it("shows a room's time as the clock today, yesterday, or the date", () => {
    expect(roomTime("2025-06-01T08:05:00Z", now)).toBe("۱۱:۳۵");
    expect(roomTime("2025-05-31T08:05:00Z", now)).toBe("دیروز");
    expect(roomTime("2025-05-20T08:05:00Z", now)).toBe("۱۴۰۴/۰۲/۳۰");
    expect(roomTime(null, now)).toBe("");
  });
});

describe("read receipts", () => {
  it("ticks only the viewer's own messages: one when sent, two when read", () => {
    expect(receiptOf(msg({ is_admin: false }), false)).toBe("sent");
    expect(receiptOf(msg({ is_admin: false, is_read: true }), false)).toBe("read");
    expect(receiptOf(msg({ is_admin: true, is_read: true }), false)).toBe("none");
    expect(receiptOf(msg({ is_admin: true }), true)).toBe("sent");
  });
  it("marks one side's messages read up to an id, in that room only", () => {
    const list = [
      msg({ id: 1 }),
      msg({ id: 2, is_admin: true }),
      msg({ id: 3 }),
      msg({ id: 4 }),
    ];
    const after = markRead(list, { room_id: 7, is_admin: false, up_to_id: 3 });
    expect(after.map((m) => m.is_read)).toEqual([true, false, true, false]);
    expect(markRead(list, { room_id: 8, is_admin: false, up_to_id: 9 })).toBe(list);
    expect(markRead(after, { room_id: 7, is_admin: false, up_to_id: 3 })).toBe(after);
  });
});

describe("room list", () => {
  const a = room({ id: 1, last_message: "الف", last_message_time: "2025-06-01T08:00:00Z" });
  const b = room({ id: 2, last_message: "ب", last_message_time: "2025-06-01T09:00:00Z" });
  const empty = room({ id: 3 });
  it("puts the latest message first and rooms without messages last", () => {
    expect(sortRooms([empty, a, b]).map((r) => r.id)).toEqual([2, 1, 3]);
  });
  it("sets, clears and ignores unknown rooms' unread counts", () => {
    const rooms = [a, b];
    expect(setRoomUnread(rooms, 1, 4)[0].unread_count).toBe(4);
    expect(setRoomUnread(setRoomUnread(rooms, 1, 4), 1, 0)[0].unread_count).toBe(0);
    expect(setRoomUnread(rooms, 9, 4)).toBe(rooms);
    expect(setRoomUnread(rooms, 1, 0)).toBe(rooms);
  });
  it("moves a room with a new message to the top with its preview", () => {
    const next = applyRoomMessage([b, a], msg({ room_id: 1, message_text: "", file_type: "audio", created_at: "2025-06-01T10:00:00Z" }));
    expect(next?.map((r) => r.id)).toEqual([1, 2]);
    expect(next?.[0].last_message).toBe(CHAT_TEXT.audio);
    expect(next?.[0].last_message_time).toBe("2025-06-01T10:00:00Z");
  });
  it("answers null for a message of a room not listed, so the list is fetched again", () => {
    expect(applyRoomMessage([a], msg({ room_id: 99 }))).toBeNull();
  });
});

describe("composer", () => {
  it("sends trimmed text or a file, never nothing", () => {
    expect(canSend("   ", null)).toBe(false);
    expect(canSend(" سلام ", null)).toBe(true);
    expect(canSend("", { name: "a.png" })).toBe(true);
  });
  it("takes images and audio up to 10 MB only", () => {
    expect(chatFileType("image/png")).toBe("image");
    expect(chatFileType("audio/ogg")).toBe("audio");
    expect(chatFileType("application/pdf")).toBeNull();
    expect(fileError({ type: "image/jpeg", size: 1000 })).toBeNull();
    expect(fileError({ type: "video/mp4", size: 1000 })).toBe(CHAT_TEXT.wrongFile);
    expect(fileError({ type: "audio/mpeg", size: 11 * 1024 * 1024 })).toBe(CHAT_TEXT.bigFile);
  });
});

describe("acknowledgements", () => {
  it("reads a plain ok, a send's stored message and a refusal", () => {
    expect(parseAck({ ok: true }, "x")).toEqual({ ok: true });
    const m = msg({ id: 9 });
    expect(parseAck({ ok: true, message: m }, "x")).toEqual({ ok: true, sent: m });
    expect(parseAck({ ok: false, message: "این گفتگو مال شما نیست" }, "x")).toEqual({ ok: false, message: "این گفتگو مال شما نیست" });
  });
  it("turns a refusal without text, or no answer at all, into the fallback", () => {
    expect(parseAck({ ok: false }, "قطع شد")).toEqual({ ok: false, message: "قطع شد" });
    expect(parseAck(undefined, "قطع شد")).toEqual({ ok: false, message: "قطع شد" });
    expect(parseAck("ok", "قطع شد")).toEqual({ ok: false, message: "قطع شد" });
  });
});

describe("failure texts", () => {
  it("shows the server's message, else the chat's own words (also when the network failed)", () => {
    expect(failureText(new ApiError(400, "فقط تصویر یا فایل صوتی"), "خطا در بارگذاری فایل")).toBe("فقط تصویر یا فایل صوتی");
    expect(failureText(new ApiError(0, ""), "خطا در بارگذاری فایل")).toBe("خطا در بارگذاری فایل");
    expect(failureText(new Error("boom"), "خطا در شروع گفتگو")).toBe("خطا در شروع گفتگو");
  });
});
