import { describe, expect, it } from "vitest";
import {
  EMPTY,
  formatCardNumber,
  formatGold,
  formatRial,
  formatToman,
  groupCardNumber,
  groupIban,
  groupThousands,
  rialToToman,
} from "./money";

describe("groupThousands", () => {
  it("groups by three from the right", () => {
    expect(groupThousands("1")).toBe("1");
    expect(groupThousands("1000")).toBe("1٬000");
    expect(groupThousands("1234567")).toBe("1٬234٬567");
    expect(groupThousands("123456", ",")).toBe("123,456");
  });
});

describe("formatRial", () => {
  it("shows Persian digits with grouping and no decimals", () => {
    expect(formatRial("1500000")).toBe("۱٬۵۰۰٬۰۰۰");
    expect(formatRial("0")).toBe("۰");
    expect(formatRial(987)).toBe("۹۸۷");
    expect(formatRial("1500.75")).toBe("۱٬۵۰۰");
    expect(formatRial("-25000")).toBe("-۲۵٬۰۰۰");
    expect(formatRial("00012")).toBe("۱۲");
  });
  it("keeps huge amounts exact", () => {
    expect(formatRial("123456789012345678901")).toBe("۱۲۳٬۴۵۶٬۷۸۹٬۰۱۲٬۳۴۵٬۶۷۸٬۹۰۱");
  });
  it("shows a dash for missing or broken values", () => {
    expect(formatRial(null)).toBe(EMPTY);
    expect(formatRial(undefined)).toBe(EMPTY);
    expect(formatRial("")).toBe(EMPTY);
    expect(formatRial("abc")).toBe(EMPTY);
  });
});

describe("toman", () => {
  it("is rial divided by ten, on the string", () => {
    expect(rialToToman("15000")).toBe("1500");
    expect(rialToToman("15")).toBe("1");
    expect(rialToToman("9")).toBe("0");
    expect(rialToToman(null)).toBe(null);
    expect(formatToman("123456780")).toBe("۱۲٬۳۴۵٬۶۷۸");
  });
});

describe("formatGold", () => {
  it("always shows three decimals without float arithmetic", () => {
    expect(formatGold("1.235")).toBe("۱٫۲۳۵");
    expect(formatGold("1.2")).toBe("۱٫۲۰۰");
    expect(formatGold("3")).toBe("۳٫۰۰۰");
    expect(formatGold("0.005")).toBe("۰٫۰۰۵");
    expect(formatGold("1234.5")).toBe("۱٬۲۳۴٫۵۰۰");
    expect(formatGold("0.1239")).toBe("۰٫۱۲۳");
    expect(formatGold("-0.005")).toBe("-۰٫۰۰۵");
    expect(formatGold("-0.000")).toBe("۰٫۰۰۰");
    expect(formatGold("99999999999999.999")).toBe("۹۹٬۹۹۹٬۹۹۹٬۹۹۹٬۹۹۹٫۹۹۹");
    expect(formatGold(null)).toBe(EMPTY);
  });
});

describe("card numbers and IBANs", () => {
  it("groups card numbers by four", () => {
    expect(groupCardNumber("6037991123456789")).toBe("6037 9911 2345 6789");
    expect(groupCardNumber("۶۰۳۷-۹۹۱۱")).toBe("6037 9911");
    expect(groupCardNumber("60379")).toBe("6037 9");
    expect(formatCardNumber("6037991123456789")).toBe("۶۰۳۷ ۹۹۱۱ ۲۳۴۵ ۶۷۸۹");
  });
  it("groups IBANs by four", () => {
    expect(groupIban("ir062960000000100324200001")).toBe("IR06 2960 0000 0010 0324 2000 01");
  });
});
