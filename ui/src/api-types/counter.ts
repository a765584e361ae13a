// The counter (issue 38): walk-in sales, buy-backs and trade-ins on one invoice. Rial are JSON numbers in the
// answers; gold and purity strings as the vault's; percents strings with two decimals ("18.00").
// api.ts re-exports every shape (api-types/index.ts).

/** CounterTerms is GET /api/admin/counter/terms: what an invoice is priced at now. */
export type CounterTerms = {
  base_price: number;
  buy_back_price: number;
  profit_percent: string;
  fineness_deduction_percent: string;
  vat: { percent: string; from: string };
  is_price_fresh: boolean;
  price_at: string;
};

/** VatRateRow is one dated VAT rate: in force from a Jalali day ("1403/01/01"). */
export type VatRateRow = { from: string; percent: string };

/** CounterSettings is GET and PUT /api/admin/counter/settings (owner). */
export type CounterSettings = {
  buy_back_spread_rial: number | string;
  profit_percent: string;
  fineness_deduction_percent: string;
  vat_rates: VatRateRow[];
};

/** CounterSaleBody is a sale line as sent: a field left out takes the item's default wage and the owner's profit. */
export type CounterSaleBody = {
  item_id: number;
  wage_percent?: string;
  wage_rial_per_gram?: string;
  profit_percent?: string;
  price_rial?: string;
  extras_rial?: string;
  discount_rial?: string;
};

/** CounterBuyBackBody is used gold bought back, as sent. */
export type CounterBuyBackBody = { description?: string; weight: string; purity: string; deduction_percent?: string };

/** PayMethod is how money comes in or goes out at the counter. */
export type PayMethod = "cash" | "card" | "transfer" | "wallet_rial" | "wallet_gold";

/** CounterPaymentBody is a payment or payout as sent: a wallet_gold payment gives grams, a wallet_gold payout nothing. */
export type CounterPaymentBody = { method: PayMethod; amount?: string; gold?: string };

/** CounterBuyerBody is the invoice's buyer: a customer by id, or a walk-in's details. */
export type CounterBuyerBody = { user_id: number } | { first_name?: string; last_name?: string; phone?: string; national_id?: string };

/**
 * CounterLinesBody is POST /api/admin/counter/price's body; with the customer and their payments the answer also
 * prices a wallet_gold payment at the customer's own sell price.
 */
export type CounterLinesBody = {
  sales: CounterSaleBody[];
  buybacks: CounterBuyBackBody[];
  payouts?: CounterPaymentBody[];
  customer?: CounterBuyerBody;
  payments?: CounterPaymentBody[];
};

/** CounterInvoiceBody is POST /api/admin/counter/invoices' body. */
export type CounterInvoiceBody = CounterLinesBody & { customer?: CounterBuyerBody; payments: CounterPaymentBody[]; payouts: CounterPaymentBody[] };

/** InvoiceLine is one priced line; a buy-back's gold_value and total are its value, its weight750 after the deduction. */
export type InvoiceLine = {
  side: "sale" | "buy_back";
  item_id: number;
  kind: string;
  description: string;
  weight: string;
  purity: string;
  weight750: string;
  wage_percent?: string;
  wage_rial_per_gram?: number;
  profit_percent?: string;
  deduction_percent?: string;
  gold_value: number;
  wage: number;
  profit: number;
  commission: number;
  vat: number;
  extras: number;
  discount: number;
  total: number;
};

/** InvoiceTotals are an invoice's sums and the prices it was made at. */
export type InvoiceTotals = {
  sales: number;
  buybacks: number;
  vat: number;
  buybacks750: string;
  base_price: number;
  buy_back_price: number;
  vat_percent: string;
  vat_from: string;
};

/**
 * CounterPriced is POST /api/admin/counter/price's answer; net positive is what the customer pays. payments are
 * the payments sent, a wallet_gold one with its rial, and rest what is left to pay (where the server sends them).
 */
export type CounterPriced = { lines: InvoiceLine[]; totals: InvoiceTotals; net: number; net_words: string; payments?: InvoicePayment[]; rest?: number };

/** InvoicePayment is a recorded payment or payout; a wallet_gold payment carries the grams it sold. */
export type InvoicePayment = { method: PayMethod; amount: number; gold?: string };

/** InvoiceBuyer is who the invoice is for (all empty for none). */
export type InvoiceBuyer = { user_id?: number; first_name: string; last_name: string; phone: string; national_id: string };

/** Invoice is a recorded counter invoice; the list leaves its lines empty. */
export type Invoice = {
  id: number;
  number: string;
  status: "recorded" | "void";
  customer: InvoiceBuyer;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  net: number;
  net_words: string;
  payments: InvoicePayment[];
  payouts: InvoicePayment[];
  created_at: string;
  created_by: number;
  /** created_by_name is who recorded it, as the invoice prints it. */
  created_by_name: string;
  void: null | { reason: string; by: number; at: string };
};

/** InvoicePage is one page of GET /api/admin/counter/invoices, newest first; next_cursor null on the last. */
export type InvoicePage = { invoices: Invoice[]; next_cursor: string | null };

/** InvoiceFilter is its query: Jalali days (Latin digits), a number, name or phone. */
export type InvoiceFilter = { from?: string; to?: string; search?: string; cursor?: string };
