// The price card's sparkline: the last day's moves, asked for again every minute and whenever the live price
// changes, so its last point is always the price the card and the header show. It is an SVG polyline over the
// area under it, not the full chart: the home screen never loads the charting library, nor the calendar. A
// price that did not move is a level line across the box with its words, never an empty box or a dot.
import { useEffect, useMemo, useState } from "react";
import { api, type PricePoint } from "../../api";
import { formatRial } from "../../lib/money";
import { buildSeries, DAY, sparkLine } from "../../lib/price-series";

/** SPARK_REFRESH_MS is how often the history is asked for again while the page is visible. */
const SPARK_REFRESH_MS = 60_000;
// the drawing box; the SVG stretches it to the card's width and the height home-price.css holds for it
const W = 300;
const H = 64;

export type SparklineProps = { current: string | null };

/** PriceSparkline draws the last day of prices ending at current. */
export function PriceSparkline({ current }: SparklineProps) {
  const [points, setPoints] = useState<PricePoint[] | null>(null);

  useEffect(() => {
    let alive = true;
    const load = async () => {
      if (document.visibilityState === "hidden") return;
      try {
        const next = await api.priceHistory(1);
        // the same answer keeps the drawn line instead of building it again
        if (alive) setPoints((old) => (old && JSON.stringify(old) === JSON.stringify(next) ? old : next));
      } catch {
        // the header already says when prices cannot be fetched; the card's price is drawn level meanwhile
        if (alive) setPoints((old) => old ?? []);
      }
    };
    void load();
    const t = setInterval(load, SPARK_REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(t);
    };
  }, [current]);

  const data = useMemo(() => {
    if (!points) return null;
    const now = Math.floor(Date.now() / 1000);
    return buildSeries(points, { now, from: now - DAY, current });
  }, [points, current]);

  if (!data) return null;
  const { points: line, area, flat } = sparkLine(data, W, H);
  // the words only where the history says so: a level line drawn for want of an answer claims nothing
  const still = flat && data.real > 0;
  const label = still
    ? `قیمت امروز تغییری نکرده است: ${formatRial(String(data.ys[0]))} ریال`
    : `روند قیمت در ۲۴ ساعت گذشته: کمترین ${formatRial(String(Math.min(...data.ys)))} و بیشترین ${formatRial(String(Math.max(...data.ys)))} ریال`;
  return (
    <>
      <svg className="sparkline" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={label} data-testid="home-sparkline" data-points={data.real} data-flat={flat}>
        {/* a level line alone: an area under it would read as an empty box */}
        {!flat && <path className="sparkline-area" d={area} />}
        <polyline className="sparkline-line" points={line} vectorEffect="non-scaling-stroke" />
      </svg>
      {still && (
        <p className="sparkline-still" aria-hidden="true" data-testid="home-sparkline-still">
          قیمت امروز تغییری نکرده است
        </p>
      )}
    </>
  );
}
