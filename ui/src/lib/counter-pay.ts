// How a counter invoice is settled (issue 38): what the customer owes paid in any mix of methods, what the
// shop owes paid out, with what is left to settle shown as rows change, and the buyer (a customer of the shop,
// a walk-in, or nobody); each turned into the body of POST /api/admin/counter/invoices. The server checks the
// sums again: payments must meet the net exactly.
import type { CounterBuyerBody, CounterPaymentBody, CustomerBalances, PayMethod } from "../api-types";
import { sanitizeDecimal } from "./abshodeh";
import { toLatinDigits } from "./digits";
import { methodLabel } from "./invoice";
import { parseUnits } from "./ledger";
import { normalizePhone, nationalIdValid } from "./validate";

/** PayRow is a payment or payout as typed: rial as Latin digits, a wallet_gold payment's grams as typed. */
export type PayRow = { key: number; method: PayMethod; amount: string; gold: string };

const option = (value: PayMethod) => ({ value, label: methodLabel(value) });

/** PAYMENT_METHODS are how a customer pays at the counter. */
export const PAYMENT_METHODS: readonly { value: PayMethod; label: string }[] = (["cash", "card", "transfer", "wallet_rial", "wallet_gold"] as const).map(option);

/**
 * PAYOUT_METHODS are how the shop pays a customer in rial; the gold payout (wallet_gold), which credits the
 * buy-backs to the customer's gold instead, is a choice of its own (it stands alone).
 */
export const PAYOUT_METHODS: readonly { value: PayMethod; label: string }[] = (["cash", "transfer", "wallet_rial"] as const).map(option);

/** PAY_MESSAGES are the settlement's texts. */
export const PAY_MESSAGES = {
  amount: "مبلغ را به ریال بنویسید",
  gold: "مقدار طلا را به گرم بنویسید",
  needsCustomer: "فقط برای مشتری فروشگاه؛ مشتری را با شماره همراه پیدا کنید",
  goldAlone: "پرداخت به صورت طلا باید تنها پرداخت باشد",
  phone: "شماره همراه معتبر نیست (مثال: ۰۹۱۲۱۲۳۴۵۶۷)",
  nationalId: "کد ملی معتبر نیست",
} as const;

/** payRowOf starts a row of method; amount is what is left to settle, so one row settles it all. */
export function payRowOf(method: PayMethod, rest: bigint, key: number): PayRow {
  return { key, method, amount: method === "wallet_gold" || rest <= 0n ? "" : rest.toString(), gold: "" };
}

/** isWallet says whether a method moves the customer's own wallet (and so needs a customer of the shop). */
export const isWallet = (m: PayMethod) => m === "wallet_rial" || m === "wallet_gold";

/** goldPayout says whether the payouts credit the buy-backs as gold. */
export const goldPayout = (payouts: readonly PayRow[]) => payouts.some((p) => p.method === "wallet_gold");

/**
 * restOf is what is left to settle: of what the customer owes (net > 0) after the payments, or of what the shop
 * owes (net < 0) after the payouts; negative when too much is typed. A wallet_gold payment's rial is the
 * server's (goldRial, by row: the grams at the customer's own sell price now), nothing while it is not known;
 * a gold payout settles all.
 */
export function restOf(net: bigint, payments: readonly PayRow[], payouts: readonly PayRow[], goldRial: ReadonlyMap<number, bigint> = new Map()): bigint {
  if (net >= 0n) return net - payments.reduce((n, p) => n + (p.method === "wallet_gold" ? goldRial.get(p.key) ?? 0n : rialOf(p.amount)), 0n);
  if (goldPayout(payouts)) return 0n;
  return -net - payouts.reduce((n, p) => n + rialOf(p.amount), 0n);
}

const rialOf = (digits: string) => (/^\d+$/.test(digits) ? BigInt(digits) : 0n);

/**
 * goldRialOf pairs the server's priced payments (the valid rows' payments, in their order) back with the rows:
 * each wallet_gold row's rial, by key.
 */
