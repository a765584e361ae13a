import { describe, expect, it } from "vitest";
import type { Bar, GoldRequest, GoldRequestStatus } from "../api";
import {
  canCancel,
  cancelKey,
  faText,
  formatPurity,
  GOLD_MESSAGES as M,
  keepSelected,
  pendingRequest,
  selectError,
  sendError,
  shortfallOf,
} from "./gold-request";

const bar = (id: number, vazn750 = "1.000", extra: Partial<Bar> = {}): Bar => ({
  id,
  rey: "ری",
  ang: `${id}00`,
  ayar: "750.00",
  vazn: vazn750,
  vazn750,
  ...extra,
});

const req = (id: number, status: GoldRequestStatus): GoldRequest => ({
  id,
  user_id: 1,
  first_name: "سارا",
  last_name: "کریمی",
  phone_number: "09120000000",
  bar_id: id,
  rey: "ری",
  ang: "100",
  ayar: "750.00",
  vazn: "1.000",
  vazn750: "1.000",
  status,
  reject_reason: "",
  created_at: "2025-03-01T10:00:00Z",
  decided_at: null,
});

describe("formatPurity", () => {
  it("shows two decimals in Persian digits", () => {
    expect(formatPurity("750.00")).toBe("۷۵۰");
    expect(formatPurity("995.5")).toBe("۹۹۵/۵");
    expect(formatPurity("750")).toBe("۷۵۰");
    expect(formatPurity(999.9)).toBe("۹۹۹/۹");
    expect(formatPurity("999.95")).toBe("۹۹۹/۹۵");
    expect(formatPurity("1000.00")).toBe("۱۰۰۰");
  });
  it("cuts extra decimals instead of rounding", () => {
    expect(formatPurity("916.669")).toBe("۹۱۶/۶۶");
  });
  it("reads Persian digits and shows a dash for nothing", () => {
    expect(formatPurity("۷۵۰")).toBe("۷۵۰");
    expect(formatPurity("")).toBe("—");
    expect(formatPurity(null)).toBe("—");
    expect(formatPurity("abc")).toBe("—");
  });
});

describe("faText", () => {
  it("writes the digits of a lab or an ingot number in Persian", () => {
    expect(faText("12345")).toBe("۱۲۳۴۵");
    expect(faText("ری ۲")).toBe("ری ۲");
    expect(faText(" A-17 ")).toBe("A-۱۷");
  });
  it("shows a dash when blank", () => {
    expect(faText("")).toBe("—");
    expect(faText("  ")).toBe("—");
    expect(faText(null)).toBe("—");
  });
});

describe("shortfallOf", () => {
  it("takes the server's shortfall when sent", () => {
    expect(shortfallOf(bar(1, "5.000", { shortfall: "2.5" }), "1.000")).toBe("2.500");
  });
  it("computes vazn750 minus the available gold exactly otherwise", () => {
    expect(shortfallOf(bar(1, "5.000"), "2.750")).toBe("2.250");
    expect(shortfallOf(bar(1, "0.3"), "0.1")).toBe("0.200");
    expect(shortfallOf(bar(1, "100.001"), "0")).toBe("100.001");
  });
  it("never goes below zero and gives nothing without figures", () => {
    expect(shortfallOf(bar(1, "1.000"), "3.000")).toBe("0.000");
    expect(shortfallOf(bar(1, "1.000"), null)).toBeNull();
    expect(shortfallOf(bar(1, ""), "1")).toBeNull();
  });
});

describe("pending requests", () => {
  it("finds the pending request among the decided ones", () => {
    const list = [req(3, "canceled"), req(2, "pending"), req(1, "delivered")];
    expect(pendingRequest(list)?.id).toBe(2);
    expect(pendingRequest([req(1, "approved"), req(2, "rejected")])).toBeUndefined();
    expect(pendingRequest(null)).toBeUndefined();
  });
  it("lets the customer cancel only a pending request", () => {
    expect(canCancel(req(1, "pending"))).toBe(true);
    for (const s of ["approved", "ready", "delivered", "rejected", "canceled"] as const) expect(canCancel(req(1, s))).toBe(false);
  });
});

describe("selectError and sendError", () => {
  it("blocks choosing while a request is pending", () => {
    expect(selectError([req(1, "pending")])).toBe(M.pendingBlocks);
    expect(selectError([req(1, "approved"), req(2, "canceled")])).toBeNull();
    expect(selectError([])).toBeNull();
  });
  it("asks for a bar when nothing is chosen", () => {
    expect(sendError(null, [])).toBe(M.selectRequired);
    expect(sendError(undefined, [req(1, "delivered")])).toBe(M.selectRequired);
    expect(sendError(bar(1), [])).toBeNull();
  });
  it("says the pending request first", () => {
    expect(sendError(bar(1), [req(1, "pending")])).toBe(M.pendingBlocks);
    expect(sendError(null, [req(1, "pending")])).toBe(M.pendingBlocks);
  });
  it("uses the spec's words", () => {
    expect(M.pendingBlocks).toBe("شما یک درخواست آبشده دارید؛ برای انتخاب آبشده جدید، درخواست قبلی را لغو کنید");
    expect(M.selectRequired).toBe("لطفاً یک آبشده انتخاب کنید");
    expect(M.loadFailed).toBe("خطا در دریافت اطلاعات");
    expect(M.requestFailed).toBe("خطا در ثبت درخواست");
  });
});

describe("keepSelected", () => {
  it("keeps a bar that is still selectable, with its fresh figures", () => {
    const fresh = bar(2, "2.000");
    expect(keepSelected(bar(2, "1.000"), [bar(1), fresh])).toBe(fresh);
  });
  it("drops a bar someone took or that is now above the balance", () => {
    expect(keepSelected(bar(2), [bar(1), bar(3)])).toBeNull();
    expect(keepSelected(bar(2), [])).toBeNull();
    expect(keepSelected(null, [bar(1)])).toBeNull();
  });
});

describe("cancelKey", () => {
  it("is one key per request, apart from the wallet's keys", () => {
    expect(cancelKey(7)).toBe("gold-cancel-7");
    expect(cancelKey(7)).not.toBe(cancelKey(8));
  });
});
