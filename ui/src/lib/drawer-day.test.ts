import { describe, expect, it } from "vitest";
import { addDays, dayOf, dayOfJalali, dayPath, dayTitle, isIsoDay, jalaliOfDay } from "./day-path";
import { checkCounted, checkMove, DAY_MESSAGES, differenceOf, moveText } from "./drawer-day";

describe("the day the page shows", () => {
  it("is read off ?date= as a Tehran day, or none", () => {
    expect(dayOf("?date=2026-11-28")).toBe("2026-11-28");
    expect(dayOf("?date=۲۰۲۶-۱۱-۲۸")).toBe("2026-11-28");
    expect(dayOf("?date=2026-02-30")).toBeNull();
    expect(dayOf("")).toBeNull();
    expect(isIsoDay("2024-02-29")).toBe(true);
    expect(dayPath("2026-11-28")).toBe("/admin-day_page?date=2026-11-28");
    expect(dayPath()).toBe("/admin-day_page");
  });
  it("is shown and chosen as a Jalali date", () => {
    expect(jalaliOfDay("2026-11-28")).toBe("1405/09/07");
    expect(dayOfJalali("۱۴۰۵/۰۹/۰۷")).toBe("2026-11-28");
    expect(dayOfJalali("1405/9/7")).toBe("2026-11-28");
    expect(dayOfJalali("1405/13/01")).toBeNull();
    expect(dayTitle("2026-11-28", "2026-11-28")).toBe("امروز، ۱۴۰۵/۰۹/۰۷");
    expect(dayTitle("2026-11-27", "2026-11-28")).toBe("۱۴۰۵/۰۹/۰۶");
  });
  it("steps a day at a time across months and years", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  });
});

describe("the close", () => {
  it("says a counted cash under the expected is a shortage, over it a surplus", () => {
    expect(differenceOf(-50000)).toEqual({ kind: "short", text: "۵۰٬۰۰۰ ریال کسری صندوق" });
    expect(differenceOf(1200000)).toEqual({ kind: "over", text: "۱٬۲۰۰٬۰۰۰ ریال اضافهٔ صندوق" });
    expect(differenceOf(0)).toEqual({ kind: "none", text: "بدون اختلاف" });
  });
  it("takes a counted cash of whole rial, zero too", () => {
    expect(checkCounted("۱۲۰۰۰")).toEqual({ ok: true, value: "12000" });
    expect(checkCounted("0")).toEqual({ ok: true, value: "0" });
    expect(checkCounted("")).toEqual({ ok: false, message: DAY_MESSAGES.counted });
    expect(checkCounted("12.5")).toEqual({ ok: false, message: DAY_MESSAGES.counted });
  });
});

describe("the owner's cash movement", () => {
  it("is told with its direction and who took or gave the cash", () => {
    expect(moveText("out", "bank")).toBe("برداشت از صندوق به بانک");
    expect(moveText("in", "owner")).toBe("واریز به صندوق از مالک");
  });
  it("needs an amount above zero and a reason", () => {
    expect(checkMove({ direction: "out", counterpart: "bank", amount: "۵۰۰۰۰۰", reason: " به حساب بانک " })).toEqual({
      ok: true, body: { direction: "out", counterpart: "bank", amount: "500000", reason: "به حساب بانک" },
    });
    expect(checkMove({ direction: "in", counterpart: "owner", amount: "0", reason: "" })).toEqual({
      ok: false, errors: { amount: DAY_MESSAGES.amount, reason: DAY_MESSAGES.reason },
    });
  });
});
