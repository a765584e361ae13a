// Melted-gold bars (abshodeh) on the admin side (decisions.md §6, docs/api.md "Abshodeh"): typing and
// checking a purity and a weight and the vazn750 preview (the one item form is lib/vault.ts's), the Persian words and badge tones of bars and requests, which
// decisions a request allows, and the review filter. Weights are BigInt milligrams and purity BigInt
// hundredths of a thousandth: no float touches a weight.
import { ApiError, errorText, type Bar, type GoldRequestFilter } from "../api";
import { dateRange } from "./admin-filters";
import { normalizeNumber, toLatinDigits } from "./digits";
import { trimLeadingZeros } from "./grouped-input";
import { GOLD_REQUEST_STATUS_ORDER, goldRequestStatusLabel, type Tone } from "./labels";
import { formatUnits, GOLD_SCALE, parseUnits } from "./ledger";
import { EMPTY } from "./money";

/** AYAR_SCALE is the number of decimals of a purity ("750.00"). */
export const AYAR_SCALE = 2;
/** AYAR_MAX_UNITS is the highest purity, pure gold (1000 thousandths), in hundredths. */
const AYAR_MAX_UNITS = 100_000n;
/** ABSHODEH_MESSAGES are the inventory's and the review's own texts. */
export const ABSHODEH_MESSAGES = {
  reyRequired: "نام آزمایشگاه را وارد کنید",
  angRequired: "شماره انگ را وارد کنید",
  ayarRequired: "عیار را وارد کنید",
  ayarRange: "عیار باید بیشتر از صفر و حداکثر ۱۰۰۰ باشد",
  ayarDecimals: "عیار حداکثر دو رقم اعشار دارد",
  vaznRequired: "وزن را وارد کنید",
  vaznPositive: "وزن باید بیشتر از صفر باشد",
  vaznDecimals: "وزن حداکثر سه رقم اعشار دارد",
  tooLight: "وزن ۷۵۰ این آبشده کمتر از یک سوت می‌شود",
  barsFailed: "خطا در دریافت انبار آبشده",
  addFailed: "خطا در ثبت آبشده",
  editFailed: "خطا در ویرایش آبشده",
  deleteFailed: "خطا در حذف آبشده",
  added: "آبشده ثبت شد",
  edited: "آبشده ویرایش شد",
  deleted: "آبشده حذف شد",
  lockedReserved: "برای یک درخواست رزرو شده است؛ ویرایش و حذف ممکن نیست",
  lockedDelivered: "تحویل داده شده است؛ ویرایش و حذف ممکن نیست",
  // the review screen (admin.md §8)
  requestsFailed: "خطا در دریافت درخواست‌ها",
  decisionFailed: "خطا در به‌روزرسانی درخواست",
  routeNotFound: "مسیر پیدا نشد، تنظیمات سرور را بررسی کنید",
  requestNotFound: "درخواست با این شناسه پیدا نشد",
  defaultRejectReason: "دلیل رد مشخص نشده است",
} as const;

// ---- typing and checking the bar form ---------------------------------------------

/**
 * sanitizeDecimal keeps what may be typed into a weight or purity field: digits (any script, made Latin)
 * and one decimal point (".", "/" or "٫") with at most scale decimals; a leading point gets a zero.
 */
export function sanitizeDecimal(raw: string, scale: number): string {
  let v = normalizeNumber(raw);
  const dot = v.indexOf(".");
  if (dot >= 0) v = v.slice(0, dot + 1 + scale);
  if (v.startsWith(".")) v = "0" + v;
  return trimLeadingZeros(v);
}

function exactUnits(value: string, scale: number): bigint | null {
  const v = normalizeNumber(value.trim());
  if (!v || v === ".") return null;
  if (!new RegExp(`^\\d*(\\.\\d{0,${scale}})?$`).test(v)) return null;
  return parseUnits(v, scale);
}

