import { useGoldPrice } from "../../hooks/use-gold-price";
import { AnimatedRial } from "../ui/animated-number";
import { NotCurrent } from "../shell/not-current";
import { notCurrentShort } from "../../lib/last-known";

/** PRICE_LABEL is the header's label for the live price. */
export const PRICE_LABEL = "قیمت لحظه‌ای طلا (هر گرم)";
/** STALE_LABEL takes the label's place while the price is older than the shop allows for trading. */
export const STALE_LABEL = "قیمت به‌روز نیست؛ معامله متوقف است";

/**
 * HeaderPrice shows the live gold price per gram, green or red for 3 s after a change, and says when it is stale;
 * offline, the label gives way to when the shown price arrived.
 */
export function HeaderPrice() {
  const { price, fresh, loaded, failed, trend, notCurrentAt } = useGoldPrice();
  const stale = price !== null && !fresh;
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
    <div
      className={`header-price${trend ? ` trend-${trend}` : ""}${stale ? " is-stale" : ""}${notCurrentAt !== null ? " is-not-current" : ""}`}
      data-trend={trend ?? ""}
      aria-live="off"
    >
      <span className="price-label" data-testid="header-price-label">
        {notCurrentAt !== null ? <NotCurrent text={notCurrentShort(notCurrentAt)} /> : stale ? STALE_LABEL : PRICE_LABEL}
      </span>
      <span className="price-line">
        {trend && <span className="price-arrow" aria-hidden="true">{trend === "up" ? "▲" : "▼"}</span>}
        {body}
      </span>
    </div>
  );
}
