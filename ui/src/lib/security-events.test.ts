import { describe, expect, it } from "vitest";
import {
  EMPTY_SECURITY_FILTER, GENERIC_EVENT, NO_REASON, OUTCOMES, SECURITY_KINDS, SECURITY_REASONS, outcomeLabel, outcomeTone,
  securityFilter, securityKindLabel, securityReasonLabel,
} from "./security-events";

// KINDS and REASONS are the words the server writes (the contract of GET /api/admin/security-events).
const KINDS = [
  "sign_in.password", "sign_in.code", "sign_in.second_factor", "refresh", "logout", "login.ended", "logins.ended_others",
  "password.changed", "second_factor.proof", "second_factor.enrolled", "second_factor.removed", "recovery_codes.renewed",
  "second_factor.reset", "role.changed", "code.profile", "code.trade",
  "code.withdraw", "code.plan", "code.order", "origin.refused", "rate_limited",
];
const REASONS = [
  "wrong_password", "unknown_phone", "wrong_code", "no_code", "too_many_tries", "challenge", "totp", "recovery_code",
  "passkey", "challenge_ended", "reused", "expired", "bad_request", "forbidden", "not_found", "sign_up", "staff_added",
  "staff_removed", "owner", "staff", "login", "code", "password", "second_factor", "second_factor_lock", "command_line",
];
const LATIN = /[A-Za-z]/;

describe("security event words", () => {
  it("names every kind the server writes in Persian", () => {
    for (const kind of KINDS) {
      const label = securityKindLabel(kind);
      expect(label, kind).not.toBe(GENERIC_EVENT);
      expect(label, kind).not.toMatch(LATIN);
    }
    expect(securityKindLabel("login.ended")).toBe("بستن ورود یک دستگاه");
    expect(SECURITY_KINDS.map((k) => k.value).sort()).toEqual([...KINDS].sort());
  });
  it("names every reason the server writes in Persian", () => {
    for (const reason of REASONS) {
      const label = securityReasonLabel(reason);
      expect(label, reason).not.toBe(NO_REASON);
      expect(label, reason).not.toMatch(LATIN);
    }
    expect(securityReasonLabel("wrong_password")).toBe("رمز اشتباه");
  });
  it("never shows a kind, reason or outcome it does not know as it came", () => {
    expect(securityKindLabel("sign_in.magic")).toBe("رویداد امنیتی");
    expect(securityKindLabel("")).toBe("رویداد امنیتی");
    expect(securityReasonLabel("")).toBe("—");
    expect(securityReasonLabel("moon_phase")).toBe("—");
    expect(securityReasonLabel("toString")).toBe("—");
    expect(outcomeLabel("maybe")).toBe("—");
  });
  it("has no Latin letter in any label", () => {
    for (const label of [...SECURITY_KINDS.map((k) => k.label), ...Object.values(SECURITY_REASONS), ...OUTCOMES.map((o) => o.label), GENERIC_EVENT]) {
      expect(label).not.toMatch(LATIN);
    }
  });
  it("shows the outcome as a green or red badge", () => {
    expect([outcomeLabel("success"), outcomeTone("success")]).toEqual(["موفق", "ok"]);
    expect([outcomeLabel("failure"), outcomeTone("failure")]).toEqual(["ناموفق", "bad"]);
  });
  it("offers each kind once in the filter", () => {
    expect(new Set(SECURITY_KINDS.map((k) => k.value)).size).toBe(SECURITY_KINDS.length);
  });
});

describe("securityFilter", () => {
  it("sends Jalali days, the outcome and the phone with Latin digits, typed in any digits", () => {
    expect(securityFilter({ kind: "sign_in.password", outcome: "failure", phone: "۰۹۱۲ ۱۰۰ ۰۰۰۱", from: "۱۴۰۴/۱/۹", to: "1404/02/31" })).toEqual({
      ok: true, filter: { kind: "sign_in.password", outcome: "failure", phone: "09121000001", from: "1404/01/09", to: "1404/02/31" },
    });
    expect(securityFilter({ ...EMPTY_SECURITY_FILTER, phone: "+98 912 100 0001" })).toEqual({ ok: true, filter: { phone: "09121000001" } });
    expect(securityFilter(EMPTY_SECURITY_FILTER)).toEqual({ ok: true, filter: {} });
  });
  it("leaves a phone that is no mobile number for the server to refuse", () => {
    expect(securityFilter({ ...EMPTY_SECURITY_FILTER, phone: "۱۲۳" })).toEqual({ ok: true, filter: { phone: "123" } });
  });
  it("refuses a day that is no date, and a start after the end", () => {
    expect(securityFilter({ ...EMPTY_SECURITY_FILTER, from: "1404/13/01" })).toMatchObject({ ok: false, field: "from" });
    expect(securityFilter({ ...EMPTY_SECURITY_FILTER, from: "1404/02/01", to: "1404/01/01" })).toMatchObject({
      ok: false, field: "from", message: "تاریخ شروع نمی‌تواند بعد از تاریخ پایان باشد",
    });
  });
});