/** vazn750Mg is floor(vazn × ayar / 750) in milligrams, from milligrams and hundredths of a thousandth. */
export function vazn750Mg(vaznMg: bigint, ayarHundredths: bigint): bigint {
  if (vaznMg <= 0n || ayarHundredths <= 0n) return 0n;
  return (vaznMg * ayarHundredths) / 75_000n;
}

/**
 * vazn750Preview is the weight at 750 purity of what is typed, as the server will compute it
 * ("12.345"), or null while either figure is missing or out of range.
 */
export function vazn750Preview(vazn: string, ayar: string): string | null {
  const mg = exactUnits(vazn, GOLD_SCALE);
  const purity = exactUnits(ayar, AYAR_SCALE);
  if (mg === null || purity === null || mg <= 0n || purity <= 0n) return null;
  if (purity > AYAR_MAX_UNITS) return null;
  return formatUnits(vazn750Mg(mg, purity), GOLD_SCALE);
}

/** FigureErrors holds the refusal of a typed purity or weight. */
export type FigureErrors = { ayar?: string; vazn?: string };

/**
 * checkFigures validates a typed purity and weight as the server does and returns them in canonical form
 * (purity "750.00", weight "12.345"); a weight lighter than one milligram at 750 purity is refused.
 */
export function checkFigures(ayarTyped: string, vaznTyped: string, tooLight: string = ABSHODEH_MESSAGES.tooLight):
  { ok: true; ayar: string; vazn: string } | { ok: false; errors: FigureErrors } {
  const errors: FigureErrors = {};
  const ayarText = normalizeNumber(ayarTyped.trim());
  const ayar = exactUnits(ayarTyped, AYAR_SCALE);
  if (!ayarText || ayarText === ".") errors.ayar = ABSHODEH_MESSAGES.ayarRequired;
  else if (ayar === null) errors.ayar = ABSHODEH_MESSAGES.ayarDecimals;
  else if (ayar <= 0n || ayar > AYAR_MAX_UNITS) errors.ayar = ABSHODEH_MESSAGES.ayarRange;

  const vaznText = normalizeNumber(vaznTyped.trim());
  const vazn = exactUnits(vaznTyped, GOLD_SCALE);
  if (!vaznText || vaznText === ".") errors.vazn = ABSHODEH_MESSAGES.vaznRequired;
  else if (vazn === null) errors.vazn = ABSHODEH_MESSAGES.vaznDecimals;
  else if (vazn <= 0n) errors.vazn = ABSHODEH_MESSAGES.vaznPositive;
  else if (!errors.ayar && vazn750Mg(vazn, ayar as bigint) <= 0n) errors.vazn = tooLight;

  if (errors.ayar || errors.vazn) return { ok: false, errors };
  return { ok: true, ayar: formatUnits(ayar as bigint, AYAR_SCALE), vazn: formatUnits(vazn as bigint, GOLD_SCALE) };
}

/** foldText trims a typed name and folds Arabic ي and ك into the Persian letters. */
export function foldText(value: string): string {
  return value.replace(/ي/g, "ی").replace(/ك/g, "ک").replace(/\s+/g, " ").trim();
}

/** sumGrams adds weights exactly and returns grams with three decimals. */
export function sumGrams(values: readonly (string | null | undefined)[]): string {
  return formatUnits(
    values.reduce<bigint>((sum, v) => sum + (parseUnits(v, GOLD_SCALE) ?? 0n), 0n),
    GOLD_SCALE,
  );
}

// ---- bars ---------------------------------------------------------------------------

const BAR_STATUSES = new Map<string, { label: string; tone: Tone }>([
  ["available", { label: "موجود", tone: "ok" }],
  ["reserved", { label: "رزرو شده", tone: "warn" }],
  ["delivered", { label: "تحویل داده شده", tone: "muted" }],
]);

/** barStatusLabel names a bar's status; an unknown one is shown raw. */
export function barStatusLabel(status: string | undefined): string {
  return BAR_STATUSES.get(status ?? "")?.label ?? (status || EMPTY);
}

