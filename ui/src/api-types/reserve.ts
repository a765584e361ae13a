// The reserve and its guard, and the shop's bank balances (issue 17). api.ts re-exports every shape
// (api-types/index.ts).
import type { StockMonth, StockStates } from "./stock";
import type { VaultTotal } from "./vault";

/** ReservePoint is one Tehran day of GET /api/reserves: date YYYY-MM-DD (Gregorian), grams with three decimals. */
export type ReservePoint = { date: string; owed: string; held: string };

/** Reserves is GET /api/reserves: gold owed to customers, gold held (750-equivalent), and 90 days of both. */
export type Reserves = {
  owed: string;
  held: string;
  /** ratio is held/owed with two decimals; null while nothing is owed. */
  ratio: string | null;
  updated_at: string | null;
  /** history is one point per Tehran day, oldest first. */
  history: ReservePoint[];
};

/** ReserveLevel is how close the shop is to its margin: ok, near it (warn the owner) or short (buys refused). */
export type ReserveLevel = "ok" | "near" | "short";

/**
 * ReservePanel is GET /api/admin/reserve (owner): gold owed against gold held, in grams with three decimals.
 * reserve = held − promised (bars promised to approved or ready deliveries); room is how much more a buy may
 * add under the margin ("0.000" when short); ratio is reserve/owed with two decimals, null while nothing is owed.
 */
export type ReservePanel = {
  owed: string;
  held: string;
  promised: string;
  reserve: string;
  room: string;
  ratio: string | null;
  margin_percent: string;
  guard_enabled: boolean;
  level: ReserveLevel;
  /** composition is what the vault holds, by kind. */
  composition: VaultTotal[];
  /** states and month are the shop's stock by state and this Jalali month at the counter (issue 39). */
  states?: StockStates;
  month?: StockMonth;
};

/** ReserveSettings is GET/PUT /api/admin/reserve-settings; turning the guard off needs confirm: true. */
export type ReserveSettings = { margin_percent: string; guard_enabled: boolean };

/** BankBalance is one dated record of the shop's balance at a bank; as_of is YYYY-MM-DD (Gregorian). */
export type BankBalance = { id: number; bank: string; balance: string; as_of: string; created_at: string };

/**
 * BankBalances is GET /api/admin/bank-balances (owner): every record, newest first; latest keeps the newest
 * record of each bank; total sums latest; rial_owed is every customer's rial (free and held); ratio is
 * total/rial_owed with two decimals, null while nothing is owed.
 */
export type BankBalances = {
  items: BankBalance[];
  latest: BankBalance[];
  total: string;
  rial_owed: string;
  ratio: string | null;
};

/** BankBalanceForm is the body of POST /api/admin/bank-balances. */
export type BankBalanceForm = { bank: string; balance: string; as_of: string };
