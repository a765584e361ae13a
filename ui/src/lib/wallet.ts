// The wallet's form checks and texts (customer.md §5 and §8), apart from the screens so they are tested.
import { parseUnits } from "./ledger";

/** WALLET_MESSAGES are the wallet's Persian texts. */
export const WALLET_MESSAGES = {
  amountInvalid: "لطفاً مبلغ را به‌صورت عدد و بیشتر از صفر وارد کنید",
  receiptRequired: "لطفاً تصویر رسید واریز را انتخاب کنید",
  receiptType: "رسید باید عکسی با قالب جی‌پگ یا پی‌ان‌جی باشد",
  receiptTooLarge: "حجم تصویر رسید نباید بیشتر از ۵ مگابایت باشد",
  insufficient: "موجودی کافی نیست",
  accountRequired: "لطفاً یک حساب بانکی برای برداشت انتخاب کنید",
  depositDone: "درخواست واریز ثبت شد و پس از بررسی به موجودی شما اضافه می‌شود",
  depositFailed: "خطا در ثبت درخواست واریز",
  withdrawDone: "درخواست برداشت ثبت شد و پس از بررسی به حساب شما واریز می‌شود",
  withdrawFailed: "خطا در ثبت درخواست برداشت",
  cancelDone: "درخواست لغو شد",
  cancelFailed: "خطا در لغو درخواست",
  balancesFailed: "خطا در دریافت موجودی",
  pendingFailed: "خطا در دریافت درخواست‌های در انتظار",
  requestsFailed: "خطا در دریافت درخواست‌ها",
  accountsFailed: "خطا در دریافت حساب‌های بانکی",
  statementFailed: "خطا در دریافت صورتحساب",
  newCardHint: "این کارت کمتر از ۲۴ ساعت پیش ثبت شده است؛ برای برداشت به آن یک کد تایید پیامک می‌شود",
  stepUpNote: "برای برداشت به کارتی که کمتر از ۲۴ ساعت پیش ثبت شده، کد تاییدی که پیامک شد را وارد کنید",
  codeResent: "کد جدید ارسال شد",
} as const;

/**
 * NEW_CARD_MS is how long after a card is added a withdrawal to it needs a texted code. The server decides;
 * the form only says so beforehand.
 */
export const NEW_CARD_MS = 24 * 60 * 60 * 1000;

/** isNewCard tells whether a card added at createdAt (RFC 3339) is still in its first 24 hours at now. */
export function isNewCard(createdAt: string | null | undefined, now: number = Date.now()): boolean {
  const added = createdAt ? Date.parse(createdAt) : NaN;
  return Number.isFinite(added) && now - added < NEW_CARD_MS;
}

/** RECEIPT_TYPES are the image types a receipt may have. */
export const RECEIPT_TYPES = ["image/jpeg", "image/png"] as const;
/** RECEIPT_MAX_BYTES is the largest receipt the server takes (decisions.md §5). */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

/** amountError checks a rial amount held as Latin digits: a whole number above zero. */
export function amountError(digits: string): string | null {
  const n = parseUnits(digits, 0);
  return n !== null && /^\d+$/.test(digits) && n > 0n ? null : WALLET_MESSAGES.amountInvalid;
}

/** receiptError checks the chosen receipt: present, a JPEG or PNG, at most 5 MB. */
export function receiptError(file: { type: string; size: number } | null | undefined): string | null {
  if (!file) return WALLET_MESSAGES.receiptRequired;
  if (!(RECEIPT_TYPES as readonly string[]).includes(file.type)) return WALLET_MESSAGES.receiptType;
  if (file.size > RECEIPT_MAX_BYTES) return WALLET_MESSAGES.receiptTooLarge;
  return null;
}

/** withdrawError checks a withdraw amount against the available rial balance (balance minus pending withdraws). */
export function withdrawError(digits: string, availableRial: string | null | undefined): string | null {
  const invalid = amountError(digits);
  if (invalid) return invalid;
  const available = parseUnits(availableRial, 0);
  if (available !== null && BigInt(digits) > available) return WALLET_MESSAGES.insufficient;
  return null;
}

/**
 * isSameOriginPath tells whether a receipt path stays on this site ("/uploads/…", not "//host/…"). A
 * backslash anywhere is refused: browsers read it as a slash, so "/\host" and "/a\..\x" could leave.
 */
export function isSameOriginPath(path: string | null | undefined): path is string {
  return !!path && path.startsWith("/") && !path.startsWith("//") && !path.includes("\\");
}
