import { describe, expect, it } from "vitest";
import type { CustomerBalances } from "../api-types";
import { checkBuyer, checkPayRows, EMPTY_WALKIN, goldRialOf, PAY_MESSAGES, PAYMENT_METHODS, PAYOUT_METHODS, payRowOf, restOf, type PayRow } from "./counter-pay";
import { methodLabel } from "./invoice";

const row = (over: Partial<PayRow>): PayRow => ({ key: 1, method: "cash", amount: "", gold: "", ...over });
const customer = { id: 42, first_name: "سارا", last_name: "کریمی", name: "سارا کریمی", phone_number: "09120001111", balance_rial: "0", balance_gold: "0" } as CustomerBalances;

describe("what is left to settle", () => {
  it("counts the payments against what the customer owes, a gold payment as nothing yet", () => {
    expect(restOf(1000n, [row({ amount: "300" }), row({ key: 2, method: "wallet_rial", amount: "200" })], [])).toBe(500n);
    expect(restOf(1000n, [row({ amount: "1200" })], [])).toBe(-200n);
    expect(restOf(1000n, [row({ method: "wallet_gold", gold: "1" })], [])).toBe(1000n);
    expect(restOf(1000n, [row({ method: "wallet_gold", gold: "1" })], [], new Map([[1, 700n]]))).toBe(300n);
  });
  it("pairs the server's priced payments back with the rows it was sent", () => {
    const rows = [row({ key: 1, amount: "" }), row({ key: 2, method: "wallet_gold", gold: "1" }), row({ key: 3, amount: "5" })];
    const { errors } = checkPayRows(rows, false, true);
    const priced = [{ method: "wallet_gold", amount: 700 }, { method: "cash", amount: 5 }];
    expect(goldRialOf(rows, errors, priced)).toEqual(new Map([[2, 700n]]));
    expect(goldRialOf(rows, errors, undefined)).toEqual(new Map());
  });
  it("counts the payouts against what the shop owes; a gold payout settles it", () => {
    expect(restOf(-1000n, [], [row({ amount: "400" })])).toBe(600n);
    expect(restOf(-1000n, [], [row({ method: "wallet_gold" })])).toBe(0n);
  });
  it("starts a row with the rest, so one row settles it all", () => {
    expect(payRowOf("cash", 500n, 3)).toEqual({ key: 3, method: "cash", amount: "500", gold: "" });
    expect(payRowOf("wallet_gold", 500n, 4).amount).toBe("");
    expect(methodLabel("wallet_rial")).toBe("کیف پول ریالی");
    expect(methodLabel("constructor")).toBe("constructor");
    expect(PAYMENT_METHODS.map((m) => m.label)).toEqual(["نقد", "کارتخوان", "انتقال بانکی", "کیف پول ریالی", "طلای کیف پول"]);
    expect(PAYOUT_METHODS.map((m) => m.value)).toEqual(["cash", "transfer", "wallet_rial"]);
  });
});

describe("the settlement's body", () => {
  it("sends rial, a gold payment's grams, and a gold payout alone", () => {
    expect(checkPayRows([row({ amount: "300" }), row({ key: 2, method: "wallet_gold", gold: "۱/۵" })], false, true).body)
      .toEqual([{ method: "cash", amount: "300" }, { method: "wallet_gold", gold: "1.5" }]);
    expect(checkPayRows([row({ method: "wallet_gold" })], true, true).body).toEqual([{ method: "wallet_gold" }]);
    expect(checkPayRows([row({ method: "wallet_gold" }), row({ key: 2, amount: "5" })], true, true).errors).toEqual({ 1: PAY_MESSAGES.goldAlone });
  });
  it("refuses an empty amount and a wallet without a customer", () => {
    expect(checkPayRows([row({ amount: "" }), row({ key: 2, method: "wallet_rial", amount: "10" })], false, false).errors)
      .toEqual({ 1: PAY_MESSAGES.amount, 2: PAY_MESSAGES.needsCustomer });
  });
});

describe("the buyer", () => {
  it("is a customer by id, a walk-in's typed details, or nobody", () => {
    expect(checkBuyer({ mode: "none" }).body).toBeUndefined();
    expect(checkBuyer({ mode: "customer", customer }).body).toEqual({ user_id: 42 });
    expect(checkBuyer({ mode: "walkin", walkin: EMPTY_WALKIN }).body).toBeUndefined();
    expect(checkBuyer({ mode: "walkin", walkin: { first_name: " علی ", last_name: "", phone: "۰۹۱۲ ۱۲۳ ۴۵۶۷", national_id: "" } }).body)
      .toEqual({ first_name: "علی", phone: "09121234567" });
  });
  it("refuses a walk-in's phone or national id that is none", () => {
    expect(checkBuyer({ mode: "walkin", walkin: { ...EMPTY_WALKIN, phone: "123", national_id: "1234567890" } }).errors)
      .toEqual({ phone: PAY_MESSAGES.phone, national_id: PAY_MESSAGES.nationalId });
  });
});
