// The admin's price rules: a grade's two margins and the trading settings (admin.md §5, decisions.md §4).
// Weights are read exactly as milligrams (ledger.ts), never as floats; times are Tehran "HH:mm"; the referral
// reward's least trade is read as a BigInt of rials.
import { faNumber, formatGold, formatRial, formatToman } from "./money";
import type { PriceSettings } from "../api";
import { toFaDigits, toLatinDigits } from "./digits";
import { formatUnits, GOLD_SCALE, parseUnits } from "./ledger";

/** MIN_WEIGHT_FLOOR is the smallest trade weight there is: one "sot", 0.001 g. */
export const MIN_WEIGHT_FLOOR = "0.001";
/** FALLBACK_MIN_WEIGHT and FALLBACK_MAX_WEIGHT replace a weight that could not be read (admin.md §5). */
export const FALLBACK_MIN_WEIGHT = "0.001";
export const FALLBACK_MAX_WEIGHT = "1000.000";
/** MAX_AGE_MIN and MAX_AGE_MAX bound price_max_age_minutes: a minute to a week (docs/api.md). */
export const MAX_AGE_MIN = 1;
export const MAX_AGE_MAX = 10080;
/** REFERRAL_MIN_MAX bounds referral_min_trade_rial (0 to 10^15 rials, as the server and its database do). */
export const REFERRAL_MIN_MAX = "1000000000000000";
/** REFERRAL_CAP_MAX bounds referral_monthly_cap (0 to 100000 rewards per inviter a month). */
export const REFERRAL_CAP_MAX = 100000;

/** DEFAULT_SETTINGS are the settings of a shop nobody has configured (admin.md §9, docs/api.md). */
export const DEFAULT_SETTINGS: PriceSettings = {
  buy_enabled: true,
  sell_enabled: true,
  buy_start_time: "00:00",
  buy_end_time: "23:59",
  sell_start_time: "00:00",
  sell_end_time: "23:59",
  min_weight: "0.001",
  max_weight: "1000.000",
  price_max_age_minutes: 30,
  referral_min_trade_rial: "1000000",
  referral_monthly_cap: 10,
};

/** PRICE_RULE_MESSAGES are the texts of the grade rules and the settings form. */
export const PRICE_RULE_MESSAGES = {
  notPositive: "مقدار باید عددی مثبت باشد",
  badTime: "ساعت را به شکل ۰۹:۳۰ وارد کنید (۰۰:۰۰ تا ۲۳:۵۹)",
  badMaxAge: `عددی از ${toFaDigits(MAX_AGE_MIN)} تا ${toFaDigits(MAX_AGE_MAX)} دقیقه وارد کنید`,
  minFallback: `مقدار خوانا نبود؛ حداقل وزن ${formatGold("0.001")} گرم شد`,
  minRaised: `حداقل وزن نمی‌تواند کمتر از ${formatGold("0.001")} گرم (یک سوت) باشد`,
  minIgnored: "حداقل وزن نمی‌تواند بیشتر از حداکثر باشد؛ مقدار قبلی ماند",
  maxFallback: "مقدار خوانا نبود؛ حداکثر وزن ۱۰۰۰ گرم شد",
  maxIgnored: "حداکثر وزن نمی‌تواند کمتر از حداقل باشد؛ مقدار قبلی ماند",
  badReferralMin: `مبلغی از ۰ تا ${formatRial(REFERRAL_MIN_MAX)} ریال وارد کنید`,
  badReferralCap: `عددی از ۰ تا ${faNumber(String(REFERRAL_CAP_MAX))} وارد کنید`,
} as const;

// ---- grade rules -------------------------------------------------------------

/** wholeRial reads a typed whole, non-negative rial amount ("۱۵۰٬۰۰۰", "1,500") as canonical digits, or null. */
export function wholeRial(input: string | number | null | undefined): string | null {
  if (input === null || input === undefined) return null;
  const s = toLatinDigits(String(input)).replace(/[\s,٬]/g, "");
  if (!/^\d+$/.test(s)) return null;
  return s.replace(/^0+(?=\d)/, "");
}

/** GradeRule is the outcome of checking a grade's two margins. */
export type GradeRule = { ok: true; sell_add: string; buy_subtract: string } | { ok: false; message: string };

