// The security screen's «دستگاه‌های واردشده»: every device signed in to the account, this one marked, and a
// way to end one of the others, or all of them, after a question. Ending this browser's own login is
// signing out, the same way the drawer's «خروج» does.
import { useState } from "react";
import { useLocation } from "wouter";
import { ApiError, errorText, logout } from "../../api";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DataList, type Column } from "../ui/data-list";
import { InfoIcon } from "../ui/icons";
import { StatusBadge } from "../ui/status-badge";
import { toast } from "../ui/toast";
import { Button, LoadFailed, Loading } from "../ui";
import { useLoad } from "../../hooks/use-load";
import {
  endOthersQuestion, endQuestion, LOGIN_TEXTS as T, loginAddress, loginTimes, loginsApi, orderLogins, otherLogins, type Login,
} from "../../lib/logins";
import "../../styles/logins.css";

/** COLUMNS are a login's fields: its device and the «همین دستگاه» badge head the row. */
const COLUMNS: Column<Login>[] = [
  { label: "دستگاه", head: true, className: "strong", cell: (l) => l.device },
  {
    label: "این دستگاه",
    head: true,
    cell: (l) =>
      l.current ? (
        <StatusBadge tone="ok" testid="login-current">
          {T.current}
        </StatusBadge>
      ) : null,
  },
  { label: "زمان ورود", className: "num", cell: (l) => loginTimes(l).signedIn },
  { label: "آخرین استفاده", className: "num", cell: (l) => loginTimes(l).lastUsed },
  { label: "آی‌پی", className: "num", cell: (l) => (l.address.trim() ? <span dir="ltr">{loginAddress(l.address)}</span> : loginAddress(l.address)) },
];

/** Ending is what the person asked to end: one login, or all but this one. */
type Ending = { login: Login } | "others";

/** LoginList is the section of the security screen that lists the account's logins and ends them. */
export function LoginList() {
  const [, navigate] = useLocation();
  const { data, failed, reload } = useLoad(async () => orderLogins((await loginsApi.list())?.logins ?? []), T.loadFailed);
  const [ending, setEnding] = useState<Ending | null>(null);
  const [busy, setBusy] = useState(false);
  const others = data ? otherLogins(data) : 0;

  const end = async () => {
    if (!ending) return;
    setBusy(true);
    try {
      if (ending === "others") {
        const answer = await loginsApi.endOthers();
        toast(answer?.message || T.endedOthers, "success");
      } else {
        const answer = await loginsApi.end(ending.login.id);
        if (ending.login.current) {
          // this browser's own login is gone on the server: sign out here as the drawer does
          await logout();
          toast(T.signedOut, "info");
          navigate("/login_page");
          return;
        }
        toast(answer?.message || T.ended, "success");
      }
    } catch (err) {
      // a 401 has ended the session already, with words of its own
      if (!(err instanceof ApiError && err.status === 401)) toast(errorText(err, T.endFailed), "error");
    } finally {
      setBusy(false);
      setEnding(null);
    }
    void reload();
  };

  return (
    <section className="card logins-card" aria-labelledby="logins-title">
      <h2 className="section-title" id="logins-title">
        {T.title}
      </h2>
      <p className="muted small logins-intro">{T.intro}</p>
      {data === null ? (
        failed ? (
          <LoadFailed icon={<InfoIcon size={40} />} title={T.loadFailed} onRetry={reload} />
        ) : (
          <Loading text="در حال دریافت دستگاه‌ها…" />
        )
      ) : (
        <>
          <div data-testid="logins-list">
            <DataList
              rows={data}
              columns={COLUMNS}
              rowKey={(l) => l.id}
              narrow
              flat
              caption={T.title}
              testid="login-row"
              rowAttrs={(l) => ({ "data-testid": `login-row-${l.id}`, "data-current": String(l.current) })}
              actions={(l) =>
                l.current ? null : (
                  <Button variant="secondary" className="btn-sm" disabled={busy} onClick={() => setEnding({ login: l })} data-testid={`login-end-${l.id}`}>
                    {T.end}
                  </Button>
                )
              }
            />
          </div>
          {others > 0 ? (
            <Button variant="danger" className="btn-block logins-end-others" disabled={busy} onClick={() => setEnding("others")} data-testid="logins-end-others">
              {T.endOthers}
            </Button>
          ) : (
            <p className="muted small logins-only" data-testid="logins-only-this">
              {T.onlyThis}
            </p>
          )}
        </>
      )}
      {ending && (
        <ConfirmDialog
          title={ending === "others" ? T.endOthers : "بستن ورود دستگاه"}
          yes={ending === "others" ? "بله، همه بسته شوند" : "بله، بسته شود"}
          danger
          busy={busy}
          onConfirm={() => void end()}
          onClose={() => setEnding(null)}
          testid="logins"
        >
          <p className="logins-question">{ending === "others" ? endOthersQuestion(others) : endQuestion(ending.login)}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
