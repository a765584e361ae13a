import { describe, expect, it } from "vitest";
import { faTyped } from "./money";
import type { Trading } from "../api";
import {
  checkTrade,
  clock,
  closedText,
  goldForRial,
  limitsText,
  previewTrade,
  rialForGold,
  sanitizeWeight,
  secondsLeft,
  TRADE_MESSAGES as M,
  tradeAmount,
  weightBreakdown,
} from "./trade";

const trading: Trading = {
  buy_enabled: true,
  sell_enabled: true,
  buy_start_time: "08:00",
  buy_end_time: "20:00",
  sell_start_time: "09:30",
  sell_end_time: "18:00",
  min_weight: "0.100",
  max_weight: "1000.000",
  buy_open: true,
  sell_open: true,
};

describe("previewTrade rounds as the server does, in the shop's favour", () => {
  // [name, type, rial, gold, price, want rial, want mg]
  const cases: [string, "buy" | "sell", string, string, string, bigint, bigint][] = [
    ["buy by rial floors the gold", "buy", "10000000", "", "51234567", 10000000n, 195n],
    ["buy by rial, exact", "buy", "51234567", "", "51234567", 51234567n, 1000n],
    ["buy by rial, one rial short of a gram", "buy", "51234566", "", "51234567", 51234566n, 999n],
    ["buy by rial, less than a sot", "buy", "51234", "", "51234567", 51234n, 0n],
    ["buy by gold ceils the rial", "buy", "", "1.234", "51234567", 63223456n, 1234n],
    ["buy by gold, one sot", "buy", "", "0.001", "51234567", 51235n, 1n],
    ["buy by gold, whole grams are exact", "buy", "", "2", "51234567", 102469134n, 2000n],
    ["sell by gold floors the rial", "sell", "", "1.234", "50934567", 62853255n, 1234n],
    ["sell by gold, one sot", "sell", "", "0.001", "50934567", 50934n, 1n],
    ["sell by rial ceils the gold", "sell", "10000000", "", "50934567", 10000000n, 197n],
    ["sell by rial, exact", "sell", "50934567", "", "50934567", 50934567n, 1000n],
    ["sell by rial, one rial over a gram", "sell", "50934568", "", "50934567", 50934568n, 1001n],
    ["huge amounts stay exact", "buy", "", "9999999.999", "987654321987", 9876543218882345679n, 9999999999n],
  ];
  for (const [name, type, rial, gold, price, wantRial, wantMg] of cases) {
    it(name, () => {
      const p = previewTrade(type, { rial, gold }, price);
      expect(p).not.toBeNull();
      expect(p!.rial).toBe(wantRial);
      expect(p!.goldMg).toBe(wantMg);
      expect(p!.by).toBe(rial ? "rial" : "gold");
    });
  }

  it("gives nothing without exactly one amount or a price", () => {
    expect(previewTrade("buy", { rial: "", gold: "" }, "100")).toBeNull();
    expect(previewTrade("buy", { rial: "5", gold: "1" }, "100")).toBeNull();
    expect(previewTrade("buy", { rial: "5", gold: "" }, null)).toBeNull();
    expect(previewTrade("sell", { rial: "5", gold: "" }, "0")).toBeNull();
  });

  it("goldForRial and rialForGold are the four rules", () => {
    expect(goldForRial(7n, 3n, "buy")).toBe(2333n);
    expect(goldForRial(7n, 3n, "sell")).toBe(2334n);
    expect(rialForGold(1n, 1500n, "buy")).toBe(2n);
    expect(rialForGold(1n, 1500n, "sell")).toBe(1n);
  });
});

describe("sanitizeWeight", () => {
  it("keeps digits in any script and one decimal mark with three decimals", () => {
    expect(sanitizeWeight("۱٫۲۳۴۵")).toBe("1.234");
    expect(sanitizeWeight("۱/۲۵")).toBe("1.25");
    expect(sanitizeWeight("1,5")).toBe("1.5");
    expect(sanitizeWeight("٠.٥")).toBe("0.5");
    expect(sanitizeWeight(".5")).toBe("0.5");
    expect(sanitizeWeight("12..3")).toBe("12.3");
    expect(sanitizeWeight("1.")).toBe("1.");
    expect(sanitizeWeight("007")).toBe("7");
    expect(sanitizeWeight("0")).toBe("0");
    expect(sanitizeWeight("abc")).toBe("");
    expect(sanitizeWeight("123456789")).toBe("1234567");
  });
  it("shows Persian digits and the Persian decimal mark", () => {
    expect(faTyped("1.250")).toBe("۱/۲۵۰");
    expect(faTyped("12")).toBe("۱۲");
  });
});

