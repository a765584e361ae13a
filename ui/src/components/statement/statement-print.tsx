// The printable statement of a period (issue 17): the shop's letterhead, the customer, the period, the opening
// balances, every entry oldest first with the balances after it, the period's turnover and the closing
// balances. A printed statement reads from the opening down to the closing, so the rows run oldest first,
// unlike the page's list. statement-print.css lays it on A4 and leaves nothing else on the paper.
import type { ShopInfo, StatementBalances, StatementRange } from "../../api";
import { toFaDigits } from "../../lib/digits";
import { formatJalaliDateTime, type JalaliDate } from "../../lib/jalali";
import { entryStatusLabel, entryTypeLabel } from "../../lib/labels";
import { pageRows } from "../../lib/ledger";
import { formatGold, formatRial } from "../../lib/money";
import { periodText, periodTotals } from "../../lib/statement-range";
import { ShopLogo } from "../shell/logo";
import { StatementAmount } from "./statement-amount";

/** StatementCustomer is who the statement belongs to. */
export type StatementCustomer = { name: string; phone: string };

type Props = {
  data: StatementRange;
  fromDay: JalaliDate;
  toDay: JalaliDate;
  shop: ShopInfo;
  customer: StatementCustomer | null;
  printedAt: Date;
};

/** BalanceBox is one of the two balance boxes over the table. */
function BalanceBox({ title, balances, testid }: { title: string; balances: StatementBalances; testid: string }) {
  return (
    <section className="sd-balance" data-testid={testid}>
      <h3 className="sd-balance-title">{title}</h3>
      <p>
        <span>ریال</span>
        <strong className="num" data-testid={`${testid}-rial`}>{formatRial(balances.rial)}</strong>
      </p>
      <p>
        <span>طلا (گرم)</span>
        <strong className="num" data-testid={`${testid}-gold`}>{formatGold(balances.gold)}</strong>
      </p>
    </section>
  );
}

/** EdgeRow is a row of the balances at one end of the period: only the two balance cells are written. */
function EdgeRow({ label, balances, testid }: { label: string; balances: StatementBalances; testid: string }) {
  return (
    <tr className="sd-edge" data-testid={testid}>
      <th scope="row" colSpan={3}>
        {label}
      </th>
      <td className="is-empty group-start" colSpan={2} />
      <StatementAmount label="مانده طلا (گرم)" value={balances.gold} gold strong />
      <td className="is-empty group-start" colSpan={2} />
      <StatementAmount label="مانده (ریال)" value={balances.rial} strong />
    </tr>
  );
}

