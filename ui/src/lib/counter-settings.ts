// The owner's counter settings (issue 38) as a form: the buy-back spread under the base price, the seller's
// default profit, the default fineness deduction, and the dated VAT rates (each from a Jalali day); checked as
// the server checks them and turned into the body of PUT /api/admin/counter/settings (all four, the whole list).
import type { CounterSettings } from "../api-types";
import { formatPercentBp, parsePercent } from "./counter";
import { toLatinDigits } from "./digits";
import { formatJalaliValue, parseJalaliValue } from "./jalali";

/** SettingsForm is what the owner types; rial as Latin digits, percents and days as typed. */
export type SettingsForm = { spread: string; profit: string; deduction: string; rates: { key: number; from: string; percent: string }[] };

/** SETTINGS_MESSAGES are the form's texts. */
export const SETTINGS_MESSAGES = {
  loadFailed: "خطا در دریافت تنظیمات پیشخوان",
  saveFailed: "خطا در ذخیره تنظیمات پیشخوان",
  saved: "تنظیمات پیشخوان ذخیره شد",
  spread: "فاصله قیمت خرید را به ریال بنویسید",
  percent: "درصدی از ۰ تا ۱۰۰ با حداکثر دو رقم اعشار",
  day: "روز شروع را شمسی بنویسید (مثال: ۱۴۰۳/۰۱/۰۱)",
  twice: "برای این روز نرخ دیگری هم نوشته شده است",
  noRate: "دست کم یک نرخ مالیات لازم است",
} as const;

const plain = (p: string) => p.replace(/\.?0+$/, "") || "0";

/** settingsFormOf fills the form from the server's settings. */
export function settingsFormOf(s: CounterSettings): SettingsForm {
  return {
    spread: String(s.buy_back_spread_rial ?? ""),
    profit: plain(s.profit_percent ?? ""),
    deduction: plain(s.fineness_deduction_percent ?? ""),
    rates: (s.vat_rates ?? []).map((r, i) => ({ key: i, from: r.from, percent: plain(r.percent) })),
  };
}

/** SettingsErrors are the refused fields; a rate's by its key. */
export type SettingsErrors = { spread?: string; profit?: string; deduction?: string; rates?: Record<number, string> };

/** checkSettings checks the form; without errors it returns the body, the rates in order of their days. */
export function checkSettings(f: SettingsForm): { body: CounterSettings | null; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const spread = toLatinDigits(f.spread.trim());
  if (!/^\d{1,15}$/.test(spread)) errors.spread = SETTINGS_MESSAGES.spread;
  const profit = parsePercent(f.profit);
  if (profit === null) errors.profit = SETTINGS_MESSAGES.percent;
  const deduction = parsePercent(f.deduction);
  if (deduction === null) errors.deduction = SETTINGS_MESSAGES.percent;
  const rateErrors: Record<number, string> = {};
  const seen = new Set<string>();
  const rates: { from: string; percent: string }[] = [];
  for (const r of f.rates) {
    const day = parseJalaliValue(r.from);
    const bp = parsePercent(r.percent);
    if (!day) rateErrors[r.key] = SETTINGS_MESSAGES.day;
    else if (bp === null) rateErrors[r.key] = SETTINGS_MESSAGES.percent;
    else if (seen.has(formatJalaliValue(day))) rateErrors[r.key] = SETTINGS_MESSAGES.twice;
    else {
      seen.add(formatJalaliValue(day));
      rates.push({ from: formatJalaliValue(day), percent: formatPercentBp(bp) });
    }
  }
  if (Object.keys(rateErrors).length) errors.rates = rateErrors;
  if (!f.rates.length) errors.rates = { [-1]: SETTINGS_MESSAGES.noRate };
  if (Object.keys(errors).length || profit === null || deduction === null) return { body: null, errors };
  rates.sort((a, b) => (a.from < b.from ? -1 : 1));
  return {
    body: { buy_back_spread_rial: spread, profit_percent: formatPercentBp(profit), fineness_deduction_percent: formatPercentBp(deduction), vat_rates: rates },
    errors,
  };
}
