// How the counter's invoice is settled (issue 38): the rows of payments (what the customer owes, in any mix of
// cash, the card reader, a transfer, their rial wallet or grams of their gold) or of payouts (what the shop
// owes), each a method and an amount, with what is left shown as they change. A new row starts with what is
// left, so one row settles it all.
import type { PayMethod } from "../../api-types";
import { sanitizeDecimal } from "../../lib/abshodeh";
import { PAYMENT_METHODS, PAYOUT_METHODS, payRowOf, restOf, type PayErrors, type PayRow } from "../../lib/counter-pay";
import { faTyped, formatRial } from "../../lib/money";
import { PlusCircleIcon } from "../ui/icons";
import { SelectField } from "../ui/select-field";
import { Button, Field } from "../ui";
import { RialInput } from "./counter-fields";

type Props = {
  /** net is what the customer owes (positive) or is owed (negative), or null while not known. */
  net: bigint | null;
  /** payout says these rows pay the customer. */
  payout: boolean;
  rows: PayRow[];
  onRows: (rows: PayRow[]) => void;
  errors: PayErrors;
  /** goldRial is each wallet_gold row's rial as the server priced it (the grams at the customer's sell price now). */
  goldRial?: ReadonlyMap<number, bigint>;
  nextKey: () => number;
};

/** restText says what is left: to pay, to pay out, too much, or settled. */
function restText(rest: bigint, payout: boolean): string {
  if (rest === 0n) return "تسویه شد";
  if (rest < 0n) return `${formatRial(String(-rest))} ریال بیشتر از مبلغ فاکتور`;
  return `${formatRial(String(rest))} ریال${payout ? " مانده برای پرداخت به مشتری" : " مانده"}`;
}

/** CounterSettle is the payment or payout rows with what is left. */
export function CounterSettle({ net, payout, rows, onRows, errors, goldRial, nextKey }: Props) {
  const rest = net === null ? null : payout ? restOf(net, [], rows) : restOf(net, rows, [], goldRial);
  const methods = payout ? PAYOUT_METHODS : PAYMENT_METHODS;
  const change = (key: number, patch: Partial<PayRow>) => onRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => onRows([...rows, payRowOf(rows.some((r) => r.method === "cash") ? "card" : "cash", rest ?? 0n, nextKey())]);
  const gold = rows.some((r) => r.method === "wallet_gold");
  return (
    <section className="card counter-settle" aria-labelledby="counter-settle-title" data-testid={payout ? "counter-payouts" : "counter-payments"}>
      <div className="counter-section-head">
        <h2 id="counter-settle-title" className="section-title">
          {payout ? "پرداخت به مشتری" : "دریافت از مشتری"}
        </h2>
        <Button variant="secondary" className="btn-sm" onClick={add} data-testid="counter-pay-add">
          <PlusCircleIcon size={18} />
          {payout ? "افزودن پرداخت" : "افزودن دریافت"}
        </Button>
      </div>
      {rows.length > 0 && (
        <ul className="counter-pay-rows">
          {rows.map((r, i) => (
            <li key={r.key} className="counter-pay-row" data-testid="counter-pay-row">
              <SelectField
                label="روش"
                value={r.method}
                onValue={(v) => change(r.key, { method: v as PayMethod, gold: "" })}
                options={methods}
                testid={`counter-pay-method-${i}`}
              />
              {r.method === "wallet_gold" ? (
                <Field
                  label="مقدار طلا"
                  value={faTyped(r.gold)}
                  onValue={(v) => change(r.key, { gold: sanitizeDecimal(v, 3) })}
                  error={errors[r.key]}
                  hint={goldRial?.has(r.key) ? `${formatRial(String(goldRial.get(r.key)))} ریال به قیمت فروش مشتری` : undefined}
                  inputMode="decimal"
                  autoComplete="off"
                  dir="ltr"
                  className="unit-field counter-input"
                  end={<span className="field-unit">گرم</span>}
                  data-testid={`counter-pay-gold-${i}`}
                />
              ) : (
                <RialInput label="مبلغ" digits={r.amount} onDigits={(amount) => change(r.key, { amount })} error={errors[r.key]} testid={`counter-pay-amount-${i}`} />
              )}
              <Button variant="ghost" className="btn-sm counter-pay-remove" onClick={() => onRows(rows.filter((x) => x.key !== r.key))} aria-label={`حذف ردیف ${i + 1}`} data-testid={`counter-pay-remove-${i}`}>
                حذف
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className={`counter-rest${rest === 0n ? " is-settled" : ""}`} aria-live="polite">
        <span>باقی‌مانده: </span>
        <strong className="num" data-testid="counter-rest">
          {rest === null ? "—" : restText(rest, payout)}
        </strong>
      </p>
      {gold && <p className="counter-note">طلای کیف پول هنگام ثبت به قیمت فروش همان لحظه مشتری فروخته می‌شود؛ مبلغ نوشته‌شده برآورد همین حالا است.</p>}
    </section>
  );
}
