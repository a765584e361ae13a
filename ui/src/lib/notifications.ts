// Pure rules of the customer's notifications (issue 18): which entries still need marking read, how a live
// event changes a shown list, the bell's badge text and the SMS switches in the order the profile shows them.
import type { Notification, NotificationKind, SmsSettings } from "../api-types";
import { toFaDigits } from "./digits";

/** unreadIds lists the ids of the shown entries still unread, so one POST marks exactly what was seen. */
export function unreadIds(items: readonly Notification[]): number[] {
  return items.filter((n) => !n.read).map((n) => n.id);
}

/** markRead returns the list with the given ids (or every entry, for "all") shown as read. */
export function markRead(items: readonly Notification[], ids: readonly number[] | "all"): Notification[] {
  const set = ids === "all" ? null : new Set(ids);
  return items.map((n) => (!n.read && (!set || set.has(n.id)) ? { ...n, read: true } : n));
}

/** addLive puts a live event's item on top, once: a socket may deliver it again after a reconnection. */
export function addLive(items: readonly Notification[], item: Notification): Notification[] {
  return [item, ...items.filter((n) => n.id !== item.id)];
}

/** bellLabel is the bell's accessible name, with the unread count in Persian digits when there is any. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `اعلان‌ها، ${toFaDigits(String(unread))} خوانده‌نشده` : "اعلان‌ها";
}

/** SMS_SWITCHES names the SMS settings in the order and words the profile shows them. */
export const SMS_SWITCHES: readonly { key: keyof SmsSettings; label: string }[] = [
  { key: "deposit", label: "واریز" },
  { key: "withdraw", label: "برداشت" },
  { key: "gold_request", label: "آبشده" },
  { key: "charge", label: "شارژ حساب" },
  { key: "referral", label: "پاداش دعوت" },
  { key: "price_alert", label: "هشدار قیمت" },
  { key: "plan", label: "طرح پس‌انداز" },
  { key: "order", label: "سفارش شرطی" },
];

/** DEFAULT_SMS is the server's default: every event also sends a text message. */
export const DEFAULT_SMS: SmsSettings = {
  deposit: true, withdraw: true, gold_request: true, charge: true, referral: true, price_alert: true, plan: true, order: true,
};

/** NOTIFICATION_KINDS names what each notification is about, in the words of the SMS switches and the list. */
export const NOTIFICATION_KINDS: Record<NotificationKind, string> = {
  deposit_approved: "تایید واریز",
  deposit_rejected: "رد واریز",
  withdraw_paid: "پرداخت برداشت",
  withdraw_rejected: "رد برداشت",
  gold_request_approved: "تایید درخواست آبشده",
  gold_request_ready: "آماده‌شدن آبشده",
  gold_request_delivered: "تحویل آبشده",
  gold_request_rejected: "رد درخواست آبشده",
  charge: "شارژ حساب",
  referral_reward: "پاداش دعوت",
  chat_reply: "پاسخ پشتیبانی",
  price_alert: "هشدار قیمت",
  new_login: "ورود تازه",
  password_changed: "تغییر رمز عبور",
  storage_low: "فضای ذخیره‌سازی",
  plan_bought: "خرید طرح پس‌انداز",
  plan_skipped: "خرید انجام‌نشده طرح",
  order_executed: "اجرای سفارش شرطی",
  order_expired: "پایان مهلت سفارش شرطی",
  second_factor_changed: "تغییر تایید دومرحله‌ای",
  second_factor_failures: "کدهای نادرست تایید دومرحله‌ای",
};
