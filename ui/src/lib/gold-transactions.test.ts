import { describe, expect, it } from "vitest";
import type { GoldTransaction } from "../api";
import { FILTER_MESSAGES } from "./admin-filters";
import { EMPTY_GOLD_TX_FILTER, goldTxFilter, tradeSums, tradeTotal, tradeTypeTone, tradeWeight } from "./gold-transactions";

function trade(over: Partial<GoldTransaction>): GoldTransaction {
  return {
    id: 1,
    user_id: 2,
    first_name: "سارا",
    last_name: "کریمی",
    phone_number: "09120000000",
    type: "buy",
    status: "approved",
    price_per_gram: "50000000",
    debit_rial: "0",
    credit_rial: "0",
    debit_gold: "0.000",
    credit_gold: "0.000",
    created_at: "2025-05-01T10:00:00+03:30",
    ...over,
  };
}

describe("goldTxFilter", () => {
  it("sends nothing for a cleared form", () => {
    expect(goldTxFilter(EMPTY_GOLD_TX_FILTER)).toEqual({ ok: true, filter: {} });
  });
  it("sends every field under the server's names, digits Latin, dates as Tehran days", () => {
    expect(
      goldTxFilter({
        search: " ۰۹۱۲ ",
        type: "buy",
        status: "approved",
        minWeight: "۰٫۵",
        maxWeight: "12",
        minPrice: "۵۰٬۰۰۰٬۰۰۰",
        maxPrice: "60,000,000",
        from: "1404/01/01",
        to: "۱۴۰۴/۰۱/۱۵",
      }),
    ).toEqual({
      ok: true,
      filter: {
        search: "0912",
        type: "buy",
        status: "approved",
        minWeight: "0.5",
        maxWeight: "12",
        minPricePerGram: "50000000",
        maxPricePerGram: "60000000",
        startDate: "2025-03-21T00:00:00",
        endDate: "2025-04-04T23:59:59",
      },
    });
  });
  it("keeps three decimals of a weight, reads a leading point and drops a lone one", () => {
    expect(goldTxFilter({ ...EMPTY_GOLD_TX_FILTER, minWeight: "1.23456", maxWeight: "." })).toEqual({ ok: true, filter: { minWeight: "1.234" } });
    expect(goldTxFilter({ ...EMPTY_GOLD_TX_FILTER, minWeight: ".5" })).toEqual({ ok: true, filter: { minWeight: "0.5" } });
  });
  it("cuts decimals off a price per gram", () => {
    expect(goldTxFilter({ ...EMPTY_GOLD_TX_FILTER, minPrice: "12.9" })).toEqual({ ok: true, filter: { minPricePerGram: "12" } });
  });
  it("refuses a start date after the end date and searches nothing", () => {
    expect(goldTxFilter({ ...EMPTY_GOLD_TX_FILTER, type: "sell", from: "1404/02/10", to: "1404/02/01" })).toEqual({
      ok: false,
      field: "from",
      message: FILTER_MESSAGES.startAfterEnd,
    });
  });
});

describe("a trade's weight and total", () => {
  it("takes the gold credited and the rial debited for a buy", () => {
    const t = trade({ type: "buy", credit_gold: "1.250", debit_rial: "62500000" });
    expect(tradeWeight(t)).toBe("1.250");
    expect(tradeTotal(t)).toBe("62500000");
  });
  it("takes the gold debited and the rial credited for a sell", () => {
    const t = trade({ type: "sell", debit_gold: "0.500", credit_rial: "24000000" });
    expect(tradeWeight(t)).toBe("0.500");
    expect(tradeTotal(t)).toBe("24000000");
  });
  it("colours buys green and sells blue", () => {
    expect(tradeTypeTone("buy")).toBe("ok");
    expect(tradeTypeTone("sell")).toBe("info");
    expect(tradeTypeTone("other")).toBe("muted");
  });
});

describe("tradeSums", () => {
  it("adds the approved grams bought and sold exactly", () => {
    const list = [
      trade({ type: "buy", credit_gold: "0.001" }),
      trade({ type: "buy", credit_gold: "0.002" }),
      trade({ type: "sell", debit_gold: "1.100" }),
      trade({ type: "sell", debit_gold: "9.000", status: "rejected" }),
    ];
    expect(tradeSums(list)).toEqual({ buyGold: "0.003", sellGold: "1.100" });
    expect(tradeSums([])).toEqual({ buyGold: "0.000", sellGold: "0.000" });
  });
});
