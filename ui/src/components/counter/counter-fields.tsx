// The counter's small inputs (issue 38), one look for every line: a rial amount grouped as it is typed, a
// percent, and a weight or purity, each in any digits, kept Latin, shown Persian; the line's name says what
// each is, so they carry no hint of their own.
import { sanitizeDecimal } from "../../lib/abshodeh";
import { trimLeadingZeros } from "../../lib/grouped-input";
import { faNumber, faTyped } from "../../lib/money";
import { GroupedField } from "../ui/grouped-field";
import { Field } from "../ui";

const groupAmount = (d: string) => faNumber(d);

type Common = { label: string; error?: string | null; testid: string };

/** RialInput is a rial amount: digits only, grouped by thousands. */
export function RialInput({ label, digits, onDigits, error, testid }: Common & { digits: string; onDigits: (d: string) => void }) {
  return (
    <GroupedField
      label={label}
      digits={digits}
      onDigits={onDigits}
      format={groupAmount}
      clean={trimLeadingZeros}
      max={15}
      error={error}
      placeholder="۰"
      end={<span className="field-unit">ریال</span>}
      className="amount-field counter-input"
      testid={testid}
    />
  );
}

/** DecimalInput is a percent (scale 2, unit ٪), a weight (scale 3, unit گرم) or a purity (scale 2, no unit). */
export function DecimalInput({ label, value, onValue, scale, unit, error, testid }: Common & {
  value: string;
  onValue: (v: string) => void;
  scale: number;
  unit?: string;
}) {
  return (
    <Field
      label={label}
      value={faTyped(value)}
      onValue={(v) => onValue(sanitizeDecimal(v, scale))}
      error={error}
      inputMode="decimal"
      autoComplete="off"
      dir="ltr"
      className={unit ? "unit-field counter-input" : "counter-input"}
      end={unit ? <span className="field-unit">{unit}</span> : undefined}
      data-testid={testid}
    />
  );
}
