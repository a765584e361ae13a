// The abshodeh screen's rules and texts (customer.md §5 and §8, decisions.md §6), apart from the screen so
// they are tested. Weights stay decimal strings; any arithmetic on them is BigInt milligrams.
import type { Bar, GoldRequest } from "../api";
import { toFaDigits } from "./digits";
import { formatUnits, GOLD_SCALE, parseUnits } from "./ledger";
import { EMPTY, faNumber } from "./money";

/** GOLD_MESSAGES are the abshodeh screen's Persian texts. */
export const GOLD_MESSAGES = {
  loadFailed: "خطا در دریافت اطلاعات",
  requestFailed: "خطا در ثبت درخواست",
  requestDone: "درخواست آبشده ثبت شد و پس از بررسی نتیجه به شما اعلام می‌شود",
  cancelFailed: "خطا در لغو درخواست",
  cancelDone: "درخواست آبشده لغو شد",
  pendingBlocks: "شما یک درخواست آبشده دارید؛ برای انتخاب آبشده جدید، درخواست قبلی را لغو کنید",
  selectRequired: "لطفاً یک آبشده انتخاب کنید",
  confirmCancel: "آیا از لغو این درخواست آبشده اطمینان دارید؟",
  noClose: "آبشده‌ای متناسب با موجودی شما موجود نیست",
  noHigher: "آبشده‌ای بیشتر از موجودی شما موجود نیست",
  noRequests: "هنوز درخواست آبشده‌ای ثبت نکرده‌اید",
} as const;

/** PURITY_SCALE is the number of decimals of a purity (عیار) in thousandths. */
export const PURITY_SCALE = 2;

/**
 * formatPurity shows a purity in thousandths as a gold shop writes it: no grouping and no trailing zeros,
 * "750.00" → "۷۵۰", "999.90" → "۹۹۹/۹", "1000" → "۱۰۰۰". Decimals past the second are cut.
 */
export function formatPurity(value: string | number | null | undefined): string {
  const units = parseUnits(value, PURITY_SCALE);
  if (units === null) return EMPTY;
  return faNumber(formatUnits(units, PURITY_SCALE).replace(/\.?0+$/, ""), { group: false });
}

/** faText shows a lab name or an ingot number as typed, with Persian digits, or a dash when blank. */
export function faText(value: string | number | null | undefined): string {
  const s = value === null || value === undefined ? "" : String(value).trim();
  return s ? toFaDigits(s) : EMPTY;
}

/**
 * shortfallOf is how much gold a bar above the balance lacks: the server's shortfall when it sent one,
 * otherwise vazn750 minus the available gold, never below zero. A canonical gram string: "0.250".
 */
export function shortfallOf(bar: Pick<Bar, "vazn750" | "shortfall">, availableGold: string | null | undefined): string | null {
  const sent = parseUnits(bar.shortfall, GOLD_SCALE);
  if (sent !== null) return formatUnits(sent, GOLD_SCALE);
  const need = parseUnits(bar.vazn750, GOLD_SCALE);
  const have = parseUnits(availableGold, GOLD_SCALE);
  if (need === null || have === null) return null;
  return formatUnits(need > have ? need - have : 0n, GOLD_SCALE);
}

/** pendingRequest is the customer's pending request, if any: there is at most one (decisions.md §6). */
export function pendingRequest(requests: readonly GoldRequest[] | null | undefined): GoldRequest | undefined {
  return requests?.find((r) => r.status === "pending");
}

/** canCancel tells whether the customer may cancel a request: only while it is pending. */
export function canCancel(request: Pick<GoldRequest, "status">): boolean {
  return request.status === "pending";
}

/** selectError says why a bar cannot be chosen now: a pending request blocks choosing another. */
export function selectError(requests: readonly GoldRequest[] | null | undefined): string | null {
  return pendingRequest(requests) ? GOLD_MESSAGES.pendingBlocks : null;
}

/** sendError says why the request cannot be sent: a pending request, or nothing chosen. */
export function sendError(selected: Bar | null | undefined, requests: readonly GoldRequest[] | null | undefined): string | null {
  return selectError(requests) ?? (selected ? null : GOLD_MESSAGES.selectRequired);
}

/**
 * keepSelected keeps the chosen bar after a reload only while it is still selectable: taken by someone
 * else, or now above the available gold, it is dropped. The fresh copy is returned so its figures are current.
 */
export function keepSelected(selected: Bar | null, close: readonly Bar[]): Bar | null {
  if (!selected) return null;
  return close.find((b) => b.id === selected.id) ?? null;
}

/**
 * cancelKey is the idempotency key of cancelling an abshodeh request: a request is cancelled once, so one
 * key each, named apart from a wallet request's key of the same id.
 */
export const cancelKey = (id: number) => `gold-cancel-${id}`;
