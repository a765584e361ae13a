// The base price over time, drawn by uPlot as a step line (a price holds until the next change).
// Time runs left to right as on any price chart, also inside the right-to-left page; labels are Persian.
import { useEffect, useMemo, useState } from "react";
import type uPlot from "uplot";
import type { PricePoint } from "../../api";
import { formatJalaliDateTime, TEHRAN } from "../../lib/jalali";
import {
  buildSeries,
  DAY,
  formatPriceTick,
  formatTimeTick,
  NO_PRICE,
  readoutIndex,
  stepIndexAt,
  xRange,
  yRange,
  type ChartData,
} from "../../lib/price-chart";
import { formatRial } from "../../lib/money";
import { useUplot, type UPlotClass } from "../../hooks/use-uplot";
import "../../styles/prices.css";

const COLORS = { line: "#a87b14", fill: "rgba(198, 149, 31, 0.14)", grid: "#efe7d6", text: "#6b6252", point: "#835e10" };
const FONT = '12px Vazirmatn, Tahoma, "Segoe UI", sans-serif';
/** LEFT_PAD is the room left of the plot, where the first time label may reach. */
const LEFT_PAD = 10;

let measureCtx: CanvasRenderingContext2D | null = null;

/** labelWidth is the width the price axis needs for its widest label, in CSS pixels. */
function labelWidth(values: string[] | null): number {
  if (!values?.length) return 48;
  measureCtx ??= document.createElement("canvas").getContext("2d");
  if (!measureCtx) return 90;
  measureCtx.font = FONT;
  const widest = Math.max(...values.map((v) => measureCtx!.measureText(v).width));
  return Math.ceil(widest) + 14;
}

type Props = {
  /** points are the history as the API gives it, newest first. */
  points: readonly PricePoint[];
  /** current is the price now, drawn flat when nothing changed inside the window. */
  current?: string | null;
  /** days is the window: with no change inside it the current price is drawn across it; a full chart's x axis spans it. */
  days?: number;
  height?: number;
  /** empty is the text shown when there is nothing to draw. */
  empty?: string;
  testid?: string;
};

function options(U: UPlotClass, data: ChartData, width: number, height: number, onIdx: (i: number | null) => void): uPlot.Options {
  const axis = {
    stroke: COLORS.text,
    font: FONT,
    grid: { stroke: COLORS.grid, width: 1 },
    ticks: { show: false },
    gap: 4,
  };
  return {
    width,
    height,
    padding: [14, 6, 0, LEFT_PAD],
    legend: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    cursor: {
      x: true,
      y: false,
      drag: { x: false, y: false, setScale: false },
      points: { size: 9, fill: COLORS.point, stroke: "#fff", width: 2 },
      dataIdx: (_u, seriesIdx, closest, xValue) => (seriesIdx === 0 ? closest : stepIndexAt(data.xs, xValue)),
    },
    // ticks fall on Tehran hours and midnights
    tzDate: (ts) => U.tzDate(new Date(ts * 1000), TEHRAN),
    scales: {
      // the chart fits its data: a window's left part before the shop's first price would be an empty grid
      x: { time: true, range: () => xRange(data) },
      y: { range: (_u, min, max) => yRange(min, max) },
    },
    axes: [
      {
        ...axis,
        size: 34,
        space: 64,
        // a label centred on a tick at the very start would be cut by the chart's edge: leave it out
        values: (u, splits, _a, _s, incr) =>
          splits.map((s) => {
            const text = formatTimeTick(s, incr);
            return u.valToPos(s, "x") < labelWidth([text]) / 2 - LEFT_PAD ? null : text;
          }),
      },
      { ...axis, side: 1, space: 34, values: (_u, splits) => splits.map(formatPriceTick), size: (_u, values) => labelWidth(values) },
    ],
    series: [
      {},
      {
        stroke: COLORS.line,
        width: 2,
        fill: COLORS.fill,
        paths: U.paths.stepped!({ align: 1 }),
        // a line of one or two points is short: its ends are marked so it never reads as an empty grid
        points: { show: data.xs.length < 3, size: 7, fill: COLORS.line, stroke: COLORS.line },
      },
    ],
    hooks: { setCursor: [(u) => onIdx(u.cursor.idxs?.[1] ?? null)] },
  };
}

/** PriceChart draws the price history; it says so when there is nothing to draw yet. */
export function PriceChart({ points, current, days, height = 240, empty = NO_PRICE, testid = "price-chart" }: Props) {
  const [hover, setHover] = useState<number | null>(null);

  const data = useMemo(() => {
    const now = Math.floor(Date.now() / 1000);
    return buildSeries(points, { now, from: days ? now - days * DAY : undefined, current });
  }, [points, current, days]);

  useEffect(() => setHover(null), [data]);
  const { box, failed, drawn } = useUplot(data, height, (U, d, width, h) => [options(U, d, width, h, setHover), [d.xs, d.ys]]);

  if (!data) {
    return (
      <p className="chart-empty" data-testid={`${testid}-empty`}>
        {empty}
      </p>
    );
  }

  const prices = data.ys;
  const label = `نمودار قیمت: کمترین ${formatRial(String(Math.min(...prices)))} و بیشترین ${formatRial(String(Math.max(...prices)))} ریال`;
  const shown = readoutIndex(data, hover ?? data.xs.length - 1);
  const price = data.ys[shown ?? data.ys.length - 1];

  return (
    <div className="price-chart" data-testid={testid} data-points={data.real} data-drawn={drawn}>
      <p className="chart-readout" aria-live="off" data-testid={`${testid}-readout`}>
        <strong>{formatRial(String(price))}</strong>
        <span className="muted">ریال</span>
        <span className="chart-readout-time">
          {shown === null ? "در تمام این بازه" : `از ${formatJalaliDateTime(new Date(data.xs[shown] * 1000))}`}
        </span>
      </p>
      <div ref={box} className="chart-canvas" dir="ltr" role="img" aria-label={label} style={{ height: `${height}px` }} />
      {failed && <p className="chart-empty">نمودار بارگذاری نشد؛ اتصال اینترنت را بررسی کنید.</p>}
    </div>
  );
}
