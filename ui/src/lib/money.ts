// The one number formatter of the screens. Amounts arrive as canonical strings ("1500000", "1.235") and are
// reformatted as strings: no float arithmetic ever touches them. Every number a person reads goes through
// faNumber, so the marks below are the only ones on any screen (docs/decisions.md, "Numbers on screen").
import { digitsOnly, toFaDigits } from "./digits";

/**
 * GROUP_SEP is the thousands separator: the Arabic thousands separator, which Vazirmatn draws as a comma.
 */
export const GROUP_SEP = "٬";
/**
 * DECIMAL_SEP is the decimal mark: the slash an Iranian gold invoice writes ("۴/۲۵۰ گرم"). The Persian
 * momayyez (٫) is drawn by Vazirmatn almost like the thousands separator, so "۱٬۰۰۰٫۰۰۰" read as a million.
 */
export const DECIMAL_SEP = "/";
/** EMPTY is shown where a value is missing. */
export const EMPTY = "—";

/**
 * faNumber writes a Latin decimal string as it is read on screen: Persian digits, the integer part grouped
 * by thousands (unless group is false), DECIMAL_SEP for the point. Anything else passes through, so a
 * half-typed "12." stays "۱۲/" in an input.
 */
export function faNumber(latin: string, { group = true } = {}): string {
  const dot = latin.indexOf(".");
  const int = dot < 0 ? latin : latin.slice(0, dot);
  const shown = group ? int.replace(/\d+/, (d) => groupThousands(d)) : int;
  return toFaDigits(dot < 0 ? shown : `${shown}${DECIMAL_SEP}${latin.slice(dot + 1)}`);
}

/** faTyped shows a decimal being typed into an input, ungrouped so the caret stays where it was: "12." → "۱۲/". */
export function faTyped(value: string): string {
  return faNumber(value, { group: false });
}

/** groupThousands puts sep between groups of three digits of a string of Latin digits. */
export function groupThousands(digits: string, sep = GROUP_SEP): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

type Parsed = { negative: boolean; int: string; frac: string };

function parseDecimal(value: string | number | null | undefined): Parsed | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === "" && (m[3] ?? "") === "")) return null;
  const int = m[2].replace(/^0+(?=\d)/, "") || "0";
  return { negative: m[1] === "-", int, frac: m[3] ?? "" };
}

function sign(p: Parsed, latin: string): string {
  return p.negative && /[1-9]/.test(latin) ? "-" + latin : latin;
}

/** formatRial shows a rial amount with Persian digits and grouping and no decimals: "۱٬۵۰۰٬۰۰۰". */
export function formatRial(value: string | number | null | undefined): string {
  const p = parseDecimal(value);
  if (!p) return EMPTY;
  return faNumber(sign(p, p.int));
}

/** rialToToman divides a rial amount by ten on the string, dropping the last digit: "15000" → "1500". */
export function rialToToman(value: string | number | null | undefined): string | null {
  const p = parseDecimal(value);
  if (!p) return null;
  const int = p.int.length > 1 ? p.int.slice(0, -1) : "0";
  return (p.negative && int !== "0" ? "-" : "") + int;
}

/** formatToman shows a rial amount in tomans, grouped, in Persian digits. */
export function formatToman(value: string | number | null | undefined): string {
  return formatRial(rialToToman(value));
}

/** formatGold shows grams with exactly 3 decimals: "1.2" → "۱/۲۰۰". Extra decimals are cut, not rounded. */
export function formatGold(value: string | number | null | undefined): string {
  const p = parseDecimal(value);
  if (!p) return EMPTY;
  return faNumber(sign(p, `${p.int}.${(p.frac + "000").slice(0, 3)}`));
}

/** groupCardNumber splits the digits of a card number into groups of four: "6037 9911 2345 6789" (Latin). */
export function groupCardNumber(value: string): string {
  return digitsOnly(value).replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** formatCardNumber is groupCardNumber in Persian digits, for display. */
export function formatCardNumber(value: string): string {
  return toFaDigits(groupCardNumber(value));
}

/** groupIban splits an IBAN into groups of four characters after removing spaces: "IR06 2960 …". */
export function groupIban(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase().replace(/(.{4})(?=.)/g, "$1 ");
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** formatFileSize writes a file's size for a person: "۲۳۴ کیلوبایت", "۱/۸ مگابایت", "۲/۳ گیگابایت"; an empty file "۰ کیلوبایت". */
export function formatFileSize(bytes: number): string {
  if (!(bytes > 0)) return `${faNumber("0")} کیلوبایت`;
  if (bytes < MB) return `${faNumber(String(Math.max(1, Math.ceil(bytes / 1024))))} کیلوبایت`;
  const one = (n: number) => n.toFixed(1).replace(/\.0$/, "");
  if (bytes < GB) return `${faNumber(one(bytes / MB))} مگابایت`;
  return `${faNumber(one(bytes / GB))} گیگابایت`;
}
