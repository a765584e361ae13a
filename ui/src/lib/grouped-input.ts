// Inputs that show digits in groups while the person types (amounts by thousands, cards by four): the
// typed text is reduced to digits, regrouped, and the caret put back after the digit it followed.
import { digitsOnly } from "./digits";

/** Regrouped is an input's new state: its digits (Latin), the text to show, and the caret. */
export type Regrouped = { digits: string; text: string; caret: number };

const DIGIT = /[0-9۰-۹]/;

/** caretAfterDigit is the position just after the n-th digit of text (0 for n = 0). */
export function caretAfterDigit(text: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (DIGIT.test(text[i]) && ++seen === n) return i + 1;
  }
  return text.length;
}

/**
 * regroup turns what is in the input now (raw, caret) into grouped text. prev is the text shown before
 * this edit: when a delete removed only a separator, the digit before it goes too, as a person expects.
 * max caps the number of digits; clean may drop digits (leading zeros of an amount).
 */
export function regroup(
  raw: string,
  caret: number,
  format: (digits: string) => string,
  opts: { max?: number; prev?: string; clean?: (digits: string) => string } = {},
): Regrouped {
  let before = digitsOnly(raw.slice(0, caret)).length;
  let digits = digitsOnly(raw);
  if (opts.prev !== undefined && raw.length < opts.prev.length && digits === digitsOnly(opts.prev) && before > 0) {
    digits = digits.slice(0, before - 1) + digits.slice(before);
    before--;
  }
  const cleaned = opts.clean ? opts.clean(digits) : digits;
  before = Math.max(0, before - (digits.length - cleaned.length));
  digits = cleaned.slice(0, opts.max ?? Infinity);
  const text = format(digits);
  return { digits, text, caret: caretAfterDigit(text, Math.min(before, digits.length)) };
}

/** trimLeadingZeros drops the zeros an amount cannot start with ("007" → "7", "0" stays). */
export function trimLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, "");
}
