// The counter's pricing (issue 38), a mirror of rules/counter.go so the counter screen shows an invoice's
// figures as the lines are typed; the server prices the same lines again and its answer is the one recorded.
// Every figure is whole rials rounded half up once, from the rounded figures before it: gold, then wage from
// the gold, profit from gold and wage, VAT from wage and profit. Weights are BigInt milligrams, purity BigInt
// hundredths of a thousandth ("750.00" is 75000n) and percents BigInt hundredths of a percent (7 % is 700n).
import { normalizeNumber, toLatinDigits } from "./digits";
import { parseUnits } from "./ledger";

/** MAX_PERCENT_BP is the highest percent typed on the counter: 100 %. */
export const MAX_PERCENT_BP = 10_000n;

/** SaleKind is what the counter sells: a made piece carries wage, profit and VAT; the rest are exempt. */
export type SaleKind = "jewellery" | "bar" | "melted" | "coin";

/** SaleLine is one thing sold, as its item and the staff's choices give it. */
export type SaleLine = {
  kind: SaleKind | string;
  weightMg: bigint;
  purityCenti: bigint;
  /** a made piece's wage: a percent of its gold value (wageBp), or rial per gram of its weight (one of the two) */
  wageBp: bigint;
  wagePerGram: bigint;
  profitBp: bigint;
  /** a coin's typed price */
  priceRial: bigint;
  extrasRial: bigint;
  discountRial: bigint;
};

/** SaleFigures are a sale line's figures; total = gold + wage + profit + vat + extras − discount. */
export type SaleFigures = { gold: bigint; wage: bigint; profit: bigint; vat: bigint; extras: bigint; discount: bigint; total: bigint };

/** SaleProblem is why a sale line cannot be priced, as rules/counter.go refuses it. */
export type SaleProblem = "coinPrice" | "discountTooLarge" | "exemptCharged";

/** roundDiv is n / d rounded half up, for non-negative n and positive d: the counter's one rounding. */
export function roundDiv(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** goldValue is weight × purity / 750 × base price, to the rial. */
export function goldValue(weightMg: bigint, purityCenti: bigint, base: bigint): bigint {
  return roundDiv(weightMg * purityCenti * base, 75_000n * 1000n);
}

/** percentOf is bp hundredths of a percent of amount, to the rial. */
export function percentOf(amount: bigint, bp: bigint): bigint {
  return roundDiv(amount * bp, MAX_PERCENT_BP);
}

/** priceSale prices a sale line at the base price per gram of 750 with the VAT rate in force (vatBp). */
export function priceSale(l: SaleLine, base: bigint, vatBp: bigint): { ok: true; figures: SaleFigures } | { ok: false; problem: SaleProblem } {
  let gold: bigint;
  if (l.kind === "coin") {
    if (l.priceRial <= 0n) return { ok: false, problem: "coinPrice" };
    gold = l.priceRial;
  } else {
    gold = goldValue(l.weightMg, l.purityCenti, base);
  }
  let wage = 0n;
  let profit = 0n;
  let vat = 0n;
  if (l.kind === "jewellery") {
    wage = l.wagePerGram > 0n ? roundDiv(l.weightMg * l.wagePerGram, 1000n) : percentOf(gold, l.wageBp);
    profit = percentOf(gold + wage, l.profitBp);
    vat = percentOf(wage + profit, vatBp);
  } else if (l.wageBp !== 0n || l.wagePerGram !== 0n || l.profitBp !== 0n) {
    return { ok: false, problem: "exemptCharged" };
  }
  const before = gold + wage + profit + vat + l.extrasRial;
  if (l.discountRial > before) return { ok: false, problem: "discountTooLarge" };
  return { ok: true, figures: { gold, wage, profit, vat, extras: l.extrasRial, discount: l.discountRial, total: before - l.discountRial } };
}

/** BuyBackLine is used gold weighed at the counter, its purity as estimated, less the fineness deduction. */
export type BuyBackLine = { weightMg: bigint; purityCenti: bigint; deductionBp: bigint };

/** BuyBackFigures are the 750-equivalent before and after the deduction (floored to the milligram) and the value. */
export type BuyBackFigures = { gross750Mg: bigint; net750Mg: bigint; value: bigint };

/** BuyBackProblem is why a buy-back cannot be priced. */
export type BuyBackProblem = "noPrice" | "tooLight";

/** priceBuyBack prices a buy-back at the buy-back price per gram of 750: no profit, no VAT. */
export function priceBuyBack(l: BuyBackLine, price: bigint): { ok: true; figures: BuyBackFigures } | { ok: false; problem: BuyBackProblem } {
  if (price <= 0n) return { ok: false, problem: "noPrice" };
  const gross750Mg = (l.weightMg * l.purityCenti) / 75_000n;
  const net750Mg = (l.weightMg * l.purityCenti * (MAX_PERCENT_BP - l.deductionBp)) / (75_000n * MAX_PERCENT_BP);
  if (net750Mg <= 0n) return { ok: false, problem: "tooLight" };
  return { ok: true, figures: { gross750Mg, net750Mg, value: roundDiv(net750Mg * price, 1000n) } };
}

/** VatRate is a rate in force from a Jalali day ("1403/01/01") until the next rate's. */
export type VatRate = { from: string; bp: bigint };

/** vatOn is the rate in force on a Jalali day among rates sorted by from, and the day it came in; zero before the first. */
export function vatOn(rates: readonly VatRate[], day: string): VatRate {
  let inForce: VatRate = { from: "", bp: 0n };
  for (const r of rates) if (r.from <= day) inForce = r;
  return inForce;
}

/**
 * parsePercent reads a percent typed as "7", "9.5", "۷/۵" or the API's "7.00", from 0 to 100 with at most two
 * decimals, as hundredths of a percent; null when it is none.
 */
export function parsePercent(typed: string): bigint | null {
  const t = toLatinDigits(typed.trim());
  if (!/^\d+([.\/٫]\d{0,2})?$/.test(t)) return null;
  const v = normalizeNumber(t);
  const bp = parseUnits(v, 2);
  return bp !== null && bp <= MAX_PERCENT_BP ? bp : null;
}

/** formatPercentBp writes hundredths of a percent as the API takes a percent: 750n is "7.50". */
export function formatPercentBp(bp: bigint): string {
  const s = bp.toString().padStart(3, "0");
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}
