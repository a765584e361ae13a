import { describe, expect, it } from "vitest";
import { loadPendingSignUp, PENDING_SIGN_UP_KEY, savePendingSignUp } from "./pending-sign-up";

function memory() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe("pending sign-up", () => {
  it("keeps the phone and registration id until it is forgotten", () => {
    const s = memory();
    expect(loadPendingSignUp(s)).toBeNull();
    savePendingSignUp({ phone_number: "09121234567", registration_id: "r-1" }, s);
    expect(loadPendingSignUp(s)).toEqual({ phone_number: "09121234567", registration_id: "r-1" });
    savePendingSignUp(null, s);
    expect(loadPendingSignUp(s)).toBeNull();
  });
  it("reads anything else as none", () => {
    const s = memory();
    for (const junk of ["{", "42", "null", '{"phone_number":"09121234567"}', '{"phone_number":"","registration_id":"r"}']) {
      s.setItem(PENDING_SIGN_UP_KEY, junk);
      expect(loadPendingSignUp(s)).toBeNull();
    }
  });
  it("works without storage", () => {
    expect(loadPendingSignUp(null)).toBeNull();
    expect(() => savePendingSignUp({ phone_number: "09121234567", registration_id: "r" }, null)).not.toThrow();
  });
});
