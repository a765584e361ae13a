// The admin's buy/sell listing (admin.md §2, "Buy/sell listing"): the typed filter turned into the query, and
// which of a trade's ledger amounts are its weight and its total.
import type { GoldTransaction, GoldTransactionFilter } from "../api";
import { dateRange } from "./admin-filters";
import { normalizeNumber, toLatinDigits } from "./digits";
import type { Tone } from "./labels";
import { formatUnits, GOLD_SCALE, parseUnits } from "./ledger";

/** TRADE_TYPES are the type filter's choices: all, buy, sell. */
export const TRADE_TYPES = [
  { value: "", label: "همه" },
  { value: "buy", label: "خرید" },
  { value: "sell", label: "فروش" },
] as const;

/** TRADE_STATUSES are the status filter's choices: all, approved, rejected (admin.md §4). */
export const TRADE_STATUSES = [
  { value: "", label: "همه" },
  { value: "approved", label: "تایید شده" },
  { value: "rejected", label: "رد شده" },
] as const;

/** GoldTxFilterForm is what the admin types into the buy/sell filter. */
export type GoldTxFilterForm = {
  search: string;
  type: string;
  status: string;
  minWeight: string;
  maxWeight: string;
  minPrice: string;
  maxPrice: string;
  from: string;
  to: string;
};

/** EMPTY_GOLD_TX_FILTER is the cleared filter. */
export const EMPTY_GOLD_TX_FILTER: GoldTxFilterForm = {
  search: "",
  type: "",
  status: "",
  minWeight: "",
  maxWeight: "",
  minPrice: "",
  maxPrice: "",
  from: "",
  to: "",
};

/** grams is a typed weight for the query: Latin digits, a dot, at most 3 decimals; "" if none. */
function grams(v: string): string {
  const n = normalizeNumber(v);
  if (!n || n === ".") return "";
  const [int, frac = ""] = n.split(".");
  const cut = frac.slice(0, GOLD_SCALE);
  return `${int || "0"}${cut ? `.${cut}` : ""}`;
}

/** rials is a typed price for the query: its whole rials in Latin digits; "" if none. */
function rials(v: string): string {
  return normalizeNumber(v).split(".")[0];
}

/** GoldTxFilterResult is the query to send, or why the filter cannot be applied. */
export type GoldTxFilterResult = { ok: true; filter: GoldTransactionFilter } | { ok: false; field: "from" | "to"; message: string };

/**
 * goldTxFilter turns the typed form into the query of GET /api/adminGoldTransactions/gold-transactions:
 * empty values left out, numbers in Latin digits, Jalali days as Tehran start and end of day. A start
 * date after the end date is refused and nothing is searched (admin.md §5).
 */
export function goldTxFilter(form: GoldTxFilterForm): GoldTxFilterResult {
  const range = dateRange(form.from, form.to);
  if (!range.ok) return range;
  const out: GoldTransactionFilter = {};
  const set = (key: keyof GoldTransactionFilter, value: string | undefined) => {
    if (value) out[key] = value;
  };
  set("search", toLatinDigits(form.search.trim()));
  set("type", form.type);
  set("status", form.status);
  set("minWeight", grams(form.minWeight));
  set("maxWeight", grams(form.maxWeight));
  set("minPricePerGram", rials(form.minPrice));
  set("maxPricePerGram", rials(form.maxPrice));
  set("startDate", range.startDate);
  set("endDate", range.endDate);
  return { ok: true, filter: out };
}

/** tradeWeight is the gold a trade moved: credited on a buy, debited on a sell. */
export function tradeWeight(t: Pick<GoldTransaction, "type" | "credit_gold" | "debit_gold">): string {
  return t.type === "buy" ? t.credit_gold : t.debit_gold;
}

/** tradeTotal is the rial a trade moved: debited on a buy, credited on a sell. */
export function tradeTotal(t: Pick<GoldTransaction, "type" | "debit_rial" | "credit_rial">): string {
  return t.type === "buy" ? t.debit_rial : t.credit_rial;
}

/** tradeTypeTone colours a trade's type badge: a buy green, a sell blue, as deposit and withdraw are. */
export function tradeTypeTone(type: string): Tone {
  return type === "buy" ? "ok" : type === "sell" ? "info" : "muted";
}

/** TradeSums are the grams bought and sold in a list, canonical strings. */
export type TradeSums = { buyGold: string; sellGold: string };

/** tradeSums adds up the weights of the approved buys and sells of a list, exactly. */
export function tradeSums(list: readonly GoldTransaction[]): TradeSums {
  let buy = 0n;
  let sell = 0n;
  for (const t of list) {
    if (t.status !== "approved") continue;
    const w = parseUnits(tradeWeight(t), GOLD_SCALE) ?? 0n;
    if (t.type === "buy") buy += w;
    else if (t.type === "sell") sell += w;
  }
  return { buyGold: formatUnits(buy, GOLD_SCALE), sellGold: formatUnits(sell, GOLD_SCALE) };
}
