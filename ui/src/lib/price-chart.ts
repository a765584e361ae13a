// Pure helpers of the price chart: the API's history (newest first) as an oldest-first step series,
// the axis labels (Persian digits, Jalali days, Tehran clock), the freshness text and a price change.
// The chart needs numbers: rial prices per gram are far below 2^53, so Number is exact here, and nothing
// computed from these numbers is ever sent back or used as money.
import type { PricePoint } from "../api";
import { toFaDigits } from "./digits";
import { JALALI_MONTHS, tehranParts } from "./jalali";
import { faNumber } from "./money";

/**
 * ChartData is the series uPlot draws: xs in Unix seconds, oldest first, ys the price holding from xs[i].
 * real counts the points that came from the API; after them come the points added to carry the line.
 */
export type ChartData = { xs: number[]; ys: number[]; real: number };

/** DAY is a day in seconds. */
export const DAY = 86400;
/** HOUR is an hour in seconds, the narrowest span a chart shows. */
export const HOUR = 3600;

/** HISTORY_RANGES are the chart's day choices on /prices_page. */
export const HISTORY_RANGES = [
  { days: 1, label: "۱ روز" },
  { days: 7, label: "۷ روز" },
  { days: 30, label: "۳۰ روز" },
  { days: 90, label: "۹۰ روز" },
] as const;

/** NO_PRICE is what a chart says when there is nothing to draw. */
export const NO_PRICE = "هنوز قیمتی ثبت نشده است";

type SeriesOptions = {
  /** now is the chart's end in Unix seconds: a price holds until the next change, so the last one until now. */
  now: number;
  /** from is the window's start in Unix seconds, when the chart shows a fixed window. */
  from?: number;
  /** current is the price now; with no change inside the window it held for the whole window. */
  current?: string | null;
};

function toNumber(price: string | null | undefined): number | null {
  if (price === null || price === undefined || !/^\d+$/.test(String(price).trim())) return null;
  return Number(price);
}

/**
 * buildSeries turns the history (any order, newest first from the API) into an oldest-first step series
 * ending at now. Without a change in the window, the current price (if any) is drawn flat over the window.
 * It is null when there is nothing to draw.
 */
export function buildSeries(points: readonly PricePoint[], { now, from, current }: SeriesOptions): ChartData | null {
  const parsed: { x: number; y: number }[] = [];
  for (const p of points) {
    const y = toNumber(p.price);
    const t = Date.parse(p.at);
    if (y === null || Number.isNaN(t)) continue;
    parsed.push({ x: Math.floor(t / 1000), y });
  }
  parsed.sort((a, b) => a.x - b.x);
  // the API adds the price that held when the window opened: it starts at the window's left edge
  if (from !== undefined) {
    const before = parsed.filter((p) => p.x < from).length;
    if (before > 0) {
      parsed.splice(0, before - 1);
      parsed[0] = { x: from, y: parsed[0].y };
    }
  }

  if (parsed.length === 0) {
    const y = toNumber(current);
    if (y === null) return null;
    return { xs: [from ?? now - DAY, now], ys: [y, y], real: 0 };
  }
  const xs = parsed.map((p) => p.x);
  const ys = parsed.map((p) => p.y);
  const last = xs[xs.length - 1];
  // the last price holds until now; a server clock ahead of ours must not draw backwards
  if (now > last) {
    xs.push(now);
    ys.push(ys[ys.length - 1]);
  }
  return { xs, ys, real: parsed.length };
}

/**
 * xRange is the span the x axis shows: the data, which buildSeries starts at the window's edge when a price held
 * there. A chart never opens on an empty stretch before the shop's first price, and a span of less than an
 * hour (a first price set a moment ago) is widened to the hour ending at the last point.
 */
export function xRange(data: ChartData): [number, number] {
  const first = data.xs[0];
  const last = data.xs[data.xs.length - 1];
  return last - first >= HOUR ? [first, last] : [last - HOUR, last];
}

/** yRange pads the price span so a flat or tiny move still shows as a line inside the plot. */
export function yRange(min: number, max: number): [number, number] {
  const pad = Math.max((max - min) * 0.12, max * 0.002, 1);
  return [Math.max(0, Math.floor(min - pad)), Math.ceil(max + pad)];
}

/** SPARK_TICK is the share of a sparkline's width a price of one instant takes, so that it shows. */
const SPARK_TICK = 0.04;

/** SparkPaths are the SVG paths of a sparkline: the step line and the area under it. */
export type SparkPaths = { line: string; area: string };

/**
 * sparkPaths draws the series as a step line (a price holds until the next change) in a width × height box,
 * scaled by xRange and yRange like the full chart, and the area under it down to the box's bottom.
 */
export function sparkPaths(data: ChartData, width: number, height: number): SparkPaths {
  const [x0, x1] = xRange(data);
  const [y0, y1] = yRange(Math.min(...data.ys), Math.max(...data.ys));
  const r2 = (v: number) => Math.round(v * 100) / 100; // SVG coordinates to the hundredth
  const px = (x: number) => r2(((x - x0) / (x1 - x0)) * width);
  const py = (y: number) => r2(height - ((y - y0) / (y1 - y0)) * height);
  // a series of one instant (a first price set this very second) is drawn as a short level at the right edge
  const start = px(data.xs[0]) < width ? px(data.xs[0]) : r2(width * (1 - SPARK_TICK));
  let line = `M${start} ${py(data.ys[0])}`;
  for (let i = 1; i < data.xs.length; i++) line += `H${px(data.xs[i])}V${py(data.ys[i])}`;
  if (data.xs.every((x) => x === data.xs[0])) line += `H${width}`;
  const area = `${line}V${height}H${start}Z`;
  return { line, area };
}

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
