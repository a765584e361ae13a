// The links of the drawer, the bottom bar and the dashboard tiles.
import type { FunctionComponent } from "react";
import { canOpen, matchRoute, type Role } from "../lib/routes";
import {
  BarsStackIcon, BookIcon, ChartIcon, ChatIcon, ClipboardCheckIcon, CoinsIcon, DashboardIcon, DatabaseIcon, GoldBarIcon, HistoryIcon,
  HomeIcon, IdBadgeIcon, InboxIcon, ListIcon, LockIcon, LoginIcon, PlusCircleIcon, ReceiptIcon, SettingsIcon, StoreIcon, SupportIcon,
  TradeIcon, UserIcon, UserPlusIcon, UsersIcon, WalletIcon, CrownIcon, ShieldIcon, DownloadIcon, BellIcon,
} from "./icons";

/** NavItem is one link with its icon. */
export type NavItem = { href: string; label: string; icon: FunctionComponent<{ size?: number }>; testid: string };

const item = (href: string, label: string, icon: NavItem["icon"], testid: string): NavItem => ({ href, label, icon, testid });

/** HOME_ITEM is the first link of the drawer. */
export const HOME_ITEM = item("/", "خانه", HomeIcon, "home");

/** GUEST_ITEMS are the drawer links of a logged-out visitor. */
export const GUEST_ITEMS: NavItem[] = [
  item("/register_page", "ثبت‌نام", UserPlusIcon, "register"),
  item("/login_page", "ورود", LoginIcon, "login"),
];

/** USER_ITEMS are the drawer links of a logged-in customer (customer.md §2). */
export const USER_ITEMS: NavItem[] = [
  item("/profile_page", "پروفایل", UserIcon, "profile"),
  item("/trade_page", "خرید و فروش", TradeIcon, "trade"),
  item("/deposit-withdraw_page", "کیف پول (واریز و برداشت)", WalletIcon, "wallet"),
  item("/transactions_page", "صورتحساب", ListIcon, "transactions"),
  item("/gold-request_page", "درخواست آبشده", GoldBarIcon, "gold-request"),
  item("/price-alerts_page", "هشدار قیمت", BellIcon, "price-alerts"),
];

/** ADMIN_DRAWER_ITEMS are the admin extras of the drawer (admin.md "Admin home"); forRole picks a person's own. */
export const ADMIN_DRAWER_ITEMS: NavItem[] = [
  item("/AdminPanel_page", "پنل مدیریت", DashboardIcon, "admin-panel"),
  item("/admin-chat_page", "پشتیبانی کاربران", SupportIcon, "admin-chat"),
  item("/admin-abshodeh_page", "انبار آبشده", BarsStackIcon, "admin-abshodeh"),
  item("/admin-vault_page", "خزانه", LockIcon, "admin-vault"),
  item("/admin-reserve_page", "پشتوانه طلا و ریال", ShieldIcon, "admin-reserve"),
  item("/admin-exports_page", "خروجی گزارش‌ها", DownloadIcon, "admin-exports"),
  item("/admin-notices_page", "پیامک‌ها و هشدارها", ChatIcon, "admin-notices"),
  item("/admin-shop_page", "تنظیمات فروشگاه", StoreIcon, "admin-shop"),
  item("/admin-staff_page", "کارکنان", IdBadgeIcon, "admin-staff"),
  item("/admin-audit_page", "گزارش تغییرات", HistoryIcon, "admin-audit"),
  item("/admin-backups_page", "پشتیبان‌گیری", DatabaseIcon, "admin-backups"),
];

/** BOTTOM_ITEMS are the tabs of the bottom bar on small screens. */
export const BOTTOM_ITEMS: NavItem[] = [
  item("/", "خانه", HomeIcon, "home"),
  item("/deposit-withdraw_page", "کیف پول", WalletIcon, "wallet"),
  item("/trade_page", "خرید و فروش", TradeIcon, "trade"),
  item("/transactions_page", "صورتحساب", ListIcon, "transactions"),
  item("/profile_page", "پروفایل", UserIcon, "profile"),
];

/** HOME_TILES are the dashboard tiles every user sees. */
export const HOME_TILES: NavItem[] = [
  item("/deposit-withdraw_page", "کیف پول (واریز و برداشت)", WalletIcon, "wallet"),
  item("/trade_page", "خرید و فروش", TradeIcon, "trade"),
  item("/transactions_page", "صورتحساب", ListIcon, "transactions"),
  item("/gold-request_page", "درخواست آبشده", GoldBarIcon, "gold-request"),
  item("/wallet-requests_page", "درخواست‌های کیف پول من", ReceiptIcon, "wallet-requests"),
  item("/profile_page", "پروفایل", UserIcon, "profile"),
];

/**
 * ADMIN_TILES are the admin tiles of the dashboard, in the no-suffix form the notes use. The admin's home shows
 * them above HOME_TILES; no icon is used twice on that screen.
 */
export const ADMIN_TILES: NavItem[] = [
  item("/AdminPanel", "پنل مدیریت", DashboardIcon, "admin-panel"),
  item("/admin-grades", "سطوح قیمت کاربران", UsersIcon, "admin-grades"),
  item("/prices", "تعیین قیمت", ChartIcon, "prices"),
  item("/admin-gold-requests", "درخواست‌های آبشده", ClipboardCheckIcon, "admin-gold-requests"),
  item("/admin-abshodeh", "انبار آبشده", BarsStackIcon, "admin-abshodeh"),
  item("/admin-vault", "خزانه", LockIcon, "admin-vault"),
  item("/admin-reserve", "پشتوانه طلا و ریال", ShieldIcon, "admin-reserve"),
  item("/admin-exports", "خروجی گزارش‌ها", DownloadIcon, "admin-exports"),
  item("/admin-notices", "پیامک‌ها و هشدارها", ChatIcon, "admin-notices"),
  item("/AdminWalletRequests", "درخواست‌های کیف پول", InboxIcon, "admin-wallet-requests"),
  item("/AdminUserBalances", "موجودی کاربران", CoinsIcon, "admin-user-balances"),
  item("/AdminGoldTransactions", "معاملات طلا", BookIcon, "admin-gold-transactions"),
  item("/AdminChargeAccount", "شارژ دستی حساب", PlusCircleIcon, "admin-charge-account"),
  item("/AdminPriceSettings", "تنظیمات ساعت و وزن معاملات", SettingsIcon, "admin-price-settings"),
  item("/admin-chat", "پشتیبانی کاربران", SupportIcon, "admin-chat"),
  item("/admin-shop", "تنظیمات فروشگاه", StoreIcon, "admin-shop"),
  item("/admin-staff", "کارکنان", IdBadgeIcon, "admin-staff"),
  item("/admin-audit", "گزارش تغییرات", HistoryIcon, "admin-audit"),
  item("/admin-backups", "پشتیبان‌گیری", DatabaseIcon, "admin-backups"),
];

/** forRole keeps the links to the screens someone of role may open (staff see no owner screen). */
export function forRole(items: NavItem[], role: Role | null): NavItem[] {
  return items.filter((it) => {
    const route = matchRoute(it.href);
    return !!route && canOpen(route.access, role);
  });
}

export { CrownIcon };
