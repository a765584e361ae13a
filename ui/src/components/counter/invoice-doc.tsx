// A counter invoice as it goes on paper (issue 38): the shop, its tax identity, the number and the Tehran date
// and time, the buyer, each line sold (description, weight, purity, gold value, wage, profit, VAT, total) and
// each bought back, the totals, the payments and payouts, the amount in figures and in words, and who recorded
// it. invoice-print.css lays it on an A5 sheet or an 80 mm roll (size); on a narrow screen and on the roll each
// line is a block of its figures, each with its name.
import { useRef } from "react";
import type { Invoice, InvoiceLine, InvoicePayment, ShopInfo } from "../../api";
import { useRollLength } from "../../hooks/use-roll-length";
import { toFaDigits } from "../../lib/digits";
import { formatPurity } from "../../lib/gold-request";
import { buyerName, invoiceLines, invoiceNumber, invoiceStatusLabel, methodLabel } from "../../lib/invoice";
import type { PrintSize } from "../../lib/invoice-path";
import { formatJalaliDateTime } from "../../lib/jalali";
import { formatGold, formatRial } from "../../lib/money";
import { ShopLogo } from "../shell/logo";

type Props = { invoice: Invoice; shop: ShopInfo; size: PrintSize };

const percent = (p: string | undefined) => (p ? `${formatPurity(p)}٪` : "");

/** Cell is a figure of a line, named for the blocks of a narrow page. */
function Cell({ label, children, className = "num amt" }: { label: string; children: string; className?: string }) {
  return (
    <td data-label={label} className={className}>
      {children}
    </td>
  );
}

/** wageNote says how a piece's wage was reckoned: a percent of the gold, or rial per gram. */
function wageNote(l: InvoiceLine): string {
  if (l.kind !== "jewellery") return "";
  if (l.wage_rial_per_gram) return `اجرت هر گرم ${formatRial(l.wage_rial_per_gram)} ریال`;
  return l.wage_percent ? `اجرت ${percent(l.wage_percent)}، سود ${percent(l.profit_percent)}` : "";
}

