import { describe, expect, it } from "vitest";
import { faTyped } from "./money";
import { ApiError, type BarForm } from "../api";
import { barToForm, checkItemForm, EMPTY_VAULT_FORM, toBarForm } from "./vault";
import {
  ABSHODEH_MESSAGES,
  barLockReason,
  barStatusLabel,
  barStatusTone,
  decisionError,
  decisionsFor,
  EMPTY_GOLD_FILTER,
  GOLD_REQUEST_STATUS_OPTIONS,
  goldFilter,
  requestsLoadError,
  sanitizeDecimal,
  sumGrams,
  vazn750Mg,
  vazn750Preview,
} from "./abshodeh";

describe("vazn750Mg", () => {
  it("is the weight at 750 purity, cut to the milligram", () => {
    expect(vazn750Mg(1000n, 75_000n)).toBe(1000n);
    expect(vazn750Mg(10_000n, 100_000n)).toBe(13_333n); // 13.3333… g
    expect(vazn750Mg(12_345n, 74_050n)).toBe(12_188n); // 12.18829 g
    expect(vazn750Mg(1n, 74_999n)).toBe(0n);
  });
  it("stays exact far beyond what a float holds", () => {
    // 9 007 199 254 740.993 g of 999.99: the product overflows 2^53 many times over
    expect(vazn750Mg(9_007_199_254_740_993n, 99_999n)).toBe((9_007_199_254_740_993n * 99_999n) / 75_000n);
  });
  it("is zero for an empty figure", () => {
    expect(vazn750Mg(0n, 75_000n)).toBe(0n);
    expect(vazn750Mg(1000n, 0n)).toBe(0n);
  });
});

describe("vazn750Preview", () => {
  it("computes from what is typed, Persian digits and separators included", () => {
    expect(vazn750Preview("12.345", "740.5")).toBe("12.188");
    expect(vazn750Preview("۱۲٫۳۴۵", "۷۴۰٫۵۰")).toBe("12.188");
    expect(vazn750Preview("10", "1000")).toBe("13.333");
    expect(vazn750Preview("0.001", "750")).toBe("0.001");
    expect(vazn750Preview("0.001", "749.99")).toBe("0.000");
  });
  it("shows nothing while a figure is missing, zero, too precise or above pure gold", () => {
    expect(vazn750Preview("", "750")).toBeNull();
    expect(vazn750Preview("10", "")).toBeNull();
    expect(vazn750Preview("0", "750")).toBeNull();
    expect(vazn750Preview("10", "0")).toBeNull();
    expect(vazn750Preview("10", "1000.01")).toBeNull();
    expect(vazn750Preview("1.2345", "750")).toBeNull();
    expect(vazn750Preview("1", "750.123")).toBeNull();
    expect(vazn750Preview(".", "750")).toBeNull();
  });
});

describe("sanitizeDecimal", () => {
  it("keeps digits and one point with the field's decimals", () => {
    expect(sanitizeDecimal("۱۲٫۳۴۵۶", 3)).toBe("12.345");
    expect(sanitizeDecimal("750.129", 2)).toBe("750.12");
    expect(sanitizeDecimal("1.2.3", 3)).toBe("1.23");
    expect(sanitizeDecimal("٧٥٠", 2)).toBe("750");
    expect(sanitizeDecimal("abc 7g", 3)).toBe("7");
  });
  it("gives a leading point its zero and drops leading zeros", () => {
    expect(sanitizeDecimal(".5", 3)).toBe("0.5");
    expect(sanitizeDecimal("007.5", 3)).toBe("7.5");
    expect(sanitizeDecimal("0", 3)).toBe("0");
    expect(sanitizeDecimal("", 3)).toBe("");
  });
  it("is shown in Persian digits with the Persian separator", () => {
    expect(faTyped("12.5")).toBe("۱۲/۵");
    expect(faTyped("12.")).toBe("۱۲/");
  });
});

