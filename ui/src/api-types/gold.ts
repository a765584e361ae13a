// Gold: bars, bar requests and the admin's gold transactions. api.ts re-exports every shape
// (api-types/index.ts).
import type { TradeType } from "./prices";

export type GoldTransaction = {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  phone_number: string;
  type: TradeType;
  status: string;
  price_per_gram: string;
  debit_rial: string;
  credit_rial: string;
  debit_gold: string;
  credit_gold: string;
  created_at: string;
};

export type GoldTransactionFilter = {
  search?: string;
  type?: string;
  status?: string;
  minWeight?: string;
  maxWeight?: string;
  minPricePerGram?: string;
  maxPricePerGram?: string;
  startDate?: string;
  endDate?: string;
};

/** Bar is one melted-gold bar of the shop's inventory; customers see only its figures. */
export type Bar = {
  id: number;
  rey: string;
  ang: string;
  ayar: string;
  vazn: string;
  vazn750: string;
  status?: "available" | "reserved" | "delivered";
  created_at?: string;
  /** shortfall is vazn750 minus the caller's available gold, on bars above it. */
  shortfall?: string;
};

export type BarForm = { rey: string; ang: string; ayar: string; vazn: string };

export type GoldRequestStatus = "pending" | "approved" | "ready" | "delivered" | "rejected" | "canceled";

export type GoldRequest = {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  phone_number: string;
  bar_id: number;
  rey: string;
  ang: string;
  ayar: string;
  vazn: string;
  vazn750: string;
  status: GoldRequestStatus;
  reject_reason: string;
  created_at: string;
  decided_at: string | null;
};

export type GoldRequestFilter = { userSearch?: string; status?: string; startDate?: string; endDate?: string };

// ---- support chat (docs/api.md "Support chat") -------------------------------
