// A labelled input for digits shown in groups while typing (rial amounts by thousands, cards by four).
// The digits live in the parent as Latin digits; the input shows them grouped, in Persian digits.
import type { ReactNode, ChangeEvent } from "react";
import { useId, useRef } from "react";
import { regroup } from "../lib/grouped-input";

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

  const msgId = `${id}-msg`;
  return (
    <div className={`field${error ? " has-error" : ""}${cls ? ` ${cls}` : ""}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="field-control">
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
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? msgId : undefined}
          data-testid={testid}
        />
        {end}
      </div>
      {error ? (
        <p id={msgId} className="field-error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={msgId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
