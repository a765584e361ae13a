// The top of the trade screen: the customer's buy and sell prices with their grade, and what is free to use.
import { Link } from "wouter";
import type { Balances, MyPrices, TradeType } from "../../api";
import { toFaDigits } from "../../lib/digits";
import { tehranClock } from "../../lib/tehran-clock";
import { EMPTY, formatGold, formatRial } from "../../lib/money";
import { BellIcon } from "../ui/icons";

/** updatedAt writes the Tehran time of the last price: "۱۴:۰۵". */
function updatedAt(value: string | null): string | null {
  if (!value) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const t = tehranClock(d);
  return toFaDigits(`${String(t.hh).padStart(2, "0")}:${String(t.mm).padStart(2, "0")}`);
}

/**
 * TradeMarket shows the prices (the current tab's one marked) and the available balances; before the first
 * answer (prices null) the same card with "…" in place of each figure, so nothing moves when they arrive: the
 * unit sits with the label, and each figure keeps to one line of its own, however long.
 */
export function TradeMarket({ prices, balances, type }: { prices: MyPrices | null; balances: Balances | null; type: TradeType }) {
  const at = updatedAt(prices?.last_updated ?? null);
  const rial = (v: string | null | undefined) => (!prices ? "…" : v ? formatRial(v) : EMPTY);
  return (
    <section className="card trade-market" aria-label="قیمت‌ها و موجودی">
      <div className="trade-prices">
        <div className={`trade-price${type === "buy" ? " is-current" : ""}`}>
          <span className="trade-price-label">
            قیمت خرید هر گرم <span className="trade-price-unit">(ریال)</span>
          </span>
          <span className="trade-price-value" data-testid="trade-buy-price">
            {rial(prices?.buy_price)}
          </span>
        </div>
        <div className={`trade-price${type === "sell" ? " is-current" : ""}`}>
          <span className="trade-price-label">
            قیمت فروش هر گرم <span className="trade-price-unit">(ریال)</span>
          </span>
          <span className="trade-price-value" data-testid="trade-sell-price">
            {rial(prices?.sell_price)}
          </span>
        </div>
      </div>
      <p className={`trade-meta${!prices || prices.is_price_fresh ? "" : " is-stale"}`}>
        <span data-testid="trade-grade">{`سطح قیمت شما: ${prices ? toFaDigits(prices.grade) : "…"}`}</span>
        {at && <span>{`به‌روزرسانی ساعت ${at}`}</span>}
      </p>
      <dl className="trade-balances">
        <div>
          <dt>موجودی ریالی قابل استفاده</dt>
          <dd>
            <span data-testid="trade-available-rial">{balances ? formatRial(balances.available_rial) : "…"}</span> ریال
          </dd>
        </div>
        <div>
          <dt>موجودی طلای قابل استفاده</dt>
          <dd>
            <span data-testid="trade-available-gold">{balances ? formatGold(balances.available_gold) : "…"}</span> گرم
          </dd>
        </div>
      </dl>
      <Link href="/price-alerts_page" className="trade-alert-link" data-testid="trade-alert-link">
        <BellIcon size={18} />
        وقتی قیمت به عدد دلخواهتان رسید خبرتان کنیم
      </Link>
    </section>
  );
}
