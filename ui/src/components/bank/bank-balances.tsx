// The shop's rial at its banks against what it owes its customers in rial (issue 17): the newest balance of
// each bank, their total, the customers' rial and the ratio; the form to record a balance; every record.
import type { BankBalance, BankBalances } from "../../api";
import { NARROW_LIST, useMediaQuery } from "../../hooks/use-media-query";
import { formatJalaliDateTimeShort } from "../../lib/jalali";
import { asOfText, ratioText } from "../../lib/reserve-panel";
import { Figure, Rial } from "../ui/amounts";
import { BankBalanceForm } from "./bank-balance-form";
import { DataList, type Column } from "../ui/data-list";

// The bank and its day head a phone's card, one at each end; the amount is the card's field.
const LATEST: Column<BankBalance>[] = [
  { label: "بانک", head: true, className: "strong", cell: (b) => <bdi>{b.bank}</bdi> },
  { label: "تاریخ موجودی", head: true, className: "num muted", cell: (b) => asOfText(b.as_of) },
  { label: "موجودی", className: "num", cell: (b) => <Rial value={b.balance} /> },
];

const HISTORY: Column<BankBalance>[] = [...LATEST, { label: "زمان ثبت", className: "num", cell: (b) => formatJalaliDateTimeShort(b.created_at) }];

/** BankBalancesSection draws the balances; onSaved reloads them after a new record. */
export function BankBalancesSection({ data, busy, onSaved }: { data: BankBalances; busy: boolean; onSaved: () => void }) {
  const narrow = useMediaQuery(NARROW_LIST);
  const latest = data.latest ?? [];
  const items = data.items ?? [];
  return (
    <section className="stack" aria-labelledby="banks-title" data-testid="bank-balances">
      <h2 id="banks-title" className="section-title reserve-section-title">
        پشتوانه ریالی
      </h2>
      <div className="figures">
        <Figure label="جمع موجودی بانک‌ها" tone="rial">
          <Rial value={data.total} testid="bank-total" />
        </Figure>
        <Figure label="بدهی ریالی به مشتریان" tone="rial">
          <Rial value={data.rial_owed} testid="bank-rial-owed" />
        </Figure>
        <Figure label="نسبت پوشش ریالی" tone="in" valueTestid="bank-ratio">
          {ratioText(data.ratio)}
        </Figure>
      </div>

      {latest.length === 0 ? (
        <p className="card muted small" data-testid="bank-empty">
          هنوز موجودی بانکی ثبت نشده است؛ موجودی هر حساب فروشگاه را با تاریخ آن ثبت کنید.
        </p>
      ) : (
        <DataList rows={latest} columns={LATEST} rowKey={(b) => b.id} narrow={narrow} caption="آخرین موجودی هر بانک" busy={busy} testid="bank-latest" rowAttrs={(b) => ({ "data-id": b.id })} />
      )}

      <div className="card">
        <BankBalanceForm banks={latest.map((b) => b.bank)} onSaved={onSaved} />
      </div>

      {items.length > 0 && (
        <>
          <h3 className="section-title reserve-section-title">سابقه موجودی‌ها</h3>
          <DataList rows={items} columns={HISTORY} rowKey={(b) => b.id} narrow={narrow} caption="سابقه موجودی‌های ثبت‌شده" busy={busy} testid="bank-history" rowAttrs={(b) => ({ "data-id": b.id })} />
        </>
      )}
    </section>
  );
}
