// The shop's stock and this month at the counter on the owner's reserve panel (issue 39): the vault by state
// (pieces and bars in stock, used gold waiting for the melter, lots at the melter: each a count and its
// 750-equivalent), and this Jalali month's counter sales, buy-backs, VAT collected and melt losses.
import type { ReservePanel, StockState } from "../../api";
import { toFaDigits } from "../../lib/digits";
import { lossOf } from "../../lib/melts";
import { Figure, Gold, Rial } from "../ui/amounts";
import { LinkButton } from "../ui";
import { MELTS_PATH } from "../../lib/vault-pages";

/** State is one state's tile: its grams, and how many items. */
function State({ label, state, testid }: { label: string; state: StockState; testid: string }) {
  return (
    <Figure label={label} tone="gold" count={state.count} testid={testid}>
      <Gold value={state.weight750} />
    </Figure>
  );
}

/** StockFigures are the panel's stock and month; nothing from a server that sends neither. */
export function StockFigures({ panel }: { panel: ReservePanel }) {
  const { states, month } = panel;
  if (!states && !month) return null;
  const loss = lossOf(month?.melt_loss750);
  return (
    <>
      {states && (
        <section className="stack" aria-labelledby="stock-title" data-testid="reserve-stock">
          <div className="section-head">
            <h2 id="stock-title" className="section-title reserve-section-title">
              موجودی به تفکیک وضعیت (وزن ۷۵۰)
            </h2>
            <LinkButton href={MELTS_PATH} variant="ghost">
              ذوب و ری‌گیری
            </LinkButton>
          </div>
          <div className="figures">
            <State label="در خزانه" state={states.in_stock} testid="reserve-in-stock" />
            <State label="ری‌گیری‌نشده، در انتظار ذوب" state={states.unassayed} testid="reserve-unassayed" />
            <State label="در دست ذوب" state={states.in_melt} testid="reserve-in-melt" />
          </div>
        </section>
      )}
      {month && (
        <section className="stack" aria-labelledby="month-title" data-testid="reserve-month">
          <h2 id="month-title" className="section-title reserve-section-title">
            {`پیشخوان این ماه (از ${toFaDigits(month.from)})`}
          </h2>
          <div className="figures">
            <Figure label="فروش پیشخوان" tone="in" count={month.invoices} testid="reserve-month-sales">
              <Rial value={String(month.sales)} toman />
            </Figure>
            <Figure label="خرید طلای متفرقه" tone="out" testid="reserve-month-buy-backs">
              <Rial value={String(month.buy_backs)} toman />
            </Figure>
            <Figure label="مالیات بر ارزش افزوده دریافتی" tone="rial" testid="reserve-month-vat">
              <Rial value={String(month.vat)} toman />
            </Figure>
            <Figure label={loss?.gain ? "افزایش ذوب" : "کاهش ذوب"} tone={loss?.gain ? "in" : "warn"} count={month.melted_batches} testid="reserve-month-melt">
              <Gold value={(month.melt_loss750 ?? "0").replace(/^-/, "")} testid="reserve-month-loss" />
            </Figure>
          </div>
        </section>
      )}
    </>
  );
}
