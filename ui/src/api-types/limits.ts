// Daily trade limits (issue 29). api.ts re-exports every shape (api-types/index.ts).

/** DailyLimits are a Tehran day's four trade limits (issue 29): rial whole, gold in grams, null for none. */
export type DailyLimits = { buy_rial: string | null; buy_gold: string | null; sell_rial: string | null; sell_gold: string | null };

/** GradeDailyLimits are one grade's (GET /api/admin/daily-limits). */
export type GradeDailyLimits = DailyLimits & { grade: number };

/** UserDailyLimits are a customer's own limits and the ones in effect (their grade's where they have none). */
export type UserDailyLimits = { user_id: number; own: DailyLimits; in_effect: DailyLimits };

/** MyDailyLimits are the caller's limits in effect and what is left of each today. */
export type MyDailyLimits = { limits: DailyLimits; left: DailyLimits };
