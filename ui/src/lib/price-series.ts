// The base price over time as numbers to draw: the API's history (newest first) as an oldest-first step
// series, the spans an axis shows, and the home card's sparkline as an SVG polyline. Apart from price-chart.ts
// (the full chart's labels, with the Jalali calendar) so that the home screen, which draws only the sparkline,
// loads neither the calendar nor the chart's words. Rial prices per gram are far below 2^53, so Number is
// exact here, and nothing computed from these numbers is ever sent back or used as money.
import type { PricePoint } from "../api";

/**
 * ChartData is the series drawn: xs in Unix seconds, oldest first, ys the price holding from xs[i].
 * real counts the points that came from the API; after them come the points added to carry the line.
 */
export type ChartData = { xs: number[]; ys: number[]; real: number };

/** DAY is a day in seconds. */
export const DAY = 86400;
/** HOUR is an hour in seconds, the narrowest span a chart shows. */
export const HOUR = 3600;

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

/**
 * SparkLine is a sparkline to draw: the points of its polyline ("x,y x,y …"), the path of the area under it,
 * and whether the price did not move (one price, or the same price all along).
 */
export type SparkLine = { points: string; area: string; flat: boolean };

/**
 * sparkLine draws the series as a step line (a price holds until the next change) across a width × height box,
 * its span from the first point to the last and its prices padded by yRange as the full chart's, with the area
 * under it down to the box's bottom. A price that did not move is a level line across the whole box, never a dot
 * or a stub at one edge; moves within one instant keep a short stretch at the right edge, so that they show.
 */
export function sparkLine(data: ChartData, width: number, height: number): SparkLine {
  const r2 = (v: number) => Math.round(v * 100) / 100; // SVG coordinates to the hundredth
  const lo = Math.min(...data.ys);
  const hi = Math.max(...data.ys);
  const [y0, y1] = yRange(lo, hi);
  const py = (y: number) => r2(height - ((y - y0) / (y1 - y0)) * height);
  const at: [number, number][] = [];
  const flat = lo === hi;
  if (flat) {
    at.push([0, py(lo)], [width, py(lo)]);
  } else {
    // the box is the series' own span, however short (a shop's first minutes): the moves, not an empty hour
    const x0 = data.xs[0];
    const x1 = data.xs[data.xs.length - 1];
    const px = (x: number) => (x1 > x0 ? r2(((x - x0) / (x1 - x0)) * width) : width);
    const start = x1 > x0 ? 0 : r2(width * (1 - SPARK_TICK));
    at.push([start, py(data.ys[0])]);
    const to = (x: number, y: number) => {
      const [lx, ly] = at[at.length - 1];
      if (x !== lx || y !== ly) at.push([x, y]);
    };
    for (let i = 1; i < data.xs.length; i++) {
      const x = Math.max(start, px(data.xs[i]));
      to(x, py(data.ys[i - 1]));
      to(x, py(data.ys[i]));
    }
  }
  const points = at.map(([x, y]) => `${x},${y}`).join(" ");
  return { points, area: `M${at.map(([x, y]) => `${x} ${y}`).join("L")}V${height}H${at[0][0]}Z`, flat };
}
