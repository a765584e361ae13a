// Prices and trading: the base price, grades, the trade screen's terms, quotes and price settings. api.ts
// re-exports every shape (api-types/index.ts).

/** Price is the public base price per gram in rial (null before the shop sets one); is_price_fresh is false when it is older than the shop allows for trading. */
export type Price = { price: string | null; updated_at: string | null; is_price_fresh: boolean };

/** Trading is what the trade screen needs from the price settings, with whether each side is open now. */
export type Trading = {
  buy_enabled: boolean;
  sell_enabled: boolean;
  buy_start_time: string;
  buy_end_time: string;
  sell_start_time: string;
  sell_end_time: string;
  min_weight: string;
  max_weight: string;
  buy_open: boolean;
  sell_open: boolean;
};

/** MyPrices is the caller's grade and prices; prices are null before the shop sets a base price. */
export type MyPrices = {
  grade: number;
  buy_price: string | null;
  sell_price: string | null;
  last_updated: string | null;
  is_price_fresh: boolean;
  trading: Trading;
};

export type TradeType = "buy" | "sell";

/** Quote is a trade locked for two minutes, waiting for its SMS code. */
export type Quote = { type: TradeType; amount_rial: string; amount_gold: string; price_per_gram: string; expires_at: string };

/** TradeAmount is exactly one of the two amounts. */
export type TradeAmount = { amount_rial: string } | { amount_gold: string };

export type PricePoint = { price: string; at: string };

export type ReferralStats = { referral_code: string; invited: number; earned: string };

export type GradePrice = { grade: number; buy_price: string | null; sell_price: string | null };

export type AdminPrices = { prices: GradePrice[]; base_price: string | null; updated_at: string | null; is_price_fresh: boolean };

export type Grade = { id: number; sell_add: string; buy_subtract: string };

export type PriceSettings = {
  buy_enabled: boolean;
  sell_enabled: boolean;
  buy_start_time: string;
  buy_end_time: string;
  sell_start_time: string;
  sell_end_time: string;
  min_weight: string;
  max_weight: string;
  price_max_age_minutes: number;
  /** referral_min_trade_rial is the least first trade (whole rials, 0 to 10^15) that earns the inviter the reward. */
  referral_min_trade_rial: string;
  /** referral_monthly_cap is the most rewards an inviter earns in one Jalali month (0 to 100000; 0 pays none). */
  referral_monthly_cap: number;
};
