// The home screen's price card: the current base price and the last day's moves as a sparkline.
// Home loads this module after its first render, so the card never holds the dashboard up.
import { useEffect, useState } from "react";
import { api, type PricePoint } from "../api";
import { formatRial } from "../lib/money";
import { PriceChart } from "./price-chart";

/** SPARK_REFRESH_MS is how often the card asks again while the page is visible. */
const SPARK_REFRESH_MS = 60_000;

type State = { points: PricePoint[]; current: string | null };

/** PriceSparkline is the card's content; it renders nothing until the first answer and stays quiet on errors. */
export function PriceSparkline() {
  const [state, setState] = useState<State | null>(null);

  useEffect(() => {
    let alive = true;
    const load = async () => {
      if (document.visibilityState === "hidden") return;
      try {
        const points = await api.priceHistory(1);
        // no change in the last day: the price set before it still holds
        const current = points[0]?.price ?? (await api.price()).price;
        // the same answer keeps the drawn chart instead of building it again
        if (alive) setState((s) => (s && s.current === current && JSON.stringify(s.points) === JSON.stringify(points) ? s : { points, current }));
      } catch {
        // the header already says when the price cannot be fetched
      }
    };
    load();
    const t = setInterval(load, SPARK_REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(t);
    };
  }, []);

  if (!state) return null;
  return (
    <section className="card home-price" aria-labelledby="home-price-title" data-testid="home-price">
      <div className="home-price-text">
        <h2 id="home-price-title" className="home-price-label">
          قیمت هر گرم طلای ۱۸ عیار
        </h2>
        {state.current ? (
          <p className="home-price-value">
            <span data-testid="home-price-value">{formatRial(state.current)}</span>
            <span className="amount-unit">ریال</span>
          </p>
        ) : (
          <p className="home-price-value muted">قیمت هنوز اعلام نشده</p>
        )}
        {state.current && <p className="home-price-note">روند ۲۴ ساعت گذشته</p>}
      </div>
      {state.current && (
        <div className="home-price-spark">
          <PriceChart points={state.points} current={state.current} days={1} compact height={64} testid="home-sparkline" />
        </div>
      )}
    </section>
  );
}
