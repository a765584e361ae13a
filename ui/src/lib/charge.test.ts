import { describe, expect, it } from "vitest";
import { CHARGE_MESSAGES, checkChargeAmount, displayAmount, sanitizeAmount } from "./charge";

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
    expect(displayAmount("1.25", "gold")).toBe("۱/۲۵");
    expect(displayAmount("", "rial")).toBe("");
  });
  it("accepts amounts above zero in canonical form", () => {
    expect(checkChargeAmount("۵۰۰۰۰۰", "rial")).toEqual({ ok: true, value: "500000" });
    expect(checkChargeAmount("1.5", "gold")).toEqual({ ok: true, value: "1.500" });
    expect(checkChargeAmount("0.001", "gold")).toEqual({ ok: true, value: "0.001" });
    expect(checkChargeAmount("9007199254740993", "rial")).toEqual({ ok: true, value: "9007199254740993" });
    expect(checkChargeAmount("1000000.001", "gold")).toEqual({ ok: true, value: "1000000.001" });
  });
  it("refuses zero, empty and malformed amounts", () => {
    expect(checkChargeAmount("0", "rial")).toEqual({ ok: false, message: CHARGE_MESSAGES.notPositive });
    expect(checkChargeAmount("0.000", "gold")).toEqual({ ok: false, message: CHARGE_MESSAGES.notPositive });
    expect(checkChargeAmount("", "gold")).toEqual({ ok: false, message: CHARGE_MESSAGES.required });
    expect(checkChargeAmount("1.2345", "gold")).toEqual({ ok: false, message: CHARGE_MESSAGES.goldDecimals });
    expect(checkChargeAmount("1.5", "rial")).toEqual({ ok: false, message: CHARGE_MESSAGES.rialWhole });
  });
});
