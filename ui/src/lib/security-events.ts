// The owner's security events (issue 27, «رویدادهای امنیتی»): the call, loaded with its screen, each kind,
// outcome and reason in Persian, and the filter form turned into the query of GET /api/admin/security-events.
// A kind or reason this file does not know never reaches the screen as it came.
import { query, request } from "../api";
import type { AuditActor } from "../api-types";
import type { FilterCheck } from "../hooks/use-admin-list";
import type { Tone } from "./labels";
import { auditFilter } from "./audit";
import { toLatinDigits } from "./digits";
import { normalizePhone } from "./validate";

/** SecurityEvent is one authentication decision; actor is null when nobody known made it (a refused request). */
export type SecurityEvent = {
  id: number;
  at: string;
  actor: AuditActor | null;
  phone_number: string;
  address: string;
  kind: string;
  outcome: "success" | "failure";
  reason: string;
};

/** SecurityEventsPage is one page, newest first; next_cursor is "" on the last page. */
export type SecurityEventsPage = { items: SecurityEvent[]; next_cursor: string };

/** SecurityEventsFilter is the query; from and to are Jalali days "YYYY/MM/DD" (Tehran, inclusive), as the audit's. */
export type SecurityEventsFilter = { kind?: string; outcome?: string; phone?: string; from?: string; to?: string; cursor?: string };

/** securityEventsApi is the owner's call for a page of security events. */
export const securityEventsApi = {
  page: (f: SecurityEventsFilter) => request<SecurityEventsPage>("GET", `/api/admin/security-events${query(f)}`),
};

/** SECURITY_KINDS are the kinds of event with their Persian labels, in the order the filter offers them. */
export const SECURITY_KINDS: readonly { value: string; label: string }[] = [
  { value: "sign_in.password", label: "ورود با رمز عبور" },
  { value: "sign_in.code", label: "ورود با کد پیامکی" },
  { value: "sign_in.second_factor", label: "مرحله دوم ورود" },
  { value: "refresh", label: "تمدید ورود" },
  { value: "logout", label: "خروج" },
  { value: "login.ended", label: "بستن ورود یک دستگاه" },
  { value: "logins.ended_others", label: "بستن ورود دستگاه‌های دیگر" },
  { value: "password.changed", label: "تغییر رمز عبور" },
  { value: "second_factor.proof", label: "تایید هویت برای تغییر تایید دومرحله‌ای" },
  { value: "second_factor.enrolled", label: "فعال‌سازی تایید دومرحله‌ای" },
  { value: "second_factor.removed", label: "برداشتن برنامه یا کلید عبور" },
  { value: "recovery_codes.renewed", label: "ساخت کدهای بازیابی تازه" },
  { value: "second_factor.reset", label: "برداشتن تایید دومرحله‌ای" },
  { value: "role.changed", label: "تغییر نقش" },
  { value: "code.profile", label: "کد تایید پروفایل" },
  { value: "code.trade", label: "کد تایید معامله" },
  { value: "code.withdraw", label: "کد تایید برداشت" },
  { value: "code.plan", label: "کد تایید طرح پس‌انداز" },
  { value: "code.order", label: "کد تایید سفارش شرطی" },
  { value: "origin.refused", label: "درخواست از مبدأ نامعتبر" },
  { value: "rate_limited", label: "رد به‌خاطر تعداد زیاد درخواست" },
];

/** GENERIC_EVENT names a kind of event this UI does not know yet. */
export const GENERIC_EVENT = "رویداد امنیتی";

/** NO_REASON stands for an empty or unknown reason. */
export const NO_REASON = "—";

/** SECURITY_REASONS name why an event went as it did; the server writes these words. */
export const SECURITY_REASONS: Readonly<Record<string, string>> = {
  wrong_password: "رمز اشتباه",
  unknown_phone: "شماره ناشناس",
  wrong_code: "کد اشتباه",
  no_code: "کدی فرستاده نشده یا منقضی شده",
  too_many_tries: "تلاش‌های زیاد",
  challenge: "مرحله دوم خواسته شد",
  totp: "با برنامه احراز هویت",
  recovery_code: "با کد بازیابی",
  passkey: "با کلید عبور",
  challenge_ended: "مهلت مرحله دوم تمام شد",
  reused: "استفاده دوباره از توکن (ورود بسته شد)",
  expired: "منقضی شده",
  bad_request: "درخواست نادرست",
  forbidden: "دسترسی ندارد",
  not_found: "پیدا نشد",
  sign_up: "پس از ثبت‌نام",
  staff_added: "افزودن کارمند",
  staff_removed: "برداشتن کارمند",
  owner: "نقش مالک",
  staff: "نقش کارمند",
  login: "ورود",
  code: "کد",
  password: "رمز عبور",
  second_factor: "تایید دومرحله‌ای",
  second_factor_lock: "قفل کدهای تایید دومرحله‌ای پس از کدهای نادرست",
  command_line: "از خط فرمان سرور",
};

/** OUTCOMES are the two outcomes with their labels, as the filter offers them. */
export const OUTCOMES: readonly { value: SecurityEvent["outcome"]; label: string }[] = [
  { value: "success", label: "موفق" },
  { value: "failure", label: "ناموفق" },
];

const KIND_LABELS = new Map(SECURITY_KINDS.map((k) => [k.value, k.label]));
const REASON_LABELS = new Map(Object.entries(SECURITY_REASONS));
const OUTCOME_LABELS = new Map<string, string>(OUTCOMES.map((o) => [o.value, o.label]));

/** securityKindLabel names a kind of event; an unknown one is «رویداد امنیتی», never the raw kind. */
export function securityKindLabel(kind: string): string {
  return KIND_LABELS.get(kind) ?? GENERIC_EVENT;
}

/** securityReasonLabel names a reason; an empty or unknown one is «—», never the raw word. */
export function securityReasonLabel(reason: string): string {
  return REASON_LABELS.get(reason) ?? NO_REASON;
}

/** outcomeLabel names an outcome; anything else reads «—». */
export function outcomeLabel(outcome: string): string {
  return OUTCOME_LABELS.get(outcome) ?? NO_REASON;
}

/** outcomeTone colours an outcome's badge: success green, failure red. */
export function outcomeTone(outcome: string): Tone {
  return outcome === "success" ? "ok" : outcome === "failure" ? "bad" : "muted";
}

/** SecurityFilterForm is what the owner picks in the filter. */
export type SecurityFilterForm = { kind: string; outcome: string; phone: string; from: string; to: string };

/** EMPTY_SECURITY_FILTER is the cleared filter. */
export const EMPTY_SECURITY_FILTER: SecurityFilterForm = { kind: "", outcome: "", phone: "", from: "", to: "" };

/**
 * securityFilter turns the form into the query: the days as the audit's (Jalali, Latin digits, inclusive; a
 * day that is no date, or a start after the end, is refused), a phone in any digits as 09…; a phone that is
 * no mobile number goes as typed, for the server to refuse in its own words.
 */
export function securityFilter(form: SecurityFilterForm): FilterCheck<SecurityEventsFilter> {
  const days = auditFilter({ actor: "", kind: form.kind, from: form.from, to: form.to });
  if (!days.ok) return days;
  const filter: SecurityEventsFilter = { ...days.filter };
  if (form.outcome) filter.outcome = form.outcome;
  const phone = form.phone.trim();
  if (phone) filter.phone = normalizePhone(phone) ?? toLatinDigits(phone);
  return { ok: true, filter };
}
