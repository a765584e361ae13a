// One daily trade limit as the owner types it (issue 29): rial grouped by thousands, or grams with three
// decimals; empty is no limit. The grades' table and a customer's dialog draw their figures with it.
import { sanitizeDecimal } from "../../lib/abshodeh";
import { isGold, LIMIT_MESSAGES, type LimitKey } from "../../lib/daily-limits";
import { trimLeadingZeros } from "../../lib/grouped-input";
import { faNumber, faTyped } from "../../lib/money";
import { GroupedField } from "../ui/grouped-field";
import { Field } from "../ui";

type Props = {
  which: LimitKey;
  label: string;
  /** value is the figure as typed: Latin digits (a dot for grams), "" for no limit. */
  value: string;
  onValue: (v: string) => void;
  error?: string;
  hint?: string;
  className?: string;
  testid: string;
};

const groupRial = (d: string) => faNumber(d);

/** DailyLimitField is the input of one figure, with its unit at its end. */
export function DailyLimitField({ which, label, value, onValue, error, hint, className, testid }: Props) {
  const cls = `unit-field${className ? ` ${className}` : ""}`;
  if (!isGold(which)) {
    return (
      <GroupedField
        label={label}
        digits={value}
        onDigits={onValue}
        format={groupRial}
        clean={trimLeadingZeros}
        max={16}
        placeholder={LIMIT_MESSAGES.none}
        error={error}
        hint={hint}
        end={<span className="field-unit">ریال</span>}
        className={cls}
        testid={testid}
      />
    );
  }
  return (
    <Field
      label={label}
      value={faTyped(value)}
      onValue={(v) => onValue(sanitizeDecimal(v, 3))}
      error={error}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      dir="ltr"
      placeholder={LIMIT_MESSAGES.none}
      end={<span className="field-unit">گرم</span>}
      className={cls}
      data-testid={testid}
    />
  );
}
