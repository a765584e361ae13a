// Digit helpers: the screen shows Persian digits, the API speaks Latin digits.

const PERSIAN = "۰۱۲۳۴۵۶۷۸۹";
const ARABIC = "٠١٢٣٤٥٦٧٨٩";

/** toFaDigits writes every Latin digit of value as a Persian digit. */
export function toFaDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (d) => PERSIAN[Number(d)]);
}

/** toLatinDigits turns Persian (۰-۹) and Arabic (٠-٩) digits into Latin ones and leaves the rest. */
export function toLatinDigits(value: string): string {
  return value.replace(/[۰-۹٠-٩]/g, (d) => {
    const p = PERSIAN.indexOf(d);
    return String(p >= 0 ? p : ARABIC.indexOf(d));
  });
}

/** digitsOnly keeps the digits of value (any script) as Latin digits: codes, phones, ids, rial amounts. */
export function digitsOnly(value: string): string {
  return toLatinDigits(value).replace(/[^0-9]/g, "");
}

/**
 * normalizeNumber prepares a typed number for the API: digits become Latin, a decimal mark as shown on
 * screen ("/") or the Persian momayyez ("٫") becomes a dot, and anything but digits and the first dot is dropped.
 */
export function normalizeNumber(value: string): string {
  const cleaned = toLatinDigits(value).replace(/[٫\/]/g, ".").replace(/[^0-9.]/g, "");
  const dot = cleaned.indexOf(".");
  if (dot < 0) return cleaned;
  return cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, "");
}
