// The admin lists' filters turned into query values: Jalali days into the server's Tehran
// wall-clock strings (decisions.md §2), typed numbers into Latin digits.
import { toGregorian } from "jalaali-js";
import type { BalancesFilter, WalletFilter } from "../api";
import { normalizeNumber, toLatinDigits } from "./digits";
import { compareJalali, parseJalaliValue, type JalaliDate } from "./jalali";

/** FILTER_MESSAGES are the filter errors (admin.md §5, §8). */
export const FILTER_MESSAGES = {
  startAfterEnd: "تاریخ شروع نمی‌تواند بعد از تاریخ پایان باشد",
  badDate: "تاریخ معتبر نیست (مثال: ۱۴۰۴/۰۱/۰۱)",
} as const;

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

/** jalaliToIsoDay is the Gregorian day of a Jalali date as "YYYY-MM-DD". */
export function jalaliToIsoDay(d: JalaliDate): string {
  const g = toGregorian(d.jy, d.jm, d.jd);
  return `${g.gy}-${pad2(g.gm)}-${pad2(g.gd)}`;
}

/** DateRange is the outcome of checking a from/to pair of typed Jalali dates. */
export type DateRange =
  | { ok: true; startDate?: string; endDate?: string }
  | { ok: false; field: "from" | "to"; message: string };

/**
 * dateRange checks two typed Jalali days (either may be empty) and turns them into the server's
 * `YYYY-MM-DDTHH:mm:ss` Tehran strings: the start at 00:00:00, the end at 23:59:59.
 * A start after the end is refused (admin.md §5).
 */
export function dateRange(from: string, to: string): DateRange {
  const f = from.trim() ? parseJalaliValue(from) : null;
  if (from.trim() && !f) return { ok: false, field: "from", message: FILTER_MESSAGES.badDate };
  const t = to.trim() ? parseJalaliValue(to) : null;
  if (to.trim() && !t) return { ok: false, field: "to", message: FILTER_MESSAGES.badDate };
  if (f && t && compareJalali(f, t) > 0) return { ok: false, field: "from", message: FILTER_MESSAGES.startAfterEnd };
  return {
    ok: true,
    startDate: f ? `${jalaliToIsoDay(f)}T00:00:00` : undefined,
    endDate: t ? `${jalaliToIsoDay(t)}T23:59:59` : undefined,
  };
}

/** WalletFilterForm is what the admin types into the wallet requests filter. */
export type WalletFilterForm = { userSearch: string; type: string; status: string; from: string; to: string };

/** EMPTY_WALLET_FILTER is the cleared wallet requests filter. */
export const EMPTY_WALLET_FILTER: WalletFilterForm = { userSearch: "", type: "", status: "", from: "", to: "" };

/** walletFilter turns the typed form into the query of GET /api/wallet/requests/admin. */
export function walletFilter(form: WalletFilterForm): { ok: true; filter: WalletFilter } | { ok: false; field: "from" | "to"; message: string } {
  const range = dateRange(form.from, form.to);
  if (!range.ok) return range;
  const filter: WalletFilter = {};
  const search = toLatinDigits(form.userSearch.trim());
  if (search) filter.userSearch = search;
  if (form.type) filter.type = form.type;
  if (form.status) filter.status = form.status;
  if (range.startDate) filter.startDate = range.startDate;
  if (range.endDate) filter.endDate = range.endDate;
  return { ok: true, filter };
}

/** BalancesFilterForm is what the admin types into the users-balances filter. */
export type BalancesFilterForm = { search: string; minRial: string; maxRial: string; minGold: string; maxGold: string };

/** EMPTY_BALANCES_FILTER is the cleared users-balances filter. */
export const EMPTY_BALANCES_FILTER: BalancesFilterForm = { search: "", minRial: "", maxRial: "", minGold: "", maxGold: "" };

/** balancesFilter turns the typed form into the query of GET /api/admin/users-balances (Latin digits, no separators). */
export function balancesFilter(form: BalancesFilterForm): BalancesFilter {
  const out: BalancesFilter = {};
  const search = toLatinDigits(form.search.trim());
  if (search) out.search = search;
  const rial = (v: string) => normalizeNumber(v).split(".")[0];
  const gold = (v: string) => {
    const n = normalizeNumber(v);
    return n === "." ? "" : n;
  };
  const set = (key: keyof BalancesFilter, value: string) => {
    if (value) out[key] = value;
  };
  set("minRial", rial(form.minRial));
  set("maxRial", rial(form.maxRial));
  set("minGold", gold(form.minGold));
  set("maxGold", gold(form.maxGold));
  return out;
}
