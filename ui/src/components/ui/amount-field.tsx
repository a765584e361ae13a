// The rial amount input of the wallet: digits only, grouped by thousands, with the toman equivalent.
import { trimLeadingZeros } from "../../lib/grouped-input";
import { faNumber, formatToman } from "../../lib/money";
import { GroupedField } from "./grouped-field";

const groupAmount = (d: string) => faNumber(d);

type Props = {
  label: string;
  digits: string;
  onDigits: (digits: string) => void;
  error?: string | null;
  disabled?: boolean;
  testid?: string;
};

/** AmountField is a rial amount with its toman equivalent under it. */
export function AmountField({ label, digits, onDigits, error, disabled, testid }: Props) {
  const hint = digits ? `معادل ${formatToman(digits)} تومان` : "مبلغ را به ریال وارد کنید";
  return (
    <GroupedField
      label={label}
      digits={digits}
      onDigits={onDigits}
      format={groupAmount}
      clean={trimLeadingZeros}
      max={15}
      error={error}
      hint={hint}
      placeholder="۰"
      disabled={disabled}
      end={<span className="field-unit">ریال</span>}
      className="amount-field"
      testid={testid}
    />
  );
}
