import { describe, expect, it } from "vitest";
import { ADMIN_DRAWER_ITEMS, ADMIN_TILES, HOME_TILES, USER_ITEMS, forRole } from "./nav-items";

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
      "admin-gold-transactions", "admin-chat",
    ]);
    expect(forRole(ADMIN_DRAWER_ITEMS, "staff").map((t) => t.testid)).toEqual(["admin-panel", "admin-chat", "admin-abshodeh", "admin-vault"]);
    expect(forRole(ADMIN_TILES, "owner")).toEqual(ADMIN_TILES);
    expect(forRole(ADMIN_DRAWER_ITEMS, "owner")).toEqual(ADMIN_DRAWER_ITEMS);
    expect(forRole(ADMIN_TILES, "customer")).toEqual([]);
    expect(forRole(HOME_TILES, "customer")).toEqual(HOME_TILES);
  });
  it("link every tile and drawer item to a screen", () => {
    for (const t of [...ADMIN_TILES, ...ADMIN_DRAWER_ITEMS]) expect(forRole([t], "owner"), t.href).toHaveLength(1);
  });
});
