// The server itself: backups, the certificate, exports, storage, the replica and the clock. api.ts re-exports
// every shape (api-types/index.ts).

/** BackupFile is one backup archive. */
export type BackupFile = { name: string; size: number; created_at: string; ok: boolean };

/** BackupRun is how the last backup went; at is empty or null before the first one. */
export type BackupRun = { at: string | null; ok: boolean; error: string };

/** Backups is GET /api/admin/backups. */
export type Backups = { backups: BackupFile[]; last: BackupRun | null };

/** Certificate is GET /api/admin/certificate: warning is true when the owner should act soon. */
export type Certificate = {
  https: boolean;
  source: string;
  domain: string;
  expires_at: string | null;
  days_left: number;
  warning: boolean;
};

/** ExportName is one of the owner's CSV exports. */
export type ExportName = "trades" | "wallet-requests" | "gold-requests" | "customers";

/** StorageRoom is one file system's room (GET /api/admin/storage): bytes free and in all, and its level. */
export type StorageRoom = { free_bytes: number; total_bytes: number; level: "ok" | "low" | "full"; last_full_at: string | null };

/** Storage is the data folder's file system, with the backup folder's under backups (null: no backups kept). */
export type Storage = StorageRoom & { backups: StorageRoom | null };

/** Replica is GET /api/admin/replica: the Litestream replica's state; alert once it has failed five minutes. */
export type Replica = {
  configured: boolean;
  url?: string;
  ok?: boolean;
  lag_seconds?: number;
  last_error?: string;
  last_ok_at?: string | null;
  failing_since?: string | null;
  alert?: boolean;
};

/** ServerClock is GET /api/admin/clock: how far the wall clock is behind the shop's, and its last step back. */
export type ServerClock = {
  now: string;
  behind_seconds: number;
  stepped_back_at: string | null;
  stepped_back_seconds: number;
  alert: boolean;
};
