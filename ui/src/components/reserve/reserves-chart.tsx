// Gold owed and gold held over the last days (issue 17), drawn by the price chart's lazily loaded uPlot.
// Time runs left to right as on the price chart; days are labelled in Jalali with Persian digits.
import { useMemo } from "react";
import type uPlot from "uplot";
import type { ReservePoint } from "../../api";
import { useUplot, type UPlotClass } from "../../hooks/use-uplot";
import { formatDayTick, formatGramTick, reserveSeries } from "../../lib/reserves";
import { TEHRAN } from "../../lib/jalali";
import { formatGold } from "../../lib/money";

const COLORS = { owed: "#8a5a00", held: "#2f7d4f", grid: "#efe7d6", text: "#6b6252" };
const FONT = '12px Vazirmatn, Tahoma, "Segoe UI", sans-serif';

function options(U: UPlotClass, width: number, height: number): uPlot.Options {
  const axis = { stroke: COLORS.text, font: FONT, grid: { stroke: COLORS.grid, width: 1 }, ticks: { show: false }, gap: 4 };
  return {
    width,
    height,
    padding: [14, 6, 0, 16],
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    tzDate: (ts) => U.tzDate(new Date(ts * 1000), TEHRAN),
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
    axes: [
      { ...axis, size: 34, space: 70, values: (_u, splits) => splits.map(formatDayTick) },
      { ...axis, side: 1, size: 52, space: 34, values: (_u, splits) => splits.map(formatGramTick) },
    ],
    series: [
      {},
      { label: "owed", stroke: COLORS.owed, width: 2, paths: U.paths.stepped!({ align: 1 }) },
      { label: "held", stroke: COLORS.held, width: 2, dash: [6, 4], paths: U.paths.stepped!({ align: 1 }) },
    ],
  };
}

/** ReservesChart draws owed and held per day; it says so when there is nothing to draw. */
export function ReservesChart({ history, height = 220 }: { history: readonly ReservePoint[]; height?: number }) {
  const data = useMemo(() => reserveSeries(history), [history]);
  const { box, failed, drawn } = useUplot(data, height, (U, d, width, h) => [options(U, width, h), [d.xs, d.owed, d.held]]);

  if (!data) {
    return (
      <p className="chart-empty" data-testid="reserves-chart-empty">
        هنوز سابقه‌ای ثبت نشده است.
      </p>
    );
  }
  const last = data.xs.length - 1;
  const label = `نمودار ${data.xs.length} روز: امروز طلای مشتریان ${formatGold(String(data.owed[last]))} گرم و طلای خزانه ${formatGold(String(data.held[last]))} گرم`;
  return (
    <div className="price-chart" data-testid="reserves-chart" data-drawn={drawn}>
      <ul className="reserves-legend">
        <li>
          <span className="reserves-key reserves-key-owed" aria-hidden="true" />
          طلای مشتریان
        </li>
        <li>
          <span className="reserves-key reserves-key-held" aria-hidden="true" />
          طلای خزانه
        </li>
      </ul>
      <div ref={box} className="chart-canvas" dir="ltr" role="img" aria-label={label} style={{ height: `${height}px` }} />
      {failed && <p className="chart-empty">نمودار بارگذاری نشد؛ اتصال اینترنت را بررسی کنید.</p>}
    </div>
  );
}
