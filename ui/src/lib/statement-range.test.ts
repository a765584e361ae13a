import { describe, expect, it } from "vitest";
import type { Entry, StatementRange } from "../api";
import {
  checkRange,
  daysIncluded,
  defaultRange,
  MAX_RANGE_DAYS,
  periodText,
  periodTotals,
  printTitle,
  RANGE_MESSAGES,
} from "./statement-range";

// 2026-11-26 15:30 in Tehran is 1405/09/05.
const NOW = new Date("2026-11-26T12:00:00Z");

describe("defaultRange", () => {
  it("covers the current Jalali month up to today", () => {
    expect(defaultRange(NOW)).toEqual({ from: "1405/09/01", to: "1405/09/05" });
  });
  it("takes today in Tehran, not in UTC: 21:00 UTC is already the next day there", () => {
    expect(defaultRange(new Date("2026-11-26T21:00:00Z"))).toEqual({ from: "1405/09/01", to: "1405/09/06" });
  });
  it("is a single day on the first of a month", () => {
    expect(defaultRange(new Date("2026-03-21T08:00:00Z"))).toEqual({ from: "1405/01/01", to: "1405/01/01" });
  });
});

describe("checkRange", () => {
  it("turns Jalali days into the API's Gregorian days, both included", () => {
    const out = checkRange({ from: "1405/09/01", to: "1405/09/05" }, NOW);
    expect(out).toEqual({
      ok: true,
      from: "2026-11-22",
      to: "2026-11-26",
      fromDay: { jy: 1405, jm: 9, jd: 1 },
      toDay: { jy: 1405, jm: 9, jd: 5 },
    });
  });
  it("reads Persian digits and unpadded days", () => {
    const out = checkRange({ from: "۱۴۰۵/۱/۱", to: "۱۴۰۵/۱/۱" }, NOW);
    expect(out.ok && [out.from, out.to]).toEqual(["2026-03-21", "2026-03-21"]);
  });
  it("asks for each missing day", () => {
    expect(checkRange({ from: " ", to: "1405/09/05" }, NOW)).toEqual({ ok: false, field: "from", message: RANGE_MESSAGES.fromRequired });
    expect(checkRange({ from: "1405/09/01", to: "" }, NOW)).toEqual({ ok: false, field: "to", message: RANGE_MESSAGES.toRequired });
  });
  it("refuses a day that does not exist", () => {
    expect(checkRange({ from: "1405/13/01", to: "1405/09/05" }, NOW)).toMatchObject({ ok: false, field: "from", message: RANGE_MESSAGES.badDate });
    // 1405 is no leap year: Esfand has 29 days
    expect(checkRange({ from: "1405/01/01", to: "1405/12/30" }, NOW)).toMatchObject({ ok: false, field: "to", message: RANGE_MESSAGES.badDate });
  });
  it("refuses a start after the end", () => {
    expect(checkRange({ from: "1405/09/05", to: "1405/09/01" }, NOW)).toEqual({ ok: false, field: "from", message: RANGE_MESSAGES.startAfterEnd });
  });
  it("refuses an end after today", () => {
    expect(checkRange({ from: "1405/09/01", to: "1405/09/06" }, NOW)).toEqual({ ok: false, field: "to", message: RANGE_MESSAGES.future });
  });
  it("takes a whole leap year but not a day more", () => {
    // 1403 is a leap year: 1403/01/01 to 1403/12/30 is 366 days
    expect(checkRange({ from: "1403/01/01", to: "1403/12/30" }, NOW)).toMatchObject({ ok: true, from: "2024-03-20", to: "2025-03-20" });
    expect(checkRange({ from: "1403/01/01", to: "1404/01/01" }, NOW)).toEqual({ ok: false, field: "from", message: RANGE_MESSAGES.tooLong });
  });
  it("says the limit in Persian digits", () => {
    expect(RANGE_MESSAGES.tooLong).toContain("۳۶۶");
    expect(MAX_RANGE_DAYS).toBe(366);
  });
});

describe("daysIncluded", () => {
  it("counts both ends", () => {
    expect(daysIncluded({ jy: 1405, jm: 9, jd: 1 }, { jy: 1405, jm: 9, jd: 1 })).toBe(1);
    expect(daysIncluded({ jy: 1405, jm: 1, jd: 1 }, { jy: 1405, jm: 12, jd: 29 })).toBe(365);
  });
});

describe("period texts", () => {
  const from = { jy: 1405, jm: 9, jd: 1 };
  const to = { jy: 1405, jm: 9, jd: 5 };
  it("shows the period in Persian digits", () => {
    expect(periodText(from, to)).toBe("از ۱۴۰۵/۰۹/۰۱ تا ۱۴۰۵/۰۹/۰۵");
  });
  it("names the PDF without slashes", () => {
    expect(printTitle("طلای نمونه", from, to)).toBe("صورتحساب طلای نمونه ۱۴۰۵-۰۹-۰۱ تا ۱۴۰۵-۰۹-۰۵");
  });
});

const entry = (over: Partial<Entry>): Entry => ({
  id: 1,
  created_at: "2026-11-23T08:00:00Z",
  type: "wallet_deposit",
  status: "deposited",
  description: "",
  price_per_gram: null,
  debit_rial: "0",
  credit_rial: "0",
  debit_gold: "0.000",
  credit_gold: "0.000",
  ...over,
});

describe("periodTotals", () => {
  const range: StatementRange = {
    from: "2026-11-22",
    to: "2026-11-26",
    opening: { rial: "500000", gold: "0.100" },
    closing: { rial: "1200000", gold: "0.101" },
    transactions: [
      entry({ id: 1, credit_rial: "1000000" }),
      entry({ id: 2, type: "buy", debit_rial: "300000", credit_gold: "0.004", price_per_gram: "75000000" }),
      entry({ id: 3, type: "sell", debit_gold: "0.003", credit_rial: "0" }),
    ],
  };
  it("adds up the debits and credits exactly", () => {
    expect(periodTotals(range)).toEqual({
      debitRial: "300000",
      creditRial: "1000000",
      debitGold: "0.003",
      creditGold: "0.004",
      balanced: true,
    });
  });
  it("notices when opening and turnover do not reach the closing", () => {
    expect(periodTotals({ ...range, closing: { rial: "1200001", gold: "0.101" } }).balanced).toBe(false);
    expect(periodTotals({ ...range, closing: { rial: "1200000", gold: "0.100" } }).balanced).toBe(false);
  });
  it("gives zeros for a period without entries", () => {
    const empty = { ...range, closing: range.opening, transactions: [] };
    expect(periodTotals(empty)).toEqual({ debitRial: "0", creditRial: "0", debitGold: "0.000", creditGold: "0.000", balanced: true });
  });
});
