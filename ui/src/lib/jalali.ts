// Jalali dates in Tehran time, shown with Persian digits.
import { isValidJalaaliDate, jalaaliMonthLength, toJalaali } from "jalaali-js";
import { toFaDigits, toLatinDigits } from "./digits";
import { TEHRAN, tehranClock } from "./tehran-clock";

export { TEHRAN };

/** JalaliDate is a Jalali calendar day. */
export type JalaliDate = { jy: number; jm: number; jd: number };

/** JALALI_MONTHS names the twelve months, Farvardin first. */
export const JALALI_MONTHS = [
  "فروردین", "اردیبهشت", "خرداد", "تیر", "مرداد", "شهریور",
  "مهر", "آبان", "آذر", "دی", "بهمن", "اسفند",
];

/** MIN_BIRTH_YEAR is the earliest birth year accepted (decisions.md §3). */
export const MIN_BIRTH_YEAR = 1300;
/** ADULT_AGE is the age a customer must have reached. */
export const ADULT_AGE = 18;

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

/** tehranParts gives the Jalali date and the clock time of an instant as seen in Tehran. */
export function tehranParts(at: Date): JalaliDate & { hh: number; mm: number } {
  const { year, month, day, hh, mm } = tehranClock(at);
  return { ...toJalaali(year, month, day), hh, mm };
}

function parseInstant(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** formatJalaliDateTime shows an RFC 3339 timestamp as Tehran "YYYY/MM/DD HH:mm" in Persian digits. */
export function formatJalaliDateTime(value: string | Date | null | undefined): string {
  const d = parseInstant(value);
  if (!d) return "—";
  const t = tehranParts(d);
  return toFaDigits(`${t.jy}/${pad2(t.jm)}/${pad2(t.jd)} ${pad2(t.hh)}:${pad2(t.mm)}`);
}

/** formatJalaliDateTimeShort is formatJalaliDateTime with a two-digit year: "YY/MM/DD HH:mm" (request lists). */
export function formatJalaliDateTimeShort(value: string | Date | null | undefined): string {
  const d = parseInstant(value);
  if (!d) return "—";
  const t = tehranParts(d);
  return toFaDigits(`${pad2(t.jy % 100)}/${pad2(t.jm)}/${pad2(t.jd)} ${pad2(t.hh)}:${pad2(t.mm)}`);
}

/** formatJalaliDate shows the Tehran day of a timestamp as "YYYY/MM/DD" in Persian digits. */
export function formatJalaliDate(value: string | Date | null | undefined): string {
  const d = parseInstant(value);
  if (!d) return "—";
  const t = tehranParts(d);
  return toFaDigits(`${t.jy}/${pad2(t.jm)}/${pad2(t.jd)}`);
}

/** todayJalali is today's date in Tehran. */
export function todayJalali(now: Date = new Date()): JalaliDate {
  const { jy, jm, jd } = tehranParts(now);
  return { jy, jm, jd };
}

/** currentJalaliYear is this year in the Jalali calendar (Tehran). */
export function currentJalaliYear(now: Date = new Date()): number {
  return todayJalali(now).jy;
}

/** compareJalali orders two Jalali dates: negative, zero or positive. */
export function compareJalali(a: JalaliDate, b: JalaliDate): number {
  return a.jy - b.jy || a.jm - b.jm || a.jd - b.jd;
}

/** latestBirthDate is the day 18 years before today: the last birth date of an adult customer. */
export function latestBirthDate(now: Date = new Date()): JalaliDate {
  const t = todayJalali(now);
  const jy = t.jy - ADULT_AGE;
  // 30 Esfand exists only in leap years; the day before is the same age boundary then.
  const jd = Math.min(t.jd, jalaliMonthDays(jy, t.jm));
  return { jy, jm: t.jm, jd };
}

/** jalaliMonthDays is the number of days of a Jalali month. */
export function jalaliMonthDays(jy: number, jm: number): number {
  return jalaaliMonthLength(jy, jm);
}

/** formatJalaliValue writes a Jalali date the way the API takes it: "1370/01/09" (Latin digits, padded). */
export function formatJalaliValue(d: JalaliDate): string {
  return `${d.jy}/${pad2(d.jm)}/${pad2(d.jd)}`;
}

/** parseJalaliValue reads "YYYY/M/D" in any digits (also with - or .); null when it is no real date. */
export function parseJalaliValue(value: string): JalaliDate | null {
  const m = /^(\d{4})[/\-.](\d{1,2})[/\-.](\d{1,2})$/.exec(toLatinDigits(value.trim()));
  if (!m) return null;
  const d = { jy: Number(m[1]), jm: Number(m[2]), jd: Number(m[3]) };
  return isValidJalaaliDate(d.jy, d.jm, d.jd) ? d : null;
}

/** BirthDateCheck is the outcome of checking a typed birth date. */
export type BirthDateCheck =
  | { ok: true; value: string }
  | { ok: false; error: "required" | "format" | "range" | "young"; message: string };

/** BIRTH_DATE_MESSAGES are the Persian texts for each way a birth date can be wrong. */
export const BIRTH_DATE_MESSAGES = {
  required: "لطفاً تاریخ تولد را وارد کنید",
  format: "فرمت تاریخ تولد نامعتبر است (مثال: ۱۳۷۰/۰۱/۰۱)",
  range: "سال تولد باید از ۱۳۰۰ به بعد باشد",
  young: "برای ثبت‌نام باید دست‌کم ۱۸ سال داشته باشید",
} as const;

/**
 * checkBirthDate validates a Jalali birth date "YYYY/MM/DD": a real date from 1300/01/01 up to
 * the day 18 years before today (Tehran). The value it returns is zero-padded with Latin digits.
 */
export function checkBirthDate(input: string, now: Date = new Date()): BirthDateCheck {
  const fail = (error: "required" | "format" | "range" | "young"): BirthDateCheck => ({
    ok: false,
    error,
    message: BIRTH_DATE_MESSAGES[error],
  });
  if (!input.trim()) return fail("required");
  const d = parseJalaliValue(input);
  if (!d) return fail("format");
  if (d.jy < MIN_BIRTH_YEAR) return fail("range");
  if (compareJalali(d, latestBirthDate(now)) > 0) return fail("young");
  return { ok: true, value: formatJalaliValue(d) };
}