/** barStatusTone colours a bar's badge: available green, reserved yellow, delivered grey. */
export function barStatusTone(status: string | undefined): Tone {
  return BAR_STATUSES.get(status ?? "")?.tone ?? "muted";
}

/** barLockReason says why a bar cannot be edited or deleted, or null when it can. */
export function barLockReason(bar: Pick<Bar, "status">): string | null {
  if (bar.status === "reserved") return ABSHODEH_MESSAGES.lockedReserved;
  if (bar.status === "delivered") return ABSHODEH_MESSAGES.lockedDelivered;
  return null;
}

// ---- gold requests ------------------------------------------------------------------

/** GOLD_REQUEST_STATUS_OPTIONS are the review filter's statuses: all, then the six in their order. */
export const GOLD_REQUEST_STATUS_OPTIONS: readonly { value: string; label: string }[] = [
  { value: "", label: "همه" },
  ...GOLD_REQUEST_STATUS_ORDER.map((value) => ({ value, label: goldRequestStatusLabel(value, "admin") })),
];

/** GoldDecision is a status the admin moves a request to. */
export type GoldDecision = "approved" | "ready" | "delivered" | "rejected";

/** DECISION_LABELS are the buttons of the review. */
export const DECISION_LABELS: Record<GoldDecision, string> = {
  approved: "تایید",
  ready: "آماده تحویل",
  delivered: "تحویل داده شد",
  rejected: "رد",
};

/** DECISION_DONE are the success toasts when the server sends no text. */
export const DECISION_DONE: Record<GoldDecision, string> = {
  approved: "درخواست تایید شد",
  ready: "درخواست آماده تحویل شد",
  delivered: "تحویل درخواست ثبت شد",
  rejected: "درخواست رد شد",
};

const TRANSITIONS = new Map<string, readonly GoldDecision[]>([
  ["pending", ["approved", "rejected"]],
  ["approved", ["ready", "delivered", "rejected"]],
  ["ready", ["delivered", "rejected"]],
]);

/** decisionsFor lists what the admin may do with a request in this status (decisions.md §6), rejection last. */
export function decisionsFor(status: string): readonly GoldDecision[] {
  return TRANSITIONS.get(status) ?? [];
}

/** GoldFilterForm is what the admin types into the review filter. */
export type GoldFilterForm = { userSearch: string; status: string; from: string; to: string };

/** EMPTY_GOLD_FILTER is the cleared review filter. */
export const EMPTY_GOLD_FILTER: GoldFilterForm = { userSearch: "", status: "", from: "", to: "" };

/** goldFilter turns the typed form into the query of GET /api/gold/admin-requests. */
export function goldFilter(
  form: GoldFilterForm,
): { ok: true; filter: GoldRequestFilter } | { ok: false; field: "from" | "to"; message: string } {
  const range = dateRange(form.from, form.to);
  if (!range.ok) return range;
  const filter: GoldRequestFilter = {};
  const search = toLatinDigits(form.userSearch.trim());
  if (search) filter.userSearch = search;
  if (form.status) filter.status = form.status;
  if (range.startDate) filter.startDate = range.startDate;
  if (range.endDate) filter.endDate = range.endDate;
  return { ok: true, filter };
}

/** requestsLoadError is the text of a failed load: a 404 means the server lacks the route (admin.md §8). */
export function requestsLoadError(err: unknown): string {
  if (err instanceof ApiError && err.status === 404) return ABSHODEH_MESSAGES.routeNotFound;
  return errorText(err, ABSHODEH_MESSAGES.requestsFailed);
}

/** decisionError is the text of a failed decision: a 404 means no such request (admin.md §8). */
export function decisionError(err: unknown): string {
  if (err instanceof ApiError && err.status === 404) return ABSHODEH_MESSAGES.requestNotFound;
  return errorText(err, ABSHODEH_MESSAGES.decisionFailed);
}
