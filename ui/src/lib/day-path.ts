// Which day the drawer's screen shows (issue 39): its address (?date=, a Tehran day "YYYY-MM-DD"), the day's
// Jalali name and the day before and after. Apart from drawer-day.ts, so the admin panel's notice of the days not
// closed links to them with these few lines.
import { toGregorian, toJalaali } from "jalaali-js";
import { toFaDigits, toLatinDigits } from "./digits";
import { formatJalaliValue, parseJalaliValue, type JalaliDate } from "./jalali";

/** DAY_PATH is the day's screen (the contract of issue 39). */
export const DAY_PATH = "/admin-day_page";

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad2 = (n: number) => String(n).padStart(2, "0");

/** isIsoDay says whether value is a real Gregorian day written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** dayOf reads the page's ?date= (any digits); null when it names no day. */
export function dayOf(search: string): string | null {
  const v = toLatinDigits(new URLSearchParams(search).get("date")?.trim() ?? "");
  return isIsoDay(v) ? v : null;
}

/** dayPath is the day's screen on date; without one, today's. */
export const dayPath = (date?: string) => (date ? `${DAY_PATH}?date=${date}` : DAY_PATH);

/** addDays moves a day by n days on the calendar alone (no clock, no time zone). */
export function addDays(day: string, n: number): string {
  const m = ISO_DAY.exec(day);
  if (!m) return day;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + n)).toISOString().slice(0, 10);
}

/** jalaliOfDay is the Jalali date of a Gregorian day, as the chooser's field takes it: "1405/09/11". */
export function jalaliOfDay(day: string): string {
  const m = ISO_DAY.exec(day);
  if (!m) return "";
  const j = toJalaali(Number(m[1]), Number(m[2]), Number(m[3]));
  return formatJalaliValue({ jy: j.jy, jm: j.jm, jd: j.jd });
}

/** dayOfJalali is the Gregorian day of a typed Jalali date (any digits); null when it is no date. */
export function dayOfJalali(typed: string): string | null {
  const d: JalaliDate | null = parseJalaliValue(typed);
  if (!d) return null;
  const g = toGregorian(d.jy, d.jm, d.jd);
  return `${g.gy}-${pad2(g.gm)}-${pad2(g.gd)}`;
}

/** dayTitle names a day as a heading does: «۱۴۰۵/۰۹/۱۱», with «امروز» for today. */
export function dayTitle(day: string, today: string | null): string {
  const jalali = toFaDigits(jalaliOfDay(day));
  return day === today ? `امروز، ${jalali}` : jalali;
}
