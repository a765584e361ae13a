// Standing orders (issue 29): the screen's words, an order in a sentence, the form's terms and check, the
// days it may run until, and its calls. An order is placed with a texted code bound to its terms: the first
// call answers 403 (code_required), the same call with verification_code places it.
import { toJalaali } from "jalaali-js";
import { request, type Message } from "../api";
import { postTerms } from "./code-asked";
import { toFaDigits } from "./digits";
import { JALALI_MONTHS, formatJalaliValue } from "./jalali";
import type { Tone } from "./labels";
import { formatUnits, GOLD_SCALE } from "./ledger";
import { faNumber, formatGold } from "./money";
import { WEEKDAYS } from "./plans";
import { tehranClock } from "./tehran-clock";
import { rialForGold, weightMg } from "./weight";

export type OrderSide = "buy" | "sell";
export type OrderStatus = "open" | "executed" | "expired" | "canceled";

/** Order is GET /api/orders' item: amount_rial for a buy of a rial amount, else amount_gold (grams). */
export type Order = {
  id: number;
  side: OrderSide;
  amount_rial: string | null;
  amount_gold: string | null;
  limit_price: string;
  /** until is the last Jalali day it is open, "1405/09/09" in Latin digits. */
  until: string;
  until_at: string;
  status: OrderStatus;
  /** held_rial and held_gold are what an open order holds ("0" and "0.000" once it is closed). */
  held_rial: string;
  held_gold: string;
  created_at: string;
  closed_at: string | null;
  executed: { price_per_gram: string; amount_rial: string; amount_gold: string } | null;
};

/** OrderTerms is what an order is placed with. */
export type OrderTerms = { side: OrderSide; amount_rial?: string; amount_gold?: string; limit_price: string; until: string };

/** OrderDemand is GET /api/admin/orders (owner): counts and held totals, never whose. */
export type OrderDemand = {
  open_buy: number;
  open_sell: number;
  held_rial: string;
  held_gold: string;
  executed_today: number;
  expiring_today: number;
};

/** ORDERS_MAX is how many orders a customer may have open at once. */
export const ORDERS_MAX = 10;
/** ORDER_DAYS is how far ahead an order may run: today and the next 30 days. */
export const ORDER_DAYS = 30;

/** ORDER_MESSAGES are the texts of the orders screen. */
export const ORDER_MESSAGES = {
  loadFailed: "دریافت سفارش‌های شرطی ناموفق بود",
  rialRequired: "مبلغ خرید را به ریال وارد کنید",
  weightRequired: "وزن طلا را به گرم وارد کنید",
  limitRequired: "قیمت هدف هر گرم را به ریال وارد کنید",
  saveFailed: "ثبت سفارش شرطی ناموفق بود",
  cancelFailed: "لغو سفارش ناموفق بود",
  codeAsked: "کد تایید سفارش شرطی پیامک شد",
  placed: "سفارش شرطی ثبت شد",
  canceled: "سفارش شرطی لغو شد",
} as const;

/** SIDE_LABELS name the two sides as the form and the list show them. */
export const SIDE_LABELS: Record<OrderSide, string> = { buy: "خرید", sell: "فروش" };

/** ORDER_STATUS names each status and colours its badge. */
export const ORDER_STATUS: Record<OrderStatus, { label: string; tone: Tone }> = {
  open: { label: "باز", tone: "warn" },
  executed: { label: "اجرا شد", tone: "ok" },
  expired: { label: "منقضی شد", tone: "muted" },
  canceled: { label: "لغو شد", tone: "muted" },
};

/** orderStatus is a status's word and tone; one this screen does not know yet reads as a plain grey word. */
export function orderStatus(status: string): { label: string; tone: Tone } {
  return ORDER_STATUS[status as OrderStatus] ?? { label: "نامعلوم", tone: "muted" };
}

type Terms = Pick<Order, "side" | "limit_price"> & { amount_rial?: string | null; amount_gold?: string | null };

/** amountText is what an order buys or sells: "۰/۱۰۰ گرم طلا" or "طلا به مبلغ ۱۰٬۰۰۰٬۰۰۰ ریال". */
export function amountText(o: Pick<Terms, "amount_rial" | "amount_gold">): string {
  return o.amount_rial ? `طلا به مبلغ ${faNumber(o.amount_rial)} ریال` : `${formatGold(o.amount_gold)} گرم طلا`;
}

