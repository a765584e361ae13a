// The route table of both specs and the matcher of decisions.md §8: paths match
// case-insensitively and the "_page" suffix is optional.

/**
 * Access says who may open a screen: anyone, a signed-in user, the shop's staff and owners ("admin"), or
 * owners only (prices, grades, charges, the shop's settings, staff, audit, backups, the SMS outbox).
 */
export type Access = "public" | "user" | "admin" | "owner";

/** Role is what a signed-in person is to the shop (GET /api/users/me `role`). */
export type Role = "owner" | "staff" | "customer";

/** RouteDef is one screen of the app. */
export type RouteDef = {
  /** key names the screen in app.tsx. */
  key: RouteKey;
  /** path is the canonical form from admin.md's route table. */
  path: string;
  /** title is the screen's Persian name. */
  title: string;
  access: Access;
  /** shell is false for the full-screen chat pages. */
  shell: boolean;
};

/** RouteKey names every screen. */
export type RouteKey =
  | "home" | "profile" | "trade" | "wallet" | "transactions" | "goldRequest" | "editProfile"
  | "referral" | "security" | "bankAccounts" | "about" | "walletRequests" | "login" | "register"
  | "chat" | "adminChat" | "adminPanel" | "adminGrades" | "prices" | "adminGoldRequests"
  | "adminWalletRequests" | "adminUserBalances" | "adminGoldTransactions" | "adminChargeAccount"
  | "adminPriceSettings" | "adminAbshodeh" | "adminShop" | "adminStaff" | "adminAudit" | "adminBackups" | "adminVault"
  | "reserves" | "adminReserve" | "adminExports" | "notifications" | "priceAlerts" | "adminNotices";

const r = (key: RouteKey, path: string, title: string, access: Access, shell = true): RouteDef => ({
  key, path, title, access, shell,
});

/** ROUTES lists every screen with its canonical path. */
export const ROUTES: readonly RouteDef[] = [
  r("home", "/", "خانه", "public"),
  r("profile", "/profile_page", "پروفایل", "user"),
  r("trade", "/trade_page", "خرید و فروش", "user"),
  r("wallet", "/deposit-withdraw_page", "کیف پول (واریز و برداشت)", "user"),
  r("transactions", "/transactions_page", "صورتحساب", "user"),
  r("goldRequest", "/gold-request_page", "درخواست آبشده", "user"),
  r("editProfile", "/edit-profile_page", "ویرایش پروفایل", "user"),
  r("referral", "/referral_page", "دعوت از دوستان", "user"),
  r("security", "/security_page", "امنیت (تغییر رمز عبور)", "user"),
  r("bankAccounts", "/bank-accounts_page", "حساب‌های بانکی", "user"),
  r("about", "/about_page", "درباره ما", "public"),
  r("reserves", "/reserves", "ذخایر طلا", "public"),
  r("walletRequests", "/wallet-requests_page", "درخواست‌های کیف پول من", "user"),
  r("notifications", "/notifications_page", "اعلان‌ها", "user"),
  r("priceAlerts", "/price-alerts_page", "هشدار قیمت", "user"),
  r("login", "/Login_page", "ورود", "public"),
  r("register", "/Register_page", "ثبت‌نام", "public"),
  r("chat", "/chat_page", "پشتیبانی", "user", false),
  r("adminChat", "/admin-chat_page", "پشتیبانی کاربران", "admin", false),
  r("adminPanel", "/AdminPanel_page", "پنل مدیریت", "admin"),
  r("adminGrades", "/admin-grades_page", "سطوح قیمت و کاربران", "owner"),
  r("prices", "/prices_page", "تعیین قیمت", "owner"),
  r("adminGoldRequests", "/admin-gold-requests_page", "بررسی درخواست‌های آبشده", "admin"),
  r("adminWalletRequests", "/AdminWalletRequests_page", "مدیریت درخواست‌های کیف پول", "admin"),
  r("adminUserBalances", "/AdminUserBalances_page", "موجودی کاربران", "admin"),
  r("adminGoldTransactions", "/AdminGoldTransactions_page", "معاملات خرید و فروش طلا", "admin"),
  r("adminChargeAccount", "/AdminChargeAccount_page", "شارژ دستی حساب", "owner"),
  r("adminPriceSettings", "/AdminPriceSettings_page", "تنظیمات ساعت و وزن معاملات", "owner"),
  r("adminAbshodeh", "/admin-abshodeh_page", "انبار آبشده", "admin"),
  r("adminVault", "/admin-vault_page", "خزانه", "admin"),
  r("adminReserve", "/admin-reserve_page", "پشتوانه طلا و ریال", "owner"),
  r("adminExports", "/admin-exports_page", "خروجی گزارش‌ها", "owner"),
  r("adminNotices", "/admin-notices_page", "پیامک‌ها و هشدارها", "owner"),
  r("adminShop", "/admin-shop_page", "تنظیمات فروشگاه", "owner"),
  r("adminStaff", "/admin-staff_page", "کارکنان", "owner"),
  r("adminAudit", "/admin-audit_page", "گزارش تغییرات", "owner"),
  r("adminBackups", "/admin-backups_page", "پشتیبان‌گیری", "owner"),
];

/**
 * roleOf reads a stored user's role. A user stored before roles existed (no role) but flagged admin counts as
 * staff until GET /api/users/me says more: the UI never offers more than the server may allow.
 */
export function roleOf(user: { role?: string | null; is_admin?: number | boolean | string | null } | null | undefined): Role | null {
  if (!user) return null;
  if (user.role === "owner" || user.role === "staff" || user.role === "customer") return user.role;
  const admin = user.is_admin === true || user.is_admin === 1 || String(user.is_admin) === "1";
  return admin ? "staff" : "customer";
}

const RANK: Record<Access, number> = { public: 0, user: 1, admin: 2, owner: 3 };
const GRANTS: Record<Role, number> = { customer: 1, staff: 2, owner: 3 };

/** canOpen tells whether someone of role (null when signed out) may open a screen of access. */
export function canOpen(access: Access, role: Role | null): boolean {
  return RANK[access] <= (role ? GRANTS[role] : 0);
}

/** normalizePath reduces a path to its matching form: no query, lower case, no trailing slash, no "_page". */
export function normalizePath(path: string): string {
  let p = path.split(/[?#]/)[0] || "/";
  try {
    p = decodeURIComponent(p);
  } catch {
    // a malformed escape stays as it is and simply matches nothing
  }
  p = p.toLowerCase().replace(/\/{2,}/g, "/");
  if (p === "/index.html") p = "/";
  if (p.length > 1) p = p.replace(/\/+$/, "");
  if (p.endsWith("_page") && p.length > "/_page".length) p = p.slice(0, -"_page".length);
  return p || "/";
}

const byPath = new Map<string, RouteDef>(ROUTES.map((d) => [normalizePath(d.path), d]));
const byKey = new Map<RouteKey, RouteDef>(ROUTES.map((d) => [d.key, d]));

/** matchRoute finds the screen of a path ("/login", "/Login_page", "/register?ref=X"); null means 404. */
export function matchRoute(path: string): RouteDef | null {
  return byPath.get(normalizePath(path)) ?? null;
}

/** routeOf returns the definition of a screen. */
export function routeOf(key: RouteKey): RouteDef {
  return byKey.get(key)!;
}

/** pathOf returns the canonical path of a screen. */
export function pathOf(key: RouteKey): string {
  return routeOf(key).path;
}
