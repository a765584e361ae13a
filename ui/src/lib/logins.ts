// The logins a person can see and end (issue 27), on the security screen: the calls, loaded with that screen
// (off the first load, as second-factor-api.ts), and how a login reads there: Persian digits, Jalali times.
import { request } from "../api";
import type { Message } from "../api-types";
import { toFaDigits } from "./digits";
import { formatJalaliDateTime } from "./jalali";

/** Login is one device signed in to the account (GET /api/users/me/logins); device is Persian already. */
export type Login = {
  id: number;
  device: string;
  address: string;
  created_at: string;
  last_used_at: string;
  /** current is the login of this very browser. */
  current: boolean;
};

/** loginsApi lists the caller's logins and ends one of them, or every one but this. */
export const loginsApi = {
  list: () => request<{ logins: Login[] }>("GET", "/api/users/me/logins"),
  /** end ends one login; ending this browser's own is signing out. */
  end: (id: number) => request<Message>("DELETE", `/api/users/me/logins/${id}`),
  endOthers: () => request<Message & { ended: number }>("DELETE", "/api/users/me/logins"),
};

/** LOGIN_TEXTS are the words of the logins section not sent by the server. */
export const LOGIN_TEXTS = {
  title: "دستگاه‌های واردشده",
  intro: "این دستگاه‌ها اکنون با حساب شما وارد شده‌اند. اگر دستگاهی را نمی‌شناسید، ورود آن را ببندید و رمز عبور را تغییر دهید.",
  current: "همین دستگاه",
  end: "بستن",
  endOthers: "بستن همه دستگاه‌های دیگر",
  loadFailed: "خطا در دریافت دستگاه‌های واردشده",
  endFailed: "خطا در بستن ورود دستگاه",
  ended: "ورود آن دستگاه بسته شد",
  endedOthers: "ورود همه دستگاه‌های دیگر بسته شد",
  signedOut: "از حساب کاربری خارج شدید",
  onlyThis: "جز همین دستگاه، دستگاه دیگری وارد نشده است.",
  unknownAddress: "نامشخص",
} as const;

/** orderLogins puts this browser's login first, then the others most recently used first (as the server sends them). */
export function orderLogins(logins: readonly Login[]): Login[] {
  const used = (l: Login) => Date.parse(l.last_used_at) || 0;
  return [...logins].sort((a, b) => Number(b.current) - Number(a.current) || used(b) - used(a) || b.id - a.id);
}

/** otherLogins counts the logins that are not this browser's. */
export function otherLogins(logins: readonly Login[]): number {
  return logins.filter((l) => !l.current).length;
}

/** loginAddress is where a login was last used from, in Persian digits; none known reads «نامشخص». */
export function loginAddress(address: string): string {
  return address.trim() ? toFaDigits(address.trim()) : LOGIN_TEXTS.unknownAddress;
}

/** loginTimes are when a login signed in and was last used, as Tehran Jalali date and time in Persian digits. */
export function loginTimes(l: Login): { signedIn: string; lastUsed: string } {
  return { signedIn: formatJalaliDateTime(l.created_at), lastUsed: formatJalaliDateTime(l.last_used_at) };
}

/** endQuestion is the confirm dialog's question before one login is ended. */
export function endQuestion(l: Login): string {
  return `ورود «${l.device}» (آی‌پی ${loginAddress(l.address)}) بسته شود؟ آن دستگاه برای ادامه باید دوباره وارد شود.`;
}

/** endOthersQuestion is the confirm dialog's question before every other login is ended. */
export function endOthersQuestion(others: number): string {
  return `ورود ${toFaDigits(others)} دستگاه دیگر بسته شود؟ آن دستگاه‌ها برای ادامه باید دوباره وارد شوند؛ همین دستگاه وارد می‌ماند.`;
}
