import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DECIMAL_SEP,
  EMPTY,
  faNumber,
  faTyped,
  formatFileSize,
  GROUP_SEP,
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
    expect(formatGold("1.235")).toBe("۱/۲۳۵");
    expect(formatGold("1.2")).toBe("۱/۲۰۰");
    expect(formatGold("3")).toBe("۳/۰۰۰");
    expect(formatGold("0.005")).toBe("۰/۰۰۵");
    expect(formatGold("1234.5")).toBe("۱٬۲۳۴/۵۰۰");
    expect(formatGold("0.1239")).toBe("۰/۱۲۳");
    expect(formatGold("-0.005")).toBe("-۰/۰۰۵");
    expect(formatGold("-0.000")).toBe("۰/۰۰۰");
    expect(formatGold("99999999999999.999")).toBe("۹۹٬۹۹۹٬۹۹۹٬۹۹۹٬۹۹۹/۹۹۹");
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

describe("the number format of every screen", () => {
  it("uses a decimal mark that cannot be taken for the thousands separator", () => {
    expect(DECIMAL_SEP).toBe("/");
    expect(GROUP_SEP).toBe("٬");
    expect(formatGold("1000")).toBe("۱٬۰۰۰/۰۰۰");
    expect(formatGold("1000")).not.toMatch(/٫/);
    expect(formatRial("1000000")).toBe("۱٬۰۰۰٬۰۰۰");
  });

  it("groups the integer part only, keeps the sign, passes half-typed input through", () => {
    expect(faNumber("1234567.891")).toBe("۱٬۲۳۴٬۵۶۷/۸۹۱");
    expect(faNumber("-1234")).toBe("-۱٬۲۳۴");
    expect(faNumber("1234", { group: false })).toBe("۱۲۳۴");
    expect(faTyped("1234.5")).toBe("۱۲۳۴/۵");
    expect(faTyped("12.")).toBe("۱۲/");
    expect(faTyped("")).toBe("");
  });

  it("writes file sizes with the same marks", () => {
    expect(formatFileSize(1)).toBe("۱ کیلوبایت");
    expect(formatFileSize(234 * 1024)).toBe("۲۳۴ کیلوبایت");
    expect(formatFileSize(1.8 * 1024 * 1024)).toBe("۱/۸ مگابایت");
    expect(formatFileSize(1023 * 1024)).toBe("۱٬۰۲۳ کیلوبایت");
    expect(formatFileSize(512 * 1024 * 1024)).toBe("۵۱۲ مگابایت");
    expect(formatFileSize(2.3 * 1024 * 1024 * 1024)).toBe("۲/۳ گیگابایت");
    expect(formatFileSize(0)).toBe("۰ کیلوبایت");
  });

  // One formatter: a screen or helper that writes a separator itself, or turns "." into a mark, would show
  // numbers two ways. Parsers may still accept ٫ and ٬ typed by people; they only read them in a regex.
  it("is written only by lib/money.ts", () => {
    const src = new URL("../", import.meta.url);
    const offenders: string[] = [];
    for (const f of readdirSync(src, { recursive: true })) {
      if (!/\.tsx?$/.test(f) || f.endsWith(".test.ts") || f.endsWith("money.ts")) continue;
      const text = readFileSync(new URL(f, src), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "") // comments
        .replace(/^\s*\/\/.*$/gm, "")
        .replace(/\/(?:\\.|[^/\n])+\/[gimsuy]*/g, ""); // regular expressions
      if (/[٫٬]|\.replace\(\s*["']\.["']|toFixed\(/.test(text)) offenders.push(f);
    }
    expect(offenders).toEqual([]);
  });
});
