import { describe, expect, it } from "vitest";
import type { Notification } from "../api-types";
import { addLive, bellLabel, markRead, SMS_SWITCHES, unreadIds } from "./notifications";

const n = (id: number, read = false): Notification => ({
  id, kind: "deposit_approved", title: "واریز تایید شد", text: "", link: "/wallet-requests_page", read, created_at: "2026-11-26T10:00:00Z",
});

describe("notifications", () => {
  it("lists only the unread ids of the shown entries", () => {
    expect(unreadIds([n(3), n(2, true), n(1)])).toEqual([3, 1]);
  });
  it("marks the given ids read and leaves the rest", () => {
    expect(markRead([n(3), n(2)], [2]).map((x) => x.read)).toEqual([false, true]);
    expect(markRead([n(3), n(2)], "all").every((x) => x.read)).toBe(true);
  });
  it("puts a live item on top once even when delivered twice", () => {
    expect(addLive(addLive([n(1)], n(2)), n(2)).map((x) => x.id)).toEqual([2, 1]);
  });
  it("names the bell with the unread count in Persian digits", () => {
    expect(bellLabel(0)).toBe("اعلان‌ها");
    expect(bellLabel(12)).toContain("۱۲");
  });
  it("shows eight SMS switches", () => {
    expect(SMS_SWITCHES.map((s) => s.key)).toEqual(["deposit", "withdraw", "gold_request", "charge", "referral", "price_alert", "plan", "order"]);
  });
});
