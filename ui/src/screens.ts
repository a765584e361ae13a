// Every screen of the app, one row each (customer.md §2, admin.md §2, decisions.md §8): its path, title and
// who may open it, the code that draws it, and where the menus link to it. The matcher (lib/routes.ts), the
// screen map (app.tsx) and every link list (components/nav-items.ts) derive from this table, so adding a
// screen is adding its row.
import type { ComponentType, FunctionComponent } from "react";
import {
  AlertIcon, BarsStackIcon, BellIcon, CalendarIcon, BookIcon, CardIcon, ChartIcon, ChatIcon, ClipboardCheckIcon, CoinsIcon, DashboardIcon, DatabaseIcon,
  DownloadIcon, GoldBarIcon, HistoryIcon, HomeIcon, IdBadgeIcon, InboxIcon, InvoiceIcon, ListIcon, LockIcon, LoginIcon,
  PlusCircleIcon, ReceiptIcon, SettingsIcon, ShieldIcon, StoreIcon, SupportIcon, TradeIcon, UserIcon, UserPlusIcon,
  UsersIcon, WalletIcon,
} from "./components/ui/icons";
import type { Access } from "./lib/routes";

/** Loader fetches a screen's code. */
export type Loader = () => Promise<{ default: ComponentType }>;

/**
 * Nav says where the menus link to a screen and in which place (1 first). The drawer lists a guest's,
 * a customer's and the shop's people's links apart, by the screen's access; so do the home tiles.
 */
export type Nav = { drawer?: number; bottom?: number; tiles?: number };

type Row<K extends string> = {
  /** key names the screen. */
  key: K;
  /** path is the canonical form from admin.md's route table. */
  path: string;
  /** title is the screen's Persian name, in the tab's title and on its links. */
  title: string;
  access: Access;
  /** shell is false for the full-screen chat pages; every other screen sits in the shell (row's default). */
  shell: boolean;
  load: Loader;
  icon?: FunctionComponent<{ size?: number }>;
  nav?: Nav;
  /** short is the name on the bottom bar and the admin's tiles, where the title is too long. */
  short?: string;
  /** href is the path the menus link to, where it is not path (the login screens' lower-case spelling). */
  href?: string;
  /** param says the path takes one more segment, which the screen reads (a printed invoice's id, a vault's page). */
  param?: boolean;
};

const row = <K extends string>(r: Omit<Row<K>, "shell"> & { shell?: boolean }): Row<K> => ({ ...r, shell: r.shell ?? true });

