import { describe, expect, it } from "vitest";
import { inviteLink, qrFileName, REFERRAL_TEXTS, shareMessage } from "./referral";

describe("referral", () => {
  it("builds the register link from the origin and the code", () => {
    expect(inviteLink("https://gold.example", "AB12CD")).toBe("https://gold.example/register?ref=AB12CD");
    expect(inviteLink("http://127.0.0.1:8080/", "a b&c")).toBe("http://127.0.0.1:8080/register?ref=a%20b%26c");
  });
  it("invites in Persian with the code", () => {
    const m = shareMessage("طلای رضایی", "AB12CD");
    expect(m.title).toBe("دعوت به طلای رضایی");
    expect(m.text).toContain("AB12CD");
    expect(m.text).toContain("هدیه");
  });
  it("names the QR image after the code", () => {
    expect(qrFileName("AB12CD")).toBe("AB12CD.png");
    expect(qrFileName("../x")).toBe("___x.png");
    expect(qrFileName("")).toBe("referral.png");
  });
  it("states the reward rule with 0.005 gram in Persian digits", () => {
    expect(REFERRAL_TEXTS.rule).toContain("۰/۰۰۵ گرم");
    expect(REFERRAL_TEXTS.rule).not.toMatch(/[0-9]/);
  });
});
