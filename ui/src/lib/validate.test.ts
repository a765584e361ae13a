import { describe, expect, it } from "vitest";
import { MESSAGES, nationalIdError, nationalIdValid, normalizePhone, passwordError, phoneError } from "./validate";

describe("normalizePhone", () => {
  it("accepts the common spellings of an Iranian mobile", () => {
    for (const p of ["09121234567", "9121234567", "+989121234567", "00989121234567", "989121234567", "۰۹۱۲ ۱۲۳ ۴۵۶۷"]) {
      expect(normalizePhone(p), p).toBe("09121234567");
    }
  });
  it("refuses other numbers", () => {
    for (const p of ["", "0212345678", "0912123456", "091212345678", "08121234567"]) {
      expect(normalizePhone(p), p).toBeNull();
    }
    expect(phoneError("")).toBe(MESSAGES.phoneRequired);
    expect(phoneError("123")).toBe(MESSAGES.phoneInvalid);
  });
});

describe("passwordError", () => {
  it("asks for 6 to 128 characters, counting Persian letters as one each", () => {
    expect(passwordError("")).toBe(MESSAGES.passwordRequired);
    expect(passwordError("12345")).toBe(MESSAGES.passwordShort);
    expect(passwordError("123456")).toBeNull();
    expect(passwordError("رمزعبو")).toBeNull();
    expect(passwordError("x".repeat(129))).toBe(MESSAGES.passwordLong);
  });
});

describe("national id", () => {
  it("checks the check digit", () => {
    expect(nationalIdValid("0499370899")).toBe(true);
    expect(nationalIdValid("0499370898")).toBe(false);
    expect(nationalIdValid("1111111111")).toBe(false);
    expect(nationalIdError("۰۴۹۹۳۷۰۸۹۹")).toBeNull();
    expect(nationalIdError("")).toBe(MESSAGES.nationalIdRequired);
    expect(nationalIdError("12345")).toBe(MESSAGES.nationalIdLength);
    expect(nationalIdError("0499370898")).toBe(MESSAGES.nationalIdInvalid);
  });
});
