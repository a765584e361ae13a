// Savings plans (issue 29): the screen's words, the plan in a sentence, and its calls. A plan is made or
// changed with a texted code bound to its terms: the first call answers 403 (code_required), the same call
// with verification_code makes it.
import { request, type Message } from "../api";
import { postTerms } from "./code-asked";
import { toFaDigits } from "./digits";
import { faNumber } from "./money";

export type PlanEvery = "day" | "week" | "month";

/** PlanRun is one run of a plan, bought or skipped with its reason word. */
export type PlanRun = { due_at: string; at: string; status: "bought" | "skipped"; reason: string; amount_rial: string; amount_gold: string };

/** Plan is GET /api/plans' item (history only from GET /api/plans/{id}). */
export type Plan = {
  id: number;
  amount_rial: string;
  every: PlanEvery;
  weekday: number | null;
  day: number | null;
  time: string;
  status: "active" | "paused";
  next_run_at: string | null;
  spent_rial: string;
  bought_gold: string;
  created_at: string;
  history?: PlanRun[];
};

/** PlanTerms is what a plan is made with. */
export type PlanTerms = { amount_rial: string; every: PlanEvery; weekday?: number; day?: number; time: string };

/** PLAN_MESSAGES are the texts of the plans screen. */
export const PLAN_MESSAGES = {
  loadFailed: "دریافت طرح‌های پس‌انداز ناموفق بود",
  amountRequired: "مبلغ هر خرید را به ریال وارد کنید",
  timeRequired: "ساعت خرید را انتخاب کنید",
  saveFailed: "ساخت طرح ناموفق بود",
  deleted: "طرح پس‌انداز حذف شد",
  codeAsked: "کد تایید طرح پیامک شد",
} as const;

/** EVERY_LABELS name each period as the form offers it. */
export const EVERY_LABELS: Record<PlanEvery, string> = { day: "هر روز", week: "هر هفته", month: "هر ماه" };

/** WEEKDAYS are the days of the week from Saturday (0), as the server counts them. */
export const WEEKDAYS = ["شنبه", "یکشنبه", "دوشنبه", "سه‌شنبه", "چهارشنبه", "پنجشنبه", "جمعه"];

/** SKIP_REASONS say why a run bought nothing. */
export const SKIP_REASONS: Record<string, string> = {
  plans_off: "طرح‌ها را فروشگاه متوقف کرده بود",
  closed: "خرید بسته بود",
  price: "قیمت به‌روز نبود",
  weight: "مبلغ خارج از حد مجاز معامله بود",
  funds: "موجودی ریالی کافی نبود",
  reserve: "طلای خزانه کافی نبود",
  limit: "به سقف خرید روزانه رسیده بودید",
};

/** planText says a plan in one sentence: "هر هفته، دوشنبه ساعت ۰۹:۳۰: ۱۰٬۰۰۰٬۰۰۰ ریال". */
export function planText(p: { every: PlanEvery; weekday?: number | null; day?: number | null; time: string; amount_rial: string }): string {
  const when =
    p.every === "week" ? `هر هفته، ${WEEKDAYS[p.weekday ?? 0]}` : p.every === "month" ? `هر ماه، روز ${toFaDigits(String(p.day ?? 1))}` : "هر روز";
  return `${when} ساعت ${toFaDigits(p.time)}: خرید ${faNumber(p.amount_rial)} ریال طلا`;
}

/** planFormError is the form's complaint, or null. */
export function planFormError(digits: string, time: string): string | null {
  if (!/^[1-9]\d*$/.test(digits)) return PLAN_MESSAGES.amountRequired;
  if (!/^\d\d:\d\d$/.test(time)) return PLAN_MESSAGES.timeRequired;
  return null;
}

type Made = Message & { plan: Plan; code_required?: false };

/** plansApi are the plans screen's calls. */
export const plansApi = {
  list: () => request<{ plans: Plan[] }>("GET", "/api/plans"),
  get: (id: number) => request<{ plan: Plan }>("GET", `/api/plans/${id}`),
  /** create answers {code_required} until it is sent with the texted code. */
  create: (terms: PlanTerms, verification_code?: string) => postTerms<Made>("/api/plans", terms, verification_code),
  setStatus: (id: number, status: "active" | "paused") => request<Made>("PUT", `/api/plans/${id}`, { status }),
  remove: (id: number) => request<Message>("DELETE", `/api/plans/${id}`),
};
