import { describe, expect, it } from "vitest";
import { clockNotice, replicaNotice, storageNotice } from "./server-notices";

const room = (level: "ok" | "low" | "full", free = 300 << 20) => ({ free_bytes: free, total_bytes: 10 * 1024 * 1024 * 1024, level, last_full_at: null });
const latin = /[A-Za-z0-9]/;

describe("the server's notices", () => {
  it("say a full disk first, in red, and a low one with its room in Persian digits", () => {
    expect(storageNotice({ ...room("low"), backups: room("full") })?.full).toBe(true);
    const low = storageNotice({ ...room("ok"), backups: room("low", 200 << 20) });
    expect(low?.title).toBe("فضای ذخیره‌سازی رو به پایان است");
    expect(low?.text).toContain("پشتیبان‌ها ۲۰۰ مگابایت از ۱۰۲۴۰ مگابایت");
    expect(storageNotice({ ...room("ok"), backups: null })).toBeNull();
    expect(storageNotice(null)).toBeNull();
  });
  it("say a replica only once it alerts, and the clock only when it stepped back in the last day", () => {
    expect(replicaNotice({ configured: true, ok: false, alert: false })).toBeNull();
    expect(replicaNotice({ configured: false })).toBeNull();
    const r = replicaNotice({ configured: true, ok: false, alert: true, failing_since: "2026-11-28T08:00:00Z", last_error: "dial tcp: refused" });
    expect(r?.text).not.toContain("dial");
    const said = replicaNotice({ configured: true, ok: false, alert: true, last_error: "سرور مقصد رونوشت پاسخ نمی‌دهد" });
    expect(said?.text).toContain("سرور مقصد رونوشت پاسخ نمی‌دهد.");
    expect(clockNotice({ now: "", behind_seconds: 0, stepped_back_at: null, stepped_back_seconds: 0, alert: false })).toBeNull();
    const c = clockNotice({ now: "", behind_seconds: 3600, stepped_back_at: "2026-11-28T08:00:00Z", stepped_back_seconds: 3600, alert: true });
    expect(c?.text).toContain("۶۰ دقیقه");
    for (const n of [r, c, storageNotice({ ...room("full"), backups: null })]) expect(latin.test(`${n?.title}${n?.text}`)).toBe(false);
  });
});
