import { describe, expect, it } from "vitest";
import { BACKUP_MESSAGES, backupErrorText, lastRun, newestFirst } from "./backups";

describe("backups", () => {
  it("reads the last run: none yet, done, or failed", () => {
    expect(lastRun(null)).toEqual({ state: "never" });
    expect(lastRun({ at: "", ok: false, error: "" })).toEqual({ state: "never" });
    expect(lastRun({ at: null, ok: false, error: "" })).toEqual({ state: "never" });
    expect(lastRun({ at: "2025-03-29T01:00:00Z", ok: true, error: "" })).toEqual({ state: "ok", at: "2025-03-29T01:00:00Z" });
    expect(lastRun({ at: "2025-03-29T01:00:00Z", ok: false, error: "فضای دیسک کافی نیست" })).toEqual({
      state: "failed", at: "2025-03-29T01:00:00Z", why: "فضای دیسک کافی نیست",
    });
  });
  it("never puts an error in another language on screen", () => {
    expect(backupErrorText("write /backups/x.gz: no space left on device")).toBe(BACKUP_MESSAGES.runFailed);
    expect(backupErrorText("")).toBe(BACKUP_MESSAGES.runFailed);
    expect(backupErrorText(undefined)).toBe(BACKUP_MESSAGES.runFailed);
  });
  it("lists the newest backup first", () => {
    const list = [
      { name: "a", size: 1, created_at: "2025-03-27T01:00:00Z", ok: true },
      { name: "c", size: 1, created_at: "2025-03-29T01:00:00Z", ok: true },
      { name: "b", size: 1, created_at: "2025-03-28T01:00:00Z", ok: true },
    ];
    expect(newestFirst(list).map((b) => b.name)).toEqual(["c", "b", "a"]);
  });
});
