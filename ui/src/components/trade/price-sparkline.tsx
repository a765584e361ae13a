// The price card's sparkline: the last day's moves, asked for again every minute and whenever the live price
// changes, so its last point is always the price the card and the header show. It is two SVG paths, not the
// full chart: the home screen never loads the charting library.
import { useEffect, useMemo, useState } from "react";
import { api, type PricePoint } from "../../api";
import { formatRial } from "../../lib/money";
import { buildSeries, DAY, sparkPaths } from "../../lib/price-chart";

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
        // the header already says when prices cannot be fetched
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
  const { line, area } = sparkPaths(data, W, H);
  const label = `روند قیمت در ۲۴ ساعت گذشته: کمترین ${formatRial(String(Math.min(...data.ys)))} و بیشترین ${formatRial(String(Math.max(...data.ys)))} ریال`;
  return (
    <svg className="sparkline" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={label} data-testid="home-sparkline" data-points={data.real}>
      <path className="sparkline-area" d={area} />
      <path className="sparkline-line" d={line} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
