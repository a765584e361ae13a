// The counter's calls (issue 38), apart from api.ts and api-admin.ts: the counter screens load them with their
// own code, and the printed invoice, which a customer opens too, carries them without the admin's other calls.
import { ApiError, idem, query, request } from "./api";
import type {
  CounterInvoiceBody, CounterLinesBody, CounterPriced, CounterSettings, CounterTerms, Invoice, InvoiceFilter, InvoicePage, Message, VaultItem,
} from "./api-types";

/** counterApi lists the counter's calls: staff and owner, the owner's settings and voids, and a customer's own invoice. */
export const counterApi = {
  terms: () => request<CounterTerms>("GET", "/api/admin/counter/terms"),
  settings: () => request<CounterSettings>("GET", "/api/admin/counter/settings"),
  saveSettings: (s: CounterSettings) => request<Message & { settings: CounterSettings }>("PUT", "/api/admin/counter/settings", s),
  /** itemByTag finds the piece a scanned or typed tag names: 404 none, 409 sold or out. */
  itemByTag: (code: string) => request<{ item: VaultItem }>("GET", `/api/admin/vault/by-tag/${encodeURIComponent(code)}`),
  item: (id: number) => request<{ item: VaultItem }>("GET", `/api/admin/vault/${id}`),
  /** price prices the lines without writing anything; its answer is the invoice's figures. */
  price: (body: CounterLinesBody) => request<CounterPriced>("POST", "/api/admin/counter/price", body),
  /**
   * record records the invoice. One that takes from the customer's wallet is theirs to allow: the first call
   * texts them a code and answers 403, which resolves as {code_required: true, message}; the same invoice with
   * verification_code (under the same key: the 403 gave it back) then records it.
   */
  record: async (body: CounterInvoiceBody, key: string, verification_code?: string) => {
    try {
      return await request<Message & { invoice: Invoice; code_required?: false }>(
        "POST", "/api/admin/counter/invoices", verification_code ? { ...body, verification_code } : body, idem(key),
      );
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) return { code_required: true as const, message: err.message };
      throw err;
    }
  },
  invoices: (f: InvoiceFilter) => request<InvoicePage>("GET", `/api/admin/counter/invoices${query(f)}`),
  invoice: (id: number) => request<{ invoice: Invoice }>("GET", `/api/admin/counter/invoices/${id}`),
  void: (id: number, reason: string, key: string) =>
    request<Message & { invoice: Invoice }>("POST", `/api/admin/counter/invoices/${id}/void`, { reason }, idem(key)),
  /** myInvoice is a customer's own invoice (404 for anyone else's). */
  myInvoice: (id: number) => request<{ invoice: Invoice }>("GET", `/api/counter/invoices/${id}`),
};
