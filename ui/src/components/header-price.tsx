import { useGoldPrice } from "../hooks/use-gold-price";
import { AnimatedRial } from "./animated-number";

/** PRICE_LABEL is the header's label for the live price. */
export const PRICE_LABEL = "قیمت لحظه‌ای طلا (هر گرم)";

/** HeaderPrice shows the live gold price per gram, green or red for 3 s after a change. */
export function HeaderPrice() {
  const { price, loaded, failed, trend } = useGoldPrice();
  let body;
  if (price !== null) {
    body = (
      <>
        <span className="price-value" data-testid="header-price" data-value={price}>
          <AnimatedRial value={price} />
        </span>
        <span className="price-unit">ریال</span>
      </>
    );
  } else {
    const text = !loaded ? "…" : failed ? "خطا در دریافت قیمت" : "قیمت هنوز اعلام نشده";
    body = (
      <span className="price-empty" data-testid="header-price" data-value="">
        {text}
      </span>
    );
  }
  return (
    <div className={`header-price${trend ? ` trend-${trend}` : ""}`} data-trend={trend ?? ""} aria-live="off">
      <span className="price-label">{PRICE_LABEL}</span>
      <span className="price-line">
        {trend && <span className="price-arrow" aria-hidden="true">{trend === "up" ? "▲" : "▼"}</span>}
        {body}
      </span>
    </div>
  );
}
