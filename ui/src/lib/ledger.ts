// Running balances of a statement, computed exactly: rial as whole rials and gold as milligrams, both
// BigInt, from the decimal strings the API sends ("1500000", "1.235"). No float ever touches money.
import type { Entry } from "../api";
import { toLatinDigits } from "./digits";

/** RIAL_SCALE is the number of decimals of a rial amount. */
export const RIAL_SCALE = 0;
/** GOLD_SCALE is the number of decimals of a gold weight in grams (milligrams). */
export const GOLD_SCALE = 3;

/**
 * parseUnits reads a decimal string as a whole number of 10^-scale units: ("1.235", 3) → 1235n,
 * ("2", 3) → 2000n. Decimals beyond scale are cut (the API never sends them). Empty, null and
 * anything that is not a plain decimal give null.
 */
export function parseUnits(value: string | number | null | undefined, scale: number): bigint | null {
  if (value === null || value === undefined) return null;
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(toLatinDigits(String(value).trim()));
  if (!m || (m[2] === "" && (m[3] ?? "") === "")) return null;
  const frac = (m[3] ?? "").padEnd(scale, "0").slice(0, scale);
  const units = BigInt((m[2] || "0") + frac);
  return m[1] === "-" ? -units : units;
}

/** formatUnits writes a whole number of 10^-scale units as a canonical decimal string: (1235n, 3) → "1.235". */
export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const int = digits.slice(0, digits.length - scale);
  const body = scale > 0 ? `${int}.${digits.slice(-scale)}` : int;
  return negative ? `-${body}` : body;
}

/** units reads an amount of an entry; a missing amount counts as zero. */
function units(value: string | null | undefined, scale: number): bigint {
  return parseUnits(value, scale) ?? 0n;
}

/** LedgerRow is an entry with the balances right after it, as canonical strings. */
export type LedgerRow = {
  entry: Entry;
  /** rialBalance is the running rial balance: "1500000". */
  rialBalance: string;
  /** goldBalance is the running gold balance in grams: "1.235". */
  goldBalance: string;
};

/**
 * runningBalances walks the entries in the order received (oldest first, docs/api.md) and gives each
 * the balances after it: the sum so far of credit minus debit, per currency.
 */
export function runningBalances(entries: readonly Entry[]): LedgerRow[] {
  let rial = 0n;
  let gold = 0n;
  return entries.map((entry) => {
    rial += units(entry.credit_rial, RIAL_SCALE) - units(entry.debit_rial, RIAL_SCALE);
    gold += units(entry.credit_gold, GOLD_SCALE) - units(entry.debit_gold, GOLD_SCALE);
    return { entry, rialBalance: formatUnits(rial, RIAL_SCALE), goldBalance: formatUnits(gold, GOLD_SCALE) };
  });
}

/**
 * statementRows is how every statement is shown, the customer's and the admin's ledger alike: newest first,
 * as bank apps do, each row with the balances right after it (computed in posting order, then turned round).
 */
export function statementRows(entries: readonly Entry[]): LedgerRow[] {
  return runningBalances(entries).reverse();
}

/** isZero tells whether an amount is missing or zero, so a statement cell can stay blank. */
export function isZero(value: string | null | undefined): boolean {
  return (parseUnits(value, GOLD_SCALE) ?? 0n) === 0n;
}

/**
 * pageRows is how a statement page is shown: the rows as the server sent them (newest first), each with the
 * balances the server gave it, so a page needs none of the rows before it.
 */
export function pageRows(entries: readonly Entry[]): LedgerRow[] {
  return entries.map((entry) => ({ entry, rialBalance: entry.balance_rial ?? "0", goldBalance: entry.balance_gold ?? "0.000" }));
}
