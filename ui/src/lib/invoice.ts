// A counter invoice as the screens show it (issue 38): its number and status in Persian, its buyer, its lines
// parted into sales and buy-backs, where its printed page is, and the invoices list's filter turned into the
// query of GET /api/admin/counter/invoices (Jalali days as the API takes them, a number, name or phone). Where
// its printed page is lives in invoice-path.ts, which the customer's statement imports alone.
import type { Invoice, InvoiceBuyer, InvoiceFilter, InvoiceLine, PayMethod } from "../api-types";
import { FILTER_MESSAGES } from "./admin-filters";
import { toFaDigits, toLatinDigits } from "./digits";
import { compareJalali, formatJalaliValue, parseJalaliValue } from "./jalali";
import { fullName, type Tone } from "./labels";

/** INVOICE_MESSAGES are the invoices' own texts (the server's, when it sends one, win). */
export const INVOICE_MESSAGES = {
  loadFailed: "خطا در دریافت فاکتور",
  listFailed: "خطا در دریافت فاکتورها",
  voidFailed: "خطا در ابطال فاکتور",
  reasonRequired: "دلیل ابطال را بنویسید",
  notFound: "فاکتور پیدا نشد",
} as const;

/** invoiceNumber writes "1405-000123" as it is printed, in Persian digits, left to right. */
export const invoiceNumber = (inv: Pick<Invoice, "number">) => toFaDigits(inv.number);

/** invoiceStatusLabel names an invoice's status: recorded, or void (never deleted). */
export function invoiceStatusLabel(status: string): string {
  return status === "void" ? "باطل شده" : status === "recorded" ? "ثبت شده" : status;
}

/** invoiceStatusTone is green for a recorded invoice and red for a void one. */
export function invoiceStatusTone(status: string): Tone {
  return status === "void" ? "bad" : status === "recorded" ? "ok" : "muted";
}

const METHODS = new Map<string, string>([
  ["cash", "نقد"],
  ["card", "کارتخوان"],
  ["transfer", "انتقال بانکی"],
  ["wallet_rial", "کیف پول ریالی"],
  ["wallet_gold", "طلای کیف پول"],
] satisfies [PayMethod, string][]);

/** methodLabel names a way of paying or being paid (the counter's choices use it too); an unknown one is shown raw. */
export function methodLabel(method: string): string {
  return METHODS.get(method) ?? method;
}

/** WALK_IN is the buyer of an invoice that names nobody. */
export const WALK_IN = "مشتری حضوری";

/** buyerName is an invoice's buyer as a line says it: the name, else the phone, else a walk-in. */
export function buyerName(c: InvoiceBuyer | null | undefined): string {
  if (!c) return WALK_IN;
  return fullName(c.first_name, c.last_name) || (c.phone ? toFaDigits(c.phone) : WALK_IN);
}

/** invoiceLines parts an invoice's lines into what it sold and what it bought back, in their order. */
export function invoiceLines(inv: Pick<Invoice, "lines">): { sales: InvoiceLine[]; buybacks: InvoiceLine[] } {
  const lines = Array.isArray(inv.lines) ? inv.lines : [];
  return { sales: lines.filter((l) => l.side === "sale"), buybacks: lines.filter((l) => l.side === "buy_back") };
}

/** InvoiceFilterForm is what staff type into the invoices list's filter. */
export type InvoiceFilterForm = { search: string; from: string; to: string };

/** EMPTY_INVOICE_FILTER is the cleared filter. */
export const EMPTY_INVOICE_FILTER: InvoiceFilterForm = { search: "", from: "", to: "" };

/**
 * invoiceFilter turns the form into the query: the days Jalali in Latin digits ("1405/01/09"), both inclusive,
 * the search in Latin digits; a day that is no date, or a start after the end, is refused.
 */
export function invoiceFilter(form: InvoiceFilterForm): { ok: true; filter: InvoiceFilter } | { ok: false; field: "from" | "to"; message: string } {
  const from = form.from.trim() ? parseJalaliValue(form.from) : null;
  if (form.from.trim() && !from) return { ok: false, field: "from", message: FILTER_MESSAGES.badDate };
  const to = form.to.trim() ? parseJalaliValue(form.to) : null;
  if (form.to.trim() && !to) return { ok: false, field: "to", message: FILTER_MESSAGES.badDate };
  if (from && to && compareJalali(from, to) > 0) return { ok: false, field: "from", message: FILTER_MESSAGES.startAfterEnd };
  const filter: InvoiceFilter = {};
  const search = toLatinDigits(form.search.trim());
  if (search) filter.search = search;
  if (from) filter.from = formatJalaliValue(from);
  if (to) filter.to = formatJalaliValue(to);
  return { ok: true, filter };
}
