import { describe, expect, it } from "vitest";
import { ROUTES, matchRoute, normalizePath, pathOf } from "./routes";

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
  });
  it("resolves every admin tile path of the dashboard", () => {
    const tiles: Record<string, string> = {
      "/AdminPanel": "adminPanel",
      "/admin-grades": "adminGrades",
      "/prices": "prices",
      "/admin-gold-requests": "adminGoldRequests",
      "/admin-abshodeh": "adminAbshodeh",
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
    expect(matchRoute("/admin-chat_page")?.access).toBe("admin");
    expect(matchRoute("/AdminChargeAccount")?.access).toBe("admin");
    expect(matchRoute("/about_page")?.access).toBe("public");
    expect(pathOf("adminPanel")).toBe("/AdminPanel_page");
  });
});
