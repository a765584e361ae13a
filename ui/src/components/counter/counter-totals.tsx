// The counter's sums (issue 38): what was sold, bought back and the VAT in it, and the net the customer pays or
// is paid, in figures and (once the server has priced the lines on screen) in words; the screen's own sums
// meanwhile, marked as not yet confirmed, and the server's refusal of the lines when it refuses them.
import type { CounterPriced, CounterTerms } from "../../api-types";
import type { LocalTotals } from "../../lib/counter-lines";
import { formatPurity } from "../../lib/gold-request";
import { formatRial } from "../../lib/money";
import { toFaDigits } from "../../lib/digits";

type Props = {
  terms: CounterTerms;
  local: LocalTotals;
  /** priced is the server's answer for the lines on screen, or null while it has not come. */
  priced: CounterPriced | null;
  pending: boolean;
  error: string;
};

const rial = (v: bigint | number) => `${formatRial(String(v))} ریال`;

/** CounterTotals shows the invoice's sums. */
export function CounterTotals({ terms, local, priced, pending, error }: Props) {
  const t = priced?.totals;
  const net = priced ? BigInt(priced.net) : local.net;
  const known = !!priced || local.complete;
  return (
    <section className="card counter-totals" aria-labelledby="counter-totals-title" data-testid="counter-totals" data-confirmed={priced ? "yes" : "no"}>
      <h2 id="counter-totals-title" className="section-title">
        جمع فاکتور
      </h2>
      <dl className="counter-figures">
        <div>
          <dt>جمع فروش</dt>
          <dd className="num" data-testid="counter-sales-total">{rial(t ? t.sales : local.sales)}</dd>
        </div>
        <div>
          <dt>{`مالیات بر ارزش افزوده (${formatPurity(terms.vat.percent)}٪)`}</dt>
          <dd className="num" data-testid="counter-vat">{rial(t ? t.vat : local.vat)}</dd>
        </div>
        <div>
          <dt>جمع خرید طلای متفرقه</dt>
          <dd className="num" data-testid="counter-buybacks-total">{rial(t ? t.buybacks : local.buybacks)}</dd>
        </div>
        <div className="is-total">
          <dt>{net < 0n ? "پرداختی به مشتری" : "قابل پرداخت مشتری"}</dt>
          <dd className="num" data-testid="counter-net">{known ? rial(net < 0n ? -net : net) : "—"}</dd>
        </div>
      </dl>
      {priced && <p className="counter-words" data-testid="counter-words">{`${priced.net_words} ریال`}</p>}
      <p className="counter-note" aria-live="polite" data-testid="counter-price-state">
        {error ? <span className="counter-error">{error}</span> : pending ? "در حال محاسبه با قیمت روز…" : priced ? "محاسبه با قیمت روز تایید شد" : ""}
      </p>
      <p className="counter-note">
        {`قیمت هر گرم ۱۸ عیار ${rial(terms.base_price)} · خرید طلای متفرقه ${rial(terms.buy_back_price)}${terms.vat.from ? ` · نرخ مالیات از ${toFaDigits(terms.vat.from)}` : ""}`}
      </p>
    </section>
  );
}
