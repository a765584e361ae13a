import { describe, expect, it } from "vitest";
import { amountError, isNewCard, isSameOriginPath, NEW_CARD_MS, receiptError, RECEIPT_MAX_BYTES, WALLET_MESSAGES as M, withdrawError } from "./wallet";

describe("amountError", () => {
  it("takes a whole number of rials above zero", () => {
    expect(amountError("1500000")).toBeNull();
    expect(amountError("1")).toBeNull();
  });
  it("asks for a valid number otherwise", () => {
    for (const v of ["", "0", "000", "12.5", "abc"]) expect(amountError(v)).toBe(M.amountInvalid);
  });
});

describe("receiptError", () => {
  it("needs a receipt", () => {
    expect(receiptError(null)).toBe(M.receiptRequired);
    expect(receiptError(undefined)).toBe(M.receiptRequired);
  });
  it("takes a JPEG or a PNG up to 5 MB", () => {
    expect(receiptError({ type: "image/jpeg", size: 200_000 })).toBeNull();
    expect(receiptError({ type: "image/png", size: RECEIPT_MAX_BYTES })).toBeNull();
    expect(receiptError({ type: "image/png", size: RECEIPT_MAX_BYTES + 1 })).toBe(M.receiptTooLarge);
    expect(receiptError({ type: "image/gif", size: 10 })).toBe(M.receiptType);
    expect(receiptError({ type: "application/pdf", size: 10 })).toBe(M.receiptType);
  });
});

describe("withdrawError", () => {
  it("refuses more than the available balance", () => {
    expect(withdrawError("5000001", "5000000")).toBe(M.insufficient);
    expect(withdrawError("5000000", "5000000")).toBeNull();
    expect(withdrawError("1", "0")).toBe(M.insufficient);
  });
  it("compares huge amounts exactly", () => {
    expect(withdrawError("9007199254740993", "9007199254740992")).toBe(M.insufficient);
  });
  it("checks the number first, and leaves the balance to the server when it is unknown", () => {
    expect(withdrawError("", "100")).toBe(M.amountInvalid);
    expect(withdrawError("100", undefined)).toBeNull();
  });
});

describe("isSameOriginPath", () => {
  it("accepts site paths only", () => {
    expect(isSameOriginPath("/uploads/receipts/ab12.jpg")).toBe(true);
    expect(isSameOriginPath("//evil.example/x.jpg")).toBe(false);
    expect(isSameOriginPath("/\\evil.example")).toBe(false);
    expect(isSameOriginPath("/uploads\\..\\..\\x.jpg")).toBe(false);
    expect(isSameOriginPath("http://localhost:5000/uploads/x.jpg")).toBe(false);
    expect(isSameOriginPath("")).toBe(false);
    expect(isSameOriginPath(null)).toBe(false);
  });
});

describe("isNewCard", () => {
  const added = "2024-03-20T10:00:00+03:30";
  const at = Date.parse(added);
  it("is new for 24 hours from when the card was added", () => {
    expect(isNewCard(added, at)).toBe(true);
    expect(isNewCard(added, at + NEW_CARD_MS - 1)).toBe(true);
    expect(isNewCard(added, at + NEW_CARD_MS)).toBe(false);
    expect(isNewCard(added, at + 3 * NEW_CARD_MS)).toBe(false);
  });
  it("reads the zone of the time", () => {
    expect(isNewCard("2024-03-20T06:30:00Z", at + NEW_CARD_MS - 1)).toBe(true);
    expect(isNewCard("2024-03-20T06:30:00Z", at + NEW_CARD_MS)).toBe(false);
  });
  it("says nothing for a missing or broken time (the server still asks)", () => {
    expect(isNewCard(undefined, at)).toBe(false);
    expect(isNewCard("", at)).toBe(false);
    expect(isNewCard("yesterday", at)).toBe(false);
  });
});
