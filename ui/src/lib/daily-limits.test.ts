import { describe, expect, it } from "vitest";
import { checkLimits, leftText, limitDraft, limitText } from "./daily-limits";

const none = { buy_rial: null, buy_gold: null, sell_rial: null, sell_gold: null };

describe("daily limits", () => {
  it("start the form from the server's figures, grams as a person types them", () => {
    expect(limitDraft({ buy_rial: "50000000", buy_gold: "1.500", sell_rial: null, sell_gold: "2.000" })).toEqual({
      buy_rial: "50000000",
      buy_gold: "1.5",
      sell_rial: "",
      sell_gold: "2",
    });
  });
  it("send empty figures as no limit and refuse what is not a limit", () => {
    expect(checkLimits({ buy_rial: "0", buy_gold: "0.125", sell_rial: "", sell_gold: " " })).toEqual({
      ok: true,
      limits: { buy_rial: "0", buy_gold: "0.125", sell_rial: null, sell_gold: null },
    });
    const bad = checkLimits({ buy_rial: "1.5", buy_gold: "1.2345", sell_rial: "-3", sell_gold: "2" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(["buy_gold", "buy_rial", "sell_rial"]);
  });
  it("show a figure in Persian with its unit", () => {
    expect(limitText("buy_rial", "50000000")).toBe("۵۰٬۰۰۰٬۰۰۰ ریال");
    expect(limitText("sell_gold", "1.5")).toBe("۱/۵۰۰ گرم");
    expect(limitText("buy_gold", null)).toBe("بدون سقف");
  });
  it("say what is left today for the side a limit applies to, and nothing for the other", () => {
    const my = { limits: { ...none, buy_rial: "50000000", buy_gold: "10.000" }, left: { ...none, buy_rial: "38000000", buy_gold: "2.500" } };
    expect(leftText("buy", my)).toBe("سقف خرید روزانه: امروز ۳۸٬۰۰۰٬۰۰۰ ریال و ۲/۵۰۰ گرم دیگر می‌توانید بخرید");
    expect(leftText("sell", my)).toBeNull();
    expect(leftText("buy", { limits: my.limits, left: { ...none, buy_rial: "0", buy_gold: "2.500" } })).toBe(
      "به سقف خرید روزانه‌تان رسیده‌اید؛ فردا دوباره می‌توانید بخرید",
    );
  });
});