const ROWS = [
  row({ key: "home", path: "/", title: "خانه", access: "public", load: () => import("./views/home-view"), icon: HomeIcon, nav: { bottom: 1 } }),
  row({ key: "profile", path: "/profile_page", title: "پروفایل", access: "user", load: () => import("./views/profile-view"), icon: UserIcon, nav: { drawer: 1, bottom: 5, tiles: 6 } }),
  row({ key: "trade", path: "/trade_page", title: "خرید و فروش", access: "user", load: () => import("./views/trade-view"), icon: TradeIcon, nav: { drawer: 2, bottom: 3, tiles: 2 } }),
  row({ key: "wallet", path: "/deposit-withdraw_page", title: "کیف پول (واریز و برداشت)", short: "کیف پول", access: "user", load: () => import("./views/wallet-view"), icon: WalletIcon, nav: { drawer: 3, bottom: 2, tiles: 1 } }),
  row({ key: "transactions", path: "/transactions_page", title: "صورتحساب", access: "user", load: () => import("./views/statement-view"), icon: ListIcon, nav: { drawer: 4, bottom: 4, tiles: 3 } }),
  row({ key: "goldRequest", path: "/gold-request_page", title: "درخواست آبشده", access: "user", load: () => import("./views/gold-request-view"), icon: GoldBarIcon, nav: { drawer: 5, tiles: 4 } }),
  row({ key: "editProfile", path: "/edit-profile_page", title: "ویرایش پروفایل", access: "user", load: () => import("./views/edit-profile-view") }),
  row({ key: "referral", path: "/referral_page", title: "دعوت از دوستان", access: "user", load: () => import("./views/referral-view") }),
  row({ key: "secondFactor", path: "/second-factor_page", title: "تایید دومرحله‌ای", access: "user", load: () => import("./views/second-factor-view") }),
  row({ key: "security", path: "/security_page", title: "امنیت (تغییر رمز عبور)", access: "user", load: () => import("./views/security-view") }),
  row({ key: "bankAccounts", path: "/bank-accounts_page", title: "حساب‌های بانکی", access: "user", load: () => import("./views/bank-accounts-view") }),
  row({ key: "about", path: "/about_page", title: "درباره ما", access: "public", load: () => import("./views/about-view") }),
  row({ key: "reserves", path: "/reserves", title: "ذخایر طلا", access: "public", load: () => import("./views/reserves-view") }),
  row({ key: "walletRequests", path: "/wallet-requests_page", title: "درخواست‌های کیف پول من", access: "user", load: () => import("./views/wallet-requests-view"), icon: ReceiptIcon, nav: { tiles: 5 } }),
  row({ key: "notifications", path: "/notifications_page", title: "اعلان‌ها", access: "user", load: () => import("./views/notifications-view") }),
  row({ key: "plans", path: "/plans_page", title: "طرح پس‌انداز طلا", access: "user", load: () => import("./views/plans-view"), icon: CoinsIcon, nav: { drawer: 7 } }),
  row({ key: "orders", path: "/orders_page", title: "سفارش شرطی", access: "user", load: () => import("./views/orders-view"), icon: ChartIcon, nav: { drawer: 8 } }),
  row({ key: "priceAlerts", path: "/price-alerts_page", title: "هشدار قیمت", access: "user", load: () => import("./views/price-alerts-view"), icon: BellIcon, nav: { drawer: 6 } }),
  row({ key: "login", path: "/Login_page", href: "/login_page", title: "ورود", access: "public", load: () => import("./views/login-view"), icon: LoginIcon, nav: { drawer: 2 } }),
  row({ key: "register", path: "/Register_page", href: "/register_page", title: "ثبت‌نام", access: "public", load: () => import("./views/register-view"), icon: UserPlusIcon, nav: { drawer: 1 } }),
  row({ key: "chat", path: "/chat_page", title: "پشتیبانی", access: "user", shell: false, load: () => import("./views/chat-view") }),
  row({ key: "adminChat", path: "/admin-chat_page", title: "پشتیبانی کاربران", access: "admin", shell: false, load: () => import("./views/admin-chat-view"), icon: SupportIcon, nav: { drawer: 2, tiles: 15 } }),
  row({ key: "adminPanel", path: "/AdminPanel_page", title: "پنل مدیریت", access: "admin", load: () => import("./views/admin-panel-view"), icon: DashboardIcon, nav: { drawer: 1, tiles: 1 } }),
  row({ key: "adminGrades", path: "/admin-grades_page", title: "سطوح قیمت و کاربران", short: "سطوح قیمت کاربران", access: "owner", load: () => import("./views/admin-grades-view"), icon: UsersIcon, nav: { tiles: 2 } }),
  row({ key: "prices", path: "/prices_page", title: "تعیین قیمت", access: "owner", load: () => import("./views/prices-view"), icon: ChartIcon, nav: { tiles: 3 } }),
  row({ key: "adminGoldRequests", path: "/admin-gold-requests_page", title: "بررسی درخواست‌های آبشده", short: "درخواست‌های آبشده", access: "admin", load: () => import("./views/admin-gold-requests-view"), icon: ClipboardCheckIcon, nav: { tiles: 4 } }),
  row({ key: "adminWalletRequests", path: "/AdminWalletRequests_page", title: "مدیریت درخواست‌های کیف پول", short: "درخواست‌های کیف پول", access: "admin", load: () => import("./views/admin-wallet-requests-view"), icon: InboxIcon, nav: { tiles: 10 } }),
  row({ key: "adminUserBalances", path: "/AdminUserBalances_page", title: "موجودی کاربران", access: "admin", load: () => import("./views/admin-user-balances-view"), icon: CoinsIcon, nav: { tiles: 11 } }),
  row({ key: "adminGoldTransactions", path: "/AdminGoldTransactions_page", title: "معاملات خرید و فروش طلا", short: "معاملات طلا", access: "admin", load: () => import("./views/admin-gold-transactions-view"), icon: BookIcon, nav: { tiles: 12 } }),
  row({ key: "adminChargeAccount", path: "/AdminChargeAccount_page", title: "شارژ دستی حساب", access: "owner", load: () => import("./views/admin-charge-view"), icon: PlusCircleIcon, nav: { tiles: 13 } }),
  row({ key: "adminPriceSettings", path: "/AdminPriceSettings_page", title: "تنظیمات ساعت و وزن معاملات", access: "owner", load: () => import("./views/admin-price-settings-view"), icon: SettingsIcon, nav: { tiles: 14 } }),
  row({ key: "adminAbshodeh", path: "/admin-abshodeh_page", title: "انبار آبشده", access: "admin", load: () => import("./views/admin-vault-view").then((m) => ({ default: m.AdminAbshodehView })), icon: BarsStackIcon, nav: { drawer: 3, tiles: 5 } }),
  // the vault's labels (/admin-vault_page/labels) and melts (/admin-vault_page/melts) follow its path (issue 39)
  row({ key: "adminVault", path: "/admin-vault_page", title: "خزانه", access: "admin", param: true, load: () => import("./views/admin-vault-view"), icon: LockIcon, nav: { drawer: 4, tiles: 6 } }),
  row({ key: "adminReserve", path: "/admin-reserve_page", title: "پشتوانه طلا و ریال", access: "owner", load: () => import("./views/admin-reserve-view"), icon: ShieldIcon, nav: { drawer: 5, tiles: 7 } }),
  row({ key: "adminExports", path: "/admin-exports_page", title: "خروجی گزارش‌ها", access: "owner", load: () => import("./views/admin-exports-view"), icon: DownloadIcon, nav: { drawer: 6, tiles: 8 } }),
  row({ key: "adminNotices", path: "/admin-notices_page", title: "پیامک‌ها و هشدارها", access: "owner", load: () => import("./views/admin-notices-view"), icon: ChatIcon, nav: { drawer: 7, tiles: 9 } }),
  row({ key: "adminShop", path: "/admin-shop_page", title: "تنظیمات فروشگاه", access: "owner", load: () => import("./views/admin-shop-view"), icon: StoreIcon, nav: { drawer: 8, tiles: 16 } }),
  row({ key: "adminStaff", path: "/admin-staff_page", title: "کارکنان", access: "owner", load: () => import("./views/admin-staff-view"), icon: IdBadgeIcon, nav: { drawer: 9, tiles: 17 } }),
  row({ key: "adminAudit", path: "/admin-audit_page", title: "گزارش تغییرات", access: "owner", load: () => import("./views/admin-audit-view"), icon: HistoryIcon, nav: { drawer: 10, tiles: 18 } }),
  row({ key: "adminBackups", path: "/admin-backups_page", title: "پشتیبان‌گیری", access: "owner", load: () => import("./views/admin-backups-view"), icon: DatabaseIcon, nav: { drawer: 11, tiles: 19 } }),
  row({ key: "adminSecurityEvents", path: "/admin-security-events_page", title: "رویدادهای امنیتی", access: "owner", load: () => import("./views/admin-security-events-view"), icon: AlertIcon, nav: { drawer: 12, tiles: 20 } }),
  row({ key: "adminCounter", path: "/admin-counter_page", title: "پیشخوان", access: "admin", load: () => import("./views/admin-counter-view"), icon: CardIcon, nav: { drawer: 13, tiles: 21 } }),
  row({ key: "adminInvoices", path: "/admin-invoices_page", title: "فاکتورها", access: "admin", load: () => import("./views/admin-invoices-view"), icon: InvoiceIcon, nav: { drawer: 14, tiles: 22 } }),
  row({ key: "adminDay", path: "/admin-day_page", title: "صندوق روز", access: "admin", load: () => import("./views/admin-day-view"), icon: CalendarIcon, nav: { drawer: 15, tiles: 23 } }),
  // the printed invoice of the counter (issue 38): its id follows the path; staff and the invoice's customer open it
  row({ key: "counterInvoice", path: "/counter-invoice_page", title: "فاکتور", access: "user", param: true, load: () => import("./views/counter-invoice-view") }),
] as const;

/** RouteKey names every screen. */
export type RouteKey = (typeof ROWS)[number]["key"];

/** RouteDef is one screen of the app. */
export type RouteDef = Row<RouteKey>;

/** ROUTES lists every screen with its canonical path. */
export const ROUTES: readonly RouteDef[] = ROWS;
