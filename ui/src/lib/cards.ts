// Bank cards and IBANs: grouping for display, the checks a typed number must pass before it is sent,
// and the short mask the admin's request list shows.
import { digitsOnly, toFaDigits } from "./digits";
import { EMPTY, formatCardNumber, groupCardNumber, groupIban } from "./money";

// Grouping lives in money.ts, where the profile already took it from; cards.ts is its home for card work.
export { formatCardNumber, groupCardNumber, groupIban };

/** CARD_LENGTH is the number of digits of an Iranian bank card. */
export const CARD_LENGTH = 16;
/** IBAN_DIGITS is the number of digits after "IR" in an Iranian IBAN (sheba). */
export const IBAN_DIGITS = 24;

/** luhnValid tells whether a string of Latin digits passes the Luhn check every bank card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** cardValid tells whether a card number is 16 digits that pass the Luhn check. */
export function cardValid(digits: string): boolean {
  return digits.length === CARD_LENGTH && luhnValid(digits);
}

/** ibanDigits keeps the digits of a typed or pasted IBAN ("IR06 2960 …", Persian digits too), at most 24. */
export function ibanDigits(value: string): string {
  return digitsOnly(value).slice(0, IBAN_DIGITS);
}

/** ibanValid checks "IR" + 24 digits and the ISO 13616 mod-97 check digits. */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/\s+/g, "").toUpperCase();
  if (!/^IR\d{24}$/.test(s)) return false;
  // move the country code and check digits to the end, letters become numbers (I=18, R=27)
  const numeric = s.slice(4) + "1827" + s.slice(2, 4);
  let rest = 0;
  for (const ch of numeric) rest = (rest * 10 + Number(ch)) % 97;
  return rest === 1;
}

/** formatIban shows an IBAN grouped by four with Persian digits: "IR۰۶ ۲۹۶۰ …" (read left to right). */
export function formatIban(iban: string): string {
  return iban ? toFaDigits(groupIban(iban)) : EMPTY;
}

/** groupIbanDigits groups the digits typed after the fixed "IR" the way a printed IBAN does: "06 2960 0000 …". */
export function groupIbanDigits(digits: string): string {
  return groupIban("IR" + digits).slice(2).trimStart();
}

/**
 * maskBankInfo is the admin's short view of a withdraw's account: the first 4 digits of the card and
 * the last 4 characters of the IBAN, in Persian digits, read left to right ("۶۰۳۷ … ۰۰۰۱"). A missing
 * part is left out; with neither the result is the empty-cell dash.
 */
export function maskBankInfo(card: string | null | undefined, iban: string | null | undefined): string {
  const c = digitsOnly(card ?? "");
  const i = (iban ?? "").replace(/\s+/g, "").toUpperCase();
  const parts: string[] = [];
  if (c.length >= 4) parts.push(c.slice(0, 4));
  if (i.length >= 4) parts.push(i.slice(-4));
  if (parts.length === 0) return EMPTY;
  if (parts.length === 1) return toFaDigits(c.length >= 4 ? `${parts[0]} …` : `… ${parts[0]}`);
  return toFaDigits(parts.join(" … "));
}
