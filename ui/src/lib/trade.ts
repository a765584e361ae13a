// The trade form's rules (customer.md §2, §5, §8; decisions.md §4): what may be typed, the preview of a
// trade at the current price, the checks before asking for a quote, and the texts. Rial is a whole
// number and gold is held in milligrams; both are BigInt, rounded exactly as the server rounds: always
// in the shop's favour, by at most one unit.
import type { Balances, TradeAmount, TradeType, Trading } from "../api";
import { toFaDigits } from "./digits";
import { formatUnits, GOLD_SCALE, parseUnits } from "./ledger";
import { formatGold } from "./money";
import { goldForRial, rialForGold, weightMg } from "./weight";

// the weight as typed and the rounding live in weight.ts (the orders screen shares them without the rest)
export { goldForRial, rialForGold, sanitizeWeight, weightBreakdown, weightMg } from "./weight";

/** TRADE_MESSAGES are the trade screen's Persian texts. */
export const TRADE_MESSAGES = {
  amountRequired: "لطفاً مبلغ یا وزن را وارد کنید",
  onlyOne: "فقط یکی از مبلغ یا وزن را وارد کنید",
  stale: "قیمت‌ها به‌روز نیستند",
  noPrice: "قیمت این معامله هنوز اعلام نشده است",
  tooSmall: "این مبلغ کمتر از یک سوت طلاست؛ مبلغ بیشتری وارد کنید",
  insufficientRial: "موجودی ریالی قابل استفاده کافی نیست",
  insufficientGold: "موجودی طلای قابل استفاده کافی نیست",
  codeSent: "کد تایید برای شما پیامک شد",
  quoteFailed: "خطا در ثبت درخواست",
  codeIncomplete: "لطفاً کد ۵ رقمی را کامل وارد کنید",
  wrongCode: "کد اشتباه است",
  resent: "کد جدید ارسال شد",
  resendFailed: "خطا در ارسال مجدد",
  done: "معامله با موفقیت انجام شد!",
  loadFailed: "خطا در دریافت اطلاعات",
  expired: "مهلت این قیمت تمام شد؛ کد جدید بگیرید تا قیمت تازه قفل شود",
} as const;

/** TRADE_LABEL names a trade type in Persian. */
export const TRADE_LABEL: Record<TradeType, string> = { buy: "خرید", sell: "فروش" };

/** QUOTE_SECONDS is how long a locked quote lives (decisions.md §4). */
export const QUOTE_SECONDS = 120;

// ---- the two inputs -----------------------------------------------------------

/** TradeInput is the form: rial as Latin digits, gold as a decimal of grams ("1.25"); one of them is "". */
export type TradeInput = { rial: string; gold: string };

/** Preview is a trade at the current price: which input drives it, the rial and the gold in milligrams. */
export type Preview = { by: "rial" | "gold"; rial: bigint; goldMg: bigint };

/**
 * previewTrade computes what a trade gives at price (rial per gram), as the server will: buy by rial
 * floors the gold, buy by gold ceils the rial, sell by gold floors the rial, sell by rial ceils the gold.
 * null when no single amount is filled or there is no price.
 */
export function previewTrade(type: TradeType, input: TradeInput, price: string | null | undefined): Preview | null {
  const p = parseUnits(price, 0);
  if (p === null || p <= 0n) return null;
  const hasRial = input.rial !== "";
  const mg = weightMg(input.gold);
  if (hasRial === (mg !== null)) return null;
  if (hasRial) {
    const rial = parseUnits(input.rial, 0);
    if (rial === null) return null;
    return { by: "rial", rial, goldMg: goldForRial(rial, p, type) };
  }
  return { by: "gold", rial: rialForGold(mg!, p, type), goldMg: mg! };
}

/** tradeAmount is the body of POST /api/prices/buy|sell: exactly one amount, Latin digits, canonical. */
export function tradeAmount(input: TradeInput): TradeAmount {
  if (input.rial !== "") return { amount_rial: input.rial };
  return { amount_gold: formatUnits(weightMg(input.gold) ?? 0n, GOLD_SCALE) };
}

// ---- checks -----------------------------------------------------------------

