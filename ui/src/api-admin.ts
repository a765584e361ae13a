// The owner's and staff's calls (the admin screens), apart from api.ts so that a customer's phone, which
// never opens those screens, never loads them either: they come with the admin screens' own code.
import { idem, query, request, statementQuery, upload } from "./api";
import type {
  AdminPrices, AdminRole, AdminShop, AdminUser, AuditFilter, AuditPage, Backups, BalancesFilter, Bar, BarForm, Certificate, CustomerBalances, DailyLimits, Dashboard, GoldRequest, GoldRequestFilter, GoldTransaction, GoldTransactionFilter, Grade, GradeDailyLimits, Message, PriceSettings, ShopForm, StaffMember, StatementPage, UserDailyLimits, WalletFilter, WalletRequest,
} from "./api-types";
import type {
  BankBalance, BankBalanceForm, BankBalances, Replica, ServerClock, Storage, Vault, VaultItem, VaultItemForm, VaultMove, VaultOutReason,
} from "./api-types";
import type { AlertDemand, SmsOutbox } from "./api-types";
import type { OrderDemand } from "./lib/orders";

/** PlansDemand is the owner's view of the savings plans: how many are active, the rial they buy a day, the switch. */
export type PlansDemand = { active: number; rial_per_day: string; enabled: boolean };

