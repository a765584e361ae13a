import { describe, expect, it } from "vitest";
import { ROUTES, canOpen, matchRoute, normalizePath, pathOf, roleOf, type Role } from "./routes";

const key = (path: string) => matchRoute(path)?.key ?? null;

describe("matchRoute", () => {
  it("treats login spellings as one screen", () => {
    for (const p of ["/login", "/login_page", "/Login_page", "/LOGIN", "/login/", "/login_page?x=1"]) {
      expect(key(p), p).toBe("login");
    }
  });
  it("treats the admin panel with or without suffix as one screen", () => {
    expect(key("/AdminPanel")).toBe("adminPanel");
    expect(key("/AdminPanel_page")).toBe("adminPanel");
    expect(key("/adminpanel_PAGE")).toBe("adminPanel");
  });
  it("resolves profile and register spellings used in navigation", () => {
    expect(key("/profile")).toBe("profile");
    expect(key("/profile_page")).toBe("profile");
    expect(key("/register?ref=AB12")).toBe("register");
    expect(key("/Register_page")).toBe("register");
    expect(key("/edit-profile")).toBe("editProfile");
    expect(key("/about")).toBe("about");
    expect(key("/reserves")).toBe("reserves");
    expect(key("/Reserves_page")).toBe("reserves");
  });
  it("resolves every admin tile path of the dashboard", () => {
    const tiles: Record<string, string> = {
      "/AdminPanel": "adminPanel",
      "/admin-grades": "adminGrades",
      "/prices": "prices",
      "/admin-gold-requests": "adminGoldRequests",
      "/admin-abshodeh": "adminAbshodeh",
      "/admin-vault": "adminVault",
      "/AdminWalletRequests": "adminWalletRequests",
      "/AdminUserBalances": "adminUserBalances",
      "/AdminGoldTransactions": "adminGoldTransactions",
      "/AdminChargeAccount": "adminChargeAccount",
      "/AdminPriceSettings": "adminPriceSettings",
      "/admin-chat": "adminChat",
    };
    for (const [p, k] of Object.entries(tiles)) expect(key(p), p).toBe(k);
  });
  it("matches every canonical path to its own screen", () => {
    for (const d of ROUTES) expect(matchRoute(d.path)).toBe(d);
    expect(new Set(ROUTES.map((d) => normalizePath(d.path))).size).toBe(ROUTES.length);
  });
  it("matches home", () => {
    expect(key("/")).toBe("home");
    expect(key("")).toBe("home");
    expect(key("/index.html")).toBe("home");
    expect(key("/?ref=1")).toBe("home");
  });
  it("matches nothing else", () => {
    expect(key("/nope")).toBeNull();
    expect(key("/profile_page/extra")).toBeNull();
    expect(key("/_page")).toBeNull();
    expect(key("/login_page_page")).toBeNull();
    expect(key("/%E0%A4%A")).toBeNull();
  });
  it("keeps chat pages outside the shell and admin pages for admins", () => {
    expect(matchRoute("/chat_page")?.shell).toBe(false);
    expect(ROUTES.filter((d) => !d.shell).map((d) => d.key)).toEqual(["chat", "adminChat"]);
    expect(matchRoute("/admin-chat_page")?.access).toBe("admin");
    expect(matchRoute("/AdminWalletRequests")?.access).toBe("admin");
    expect(matchRoute("/about_page")?.access).toBe("public");
    expect(pathOf("adminPanel")).toBe("/AdminPanel_page");
  });
  it("opens the vault for staff too, with or without suffix", () => {
    expect(key("/admin-vault_page")).toBe("adminVault");
    expect(key("/Admin-Vault")).toBe("adminVault");
    expect(matchRoute("/admin-vault")?.access).toBe("admin");
    expect(matchRoute("/admin-vault")?.title).toBe("خزانه");
  });
});