/** checkGradeRule checks sell_add and buy_subtract: both must be whole, non-negative rials (admin.md §5). */
export function checkGradeRule(sellAdd: string, buySubtract: string): GradeRule {
  const a = wholeRial(sellAdd);
  const b = wholeRial(buySubtract);
  if (a === null || b === null) return { ok: false, message: PRICE_RULE_MESSAGES.notPositive };
  return { ok: true, sell_add: a, buy_subtract: b };
}

/** GradePrices are a grade's prices per gram: what its customers pay to buy and get when they sell. */
export type GradePrices = { buy: string | null; sell: string | null };

/**
 * gradePrices previews a grade's prices from the base price and its margins (decisions.md §4):
 * buy = base + sell_add, sell = base − buy_subtract. Nothing without a base price or with a margin
 * that is not a whole rial; a sell price of zero or less is null, as the server gives it.
 */
export function gradePrices(base: string | null | undefined, sellAdd: string, buySubtract: string): GradePrices {
  const b = wholeRial(base);
  const a = wholeRial(sellAdd);
  const s = wholeRial(buySubtract);
  if (b === null) return { buy: null, sell: null };
  const sell = s === null ? null : BigInt(b) - BigInt(s);
  return { buy: a === null ? null : (BigInt(b) + BigInt(a)).toString(), sell: sell !== null && sell > 0n ? sell.toString() : null };
}

// ---- trade weights -----------------------------------------------------------