/** TradeContext is what the checks read besides the form. */
export type TradeContext = {
  price: string | null | undefined;
  trading?: Pick<Trading, "min_weight" | "max_weight"> | null;
  balances?: Pick<Balances, "available_rial" | "available_gold"> | null;
};

/**
 * checkTrade checks the form before a quote is asked for and returns a Persian message or null: one
 * amount filled, a price known, at least one sot, within the weight limits, within the available balance.
 * The server checks all of it again.
 */
export function checkTrade(type: TradeType, input: TradeInput, ctx: TradeContext): string | null {
  const hasRial = input.rial !== "";
  const hasGold = input.gold !== "";
  if (!hasRial && !hasGold) return TRADE_MESSAGES.amountRequired;
  if (hasRial && hasGold) return TRADE_MESSAGES.onlyOne;
  const amount = hasRial ? parseUnits(input.rial, 0) : weightMg(input.gold);
  if (amount === null || amount <= 0n) return TRADE_MESSAGES.amountRequired;
  const preview = previewTrade(type, input, ctx.price);
  if (!preview) return TRADE_MESSAGES.noPrice;
  if (preview.goldMg <= 0n) return TRADE_MESSAGES.tooSmall;
  const min = parseUnits(ctx.trading?.min_weight, GOLD_SCALE);
  const max = parseUnits(ctx.trading?.max_weight, GOLD_SCALE);
  if (min !== null && preview.goldMg < min) return `کمترین وزن هر معامله ${formatGold(ctx.trading!.min_weight)} گرم است`;
  if (max !== null && preview.goldMg > max) return `بیشترین وزن هر معامله ${formatGold(ctx.trading!.max_weight)} گرم است`;
  if (type === "buy") {
    const available = parseUnits(ctx.balances?.available_rial, 0);
    if (available !== null && preview.rial > available) return TRADE_MESSAGES.insufficientRial;
  } else {
    const available = parseUnits(ctx.balances?.available_gold, GOLD_SCALE);
    if (available !== null && preview.goldMg > available) return TRADE_MESSAGES.insufficientGold;
  }
  return null;
}

/** closedText says why a side cannot trade now, with its hours; null when it is open. */
export function closedText(type: TradeType, trading: Trading): string | null {
  const what = type === "buy" ? "خرید طلا" : "فروش طلا";
  if (!(type === "buy" ? trading.buy_enabled : trading.sell_enabled)) return `${what} فعلاً غیرفعال است`;
  if (type === "buy" ? trading.buy_open : trading.sell_open) return null;
  return `${what} اکنون ممکن نیست؛ ${tradingHours(type, trading)}`;
}

/** tradingHours is a side's window: "ساعت خرید: ۰۸:۰۰ تا ۲۰:۰۰". */
export function tradingHours(type: TradeType, trading: Trading): string {
  const [start, end] = type === "buy" ? [trading.buy_start_time, trading.buy_end_time] : [trading.sell_start_time, trading.sell_end_time];
  return `ساعت ${TRADE_LABEL[type]}: ${toFaDigits(start)} تا ${toFaDigits(end)}`;
}

/** limitsText is the weight-limit hint: "وزن هر معامله از ۰/۰۰۱ تا ۱٬۰۰۰/۰۰۰ گرم". */
export function limitsText(trading: Pick<Trading, "min_weight" | "max_weight">): string {
  return `وزن هر معامله از ${formatGold(trading.min_weight)} تا ${formatGold(trading.max_weight)} گرم`;
}

// ---- the locked quote ---------------------------------------------------------

/** secondsLeft is how long a quote expiring at expiresAt still lives, 0..QUOTE_SECONDS (a fast clock cannot stretch it). */
export function secondsLeft(expiresAt: string, now: number = Date.now()): number {
  const t = Date.parse(expiresAt);
  if (Number.isNaN(t)) return 0;
  return Math.min(QUOTE_SECONDS, Math.max(0, Math.ceil((t - now) / 1000)));
}

/** clock writes seconds as "m:ss" in Persian digits: 75 → "۱:۱۵". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return toFaDigits(`${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`);
}
