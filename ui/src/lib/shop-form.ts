// The shop settings form (/admin-shop_page): its fields from the server's answer, the checks made before
// sending (the server checks again and its Persian message wins), and the logo file's checks.
import type { AdminShop, ShopForm } from "../api-types";
import { toLatinDigits } from "./digits";

/** ShopFormState is what the owner edits; phones has one row per number, an empty row while being added. */
export type ShopFormState = {
  name: string;
  short_name: string;
  phones: string[];
  address: string;
  hours: string;
  about: string;
  licence: string;
  /** the tax identity an invoice prints (issue 38), as typed */
  economic_code: string;
  national_id: string;
  postal_code: string;
  /** a customer's uploads of one day, as typed (issue 27) */
  receipts_per_day: string;
  chat_files_per_day: string;
};

/** QUOTA_MAX is the largest daily upload quota the server takes. */
export const QUOTA_MAX = 1000;

/** SHOP_LIMITS are the longest name and short name, in characters. */
export const SHOP_LIMITS = { name: 60, short_name: 12, phones: 5 } as const;

/** LOGO_TYPES are the picture formats the server takes for a logo; LOGO_MAX_BYTES its largest size. */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** SHOP_MESSAGES are the screen's texts. */
export const SHOP_MESSAGES = {
  loadFailed: "خطا در دریافت تنظیمات فروشگاه",
  saved: "تنظیمات فروشگاه ذخیره شد",
  saveFailed: "خطا در ذخیره تنظیمات فروشگاه",
  nameRequired: "نام فروشگاه را وارد کنید",
  nameLong: "نام فروشگاه حداکثر ۶۰ نویسه باشد",
  shortLong: "نام کوتاه حداکثر ۱۲ نویسه باشد",
  phoneInvalid: "شماره تلفن معتبر نیست (مثال: ۰۲۱۱۲۳۴۵۶۷۸)",
  logoType: "لوگو باید تصویر پی‌ان‌جی، جی‌پگ یا وب‌پی باشد",
  logoLarge: "حجم لوگو باید حداکثر ۲ مگابایت باشد",
  logoSaved: "لوگوی فروشگاه بارگذاری شد",
  logoFailed: "خطا در بارگذاری لوگو",
  quotaInvalid: "عددی از ۱ تا ۱۰۰۰ وارد کنید",
  // the server's words for the same checks
  economicCode: "کد اقتصادی باید ۱۰ تا ۱۴ رقم باشد",
  nationalId: "شناسه ملی یا کد ملی فروشگاه باید ۱۰ یا ۱۱ رقم باشد",
  postalCode: "کد پستی باید ۱۰ رقم باشد",
} as const;

/** TAX_FIELDS are the shop's tax identity: how many digits each takes and the words when it does not fit. */
export const TAX_FIELDS = {
  economic_code: { min: 10, max: 14, message: SHOP_MESSAGES.economicCode },
  national_id: { min: 10, max: 11, message: SHOP_MESSAGES.nationalId },
  postal_code: { min: 10, max: 10, message: SHOP_MESSAGES.postalCode },
} as const;

/** TaxKey names one of the tax identity's fields. */
export type TaxKey = keyof typeof TAX_FIELDS;

/** taxDigits reads a typed tax field as the server does: any digits, spaces and dashes dropped; null when it is not digits alone. */
function taxDigits(typed: string): string | null {
  const v = toLatinDigits(typed).replace(/[\s-]/g, "");
  return /^\d*$/.test(v) ? v : null;
}

