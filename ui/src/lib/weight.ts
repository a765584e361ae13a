// A weight of gold as typed and its rounding against rial, shared by the trade form and the standing orders
// (lib/trade.ts re-exports them): grams with up to three decimals held as BigInt milligrams, and the rial a
// weight costs or the weight a rial amount buys at a price per gram, rounded as the server rounds: always in
// the shop's favour, by at most one unit.
import type { TradeType } from "../api";
import { normalizeNumber, toFaDigits } from "./digits";
import { trimLeadingZeros } from "./grouped-input";
import { GOLD_SCALE, parseUnits } from "./ledger";
import { faNumber } from "./money";

/** MG_PER_GRAM is the number of milligrams (sot) in a gram. */
const MG_PER_GRAM = 1000n;

/** WEIGHT_INT_DIGITS caps the whole grams that may be typed (far above any trade limit). */
const WEIGHT_INT_DIGITS = 7;

// ---- rounding ---------------------------------------------------------------

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** goldForRial is the gold in milligrams that rial buys (floor) or takes to sell (ceil) at price per gram. */
export function goldForRial(rial: bigint, price: bigint, type: TradeType): bigint {
  const n = rial * MG_PER_GRAM;
  return type === "buy" ? n / price : ceilDiv(n, price);
}

/** rialForGold is the rial a weight in milligrams costs to buy (ceil) or pays when sold (floor). */
export function rialForGold(mg: bigint, price: bigint, type: TradeType): bigint {
  const n = mg * price;
  return type === "buy" ? ceilDiv(n, MG_PER_GRAM) : n / MG_PER_GRAM;
}

// ---- the weight as typed -------------------------------------------------------

/**
 * sanitizeWeight keeps what may be typed as a weight in grams: digits in any script and one decimal mark
 * (".", "/", "٫" or the "," of some phone keypads) with at most 3 decimals.
 */
export function sanitizeWeight(raw: string): string {
  let v = normalizeNumber(raw.replace(/[,،]/g, "."));
  const dot = v.indexOf(".");
  let int = dot < 0 ? v : v.slice(0, dot);
  int = trimLeadingZeros(int).slice(0, WEIGHT_INT_DIGITS);
  if (dot < 0) return int;
  v = `${int || "0"}.${v.slice(dot + 1, dot + 1 + GOLD_SCALE)}`;
  return v;
}

/** weightMg reads a typed weight as milligrams; null when empty or not a number. */
export function weightMg(value: string): bigint | null {
  if (!value || value === ".") return null;
  return parseUnits(value, GOLD_SCALE);
}

/** weightBreakdown writes milligrams as kilo, gram and sot: "۱ کیلو و ۲۳۴ گرم و ۵۶۰ سوت"; "" for zero. */
export function weightBreakdown(mg: bigint): string {
  if (mg <= 0n) return "";
  const kilo = mg / 1_000_000n;
  const gram = (mg / MG_PER_GRAM) % 1000n;
  const sot = mg % MG_PER_GRAM;
  const parts: string[] = [];
  if (kilo > 0n) parts.push(`${faNumber(kilo.toString())} کیلو`);
  if (gram > 0n) parts.push(`${toFaDigits(gram.toString())} گرم`);
  if (sot > 0n) parts.push(`${toFaDigits(sot.toString())} سوت`);
  return parts.join(" و ");
}
