// The top of the trade screen: the customer's buy and sell prices with their grade, and what is free to use.
import { Link } from "wouter";
import type { Balances, MyPrices, TradeType } from "../api";
import { toFaDigits } from "../lib/digits";
import { tehranParts } from "../lib/jalali";
import { EMPTY, formatGold, formatRial } from "../lib/money";
import { BellIcon } from "./icons";

/** updatedAt writes the Tehran time of the last price: "۱۴:۰۵". */
function updatedAt(value: string | null): string | null {
  if (!value) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const t = tehranParts(d);
  return toFaDigits(`${String(t.hh).padStart(2, "0")}:${String(t.mm).padStart(2, "0")}`);
}

/** TradeMarket shows the prices (the current tab's one marked) and the available balances. */
export function TradeMarket({ prices, balances, type }: { prices: MyPrices; balances: Balances | null; type: TradeType }) {
  const at = updatedAt(prices.last_updated);
  return (
    <section className="card trade-market" aria-label="قیمت‌ها و موجودی">
      <div className="trade-prices">
        <div className={`trade-price${type === "buy" ? " is-current" : ""}`}>
          <span className="trade-price-label">قیمت خرید هر گرم</span>
          <span className="trade-price-line">
            <span className="trade-price-value" data-testid="trade-buy-price">
              {prices.buy_price ? formatRial(prices.buy_price) : EMPTY}
            </span>
            <span className="trade-price-unit">ریال</span>
          </span>
        </div>
        <div className={`trade-price${type === "sell" ? " is-current" : ""}`}>
          <span className="trade-price-label">قیمت فروش هر گرم</span>
          <span className="trade-price-line">
            <span className="trade-price-value" data-testid="trade-sell-price">
              {prices.sell_price ? formatRial(prices.sell_price) : EMPTY}
            </span>
            <span className="trade-price-unit">ریال</span>
          </span>
        </div>
      </div>
      <p className={`trade-meta${prices.is_price_fresh ? "" : " is-stale"}`}>
        <span data-testid="trade-grade">{`سطح قیمت شما: ${toFaDigits(prices.grade)}`}</span>
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