describe("a screen that takes an id", () => {
  it("matches the printed invoice with its id, in any spelling", () => {
    for (const p of ["/counter-invoice_page/12", "/Counter-Invoice_page/12", "/counter-invoice/12", "/counter-invoice_page/12/", "/counter-invoice_page/12?size=80mm"]) {
      expect(key(p), p).toBe("counterInvoice");
    }
    expect(matchRoute("/counter-invoice_page/12")?.access).toBe("user");
  });
  it("gives no other screen a segment more, nor the invoice two", () => {
    expect(key("/transactions_page/12")).toBeNull();
    expect(key("/counter-invoice_page/12/3")).toBeNull();
    expect(key("/nope/12")).toBeNull();
  });
  it("opens the counter and its invoices for staff, and the printed invoice for every signed-in person", () => {
    expect(matchRoute("/admin-counter")?.title).toBe("پیشخوان");
    expect(matchRoute("/admin-invoices_page")?.title).toBe("فاکتورها");
    expect(canOpen(matchRoute("/counter-invoice_page/5")!.access, "customer")).toBe(true);
    expect(canOpen(matchRoute("/counter-invoice_page/5")!.access, null)).toBe(false);
  });
  it("opens the day's drawer for staff, and the vault's labels and melts as pages of the vault", () => {
    expect(matchRoute("/admin-day")?.title).toBe("صندوق روز");
    expect(key("/admin-day_page?date=2026-11-28")).toBe("adminDay");
    expect(key("/admin-vault_page/labels?ids=1,2")).toBe("adminVault");
    expect(key("/admin-vault_page/melts")).toBe("adminVault");
    expect(key("/admin-abshodeh_page/melts")).toBeNull();
  });
});

describe("access by role", () => {
  const opens = (path: string, role: Role | null) => canOpen(matchRoute(path)!.access, role);
  const OWNER_ONLY = [
    "/prices_page", "/AdminPriceSettings_page", "/admin-grades_page", "/AdminChargeAccount_page",
    "/admin-shop_page", "/admin-staff_page", "/admin-audit_page", "/admin-backups_page", "/admin-notices_page",
  ];
  const STAFF_DESKS = [
    "/AdminPanel_page", "/AdminWalletRequests_page", "/admin-gold-requests_page", "/admin-chat_page",
    "/AdminUserBalances_page", "/AdminGoldTransactions_page", "/admin-abshodeh_page",
    "/admin-vault_page", "/admin-counter_page", "/admin-invoices_page", "/admin-day_page", "/admin-vault_page/melts",
  ];
  it("gives the owner every screen", () => {
    for (const d of ROUTES) expect(canOpen(d.access, "owner"), d.path).toBe(true);
  });
  it("keeps staff at the desks and out of the owner's screens", () => {
    for (const p of STAFF_DESKS) expect(opens(p, "staff"), p).toBe(true);
    for (const p of OWNER_ONLY) expect(opens(p, "staff"), p).toBe(false);
  });
  it("keeps customers out of every admin screen and visitors out of every signed-in one", () => {
    for (const p of [...STAFF_DESKS, ...OWNER_ONLY]) expect(opens(p, "customer"), p).toBe(false);
    expect(opens("/trade_page", "customer")).toBe(true);
    expect(opens("/trade_page", null)).toBe(false);
    expect(opens("/about_page", null)).toBe(true);
    expect(opens("/reserves", null)).toBe(true);
  });
  it("resolves the new owner screens with or without suffix", () => {
    expect(key("/admin-shop")).toBe("adminShop");
    expect(key("/Admin-Staff_page")).toBe("adminStaff");
    expect(key("/admin-audit")).toBe("adminAudit");
    expect(key("/admin-backups_page")).toBe("adminBackups");
    expect(key("/admin-notices")).toBe("adminNotices");
    expect(key("/Admin-Notices_page")).toBe("adminNotices");
  });
  it("reads the role, treating an admin flag without a role as staff", () => {
    expect(roleOf(null)).toBeNull();
    expect(roleOf({ role: "owner", is_admin: 1 })).toBe("owner");
    expect(roleOf({ role: "staff", is_admin: true })).toBe("staff");
    expect(roleOf({ is_admin: 1 })).toBe("staff");
    expect(roleOf({ is_admin: 0 })).toBe("customer");
    expect(roleOf({ role: "root", is_admin: 0 })).toBe("customer");
  });
});
