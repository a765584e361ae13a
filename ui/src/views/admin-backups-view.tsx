// The shop's backups (owner only): how the last one went, a backup made now, and each kept backup to download
// (a plain link: the cookie session signs it, so the browser saves the file itself).
import { useState } from "react";
import { backupUrl, errorText, type BackupFile } from "../api";
import { ListPending } from "../components/ui/list-pending";
import { DataList, type Column } from "../components/ui/data-list";
import { DatabaseIcon, DownloadIcon } from "../components/ui/icons";
import { StatusBadge } from "../components/ui/status-badge";
import { toast } from "../components/ui/toast";
import { Button, PageHeader, StatusCard } from "../components/ui";
import { useLoad } from "../hooks/use-load";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { BACKUP_MESSAGES as M, lastRun, newestFirst } from "../lib/backups";
import { formatJalaliDateTime } from "../lib/jalali";
import { formatFileSize } from "../lib/money";
import "../styles/admin.css";
import "../styles/owner.css";
import { adminApi } from "../api-admin";

const COLUMNS: Column<BackupFile>[] = [
  { label: "تاریخ", head: true, className: "strong", cell: (b) => formatJalaliDateTime(b.created_at) },
  {
    label: "وضعیت",
    head: true,
    cell: (b) => <StatusBadge tone={b.ok ? "ok" : "bad"}>{b.ok ? "سالم" : "ناقص"}</StatusBadge>,
  },
  { label: "حجم", className: "num", cell: (b) => formatFileSize(b.size) },
];

/** AdminBackupsView is /admin-backups_page. */
export default function AdminBackupsView() {
  const { data, loading, failed, reload } = useLoad(() => adminApi.backups(), M.loadFailed);
  const narrow = useMediaQuery(NARROW_LIST);
  const [running, setRunning] = useState(false);

  const run = async () => {
    if (running) return;
    setRunning(true);
    try {
      await adminApi.startBackup();
      toast(M.done, "success");
    } catch (err) {
      toast(errorText(err, M.failed), "error", 5000);
    } finally {
      setRunning(false);
      void reload();
    }
  };

  const last = lastRun(data?.last);
  const list = newestFirst(data?.backups ?? []);
  return (
    <div className="admin-page wide-screen stack owner-page">
      <PageHeader title="پشتیبان‌گیری" />
      <section className="card stack backup-now" aria-labelledby="backup-last-title">
        <h2 id="backup-last-title" className="section-title">
          آخرین پشتیبان‌گیری
        </h2>
        {data === null ? null : last.state === "never" ? (
          <p data-testid="backup-last">هنوز پشتیبانی گرفته نشده است.</p>
        ) : (
          <p className="backup-last" data-testid="backup-last" data-state={last.state}>
            <StatusBadge tone={last.state === "ok" ? "ok" : "bad"}>{last.state === "ok" ? "موفق" : "ناموفق"}</StatusBadge>
            <span>{formatJalaliDateTime(last.at)}</span>
            {last.state === "failed" && <span className="backup-error">{last.why}</span>}
          </p>
        )}
        <p className="muted small">پشتیبان‌ها روی همین سرور نگه داشته می‌شوند؛ هر چند وقت یک‌بار یکی را دریافت کنید و جای دیگری نگه دارید.</p>
        <Button onClick={run} busy={running} data-testid="backup-run">
          پشتیبان‌گیری اکنون
        </Button>
        {running && (
          <div className="backup-progress" role="status" data-testid="backup-progress">
            <span>در حال پشتیبان‌گیری؛ ممکن است چند ثانیه طول بکشد…</span>
            <progress className="upload-bar" aria-label="پیشرفت پشتیبان‌گیری" />
          </div>
        )}
      </section>

      {data === null ? (
        <ListPending failed={failed} icon={<DatabaseIcon size={40} />} title={M.loadFailed} onRetry={reload} />
      ) : list.length === 0 ? (
        <StatusCard icon={<DatabaseIcon size={40} />} title="هنوز پشتیبانی نگه داشته نشده است" testid="backup-empty" />
      ) : (
        <DataList
          rows={list}
          columns={COLUMNS}
          rowKey={(b) => b.name}
          narrow={narrow}
          caption="پشتیبان‌های نگه‌داشته"
          busy={loading || running}
          testid="backup-row"
          rowAttrs={(b) => ({ "data-name": b.name })}
          actions={(b) => (
            <a className="btn btn-secondary btn-sm" href={backupUrl(b.name)} download={b.name} data-testid="backup-download">
              <DownloadIcon size={18} />
              دریافت
            </a>
          )}
        />
      )}
    </div>
  );
}
