// An audit entry's before and after as a person reads them: one line per field that changed, with its Persian
// name and both values in Persian digits. Nested values (a customer's balances) become one line per leaf.
import { toFaDigits } from "./digits";
import { formatJalaliDateTime } from "./jalali";
import { roleLabel } from "./labels";
import { EMPTY, faNumber } from "./money";

/** AuditChange is one field of a change; before or after is null when that side of the entry is null. */
export type AuditChange = { key: string; label: string; before: string | null; after: string | null };

/** OTHER_FIELD names a field this UI has no Persian name for. */
export const OTHER_FIELD = "سایر";

const FIELD_LABELS = new Map<string, string>([
  ["id", "شناسه"],
  ["name", "نام"],
  ["first_name", "نام"],
  ["last_name", "نام خانوادگی"],
  ["short_name", "نام کوتاه"],
  ["phones", "شماره‌های تماس"],
  ["address", "نشانی"],
  ["hours", "ساعات کاری"],
  ["about", "درباره فروشگاه"],
  ["licence", "مجوز و نماد اعتماد"],
  ["logo_version", "نسخه لوگو"],
  ["phone_number", "شماره موبایل"],
  ["role", "نقش"],
  ["created", "حساب تازه ساخته شد"],
  ["rey", "آزمایشگاه (ری)"],
  ["ang", "شماره انگ"],
  ["ayar", "عیار"],
  ["ayar_centi", "عیار (صدم)"],
  ["vazn", "وزن (گرم)"],
  ["vazn_mg", "وزن (میلی‌گرم)"],
  ["vazn750", "وزن ۷۵۰ (گرم)"],
  ["vazn750_mg", "وزن ۷۵۰ (میلی‌گرم)"],
  ["status", "وضعیت"],
  ["reject_reason", "دلیل رد"],
  ["amount", "مقدار"],
  ["description", "توضیحات"],
  ["balances", "موجودی"],
  ["rial", "ریال"],
  ["gold", "طلا (میلی‌گرم)"],
  ["available_rial", "ریال قابل استفاده"],
  ["available_gold", "طلای قابل استفاده (میلی‌گرم)"],
  ["grade", "سطح قیمت"],
  ["sell_add", "افزایش قیمت فروش (ریال)"],
  ["buy_subtract", "کاهش قیمت خرید (ریال)"],
  // daily trade limits (issue 29); null is no limit
  ["buy_rial", "سقف خرید روزانه (ریال)"],
  ["buy_gold_mg", "سقف خرید روزانه (میلی‌گرم)"],
  ["sell_rial", "سقف فروش روزانه (ریال)"],
  ["sell_gold_mg", "سقف فروش روزانه (میلی‌گرم)"],
  ["base_price", "قیمت پایه (ریال)"],
  ["buy_enabled", "خرید فعال"],
  ["sell_enabled", "فروش فعال"],
  ["buy_start_min", "شروع ساعت خرید"],
  ["buy_end_min", "پایان ساعت خرید"],
  ["sell_start_min", "شروع ساعت فروش"],
  ["sell_end_min", "پایان ساعت فروش"],
  ["min_weight_mg", "حداقل وزن معامله (میلی‌گرم)"],
  ["max_weight_mg", "حداکثر وزن معامله (میلی‌گرم)"],
  ["price_max_age_minutes", "اعتبار قیمت (دقیقه)"],
  ["referral_min_trade_rial", "حداقل معامله برای پاداش دعوت (ریال)"],
  ["referral_monthly_cap", "سقف پاداش دعوت در ماه"],
  ["created_at", "تاریخ ثبت"],
  // a vault item, an abshodeh bar among them
  ["kind", "نوع"],
  ["lab", "آزمایشگاه (ری)"],
  ["ingot_number", "شماره انگ"],
  ["standard_code", "کد استاندارد"],
  ["production_code", "کد تولید"],
  ["tracking_code", "کد رهگیری"],
  ["weight_mg", "وزن (میلی‌گرم)"],
  ["purity_centi", "عیار (صدم)"],
  ["weight750_mg", "وزن ۷۵۰ (میلی‌گرم)"],
  ["requestable", "عرضه به مشتری"],
  ["updated_at", "تاریخ ویرایش"],
  // what an admin opened of a customer's (issue 27)
  ["customer", "مشتری"],
  ["user_id", "شناسه مشتری"],
  ["receipt", "رسید"],
  ["receipts_per_day", "سقف رسید روزانه هر مشتری"],
  ["chat_files_per_day", "سقف فایل گفتگوی روزانه هر مشتری"],
]);

