import { describe, expect, it } from "vitest";
import {
  heldText, holdText, ORDER_DAYS, ORDER_MESSAGES as M, orderFormError, orderStatus, orderText, termsOf, untilOptions, type OrderForm,
} from "./orders";

const form = (f: Partial<OrderForm>): OrderForm => ({ side: "buy", by: "rial", rial: "", gold: "", limit: "", until: "1405/09/16", ...f });

describe("standing orders", () => {
  it("say an order in one sentence, in Persian digits", () => {
    expect(orderText({ side: "buy", amount_gold: "0.100", amount_rial: null, limit_price: "95000000" })).toBe(
      "خرید ۰/۱۰۰ گرم طلا وقتی قیمت به ۹۵٬۰۰۰٬۰۰۰ ریال یا کمتر رسید",
    );
    expect(orderText({ side: "buy", amount_rial: "10000000", limit_price: "95000000" })).toBe(
      "خرید طلا به مبلغ ۱۰٬۰۰۰٬۰۰۰ ریال وقتی قیمت به ۹۵٬۰۰۰٬۰۰۰ ریال یا کمتر رسید",
    );
    expect(orderText({ side: "sell", amount_gold: "0.4", limit_price: "120000000" })).toBe(
      "فروش ۰/۴۰۰ گرم طلا وقتی قیمت به ۱۲۰٬۰۰۰٬۰۰۰ ریال یا بیشتر رسید",
    );
  });
  it("name every status in Persian, and one it does not know as unknown", () => {
    expect(["open", "executed", "expired", "canceled"].map((s) => orderStatus(s).label)).toEqual(["باز", "اجرا شد", "منقضی شد", "لغو شد"]);
    expect(orderStatus("open").tone).toBe("warn");
    expect(orderStatus("executed").tone).toBe("ok");
    expect(orderStatus("paused").label).toBe("نامعلوم");
  });
  it("show what an open order holds: rial for a buy, grams for a sell", () => {
    expect(heldText({ side: "buy", held_rial: "9500000", held_gold: "0.000" })).toBe("۹٬۵۰۰٬۰۰۰ ریال");
    expect(heldText({ side: "sell", held_rial: "0", held_gold: "0.4" })).toBe("۰/۴۰۰ گرم");
  });
  it("check the form: the amount of its kind first, then the limit", () => {
    expect(orderFormError(form({ limit: "95000000" }))).toBe(M.rialRequired);
    expect(orderFormError(form({ by: "gold", gold: "0", limit: "95000000" }))).toBe(M.weightRequired);
    expect(orderFormError(form({ side: "sell", by: "rial", rial: "1000000", limit: "95000000" }))).toBe(M.weightRequired);
    expect(orderFormError(form({ rial: "1000000", limit: "" }))).toBe(M.limitRequired);
    expect(orderFormError(form({ rial: "1000000", limit: "095" }))).toBe(M.limitRequired);
    expect(orderFormError(form({ rial: "1000000", limit: "95000000" }))).toBeNull();
  });
  it("send a buy by rial or by weight, and a sell always by weight", () => {
    expect(termsOf(form({ rial: "1000000", gold: "2", limit: "95000000" }))).toEqual({
      side: "buy", amount_rial: "1000000", limit_price: "95000000", until: "1405/09/16",
    });
    expect(termsOf(form({ by: "gold", gold: "0.1", limit: "95000000" }))).toEqual({
      side: "buy", amount_gold: "0.100", limit_price: "95000000", until: "1405/09/16",
    });
    expect(termsOf(form({ side: "sell", by: "rial", rial: "5", gold: "1.5", limit: "1" }))).toMatchObject({ side: "sell", amount_gold: "1.500" });
  });
  it("hold what the server holds: a weight bought at the limit rounds up to the rial", () => {
    expect(holdText({ side: "buy", amount_gold: "0.100", limit_price: "95000000", until: "" })).toBe("۹٬۵۰۰٬۰۰۰ ریال");
    expect(holdText({ side: "buy", amount_gold: "0.001", limit_price: "95000001", until: "" })).toBe("۹۵٬۰۰۱ ریال");
    expect(holdText({ side: "buy", amount_rial: "2000000", limit_price: "95000000", until: "" })).toBe("۲٬۰۰۰٬۰۰۰ ریال");
    expect(holdText({ side: "sell", amount_gold: "0.250", limit_price: "95000000", until: "" })).toBe("۰/۲۵۰ گرم");
  });
  it("offer today and the next 30 days of Tehran's calendar, in Persian", () => {
    // 23:30 in Tehran on Monday 30 November 2026 (9 Azar 1405): still that day there
    const days = untilOptions(new Date("2026-11-30T20:00:00Z"));
    expect(days).toHaveLength(ORDER_DAYS + 1);
    expect(days[0]).toEqual({ value: "1405/09/09", label: "دوشنبه ۹ آذر ۱۴۰۵ (امروز)" });
    expect(days[1]).toEqual({ value: "1405/09/10", label: "سه‌شنبه ۱۰ آذر ۱۴۰۵ (فردا)" });
    expect(days[30]).toEqual({ value: "1405/10/09", label: "چهارشنبه ۹ دی ۱۴۰۵" });
  });
});
