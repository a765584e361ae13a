import { describe, expect, it } from "vitest";
import { EXPORT_MESSAGES, EXPORTS, defaultRange, exportFileName, exportRange } from "./exports";

// 2026-11-26 12:00 UTC is 1405/09/05 in Tehran; 2026-03-20 21:00 UTC is already 1405/01/01 there (00:30).
const NOW = new Date("2026-11-26T12:00:00Z");

describe("exports", () => {
  it("lists the four files with Persian names", () => {
    expect(EXPORTS.map((e) => e.name)).toEqual(["trades", "wallet-requests", "gold-requests", "customers"]);
    expect(EXPORTS.map((e) => e.label)).toEqual(["معاملات", "درخواست‌های کیف پول", "درخواست‌های آبشده", "مشتریان"]);
  });

  it("opens on this Jalali month so far, in Tehran", () => {
    expect(defaultRange(NOW)).toEqual({ from: "1405/09/01", to: "1405/09/05" });
    expect(defaultRange(new Date("2026-03-20T21:00:00Z"))).toEqual({ from: "1405/01/01", to: "1405/01/01" });
  });

  it("sends the picked Tehran days as Gregorian YYYY-MM-DD", () => {
    expect(exportRange({ from: "1405/09/01", to: "1405/09/05" })).toEqual({ ok: true, from: "2026-11-22", to: "2026-11-26" });
    expect(exportRange({ from: "۱۴۰۴/۱۲/۲۹", to: "۱۴۰۵/۰۱/۰۱" })).toEqual({ ok: true, from: "2026-03-20", to: "2026-03-21" });
    expect(exportRange({ from: "1405/1/1", to: "1405/1/1" })).toEqual({ ok: true, from: "2026-03-21", to: "2026-03-21" });
  });

  it("refuses a start after the end, a missing day and a day that does not exist", () => {
    expect(exportRange({ from: "1405/09/06", to: "1405/09/05" })).toEqual({ ok: false, field: "from", message: EXPORT_MESSAGES.startAfterEnd });
    expect(exportRange({ from: "", to: "1405/09/05" })).toEqual({ ok: false, field: "from", message: EXPORT_MESSAGES.required });
    expect(exportRange({ from: "1405/09/01", to: " " })).toEqual({ ok: false, field: "to", message: EXPORT_MESSAGES.required });
    expect(exportRange({ from: "1405/07/31", to: "1405/09/05" })).toEqual({ ok: false, field: "from", message: EXPORT_MESSAGES.badDate });
    expect(exportRange({ from: "1405/09/01", to: "2026-11-26" })).toEqual({ ok: false, field: "to", message: EXPORT_MESSAGES.badDate });
  });

  it("names the file as the server does", () => {
    expect(exportFileName("wallet-requests", "2026-11-22", "2026-11-26")).toBe("goldshop-wallet-requests-2026-11-22-2026-11-26.csv");
  });
});