/** SaleRows are the lines sold. */
function SaleRows({ lines }: { lines: InvoiceLine[] }) {
  return (
    <table className="inv-table" data-testid="invoice-sales">
      <caption className="inv-caption">فروش</caption>
      <thead>
        <tr>
          <th scope="col">شرح</th>
          <th scope="col" className="amt">وزن (گرم)</th>
          <th scope="col" className="amt">عیار</th>
          <th scope="col" className="amt">ارزش طلا</th>
          <th scope="col" className="amt">اجرت</th>
          <th scope="col" className="amt">سود</th>
          <th scope="col" className="amt">مالیات</th>
          <th scope="col" className="amt">جمع (ریال)</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          <tr key={`${l.item_id}-${i}`} data-testid="invoice-line" data-side="sale">
            <td className="inv-desc">
              <strong>{toFaDigits(l.description || "کالای شماره " + l.item_id)}</strong>
              {wageNote(l) && <span className="inv-note">{wageNote(l)}</span>}
              {l.extras > 0 && <span className="inv-note">{`سنگ و متعلقات ${formatRial(l.extras)} ریال`}</span>}
              {l.discount > 0 && <span className="inv-note">{`تخفیف ${formatRial(l.discount)} ریال`}</span>}
            </td>
            <Cell label="وزن (گرم)">{formatGold(l.weight)}</Cell>
            <Cell label="عیار">{formatPurity(l.purity)}</Cell>
            <Cell label="ارزش طلا">{formatRial(l.gold_value)}</Cell>
            <Cell label="اجرت">{formatRial(l.wage)}</Cell>
            <Cell label="سود">{formatRial(l.profit)}</Cell>
            <Cell label="مالیات">{formatRial(l.vat)}</Cell>
            <Cell label="جمع (ریال)" className="num amt inv-total">
              {formatRial(l.total)}
            </Cell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** BuyBackRows are the used gold bought back. */
function BuyBackRows({ lines }: { lines: InvoiceLine[] }) {
  return (
    <table className="inv-table" data-testid="invoice-buybacks">
      <caption className="inv-caption">خرید طلای متفرقه</caption>
      <thead>
        <tr>
          <th scope="col">شرح</th>
          <th scope="col" className="amt">وزن (گرم)</th>
          <th scope="col" className="amt">عیار</th>
          <th scope="col" className="amt">کسر عیار</th>
          <th scope="col" className="amt">وزن ۷۵۰</th>
          <th scope="col" className="amt">مبلغ (ریال)</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          <tr key={i} data-testid="invoice-line" data-side="buy_back">
            <td className="inv-desc">
              <strong>{toFaDigits(l.description)}</strong>
            </td>
            <Cell label="وزن (گرم)">{formatGold(l.weight)}</Cell>
            <Cell label="عیار">{formatPurity(l.purity)}</Cell>
            <Cell label="کسر عیار">{percent(l.deduction_percent) || "—"}</Cell>
            <Cell label="وزن ۷۵۰">{formatGold(l.weight750)}</Cell>
            <Cell label="مبلغ (ریال)" className="num amt inv-total">
              {formatRial(l.total)}
            </Cell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Settled lists the payments or payouts; a wallet_gold payment names its grams, a gold payout the buy-backs' grams. */
function Settled({ title, rows, testid, gold750 }: { title: string; rows: InvoicePayment[]; testid: string; gold750: string }) {
  if (!rows.length) return null;
  return (
    <section className="inv-settled" data-testid={testid}>
      <h3 className="inv-sub">{title}</h3>
      <dl className="inv-kv">
        {rows.map((p, i) => (
          <div key={i}>
            <dt>{methodLabel(p.method)}</dt>
            <dd className="num">
              {p.method === "wallet_gold" && !p.amount
                ? `${formatGold(p.gold || gold750)} گرم طلای ۷۵۰`
                : `${formatRial(p.amount)} ریال${p.gold ? ` (${formatGold(p.gold)} گرم)` : ""}`}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** InvoiceDoc is the invoice itself, as it goes on paper. */
export function InvoiceDoc({ invoice: inv, shop, size }: Props) {
  const { sales, buybacks } = invoiceLines(inv);
  const t = inv.totals;
  const customerPays = inv.net >= 0;
  const tax = [
    ["کد اقتصادی", shop.economic_code],
    ["شناسه ملی", shop.national_id],
    ["کد پستی", shop.postal_code],
  ].filter(([, v]) => v);
  const buyer = inv.customer;
  const doc = useRef<HTMLElement>(null);
  useRollLength(doc, size === "80mm");
  return (
    <article ref={doc} className={`invoice-doc size-${size}${inv.status === "void" ? " is-void" : ""}`} aria-labelledby="invoice-doc-title" data-testid="invoice-doc">
      <header className="inv-head">
        <div className="inv-shop">
          <ShopLogo size={44} />
          <div>
            <p className="inv-shop-name" data-testid="invoice-shop">
              {shop.name}
            </p>
            {shop.address && <p className="inv-line">{toFaDigits(shop.address)}</p>}
            {shop.phones.length > 0 && <p className="inv-line num">{shop.phones.map((p) => toFaDigits(p)).join("، ")}</p>}
            {tax.length > 0 && (
              <p className="inv-line inv-tax" data-testid="invoice-tax">
                {tax.map(([k, v]) => (
                  <span key={k} className="num">{`${k}: ${toFaDigits(v)}`}</span>
                ))}
              </p>
            )}
          </div>
        </div>
        <div className="inv-title-box">
          <h2 id="invoice-doc-title" className="inv-title">
            فاکتور فروش و خرید طلا
          </h2>
          <p className="inv-number num">
            <span>شماره فاکتور </span>
            <bdi dir="ltr" data-testid="invoice-number">
              {invoiceNumber(inv)}
            </bdi>
          </p>
        </div>
      </header>

      {inv.status === "void" && (
        <p className="inv-void" data-testid="invoice-void">
          {`${invoiceStatusLabel(inv.status)}${inv.void ? ` در ${formatJalaliDateTime(inv.void.at)}؛ دلیل: ${toFaDigits(inv.void.reason)}` : ""}`}
        </p>
      )}

      <dl className="inv-meta">
        <div>
          <dt>تاریخ و ساعت</dt>
          <dd className="num" data-testid="invoice-date">
            {formatJalaliDateTime(inv.created_at)}
          </dd>
        </div>
        <div>
          <dt>خریدار</dt>
          <dd data-testid="invoice-buyer">{buyerName(buyer)}</dd>
        </div>
        {buyer?.phone && (
          <div>
            <dt>تلفن همراه</dt>
            <dd className="num">{toFaDigits(buyer.phone)}</dd>
          </div>
        )}
        {buyer?.national_id && (
          <div>
            <dt>کد ملی</dt>
            <dd className="num">{toFaDigits(buyer.national_id)}</dd>
          </div>
        )}
        <div>
          <dt>قیمت هر گرم طلای ۱۸ عیار</dt>
          <dd className="num">{`${formatRial(t.base_price)} ریال`}</dd>
        </div>
        {buybacks.length > 0 && (
          <div>
            <dt>قیمت خرید هر گرم طلای متفرقه</dt>
            <dd className="num">{`${formatRial(t.buy_back_price)} ریال`}</dd>
          </div>
        )}
      </dl>

      <div className="inv-table-wrap">
        {sales.length > 0 && <SaleRows lines={sales} />}
        {buybacks.length > 0 && <BuyBackRows lines={buybacks} />}
      </div>

      <div className="inv-bottom">
        <section className="inv-sums" aria-label="جمع فاکتور">
          <dl className="inv-kv">
            {sales.length > 0 && (
              <div>
                <dt>جمع فروش</dt>
                <dd className="num" data-testid="invoice-sales-total">{`${formatRial(t.sales)} ریال`}</dd>
              </div>
            )}
            {sales.length > 0 && (
              <div>
                <dt>{`مالیات بر ارزش افزوده (${percent(t.vat_percent)} از اجرت و سود)`}</dt>
                <dd className="num" data-testid="invoice-vat">{`${formatRial(t.vat)} ریال`}</dd>
              </div>
            )}
            {buybacks.length > 0 && (
              <div>
                <dt>جمع خرید طلای متفرقه</dt>
                <dd className="num" data-testid="invoice-buybacks-total">{`${formatRial(t.buybacks)} ریال`}</dd>
              </div>
            )}
            <div className="inv-net">
              <dt>{customerPays ? "مبلغ قابل پرداخت" : "مبلغ پرداختی به مشتری"}</dt>
              <dd className="num" data-testid="invoice-net">{`${formatRial(Math.abs(inv.net))} ریال`}</dd>
            </div>
          </dl>
        </section>

        <div className="inv-settlement">
          <Settled title="پرداخت مشتری" rows={inv.payments ?? []} testid="invoice-payments" gold750={t.buybacks750} />
          <Settled title="پرداخت به مشتری" rows={inv.payouts ?? []} testid="invoice-payouts" gold750={t.buybacks750} />
        </div>
      </div>
      <p className="inv-words" data-testid="invoice-words">
        <span>مبلغ به حروف: </span>
        {`${inv.net_words} ریال`}
      </p>

      <footer className="inv-foot">
        <span className="inv-sign">امضای خریدار</span>
        <span className="inv-sign">امضا و مهر فروشگاه</span>
        <span className="inv-recorder" data-testid="invoice-recorder">{`ثبت‌کننده: ${inv.created_by_name || `کارمند شماره ${toFaDigits(inv.created_by)}`}`}</span>
      </footer>
    </article>
  );
}