// A bar is typed in the one item form (lib/vault.ts); its cases here keep the bar's own names.
const BAR_NAMES: Record<string, keyof BarForm> = { lab: "rey", ingot_number: "ang", purity: "ayar", weight: "vazn" };
function checkBarForm(bar: BarForm) {
  const out = checkItemForm({ ...EMPTY_VAULT_FORM, lab: bar.rey, ingot_number: bar.ang, purity: bar.ayar, weight: bar.vazn }, "bar");
  if (out.ok) {
    expect(out.body.kind).toBe("melted");
    return { ok: true, value: toBarForm(out.body) };
  }
  return { ok: false, errors: Object.fromEntries(Object.entries(out.errors).map(([k, v]) => [BAR_NAMES[k] ?? k, v])) };
}

describe("checkBarForm", () => {
  it("returns the bar in canonical form", () => {
    expect(checkBarForm({ rey: "  آزمایشگاه  ري ", ang: " ۱۲۳-الف ", ayar: "۷۴۰٫۵", vazn: "12.3" })).toEqual({
      ok: true,
      value: { rey: "آزمایشگاه ری", ang: "123-الف", ayar: "740.50", vazn: "12.300" },
    });
    expect(checkBarForm({ rey: "ری", ang: "1", ayar: "1000", vazn: "0.001" })).toEqual({
      ok: true,
      value: { rey: "ری", ang: "1", ayar: "1000.00", vazn: "0.001" },
    });
  });
  it("asks for every missing field", () => {
    expect(checkBarForm({ rey: " ", ang: "", ayar: "", vazn: "." })).toEqual({
      ok: false,
      errors: {
        rey: ABSHODEH_MESSAGES.reyRequired,
        ang: ABSHODEH_MESSAGES.angRequired,
        ayar: ABSHODEH_MESSAGES.ayarRequired,
        vazn: ABSHODEH_MESSAGES.vaznRequired,
      },
    });
  });
  it("refuses a purity of zero, above 1000 or with three decimals", () => {
    const base = { rey: "ری", ang: "1", vazn: "1" };
    expect(checkBarForm({ ...base, ayar: "0" })).toEqual({ ok: false, errors: { ayar: ABSHODEH_MESSAGES.ayarRange } });
    expect(checkBarForm({ ...base, ayar: "1000.01" })).toEqual({ ok: false, errors: { ayar: ABSHODEH_MESSAGES.ayarRange } });
    expect(checkBarForm({ ...base, ayar: "750.125" })).toEqual({ ok: false, errors: { ayar: ABSHODEH_MESSAGES.ayarDecimals } });
  });
  it("refuses a weight of zero or with four decimals", () => {
    const base = { rey: "ری", ang: "1", ayar: "750" };
    expect(checkBarForm({ ...base, vazn: "0.000" })).toEqual({ ok: false, errors: { vazn: ABSHODEH_MESSAGES.vaznPositive } });
    expect(checkBarForm({ ...base, vazn: "1.0001" })).toEqual({ ok: false, errors: { vazn: ABSHODEH_MESSAGES.vaznDecimals } });
  });
  it("refuses a bar lighter than one milligram at 750, as the server does", () => {
    expect(checkBarForm({ rey: "ری", ang: "1", ayar: "749.99", vazn: "0.001" })).toEqual({
      ok: false,
      errors: { vazn: ABSHODEH_MESSAGES.tooLight },
    });
    expect(checkBarForm({ rey: "ری", ang: "1", ayar: "750", vazn: "0.001" }).ok).toBe(true);
  });
});

describe("barToForm", () => {
  it("fills the edit form without trailing zeros", () => {
    const bar = { id: 1, rey: "ری", ang: "12", ayar: "750.00", vazn: "12.300", vazn750: "12.300" };
    expect(barToForm(bar)).toEqual({ ...EMPTY_VAULT_FORM, kind: "melted", lab: "ری", ingot_number: "12", purity: "750", weight: "12.3" });
    expect(barToForm({ ...bar, ayar: "740.50", vazn: "100" })).toMatchObject({ lab: "ری", ingot_number: "12", purity: "740.5", weight: "100" });
  });
});

describe("sumGrams", () => {
  it("adds weights exactly", () => {
    expect(sumGrams(["0.1", "0.2", "12.345"])).toBe("12.645");
    expect(sumGrams([])).toBe("0.000");
    expect(sumGrams([null, "1"])).toBe("1.000");
  });
});