/** adminApi lists the calls of the admin screens. */
export const adminApi = {
  // the admin's money desk
  pendingWalletRequests: () => request<WalletRequest[]>("GET", "/api/wallet/requests"),
  adminWalletRequests: (f: WalletFilter) => request<WalletRequest[]>("GET", `/api/wallet/requests/admin${query(f)}`),
  decideWalletRequest: (id: number, status: "approved" | "rejected", reject_reason: string, key?: string) =>
    request<Message>("PUT", `/api/wallet/requests/${id}`, { status, reject_reason }, idem(key)),
  dashboard: () => request<Dashboard>("GET", "/api/admin/dashboard"),
  // the server itself: its disk, its replica, its clock (issue 28)
  storage: () => request<Storage>("GET", "/api/admin/storage"),
  replica: () => request<Replica>("GET", "/api/admin/replica"),
  clock: () => request<ServerClock>("GET", "/api/admin/clock"),
  chargeUser: (q: string) => request<CustomerBalances>("GET", `/api/adminCharge/user/${encodeURIComponent(q)}`),
  charge: (userId: number, type: "rial" | "gold", amount: string, description: string, key?: string) =>
    request<Message & { user: CustomerBalances }>("POST", "/api/adminCharge/charge", { userId, type, amount, description }, idem(key)),
  usersBalances: (f: BalancesFilter) => request<CustomerBalances[]>("GET", `/api/admin/users-balances${query(f)}`),
  userTransactions: (userId: number, cursor = "") =>
    request<StatementPage>("GET", `/api/admin/user-transactions/${userId}${statementQuery(cursor)}`),

  // prices, grades and trading settings (admin)
  setBasePrice: (base_price: string) =>
    request<Message & { price: string; updated_at: string }>("POST", "/api/admin/prices", { base_price }),
  adminPrices: () => request<AdminPrices>("GET", "/api/admin/prices"),
  grades: () => request<Grade[]>("GET", "/api/admin/grades"),
  updateGrade: (id: number, sell_add: string, buy_subtract: string) =>
    request<Message & { grade: Grade }>("PUT", `/api/admin/grades/${id}`, { sell_add, buy_subtract }),
  adminUsers: (search?: string) => request<AdminUser[]>("GET", `/api/admin/users${query({ search })}`),
  setUserGrade: (id: number, grade: number) => request<Message & { user: AdminUser }>("PUT", `/api/admin/users/${id}`, { grade }),
  // daily trade limits (issue 29): the grades' and a customer's own; a PUT replaces all four
  dailyLimits: () => request<{ grades: GradeDailyLimits[] }>("GET", "/api/admin/daily-limits"),
  setGradeDailyLimits: (grade: number, limits: DailyLimits) =>
    request<Message & { limits: GradeDailyLimits }>("PUT", `/api/admin/daily-limits/grades/${grade}`, limits),
  userDailyLimits: (id: number) => request<UserDailyLimits>("GET", `/api/admin/users/${id}/daily-limits`),
  setUserDailyLimits: (id: number, limits: DailyLimits) =>
    request<Message & UserDailyLimits>("PUT", `/api/admin/users/${id}/daily-limits`, limits),
  priceSettings: () => request<PriceSettings>("GET", "/api/priceSettings"),
  savePriceSettings: (s: PriceSettings) => request<Message & { settings: PriceSettings }>("PUT", "/api/priceSettings", s),
  bars: (status?: "available" | "reserved" | "delivered" | "all") =>
    request<Bar[]>("GET", `/api/admin/abshodeh${status ? `?status=${status}` : ""}`),
  addBar: (f: BarForm) => request<Message & { bar: Bar }>("POST", "/api/admin/abshodeh", f),
  updateBar: (id: number, f: BarForm) => request<Message & { bar: Bar }>("PUT", `/api/admin/abshodeh/${id}`, f),
  deleteBar: (id: number) => request<Message>("DELETE", `/api/admin/abshodeh/${id}`),
  adminGoldRequests: (f: GoldRequestFilter) => request<GoldRequest[]>("GET", `/api/gold/admin-requests${query(f)}`),
  decideGoldRequest: (id: number, status: "approved" | "ready" | "delivered" | "rejected", reject_reason: string, key?: string) =>
    request<Message>("PUT", `/api/gold/requests/${id}`, { status, reject_reason }, idem(key)),

  // the vault (issue 17): staff may look, only the owner changes it
  vault: (status: "in" | "out" | "all" = "in") => request<Vault>("GET", `/api/admin/vault?status=${status}`),
  vaultItem: (id: number) => request<{ item: VaultItem; moves: VaultMove[] }>("GET", `/api/admin/vault/${id}`),
  addVaultItem: (f: VaultItemForm) => request<Message & { item: VaultItem }>("POST", "/api/admin/vault", f),
  updateVaultItem: (id: number, f: VaultItemForm) => request<Message & { item: VaultItem }>("PUT", `/api/admin/vault/${id}`, f),
  takeOutVaultItem: (id: number, reason: VaultOutReason, note: string) =>
    request<Message & { item: VaultItem }>("POST", `/api/admin/vault/${id}/out`, { reason, note }),
  bankBalances: () => request<BankBalances>("GET", "/api/admin/bank-balances"),
  addBankBalance: (f: BankBalanceForm) => request<Message & { item: BankBalance }>("POST", "/api/admin/bank-balances", f),

  goldTransactions: (f: GoldTransactionFilter) =>
    request<GoldTransaction[]>("GET", `/api/adminGoldTransactions/gold-transactions${query(f)}`),
  adminShop: () => request<AdminShop>("GET", "/api/admin/shop"),
  saveShop: (form: ShopForm) => request<AdminShop>("PUT", "/api/admin/shop", form),
  uploadLogo: (logo: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.set("logo", logo);
    return upload<AdminShop>("/api/admin/shop/logo", form, onProgress);
  },
  staff: () => request<StaffMember[]>("GET", "/api/admin/staff"),
  addStaff: (phone_number: string, role: AdminRole) => request<StaffMember>("POST", "/api/admin/staff", { phone_number, role }),
  setStaffRole: (id: number, role: AdminRole) => request<StaffMember>("PUT", `/api/admin/staff/${id}`, { role }),
  removeStaff: (id: number) => request<Message>("DELETE", `/api/admin/staff/${id}`),
  /** resetStaffSecondFactor takes a staff member's lost authenticator away; their logins end. */
  resetStaffSecondFactor: (id: number) => request<Message>("DELETE", `/api/admin/staff/${id}/second-factor`),
  /** resetUserSecondFactor takes a customer's lost second factor away; their logins end and they are texted. */
  resetUserSecondFactor: (id: number) => request<Message>("DELETE", `/api/admin/users/${id}/second-factor`),
  audit: (f: AuditFilter) => request<AuditPage>("GET", `/api/admin/audit${query(f)}`),
  backups: () => request<Backups>("GET", "/api/admin/backups"),
  startBackup: () => request<unknown>("POST", "/api/admin/backups"),
  certificate: () => request<Certificate>("GET", "/api/admin/certificate"),

  // the owner's view of the SMS outbox and of price-alert demand (issue 18)
  smsOutbox: () => request<SmsOutbox>("GET", "/api/admin/sms-outbox"),
  alertDemand: () => request<AlertDemand>("GET", "/api/admin/alerts"),
  // the standing orders' counts and holds (issue 29)
  orderDemand: () => request<OrderDemand>("GET", "/api/admin/orders"),
  // the savings plans' count and daily rial, and their shop-wide switch (issue 29)
  plans: () => request<PlansDemand>("GET", "/api/admin/plans"),
  setPlans: (enabled: boolean) => request<PlansDemand>("PUT", "/api/admin/plans", { enabled }),
};
