// The counter's pricing against the shop's shared worked examples (rules/testdata/counter-rules.json), which
// rules/counter_test.go checks the Go rules against too: the counter screen's figures never drift from the
// invoice the server records.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatPercentBp, goldValue, parsePercent, priceBuyBack, priceSale, roundDiv, vatOn } from "./counter";

type Vectors = {
  vat_rates: { from: string; bp: string }[];
  sales: {
    name: string; kind: string; weight_mg: string; purity_centi: string; wage_bp: string; wage_per_gram: string; profit_bp: string;
    price_rial: string; extras: string; discount: string; base: string; vat_bp: string; gold: string; wage: string; profit: string;
    vat: string; total: string;
  }[];
  buybacks: { name: string; weight_mg: string; purity_centi: string; deduction_bp: string; price: string; gross750_mg: string; net750_mg: string; value: string }[];
  invoices: { name: string; sales: number[]; buybacks: number[]; net: string }[];
  vat_days: { day: string; bp: string; from: string }[];
};

const vectors: Vectors = JSON.parse(readFileSync(new URL("../../../rules/testdata/counter-rules.json", import.meta.url), "utf8"));
const rates = vectors.vat_rates.map((r) => ({ from: r.from, bp: BigInt(r.bp) }));

const saleTotal = (c: Vectors["sales"][number]) => {
  const out = priceSale({
    kind: c.kind, weightMg: BigInt(c.weight_mg), purityCenti: BigInt(c.purity_centi), wageBp: BigInt(c.wage_bp),
    wagePerGram: BigInt(c.wage_per_gram), profitBp: BigInt(c.profit_bp), priceRial: BigInt(c.price_rial), extrasRial: BigInt(c.extras),
    discountRial: BigInt(c.discount),
  }, BigInt(c.base), BigInt(c.vat_bp));
  if (!out.ok) throw new Error(`${c.name}: ${out.problem}`);
  return out.figures;
};
const buyBackValue = (c: Vectors["buybacks"][number]) => {
  const out = priceBuyBack({ weightMg: BigInt(c.weight_mg), purityCenti: BigInt(c.purity_centi), deductionBp: BigInt(c.deduction_bp) }, BigInt(c.price));
  if (!out.ok) throw new Error(`${c.name}: ${out.problem}`);
  return out.figures;
};

describe("shared counter-rule vectors", () => {
  it("has every kind of case", () => {
    expect(vectors.sales.length).toBeGreaterThanOrEqual(8);
    expect(vectors.buybacks.length).toBeGreaterThanOrEqual(3);
    expect(vectors.invoices.length).toBeGreaterThanOrEqual(2);
    expect(vectors.vat_days.length).toBeGreaterThanOrEqual(3);
  });

  it("prices every sale line as the server does", () => {
    for (const c of vectors.sales) {
      const f = saleTotal(c);
      const got = [f.gold, f.wage, f.profit, f.vat, f.total].map(String);
      expect({ name: c.name, got }).toEqual({ name: c.name, got: [c.gold, c.wage, c.profit, c.vat, c.total] });
    }
  });

  it("prices every buy-back as the server does", () => {
    for (const c of vectors.buybacks) {
      const f = buyBackValue(c);
      expect({ name: c.name, got: [f.gross750Mg, f.net750Mg, f.value].map(String) }).toEqual({ name: c.name, got: [c.gross750_mg, c.net750_mg, c.value] });
    }
  });

  it("nets every invoice to the server's figure, on either side", () => {
    for (const c of vectors.invoices) {
      const net = c.sales.reduce((n, i) => n + saleTotal(vectors.sales[i]).total, 0n) - c.buybacks.reduce((n, i) => n + buyBackValue(vectors.buybacks[i]).value, 0n);
      expect({ name: c.name, net: String(net) }).toEqual({ name: c.name, net: c.net });
    }
  });

  it("takes the VAT rate in force on each day", () => {
    for (const d of vectors.vat_days) {
      const got = vatOn(rates, d.day);
      expect({ day: d.day, bp: String(got.bp), from: got.from }).toEqual({ day: d.day, bp: d.bp, from: d.from });
    }
  });
});

describe("the counter's rules", () => {
  it("rounds half up, once", () => {
    expect(roundDiv(5n, 10n)).toBe(1n);
    expect(roundDiv(4n, 10n)).toBe(0n);
    expect(roundDiv(15n, 10n)).toBe(2n);
    expect(goldValue(1000n, 75_000n, 100_000n)).toBe(100_000n);
  });
  it("refuses what a line cannot be, as the server does", () => {
    const ring = { kind: "jewellery", weightMg: 1000n, purityCenti: 75_000n, wageBp: 1000n, wagePerGram: 0n, profitBp: 0n, priceRial: 0n, extrasRial: 0n, discountRial: 0n };
    expect(priceSale({ ...ring, kind: "coin", wageBp: 0n }, 1000n, 1000n)).toEqual({ ok: false, problem: "coinPrice" });
    expect(priceSale({ ...ring, discountRial: 1_000_000n }, 100_000n, 1000n)).toEqual({ ok: false, problem: "discountTooLarge" });
    expect(priceSale({ ...ring, kind: "bar" }, 100_000n, 1000n)).toEqual({ ok: false, problem: "exemptCharged" });
    expect(priceBuyBack({ weightMg: 1000n, purityCenti: 75_000n, deductionBp: 0n }, 0n)).toEqual({ ok: false, problem: "noPrice" });
    expect(priceBuyBack({ weightMg: 1n, purityCenti: 74_000n, deductionBp: 0n }, 1000n)).toEqual({ ok: false, problem: "tooLight" });
  });
  it("reads a percent as typed, in any digits, and writes it as the API does", () => {
    expect(parsePercent("7")).toBe(700n);
    expect(parsePercent("۷/۵")).toBe(750n);
    expect(parsePercent("18.00")).toBe(1800n);
    expect(parsePercent("100")).toBe(10_000n);
    for (const bad of ["", "100.01", "1.234", "-1", "ده"]) expect(parsePercent(bad), bad).toBeNull();
    expect(formatPercentBp(750n)).toBe("7.50");
    expect(formatPercentBp(5n)).toBe("0.05");
    expect(formatPercentBp(10_000n)).toBe("100.00");
  });
});
