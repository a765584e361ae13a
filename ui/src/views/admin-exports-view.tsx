// The accountant's exports (issue 17, owner only): a Jalali range, this month so far at first, and the four
// CSV files for it as plain links (the cookie session signs them, so the browser saves each file itself). The
// links carry the range's Tehran days written Gregorian; while the range is wrong they are not offered.
import { useState } from "react";
import { exportUrl } from "../api";
import { DownloadIcon } from "../components/ui/icons";
import { DateRangeFields } from "../components/ui/filter-panel";
import { PageHeader } from "../components/ui";
import { EXPORTS, defaultRange, exportFileName, exportRange, type JalaliRange } from "../lib/exports";
import "../styles/admin.css";
import "../styles/reserve-panel.css";

/** AdminExportsView is /admin-exports_page. */
export default function AdminExportsView() {
  const [range, setRange] = useState<JalaliRange>(() => defaultRange());
  const checked = exportRange(range);
  const set = (field: "from" | "to") => (v: string) => setRange((r) => ({ ...r, [field]: v }));
  const errorOf = (field: "from" | "to") => (!checked.ok && checked.field === field ? checked.message : null);

  return (
    <div className="admin-page wide-screen stack exports-page">
      <PageHeader title="خروجی گزارش‌ها" />
      <section className="card stack" aria-labelledby="exports-range-title">
        <h2 id="exports-range-title" className="section-title">
          بازه گزارش
        </h2>
        <p className="muted small">
          فایل‌ها برای اکسل آماده‌اند: هر ردیف یک مورد از روزهای این بازه (به وقت تهران)، با ستون‌های فارسی و اعداد بدون جداکننده.
        </p>
        <div className="exports-range">
          <DateRangeFields from={range.from} to={range.to} onValue={set} errorOf={errorOf} />
        </div>
      </section>

      <section className="card stack" aria-labelledby="exports-files-title">
        <h2 id="exports-files-title" className="section-title">
          دریافت فایل
        </h2>
        {checked.ok ? (
          <ul className="exports-list" data-testid="exports-links">
            {EXPORTS.map((e) => (
              <li key={e.name}>
                <a
                  className="btn btn-secondary"
                  href={exportUrl(e.name, checked.from, checked.to)}
                  download={exportFileName(e.name, checked.from, checked.to)}
                  data-testid={`export-${e.name}`}
                >
                  <DownloadIcon size={18} />
                  {e.label}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted" data-testid="exports-blocked">
            برای دریافت فایل‌ها بازه را درست کنید.
          </p>
        )}
      </section>
    </div>
  );
}
