import { describe, expect, it } from "vitest";
import type { CounterTerms, VaultItem } from "../api-types";
import { buyBackRowOf, buyBackValue, checkBuyBack, checkSale, LINE_MESSAGES, localTotals, saleFigures, saleRowOf, type SaleRow } from "./counter-lines";

const terms: CounterTerms = {
  base_price: 83456789, buy_back_price: 80956789, profit_percent: "7.00", fineness_deduction_percent: "2.00",
  vat: { percent: "10.00", from: "1403/01/01" }, is_price_fresh: true, price_at: "",
};
const item = (over: Partial<VaultItem>): VaultItem => ({
  id: 7, kind: "jewellery", description: "انگشتر", weight: "4.250", purity: "750.00", weight750: "4.250", lab: "", ingot_number: "",
  standard_code: "", production_code: "", tracking_code: "", status: "in", requestable: false, created_at: "", updated_at: "",
  tag: "R1", wage_percent: "18.00", wage_rial_per_gram: 0, ...over,
});
const ring = (over: Partial<SaleRow> = {}) => ({ ...saleRowOf(item({}), terms, 1), ...over });

describe("a sale line", () => {
  it("starts with the piece's wage and the owner's profit, and prices as the shared vectors say", () => {
    const row = ring();
    expect([row.wageMode, row.wage, row.profit]).toEqual(["percent", "18", "7"]);
    const f = saleFigures(row, terms);
    expect(f !== null && typeof f === "object" && [f.gold, f.wage, f.profit, f.vat, f.total].map(String))
      .toEqual(["354691353", "63844444", "29297506", "9314195", "457147498"]);
  });
  it("takes a piece's wage per gram", () => {
    const row = saleRowOf(item({ weight: "3.876", wage_percent: "0.00", wage_rial_per_gram: 9500000 }), terms, 2);
    expect([row.wageMode, row.wage]).toEqual(["rial", "9500000"]);
    const f = saleFigures(row, terms);
    expect(f !== null && typeof f === "object" && String(f.total)).toBe("391725854");
    expect(checkSale(row).body).toEqual({ item_id: 7, wage_rial_per_gram: "9500000", profit_percent: "7.00" });
  });
  it("sends the typed figures in the API's form and leaves out what is empty", () => {
    expect(checkSale(ring({ wage: "۱۵/۵", profit: "", extras: "12000000" })).body).toEqual({ item_id: 7, wage_percent: "15.50", extras_rial: "12000000" });
    expect(checkSale(ring({ wage: "120", profit: "x" })).errors).toEqual({ wage: LINE_MESSAGES.percent, profit: LINE_MESSAGES.percent });
    expect(checkSale(ring({ discount: "999999999999" }), terms).errors).toEqual({ discount: LINE_MESSAGES.discountTooLarge });
  });
  it("sells a coin at its typed price only, and a bar with no wage", () => {
    const coin = saleRowOf(item({ kind: "coin", weight: "8.133", purity: "900.00" }), terms, 3);
    expect(checkSale(coin).errors).toEqual({ price: LINE_MESSAGES.coinPrice });
    expect(saleFigures(coin, terms)).toBe("coinPrice");
    const priced = { ...coin, price: "1234567890" };
    expect(checkSale(priced).body).toEqual({ item_id: 7, price_rial: "1234567890" });
    const f = saleFigures(priced, terms);
    expect(f !== null && typeof f === "object" && String(f.total)).toBe("1234567890");
    const bar = saleRowOf(item({ kind: "bar", weight: "10.000", purity: "995.00" }), terms, 4);
    expect(checkSale(bar).body).toEqual({ item_id: 7 });
    const b = saleFigures(bar, terms);
    expect(b !== null && typeof b === "object" && [b.wage, b.vat, b.total].map(String)).toEqual(["0", "0", "1107193401"]);
  });
});

describe("a buy-back line", () => {
  it("starts with the owner's deduction and takes purity in Persian or Latin digits", () => {
    const row = { ...buyBackRowOf(terms, 5), weight: "12.345", purity: "۷۰۵", description: " النگو  شکسته " };
    expect(row.deduction).toBe("2");
    expect(checkBuyBack(row).body).toEqual({ weight: "12.345", purity: "705.00", description: "النگو شکسته", deduction_percent: "2.00" });
    expect(buyBackValue(row, terms)).toEqual({ net750Mg: 11372n, value: 920640605n });
  });
  it("refuses a weight or purity that is none", () => {
    const bad = checkBuyBack({ ...buyBackRowOf(terms, 6), weight: "", purity: "1200", deduction: "101" });
    expect(bad.body).toBeNull();
    expect(Object.keys(bad.errors).sort()).toEqual(["deduction", "purity", "weight"]);
  });
});

describe("the invoice's sums", () => {
  it("nets a trade-in to either side, and leaves the buy-backs out for a gold payout", () => {
    const back = { ...buyBackRowOf(terms, 8), weight: "3.210", purity: "750", deduction: "0" };
    const t = localTotals([ring()], [back], terms, false);
    expect([t.sales, t.buybacks, t.net, t.vat, t.complete].map(String)).toEqual(["457147498", "259871293", "197276205", "9314195", "true"]);
    expect(String(localTotals([ring()], [back], terms, true).net)).toBe("457147498");
    expect(localTotals([ring()], [{ ...back, weight: "" }], terms, false).complete).toBe(false);
  });
});
