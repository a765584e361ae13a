import { describe, expect, it } from "vitest";
import { ALERT_MESSAGES, alertFormError, alertText } from "./price-alerts";

describe("price alerts", () => {
  it("says what a waiting alert waits for, in Persian digits", () => {
    expect(alertText({ side: "buy", price: "9500000", fired_price: null })).toBe("وقتی قیمت خرید من ۹٬۵۰۰٬۰۰۰ ریال یا کمتر شد");
    expect(alertText({ side: "sell", price: "10500000", fired_price: null })).toBe("وقتی قیمت فروش من ۱۰٬۵۰۰٬۰۰۰ ریال یا بیشتر شد");
  });
  it("says what met a spent alert", () => {
    expect(alertText({ side: "buy", price: "9500000", fired_price: "9400000" })).toBe("قیمت خرید شما به ۹٬۴۰۰٬۰۰۰ ریال رسید");
  });
  it("asks for a whole positive price", () => {
    expect(alertFormError("")).toBe(ALERT_MESSAGES.priceRequired);
    expect(alertFormError("0")).toBe(ALERT_MESSAGES.priceRequired);
    expect(alertFormError("012")).toBe(ALERT_MESSAGES.priceRequired);
    expect(alertFormError("9500000")).toBeNull();
  });
});
