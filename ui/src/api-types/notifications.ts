// Notifications, their SMS and price alerts (issue 18). api.ts re-exports every shape (api-types/index.ts).

/** NotificationKind is what happened; the server writes the Persian title and text for each. */
export type NotificationKind =
  | "deposit_approved" | "deposit_rejected" | "withdraw_paid" | "withdraw_rejected"
  | "gold_request_approved" | "gold_request_ready" | "gold_request_delivered" | "gold_request_rejected"
  | "charge" | "referral_reward" | "chat_reply" | "price_alert"
  | "new_login" | "password_changed" | "storage_low" | "plan_bought" | "plan_skipped"
  | "order_executed" | "order_expired" | "second_factor_changed" | "second_factor_failures";

/** Notification is one entry of the caller's list; link is the screen it is about (e.g. "/wallet-requests_page"). */
export type Notification = {
  id: number;
  kind: NotificationKind;
  title: string;
  text: string;
  link: string;
  read: boolean;
  created_at: string;
};

/** NotificationPage is one page of GET /api/notifications, newest first; next_cursor is "" on the last page. */
export type NotificationPage = { items: Notification[]; unread: number; next_cursor: string };

/** NotificationsRead marks the given ids, or all of the caller's notifications, as read. */
export type NotificationsRead = { ids: number[] } | { all: true };

/** SmsSettings says which events also send a text message; verification codes are always sent. */
export type SmsSettings = {
  deposit: boolean;
  withdraw: boolean;
  gold_request: boolean;
  charge: boolean;
  referral: boolean;
  price_alert: boolean;
  plan: boolean;
  order: boolean;
};

/** NotificationSettings is GET/PUT /api/users/me/notification-settings; PUT needs the whole body. */
export type NotificationSettings = { sms: SmsSettings };

/** PriceAlert is one of the caller's price alerts; fired_* are null while it waits. */
export type PriceAlert = {
  id: number;
  side: "buy" | "sell";
  price: string;
  created_at: string;
  fired_at: string | null;
  fired_price: string | null;
};

/** PriceAlerts is GET /api/alerts: waiting ones first, how many wait, and the most that may. */
export type PriceAlerts = { items: PriceAlert[]; live: number; max: number };

/** SmsStatus is where a text message of the outbox stands; unknown means the gateway gave no clear answer. */
export type SmsStatus = "queued" | "sending" | "sent" | "failed" | "unknown";

/** SmsProblem is one notice the owner should know about: failed, unknown, or queued again after a failed try. */
export type SmsProblem = {
  id: number;
  kind: NotificationKind;
  status: SmsStatus;
  attempts: number;
  /** last_error is the gateway's own words, shown as they came. */
  last_error: string;
  created_at: string;
};

/** SmsOutbox is GET /api/admin/sms-outbox (owner): the notices by status and the latest 50 problems. */
export type SmsOutbox = { counts: Record<SmsStatus, number>; problems: SmsProblem[] };

/** AlertDemand is GET /api/admin/alerts (owner): how many price alerts wait on each side, never whose. */
export type AlertDemand = { buy: number; sell: number };