/** readWeight reads typed grams ("1.5", "۱/۵", "۱٫۵", "1,000") as milligrams, cutting past 3 decimals; null if unreadable. */
export function readWeight(input: string | number | null | undefined): bigint | null {
  if (input === null || input === undefined) return null;
  const s = toLatinDigits(String(input)).replace(/[٫\/]/g, ".").replace(/[\s,٬]/g, "");
  if (!/^(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  return parseUnits(s, GOLD_SCALE);
}

/** WeightNote says why a weight is not what was typed: a fallback, raised to the floor, or ignored. */
export type WeightNote = "fallback" | "raised" | "ignored";

/** WeightChange is a weight after the rules: the canonical grams to keep and, if any, why it differs. */
export type WeightChange = { value: string; note: WeightNote | null };

/** Weights are the two limits in force, canonical grams. */
export type Weights = { min: string; max: string };

const mg = (grams: string): bigint => parseUnits(grams, GOLD_SCALE) ?? 0n;
const grams = (units: bigint): string => formatUnits(units, GOLD_SCALE);

/**
 * applyMinWeight is admin.md §5 for a new minimum: unreadable input becomes 0.001, less than 0.001 is
 * raised to it, and a minimum above the maximum in force is ignored (the old minimum stays).
 */
export function applyMinWeight(input: string, current: Weights): WeightChange {
  const floor = mg(MIN_WEIGHT_FLOOR);
  const typed = readWeight(input);
  let value = typed ?? mg(FALLBACK_MIN_WEIGHT);
  let note: WeightNote | null = typed === null ? "fallback" : null;
  if (value < floor) {
    value = floor;
    note = "raised";
  }
  if (value > mg(current.max)) return { value: grams(mg(current.min)), note: "ignored" };
  return { value: grams(value), note };
}

/**
 * applyMaxWeight is admin.md §5 for a new maximum: unreadable input becomes 1000, and a maximum below
 * the minimum in force is ignored (the old maximum stays).
 */
export function applyMaxWeight(input: string, current: Weights): WeightChange {
  const typed = readWeight(input);
  const value = typed ?? mg(FALLBACK_MAX_WEIGHT);
  if (value < mg(current.min)) return { value: grams(mg(current.max)), note: "ignored" };
  return { value: grams(value), note: typed === null ? "fallback" : null };
}

/** applyWeights applies a typed minimum, then a typed maximum against the minimum that results. */
export function applyWeights(minInput: string, maxInput: string, current: Weights): { min: WeightChange; max: WeightChange } {
  const min = applyMinWeight(minInput, current);
  const max = applyMaxWeight(maxInput, { min: min.value, max: current.max });
  return { min, max };
}

/** weightNoteText is the line shown under a weight field for a note. */
export function weightNoteText(which: "min" | "max", note: WeightNote | null): string | null {
  if (!note) return null;
  if (which === "min") return note === "fallback" ? PRICE_RULE_MESSAGES.minFallback : note === "raised" ? PRICE_RULE_MESSAGES.minRaised : PRICE_RULE_MESSAGES.minIgnored;
  return note === "ignored" ? PRICE_RULE_MESSAGES.maxIgnored : note === "fallback" ? PRICE_RULE_MESSAGES.maxFallback : null;
}

/** canonicalWeight is a weight as the API writes it ("1000" → "1000.000"), or fallback when unreadable. */
export function canonicalWeight(value: string | number | null | undefined, fallback: string): string {
  const units = readWeight(value);
  return units === null ? fallback : grams(units);
}

/** weightInput is canonical grams as a person would type them: "1000.000" → "1000", "0.500" → "0.5". */
export function weightInput(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

// ---- trading hours -------------------------------------------------------------

/** parseTime reads a typed clock time ("9:30", "۰۹:۳۰", "0930") as "HH:mm" from 00:00 to 23:59, or null. */
export function parseTime(input: string): string | null {
  const s = toLatinDigits(input.trim()).replace(/[٫.:،]/g, ":");
  const m = /^(\d{1,2}):(\d{2})$/.exec(s) ?? /^(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, "0")}:${m[2]}`;
}

/** crossesMidnight tells whether a window runs past midnight: its start is later than its end. */
export function crossesMidnight(start: string, end: string): boolean {
  return start > end;
}

/** windowText describes a daily window in words: all day, one span, or a span through midnight. */
export function windowText(start: string, end: string): string {
  const s = toFaDigits(start);
  const e = toFaDigits(end);
  if (start === "00:00" && end === "23:59") return "شبانه‌روزی: هر روز از ۰۰:۰۰ تا ۲۳:۵۹";
  if (start === end) return `هر روز فقط در دقیقهٔ ${s}`;
  if (crossesMidnight(start, end)) return `هر روز از ${s} تا ${e} بامداد روز بعد (از نیمه‌شب می‌گذرد)`;
  return `هر روز از ${s} تا ${e}`;
}

// ---- price age -------------------------------------------------------------------

/** MaxAge is the outcome of checking price_max_age_minutes. */
export type MaxAge = { ok: true; value: number } | { ok: false; message: string };

/** checkMaxAge reads the minutes a base price stays fresh: a whole number from 1 to 10080. */
export function checkMaxAge(input: string | number): MaxAge {
  const s = toLatinDigits(String(input).trim()).replace(/[\s,٬]/g, "");
  if (!/^\d+$/.test(s)) return { ok: false, message: PRICE_RULE_MESSAGES.badMaxAge };
  const n = Number(s);
  if (n < MAX_AGE_MIN || n > MAX_AGE_MAX) return { ok: false, message: PRICE_RULE_MESSAGES.badMaxAge };
  return { ok: true, value: n };
}

/** maxAgeText says a number of minutes in days, hours and minutes: 90 → "۱ ساعت و ۳۰ دقیقه". */
export function maxAgeText(minutes: number): string {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts: string[] = [];
  if (d) parts.push(`${toFaDigits(d)} روز`);
  if (h) parts.push(`${toFaDigits(h)} ساعت`);
  if (m) parts.push(`${toFaDigits(m)} دقیقه`);
  return parts.join(" و ");
}

// ---- referral reward -------------------------------------------------------------

/** ReferralMin is the outcome of checking referral_min_trade_rial: canonical rial digits, or why not. */
export type ReferralMin = { ok: true; value: string } | { ok: false; message: string };
/** ReferralCap is the outcome of checking referral_monthly_cap. */
export type ReferralCap = { ok: true; value: number } | { ok: false; message: string };

/** checkReferralMin reads the least first trade that earns the reward: whole rials from 0 to 10^15. */
export function checkReferralMin(input: string | number): ReferralMin {
  const s = wholeRial(input);
  if (s === null || BigInt(s) > BigInt(REFERRAL_MIN_MAX)) return { ok: false, message: PRICE_RULE_MESSAGES.badReferralMin };
  return { ok: true, value: s };
}

/** checkReferralCap reads the most rewards an inviter earns in a Jalali month: a whole number from 0 to 100000. */
export function checkReferralCap(input: string | number): ReferralCap {
  const s = wholeRial(input);
  if (s === null || s.length > 6 || Number(s) > REFERRAL_CAP_MAX) return { ok: false, message: PRICE_RULE_MESSAGES.badReferralCap };
  return { ok: true, value: Number(s) };
}

/** referralMinText is the hint under the least trade: the amount in tomans, and what 0 means. */
export function referralMinText(digits: string): string {
  const s = wholeRial(digits);
  if (s === null) return "مبلغ را به ریال وارد کنید";
  if (s === "0") return "۰ یعنی اولین معامله به هر مبلغی پاداش دارد";
  return `معادل ${formatToman(s)} تومان`;
}
