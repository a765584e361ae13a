// The gold weight input of the trade form: grams with up to three decimals, typed in any digits, shown in
// Persian digits with its kilo/gram/sot breakdown under it.
import { faTyped, formatGold } from "../../lib/money";
import { useId, type ChangeEvent } from "react";
import { sanitizeWeight, weightBreakdown, weightMg } from "../../lib/weight";
import { FieldShell, describedBy } from "../ui/field-shell";

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

  const hint = breakdown || `تا سه رقم اعشار؛ هر ${formatGold("0.001")} گرم یک سوت`;
  return (
    <FieldShell id={id} label={label} hint={hint} className="amount-field weight-field" hintTestid={testid && `${testid}-breakdown`}>
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
        {...describedBy(id, null, hint)}
        data-testid={testid}
      />
      <span className="field-unit">گرم</span>
    </FieldShell>
  );
}
