// /price-alerts_page (issue 18): the customer's price alerts on their own buy or sell price — set one, see
// which wait and which fired, delete one. When the shop's price meets an alert, the notification and the SMS
// come from the server, once.
import { useState, type FormEvent } from "react";
import { api, errorText, type PriceAlert } from "../api";
import { AmountField } from "../components/ui/amount-field";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { BellIcon, TrashIcon } from "../components/ui/icons";
import { OfflineNote } from "../components/shell/offline-banner";
import { toast } from "../components/ui/toast";
import { Button, LoadFailed, Loading, PageHeader } from "../components/ui";
import { useLoad } from "../hooks/use-load";
import { useOffline } from "../hooks/use-offline";
import { toFaDigits } from "../lib/digits";
import { formatJalaliDateTimeShort } from "../lib/jalali";
import { ALERT_MESSAGES as M, ALERT_SIDES, alertFormError, alertText, type AlertSide } from "../lib/price-alerts";
import "../styles/price-alerts.css";

/** PriceAlertsView is /price-alerts_page. */
export default function PriceAlertsView() {
  const { data, failed, reload } = useLoad(() => api.priceAlerts(), M.loadFailed);
  const [side, setSide] = useState<AlertSide>("buy");
  const [digits, setDigits] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState<PriceAlert | null>(null);
  const [deleting, setDeleting] = useState(false);
  const offline = useOffline();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = alertFormError(digits);
    setError(problem);
    if (problem || saving || offline) return;
    setSaving(true);
    try {
      const answer = await api.addPriceAlert(side, digits);
      toast(answer.message ?? "هشدار قیمت ثبت شد", "success");
      setDigits("");
      await reload();
    } catch (err) {
      setError(errorText(err, M.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (a: PriceAlert) => {
    setDeleting(true);
    try {
      await api.deletePriceAlert(a.id);
      toast(M.deleted, "success");
      await reload();
    } catch (err) {
      toast(errorText(err, M.deleteFailed), "error");
    } finally {
      setDeleting(false);
      setAsking(null);
    }
  };

  return (
    <div className="price-alerts stack">
      <PageHeader title="هشدار قیمت" back="/trade_page" />
      <form className="card form" onSubmit={submit} noValidate data-testid="alert-form">
        <h2 className="section-title">هشدار تازه</h2>
        <fieldset className="alert-sides">
          <legend>به من خبر بده وقتی</legend>
          {ALERT_SIDES.map((s) => (
            <label key={s.value} className="alert-side">
              <input type="radio" name="side" value={s.value} checked={side === s.value} onChange={() => setSide(s.value)} data-testid={`alert-side-${s.value}`} />
              {s.label}
            </label>
          ))}
        </fieldset>
        <AmountField label="قیمت هر گرم" digits={digits} onDigits={(d) => (setDigits(d), setError(null))} error={error} testid="alert-price" />
        <Button type="submit" className="btn-block" busy={saving} disabled={offline} data-testid="alert-submit">
          ثبت هشدار
        </Button>
        <OfflineNote />
        <p className="muted small">هر هشدار یک بار خبر می‌دهد: در برنامه و با پیامک. حداکثر ۱۰ هشدار فعال.</p>
      </form>

      <section className="card" aria-labelledby="alerts-title">
        <h2 id="alerts-title" className="section-title">
          {data ? `هشدارهای من (${toFaDigits(data.live)} فعال از ${toFaDigits(data.max)})` : "هشدارهای من"}
        </h2>
        {data === null ? (
          failed ? <LoadFailed icon={<BellIcon size={40} />} title={M.loadFailed} onRetry={reload} /> : <Loading />
        ) : data.items.length === 0 ? (
          <p className="empty-line" data-testid="alerts-empty">
            <BellIcon />
            هنوز هشداری نگذاشته‌اید.
          </p>
        ) : (
          <ul className="alert-list">
            {data.items.map((a) => (
              <li key={a.id} className={`alert-row${a.fired_at ? " is-fired" : ""}`} data-testid="alert-row" data-id={a.id} data-fired={!!a.fired_at}>
                <div>
                  <p className="alert-text">{alertText(a)}</p>
                  <p className="muted small">{a.fired_at ? `خبر داده شد: ${formatJalaliDateTimeShort(a.fired_at)}` : `ثبت: ${formatJalaliDateTimeShort(a.created_at)}`}</p>
                </div>
                <button type="button" className="icon-btn" onClick={() => setAsking(a)} aria-label="حذف هشدار" title="حذف هشدار" data-testid={`alert-delete-${a.id}`}>
                  <TrashIcon size={22} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {asking && (
        <ConfirmDialog title="حذف هشدار" yes="بله، حذف شود" danger busy={deleting} onConfirm={() => remove(asking)} onClose={() => setAsking(null)} testid="alert-delete">
          <p className="confirm-text">{alertText(asking)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
