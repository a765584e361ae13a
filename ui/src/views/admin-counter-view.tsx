// «پیشخوان» (/admin-counter_page, issue 38): a walk-in sale, buy-back or trade-in at the shop PC, made for a
// keyboard and a USB barcode scanner. A scanned tag (or a typed tag or item number, then Enter) adds a sale
// line; buy-back lines are weighed in; the figures follow every change, the screen's own at once and the
// server's a moment later; the buyer is a customer found by phone, a walk-in or nobody; the payments or payouts
// show what is left; one key (Ctrl+Enter) or the button records the invoice once (an idempotency key per filled
// invoice; one that takes from the customer's wallet waits for the code texted to them) and opens its printed
// page. The owner also keeps «تنظیمات پیشخوان» here.
import { useEffect, useMemo, useRef, useState } from "react";
import { counterApi } from "../api-counter";
import type { CounterInvoiceBody, CounterLinesBody, CounterTerms, VaultItem } from "../api-types";
import { CounterBuyBackLines } from "../components/counter/counter-buyback-lines";
import { CounterBuyer } from "../components/counter/counter-buyer";
import { CounterItemField } from "../components/counter/counter-item-field";
import { CounterSaleLines } from "../components/counter/counter-sale-lines";
import { CounterSettingsPanel } from "../components/counter/counter-settings-form";
import { CounterCodeStep } from "../components/counter/counter-code-step";
import { CounterSettle } from "../components/counter/counter-settle";
import { CounterTotals } from "../components/counter/counter-totals";
import { CardIcon } from "../components/ui/icons";
import { ListPending } from "../components/ui/list-pending";
import { toast } from "../components/ui/toast";
import { Button, LinkButton, PageHeader } from "../components/ui";
import { useCounterPrice } from "../hooks/use-counter-price";
import { useCounterRecord } from "../hooks/use-counter-record";
import { useLoad } from "../hooks/use-load";
import { useSession } from "../hooks/use-session";
import { buyBackRowOf, checkBuyBack, checkSale, localTotals, saleRowOf, type BuyBackRow, type SaleRow } from "../lib/counter-lines";
import { checkBuyer, checkPayRows, goldRialOf, type Buyer, type PayRow } from "../lib/counter-pay";
import { roleOf } from "../lib/routes";
import "../styles/admin.css";
import "../styles/counter.css";

/** COUNTER_MESSAGES are the screen's own texts (the server's, when it sends one, win). */
const COUNTER_MESSAGES = {
  termsFailed: "خطا در دریافت قیمت روز پیشخوان",
  empty: "کالایی بفروشید یا طلای متفرقه‌ای بخرید، سپس ثبت کنید",
  check: "ردیف‌های مشخص‌شده را بررسی کنید",
  twice: "این کالا در فاکتور هست",
  stale: "قیمت‌ها به‌روز نیستند؛ فاکتور تا به‌روز شدن قیمت پایه ثبت نمی‌شود",
} as const;

/** AdminCounterView is the counter. */
export default function AdminCounterView() {
  const terms = useLoad(() => counterApi.terms(), COUNTER_MESSAGES.termsFailed);
  const owner = roleOf(useSession().user) === "owner";
  return (
    <div className="admin-page wide-screen counter-page stack">
      <PageHeader title="پیشخوان">
        <LinkButton href="/admin-day_page" variant="secondary" className="btn btn-secondary btn-sm counter-open" data-testid="counter-day">
          صندوق روز
        </LinkButton>
      </PageHeader>
      {terms.data ? (
        <Counter terms={terms.data} />
      ) : (
        <ListPending failed={terms.failed} icon={<CardIcon size={40} />} title={COUNTER_MESSAGES.termsFailed} onRetry={terms.reload} />
      )}
      {owner && <CounterSettingsPanel onSaved={terms.reload} />}
    </div>
  );
}

