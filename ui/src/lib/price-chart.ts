// Pure helpers of the price chart: the series (lib/price-series.ts, re-exported here for the chart),
// the axis labels (Persian digits, Jalali days, Tehran clock), the freshness text and a price change.
// The chart needs numbers: rial prices per gram are far below 2^53, so Number is exact here, and nothing
// computed from these numbers is ever sent back or used as money.
import { toFaDigits } from "./digits";
import { JALALI_MONTHS, tehranParts } from "./jalali";
import { faNumber } from "./money";
import { DAY, type ChartData } from "./price-series";

export { buildSeries, DAY, HOUR, xRange, yRange, type ChartData } from "./price-series";

/** HISTORY_RANGES are the chart's day choices on /prices_page. */
export const HISTORY_RANGES = [
  { days: 1, label: "۱ روز" },
  { days: 7, label: "۷ روز" },
  { days: 30, label: "۳۰ روز" },
  { days: 90, label: "۹۰ روز" },
] as const;

/** NO_PRICE is what a chart says when there is nothing to draw. */
export const NO_PRICE = "هنوز قیمتی ثبت نشده است";

/** stepIndexAt is the index of the price holding at x: the last point at or before it (0 before the first). */
export function stepIndexAt(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  if (hi < 0 || x < xs[0]) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (xs[mid] <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** readoutIndex is the API point behind series index i: the added end point stands for the last real one. */
export function readoutIndex(data: ChartData, i: number): number | null {
  if (data.real === 0) return null;
  return Math.min(i, data.real - 1);
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * formatTimeTick labels an x axis tick in Tehran time: "۱۴:۳۰" between days when ticks are hours apart,
 * else the Jalali day and month, "۱۲ مهر".
 */
export function formatTimeTick(sec: number, incrSec: number): string {
  const t = tehranParts(new Date(sec * 1000));
  const midnight = t.hh === 0 && t.mm === 0;
  if (incrSec < DAY && !midnight) return toFaDigits(`${pad2(t.hh)}:${pad2(t.mm)}`);
  return `${toFaDigits(t.jd)} ${JALALI_MONTHS[t.jm - 1]}`;
}

/** formatPriceTick labels a y axis tick: whole rials, grouped, Persian digits. */
export function formatPriceTick(value: number): string {
  const n = Math.round(value);
  return faNumber(String(n));
}

/** formatAge says how long ago an instant was, in Persian: "همین حالا", "۵ دقیقه پیش", "۲ ساعت پیش", "۳ روز پیش". */
export function formatAge(at: string | null | undefined, now: Date = new Date()): string {
  if (!at) return "";
  const t = Date.parse(at);
  if (Number.isNaN(t)) return "";
  const minutes = Math.floor((now.getTime() - t) / 60000);
  if (minutes < 1) return "همین حالا";
  if (minutes < 60) return `${toFaDigits(minutes)} دقیقه پیش`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${toFaDigits(hours)} ساعت پیش`;
  return `${toFaDigits(Math.floor(hours / 24))} روز پیش`;
}

/** PriceChange is how far a new price is from the current one. */
export type PriceChange = { direction: "up" | "down"; percent: string; large: boolean };

/** LARGE_CHANGE_PERCENT is the move from the current price past which the confirmation warns. */
export const LARGE_CHANGE_PERCENT = 5;

/**
 * priceChange compares two rial prices (Latin digit strings) exactly with BigInt: the direction and the
 * percentage with one decimal in Persian digits. Null when either is missing or zero, or they are equal.
 */
export function priceChange(current: string | null | undefined, next: string | null | undefined): PriceChange | null {
  if (!current || !next || !/^\d+$/.test(current) || !/^\d+$/.test(next)) return null;
  const a = BigInt(current);
  const b = BigInt(next);
  if (a === 0n || a === b) return null;
  const diff = b > a ? b - a : a - b;
  // tenths of a percent, rounded half up
  const tenths = (diff * 2000n + a) / (2n * a);
  const whole = tenths / 10n;
  const frac = tenths % 10n;
  const percent = faNumber(frac === 0n ? String(whole) : `${whole}.${frac}`);
  return { direction: b > a ? "up" : "down", percent, large: diff * 100n >= BigInt(LARGE_CHANGE_PERCENT) * a };
}