describe("weightBreakdown", () => {
  it("writes kilo, gram and sot, leaving out zero parts", () => {
    expect(weightBreakdown(1234560n)).toBe("۱ کیلو و ۲۳۴ گرم و ۵۶۰ سوت");
    expect(weightBreakdown(5n)).toBe("۵ سوت");
    expect(weightBreakdown(12000n)).toBe("۱۲ گرم");
    expect(weightBreakdown(2000005n)).toBe("۲ کیلو و ۵ سوت");
    expect(weightBreakdown(0n)).toBe("");
  });
});

describe("tradeAmount", () => {
  it("sends exactly one amount in Latin digits", () => {
    expect(tradeAmount({ rial: "10000000", gold: "" })).toEqual({ amount_rial: "10000000" });
    expect(tradeAmount({ rial: "", gold: "1.5" })).toEqual({ amount_gold: "1.500" });
    expect(tradeAmount({ rial: "", gold: "2." })).toEqual({ amount_gold: "2.000" });
  });
});

describe("checkTrade", () => {
  const ctx = { price: "50000000", trading, balances: { available_rial: "100000000", available_gold: "1.500" } };
  it("asks for an amount, and for only one", () => {
    expect(checkTrade("buy", { rial: "", gold: "" }, ctx)).toBe(M.amountRequired);
    expect(checkTrade("buy", { rial: "1", gold: "1" }, ctx)).toBe(M.onlyOne);
    expect(checkTrade("buy", { rial: "0", gold: "" }, ctx)).toBe(M.amountRequired);
    expect(checkTrade("buy", { rial: "", gold: "0." }, ctx)).toBe(M.amountRequired);
  });
  it("needs a price and at least one sot", () => {
    expect(checkTrade("sell", { rial: "1000000", gold: "" }, { ...ctx, price: null })).toBe(M.noPrice);
    expect(checkTrade("buy", { rial: "40000", gold: "" }, { ...ctx, trading: null })).toBe(M.tooSmall);
  });
  it("keeps to the weight limits", () => {
    expect(checkTrade("buy", { rial: "", gold: "0.099" }, ctx)).toBe("کمترین وزن هر معامله ۰/۱۰۰ گرم است");
    expect(checkTrade("buy", { rial: "", gold: "0.1" }, ctx)).toBeNull();
    expect(checkTrade("sell", { rial: "", gold: "1000.001" }, { ...ctx, balances: null })).toBe("بیشترین وزن هر معامله ۱٬۰۰۰/۰۰۰ گرم است");
  });
  it("keeps to the available balance of the side", () => {
    expect(checkTrade("buy", { rial: "100000000", gold: "" }, ctx)).toBeNull();
    expect(checkTrade("buy", { rial: "100000001", gold: "" }, ctx)).toBe(M.insufficientRial);
    expect(checkTrade("buy", { rial: "", gold: "2.001" }, ctx)).toBe(M.insufficientRial);
    expect(checkTrade("sell", { rial: "", gold: "1.5" }, ctx)).toBeNull();
    expect(checkTrade("sell", { rial: "", gold: "1.501" }, ctx)).toBe(M.insufficientGold);
    // 75,000,001 rial at 50,000,000 a gram takes 1.501 g (ceil)
    expect(checkTrade("sell", { rial: "75000001", gold: "" }, ctx)).toBe(M.insufficientGold);
  });
});

describe("trading hours", () => {
  it("says nothing while a side is open", () => {
    expect(closedText("buy", trading)).toBeNull();
  });
  it("gives the hours when a side is closed, and says when it is off", () => {
    expect(closedText("buy", { ...trading, buy_open: false })).toBe("خرید طلا اکنون ممکن نیست؛ ساعت خرید: ۰۸:۰۰ تا ۲۰:۰۰");
    expect(closedText("sell", { ...trading, sell_open: false })).toBe("فروش طلا اکنون ممکن نیست؛ ساعت فروش: ۰۹:۳۰ تا ۱۸:۰۰");
    expect(closedText("sell", { ...trading, sell_enabled: false, sell_open: false })).toBe("فروش طلا فعلاً غیرفعال است");
  });
  it("writes the weight limits", () => {
    expect(limitsText(trading)).toBe("وزن هر معامله از ۰/۱۰۰ تا ۱٬۰۰۰/۰۰۰ گرم");
  });
});

describe("the quote's clock", () => {
  it("counts down to the expiry, never past the quote's life", () => {
    const now = Date.parse("2025-01-01T10:00:00Z");
    expect(secondsLeft("2025-01-01T13:32:00+03:30", now)).toBe(120);
    expect(secondsLeft("2025-01-01T10:01:30.5Z", now)).toBe(91);
    expect(secondsLeft("2025-01-01T09:59:00Z", now)).toBe(0);
    expect(secondsLeft("2025-01-01T10:30:00Z", now)).toBe(120);
    expect(secondsLeft("garbage", now)).toBe(0);
  });
  it("writes m:ss in Persian digits", () => {
    expect(clock(75)).toBe("۱:۱۵");
    expect(clock(0)).toBe("۰:۰۰");
    expect(clock(120)).toBe("۲:۰۰");
  });
});
