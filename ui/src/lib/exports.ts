// The owner's CSV exports (issue 17) without the screen: the four files and their Persian names, the range the
// screen opens with (this Jalali month so far), and a picked Jalali range checked and turned into the Tehran
// days the server takes, written Gregorian (docs/decisions.md, "Exports").
import type { ExportName } from "../api";
import { FILTER_MESSAGES, jalaliToIsoDay } from "./admin-filters";
import { compareJalali, formatJalaliValue, parseJalaliValue, todayJalali } from "./jalali";

/** EXPORTS are the files the owner may download, in the order the screen lists them. */
export const EXPORTS: readonly { name: ExportName; label: string }[] = [
  { name: "trades", label: "معاملات" },
  { name: "wallet-requests", label: "درخواست‌های کیف پول" },
  { name: "gold-requests", label: "درخواست‌های آبشده" },
  { name: "customers", label: "مشتریان" },
];

/** EXPORT_MESSAGES are the range errors; a bad or reversed day reads as in the admin lists' filters. */
export const EXPORT_MESSAGES = {
  required: "تاریخ را وارد کنید",
  badDate: FILTER_MESSAGES.badDate,
  startAfterEnd: FILTER_MESSAGES.startAfterEnd,
} as const;

// A Gregorian day typed by mistake ("2026/11/26") is a real Jalali day six centuries ahead: refused as a bad
// day rather than sent, as the server refuses a Jalali day sent as Gregorian.
const YEARS = { min: 1300, max: 1499 };

/** JalaliRange is what the two date fields hold, as typed ("1405/09/01"). */
export type JalaliRange = { from: string; to: string };

/** defaultRange is the current Jalali month so far: its first day to today, in Tehran. */
export function defaultRange(now: Date = new Date()): JalaliRange {
  const today = todayJalali(now);
  return { from: formatJalaliValue({ ...today, jd: 1 }), to: formatJalaliValue(today) };
}

/** RangeCheck is the range as the server's days, or the field that is wrong and why. */
export type RangeCheck =
  | { ok: true; from: string; to: string }
  | { ok: false; field: "from" | "to"; message: string };

/** exportRange checks both days (both required, from not after to) and writes them Gregorian YYYY-MM-DD. */
export function exportRange(range: JalaliRange): RangeCheck {
  const day = (field: "from" | "to") => {
    const typed = range[field].trim();
    if (!typed) return { field, message: EXPORT_MESSAGES.required } as const;
    const d = parseJalaliValue(typed);
    if (!d || d.jy < YEARS.min || d.jy > YEARS.max) return { field, message: EXPORT_MESSAGES.badDate } as const;
    return d;
  };
  const from = day("from");
  if ("message" in from) return { ok: false, ...from };
  const to = day("to");
  if ("message" in to) return { ok: false, ...to };
  if (compareJalali(from, to) > 0) return { ok: false, field: "from", message: EXPORT_MESSAGES.startAfterEnd };
  return { ok: true, from: jalaliToIsoDay(from), to: jalaliToIsoDay(to) };
}

/** exportFileName is the name the browser saves a file under, as the server's Content-Disposition names it. */
export function exportFileName(name: ExportName, from: string, to: string): string {
  return `goldshop-${name}-${from}-${to}.csv`;
}
