// The backups screen's words: how the last run went, in Persian whatever the server's error was.
import type { BackupFile, BackupRun } from "../api-types";

/** BACKUP_MESSAGES are the screen's texts. */
export const BACKUP_MESSAGES = {
  loadFailed: "خطا در دریافت فهرست پشتیبان‌ها",
  done: "پشتیبان تازه ساخته شد",
  failed: "پشتیبان‌گیری انجام نشد",
  runFailed: "پشتیبان‌گیری انجام نشد؛ جزئیات در گزارش سرور ثبت شده است.",
} as const;

const PERSIAN_LETTER = /[\u0600-\u06FF]/;

/** backupErrorText is the server's reason in Persian as it came, or a Persian sentence when it is not Persian. */
export function backupErrorText(error: string | null | undefined): string {
  const text = (error ?? "").trim();
  return text && PERSIAN_LETTER.test(text) ? text : BACKUP_MESSAGES.runFailed;
}

/** LastRun is the last backup as the screen says it: never, done, or failed with why. */
export type LastRun = { state: "never" } | { state: "ok"; at: string } | { state: "failed"; at: string; why: string };

/** lastRun reads GET /api/admin/backups' `last`; an empty or missing time means no backup has run yet. */
export function lastRun(last: BackupRun | null | undefined): LastRun {
  if (!last || !last.at) return { state: "never" };
  return last.ok ? { state: "ok", at: last.at } : { state: "failed", at: last.at, why: backupErrorText(last.error) };
}

/** newestFirst orders the backups by when they were made, the newest first. */
export function newestFirst(list: readonly BackupFile[]): BackupFile[] {
  return [...list].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}
