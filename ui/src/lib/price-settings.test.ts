import { describe, expect, it } from "vitest";
import {
  applyMaxWeight,
  applyMinWeight,
  applyWeights,
  canonicalWeight,
  checkGradeRule,
  checkMaxAge,
  checkReferralCap,
  checkReferralMin,
  DEFAULT_SETTINGS,
  gradePrices,
  crossesMidnight,
  maxAgeText,
  parseTime,
  PRICE_RULE_MESSAGES,
  readWeight,
  referralMinText,
  weightInput,
  weightNoteText,
  wholeRial,
  windowText,
} from "./price-settings";

const limits = { min: "0.001", max: "1000.000" };

describe("checkGradeRule", () => {
  it("accepts whole non-negative rials in any digits, with separators", () => {
    expect(checkGradeRule("۱۵۰٬۰۰۰", "0")).toEqual({ ok: true, sell_add: "150000", buy_subtract: "0" });
    expect(checkGradeRule("1,500", "0070")).toEqual({ ok: true, sell_add: "1500", buy_subtract: "70" });
  });
  it("refuses empty, negative, fractional and non-numeric values with one message", () => {
    for (const [a, b] of [["", "1"], ["1", " "], ["-5", "1"], ["1.5", "1"], ["1", "abc"], ["1e3", "1"]]) {
      expect(checkGradeRule(a, b)).toEqual({ ok: false, message: PRICE_RULE_MESSAGES.notPositive });
    }
  });
  it("reads numbers as the server sends them", () => {
    expect(wholeRial(250000)).toBe("250000");
    expect(wholeRial(null)).toBeNull();
  });
});

describe("gradePrices", () => {
  it("adds sell_add for the buy price and takes buy_subtract off for the sell price, exactly", () => {
    expect(gradePrices("9007199254740993", "10", "3")).toEqual({ buy: "9007199254741003", sell: "9007199254740990" });
    expect(gradePrices("50000000", "۱۵۰٬۰۰۰", "0")).toEqual({ buy: "50150000", sell: "50000000" });
  });
  it("gives nothing without a base price or for a margin that is not a whole rial", () => {
    expect(gradePrices(null, "1", "1")).toEqual({ buy: null, sell: null });
    expect(gradePrices("1000", "", "x")).toEqual({ buy: null, sell: null });
  });
  it("gives no sell price at zero or below", () => {
    expect(gradePrices("1000", "0", "1000")).toEqual({ buy: "1000", sell: null });
    expect(gradePrices("1000", "0", "999")).toEqual({ buy: "1000", sell: "1" });
  });
});

describe("readWeight", () => {
  it("reads grams as exact milligrams", () => {
    expect(readWeight("1.5")).toBe(1500n);
    expect(readWeight("۱٫۲۵")).toBe(1250n);
    expect(readWeight(".5")).toBe(500n);
    expect(readWeight("1,000")).toBe(1_000_000n);
    expect(readWeight("2.")).toBe(2000n);
  });
  it("cuts past three decimals instead of rounding", () => {
    expect(readWeight("0.0019")).toBe(1n);
  });
  it("gives null for what is not a weight", () => {
    for (const v of ["", " ", ".", "-1", "abc", "1.2.3", "1e3"]) expect(readWeight(v)).toBeNull();
  });
});

describe("applyMinWeight", () => {
  it("keeps a minimum between the floor and the maximum", () => {
    expect(applyMinWeight("0.5", limits)).toEqual({ value: "0.500", note: null });
    expect(applyMinWeight("1000", limits)).toEqual({ value: "1000.000", note: null });
  });
  it("raises a minimum below 0.001 to 0.001", () => {
    expect(applyMinWeight("0", { min: "2.000", max: "5.000" })).toEqual({ value: "0.001", note: "raised" });
    expect(applyMinWeight("0.0004", { min: "2.000", max: "5.000" })).toEqual({ value: "0.001", note: "raised" });
  });
  it("ignores a new minimum above the maximum", () => {
    expect(applyMinWeight("1000.001", limits)).toEqual({ value: "0.001", note: "ignored" });
    expect(applyMinWeight("6", { min: "2.000", max: "5.000" })).toEqual({ value: "2.000", note: "ignored" });
  });
  it("falls back to 0.001 for unreadable input", () => {
    expect(applyMinWeight("", { min: "2.000", max: "5.000" })).toEqual({ value: "0.001", note: "fallback" });
    expect(applyMinWeight("abc", limits)).toEqual({ value: "0.001", note: "fallback" });
  });
});

