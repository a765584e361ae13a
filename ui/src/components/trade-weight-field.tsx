// The gold weight input of the trade form: grams with up to three decimals, typed in any digits, shown in
// Persian digits with its kilo/gram/sot breakdown under it.
import { faTyped, formatGold } from "../lib/money";
import { useId, type ChangeEvent } from "react";
import { sanitizeWeight, weightBreakdown, weightMg } from "../lib/trade";

type Props = {
  label: string;
  /** value is the sanitized weight in Latin digits ("1.25"), or "". */
  value: string;
  onValue: (v: string) => void;
  disabled?: boolean;
  testid?: string;
};

/** TradeWeightField is a decimal gram input (step 0.001) with its breakdown as the hint. */
export function TradeWeightField({ label, value, onValue, disabled, testid }: Props) {
  const id = `w${useId()}`;
  const mg = weightMg(value);
  const breakdown = mg !== null ? weightBreakdown(mg) : "";

  const onInput = (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.currentTarget as HTMLInputElement;
    const raw = el.value;
    const caret = el.selectionStart ?? raw.length;
    const next = sanitizeWeight(raw);
    const text = faTyped(next);
    // written at once: a refused character leaves the value unchanged, so no render would remove it
    el.value = text;
    if (document.activeElement === el) {
      const at = Math.min(faTyped(sanitizeWeight(raw.slice(0, caret))).length, text.length);
      el.setSelectionRange(at, at);
    }
    onValue(next);
  };

  return (
    <div className="field amount-field weight-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="field-control">
        <input
          id={id}
          className="input"
          value={faTyped(value)}
          onChange={onInput}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          placeholder={formatGold("0")}
          disabled={disabled}
          aria-describedby={`${id}-msg`}
          data-testid={testid}
        />
        <span className="field-unit">گرم</span>
      </div>
      <p id={`${id}-msg`} className="field-hint" data-testid={testid && `${testid}-breakdown`}>
        {breakdown || `تا سه رقم اعشار؛ هر ${formatGold("0.001")} گرم یک سوت`}
      </p>
    </div>
  );
}