/** shopFormOf fills the form from GET /api/admin/shop; a shop with no phone starts with one empty row. */
export function shopFormOf(shop: AdminShop): ShopFormState {
  const phones = Array.isArray(shop.phones) ? shop.phones.filter((p) => typeof p === "string") : [];
  return {
    name: shop.name ?? "",
    short_name: shop.short_name ?? "",
    phones: phones.length ? phones : [""],
    address: shop.address ?? "",
    hours: shop.hours ?? "",
    about: shop.about ?? "",
    licence: shop.licence ?? "",
    economic_code: shop.economic_code ?? "",
    national_id: shop.national_id ?? "",
    postal_code: shop.postal_code ?? "",
    receipts_per_day: String(shop.receipts_per_day ?? ""),
    chat_files_per_day: String(shop.chat_files_per_day ?? ""),
  };
}

/** ShopFormErrors are the messages under the fields; phones by row. */
export type ShopFormErrors = {
  name?: string;
  short_name?: string;
  phones?: Record<number, string>;
  economic_code?: string;
  national_id?: string;
  postal_code?: string;
  receipts_per_day?: string;
  chat_files_per_day?: string;
};

/** quota reads a typed daily quota (any digits): a whole number from 1 to QUOTA_MAX, or null. */
function quota(typed: string): number | null {
  const t = toLatinDigits(typed.trim());
  if (!/^\d{1,4}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= QUOTA_MAX ? n : null;
}

const chars = (s: string) => Array.from(s).length;

/** phoneOk accepts a landline or mobile number as people write it: digits (any script), spaces, dashes, a leading +. */
function phoneOk(phone: string): boolean {
  const p = toLatinDigits(phone);
  const digits = p.replace(/\D/g, "").length;
  return /^\+?[\d\s-]+$/.test(p) && digits >= 5 && digits <= 15;
}

/** checkShopForm checks the form; without errors it returns the body of PUT /api/admin/shop. */
export function checkShopForm(f: ShopFormState): { errors: ShopFormErrors; body: ShopForm | null } {
  const errors: ShopFormErrors = {};
  const name = f.name.trim();
  const short = f.short_name.trim();
  if (!name) errors.name = SHOP_MESSAGES.nameRequired;
  else if (chars(name) > SHOP_LIMITS.name) errors.name = SHOP_MESSAGES.nameLong;
  if (chars(short) > SHOP_LIMITS.short_name) errors.short_name = SHOP_MESSAGES.shortLong;
  const phoneErrors: Record<number, string> = {};
  f.phones.forEach((p, i) => {
    if (p.trim() && !phoneOk(p.trim())) phoneErrors[i] = SHOP_MESSAGES.phoneInvalid;
  });
  if (Object.keys(phoneErrors).length) errors.phones = phoneErrors;
  const tax = {} as Record<TaxKey, string>;
  for (const [key, rule] of Object.entries(TAX_FIELDS) as [TaxKey, (typeof TAX_FIELDS)[TaxKey]][]) {
    const v = taxDigits(f[key]);
    if (v === null || (v !== "" && (v.length < rule.min || v.length > rule.max))) errors[key] = rule.message;
    else tax[key] = v;
  }
  const receipts = quota(f.receipts_per_day);
  const chatFiles = quota(f.chat_files_per_day);
  if (receipts === null) errors.receipts_per_day = SHOP_MESSAGES.quotaInvalid;
  if (chatFiles === null) errors.chat_files_per_day = SHOP_MESSAGES.quotaInvalid;
  if (Object.values(errors).some(Boolean) || receipts === null || chatFiles === null) return { errors, body: null };
  return {
    errors,
    body: {
      name,
      short_name: short,
      phones: f.phones.map((p) => toLatinDigits(p.trim())).filter(Boolean),
      address: f.address.trim(),
      hours: f.hours.trim(),
      about: f.about.trim(),
      licence: f.licence.trim(),
      ...tax,
      receipts_per_day: receipts,
      chat_files_per_day: chatFiles,
    },
  };
}

/** logoError checks a picked logo file before it is sent; null when it may go. */
export function logoError(file: Pick<File, "type" | "size">): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return SHOP_MESSAGES.logoType;
  if (file.size > LOGO_MAX_BYTES) return SHOP_MESSAGES.logoLarge;
  return null;
}