describe("applyMaxWeight", () => {
  it("keeps a maximum at or above the minimum", () => {
    expect(applyMaxWeight("50", limits)).toEqual({ value: "50.000", note: null });
    expect(applyMaxWeight("2", { min: "2.000", max: "5.000" })).toEqual({ value: "2.000", note: null });
    expect(applyMaxWeight("2500.25", limits)).toEqual({ value: "2500.250", note: null });
  });
  it("ignores a new maximum below the minimum", () => {
    expect(applyMaxWeight("1.999", { min: "2.000", max: "5.000" })).toEqual({ value: "5.000", note: "ignored" });
    expect(applyMaxWeight("0", limits)).toEqual({ value: "1000.000", note: "ignored" });
  });
  it("falls back to 1000 for unreadable input", () => {
    expect(applyMaxWeight("", { min: "2.000", max: "5.000" })).toEqual({ value: "1000.000", note: "fallback" });
    expect(applyMaxWeight("-3", limits)).toEqual({ value: "1000.000", note: "fallback" });
  });
  it("ignores the fallback too when it is below the minimum", () => {
    expect(applyMaxWeight("x", { min: "1200.000", max: "1500.000" })).toEqual({ value: "1500.000", note: "ignored" });
  });
});

describe("applyWeights", () => {
  it("checks the maximum against the new minimum", () => {
    expect(applyWeights("3", "2.5", { min: "1.000", max: "5.000" })).toEqual({
      min: { value: "3.000", note: null },
      max: { value: "5.000", note: "ignored" },
    });
  });
  it("takes a minimum above the old maximum only after the maximum was raised", () => {
    // min first: 20 is above the maximum in force, so it is ignored; the maximum then rises
    expect(applyWeights("20", "50", { min: "1.000", max: "10.000" })).toEqual({
      min: { value: "1.000", note: "ignored" },
      max: { value: "50.000", note: null },
    });
  });
});

describe("weightNoteText and weightInput", () => {
  it("explains each note", () => {
    expect(weightNoteText("min", null)).toBeNull();
    expect(weightNoteText("min", "ignored")).toBe(PRICE_RULE_MESSAGES.minIgnored);
    expect(weightNoteText("min", "raised")).toBe(PRICE_RULE_MESSAGES.minRaised);
    expect(weightNoteText("min", "fallback")).toBe(PRICE_RULE_MESSAGES.minFallback);
    expect(weightNoteText("max", "ignored")).toBe(PRICE_RULE_MESSAGES.maxIgnored);
    expect(weightNoteText("max", "fallback")).toBe(PRICE_RULE_MESSAGES.maxFallback);
  });
  it("writes a weight from the server canonically", () => {
    expect(canonicalWeight("1000", "9.000")).toBe("1000.000");
    expect(canonicalWeight(0.5, "9.000")).toBe("0.500");
    expect(canonicalWeight(null, "9.000")).toBe("9.000");
  });
  it("writes canonical grams the way a person types them", () => {
    expect(weightInput("1000.000")).toBe("1000");
    expect(weightInput("0.500")).toBe("0.5");
    expect(weightInput("0.001")).toBe("0.001");
    expect(weightInput("20")).toBe("20");
  });
});

describe("parseTime", () => {
  it("reads clock times as HH:mm", () => {
    expect(parseTime("9:30")).toBe("09:30");
    expect(parseTime("۰۹:۳۰")).toBe("09:30");
    expect(parseTime(" 23:59 ")).toBe("23:59");
    expect(parseTime("0000")).toBe("00:00");
    expect(parseTime("22.15")).toBe("22:15");
  });
  it("refuses times that do not exist", () => {
    for (const v of ["", "24:00", "12:60", "9", "930", "12:5", "ab:cd", "12:30:00"]) expect(parseTime(v)).toBeNull();
  });
});

describe("windows", () => {
  it("crosses midnight when the start is later than the end", () => {
    expect(crossesMidnight("22:00", "02:00")).toBe(true);
    expect(crossesMidnight("09:00", "17:00")).toBe(false);
    expect(crossesMidnight("12:00", "12:00")).toBe(false);
  });
  it("describes the window in words", () => {
    expect(windowText("00:00", "23:59")).toMatch(/^شبانه‌روزی/);
    expect(windowText("09:00", "17:30")).toBe("هر روز از ۰۹:۰۰ تا ۱۷:۳۰");
    expect(windowText("22:00", "02:00")).toBe("هر روز از ۲۲:۰۰ تا ۰۲:۰۰ بامداد روز بعد (از نیمه‌شب می‌گذرد)");
    expect(windowText("12:00", "12:00")).toBe("هر روز فقط در دقیقهٔ ۱۲:۰۰");
  });
});

