// The owner's reserve panel (issue 17) without the screen: the level in words, the ratio and the margin as
// read, the margin typed into the settings form, and a dated bank balance checked and turned into the body of
// POST /api/admin/bank-balances (a Jalali day picked, the Gregorian day sent).
import { toJalaali } from "jalaali-js";
import type { BankBalanceForm, ReserveLevel, VaultTotal } from "../api";
import { jalaliToIsoDay } from "./admin-filters";
import { normalizeNumber, toFaDigits } from "./digits";
import { compareJalali, parseJalaliValue, todayJalali } from "./jalali";
import { EMPTY, faNumber } from "./money";
import { VAULT_KINDS } from "./vault";

/** RESERVE_MESSAGES are the panel's own texts (the server's, when it sends one, win). */
export const RESERVE_MESSAGES = {
  loadFailed: "خطا در دریافت پشتوانه",
  banksFailed: "خطا در دریافت موجودی بانک‌ها",
  saveFailed: "خطا در ذخیره تنظیمات پشتوانه",
  saved: "تنظیمات ذخیره شد",
  bankFailed: "خطا در ثبت موجودی بانک",
  bankSaved: "موجودی بانک ثبت شد",
  margin: "حاشیه اطمینان باید درصدی از ۰ تا ۱۰۰ با حداکثر دو رقم اعشار باشد",
  bank: "نام بانک را بین ۲ تا ۵۰ حرف وارد کنید",
  balance: "موجودی را به ریال وارد کنید",
  dateRequired: "تاریخ موجودی را وارد کنید",
  dateBad: "تاریخ معتبر نیست (مثال: ۱۴۰۴/۰۱/۰۱)",
  dateFuture: "تاریخ موجودی نمی‌تواند در آینده باشد",
} as const;

/** LevelNotice is the banner over the figures: its tone, a title and a sentence. */
export type LevelNotice = { tone: "warn" | "danger"; title: string; text: string };

/**
 * levelNotice is what the owner must hear about the level: nothing while ok, a warning near the margin, an
 * error when short. Short only refuses buys while the guard is on, so with it off the text says the opposite.
 */
export function levelNotice(level: ReserveLevel, guardEnabled: boolean): LevelNotice | null {
  if (level === "near") {
    return {
      tone: "warn",
      title: "نزدیک به حاشیه",
      text: "طلای خزانه کمی بیش از بدهی طلایی مشتریان با حاشیه اطمینان است؛ پیش از آنکه خریدها رد شوند طلای بیشتری به خزانه بیاورید.",
    };
  }
  if (level === "short") {
    return guardEnabled
      ? {
          tone: "danger",
          title: "پشتوانه کافی نیست؛ خرید مشتریان رد می‌شود",
          text: "طلای خزانه بدهی طلایی مشتریان را با حاشیه اطمینان پوشش نمی‌دهد. تا طلای بیشتری در خزانه ثبت نشود، هیچ خریدی پذیرفته نمی‌شود.",
        }
      : {
          tone: "danger",
          title: "پشتوانه کافی نیست",
          text: "محافظ موجودی خاموش است و خریدها پذیرفته می‌شوند؛ فروشگاه طلایی می‌فروشد که در خزانه ندارد.",
        };
  }
  return null;
}

/** ratioText is a cover ratio for a figure: "۲/۵۰ برابر", or a dash while nothing is owed (ratio null). */
export function ratioText(ratio: string | null | undefined): string {
  const r = ratio?.trim();
  return r ? `${faNumber(r)} برابر` : EMPTY;
}

/** trimZeros drops a decimal's trailing zeros: "2.50" → "2.5", "5.00" → "5"; digits are left as they are. */
export function trimZeros(value: string): string {
  return value.includes(".") ? value.replace(/\.?0+$/, "") : value;
}

/** marginText is the margin as a person reads it: "2.50" → "۲/۵٪". */
export function marginText(margin: string | null | undefined): string {
  const m = margin?.trim();
  return m ? `${faNumber(trimZeros(m))}٪` : EMPTY;
}

/** MarginCheck is a typed margin made ready for PUT /api/admin/reserve-settings, or why it cannot be. */
export type MarginCheck = { ok: true; value: string } | { ok: false; message: string };

/** checkMargin reads a typed percent (any digits, "/" or "٫" as the point): 0 to 100, two decimals at most. */
export function checkMargin(typed: string): MarginCheck {
  const v = normalizeNumber(typed.trim());
  const m = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(v);
  if (!m) return { ok: false, message: RESERVE_MESSAGES.margin };
  const int = Number(m[1]);
  const frac = m[2] ?? "";
  if (int > 100 || (int === 100 && /[1-9]/.test(frac))) return { ok: false, message: RESERVE_MESSAGES.margin };
  return { ok: true, value: trimZeros(frac ? `${int}.${frac}` : String(int)) };
}

/** composition lists every kind in the vault's order, a kind the vault lacks as zero, so the grid never jumps. */
export function composition(totals: readonly VaultTotal[] | null | undefined): VaultTotal[] {
  const byKind = new Map((totals ?? []).map((t) => [t.kind, t]));
  const known = VAULT_KINDS.map((kind) => byKind.get(kind) ?? { kind, count: 0, weight750: "0.000" });
  const other = (totals ?? []).filter((t) => !VAULT_KINDS.includes(t.kind));
  return [...known, ...other];
}

/** BankForm is what the owner types: the bank's name, the balance as Latin digits, a Jalali day. */
export type BankForm = { bank: string; digits: string; date: string };

/** BankFormErrors name the fields that are wrong. */
export type BankFormErrors = Partial<Record<keyof BankForm, string>>;

/** BankCheck is the form as the API's body, or what is wrong with it. */
export type BankCheck = { ok: true; body: BankBalanceForm } | { ok: false; errors: BankFormErrors };

/**
 * checkBankForm checks the form as the server will (2 to 50 letters, a whole rial amount, a day not after
 * today in Tehran) and sends the Jalali day as its Gregorian YYYY-MM-DD.
 */
export function checkBankForm(form: BankForm, now: Date = new Date()): BankCheck {
  const errors: BankFormErrors = {};
  const bank = form.bank.trim();
  const letters = [...bank].length;
  if (letters < 2 || letters > 50) errors.bank = RESERVE_MESSAGES.bank;
  if (!/^\d+$/.test(form.digits)) errors.digits = RESERVE_MESSAGES.balance;
  const day = parseJalaliValue(form.date);
  if (!form.date.trim()) errors.date = RESERVE_MESSAGES.dateRequired;
  else if (!day) errors.date = RESERVE_MESSAGES.dateBad;
  else if (compareJalali(day, todayJalali(now)) > 0) errors.date = RESERVE_MESSAGES.dateFuture;
  if (Object.keys(errors).length || !day) return { ok: false, errors };
  return { ok: true, body: { bank, balance: form.digits, as_of: jalaliToIsoDay(day) } };
}

/** asOfText shows a Gregorian day "2026-11-26" as its Jalali day in Persian digits: "۱۴۰۵/۰۹/۰۵". */
export function asOfText(asOf: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(asOf ?? "");
  if (!m) return EMPTY;
  const j = toJalaali(Number(m[1]), Number(m[2]), Number(m[3]));
  return toFaDigits(`${j.jy}/${String(j.jm).padStart(2, "0")}/${String(j.jd).padStart(2, "0")}`);
}
