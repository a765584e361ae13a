import { describe, expect, it } from "vitest";
import { toFaDigits } from "./digits";
import { caretAfterDigit, regroup, trimLeadingZeros } from "./grouped-input";
import { formatCardNumber, groupThousands } from "./money";

const amount = (d: string) => toFaDigits(groupThousands(d));

describe("caretAfterDigit", () => {
  it("skips separators", () => {
    expect(caretAfterDigit("۱٬۵۰۰", 0)).toBe(0);
    expect(caretAfterDigit("۱٬۵۰۰", 1)).toBe(1);
    expect(caretAfterDigit("۱٬۵۰۰", 2)).toBe(3);
    expect(caretAfterDigit("۱٬۵۰۰", 9)).toBe(5);
  });
});

describe("regroup", () => {
  it("groups an amount typed at the end", () => {
    expect(regroup("۱۵۰۰", 4, amount)).toEqual({ digits: "1500", text: "۱٬۵۰۰", caret: 5 });
    expect(regroup("۱٬۵۰۰۰", 6, amount)).toEqual({ digits: "15000", text: "۱۵٬۰۰۰", caret: 6 });
  });
  it("turns Arabic and Latin digits into the same, and drops letters", () => {
    expect(regroup("١٢٣4x", 5, amount).digits).toBe("1234");
    expect(regroup("abc", 3, amount)).toEqual({ digits: "", text: "", caret: 0 });
  });
  it("keeps the caret after the digit it followed when typing in the middle", () => {
    // "۱٬۵۰۰" with a 9 typed after the 1: "۱9٬۵۰۰", caret 2
    const r = regroup("۱9٬۵۰۰", 2, amount);
    expect(r.text).toBe("۱۹٬۵۰۰");
    expect(r.caret).toBe(2);
  });
  it("deletes the digit before a separator removed by backspace", () => {
    // "۱٬۵۰۰" with the separator deleted: "۱۵۰۰", caret 1
    const r = regroup("۱۵۰۰", 1, amount, { prev: "۱٬۵۰۰" });
    expect(r).toEqual({ digits: "500", text: "۵۰۰", caret: 0 });
  });
  it("caps the digits and drops leading zeros when told", () => {
    expect(regroup("60379900000000061234", 20, formatCardNumber, { max: 16 }).digits).toBe("6037990000000006");
    expect(regroup("60379900000000061234", 20, formatCardNumber, { max: 16 }).text).toBe("۶۰۳۷ ۹۹۰۰ ۰۰۰۰ ۰۰۰۶");
    expect(regroup("0070", 4, amount, { clean: trimLeadingZeros })).toEqual({ digits: "70", text: "۷۰", caret: 2 });
  });
  it("groups a pasted card", () => {
    expect(regroup("6037-9900-0000-0006", 19, formatCardNumber, { max: 16 }).caret).toBe(19);
  });
});

describe("trimLeadingZeros", () => {
  it("keeps a lone zero", () => {
    expect(trimLeadingZeros("000")).toBe("0");
    expect(trimLeadingZeros("0012")).toBe("12");
    expect(trimLeadingZeros("")).toBe("");
  });
});
