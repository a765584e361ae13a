// The customer's price alerts (issue 18): what each one waits for, in words, and the form's check.
import type { PriceAlert } from "../api";
import { faNumber } from "./money";

/** ALERT_MESSAGES are the texts of the alerts screen. */
export const ALERT_MESSAGES = {
  loadFailed: "دریافت هشدارها ناموفق بود",
  priceRequired: "قیمت هشدار را به ریال وارد کنید",
  saveFailed: "ثبت هشدار ناموفق بود",
  deleteFailed: "حذف هشدار ناموفق بود",
  deleted: "هشدار حذف شد",
} as const;

/** ALERT_SIDES are the two kinds, as the form offers them. */
export const ALERT_SIDES = [
  { value: "buy", label: "قیمت خرید من کمتر یا برابر شد" },
  { value: "sell", label: "قیمت فروش من بیشتر یا برابر شد" },
] as const;

export type AlertSide = (typeof ALERT_SIDES)[number]["value"];

/** alertText says what an alert waits for, or what met it. */
export function alertText(a: Pick<PriceAlert, "side" | "price" | "fired_price">): string {
  const price = `${faNumber(a.price)} ریال`;
  if (a.fired_price) return `قیمت ${a.side === "buy" ? "خرید" : "فروش"} شما به ${faNumber(a.fired_price)} ریال رسید`;
  return a.side === "buy" ? `وقتی قیمت خرید من ${price} یا کمتر شد` : `وقتی قیمت فروش من ${price} یا بیشتر شد`;
}

/** alertFormError is the form's complaint about a price typed as Latin digits, or null. */
export function alertFormError(digits: string): string | null {
  return /^[1-9]\d*$/.test(digits) ? null : ALERT_MESSAGES.priceRequired;
}
