// A labelled input for digits shown in groups while typing (rial amounts by thousands, cards by four).
// The digits live in the parent as Latin digits; the input shows them grouped, in Persian digits.
import type { ReactNode, ChangeEvent } from "react";
import { useId, useRef } from "react";
import { regroup } from "../../lib/grouped-input";
import { FieldShell, describedBy } from "./field-shell";

type Props = {
  label: string;
  /** digits are the Latin digits the field holds. */
  digits: string;
  onDigits: (digits: string) => void;
  /** format shows digits grouped, in Persian digits. */
  format: (digits: string) => string;
  max?: number;
  clean?: (digits: string) => string;
  error?: string | null;
  hint?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  end?: ReactNode;
  onBlur?: () => void;
  className?: string;
  testid?: string;
};

/** GroupedField is a numeric input whose digits regroup as the person types, the caret staying put. */
export function GroupedField({ label, digits, onDigits, format, max, clean, error, hint, placeholder, disabled, end, onBlur, className: cls, testid }: Props) {
  const id = `g${useId()}`;
  const shown = useRef(format(digits));
  shown.current = format(digits);

  const onInput = (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.currentTarget as HTMLInputElement;
    const r = regroup(el.value, el.selectionStart ?? el.value.length, format, { max, clean, prev: shown.current });
    // written at once: when the digits did not change (a letter typed), no render would fix the text
    el.value = r.text;
    if (document.activeElement === el) el.setSelectionRange(r.caret, r.caret);
    shown.current = r.text;
    onDigits(r.digits);
  };

  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={cls}>
      <input
        id={id}
        className="input"
        value={format(digits)}
        onChange={onInput}
        onBlur={onBlur}
        inputMode="numeric"
        autoComplete="off"
        dir="ltr"
        placeholder={placeholder}
        disabled={disabled}
        {...describedBy(id, error, hint)}
        data-testid={testid}
      />
      {end}
    </FieldShell>
  );
}
