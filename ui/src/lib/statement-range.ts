// The printed statement's rules (issue 17): which Jalali days it covers by default, how the typed days become
// the query of GET /api/transactions/statement (Tehran days as Gregorian YYYY-MM-DD), and the period's totals.
// The server checks the range too; checking here first keeps the customer on the form with a clear word.
import { toGregorian } from "jalaali-js";
import type { Entry, StatementRange } from "../api";
import { jalaliToIsoDay } from "./admin-filters";
import { toFaDigits } from "./digits";
import { compareJalali, formatJalaliValue, parseJalaliValue, todayJalali, type JalaliDate } from "./jalali";
import { formatUnits, GOLD_SCALE, parseUnits, RIAL_SCALE } from "./ledger";

/** MAX_RANGE_DAYS is the longest period one statement covers, both ends included: a leap year. */
export const MAX_RANGE_DAYS = 366;

/** FIRST_STATEMENT_DAY is the earliest day the range calendar offers. */
export const FIRST_STATEMENT_DAY: JalaliDate = { jy: 1400, jm: 1, jd: 1 };

/** RANGE_MESSAGES are the Persian texts of the range form. */
export const RANGE_MESSAGES = {
  fromRequired: "لطفاً تاریخ شروع را وارد کنید",
  toRequired: "لطفاً تاریخ پایان را وارد کنید",
  badDate: "تاریخ معتبر نیست (مثال: ۱۴۰۴/۰۱/۰۱)",
  startAfterEnd: "تاریخ شروع نمی‌تواند بعد از تاریخ پایان باشد",
  future: "تاریخ پایان نمی‌تواند بعد از امروز باشد",
  tooLong: `بازه صورتحساب حداکثر ${toFaDigits(MAX_RANGE_DAYS)} روز است`,
  failed: "دریافت صورتحساب ناموفق بود",
} as const;

/** RangeForm is what the customer types: two Jalali days "YYYY/MM/DD". */
export type RangeForm = { from: string; to: string };

/** defaultRange is the current Jalali month so far: its first day up to today (Tehran). */
export function defaultRange(now: Date = new Date()): RangeForm {
  const today = todayJalali(now);
  return { from: formatJalaliValue({ ...today, jd: 1 }), to: formatJalaliValue(today) };
}

/** daysIncluded counts the days from a to b, both included (1 when they are the same day). */
export function daysIncluded(a: JalaliDate, b: JalaliDate): number {
  const utc = (d: JalaliDate) => {
    const g = toGregorian(d.jy, d.jm, d.jd);
    return Date.UTC(g.gy, g.gm - 1, g.gd);
  };
  return Math.round((utc(b) - utc(a)) / 86_400_000) + 1;
}

/** RangeCheck is a checked range: the query days and the Jalali days, or which field is wrong and why. */
export type RangeCheck =
  | { ok: true; from: string; to: string; fromDay: JalaliDate; toDay: JalaliDate }
  | { ok: false; field: "from" | "to"; message: string };

/**
 * checkRange validates the typed days: both present and real, from not after to, to not after today and
 * at most MAX_RANGE_DAYS days in all (the server refuses the same, with the same meaning).
 */
export function checkRange(form: RangeForm, now: Date = new Date()): RangeCheck {
  const fail = (field: "from" | "to", message: string): RangeCheck => ({ ok: false, field, message });
  if (!form.from.trim()) return fail("from", RANGE_MESSAGES.fromRequired);
  const f = parseJalaliValue(form.from);
  if (!f) return fail("from", RANGE_MESSAGES.badDate);
  if (!form.to.trim()) return fail("to", RANGE_MESSAGES.toRequired);
  const t = parseJalaliValue(form.to);
  if (!t) return fail("to", RANGE_MESSAGES.badDate);
  if (compareJalali(f, t) > 0) return fail("from", RANGE_MESSAGES.startAfterEnd);
  if (compareJalali(t, todayJalali(now)) > 0) return fail("to", RANGE_MESSAGES.future);
  if (daysIncluded(f, t) > MAX_RANGE_DAYS) return fail("from", RANGE_MESSAGES.tooLong);
  return { ok: true, from: jalaliToIsoDay(f), to: jalaliToIsoDay(t), fromDay: f, toDay: t };
}

/** formatDay shows a Jalali day in Persian digits: "۱۴۰۵/۰۹/۰۱". */
export function formatDay(d: JalaliDate): string {
  return toFaDigits(formatJalaliValue(d));
}

/** periodText is the printed period: "از ۱۴۰۵/۰۹/۰۱ تا ۱۴۰۵/۰۹/۰۵". */
export function periodText(from: JalaliDate, to: JalaliDate): string {
  return `از ${formatDay(from)} تا ${formatDay(to)}`;
}

/**
 * printTitle is the page title while printing: browsers offer it as the PDF's file name, so it names the
 * shop and the period, with "-" between the date parts (a "/" cannot stand in a file name).
 */
export function printTitle(shop: string, from: JalaliDate, to: JalaliDate): string {
  const day = (d: JalaliDate) => formatDay(d).replace(/\//g, "-");
  return `صورتحساب ${shop} ${day(from)} تا ${day(to)}`;
}

/** PeriodTotals are the period's turnover, as canonical strings ("1500000", "1.235"). */
export type PeriodTotals = {
  debitRial: string;
  creditRial: string;
  debitGold: string;
  creditGold: string;
  /** balanced tells whether opening + credits − debits equals the closing the server sent, in both currencies. */
  balanced: boolean;
};

const sum = (entries: readonly Entry[], pick: (e: Entry) => string | null | undefined, scale: number): bigint =>
  entries.reduce((acc, e) => acc + (parseUnits(pick(e), scale) ?? 0n), 0n);

/** periodTotals adds up the period's debits and credits exactly (BigInt units, never floats). */
export function periodTotals(range: StatementRange): PeriodTotals {
  const rows = range.transactions;
  const dr = sum(rows, (e) => e.debit_rial, RIAL_SCALE);
  const cr = sum(rows, (e) => e.credit_rial, RIAL_SCALE);
  const dg = sum(rows, (e) => e.debit_gold, GOLD_SCALE);
  const cg = sum(rows, (e) => e.credit_gold, GOLD_SCALE);
  const at = (v: string, scale: number) => parseUnits(v, scale) ?? 0n;
  const balanced =
    at(range.opening.rial, RIAL_SCALE) + cr - dr === at(range.closing.rial, RIAL_SCALE) &&
    at(range.opening.gold, GOLD_SCALE) + cg - dg === at(range.closing.gold, GOLD_SCALE);
  return {
    debitRial: formatUnits(dr, RIAL_SCALE),
    creditRial: formatUnits(cr, RIAL_SCALE),
    debitGold: formatUnits(dg, GOLD_SCALE),
    creditGold: formatUnits(cg, GOLD_SCALE),
    balanced,
  };
}