describe("bar statuses", () => {
  it("names and colours each status", () => {
    expect([barStatusLabel("available"), barStatusTone("available")]).toEqual(["موجود", "ok"]);
    expect([barStatusLabel("reserved"), barStatusTone("reserved")]).toEqual(["رزرو شده", "warn"]);
    expect([barStatusLabel("delivered"), barStatusTone("delivered")]).toEqual(["تحویل داده شده", "muted"]);
    expect([barStatusLabel("melted"), barStatusTone("melted")]).toEqual(["melted", "muted"]);
    expect(barStatusLabel("constructor")).toBe("constructor");
  });
  it("locks reserved and delivered bars, with the reason", () => {
    expect(barLockReason({ status: "available" })).toBeNull();
    expect(barLockReason({ status: "reserved" })).toBe(ABSHODEH_MESSAGES.lockedReserved);
    expect(barLockReason({ status: "delivered" })).toBe(ABSHODEH_MESSAGES.lockedDelivered);
  });
});

describe("gold request statuses and decisions", () => {
  it("names every status with the glossary's word", () => {
    expect(GOLD_REQUEST_STATUS_OPTIONS.map((o) => o.label)).toEqual([
      "همه", "در انتظار", "تایید شده", "آماده تحویل", "تحویل داده شده", "رد شده", "لغو شده",
    ]);
    expect(GOLD_REQUEST_STATUS_OPTIONS.map((o) => o.value)).toEqual([
      "", "pending", "approved", "ready", "delivered", "rejected", "canceled",
    ]);
  });
  it("offers exactly the transitions of decisions.md §6", () => {
    expect(decisionsFor("pending")).toEqual(["approved", "rejected"]);
    expect(decisionsFor("approved")).toEqual(["ready", "delivered", "rejected"]);
    expect(decisionsFor("ready")).toEqual(["delivered", "rejected"]);
    for (const s of ["delivered", "rejected", "canceled", "constructor", ""]) expect(decisionsFor(s)).toEqual([]);
  });
});

describe("goldFilter", () => {
  it("sends only what was typed, dates as Tehran wall-clock strings", () => {
    expect(goldFilter(EMPTY_GOLD_FILTER)).toEqual({ ok: true, filter: {} });
    expect(goldFilter({ userSearch: " ۰۹۱۲ ", status: "ready", from: "1404/01/01", to: "۱۴۰۴/۰۱/۱۵" })).toEqual({
      ok: true,
      filter: { userSearch: "0912", status: "ready", startDate: "2025-03-21T00:00:00", endDate: "2025-04-04T23:59:59" },
    });
  });
  it("refuses a start after the end", () => {
    expect(goldFilter({ ...EMPTY_GOLD_FILTER, from: "1404/02/01", to: "1404/01/01" })).toEqual({
      ok: false,
      field: "from",
      message: "تاریخ شروع نمی‌تواند بعد از تاریخ پایان باشد",
    });
  });
});

describe("error texts", () => {
  it("reads a 404 on load as a missing route", () => {
    expect(requestsLoadError(new ApiError(404, "not here"))).toBe("مسیر پیدا نشد، تنظیمات سرور را بررسی کنید");
    expect(requestsLoadError(new ApiError(500, ""))).toBe("خطا در دریافت درخواست‌ها");
    expect(requestsLoadError(new ApiError(403, "دسترسی ندارید"))).toBe("دسترسی ندارید");
  });
  it("reads a 404 on update as a missing request and shows the server's other texts", () => {
    expect(decisionError(new ApiError(404, ""))).toBe("درخواست با این شناسه پیدا نشد");
    expect(decisionError(new ApiError(409, "این درخواست قبلاً بررسی شده است"))).toBe("این درخواست قبلاً بررسی شده است");
    expect(decisionError(new Error("boom"))).toBe("خطا در به‌روزرسانی درخواست");
  });
});

describe("the bar form's lengths", () => {
  it("holds a lab to 100 letters and an ingot number to 50, as the server does", () => {
    const out = checkBarForm({ rey: "ر".repeat(101), ang: "1".repeat(51), ayar: "750", vazn: "1" });
    expect(out).toEqual({ ok: false, errors: { rey: "حداکثر ۱۰۰ حرف", ang: "حداکثر ۵۰ حرف" } });
    expect(checkBarForm({ rey: "ر".repeat(100), ang: "1".repeat(50), ayar: "750", vazn: "1" }).ok).toBe(true);
  });
});
