import { describe, expect, it } from "vitest";
import { planFormError, planText, SKIP_REASONS, WEEKDAYS } from "./plans";

describe("savings plans", () => {
  it("say a plan in Persian, its weekday counted from Saturday", () => {
    expect(planText({ every: "week", weekday: 2, day: null, time: "09:30", amount_rial: "10000000" })).toBe("هر هفته، دوشنبه ساعت ۰۹:۳۰: خرید ۱۰٬۰۰۰٬۰۰۰ ریال طلا");
    expect(planText({ every: "month", weekday: null, day: 15, time: "10:00", amount_rial: "1000000" })).toContain("هر ماه، روز ۱۵");
    expect(WEEKDAYS[0]).toBe("شنبه");
    expect(WEEKDAYS[6]).toBe("جمعه");
  });
  it("check the form and name every reason the server gives", () => {
    expect(planFormError("", "09:00")).not.toBeNull();
    expect(planFormError("1000000", "")).not.toBeNull();
    expect(planFormError("1000000", "09:00")).toBeNull();
    for (const r of ["plans_off", "closed", "price", "weight", "funds", "reserve", "limit"]) expect(SKIP_REASONS[r]).toMatch(/[\u0600-\u06FF]/);
  });
});
