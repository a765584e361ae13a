import { describe, expect, it } from "vitest";
import { ADMIN_DRAWER_ITEMS, ADMIN_TILES, BOTTOM_ITEMS, GUEST_ITEMS, HOME_ITEM, HOME_TILES, USER_ITEMS, forRole, type NavItem } from "./nav-items";

const links = (items: NavItem[]) => items.map((it) => [it.href, it.label, it.testid]);

describe("navigation items", () => {
  it("never show one icon on two tiles of the admin's home (their tiles and the customer's)", () => {
    const tiles = [...ADMIN_TILES, ...HOME_TILES];
    const seen = new Map<unknown, string>();
    for (const t of tiles) {
      expect(seen.get(t.icon), `${t.label} shares its icon with ${seen.get(t.icon)}`).toBeUndefined();
      seen.set(t.icon, t.label);
    }
  });
  it("never show one icon twice in the admin's drawer", () => {
    const icons = [...USER_ITEMS, ...ADMIN_DRAWER_ITEMS].map((i) => i.icon);
    expect(new Set(icons).size).toBe(icons.length);
  });
  it("show staff only the desks they may use, and the owner everything", () => {
    const staff = forRole(ADMIN_TILES, "staff").map((t) => t.testid);
    expect(staff).toEqual([
      "admin-panel", "admin-gold-requests", "admin-abshodeh", "admin-vault", "admin-wallet-requests", "admin-user-balances",
      "admin-gold-transactions", "admin-chat", "admin-counter", "admin-invoices", "admin-day",
    ]);
    expect(forRole(ADMIN_DRAWER_ITEMS, "staff").map((t) => t.testid)).toEqual([
      "admin-panel", "admin-chat", "admin-abshodeh", "admin-vault", "admin-counter", "admin-invoices", "admin-day",
    ]);
    expect(forRole(ADMIN_TILES, "owner")).toEqual(ADMIN_TILES);
    expect(forRole(ADMIN_DRAWER_ITEMS, "owner")).toEqual(ADMIN_DRAWER_ITEMS);
    expect(forRole(ADMIN_TILES, "customer")).toEqual([]);
    expect(forRole(HOME_TILES, "customer")).toEqual(HOME_TILES);
  });
  it("link every tile and drawer item to a screen", () => {
    for (const t of [...ADMIN_TILES, ...ADMIN_DRAWER_ITEMS]) expect(forRole([t], "owner"), t.href).toHaveLength(1);
  });
  it("read every menu from the screens' table, in the places its rows give", () => {
    expect(links([HOME_ITEM])).toEqual([["/", "خانه", "home"]]);
    expect(links(GUEST_ITEMS)).toEqual([["/register_page", "ثبت‌نام", "register"], ["/login_page", "ورود", "login"]]);
    expect(links(USER_ITEMS)).toEqual([
      ["/profile_page", "پروفایل", "profile"], ["/trade_page", "خرید و فروش", "trade"],
      ["/deposit-withdraw_page", "کیف پول (واریز و برداشت)", "wallet"], ["/transactions_page", "صورتحساب", "transactions"],
      ["/gold-request_page", "درخواست آبشده", "gold-request"], ["/price-alerts_page", "هشدار قیمت", "price-alerts"], ["/plans_page", "طرح پس‌انداز طلا", "plans"],
      ["/orders_page", "سفارش شرطی", "orders"],
    ]);
    expect(links(ADMIN_DRAWER_ITEMS)).toEqual([
      ["/AdminPanel_page", "پنل مدیریت", "admin-panel"], ["/admin-chat_page", "پشتیبانی کاربران", "admin-chat"],
      ["/admin-abshodeh_page", "انبار آبشده", "admin-abshodeh"], ["/admin-vault_page", "خزانه", "admin-vault"],
      ["/admin-reserve_page", "پشتوانه طلا و ریال", "admin-reserve"], ["/admin-exports_page", "خروجی گزارش‌ها", "admin-exports"],
      ["/admin-notices_page", "پیامک‌ها و هشدارها", "admin-notices"], ["/admin-shop_page", "تنظیمات فروشگاه", "admin-shop"],
      ["/admin-staff_page", "کارکنان", "admin-staff"], ["/admin-audit_page", "گزارش تغییرات", "admin-audit"],
      ["/admin-backups_page", "پشتیبان‌گیری", "admin-backups"], ["/admin-security-events_page", "رویدادهای امنیتی", "admin-security-events"],
      ["/admin-counter_page", "پیشخوان", "admin-counter"], ["/admin-invoices_page", "فاکتورها", "admin-invoices"],
      ["/admin-day_page", "صندوق روز", "admin-day"],
    ]);
    expect(links(BOTTOM_ITEMS)).toEqual([
      ["/", "خانه", "home"], ["/deposit-withdraw_page", "کیف پول", "wallet"], ["/trade_page", "خرید و فروش", "trade"],
      ["/transactions_page", "صورتحساب", "transactions"], ["/profile_page", "پروفایل", "profile"],
    ]);
    expect(links(HOME_TILES)).toEqual([
      ["/deposit-withdraw_page", "کیف پول (واریز و برداشت)", "wallet"], ["/trade_page", "خرید و فروش", "trade"],
      ["/transactions_page", "صورتحساب", "transactions"], ["/gold-request_page", "درخواست آبشده", "gold-request"],
      ["/wallet-requests_page", "درخواست‌های کیف پول من", "wallet-requests"], ["/profile_page", "پروفایل", "profile"],
    ]);
    expect(links(ADMIN_TILES)).toEqual([
      ["/AdminPanel", "پنل مدیریت", "admin-panel"], ["/admin-grades", "سطوح قیمت کاربران", "admin-grades"],
      ["/prices", "تعیین قیمت", "prices"], ["/admin-gold-requests", "درخواست‌های آبشده", "admin-gold-requests"],
      ["/admin-abshodeh", "انبار آبشده", "admin-abshodeh"], ["/admin-vault", "خزانه", "admin-vault"],
      ["/admin-reserve", "پشتوانه طلا و ریال", "admin-reserve"], ["/admin-exports", "خروجی گزارش‌ها", "admin-exports"],
      ["/admin-notices", "پیامک‌ها و هشدارها", "admin-notices"], ["/AdminWalletRequests", "درخواست‌های کیف پول", "admin-wallet-requests"],
      ["/AdminUserBalances", "موجودی کاربران", "admin-user-balances"], ["/AdminGoldTransactions", "معاملات طلا", "admin-gold-transactions"],
      ["/AdminChargeAccount", "شارژ دستی حساب", "admin-charge-account"],
      ["/AdminPriceSettings", "تنظیمات ساعت و وزن معاملات", "admin-price-settings"],
      ["/admin-chat", "پشتیبانی کاربران", "admin-chat"], ["/admin-shop", "تنظیمات فروشگاه", "admin-shop"],
      ["/admin-staff", "کارکنان", "admin-staff"], ["/admin-audit", "گزارش تغییرات", "admin-audit"],
      ["/admin-backups", "پشتیبان‌گیری", "admin-backups"], ["/admin-security-events", "رویدادهای امنیتی", "admin-security-events"],
      ["/admin-counter", "پیشخوان", "admin-counter"], ["/admin-invoices", "فاکتورها", "admin-invoices"],
      ["/admin-day", "صندوق روز", "admin-day"],
    ]);
    for (const it of [HOME_ITEM, ...GUEST_ITEMS, ...USER_ITEMS, ...ADMIN_DRAWER_ITEMS, ...BOTTOM_ITEMS, ...HOME_TILES, ...ADMIN_TILES]) {
      expect(it.icon, it.testid).toBeTypeOf("function");
    }
  });
});
