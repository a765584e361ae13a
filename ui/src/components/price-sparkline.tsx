// The price card's sparkline: the last day's moves, asked for again every minute and whenever the live price
// changes, so its last point is always the price the card and the header show.
import { useEffect, useState } from "react";
import { api, type PricePoint } from "../api";
import { PriceChart } from "./price-chart";

/** SPARK_REFRESH_MS is how often the history is asked for again while the page is visible. */
const SPARK_REFRESH_MS = 60_000;
/** SPARK_HEIGHT is the sparkline's height; the card reserves it before the chart code arrives. */
export const SPARK_HEIGHT = 64;

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
        // the same answer keeps the drawn chart instead of building it again
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

  if (!points) return null;
  return <PriceChart points={points} current={current} days={1} compact height={SPARK_HEIGHT} testid="home-sparkline" />;
}
