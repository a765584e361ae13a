import { describe, expect, it } from "vitest";
import { ADMIN_DRAWER_ITEMS, ADMIN_TILES, HOME_TILES, USER_ITEMS } from "./nav-items";

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
});
