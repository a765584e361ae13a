// What the admin panel says of the server itself (issue 28): its disk low or full, the replica failing, the
// clock stepped back. Pure, so each sentence is tested; the panel shows what this returns.
import type { Replica, ServerClock, Storage, StorageRoom } from "../api-types";
import { toFaDigits } from "./digits";
import { formatJalaliDateTime } from "./jalali";

/** ServerNotice is one warning: its test id, title and sentence; full is the red kind. */
export type ServerNotice = { id: "storage" | "replica" | "clock"; title: string; text: string; full?: boolean };

const megabytes = (bytes: number) => toFaDigits(String(Math.floor(bytes / (1 << 20))));

/** storageNotice warns of the data or backup folder's disk, full first. */
export function storageNotice(s: Storage | null | undefined): ServerNotice | null {
  if (!s) return null;
  const rooms: [string, StorageRoom][] = [["داده‌های فروشگاه", s]];
  if (s.backups) rooms.push(["پشتیبان‌ها", s.backups]);
  const full = rooms.find(([, r]) => r.level === "full");
  if (full) {
    return {
      id: "storage",
      full: true,
      title: "فضای ذخیره‌سازی فروشگاه پر است",
      text: "نوشتن تازه ممکن نیست: مشتریان نمی‌توانند رسید بفرستند یا معامله کنند. پشتیبان‌های قدیمی را پاک کنید یا فضای دیسک را بیشتر کنید.",
    };
  }
  const low = rooms.find(([, r]) => r.level === "low");
  if (!low) return null;
  const [name, room] = low;
  return {
    id: "storage",
    title: "فضای ذخیره‌سازی رو به پایان است",
    text: `از دیسک ${name} ${megabytes(room.free_bytes)} مگابایت از ${megabytes(room.total_bytes)} مگابایت آزاد مانده است. پیش از پر شدن، پشتیبان‌های قدیمی را پاک کنید یا فضای دیسک را بیشتر کنید.`,
  };
}

/**
 * replicaNotice warns of a replica failing for five minutes, with the server's words for why (issue 36); a
 * reason that is not in Persian is never shown as it came.
 */
export function replicaNotice(r: Replica | null | undefined): ServerNotice | null {
  if (!r?.configured || !r.alert) return null;
  const since = r.failing_since ? ` از ${formatJalaliDateTime(r.failing_since)}` : "";
  const why = r.last_error && !/[A-Za-z]/.test(r.last_error) ? `${r.last_error}.` : "دسترسی به مقصد را بررسی کنید؛ جزئیات در گزارش سرور است.";
  return {
    id: "replica",
    title: "نسخه‌برداری زنده از پایگاه داده متوقف شده است",
    text: `رونوشت پایگاه داده${since} به مقصد نمی‌رسد؛ تا برگردد، تغییرات تازه فقط روی همین سرور است. ${why}`,
  };
}

/** clockNotice warns of the server's clock stepped back in the last day. */
export function clockNotice(c: ServerClock | null | undefined): ServerNotice | null {
  if (!c?.alert || !c.stepped_back_at) return null;
  const minutes = toFaDigits(String(Math.max(1, Math.round(c.stepped_back_seconds / 60))));
  return {
    id: "clock",
    title: "ساعت سرور به عقب رفت",
    text: `ساعت سرور در ${formatJalaliDateTime(c.stepped_back_at)} حدود ${minutes} دقیقه به عقب رفت. زمان فروشگاه عقب نرفت و کدها و معاملات درست ماندند؛ ساعت سرور را درست کنید.`,
  };
}
