import { describe, expect, it } from "vitest";
import {
  balancesFilter,
  dateRange,
  EMPTY_BALANCES_FILTER,
  EMPTY_WALLET_FILTER,
  FILTER_MESSAGES,
  jalaliToIsoDay,
  walletFilter,
} from "./admin-filters";

describe("jalaliToIsoDay", () => {
  it("turns Jalali days into Gregorian days", () => {
    expect(jalaliToIsoDay({ jy: 1403, jm: 1, jd: 1 })).toBe("2024-03-20");
    expect(jalaliToIsoDay({ jy: 1404, jm: 1, jd: 1 })).toBe("2025-03-21");
    expect(jalaliToIsoDay({ jy: 1402, jm: 12, jd: 29 })).toBe("2024-03-19");
  });
});

describe("dateRange", () => {
  it("sends the start at 00:00:00 and the end at 23:59:59, without zone", () => {
    expect(dateRange("1404/01/01", "1404/01/15")).toEqual({
      ok: true,
      startDate: "2025-03-21T00:00:00",
      endDate: "2025-04-04T23:59:59",
    });
  });
  it("reads Persian digits and unpadded days", () => {
    expect(dateRange("۱۴۰۴/۱/۱", "")).toEqual({ ok: true, startDate: "2025-03-21T00:00:00", endDate: undefined });
  });
  it("lets either end be empty", () => {
    expect(dateRange("", "")).toEqual({ ok: true, startDate: undefined, endDate: undefined });
    expect(dateRange("  ", "1404/01/01")).toEqual({ ok: true, startDate: undefined, endDate: "2025-03-21T23:59:59" });
  });
  it("accepts one day as both ends", () => {
    expect(dateRange("1404/02/10", "1404/02/10").ok).toBe(true);
  });
  it("refuses a start after the end", () => {
    expect(dateRange("1404/02/11", "1404/02/10")).toEqual({ ok: false, field: "from", message: FILTER_MESSAGES.startAfterEnd });
    expect(dateRange("1405/01/01", "1404/12/29")).toMatchObject({ ok: false, message: FILTER_MESSAGES.startAfterEnd });
  });
  it("refuses a date that does not exist", () => {
    expect(dateRange("1404/13/01", "")).toMatchObject({ ok: false, field: "from", message: FILTER_MESSAGES.badDate });
    expect(dateRange("", "1403/12/31")).toMatchObject({ ok: false, field: "to" });
    expect(dateRange("hello", "")).toMatchObject({ ok: false, field: "from" });
  });
});

describe("walletFilter", () => {
  it("sends nothing for a cleared form", () => {
    expect(walletFilter(EMPTY_WALLET_FILTER)).toEqual({ ok: true, filter: {} });
  });
  it("trims the search, turns its digits Latin and keeps chosen type and status", () => {
    expect(
      walletFilter({ userSearch: " ۰۹۱۲ ", type: "deposit", status: "pending", from: "1404/01/01", to: "" }),
    ).toEqual({ ok: true, filter: { userSearch: "0912", type: "deposit", status: "pending", startDate: "2025-03-21T00:00:00" } });
  });
  it("does not search when the range is wrong", () => {
    expect(walletFilter({ ...EMPTY_WALLET_FILTER, from: "1404/05/01", to: "1404/04/01" })).toMatchObject({ ok: false });
  });
});

describe("balancesFilter", () => {
  it("drops empty values", () => {
    expect(balancesFilter(EMPTY_BALANCES_FILTER)).toEqual({});
  });
  it("turns typed numbers into Latin digits without separators", () => {
    expect(
      balancesFilter({ search: " علی ", minRial: "۱٬۰۰۰٬۰۰۰", maxRial: "2,500", minGold: "۰٫۵", maxGold: "12" }),
    ).toEqual({ search: "علی", minRial: "1000000", maxRial: "2500", minGold: "0.5", maxGold: "12" });
  });
  it("cuts decimals off rial bounds and ignores a lone point", () => {
    expect(balancesFilter({ ...EMPTY_BALANCES_FILTER, minRial: "12.5", minGold: "." })).toEqual({ minRial: "12" });
  });
});
