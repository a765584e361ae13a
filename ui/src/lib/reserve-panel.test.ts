import { describe, expect, it } from "vitest";
import {
  RESERVE_MESSAGES as M, asOfText, checkBankForm, checkMargin, composition, levelNotice, marginText, ratioText, trimZeros,
} from "./reserve-panel";

// 2026-11-26 12:00 UTC is 1405/09/05 in Tehran.
const NOW = new Date("2026-11-26T12:00:00Z");

describe("reserve panel", () => {
  it("warns near the margin and says buys are refused when short", () => {
    expect(levelNotice("ok", true)).toBeNull();
    expect(levelNotice("near", true)).toMatchObject({ tone: "warn", title: "نزدیک به حاشیه" });
    expect(levelNotice("short", true)).toMatchObject({ tone: "danger" });
    expect(levelNotice("short", true)?.title).toMatch(/رد می‌شود/);
    // with the guard off nothing is refused, and the banner must not claim it is
    expect(levelNotice("short", false)?.title).not.toMatch(/رد می‌شود/);
    expect(levelNotice("short", false)?.text).toMatch(/خاموش/);
  });

  it("shows the ratio and the margin in Persian digits", () => {
    expect(ratioText("2.50")).toBe("۲/۵۰ برابر");
    expect(ratioText(null)).toBe("—");
    expect(marginText("2.50")).toBe("۲/۵٪");
    expect(marginText("5.00")).toBe("۵٪");
    expect(marginText("0.05")).toBe("۰/۰۵٪");
    expect(marginText("10")).toBe("۱۰٪");
    expect(trimZeros("100")).toBe("100");
  });

  it("reads a typed margin from 0 to 100 with two decimals at most", () => {
    expect(checkMargin("۲/۵")).toEqual({ ok: true, value: "2.5" });
    expect(checkMargin("2٫50")).toEqual({ ok: true, value: "2.5" });
    expect(checkMargin("0")).toEqual({ ok: true, value: "0" });
    expect(checkMargin("100")).toEqual({ ok: true, value: "100" });
    expect(checkMargin("100.00")).toEqual({ ok: true, value: "100" });
    expect(checkMargin("7.")).toEqual({ ok: true, value: "7" });
    for (const bad of ["", "100.01", "101", "1.234", "abc"]) expect(checkMargin(bad)).toEqual({ ok: false, message: M.margin });
  });

  it("lists every kind of the vault in its order", () => {
    expect(composition([{ kind: "melted", count: 1, weight750: "10.000" }]).map((t) => [t.kind, t.count])).toEqual([
      ["bar", 0], ["coin", 0], ["melted", 1], ["jewellery", 0],
    ]);
    expect(composition(null)).toHaveLength(4);
  });

  it("checks a bank balance and sends its Jalali day as the Gregorian day", () => {
    expect(checkBankForm({ bank: " ملت ", digits: "1250000000", date: "۱۴۰۵/۰۹/۰۵" }, NOW)).toEqual({
      ok: true,
      body: { bank: "ملت", balance: "1250000000", as_of: "2026-11-26" },
    });
    expect(checkBankForm({ bank: "ملی", digits: "0", date: "1405/09/01" }, NOW)).toMatchObject({ ok: true, body: { balance: "0", as_of: "2026-11-22" } });
  });

  it("names each wrong field of a bank balance", () => {
    expect(checkBankForm({ bank: "م", digits: "", date: "" }, NOW)).toEqual({
      ok: false,
      errors: { bank: M.bank, digits: M.balance, date: M.dateRequired },
    });
    expect(checkBankForm({ bank: "ب".repeat(51), digits: "1", date: "1405/13/01" }, NOW)).toEqual({
      ok: false,
      errors: { bank: M.bank, date: M.dateBad },
    });
    expect(checkBankForm({ bank: "ملت", digits: "1", date: "1405/09/06" }, NOW)).toEqual({ ok: false, errors: { date: M.dateFuture } });
  });

  it("shows a Gregorian day as its Jalali day", () => {
    expect(asOfText("2026-11-26")).toBe("۱۴۰۵/۰۹/۰۵");
    expect(asOfText("2026-03-21")).toBe("۱۴۰۵/۰۱/۰۱");
    expect(asOfText("")).toBe("—");
  });
});