/** limitText is an order's condition: "وقتی قیمت به ۹۵٬۰۰۰٬۰۰۰ ریال یا کمتر رسید". */
export function limitText(o: Pick<Terms, "side" | "limit_price">): string {
  return `وقتی قیمت به ${faNumber(o.limit_price)} ریال یا ${o.side === "buy" ? "کمتر" : "بیشتر"} رسید`;
}

/** orderText says an order in one sentence: "خرید ۰/۱۰۰ گرم طلا وقتی قیمت به ۹۵٬۰۰۰٬۰۰۰ ریال یا کمتر رسید". */
export function orderText(o: Terms): string {
  return `${SIDE_LABELS[o.side]} ${amountText(o)} ${limitText(o)}`;
}

/** heldText is what an open order holds: rial for a buy, grams for a sell. */
export function heldText(o: Pick<Order, "side" | "held_rial" | "held_gold">): string {
  return o.side === "buy" ? `${faNumber(o.held_rial)} ریال` : `${formatGold(o.held_gold)} گرم`;
}

/** OrderForm is the form as typed: rial and limit as Latin digits, gold as a decimal of grams ("0.25"). */
export type OrderForm = { side: OrderSide; by: "rial" | "gold"; rial: string; gold: string; limit: string; until: string };

const WHOLE = /^[1-9]\d*$/;

/** byRial is whether the form buys a rial amount: a sell is always by weight. */
export const byRial = (f: Pick<OrderForm, "side" | "by">) => f.side === "buy" && f.by === "rial";

/** orderFormError is the form's complaint, or null. */
export function orderFormError(f: OrderForm): string | null {
  if (byRial(f) ? !WHOLE.test(f.rial) : !((weightMg(f.gold) ?? 0n) > 0n)) {
    return byRial(f) ? ORDER_MESSAGES.rialRequired : ORDER_MESSAGES.weightRequired;
  }
  if (!WHOLE.test(f.limit)) return ORDER_MESSAGES.limitRequired;
  return null;
}

/** termsOf is the body of POST /api/orders for a form orderFormError accepts. */
export function termsOf(f: OrderForm): OrderTerms {
  const amount = byRial(f) ? { amount_rial: f.rial } : { amount_gold: formatUnits(weightMg(f.gold) ?? 0n, GOLD_SCALE) };
  return { side: f.side, ...amount, limit_price: f.limit, until: f.until };
}

/**
 * holdText is what placing the order will hold, as the server counts it: a buy's rial amount, or its weight at
 * the limit price rounded up; a sell's weight.
 */
export function holdText(t: OrderTerms): string {
  if (t.side === "sell") return `${formatGold(t.amount_gold)} گرم`;
  if (t.amount_rial) return `${faNumber(t.amount_rial)} ریال`;
  const mg = weightMg(t.amount_gold ?? "") ?? 0n;
  return `${faNumber(rialForGold(mg, BigInt(t.limit_price), "buy").toString())} ریال`;
}

/**
 * untilOptions are the days an order may run until, today first: value as the API takes it ("1405/09/09"),
 * label in Persian ("شنبه ۱۰ آذر ۱۴۰۵ (امروز)"). Days are counted on Tehran's calendar date, not in hours.
 */
export function untilOptions(now: Date = new Date()): { value: string; label: string }[] {
  const { year, month, day } = tehranClock(now);
  return Array.from({ length: ORDER_DAYS + 1 }, (_, i) => {
    const g = new Date(Date.UTC(year, month - 1, day + i));
    const j = toJalaali(g.getUTCFullYear(), g.getUTCMonth() + 1, g.getUTCDate());
    const weekday = WEEKDAYS[(g.getUTCDay() + 1) % 7];
    const note = i === 0 ? " (امروز)" : i === 1 ? " (فردا)" : "";
    return { value: formatJalaliValue(j), label: `${weekday} ${toFaDigits(j.jd)} ${JALALI_MONTHS[j.jm - 1]} ${toFaDigits(j.jy)}${note}` };
  });
}

type Placed = Message & { order: Order; code_required?: false };

/** ordersApi are the orders screen's calls (the owner's summary is adminApi.orderDemand). */
export const ordersApi = {
  list: () => request<{ orders: Order[] }>("GET", "/api/orders"),
  /** place answers {code_required} until it is sent with the texted code. */
  place: (terms: OrderTerms, verification_code?: string) => postTerms<Placed>("/api/orders", terms, verification_code),
  cancel: (id: number) => request<Message>("DELETE", `/api/orders/${id}`),
};
