import { describe, expect, it } from "vitest";
import { changeWords, closingBase, goldWorth, tehranMidnight, worthChange } from "./holdings-worth";
import { formatRial } from "./money";

describe("tehranMidnight", () => {
  it("is the midnight before now on Tehran's clock", () => {
    // 12:00 UTC is 15:30 in Tehran; its day began at 20:30 UTC the day before
    expect(tehranMidnight(new Date("2025-06-01T12:00:07.250Z"))).toBe(Date.parse("2025-05-31T20:30:00Z"));
    // 21:00 UTC is already the next day in Tehran (00:30)
    expect(tehranMidnight(new Date("2025-06-01T21:00:00Z"))).toBe(Date.parse("2025-06-01T20:30:00Z"));
    expect(tehranMidnight(new Date("2025-06-01T20:30:00Z"))).toBe(Date.parse("2025-06-01T20:30:00Z"));
  });
});

describe("closingBase", () => {
  const midnight = Date.parse("2025-05-31T20:30:00Z");
  const history = [
    { price: "101000000", at: "2025-06-01T08:00:00Z" },
    { price: "100000000", at: "2025-05-31T18:00:00Z" },
    { price: "99000000", at: "2025-05-30T09:00:00Z" },
  ];
  it("is the price set last before today's midnight, in any order", () => {
    expect(closingBase(history, midnight)).toBe("100000000");
    expect(closingBase([...history].reverse(), midnight)).toBe("100000000");
  });
  it("is none when the shop's first price came today", () => {
    expect(closingBase(history.slice(0, 1), midnight)).toBeNull();
    expect(closingBase([], midnight)).toBeNull();
  });
  it("counts a price set at midnight itself as today's", () => {
    expect(closingBase([{ price: "5", at: "2025-05-31T20:30:00Z" }, { price: "4", at: "2025-05-31T20:29:59Z" }], midnight)).toBe("4");
  });
});

describe("the worth and its change", () => {
  it("prices the gold at the sell price, floored to the rial as a sale is", () => {
    expect(goldWorth("2.5", "98000000")).toBe(245_000_000n);
    expect(goldWorth("0.001", "98000001")).toBe(98_000n);
    expect(goldWorth("1.234", "99999")).toBe(123_398n); // 123398.766
    expect(goldWorth("0", "98000000")).toBe(0n);
    expect(goldWorth("2.5", null)).toBeNull();
    expect(goldWorth(undefined, "1")).toBeNull();
  });
  it("is the gold times the base's move since the close, either way", () => {
    expect(worthChange("2.5", "102000000", "100000000")).toBe(5_000_000n);
    expect(worthChange("2.5", "99000000", "100000000")).toBe(-2_500_000n);
    expect(worthChange("0.003", "100000001", "100000000")).toBe(0n); // 0.003 rial, cut toward zero
    expect(worthChange("2.5", "100000000", "100000000")).toBe(0n);
    expect(worthChange("2.5", "100000000", null)).toBeNull();
    expect(worthChange("2.5", null, "1")).toBeNull();
  });
  it("says the change in words", () => {
    expect(changeWords(5_000_000n, formatRial)).toEqual({ text: "۵٬۰۰۰٬۰۰۰ ریال بیشتر", direction: "up" });
    expect(changeWords(-2_500_000n, formatRial)).toEqual({ text: "۲٬۵۰۰٬۰۰۰ ریال کمتر", direction: "down" });
    expect(changeWords(0n, formatRial)).toEqual({ text: "بدون تغییر", direction: "none" });
  });
});
