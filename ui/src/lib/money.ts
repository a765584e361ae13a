// Money and weight formatting. Amounts arrive as canonical strings ("1500000", "1.235")
// and are reformatted as strings: no float arithmetic ever touches them.
import { digitsOnly, toFaDigits } from "./digits";

/** GROUP_SEP is the Persian thousands separator. */
export const GROUP_SEP = "٬";
/** DECIMAL_SEP is the Persian decimal separator. */
export const DECIMAL_SEP = "٫";
/** EMPTY is shown where a value is missing. */
export const EMPTY = "—";

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

function sign(p: Parsed, body: string): string {
  const zero = /^[0٬۰]*$/.test(body.replace(/[٫.]/g, ""));
  return p.negative && !zero ? "-" + body : body;
}

/** formatRial shows a rial amount with Persian digits and grouping and no decimals: "۱٬۵۰۰٬۰۰۰". */
export function formatRial(value: string | number | null | undefined): string {
  const p = parseDecimal(value);
  if (!p) return EMPTY;
  return sign(p, toFaDigits(groupThousands(p.int)));
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

/** formatGold shows grams with exactly 3 decimals: "1.2" → "۱٫۲۰۰". Extra decimals are cut, not rounded. */
export function formatGold(value: string | number | null | undefined): string {
  const p = parseDecimal(value);
  if (!p) return EMPTY;
  const frac = (p.frac + "000").slice(0, 3);
  return sign(p, toFaDigits(groupThousands(p.int) + DECIMAL_SEP + frac));
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
