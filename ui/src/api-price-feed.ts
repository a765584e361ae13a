// The owner's calls of the day price by itself (issue 40), apart from api.ts and api-admin.ts so that they come
// with the prices screen alone.
import { request } from "./api";
import type { FeedStatus, FeedTrial, Message, PriceFeed, PriceFeedBody } from "./api-types";

/** feedApi lists the feed's calls: its settings, its status, the held value's two ways out, the resume and a trial. */
export const feedApi = {
  settings: () => request<PriceFeed>("GET", "/api/admin/price-feed"),
  save: (body: PriceFeedBody) => request<Message & { feed: PriceFeed }>("PUT", "/api/admin/price-feed", body),
  status: () => request<FeedStatus>("GET", "/api/admin/price-feed/status"),
  apply: () => request<Message & { price: string }>("POST", "/api/admin/price-feed/apply"),
  keep: () => request<Message>("POST", "/api/admin/price-feed/keep"),
  resume: () => request<Message>("POST", "/api/admin/price-feed/resume"),
  test: () => request<FeedTrial>("POST", "/api/admin/price-feed/test"),
};