/** StatementPrint is the document itself, as it goes on paper. */
export function StatementPrint({ data, fromDay, toDay, shop, customer, printedAt }: Props) {
  const rows = pageRows(data.transactions);
  const totals = periodTotals(data);
  const period = periodText(fromDay, toDay);
  const printed = formatJalaliDateTime(printedAt);
  return (
    <article className="statement-doc" aria-labelledby="statement-doc-title" data-testid="statement-doc">
      <header className="sd-head">
        <div className="sd-shop">
          <ShopLogo size={56} />
          <div>
            <p className="sd-shop-name" data-testid="statement-doc-shop">
              {shop.name}
            </p>
            {shop.address && <p className="sd-shop-line">{toFaDigits(shop.address)}</p>}
            {shop.phones.length > 0 && <p className="sd-shop-line num">{shop.phones.map((p) => toFaDigits(p)).join("، ")}</p>}
          </div>
        </div>
        <h2 id="statement-doc-title" className="sd-title">
          صورتحساب مشتری
        </h2>
      </header>

      <dl className="sd-meta">
        <div>
          <dt>نام مشتری</dt>
          <dd data-testid="statement-doc-customer">{customer?.name || "—"}</dd>
        </div>
        <div>
          <dt>تلفن همراه</dt>
          <dd className="num">{customer ? toFaDigits(customer.phone) : "—"}</dd>
        </div>
        <div>
          <dt>دوره</dt>
          <dd data-testid="statement-doc-period">{period}</dd>
        </div>
        <div>
          <dt>تاریخ چاپ</dt>
          <dd className="num" data-testid="statement-doc-printed">
            {printed}
          </dd>
        </div>
      </dl>

      <div className="sd-balances">
        <BalanceBox title="مانده ابتدای دوره" balances={data.opening} testid="statement-doc-opening" />
        <BalanceBox title="مانده پایان دوره" balances={data.closing} testid="statement-doc-closing" />
      </div>

      {/* between a phone and a desktop the table may be wider than the screen: it scrolls, the page does not */}
      <div className="sd-table-wrap">
        <table className="sd-table">
          <caption className="visually-hidden">{`گردش حساب ${period}، قدیمی‌ترین در بالا`}</caption>
          {/* repeated at the top of every printed page (statement-print.css) */}
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                سند
              </th>
              <th scope="col" rowSpan={2}>
                تاریخ
              </th>
              <th scope="col" rowSpan={2}>
                شرح
              </th>
              <th scope="colgroup" colSpan={3} className="group group-start">
                طلا (گرم)
              </th>
              <th scope="colgroup" colSpan={3} className="group group-start">
                ریال
              </th>
            </tr>
            <tr>
              <th scope="col" className="amt group-start">بدهکار</th>
              <th scope="col" className="amt">بستانکار</th>
              <th scope="col" className="amt">مانده</th>
              <th scope="col" className="amt group-start">بدهکار</th>
              <th scope="col" className="amt">بستانکار</th>
              <th scope="col" className="amt">مانده</th>
            </tr>
          </thead>
          <tbody>
            <EdgeRow label="مانده ابتدای دوره" balances={data.opening} testid="statement-doc-opening-row" />
            {rows.length === 0 && (
              <tr className="sd-none">
                <td colSpan={9}>در این دوره تراکنشی ثبت نشده است.</td>
              </tr>
            )}
            {rows.map(({ entry: e, goldBalance, rialBalance }) => (
              <tr key={e.id} className="sd-row" data-testid="statement-doc-row" data-type={e.type}>
                <td className="num sd-doc" data-label="سند">
                  {toFaDigits(e.id)}
                </td>
                <td className="num sd-date" data-label="تاریخ">
                  {formatJalaliDateTime(e.created_at)}
                </td>
                <td className="sd-desc">
                  <strong>{entryTypeLabel(e.type)}</strong>
                  <span className="sd-status">{` (${entryStatusLabel(e.status)})`}</span>
                  {e.description && <span className="sd-note">{toFaDigits(e.description)}</span>}
                  {e.price_per_gram && <span className="sd-note num">{`قیمت هر گرم: ${formatRial(e.price_per_gram)} ریال`}</span>}
                </td>
                <StatementAmount label="بدهکار طلا (گرم)" value={e.debit_gold} gold first />
                <StatementAmount label="بستانکار طلا (گرم)" value={e.credit_gold} gold />
                <StatementAmount label="مانده طلا (گرم)" value={goldBalance} gold strong />
                <StatementAmount label="بدهکار (ریال)" value={e.debit_rial} first />
                <StatementAmount label="بستانکار (ریال)" value={e.credit_rial} />
                <StatementAmount label="مانده (ریال)" value={rialBalance} strong />
              </tr>
            ))}
            <tr className="sd-sum" data-testid="statement-doc-sum">
              <th scope="row" colSpan={3}>
                {`جمع گردش دوره (${toFaDigits(rows.length)} تراکنش)`}
              </th>
              <StatementAmount label="بدهکار طلا (گرم)" value={totals.debitGold} gold first />
              <StatementAmount label="بستانکار طلا (گرم)" value={totals.creditGold} gold />
              <td className="is-empty" />
              <StatementAmount label="بدهکار (ریال)" value={totals.debitRial} first />
              <StatementAmount label="بستانکار (ریال)" value={totals.creditRial} />
              <td className="is-empty" />
            </tr>
            <EdgeRow label="مانده پایان دوره" balances={data.closing} testid="statement-doc-closing-row" />
          </tbody>
        </table>
      </div>

      <footer className="sd-foot">
        <span>{`چاپ‌شده در ${printed}`}</span>
        <span>{shop.name}</span>
      </footer>
    </article>
  );
}
