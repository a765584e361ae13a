// Five one-digit boxes for a verification code: numeric keyboard, focus moves on entry and
// delete, a pasted or autofilled code fills every box, Persian and Arabic digits are accepted.
import { useEffect, useRef, type KeyboardEvent, type ClipboardEvent } from "react";
import { digitsOnly, toFaDigits } from "../../lib/digits";
import { CODE_LENGTH } from "../../lib/validate";

export { CODE_LENGTH };

type Props = {
  /** value holds up to 5 Latin digits. */
  value: string;
  onChange: (v: string) => void;
  /** onComplete runs when the fifth digit arrives. */
  onComplete?: (v: string) => void;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  label?: string;
};

/** CodeInput is the 5-box code entry; the boxes read left to right like the code. */
export function CodeInput({ value, onChange, onComplete, error, disabled, autoFocus = true, label = "کد تایید" }: Props) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = value.padEnd(CODE_LENGTH, " ").slice(0, CODE_LENGTH).split("");

  useEffect(() => {
    if (autoFocus) boxes.current[Math.min(value.length, CODE_LENGTH - 1)]?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoFocus]);

  // Focus follows the value when it is cleared from outside (a resend empties the boxes).
  useEffect(() => {
    if (value === "" && boxes.current[0] && document.activeElement !== boxes.current[0]) {
      const inside = boxes.current.includes(document.activeElement as HTMLInputElement);
      if (inside) boxes.current[0].focus();
    }
  }, [value]);

  const set = (next: string, focusAt: number) => {
    const v = next.replace(/\s/g, "").slice(0, CODE_LENGTH);
    // keep the boxes' text in step even when the value itself did not change
    boxes.current.forEach((box, i) => {
      if (box) box.value = v[i] ? toFaDigits(v[i]) : "";
    });
    onChange(v);
    boxes.current[Math.min(focusAt, CODE_LENGTH - 1)]?.focus();
    if (v.length === CODE_LENGTH) onComplete?.(v);
  };

  const fill = (index: number, raw: string) => {
    const old = digits[index] === " " ? "" : toFaDigits(digits[index]);
    // typing after a digit (instead of over it) leaves both in the box: keep the new one
    const typed = old && raw.length > 1 && raw.includes(old) ? raw.replace(old, "") : raw;
    const d = digitsOnly(typed);
    const cur = value.slice(0, CODE_LENGTH);
    if (!d) {
      if (!typed) set(cur.slice(0, index) + cur.slice(index + 1), index);
      else set(cur, index); // a non-digit: put the boxes back as they were
      return;
    }
    if (d.length >= CODE_LENGTH) {
      set(d.slice(0, CODE_LENGTH), CODE_LENGTH - 1);
      return;
    }
    // Boxes fill in order: typing into a later box lands on the first empty one.
    const at = Math.min(index, cur.length);
    const next = (cur.slice(0, at) + d + cur.slice(at + d.length)).slice(0, CODE_LENGTH);
    set(next, at + d.length);
  };

  const onKeyDown = (index: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Backspace") {
      e.preventDefault();
      if (index < value.length) {
        set(value.slice(0, index) + value.slice(index + 1), index);
      } else if (index > 0) {
        set(value.slice(0, index - 1), index - 1);
      }
    } else if (e.key === "ArrowLeft") {
      e.preventDefault();
      boxes.current[Math.min(index + 1, value.length, CODE_LENGTH - 1)]?.focus();
    } else if (e.key === "ArrowRight" && index > 0) {
      e.preventDefault();
      boxes.current[index - 1]?.focus();
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData?.getData("text") ?? "";
    const d = digitsOnly(text);
    if (!d) return;
    e.preventDefault();
    set(d.slice(0, CODE_LENGTH), Math.min(d.length, CODE_LENGTH - 1));
  };

  const errId = "code-input-error";
  return (
    <div className={`code-field${error ? " has-error" : ""}`}>
      <div className="code-boxes" dir="ltr" role="group" aria-label={label} data-testid="code-input">
        {digits.map((ch, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            className="code-box"
            type="text"
            inputMode="numeric"
            pattern="[0-9۰-۹٠-٩]*"
            autoComplete={i === 0 ? "one-time-code" : "off"}
            maxLength={i === 0 ? CODE_LENGTH : 1}
            value={ch === " " ? "" : toFaDigits(ch)}
            disabled={disabled}
            aria-label={`رقم ${toFaDigits(i + 1)} از ${toFaDigits(CODE_LENGTH)}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errId : undefined}
            data-testid={`code-box-${i}`}
            onChange={(e) => fill(i, (e.currentTarget as HTMLInputElement).value)}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={onPaste}
            onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
          />
        ))}
      </div>
      {error && (
        <p id={errId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
