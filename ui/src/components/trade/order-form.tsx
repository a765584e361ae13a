// The standing order's form on /orders_page, then its code step: the side, for a buy a rial amount or a
// weight (a sell is by weight), the limit price per gram beside the customer's price now, and the last day it
// may run. The code step says the order in a sentence and what it will hold.
import { useState, type FormEvent } from "react";
import type { Balances, MyPrices } from "../../api";
import { useCodeStep } from "../../hooks/use-code-step";
import { useOffline } from "../../hooks/use-offline";
import { formatGold, formatRial } from "../../lib/money";
import {
  byRial, holdText, ORDER_MESSAGES as M, orderFormError, ordersApi, orderText, SIDE_LABELS, termsOf, untilOptions, type OrderForm as Form,
  type OrderSide,
} from "../../lib/orders";
import { AmountField } from "../ui/amount-field";
import { OfflineNote } from "../shell/offline-banner";
import { TradeWeightField } from "./trade-weight-field";
import { CodeStepForm } from "../security/code-step-form";
import { SelectField } from "../ui/select-field";
import { Button } from "../ui";

/** DEFAULT_DAYS is the day the form offers first: a week from today. */
const DEFAULT_DAYS = 7;

const SIDES = (["buy", "sell"] as const).map((v) => ({ value: v, label: SIDE_LABELS[v] }));
const BY = [
  { value: "rial", label: "مبلغ (ریال)" },
  { value: "gold", label: "وزن (گرم)" },
] as const;

type Props = {
  /** prices and balances are the hints beside the fields; null until they arrive, or when they do not. */
  prices: MyPrices | null;
  balances: Balances | null;
  onPlaced: () => void;
};

/** OrderForm is the form of a new standing order, then its code step. */
export function OrderForm({ prices, balances, onPlaced }: Props) {
  const [days] = useState(() => untilOptions());
  const [f, setF] = useState<Form>(() => ({ side: "buy", by: "rial", rial: "", gold: "", limit: "", until: days[DEFAULT_DAYS].value }));
  const offline = useOffline();
  const step = useCodeStep(ordersApi.place, { asked: M.codeAsked, done: M.placed, failed: M.saveFailed }, () => {
    set({ rial: "", gold: "" });
    onPlaced();
  });
  const { error, setError, busy } = step;
  const set = (part: Partial<Form>) => (setF((old) => ({ ...old, ...part })), setError(null));
  const dayLabel = (value: string) => days.find((d) => d.value === value)?.label ?? value;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = orderFormError(f);
    setError(problem);
    if (!problem && !busy && !offline) void step.send(termsOf(f));
  };
  const asked = step.asked;
  if (asked) {
    return (
      <CodeStepForm step={step} title="تایید سفارش شرطی" confirmLabel="تایید و ثبت سفارش" testid="order">
        <p className="order-sentence">{orderText(asked)}</p>
        <p className="muted small">{`معتبر تا ${dayLabel(asked.until)}؛ تا اجرا یا پایان مهلت، ${holdText(asked)} از موجودی شما نگه داشته می‌شود.`}</p>
      </CodeStepForm>
    );
  }
  const price = prices && (f.side === "buy" ? prices.buy_price : prices.sell_price);
  const problem = orderFormError(f);
  return (
    <form className="card form" onSubmit={submit} noValidate data-testid="order-form">
      <h2 className="section-title">سفارش تازه</h2>
      <p className="muted small">
        وقتی قیمت شما به قیمت هدف رسید، معامله خودکار با همان قیمت انجام می‌شود و به شما خبر می‌دهیم. تا آن زمان مبلغ یا طلای سفارش نگه داشته
        می‌شود. حداکثر ۱۰ سفارش باز.
      </p>
      <Choice legend="نوع سفارش" name="order-side" value={f.side} options={SIDES} onValue={(side) => set({ side: side as OrderSide })} />
      {f.side === "buy" && <Choice legend="خرید بر اساس" name="order-by" value={f.by} options={BY} onValue={(by) => set({ by: by as Form["by"] })} />}
      {byRial(f) ? (
        <AmountField label="مبلغ خرید" digits={f.rial} onDigits={(rial) => set({ rial })} testid="order-rial" />
      ) : (
        <TradeWeightField label={f.side === "buy" ? "وزن طلای خرید" : "وزن طلای فروش"} value={f.gold} onValue={(gold) => set({ gold })} testid="order-gold" />
      )}
      {balances && (
        <p className="field-hint order-hint" data-testid="order-available">
          {f.side === "buy" ? `موجودی ریالی آزاد: ${formatRial(balances.available_rial)} ریال` : `موجودی طلای آزاد: ${formatGold(balances.available_gold)} گرم`}
        </p>
      )}
      <AmountField label="قیمت هدف هر گرم (ریال)" digits={f.limit} onDigits={(limit) => set({ limit })} testid="order-limit" />
      {price && (
        <p className="field-hint order-hint" data-testid="order-price-now">
          {`قیمت ${SIDE_LABELS[f.side]} فعلی شما: ${formatRial(price)} ریال`}
        </p>
      )}
      <SelectField label="معتبر تا" value={f.until} onValue={(until) => set({ until })} options={days} testid="order-until" />
      {!problem && (
        <div className="order-preview" data-testid="order-preview">
          <p className="order-sentence">{orderText(termsOf(f))}</p>
          <p className="small">{`نگه‌داشته‌شده تا اجرا یا پایان مهلت: ${holdText(termsOf(f))}`}</p>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="order-error">
          {error}
        </p>
      )}
      <Button type="submit" className="btn-block" busy={busy} disabled={offline} data-testid="order-submit">
        ثبت سفارش
      </Button>
      <OfflineNote />
    </form>
  );
}

type ChoiceProps = { legend: string; name: string; value: string; options: readonly { value: string; label: string }[]; onValue: (v: string) => void };

/** Choice is one of two or three, as radio buttons drawn like the app's tabs. */
function Choice({ legend, name, value, options, onValue }: ChoiceProps) {
  return (
    <fieldset className="order-choice">
      <legend className="field-label">{legend}</legend>
      <div className="tabs">
        {options.map((o) => (
          <label key={o.value} className="tab">
            <input type="radio" className="visually-hidden" name={name} value={o.value} checked={value === o.value} onChange={() => onValue(o.value)} data-testid={`${name}-${o.value}`} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
