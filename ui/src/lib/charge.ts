// The admin's manual charge amount (admin.md §5): what may be typed, how it is shown, and the check before
// the confirmation. Rial is a whole number and gold has at most three decimals; both are read exactly
// by ledger.ts, never as a float.
import { digitsOnly, normalizeNumber } from "./digits";
import { trimLeadingZeros } from "./grouped-input";
import { formatUnits, GOLD_SCALE, parseUnits, RIAL_SCALE } from "./ledger";
import { faNumber, faTyped } from "./money";

/** ChargeType is the unit of a manual charge. */
export type ChargeType = "rial" | "gold";

/** CHARGE_MESSAGES are the manual charge's validation texts (admin.md §5). */
export const CHARGE_MESSAGES = {
  required: "مقدار شارژ را وارد کنید",
  notPositive: "مقدار شارژ باید بیشتر از صفر باشد",
  goldDecimals: "وزن طلا حداکثر سه رقم اعشار دارد",
  rialWhole: "مبلغ ریالی باید عدد صحیح باشد",
} as const;

/**
 * sanitizeAmount keeps what may be typed into the charge amount: for rial digits only, for gold
 * digits and one decimal point with at most 3 decimals. Persian and Arabic digits become Latin.
 */
export function sanitizeAmount(raw: string, type: ChargeType): string {
  if (type === "rial") return trimLeadingZeros(digitsOnly(raw));
  let v = normalizeNumber(raw);
  const dot = v.indexOf(".");
  if (dot >= 0) v = v.slice(0, dot + 1 + GOLD_SCALE);
  if (v.startsWith(".")) v = "0" + v;
  return trimLeadingZeros(v);
}

/** displayAmount shows a sanitized amount in the field: rial grouped, gold as typed. */
export function displayAmount(value: string, type: ChargeType): string {
  return type === "rial" ? faNumber(value) : faTyped(value);
}

/** ChargeAmount is the outcome of checking a typed charge amount. */
export type ChargeAmount = { ok: true; value: string } | { ok: false; message: string };

/** checkChargeAmount validates a typed amount and returns it in canonical form ("1500000", "1.250"). */
export function checkChargeAmount(input: string, type: ChargeType): ChargeAmount {
  const v = normalizeNumber(input.trim());
  if (!v || v === ".") return { ok: false, message: CHARGE_MESSAGES.required };
  const shape = type === "rial" ? /^\d+$/ : /^\d*(\.\d{0,3})?$/;
  if (!shape.test(v)) return { ok: false, message: type === "rial" ? CHARGE_MESSAGES.rialWhole : CHARGE_MESSAGES.goldDecimals };
  const scale = type === "rial" ? RIAL_SCALE : GOLD_SCALE;
  const units = parseUnits(v, scale) ?? 0n;
  return units > 0n ? { ok: true, value: formatUnits(units, scale) } : { ok: false, message: CHARGE_MESSAGES.notPositive };
}
