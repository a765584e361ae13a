import { describe, expect, it } from "vitest";
import type { Entry } from "../api";
import { formatUnits, isZero, pageRows, parseUnits, runningBalances, statementRows } from "./ledger";

function entry(id: number, amounts: Partial<Entry>): Entry {
  return {
    id,
    created_at: "2025-03-21T10:00:00+03:30",
    type: "wallet_deposit",
    status: "deposited",
    description: "",
    price_per_gram: null,
    debit_rial: "0",
    credit_rial: "0",
    debit_gold: "0.000",
    credit_gold: "0.000",
    ...amounts,
  };
}

describe("parseUnits", () => {
  it("reads rials and grams as whole units", () => {
    expect(parseUnits("1500000", 0)).toBe(1500000n);
    expect(parseUnits("1.235", 3)).toBe(1235n);
    expect(parseUnits("0.005", 3)).toBe(5n);
    expect(parseUnits("2", 3)).toBe(2000n);
    expect(parseUnits("2.5", 3)).toBe(2500n);
    expect(parseUnits(".5", 3)).toBe(500n);
    expect(parseUnits(".005", 3)).toBe(5n);
    expect(parseUnits("0.1", 3)).toBe(100n);
    expect(parseUnits("-25", 0)).toBe(-25n);
    expect(parseUnits("-0.125", 3)).toBe(-125n);
    expect(parseUnits(42, 0)).toBe(42n);
    expect(parseUnits("۱۲٫۵".replace("٫", "."), 3)).toBe(12500n);
  });
  it("keeps amounts beyond 2^53 exact", () => {
    expect(parseUnits("9007199254740993", 0)).toBe(9007199254740993n);
    expect(parseUnits("123456789012345.678", 3)).toBe(123456789012345678n);
  });
  it("cuts decimals beyond the scale instead of rounding", () => {
    expect(parseUnits("1.2359", 3)).toBe(1235n);
    expect(parseUnits("1500.9", 0)).toBe(1500n);
  });
  it("refuses what is not a plain decimal", () => {
    for (const v of [null, undefined, "", " ", "abc", "1e5", "1,000", "1.2.3", "."]) expect(parseUnits(v as string, 3)).toBeNull();
  });
});

describe("formatUnits", () => {
  it("writes canonical strings", () => {
    expect(formatUnits(1235n, 3)).toBe("1.235");
    expect(formatUnits(5n, 3)).toBe("0.005");
    expect(formatUnits(0n, 3)).toBe("0.000");
    expect(formatUnits(-5n, 3)).toBe("-0.005");
    expect(formatUnits(1500000n, 0)).toBe("1500000");
    expect(formatUnits(-7n, 0)).toBe("-7");
    expect(formatUnits(0n, 0)).toBe("0");
    expect(formatUnits(1000000001n, 3)).toBe("1000000.001");
  });
  it("round-trips with parseUnits", () => {
    for (const s of ["0.001", "12.340", "100000.000", "-3.210"]) expect(formatUnits(parseUnits(s, 3)!, 3)).toBe(s);
  });
});

describe("runningBalances", () => {
  it("adds credit minus debit per currency in the order received", () => {
    const rows = runningBalances([
      entry(1, { credit_rial: "10000000" }),
      entry(2, { type: "buy", status: "approved", debit_rial: "6000000", credit_gold: "1.235", price_per_gram: "48582995" }),
      entry(3, { type: "sell", status: "approved", debit_gold: "0.235", credit_rial: "1100000" }),
      entry(4, { type: "wallet_withdraw", status: "approved", debit_rial: "5100000" }),
      entry(5, { type: "reward_referral", credit_gold: "0.005" }),
    ]);
    expect(rows.map((r) => [r.entry.id, r.rialBalance, r.goldBalance])).toEqual([
      [1, "10000000", "0.000"],
      [2, "4000000", "1.235"],
      [3, "5100000", "1.000"],
      [4, "0", "1.000"],
      [5, "0", "1.005"],
    ]);
  });
  it("never drifts the way floats would", () => {
    // 0.1 + 0.2 style sums: a thousand credits of 0.001 g are exactly one gram
    const rows = runningBalances(Array.from({ length: 1000 }, (_, i) => entry(i + 1, { credit_gold: "0.001" })));
    expect(rows[999].goldBalance).toBe("1.000");
    const big = runningBalances([entry(1, { credit_rial: "9007199254740993" }), entry(2, { credit_rial: "2" })]);
    expect(big[1].rialBalance).toBe("9007199254740995");
  });
  it("counts missing amounts as zero and returns nothing for nothing", () => {
    const rows = runningBalances([entry(1, { credit_rial: "", debit_gold: null as unknown as string, credit_gold: "0.5" })]);
    expect(rows[0]).toMatchObject({ rialBalance: "0", goldBalance: "0.500" });
    expect(runningBalances([])).toEqual([]);
  });
  it("hands each entry back as it came, with all its fields", () => {
    const first = entry(7, { credit_rial: "1" });
    expect(runningBalances([first])[0].entry).toBe(first);
  });
  it("lets a balance go negative when the entries say so, rather than hide it", () => {
    const rows = runningBalances([entry(1, { debit_rial: "500" })]);
    expect(rows[0].rialBalance).toBe("-500");
  });
});

describe("statementRows", () => {
  it("puts the newest entry first, each with the balance right after it", () => {
    const rows = statementRows([entry(1, { credit_rial: "1000" }), entry(2, { debit_rial: "300" }), entry(3, { credit_gold: "1.5" })]);
    expect(rows.map((r) => r.entry.id)).toEqual([3, 2, 1]);
    expect(rows.map((r) => r.rialBalance)).toEqual(["700", "700", "1000"]);
    expect(rows.map((r) => r.goldBalance)).toEqual(["1.500", "0.000", "0.000"]);
  });
});

describe("isZero", () => {
  it("tells empty cells", () => {
    expect(isZero("0")).toBe(true);
    expect(isZero("0.000")).toBe(true);
    expect(isZero("")).toBe(true);
    expect(isZero(null)).toBe(true);
    expect(isZero("0.001")).toBe(false);
    expect(isZero("15000")).toBe(false);
  });
});

describe("pageRows", () => {
  it("keeps the server's order and balances", () => {
    const rows = pageRows([
      { ...entry(2, { debit_rial: "300" }), balance_rial: "700", balance_gold: "0.000" },
      { ...entry(1, { credit_rial: "1000" }), balance_rial: "1000", balance_gold: "0.000" },
    ]);
    expect(rows.map((r) => [r.entry.id, r.rialBalance, r.goldBalance])).toEqual([
      [2, "700", "0.000"],
      [1, "1000", "0.000"],
    ]);
  });
});
