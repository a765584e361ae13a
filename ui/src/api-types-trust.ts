// The shapes of the trust calls (issue 17): the vault, the reserve and its guard, the shop's bank balances, the
// printed statement and the owner's exports. api.ts re-exports them with the rest of api-types.ts.
import type { Entry } from "./api-types";

/** VaultKind is what a vault item is: a coded bar, a coin, melted gold or jewellery stock. */
export type VaultKind = "bar" | "coin" | "melted" | "jewellery";

/** VaultItem is one of the shop's physical holdings (issue 17); weight750 is the server's. */
export type VaultItem = {
  id: number;
  kind: VaultKind;
  description: string;
  weight: string;
  purity: string;
  weight750: string;
  lab: string;
  ingot_number: string;
  standard_code: string;
  production_code: string;
  tracking_code: string;
  status: "in" | "out";
  requestable: boolean;
  /** bar_id is set on an abshodeh bar's item. */
  bar_id?: number;
  created_at: string;
  updated_at: string;
};

/** VaultItemForm is the body of POST and PUT /api/admin/vault. */
export type VaultItemForm = {
  kind: VaultKind;
  description: string;
  weight: string;
  purity: string;
  lab: string;
  ingot_number: string;
  standard_code: string;
  production_code: string;
  tracking_code: string;
  note?: string;
};

/** VaultTotal is what the vault holds of one kind. */
export type VaultTotal = { kind: VaultKind; count: number; weight750: string };

/** Vault is GET /api/admin/vault: the items shown, the totals of what is in and the 750-equivalent held. */
export type Vault = { items: VaultItem[]; totals: VaultTotal[]; held: string };

/** VaultOutReason is why the owner takes an item out (a delivery is recorded on its gold request). */
export type VaultOutReason = "sold" | "melted" | "corrected";

/** VaultMove is one entry of an item's history; the figures only where the move changed them. */
export type VaultMove = {
  id: number;
  kind: "received" | "delivered" | "sold" | "melted" | "corrected";
  delta750: string;
  weight_before?: string;
  weight_after?: string;
  purity_before?: string;
  purity_after?: string;
  status_after: "in" | "out";
  note: string;
  admin_id?: number;
  gold_request_id?: number;
  created_at: string;
};

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

/** StatementBalances is a customer's rial and gold (grams, three decimals) at one moment. */
export type StatementBalances = { rial: string; gold: string };

/**
 * StatementRange is GET /api/transactions/statement?from=&to= (Tehran days, YYYY-MM-DD Gregorian, both
 * included): the balances at the start of from and at the end of to, and every entry between, oldest first,
 * each with the balances after it.
 */
export type StatementRange = {
  from: string;
  to: string;
  opening: StatementBalances;
  closing: StatementBalances;
  transactions: Entry[];
};

/** ExportName is one of the owner's CSV exports. */
export type ExportName = "trades" | "wallet-requests" | "gold-requests" | "customers";

/** StorageRoom is one file system's room (GET /api/admin/storage): bytes free and in all, and its level. */
export type StorageRoom = { free_bytes: number; total_bytes: number; level: "ok" | "low" | "full"; last_full_at: string | null };

/** Storage is the data folder's file system, with the backup folder's under backups (null: no backups kept). */
export type Storage = StorageRoom & { backups: StorageRoom | null };

/** Replica is GET /api/admin/replica: the Litestream replica's state; alert once it has failed five minutes. */
export type Replica = {
  configured: boolean;
  url?: string;
  ok?: boolean;
  lag_seconds?: number;
  last_error?: string;
  last_ok_at?: string | null;
  failing_since?: string | null;
  alert?: boolean;
};

/** ServerClock is GET /api/admin/clock: how far the wall clock is behind the shop's, and its last step back. */
export type ServerClock = {
  now: string;
  behind_seconds: number;
  stepped_back_at: string | null;
  stepped_back_seconds: number;
  alert: boolean;
};
