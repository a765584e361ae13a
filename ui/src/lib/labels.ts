// Persian labels and badge tones of ledger entries and wallet requests (customer.md §4, glossary.md).
// The admin screens import these too, so both sides say the same word for the same thing.
// One tone vocabulary for both sides' badges; a cancelled request is the one place their colours differ.

/**
 * Tone is a badge colour, the one vocabulary of both sides: warn yellow, ok green, bad red, muted grey
 * for states; info blue names a kind (a withdraw) without judging it.
 */
export type Tone = "warn" | "ok" | "bad" | "muted" | "info";

/** Side is who looks at a wallet request: the words differ a little (glossary.md, Statuses). */
export type Side = "customer" | "admin";

const ENTRY_TYPES = new Map<string, string>([
  ["wallet_deposit", "شارژ کیف پول"],
  ["gold_deposit", "شارژ طلا"],
  ["wallet_withdraw", "برداشت از کیف پول"],
  ["buy", "خرید"],
  ["sell", "فروش"],
  ["gold_request", "درخواست طلای فیزیکی"],
  ["reward_referral", "پاداش دعوت"],
  // a counter invoice, or its void (issue 38)
  ["counter", "فاکتور فروشگاه"],
]);

const ENTRY_STATUSES = new Map<string, string>([
  ["approved", "تایید شده"],
  ["ready", "آماده تحویل"],
  ["delivered", "تحویل داده شده"],
  ["rejected", "رد شده"],
  ["deposited", "واریز شده"],
  ["canceled", "لغو شده"],
  ["recorded", "ثبت شده"],
  ["void", "باطل شده"],
]);

const ENTRY_TONES = new Map<string, Tone>([
  ["approved", "ok"],
  ["deposited", "ok"],
  ["delivered", "ok"],
  ["ready", "warn"],
  ["rejected", "bad"],
  ["canceled", "bad"],
  ["recorded", "ok"],
  ["void", "bad"],
]);

const WALLET_STATUSES = new Map<string, string>([
  ["approved", "تایید شده"],
  ["rejected", "رد شده"],
  ["canceled", "لغو شده"],
]);

const WALLET_TYPES = new Map<string, string>([
  ["deposit", "واریز"],
  ["withdraw", "برداشت"],
]);

/** entryTypeLabel names a ledger entry's type; an unknown type is shown as it came. */
export function entryTypeLabel(type: string): string {
  return ENTRY_TYPES.get(type) ?? type;
}

/** entryStatusLabel names a ledger entry's status; an unknown status is shown as it came. */
export function entryStatusLabel(status: string): string {
  return ENTRY_STATUSES.get(status) ?? status;
}

/** entryStatusTone colours a ledger entry's status badge; unknown statuses are grey. */
export function entryStatusTone(status: string): Tone {
  return ENTRY_TONES.get(status) ?? "muted";
}

/** walletTypeLabel names a wallet request's type: deposit or withdraw. */
export function walletTypeLabel(type: string): string {
  return WALLET_TYPES.get(type) ?? type;
}

/** walletTypeTone colours a wallet request's type badge on the admin's lists: deposit green, withdraw blue. */
export function walletTypeTone(type: string): Tone {
  return type === "deposit" ? "ok" : type === "withdraw" ? "info" : "muted";
}

/** walletStatusLabel names a wallet request's status; pending reads "waiting for approval" to the customer. */
export function walletStatusLabel(status: string, side: Side): string {
  if (status === "pending") return side === "customer" ? "در انتظار تایید" : "در انتظار";
  return WALLET_STATUSES.get(status) ?? status;
}

/**
 * walletStatusTone colours a wallet request's status badge: pending yellow, approved green, rejected red;
 * canceled is red to the customer (customer.md §4) and grey to the admin (admin.md, wallet requests).
 */
export function walletStatusTone(status: string, side: Side = "customer"): Tone {
  switch (status) {
    case "pending":
      return "warn";
    case "approved":
      return "ok";
    case "rejected":
      return "bad";
    case "canceled":
      return side === "admin" ? "muted" : "bad";
    default:
      return "muted";
  }
}

/** fullName is "first last" as the lists show a person, or fallback when both names are empty. */
export function fullName(first?: string | null, last?: string | null, fallback = ""): string {
  return `${first ?? ""} ${last ?? ""}`.trim() || fallback;
}

// ---- gold (abshodeh) requests ----------------------------------------------

/** GOLD_REQUEST_STATUS_ORDER lists an abshodeh request's statuses in the order a request lives them. */
export const GOLD_REQUEST_STATUS_ORDER = ["pending", "approved", "ready", "delivered", "rejected", "canceled"] as const;

const GOLD_REQUEST_STATUSES = new Map<string, string>([
  ["approved", "تایید شده"],
  ["ready", "آماده تحویل"],
  ["delivered", "تحویل داده شده"],
  ["rejected", "رد شده"],
  ["canceled", "لغو شده"],
]);

/** goldRequestStatusLabel names an abshodeh request's status; pending reads "waiting for approval" to the customer. */
export function goldRequestStatusLabel(status: string, side: Side = "customer"): string {
  if (status === "pending") return side === "customer" ? "در انتظار تایید" : "در انتظار";
  return GOLD_REQUEST_STATUSES.get(status) ?? status;
}

/**
 * goldRequestStatusTone colours an abshodeh request's badge with the statement's colours for the same words:
 * pending and ready yellow (the customer still waits), approved and delivered green, rejected red; canceled
 * red to the customer and grey to the admin, as for wallet requests.
 */
export function goldRequestStatusTone(status: string, side: Side = "customer"): Tone {
  switch (status) {
    case "pending":
    case "ready":
      return "warn";
    case "approved":
    case "delivered":
      return "ok";
    case "rejected":
      return "bad";
    case "canceled":
      return side === "admin" ? "muted" : "bad";
    default:
      return "muted";
  }
}

// ---- the shop's people -----------------------------------------------------

const ROLE_LABELS = new Map<string, string>([
  ["owner", "مالک"],
  ["staff", "کارمند"],
  ["customer", "مشتری"],
]);

/** roleLabel names a role: مالک (the owner), کارمند (staff), مشتری (a customer). */
export function roleLabel(role: string): string {
  return ROLE_LABELS.get(role) ?? "نامشخص";
}

/** roleTone colours a role's badge: the owner blue, staff grey. */
export function roleTone(role: string): Tone {
  return role === "owner" ? "info" : "muted";
}
