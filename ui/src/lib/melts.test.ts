import { describe, expect, it } from "vitest";
import { ABSHODEH_MESSAGES } from "./abshodeh";
import { checkMeltResult, checkSend, EMPTY_MELT_RESULT, expectedLoss, lossOf, lossText, MELT_MESSAGES, meltStatusLabel, meltStatusTone } from "./melts";

describe("a melt batch's status", () => {
  it("is told in the shop's words, with its badge's tone", () => {
    expect(["sent", "done", "cancelled"].map(meltStatusLabel)).toEqual(["فرستاده شده", "ری‌گیری شد", "لغو شد"]);
    expect(["sent", "done", "cancelled"].map(meltStatusTone)).toEqual(["warn", "ok", "muted"]);
    expect(meltStatusLabel("odd")).toBe("odd");
  });
});

describe("a melt's loss", () => {
  it("is a loss when the bar holds less than the lots, a gain (افزایش) when more", () => {
    expect(lossText("0.120")).toBe("کاهش ذوب ۰/۱۲۰ گرم");
    expect(lossText("-0.050")).toBe("افزایش ۰/۰۵۰ گرم");
    expect(lossOf("-0.050")?.gain).toBe(true);
    expect(lossText("0.000")).toBe("بدون کاهش ۰/۰۰۰ گرم");
    expect(lossText(null)).toBe("—");
  });
  it("is foreseen exactly from the lots and the typed bar", () => {
    expect(expectedLoss("10.000", "9.875")).toBe("0.125");
    expect(expectedLoss("1.000", "1.010")).toBe("-0.010");
    expect(expectedLoss("1.000", null)).toBeNull();
  });
});

describe("the lab's result", () => {
  it("is sent with Latin digits, the purity and weight as the vault's", () => {
    expect(checkMeltResult({ weight: "۹/۸۷۵", purity: "۷۴۵", lab: " ری مرکزی ", ingot: "۱۲۳۴", note: "" })).toEqual({
      ok: true, body: { weight: "9.875", purity: "745.00", lab: "ری مرکزی", ingot_number: "1234" },
    });
    expect(checkMeltResult({ weight: "1", purity: "750", lab: "X", ingot: "A-1", note: " دیر رسید " })).toEqual({
      ok: true, body: { weight: "1.000", purity: "750.00", lab: "X", ingot_number: "A-1", note: "دیر رسید" },
    });
  });
  it("needs the lab and the ingot number, and the figures", () => {
    const out = checkMeltResult(EMPTY_MELT_RESULT);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.errors.lab).toBe(ABSHODEH_MESSAGES.reyRequired);
    expect(out.errors.ingot).toBe(ABSHODEH_MESSAGES.angRequired);
    expect(out.errors.weight).toBeTruthy();
    expect(out.errors.purity).toBeTruthy();
  });
});

describe("a batch to send", () => {
  it("takes one to a hundred lots", () => {
    expect(checkSend([], "", "")).toEqual({ ok: false, message: MELT_MESSAGES.noLots });
    expect(checkSend(Array.from({ length: 101 }, (_, i) => i + 1), "", "").ok).toBe(false);
    expect(checkSend([3, 4], " استاد  رضا ", "")).toEqual({ ok: true, body: { item_ids: [3, 4], melter: "استاد رضا", note: "" } });
  });
});
