import { describe, expect, it } from "vitest";
import {
  CHARGE_MESSAGES,
  checkChargeAmount,
  displayAmount,
  entryStatusLabel,
  entryTypeLabel,
  fullName,
  goldToMg,
  isZeroAmount,
  maskBankInfo,
  mgToGold,
  rialToBig,
  runningBalances,
  sanitizeAmount,
  walletStatusLabel,
  walletStatusTone,
  walletTypeLabel,
} from "./admin-money";

describe("labels", () => {
  it("names wallet statuses for the admin and the customer", () => {
    expect(walletStatusLabel("pending", "admin")).toBe("در انتظار");
    expect(walletStatusLabel("pending", "customer")).toBe("در انتظار تایید");
    expect(walletStatusLabel("approved")).toBe("تایید شده");
    expect(walletStatusLabel("rejected")).toBe("رد شده");
    expect(walletStatusLabel("canceled")).toBe("لغو شده");
    expect(walletStatusLabel("odd")).toBe("odd");
  });
  it("colours statuses yellow, green, red and grey", () => {
    expect(["pending", "approved", "rejected", "canceled"].map(walletStatusTone)).toEqual(["warn", "success", "danger", "neutral"]);
  });
  it("names request types and ledger entries, unknown ones raw", () => {
    expect(walletTypeLabel("deposit")).toBe("واریز");
    expect(walletTypeLabel("withdraw")).toBe("برداشت");
    expect(entryTypeLabel("gold_deposit")).toBe("شارژ طلا");
    expect(entryTypeLabel("wallet_deposit")).toBe("شارژ کیف پول");
    expect(entryTypeLabel("mystery")).toBe("mystery");
    expect(entryStatusLabel("deposited")).toBe("واریز شده");
    expect(entryStatusLabel("ready")).toBe("آماده تحویل");
    expect(entryStatusLabel("mystery")).toBe("mystery");
  });
  it("joins names", () => {
    expect(fullName("نگار", "موسوی")).toBe("نگار موسوی");
    expect(fullName("", "", "کاربر")).toBe("کاربر");
  });
});

describe("maskBankInfo", () => {
  it("keeps the first 4 card digits and the last 4 IBAN characters", () => {
    expect(maskBankInfo("6037991123456789", "IR062960000000100324200001")).toBe("6037 •••• / •••• 0001");
    expect(maskBankInfo("6037 9911 2345 6789", "")).toBe("6037 ••••");
    expect(maskBankInfo("", "IR06 2960 0000 0010 0324 2000 01")).toBe("•••• 0001");
  });
  it("shows - when there is no account", () => {
    expect(maskBankInfo("", "")).toBe("-");
    expect(maskBankInfo(null, undefined)).toBe("-");
  });
});

describe("exact amounts", () => {
  it("reads rial and gold strings without floats", () => {
    expect(rialToBig("9007199254740993")).toBe(9007199254740993n);
    expect(rialToBig("")).toBe(0n);
    expect(rialToBig("-25")).toBe(-25n);
    expect(goldToMg("1.235")).toBe(1235n);
    expect(goldToMg("0.1")).toBe(100n);
    expect(goldToMg("2")).toBe(2000n);
    expect(goldToMg(".005")).toBe(5n);
    expect(goldToMg("-0.005")).toBe(-5n);
    expect(goldToMg(null)).toBe(0n);
  });
  it("writes milligrams as grams with 3 decimals", () => {
    expect(mgToGold(1235n)).toBe("1.235");
    expect(mgToGold(0n)).toBe("0.000");
    expect(mgToGold(-5n)).toBe("-0.005");
    expect(mgToGold(1000000001n)).toBe("1000000.001");
  });
  it("tells zero amounts", () => {
    expect(isZeroAmount("0.000")).toBe(true);
    expect(isZeroAmount("")).toBe(true);
    expect(isZeroAmount("0.001")).toBe(false);
  });
});

describe("runningBalances", () => {
  const e = (credit_rial: string, debit_rial: string, credit_gold: string, debit_gold: string) => ({
    credit_rial, debit_rial, credit_gold, debit_gold,
  });
  it("adds credit minus debit in the order received", () => {
    const rows = runningBalances([
      e("5000000", "0", "0.000", "0.000"),
      e("0", "0", "1.250", "0.000"),
      e("0", "3000000", "0.600", "0.000"),
      e("1000000", "0", "0.000", "0.150"),
    ]);
    expect(rows.map((r) => [r.running_rial, r.running_gold])).toEqual([
      ["5000000", "0.000"],
      ["5000000", "1.250"],
      ["2000000", "1.850"],
      ["3000000", "1.700"],
    ]);
  });
  it("stays exact where floats would drift", () => {
    const rows = runningBalances(Array.from({ length: 10 }, () => e("0", "0", "0.100", "0")));
    expect(rows[9].running_gold).toBe("1.000");
    const big = runningBalances([e("9007199254740993", "0", "0", "0"), e("1", "0", "0", "0")]);
    expect(big[1].running_rial).toBe("9007199254740994");
  });
  it("keeps the entries' own fields", () => {
    expect(runningBalances([{ id: 7, ...e("1", "0", "0", "0") }])[0].id).toBe(7);
  });
});

describe("charge amount", () => {
  it("keeps digits only for rial and turns Persian and Arabic digits Latin", () => {
    expect(sanitizeAmount("۱٬۲۳۴a٥", "rial")).toBe("12345");
    expect(sanitizeAmount("0012", "rial")).toBe("12");
    expect(sanitizeAmount("12.5", "rial")).toBe("125");
  });
  it("keeps one point and 3 decimals for gold", () => {
    expect(sanitizeAmount("۱٫۲۳۴۵", "gold")).toBe("1.234");
    expect(sanitizeAmount("1.2.3", "gold")).toBe("1.23");
    expect(sanitizeAmount(".5", "gold")).toBe("0.5");
    expect(sanitizeAmount("007", "gold")).toBe("7");
    expect(sanitizeAmount("0.", "gold")).toBe("0.");
  });
  it("shows the amount in Persian digits", () => {
    expect(displayAmount("1500000", "rial")).toBe("۱٬۵۰۰٬۰۰۰");
    expect(displayAmount("1.25", "gold")).toBe("۱٫۲۵");
    expect(displayAmount("", "rial")).toBe("");
  });
  it("accepts amounts above zero in canonical form", () => {
    expect(checkChargeAmount("۵۰۰۰۰۰", "rial")).toEqual({ ok: true, value: "500000" });
    expect(checkChargeAmount("1.5", "gold")).toEqual({ ok: true, value: "1.500" });
    expect(checkChargeAmount("0.001", "gold")).toEqual({ ok: true, value: "0.001" });
  });
  it("refuses zero, empty and malformed amounts", () => {
    expect(checkChargeAmount("0", "rial")).toEqual({ ok: false, message: CHARGE_MESSAGES.notPositive });
    expect(checkChargeAmount("0.000", "gold")).toEqual({ ok: false, message: CHARGE_MESSAGES.notPositive });
    expect(checkChargeAmount("", "gold")).toEqual({ ok: false, message: CHARGE_MESSAGES.required });
    expect(checkChargeAmount("1.2345", "gold")).toEqual({ ok: false, message: CHARGE_MESSAGES.goldDecimals });
    expect(checkChargeAmount("1.5", "rial")).toEqual({ ok: false, message: CHARGE_MESSAGES.rialWhole });
  });
});
