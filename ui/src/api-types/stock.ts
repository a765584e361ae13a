// The shop's stock and day (issue 39): melt batches and the lots they take, the drawer's day at the counter,
// and the days not closed yet. Rial are JSON numbers, gold strings in grams of 750 ("-0.050" a gain), days
// Tehran days "YYYY-MM-DD". api.ts re-exports every shape (api-types/index.ts).
import type { VaultItem } from "./vault";

/** MeltStatus is where a melt batch is: at the melter, assayed (done), or cancelled with its lots back. */
export type MeltStatus = "sent" | "done" | "cancelled";

/** MeltLot is one lot of a batch, as it went in. */
export type MeltLot = { id: number; tag: string; description: string; weight: string; purity: string; weight750: string };

/** MeltBatch is lots sent to the melter together; bar_id, bar750 and loss750 are null until done. */
export type MeltBatch = {
  id: number;
  status: MeltStatus;
  melter: string;
  note: string;
  lots: MeltLot[];
  lots750: string;
  bar_id: number | null;
  bar750: string | null;
  /** loss750 is the lots' 750-equivalent less the bar's; negative a gain */
  loss750: string | null;
  result_note: string;
  sent_by: string;
  sent_at: string;
  decided_by?: string;
  decided_at: string | null;
};

/** Melts is GET /api/admin/vault/melts: the batches newest first, and the unassayed lots waiting in the vault. */
export type Melts = { batches: MeltBatch[]; lots: VaultItem[] };

/** MeltSendBody is POST /api/admin/vault/melts' body. */
export type MeltSendBody = { item_ids: number[]; melter?: string; note?: string };

/** MeltResultBody is the lab's bar: POST /api/admin/vault/melts/{id}/result's body. */
export type MeltResultBody = { weight: string; purity: string; lab: string; ingot_number: string; note?: string };

/** DrawerDirection is cash put into the drawer or taken from it; DrawerCounterpart who gave or took it. */
export type DrawerDirection = "in" | "out";
export type DrawerCounterpart = "bank" | "owner";

/** DrawerMove is one of the owner's cash movements of the day. */
export type DrawerMove = { id: number; direction: DrawerDirection; counterpart: DrawerCounterpart; amount: number; reason: string; by: string; at: string };

/** DrawerClose is a day's close: the cash counted, and its difference from the expected (counted − expected). */
export type DrawerClose = { counted_cash: number; difference: number; by: string; at: string; note: string };

/**
 * DrawerDay is GET /api/admin/counter/days/{date}: the day's money at the counter. expected_cash = opening +
 * cash in − cash out + drawer in − drawer out (a closed day answers the figure it closed with).
 */
export type DrawerDay = {
  date: string;
  jalali_date: string;
  opening_cash: number;
  cash_in: number;
  cash_out: number;
  card: number;
  transfer: number;
  wallet_in: number;
  wallet_out: number;
  gold_in750: string;
  gold_out750: string;
  invoices: number;
  voids: number;
  vat: number;
  drawer_in: number;
  drawer_out: number;
  moves: DrawerMove[];
  expected_cash: number;
  closed: DrawerClose | null;
};

/** UnclosedDays is GET /api/admin/counter/days: the days the drawer moved that no close stands for, oldest first. */
export type UnclosedDays = { unclosed: { date: string; jalali_date: string }[]; today: string };

/** DrawerMoveBody is POST /api/admin/counter/drawer's body (today's drawer). */
export type DrawerMoveBody = { direction: DrawerDirection; counterpart: DrawerCounterpart; amount: string; reason: string };

/** StockState is a count of vault items and their 750-equivalent. */
export type StockState = { count: number; weight750: string };

/** StockStates are the vault by state: pieces in stock, lots waiting for the melter, lots at the melter. */
export type StockStates = { in_stock: StockState; unassayed: StockState; in_melt: StockState };

/** StockMonth is this Jalali month at the counter (invoices not voided) and its melts done; from is its first day. */
export type StockMonth = { from: string; invoices: number; sales: number; buy_backs: number; vat: number; melt_loss750: string; melted_batches: number };
