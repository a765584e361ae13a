// Daily trade limits (issue 29): the four figures' words, the owner's typed figures checked before they are
// sent, and the trade screen's line of what is left today. Rial are whole; gold is grams with at most three
// decimals; an empty figure is no limit (a customer's own empty figure falls back to their grade's).
import { request, type DailyLimits, type MyDailyLimits, type TradeType } from "../api";
import { formatGold, formatRial } from "./money";

/** LimitKey names one of the four figures, as the API does. */
export type LimitKey = keyof DailyLimits;

/** LIMIT_KEYS are the four figures in the order the screens show them. */
export const LIMIT_KEYS: readonly LimitKey[] = ["buy_rial", "buy_gold", "sell_rial", "sell_gold"];

/** isGold says whether a figure is a weight (grams) rather than rial. */
export const isGold = (k: LimitKey) => k.endsWith("_gold");

/** LIMIT_LABELS name each figure. */
export const LIMIT_LABELS: Record<LimitKey, string> = {
  buy_rial: "سقف خرید روزانه (ریال)",
  buy_gold: "سقف خرید روزانه (گرم)",
  sell_rial: "سقف فروش روزانه (ریال)",
  sell_gold: "سقف فروش روزانه (گرم)",
};

/** LIMIT_MESSAGES are the limits' screens' texts. */
export const LIMIT_MESSAGES = {
  none: "بدون سقف",
  rial: "عدد صحیح و نامنفی به ریال، یا خالی برای بدون سقف",
  gold: "گرم با حداکثر سه رقم اعشار، یا خالی برای بدون سقف",
  saved: "سقف‌های روزانه ذخیره شد",
  saveFailed: "ذخیره سقف‌های روزانه ناموفق بود",
  loadFailed: "دریافت سقف‌های روزانه ناموفق بود",
} as const;

/** LimitDraft is the four figures as typed: Latin digits (and a dot for grams), "" for no limit. */
export type LimitDraft = Record<LimitKey, string>;

/** limitDraft is the form's start from the server's figures: "1.500" grams is typed "1.5". */
export function limitDraft(l: DailyLimits): LimitDraft {
  const typed = (k: LimitKey) => {
    const v = l[k] ?? "";
    return isGold(k) && v.includes(".") ? v.replace(/0+$/, "").replace(/\.$/, "") : v;
  };
  return { buy_rial: typed("buy_rial"), buy_gold: typed("buy_gold"), sell_rial: typed("sell_rial"), sell_gold: typed("sell_gold") };
}

/** LimitCheck is a draft checked: the figures to send, or each wrong figure's message. */
export type LimitCheck = { ok: true; limits: DailyLimits } | { ok: false; errors: Partial<Record<LimitKey, string>> };

/** checkLimits reads a draft: each figure empty, or whole rials, or grams with at most three decimals. */
export function checkLimits(d: LimitDraft): LimitCheck {
  const limits: DailyLimits = { buy_rial: null, buy_gold: null, sell_rial: null, sell_gold: null };
  const errors: Partial<Record<LimitKey, string>> = {};
  for (const k of LIMIT_KEYS) {
    const v = d[k].trim();
    if (v === "") continue;
    if (isGold(k) ? /^\d+(\.\d{1,3})?$/.test(v) : /^\d+$/.test(v)) limits[k] = v;
    else errors[k] = isGold(k) ? LIMIT_MESSAGES.gold : LIMIT_MESSAGES.rial;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, limits };
}

/** limitText shows one figure: "۵۰٬۰۰۰٬۰۰۰ ریال", "۱/۵۰۰ گرم", or «بدون سقف». */
export function limitText(k: LimitKey, v: string | null): string {
  if (v === null) return LIMIT_MESSAGES.none;
  return isGold(k) ? `${formatGold(v)} گرم` : `${formatRial(v)} ریال`;
}

/**
 * leftText is the trade screen's line for side: what may still be traded today under the limits that apply
 * to it ("سقف خرید روزانه: امروز ۳۸٬۰۰۰٬۰۰۰ ریال دیگر می‌توانید بخرید"), or null when no limit applies to that side.
 */
export function leftText(side: TradeType, my: MyDailyLimits): string | null {
  const keys = LIMIT_KEYS.filter((k) => k.startsWith(side) && my.left[k] !== null);
  if (!keys.length) return null;
  const [noun, verb] = side === "buy" ? ["خرید", "بخرید"] : ["فروش", "بفروشید"];
  if (keys.some((k) => /^[0.]+$/.test(my.left[k] ?? ""))) return `به سقف ${noun} روزانه‌تان رسیده‌اید؛ فردا دوباره می‌توانید ${verb}`;
  return `سقف ${noun} روزانه: امروز ${keys.map((k) => limitText(k, my.left[k])).join(" و ")} دیگر می‌توانید ${verb}`;
}

/** myDailyLimits is the caller's limits and what is left today (GET /api/users/me/daily-limits). */
export const myDailyLimits = () => request<MyDailyLimits>("GET", "/api/users/me/daily-limits");
