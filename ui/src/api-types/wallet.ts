// Money: balances, wallet requests, the statement, bank cards and the admin's money views. api.ts re-exports
// every shape (api-types/index.ts).

/** Balance is a user's rial and gold balance as canonical strings. */
export type Balance = { balance_rial: string; balance_gold: string };

/** Balances are a user's balances and what is free to use (balance minus pending requests). */
export type Balances = Balance & { available_rial: string; available_gold: string };

/** WalletRequest is a deposit or withdraw request (docs/api.md, Money). */
export type WalletRequest = {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  type: "deposit" | "withdraw";
  amount: string;
  bank_account_id: number | null;
  bank_name: string;
  card_number: string;
  iban: string;
  receipt_image: string;
  status: "pending" | "approved" | "rejected" | "canceled";
  reject_reason: string;
  created_at: string;
  decided_at: string | null;
};

/**
 * Entry is one statement row. A statement page gives each row the customer's total balances right after it
 * (balance_rial, balance_gold); a single row (a trade's answer) has none.
 */
export type Entry = {
  id: number;
  created_at: string;
  type: string;
  status: string;
  description: string;
  price_per_gram: string | null;
  debit_rial: string;
  credit_rial: string;
  debit_gold: string;
  credit_gold: string;
  balance_rial?: string;
  balance_gold?: string;
  /** invoice_id is the counter invoice a counter entry records or voids (issue 38); the customer opens it by it */
  invoice_id?: number;
};

/** StatementPage is one page of a statement, newest first; next_cursor is "" on the last page. */
export type StatementPage = { transactions: Entry[]; next_cursor: string };

/** BankAccount is one of the customer's cards. */
export type BankAccount = {
  id: number;
  bank_name: string;
  account_holder_name: string;
  card_number: string;
  iban: string;
  created_at: string;
};

/** CustomerBalances is a customer as the admin's money screens see them. */
export type CustomerBalances = {
  id: number;
  first_name: string;
  last_name: string;
  name: string;
  phone_number: string;
  balance_rial: string;
  balance_gold: string;
  available_rial?: string;
  available_gold?: string;
};

/** Dashboard is the owner's figures on /AdminPanel_page. */
export type Dashboard = {
  customers_rial: string;
  customers_gold: string;
  shop_bank_rial: string;
  shop_vault_gold: string;
  pending_deposits: { count: number; amount: string };
  pending_withdraws: { count: number; amount: string };
  today_in_rial: string;
  today_out_rial: string;
  today_buys: { count: number; amount_rial: string };
  today_sells: { count: number; amount_rial: string };
};

/** WalletFilter is the admin's wallet request filter; dates are YYYY-MM-DDTHH:mm:ss in Tehran time. */
export type WalletFilter = { userSearch?: string; type?: string; status?: string; startDate?: string; endDate?: string };

/** BalancesFilter is the admin's users-balances filter. */
export type BalancesFilter = { search?: string; minRial?: string; maxRial?: string; minGold?: string; maxGold?: string };

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
