import { describe, expect, it } from "vitest";
import { digitsOnly, normalizeNumber, toFaDigits, toLatinDigits } from "./digits";

describe("toFaDigits", () => {
  it("writes Latin digits as Persian digits and keeps other characters", () => {
    expect(toFaDigits("1403/01/09 12:30")).toBe("۱۴۰۳/۰۱/۰۹ ۱۲:۳۰");
    expect(toFaDigits(907)).toBe("۹۰۷");
    expect(toFaDigits("کد 5")).toBe("کد ۵");
  });
});

describe("toLatinDigits", () => {
  it("turns Persian and Arabic digits into Latin ones", () => {
    expect(toLatinDigits("۰۹۱۲۳۴۵۶۷۸۹")).toBe("09123456789");
    expect(toLatinDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(toLatinDigits("a۱b٢c3")).toBe("a1b2c3");
  });
});

describe("digitsOnly", () => {
  it("keeps only digits, whatever their script", () => {
    expect(digitsOnly("۰۹۱۲-۳۴۵ ۶۷۸۹")).toBe("09123456789");
    expect(digitsOnly("۱۲٬۳۴۵ ریال")).toBe("12345");
    expect(digitsOnly("")).toBe("");
  });
});

describe("normalizeNumber", () => {
  it("keeps digits and one dot", () => {
    expect(normalizeNumber("۱٫۲۳۵")).toBe("1.235");
    expect(normalizeNumber("1,234.5 g")).toBe("1234.5");
    expect(normalizeNumber("1.2.3")).toBe("1.23");
    expect(normalizeNumber("٠٫٥")).toBe("0.5");
    expect(normalizeNumber("۱/۲۳۵")).toBe("1.235"); // the decimal mark the screens show
    expect(normalizeNumber("abc")).toBe("");
  });
});
