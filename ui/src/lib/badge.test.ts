import { describe, expect, it } from "vitest";
import { badgeText } from "./badge";

describe("badgeText", () => {
  it("hides at zero and caps at 99+", () => {
    expect(badgeText(0)).toBe("");
    expect(badgeText(-3)).toBe("");
    expect(badgeText(Number.NaN)).toBe("");
    expect(badgeText(7)).toBe("۷");
    expect(badgeText(99)).toBe("۹۹");
    expect(badgeText(100)).toBe("۹۹+");
  });
});