export function goldRialOf(rows: readonly PayRow[], errors: PayErrors, priced: readonly { method: string; amount: number }[] | undefined): Map<number, bigint> {
  const out = new Map<number, bigint>();
  if (!priced) return out;
  const sent = rows.filter((r) => !errors[r.key]);
  sent.forEach((r, i) => {
    const p = priced[i];
    if (r.method === "wallet_gold" && p?.method === "wallet_gold") out.set(r.key, BigInt(p.amount));
  });
  return out;
}

/** PayErrors are the refused rows, by key. */
export type PayErrors = Record<number, string>;

/**
 * checkPayRows checks payments (payout false) or payouts and gives their body: every row its amount, a
 * wallet_gold payment its grams, a wallet_gold payout nothing and alone; a wallet method needs a customer.
 */
export function checkPayRows(rows: readonly PayRow[], payout: boolean, hasCustomer: boolean): { body: CounterPaymentBody[]; errors: PayErrors } {
  const errors: PayErrors = {};
  const body: CounterPaymentBody[] = [];
  for (const r of rows) {
    if (isWallet(r.method) && !hasCustomer) errors[r.key] = PAY_MESSAGES.needsCustomer;
    else if (r.method === "wallet_gold" && payout) {
      if (rows.length > 1) errors[r.key] = PAY_MESSAGES.goldAlone;
      else body.push({ method: r.method });
    } else if (r.method === "wallet_gold") {
      const mg = parseUnits(sanitizeDecimal(r.gold, 3), 3);
      if (!mg || mg <= 0n) errors[r.key] = PAY_MESSAGES.gold;
      else body.push({ method: r.method, gold: sanitizeDecimal(r.gold, 3) });
    } else if (rialOf(r.amount) <= 0n) errors[r.key] = PAY_MESSAGES.amount;
    else body.push({ method: r.method, amount: r.amount });
  }
  return { body, errors };
}

/** Walkin is a walk-in buyer's details as typed, all optional. */
export type Walkin = { first_name: string; last_name: string; phone: string; national_id: string };

/** Buyer is who the invoice is for; a customer is null while staff look them up. */
export type Buyer = { mode: "none" } | { mode: "customer"; customer: CustomerBalances | null } | { mode: "walkin"; walkin: Walkin };

/** buyerOfMode is a fresh buyer of mode: nobody, a customer yet to be found, a walk-in with nothing typed. */
export function buyerOfMode(mode: Buyer["mode"]): Buyer {
  return mode === "customer" ? { mode, customer: null } : mode === "walkin" ? { mode, walkin: EMPTY_WALKIN } : { mode: "none" };
}

/** EMPTY_WALKIN is a walk-in with nothing typed. */
export const EMPTY_WALKIN: Walkin = { first_name: "", last_name: "", phone: "", national_id: "" };

/** checkBuyer checks the buyer and gives the body's customer (undefined for nobody). */
export function checkBuyer(b: Buyer): { body: CounterBuyerBody | undefined; errors: Partial<Record<keyof Walkin, string>> } {
  if (b.mode === "none") return { body: undefined, errors: {} };
  if (b.mode === "customer") return { body: b.customer ? { user_id: b.customer.id } : undefined, errors: {} };
  const errors: Partial<Record<keyof Walkin, string>> = {};
  const w = b.walkin;
  const phone = w.phone.trim() ? normalizePhone(w.phone) : "";
  if (phone === null) errors.phone = PAY_MESSAGES.phone;
  const nid = toLatinDigits(w.national_id.trim());
  if (nid && !nationalIdValid(nid)) errors.national_id = PAY_MESSAGES.nationalId;
  const body: CounterBuyerBody = {};
  if (w.first_name.trim()) body.first_name = w.first_name.trim();
  if (w.last_name.trim()) body.last_name = w.last_name.trim();
  if (phone) body.phone = phone;
  if (nid) body.national_id = nid;
  return { body: Object.keys(body).length ? body : undefined, errors };
}
