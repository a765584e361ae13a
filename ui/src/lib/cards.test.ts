import { describe, expect, it } from "vitest";
import {
  cardValid,
  formatCardNumber,
  formatIban,
  groupCardNumber,
  groupIban,
  groupIbanDigits,
  ibanDigits,
  ibanValid,
  luhnValid,
  maskBankInfo,
} from "./cards";

// Test numbers made for these checks, not real accounts.
const CARD = "6037990000000006";
const IBAN = "IR820540102680020817909002";

describe("grouping", () => {
  it("groups a card by four, from Persian digits too", () => {
    expect(groupCardNumber(CARD)).toBe("6037 9900 0000 0006");
    expect(groupCardNumber("۶۰۳۷۹۹")).toBe("6037 99");
    expect(formatCardNumber(CARD)).toBe("۶۰۳۷ ۹۹۰۰ ۰۰۰۰ ۰۰۰۶");
  });
  it("groups an IBAN by four", () => {
    expect(groupIban(IBAN)).toBe("IR82 0540 1026 8002 0817 9090 02");
    expect(groupIban("ir82 0540")).toBe("IR82 0540");
    expect(formatIban(IBAN)).toBe("IR۸۲ ۰۵۴۰ ۱۰۲۶ ۸۰۰۲ ۰۸۱۷ ۹۰۹۰ ۰۲");
    expect(formatIban("")).toBe("—");
  });
  it("groups the digits typed after IR like the printed IBAN", () => {
    expect(groupIbanDigits("820540102680020817909002")).toBe("82 0540 1026 8002 0817 9090 02");
    expect(groupIbanDigits("82")).toBe("82");
    expect(groupIbanDigits("820")).toBe("82 0");
    expect(groupIbanDigits("")).toBe("");
  });
  it("keeps the digits of a pasted IBAN", () => {
    expect(ibanDigits("IR82 0540 1026 8002 0817 9090 02")).toBe("820540102680020817909002");
    expect(ibanDigits("۸۲۰۵۴۰")).toBe("820540");
    expect(ibanDigits("8".repeat(30))).toHaveLength(24);
  });
});

describe("luhnValid", () => {
  it("accepts numbers with a right check digit", () => {
    expect(luhnValid(CARD)).toBe(true);
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("0")).toBe(true);
  });
  it("refuses a wrong check digit, a swap and non-digits", () => {
    expect(luhnValid("6037990000000007")).toBe(false);
    expect(luhnValid("6037990000000060")).toBe(false);
    expect(luhnValid("79927398710")).toBe(false);
    expect(luhnValid("")).toBe(false);
    expect(luhnValid("6037-9900")).toBe(false);
  });
  it("needs 16 digits for a card", () => {
    expect(cardValid(CARD)).toBe(true);
    expect(cardValid("603799000000006")).toBe(false);
    expect(cardValid("6037990000000007")).toBe(false);
  });
});

describe("ibanValid", () => {
  it("accepts a right IBAN, spaced or lower case", () => {
    expect(ibanValid(IBAN)).toBe(true);
    expect(ibanValid("ir82 0540 1026 8002 0817 9090 02")).toBe(true);
  });
  it("refuses wrong check digits, lengths and countries", () => {
    expect(ibanValid("IR830540102680020817909002")).toBe(false);
    expect(ibanValid("IR82054010268002081790900")).toBe(false);
    expect(ibanValid("DE89370400440532013000")).toBe(false);
    expect(ibanValid("")).toBe(false);
  });
});

describe("maskBankInfo", () => {
  it("shows the first four of the card and the last four of the IBAN", () => {
    expect(maskBankInfo(CARD, IBAN)).toBe("۶۰۳۷ … ۹۰۰۲");
  });
  it("shows what there is", () => {
    expect(maskBankInfo(CARD, "")).toBe("۶۰۳۷ …");
    expect(maskBankInfo("", IBAN)).toBe("… ۹۰۰۲");
    expect(maskBankInfo("6037 9900 0000 0006", "")).toBe("۶۰۳۷ …");
    expect(maskBankInfo("", "IR82 0540 1026 8002 0817 9090 02")).toBe("… ۹۰۰۲");
    expect(maskBankInfo("", "")).toBe("—");
    expect(maskBankInfo(null, undefined)).toBe("—");
  });
});
