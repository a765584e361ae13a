// The last answers of the balances and the prices, kept on the phone with the time they arrived, so that a
// phone without a connection to the shop can still show them, marked as not current. They belong to the
// person logged in: api.ts forgets them when the session ends.
import type { Balances, MyPrices, Price } from "../api-types";
import { toFaDigits } from "./digits";
import { sameTehranDay, tehranClock } from "./tehran-clock";

/** Remembered is what each remembered call answers. */
export type Remembered = { balances: Balances; price: Price; myPrices: MyPrices };

/** LastKnownKey names a remembered call. */
export type LastKnownKey = keyof Remembered;

/** Known is a remembered answer and when it arrived (milliseconds since the epoch). */
export type Known<T> = { at: number; value: T };

const PREFIX = "lastKnown.";

// The fields a screen reads from each answer: a stored value without them is corrupt or from an older
// version, and recalls nothing rather than a screen of "undefined".
const FIELDS: Record<LastKnownKey, string[]> = {
  balances: ["balance_rial", "balance_gold", "available_rial", "available_gold"],
  price: ["price", "is_price_fresh"],
  myPrices: ["buy_price", "sell_price", "is_price_fresh", "trading"],
};

/** remember keeps value as the last answer of key, arrived at at. */
export function remember<K extends LastKnownKey>(key: K, value: Remembered[K], at: number = Date.now()): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ at, value }));
  } catch {
    // storage full or blocked: offline shows nothing instead
  }
}

/** recall is the last answer of key with its time, or null when none (or an unreadable one) is kept. */
export function recall<K extends LastKnownKey>(key: K): Known<Remembered[K]> | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const k = JSON.parse(raw) as { at?: unknown; value?: unknown };
    if (!k || typeof k.at !== "number" || !Number.isFinite(k.at) || k.at <= 0) return null;
    const v = k.value;
    if (!v || typeof v !== "object" || FIELDS[key].some((f) => !(f in v))) return null;
    return { at: k.at, value: v as Remembered[K] };
  } catch {
    return null;
  }
}

/** forgetAll drops every remembered answer (the session ended: the next person must not see them). */
export function forgetAll(): void {
  for (const key of Object.keys(FIELDS)) {
    try {
      localStorage.removeItem(PREFIX + key);
    } catch {
      // nothing stored
    }
  }
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * notCurrentShort is the mark in the header and on the home card, first-load screens that load no calendar:
 * the time the figures arrived if today in Tehran, else only that they are from an earlier day.
 */
export function notCurrentShort(at: number, now: Date = new Date()): string {
  const t = tehranClock(new Date(at));
  if (!sameTehranDay(t, tehranClock(now))) return "به‌روز نیست؛ از روزهای پیش";
  return toFaDigits(`به‌روز نیست؛ ساعت ${pad2(t.hh)}:${pad2(t.mm)}`);
}
