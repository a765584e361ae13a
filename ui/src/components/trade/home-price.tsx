// The home screen's price card. Its text comes from the shared live price (the header's own poll), so the two
// never disagree; the sparkline, with the chart code, loads once the page is done (afterIdle) into a box that
// already has its height, so nothing below the card moves when it arrives.
import type { ComponentType } from "react";
import { useEffect, useState } from "react";
import { useGoldPrice } from "../../hooks/use-gold-price";
import { afterIdle, track } from "../../lib/after-idle";
import { formatRial } from "../../lib/money";
import { NotCurrent } from "../shell/not-current";
import { notCurrentShort } from "../../lib/last-known";
import type { SparklineProps } from "./price-sparkline";
import "../../styles/home-price.css";

/** HomePrice is the price card: the base price per gram and the last day's moves. */
export function HomePrice() {
  const { price, loaded, failed, notCurrentAt } = useGoldPrice();
  const [Spark, setSpark] = useState<ComponentType<SparklineProps> | null>(null);
  useEffect(() => afterIdle(() => {
    track(import("./price-sparkline")).then((m) => setSpark(() => m.PriceSparkline)).catch(() => undefined);
  }), []);

  const text = price !== null ? formatRial(price) : !loaded ? "…" : failed ? "خطا در دریافت قیمت" : "قیمت هنوز اعلام نشده";
  return (
    <section className="card home-price" aria-labelledby="home-price-title" data-testid="home-price">
      <div className={`home-price-text${notCurrentAt !== null ? " is-not-current" : ""}`}>
        <h2 id="home-price-title" className="home-price-label">
          قیمت هر گرم طلای ۱۸ عیار
        </h2>
        <p className={`home-price-value${price === null ? " muted" : ""}`}>
          <span data-testid="home-price-value" data-value={price ?? ""}>
            {text}
          </span>
          {price !== null && <span className="amount-unit">ریال</span>}
        </p>
        {notCurrentAt !== null ? <NotCurrent text={notCurrentShort(notCurrentAt)} /> : <p className="home-price-note">روند ۲۴ ساعت گذشته</p>}
      </div>
      <div className="home-price-spark">{Spark && price !== null && <Spark current={price} />}</div>
    </section>
  );
}