const STATUS_LABELS = new Map<string, string>([
  ["pending", "در انتظار"],
  ["approved", "تایید شده"],
  ["rejected", "رد شده"],
  ["canceled", "لغو شده"],
  ["ready", "آماده تحویل"],
  ["delivered", "تحویل داده شده"],
  ["deposited", "واریز شده"],
  ["available", "موجود"],
  ["reserved", "رزرو شده"],
]);

/** snakeKey writes a Go field name the way the API's JSON does: "Vazn750Mg" → "vazn750_mg". */
export function snakeKey(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

/** fieldLabel names a field path ("balances.rial" → «موجودی — ریال»). */
export function fieldLabel(path: string): string {
  const parts = path.split(".");
  const names = parts.map((p) => FIELD_LABELS.get(p) ?? OTHER_FIELD);
  return names.join(" — ");
}

/** DIGIT_CODES are fields whose digits are a code, never grouped by thousands. */
const DIGIT_CODES = /^(ang|phone|national_id|card|iban|referral_code)/;

const pad2 = (n: number) => String(n).padStart(2, "0");

/** showValue writes one value of the field at path as a person reads it. */
export function showValue(path: string, value: unknown): string {
  const leaf = path.split(".").pop() ?? "";
  if (value === null || value === undefined || value === "") return EMPTY;
  if (typeof value === "boolean") return value ? "بله" : "خیر";
  if (Array.isArray(value)) return value.length ? value.map((v) => showValue(leaf, v)).join("، ") : EMPTY;
  if (typeof value === "number") {
    // a time of day kept as minutes after midnight
    if (/_(start|end)_min$/.test(leaf) && Number.isInteger(value)) return toFaDigits(`${pad2(Math.floor(value / 60))}:${pad2(value % 60)}`);
    if (leaf === "id" || leaf.endsWith("_id") || leaf.endsWith("version")) return toFaDigits(value);
    return faNumber(String(value));
  }
  if (typeof value === "string") {
    if (leaf === "role") return roleLabel(value);
    if (leaf === "status") return STATUS_LABELS.get(value) ?? toFaDigits(value);
    if (/^-?\d+(\.\d+)?$/.test(value) && !DIGIT_CODES.test(leaf)) return faNumber(value);
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatJalaliDateTime(value);
    return toFaDigits(value);
  }
  return EMPTY;
}

/** flatten lists the leaves of a JSON object by path, objects inside it opened up; arrays stay whole. */
function flatten(value: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${snakeKey(k)}` : snakeKey(k), out);
  } else if (prefix) {
    out.set(prefix, value);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** IDENTITY are the fields that say whom or what a change was about: shown even when they did not change. */
const IDENTITY = new Set(["phone_number", "id", "rey", "ang"]);

const ORDER = [...FIELD_LABELS.keys()];
/** rank orders fields as FIELD_LABELS lists them (by their first segment), the unknown last. */
const rank = (path: string) => {
  const i = ORDER.indexOf(path.split(".")[0]);
  return i < 0 ? ORDER.length : i;
};

/**
 * auditChanges lists the fields of a change in a steady order. With both sides, the fields that differ, and
 * before them whom the change was about (a phone number, an id: one value, no arrow); with one side (a bar
 * added, a price set for the first time), every field of that side.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const hasBefore = !!before && typeof before === "object";
  const hasAfter = !!after && typeof after === "object";
  const b = flatten(hasBefore ? before : null);
  const a = flatten(hasAfter ? after : null);
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => rank(x) - rank(y));
  const out: AuditChange[] = [];
  const who: AuditChange[] = [];
  for (const k of keys) {
    const label = fieldLabel(k);
    if (hasBefore && hasAfter && same(b.get(k), a.get(k))) {
      if (IDENTITY.has(k)) who.push({ key: k, label, before: null, after: showValue(k, a.get(k)) });
      continue;
    }
    out.push({ key: k, label, before: hasBefore ? showValue(k, b.get(k)) : null, after: hasAfter ? showValue(k, a.get(k)) : null });
  }
  return out.length ? [...who, ...out] : [];
}
