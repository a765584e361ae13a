// The drawer's day at the counter (issue 39) without the screen: the close's difference in words (counted less
// expected: a shortage or a surplus), the owner's cash movements in words, and the forms checked. Which day the
// screen shows is day-path.ts's.
import type { DrawerCounterpart, DrawerDirection, DrawerMoveBody } from "../api-types";
import { foldText } from "./abshodeh";
import { toLatinDigits } from "./digits";
import { formatRial } from "./money";

/** DAY_MESSAGES are the day's own texts (the server's, when it sends one, win). */
export const DAY_MESSAGES = {
  loadFailed: "خطا در دریافت صندوق روز",
  daysFailed: "خطا در دریافت روزهای بسته‌نشده",
  closeFailed: "خطا در بستن صندوق",
  closed: "صندوق روز بسته شد",
  reopenFailed: "خطا در باز کردن دوبارهٔ صندوق",
  reopened: "صندوق روز دوباره باز شد",
  moveFailed: "خطا در ثبت جابه‌جایی نقد",
  moved: "جابه‌جایی نقد صندوق ثبت شد",
  counted: "نقد شمرده‌شدهٔ صندوق را به ریال وارد کنید",
  amount: "مبلغ را به ریال وارد کنید",
  reason: "دلیل را بنویسید",
  reopenReason: "دلیل باز کردن دوبارهٔ صندوق را بنویسید",
  longText: "حداکثر ۵۰۰ حرف",
  badDay: "تاریخ معتبر نیست (مثال: ۱۴۰۵/۰۹/۰۱)",
} as const;

/** Difference is a close's difference in words: its size, and whether the drawer was short, over or right. */
export type Difference = { kind: "short" | "over" | "none"; text: string };

/** differenceOf reads difference (counted − expected): below zero the drawer is short, above it over. */
export function differenceOf(difference: number): Difference {
  if (difference === 0) return { kind: "none", text: "بدون اختلاف" };
  const amount = `${formatRial(Math.abs(difference))} ریال`;
  return difference < 0 ? { kind: "short", text: `${amount} کسری صندوق` } : { kind: "over", text: `${amount} اضافهٔ صندوق` };
}

/** DIRECTIONS are the owner's two movements, as the form offers them. */
export const DIRECTIONS: readonly { value: DrawerDirection; label: string }[] = [
  { value: "out", label: "برداشت از صندوق" },
  { value: "in", label: "واریز به صندوق" },
];

/** COUNTERPARTS are who takes the cash or gives it. */
export const COUNTERPARTS: readonly { value: DrawerCounterpart; label: string }[] = [
  { value: "bank", label: "بانک" },
  { value: "owner", label: "مالک" },
];

/** moveText says a movement in words: «برداشت از صندوق به بانک», «واریز به صندوق از مالک». */
export function moveText(direction: string, counterpart: string): string {
  const who = COUNTERPARTS.find((c) => c.value === counterpart)?.label ?? counterpart;
  return direction === "in" ? `واریز به صندوق از ${who}` : direction === "out" ? `برداشت از صندوق به ${who}` : direction;
}

/** checkCounted checks the counted cash: whole rial, zero or more (digits as the amount field keeps them). */
export function checkCounted(digits: string): { ok: true; value: string } | { ok: false; message: string } {
  const v = toLatinDigits(digits.trim());
  return /^\d{1,18}$/.test(v) ? { ok: true, value: v.replace(/^0+(?=\d)/, "") } : { ok: false, message: DAY_MESSAGES.counted };
}

/** MoveForm is the owner's cash movement as typed. */
export type MoveForm = { direction: DrawerDirection; counterpart: DrawerCounterpart; amount: string; reason: string };

/** checkMove checks a movement: an amount above zero and a reason of at most 500 letters. */
export function checkMove(form: MoveForm): { ok: true; body: DrawerMoveBody } | { ok: false; errors: Partial<Record<"amount" | "reason", string>> } {
  const errors: Partial<Record<"amount" | "reason", string>> = {};
  const amount = toLatinDigits(form.amount.trim()).replace(/^0+(?=\d)/, "");
  const reason = foldText(form.reason);
  if (!/^\d{1,18}$/.test(amount) || /^0+$/.test(amount)) errors.amount = DAY_MESSAGES.amount;
  if (!reason) errors.reason = DAY_MESSAGES.reason;
  else if (reason.length > 500) errors.reason = DAY_MESSAGES.longText;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, body: { direction: form.direction, counterpart: form.counterpart, amount, reason } };
}