/** Counter is one invoice being made. */
function Counter({ terms }: { terms: CounterTerms }) {
  const [sales, setSales] = useState<SaleRow[]>([]);
  const [buybacks, setBuybacks] = useState<BuyBackRow[]>([]);
  const [buyer, setBuyer] = useState<Buyer>({ mode: "none" });
  const [payments, setPayments] = useState<PayRow[]>([]);
  const [payouts, setPayouts] = useState<PayRow[]>([]);
  const [goldCredit, setGoldCredit] = useState(false);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState("");
  const keys = useRef(0);
  const nextKey = () => ++keys.current;
  const salesNow = useRef(sales);
  salesNow.current = sales;

  const customer = buyer.mode === "customer" ? buyer.customer : null;
  const credit = goldCredit && !!customer && buybacks.length > 0;

  const buyerCheck = checkBuyer(buyer);
  const payCheck = checkPayRows(payments, false, !!customer);
  const payoutCheck = checkPayRows(payouts, true, !!customer);
  // a payment of the customer's gold is priced by the server, at their own sell price: it is asked with the lines
  const goldPayments = customer && payCheck.body.some((p) => p.method === "wallet_gold") ? JSON.stringify(payCheck.body) : "";

  // the lines as the server takes them, or null while one cannot be sent (the screen's figures cover that)
  const linesBody = useMemo<CounterLinesBody | null>(() => {
    if (!sales.length && !buybacks.length) return null;
    const s = sales.map((r) => checkSale(r, terms));
    const b = buybacks.map((r) => checkBuyBack(r));
    if (s.some((x) => Object.keys(x.errors).length) || b.some((x) => !x.body)) return null;
    return {
      sales: s.map((x) => x.body),
      buybacks: b.map((x) => x.body!),
      ...(credit ? { payouts: [{ method: "wallet_gold" as const }] } : {}),
      ...(goldPayments && customer ? { customer: { user_id: customer.id }, payments: JSON.parse(goldPayments) } : {}),
    };
  }, [sales, buybacks, credit, terms, goldPayments, customer]);
  const price = useCounterPrice(linesBody);
  const priced = price.priced && price.key === JSON.stringify(linesBody) ? price.priced : null;
  const local = localTotals(sales, buybacks, terms, credit);
  const net = priced ? BigInt(priced.net) : local.complete && (sales.length || buybacks.length) ? local.net : null;
  const payIn = net !== null && net > 0n;
  const payOut = net !== null && net < 0n && !credit;
  const goldRial = goldRialOf(payments, payCheck.errors, goldPayments ? priced?.payments : undefined);

  const invoiceBody: CounterInvoiceBody | null = linesBody && {
    sales: linesBody.sales,
    buybacks: linesBody.buybacks,
    customer: buyerCheck.body,
    payments: payIn ? payCheck.body : [],
    payouts: credit ? [{ method: "wallet_gold" }] : payOut ? payoutCheck.body : [],
  };
  const refuse = (text: string) => {
    setRefusal(text);
    toast(text, "error", 5000);
  };
  const recording = useCounterRecord(invoiceBody, refuse);

  const addItem = (item: VaultItem): string | null => {
    if (salesNow.current.some((r) => r.item.id === item.id)) return COUNTER_MESSAGES.twice;
    setSales((rows) => [...rows, saleRowOf(item, terms, nextKey())]);
    setRefusal("");
    return null;
  };

  const record = async () => {
    if (recording.busy) return;
    setTried(true);
    setRefusal("");
    if (!sales.length && !buybacks.length) return refuse(COUNTER_MESSAGES.empty);
    const payErrors = payIn ? payCheck.errors : payOut ? payoutCheck.errors : {};
    if (!invoiceBody || Object.keys(buyerCheck.errors).length || Object.keys(payErrors).length) return refuse(COUNTER_MESSAGES.check);
    await recording.record();
  };

  // Ctrl+Enter records from anywhere on the screen, as the button does
  const recordNow = useRef(record);
  recordNow.current = record;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key === "Enter") {
        e.preventDefault();
        void recordNow.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const pricedSales = priced ? priced.lines.filter((l) => l.side === "sale") : null;
  const pricedBuybacks = priced ? priced.lines.filter((l) => l.side === "buy_back") : null;
  const patch = <R extends { key: number }>(set: (f: (rows: R[]) => R[]) => void) => (key: number, p: Partial<R>) =>
    set((rows) => rows.map((r) => (r.key === key ? { ...r, ...p } : r)));

  return (
    <div className="counter-grid">
      <div className="counter-main stack">
        {!terms.is_price_fresh && (
          <p className="card counter-stale" role="alert" data-testid="counter-stale">
            {COUNTER_MESSAGES.stale}
          </p>
        )}
        <CounterItemField onItem={addItem} />
        {sales.length === 0 && <p className="counter-empty">کالایی اضافه نشده است؛ اتیکت کالا را بخوانید.</p>}
        <CounterSaleLines rows={sales} terms={terms} priced={pricedSales} onChange={patch(setSales)} onRemove={(k) => setSales((rows) => rows.filter((r) => r.key !== k))} showErrors={tried} />
        <CounterBuyBackLines
          rows={buybacks}
          terms={terms}
          priced={pricedBuybacks}
          onAdd={() => setBuybacks((rows) => [...rows, buyBackRowOf(terms, nextKey())])}
          onChange={patch(setBuybacks)}
          onRemove={(k) => setBuybacks((rows) => rows.filter((r) => r.key !== k))}
          showErrors={tried}
        />
      </div>
      <aside className="counter-side stack" aria-label="مشتری و پرداخت">
        <CounterBuyer buyer={buyer} onBuyer={setBuyer} errors={buyerCheck.errors} />
        <CounterTotals terms={terms} local={local} priced={priced} pending={price.pending} error={price.key === JSON.stringify(linesBody) ? price.error : ""} />
        {customer && buybacks.length > 0 && (
          <label className="card counter-credit">
            <input type="checkbox" checked={goldCredit} onChange={(e) => setGoldCredit((e.currentTarget as HTMLInputElement).checked)} data-testid="counter-gold-credit" />
            <span>طلای خریداری‌شده به حساب طلای مشتری برود (بی‌پرداخت ریالی)</span>
          </label>
        )}
        {payIn && <CounterSettle net={net} payout={false} rows={payments} onRows={setPayments} errors={tried ? payCheck.errors : {}} goldRial={goldRial} nextKey={nextKey} />}
        {payOut && <CounterSettle net={net} payout rows={payouts} onRows={setPayouts} errors={tried ? payoutCheck.errors : {}} nextKey={nextKey} />}
        <div className="card counter-record">
          {refusal && (
            <p className="counter-error" role="alert" data-testid="counter-refusal">
              {refusal}
            </p>
          )}
          {recording.asked ? (
            <CounterCodeStep
              message={recording.asked.message}
              phone={customer?.phone_number ?? ""}
              code={recording.code}
              onCode={recording.typed}
              error={recording.codeError}
              busy={recording.busy}
              onConfirm={(e) => (e.preventDefault(), void record())}
              resendLeft={recording.resendLeft}
              resending={recording.resending}
              onResend={() => void recording.resend()}
              onBack={recording.back}
            />
          ) : (
            <Button busy={recording.busy} className="btn-block" onClick={() => void record()} data-testid="counter-record">
              ثبت فاکتور و چاپ
            </Button>
          )}
          <p className="counter-note">کلید میانبر: کنترل + اینتر</p>
        </div>
      </aside>
    </div>
  );
}
