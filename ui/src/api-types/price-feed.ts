// The day price by itself (issue 40): the owner's market feed, its status and a trial fetch (docs/api.md,
// "The day price by itself"). Prices are rial strings, percents decimal strings, durations Go duration strings.

/** FeedSource is where the feed reads the price: BrsAPI, Navasan, TGJU, or any JSON address. */
export type FeedSource = "brsapi" | "navasan" | "tgju" | "json";

/** FeedUnit is what a json source's number is in; FeedPer what it prices (a gram of 750, or the مظنه of a mithqal). */
export type FeedUnit = "rial" | "toman";
export type FeedPer = "gram750" | "mithqal705";

/** PriceFeed is GET /api/admin/price-feed: the settings, the key only as key_set. */
export type PriceFeed = {
  enabled: boolean;
  source: FeedSource;
  /** url is "" for the source's documented call, default_url */
  url: string;
  default_url: string;
  key_set: boolean;
  symbol: string;
  path: string;
  unit: FeedUnit;
  per: FeedPer;
  time_path: string;
  margin_percent: string;
  margin_rial: number;
  round_to: number;
  every: string;
  max_step_percent: string;
  max_age: string;
  alert_after: string;
  manual_hold: string;
  outside_hours: boolean;
};

/** PriceFeedBody is PUT /api/admin/price-feed's body: the whole form, key only to change it ("" forgets it). */
export type PriceFeedBody = Omit<PriceFeed, "default_url" | "key_set" | "margin_rial" | "round_to"> & {
  key?: string;
  margin_rial: string;
  round_to: string;
};

/** FeedState is the feed's state in the status. */
export type FeedState = "off" | "ok" | "held" | "failing" | "stale";

/** FeedStatus is GET /api/admin/price-feed/status. */
export type FeedStatus = {
  state: FeedState;
  /** last_value is the source's last value, rial per gram of 750, at its own time last_value_at */
  last_value: string | null;
  last_value_at: string | null;
  last_fetch_at: string | null;
  /** applied_price is the shop's base price, set by applied_by: "manual" or the source */
  applied_price: string | null;
  applied_at: string | null;
  applied_by: string;
  held: { base: string; value: string; value_at: string } | null;
  last_error: string;
  failing_since: string | null;
  paused_until: string | null;
};

/** FeedVerdict is what a fetch would do with its value. */
export type FeedVerdict = "apply" | "held" | "stale" | "future" | "failed";

/** FeedTrial is POST /api/admin/price-feed/test: one fetch, applying nothing. */
export type FeedTrial = { verdict: FeedVerdict; message: string; value: string | null; value_at: string | null; base: string | null };
