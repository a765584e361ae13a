// The shop: its settings, staff and the audit. api.ts re-exports every shape (api-types/index.ts).

/** ShopInfo is GET /api/shop: the shop as customers see it; logo_url is "" until the owner uploads a logo. */
export type ShopInfo = {
  name: string;
  short_name: string;
  phones: string[];
  address: string;
  hours: string;
  about: string;
  licence: string;
  /** the tax identity an invoice prints (issue 38): digits, "" until the owner sets them */
  economic_code: string;
  national_id: string;
  postal_code: string;
  logo_url: string;
};

/**
 * AdminShop is GET /api/admin/shop: configured stays false until the owner first saves the settings; the
 * quotas are how many receipts and chat files one customer may send in a day.
 */
export type AdminShop = ShopInfo & { configured: boolean; receipts_per_day: number; chat_files_per_day: number };

/** ShopForm is the body of PUT /api/admin/shop (a left-out field keeps its value). */
export type ShopForm = Partial<
  Pick<AdminShop, "name" | "short_name" | "phones" | "address" | "hours" | "about" | "licence" | "economic_code" | "national_id" | "postal_code" | "receipts_per_day" | "chat_files_per_day">
>;

/** AdminRole is a role that makes someone one of the shop's people. */
export type AdminRole = "owner" | "staff";

/** StaffMember is one owner or staff member (GET /api/admin/staff). */
export type StaffMember = {
  id: number;
  phone_number: string;
  first_name: string;
  last_name: string;
  role: AdminRole;
  /** second_factor tells whether their authenticator is on (a reset takes it away). */
  second_factor?: boolean;
};

/** AuditActor is who made a change; the entry's actor is null when the command line made it. */
export type AuditActor = { id: number; name: string; phone_number: string };

/** AuditEntry is one change in the audit log; before and after are JSON objects or null. */
export type AuditEntry = {
  id: number;
  at: string;
  actor: AuditActor | null;
  kind: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** AuditPage is one page of GET /api/admin/audit, newest first; next_cursor is "" on the last page. */
export type AuditPage = { items: AuditEntry[]; next_cursor: string };

/** AuditFilter is the query of GET /api/admin/audit; from and to are Jalali days "YYYY/MM/DD" (Tehran, inclusive). */
export type AuditFilter = { actor?: string; kind?: string; from?: string; to?: string; cursor?: string; limit?: string };