describe("checkMaxAge", () => {
  it("accepts whole minutes from 1 to 10080", () => {
    expect(checkMaxAge("30")).toEqual({ ok: true, value: 30 });
    expect(checkMaxAge("۱")).toEqual({ ok: true, value: 1 });
    expect(checkMaxAge("10,080")).toEqual({ ok: true, value: 10080 });
    expect(checkMaxAge(45)).toEqual({ ok: true, value: 45 });
  });
  it("refuses zero, more than a week, fractions and words", () => {
    for (const v of ["0", "10081", "1.5", "", "-3", "نیم"]) {
      expect(checkMaxAge(v)).toEqual({ ok: false, message: PRICE_RULE_MESSAGES.badMaxAge });
    }
  });
  it("says minutes in days, hours and minutes", () => {
    expect(maxAgeText(30)).toBe("۳۰ دقیقه");
    expect(maxAgeText(90)).toBe("۱ ساعت و ۳۰ دقیقه");
    expect(maxAgeText(10080)).toBe("۷ روز");
    expect(maxAgeText(1500)).toBe("۱ روز و ۱ ساعت");
  });
});

describe("referral reward rules", () => {
  it("accepts a least trade of whole rials from 0 to 10^15, as the server does", () => {
    expect(checkReferralMin("5000000")).toEqual({ ok: true, value: "5000000" });
    expect(checkReferralMin("۵٬۰۰۰٬۰۰۰")).toEqual({ ok: true, value: "5000000" });
    expect(checkReferralMin("0")).toEqual({ ok: true, value: "0" });
    expect(checkReferralMin("000")).toEqual({ ok: true, value: "0" });
    expect(checkReferralMin("1000000000000000")).toEqual({ ok: true, value: "1000000000000000" });
    expect(checkReferralMin(1000000)).toEqual({ ok: true, value: "1000000" });
  });
  it("refuses an empty, negative, fractional or too large least trade", () => {
    for (const v of ["", " ", "-1", "1.5", "abc", "1e6", "1000000000000001", "99999999999999999999"]) {
      expect(checkReferralMin(v)).toEqual({ ok: false, message: PRICE_RULE_MESSAGES.badReferralMin });
    }
    expect(PRICE_RULE_MESSAGES.badReferralMin).toBe("مبلغی از ۰ تا ۱٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰ ریال وارد کنید");
  });
  it("accepts a monthly cap from 0 to 100000", () => {
    expect(checkReferralCap("3")).toEqual({ ok: true, value: 3 });
    expect(checkReferralCap("۰")).toEqual({ ok: true, value: 0 });
    expect(checkReferralCap("100,000")).toEqual({ ok: true, value: 100000 });
    expect(checkReferralCap(10)).toEqual({ ok: true, value: 10 });
  });
  it("refuses an empty, negative, fractional or too large monthly cap", () => {
    for (const v of ["", "-1", "2.5", "ده", "100001", "0000100001", "1e3"]) {
      expect(checkReferralCap(v)).toEqual({ ok: false, message: PRICE_RULE_MESSAGES.badReferralCap });
    }
    expect(PRICE_RULE_MESSAGES.badReferralCap).toBe("عددی از ۰ تا ۱۰۰٬۰۰۰ وارد کنید");
  });
  it("says the least trade in tomans, and what 0 means", () => {
    expect(referralMinText("5000000")).toBe("معادل ۵۰۰٬۰۰۰ تومان");
    expect(referralMinText("15")).toBe("معادل ۱ تومان");
    expect(referralMinText("0")).toBe("۰ یعنی اولین معامله به هر مبلغی پاداش دارد");
    expect(referralMinText("")).toBe("مبلغ را به ریال وارد کنید");
  });
  it("defaults to a first trade of 1,000,000 rials and 10 rewards a month", () => {
    expect(DEFAULT_SETTINGS.referral_min_trade_rial).toBe("1000000");
    expect(DEFAULT_SETTINGS.referral_monthly_cap).toBe(10);
  });
});
