// The audit log's words (the owner's "گزارش تغییرات"): each kind of change and each role in Persian, and the
// filter form turned into the query of GET /api/admin/audit. A kind this file does not know reads «تغییر»:
// the raw kind never reaches the screen.
import type { AuditFilter } from "../api-types";
import { FILTER_MESSAGES } from "./admin-filters";
import { compareJalali, formatJalaliValue, parseJalaliValue } from "./jalali";

/** GENERIC_KIND is the label of a kind of change this UI does not know yet. */
export const GENERIC_KIND = "تغییر";

/** AUDIT_KINDS are the kinds of change with their Persian labels, in the order the filter offers them. */
export const AUDIT_KINDS: readonly { value: string; label: string }[] = [
  { value: "shop.update", label: "ویرایش تنظیمات فروشگاه" },
  { value: "shop.logo", label: "تغییر لوگوی فروشگاه" },
  { value: "staff.owner", label: "دادن نقش مالک" },
  { value: "staff.staff", label: "دادن نقش کارمند" },
  { value: "staff.customer", label: "حذف از کارکنان" },
  { value: "admin.add", label: "افزودن مدیر از خط فرمان" },
  { value: "second_factor.reset", label: "برداشتن تایید دومرحله‌ای" },
  { value: "plans.switch", label: "روشن یا خاموش کردن طرح‌های پس‌انداز" },
  { value: "price.set", label: "تعیین قیمت پایه" },
  { value: "price_settings.save", label: "تغییر تنظیمات ساعت و وزن معاملات" },
  { value: "grade.update", label: "ویرایش سطح قیمت" },
  { value: "user.grade", label: "تغییر سطح قیمت کاربر" },
  { value: "daily_limits.grade", label: "تغییر سقف معاملات روزانه سطح قیمت" },
  { value: "daily_limits.user", label: "تغییر سقف معاملات روزانه کاربر" },
  { value: "charge.rial", label: "شارژ دستی ریالی" },
  { value: "charge.gold", label: "شارژ دستی طلا" },
  { value: "wallet_request.approved", label: "تایید درخواست کیف پول" },
  { value: "wallet_request.rejected", label: "رد درخواست کیف پول" },
  { value: "gold_request.approved", label: "تایید درخواست آبشده" },
  { value: "gold_request.ready", label: "آماده تحویل شدن درخواست آبشده" },
  { value: "gold_request.delivered", label: "تحویل درخواست آبشده" },
  { value: "gold_request.rejected", label: "رد درخواست آبشده" },
  { value: "gold_request.canceled", label: "لغو درخواست آبشده" },
  { value: "bar.add", label: "افزودن آبشده به انبار" },
  { value: "bar.update", label: "ویرایش آبشده" },
  { value: "bar.delete", label: "حذف آبشده از انبار" },
  { value: "vault.add", label: "افزودن کالا به خزانه" },
  { value: "vault.update", label: "ویرایش کالای خزانه" },
  { value: "vault.out", label: "خروج کالا از خزانه" },
  { value: "export", label: "دریافت گزارش" },
  { value: "reserve_settings", label: "تغییر تنظیمات محافظ موجودی" },
  { value: "bank_balance", label: "ثبت موجودی بانک" },
  { value: "read.receipt", label: "دیدن رسید مشتری" },
  { value: "read.ledger", label: "دیدن صورتحساب مشتری" },
];

const KIND_LABELS = new Map(AUDIT_KINDS.map((k) => [k.value, k.label]));

/** auditKindLabel names a kind of change; an unknown kind is a generic «تغییر», never the raw kind. */
export function auditKindLabel(kind: string): string {
  return KIND_LABELS.get(kind) ?? GENERIC_KIND;
}

/** COMMAND_LINE names the actor of a change made on the server's command line (actor null). */
export const COMMAND_LINE = "خط فرمان سرور";

/** AuditFilterForm is what the owner picks in the audit log's filter. */
export type AuditFilterForm = { actor: string; kind: string; from: string; to: string };

/** EMPTY_AUDIT_FILTER is the cleared filter. */
export const EMPTY_AUDIT_FILTER: AuditFilterForm = { actor: "", kind: "", from: "", to: "" };

/**
 * auditFilter turns the form into the query: the days stay Jalali ("1404/01/09", Latin digits, as the API
 * takes them), both inclusive; a day that is no date, or a start after the end, is refused (admin.md §5).
 */
export function auditFilter(form: AuditFilterForm): { ok: true; filter: AuditFilter } | { ok: false; field: "from" | "to"; message: string } {
  const from = form.from.trim() ? parseJalaliValue(form.from) : null;
  if (form.from.trim() && !from) return { ok: false, field: "from", message: FILTER_MESSAGES.badDate };
  const to = form.to.trim() ? parseJalaliValue(form.to) : null;
  if (form.to.trim() && !to) return { ok: false, field: "to", message: FILTER_MESSAGES.badDate };
  if (from && to && compareJalali(from, to) > 0) return { ok: false, field: "from", message: FILTER_MESSAGES.startAfterEnd };
  const filter: AuditFilter = {};
  if (form.actor) filter.actor = form.actor;
  if (form.kind) filter.kind = form.kind;
  if (from) filter.from = formatJalaliValue(from);
  if (to) filter.to = formatJalaliValue(to);
  return { ok: true, filter };
}
