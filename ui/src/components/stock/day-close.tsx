// «بستن صندوق» (issue 39): at the day's end staff or the owner count the drawer's cash and close the day; the
// difference from what it should hold (counted − expected) is posted, and the day takes no invoice, void or cash
// movement until the owner opens it again («باز کردن دوباره», with a reason). One idempotency key per count.
import { useState, type FormEvent } from "react";
import { errorText } from "../../api";
import { stockApi } from "../../api-stock";
import type { DrawerDay } from "../../api-types";
import { useIdempotencyKey } from "../../hooks/use-idempotency-key";
import { checkCounted, DAY_MESSAGES as M, differenceOf } from "../../lib/drawer-day";
import { toFaDigits } from "../../lib/digits";
import { formatJalaliDateTime } from "../../lib/jalali";
import { formatRial } from "../../lib/money";
import { AmountField } from "../ui/amount-field";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { TextAreaField } from "../ui/text-area-field";
import { toast } from "../ui/toast";
import { Button, Field } from "../ui";

type Props = { day: DrawerDay; onDay: (d: DrawerDay) => void };

/** DayCloseForm counts the drawer and closes the day. */
export function DayCloseForm({ day, onDay }: Props) {
  const [counted, setCounted] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState("");
  const [busy, setBusy] = useState(false);
  const [key, renewKey] = useIdempotencyKey([day.date, counted, note.trim()]);
  const preview = checkCounted(counted);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!preview.ok) return setError(preview.message);
    setBusy(true);
    setRefusal("");
    try {
      const answer = await stockApi.closeDay(day.date, preview.value, note.trim(), key);
      renewKey();
      toast(answer.message || M.closed, "success");
      onDay(answer.day);
    } catch (err) {
      setRefusal(errorText(err, M.closeFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card day-close" aria-labelledby="day-close-title">
      <h2 id="day-close-title" className="section-title">
        بستن صندوق
      </h2>
      <form className="form" onSubmit={submit} noValidate aria-label="بستن صندوق" data-testid="day-close-form">
        <p className="muted small">نقد صندوق را بشمارید و بنویسید؛ اختلاف آن با نقد مورد انتظار ثبت می‌شود و پس از بستن، فاکتور، ابطال یا جابه‌جایی نقدی در این روز ثبت نمی‌شود.</p>
        <div className="bar-fields">
          <AmountField label="موجودی شمارش‌شده" digits={counted} onDigits={(v) => (setCounted(v), setError(null), setRefusal(""))} error={error} testid="day-counted" />
          <TextAreaField label="توضیح (اختیاری)" value={note} onValue={setNote} rows={2} maxLength={500} data-testid="day-close-note" />
        </div>
        {preview.ok && (
          <p className="day-preview" aria-live="polite" data-testid="day-close-preview">
            {`اختلاف صندوق: ${differenceOf(Number(preview.value) - day.expected_cash).text}`}
          </p>
        )}
        {refusal && (
          <p className="field-error" role="alert" data-testid="day-close-error">
            {refusal}
          </p>
        )}
        <Button type="submit" busy={busy} data-testid="day-close">
          بستن صندوق
        </Button>
      </form>
    </section>
  );
}

/** DayClosed is a closed day's close: the count, the difference, who closed it and when; the owner may reopen it. */
export function DayClosed({ day, onDay, owner }: Props & { owner: boolean }) {
  const [reopening, setReopening] = useState(false);
  const close = day.closed!;
  const diff = differenceOf(close.difference);
  return (
    <section className="card day-closed" aria-labelledby="day-closed-title" data-testid="day-closed" data-difference={close.difference}>
      <h2 id="day-closed-title" className="section-title">
        صندوق این روز بسته شده است
      </h2>
      <dl className="day-reckoning">
        <div>
          <dt>موجودی شمارش‌شده</dt>
          <dd className="num" data-testid="day-closed-counted">{`${formatRial(close.counted_cash)} ریال`}</dd>
        </div>
        <div>
          <dt>نقد مورد انتظار صندوق</dt>
          <dd className="num">{`${formatRial(day.expected_cash)} ریال`}</dd>
        </div>
        <div className={`day-difference is-${diff.kind}`}>
          <dt>اختلاف صندوق</dt>
          <dd className="num" data-testid="day-difference" data-kind={diff.kind}>
            {diff.text}
          </dd>
        </div>
        <div>
          <dt>بسته شده توسط</dt>
          <dd data-testid="day-closed-by">{close.by || "—"}</dd>
        </div>
        <div>
          <dt>زمان بستن</dt>
          <dd className="num">{formatJalaliDateTime(close.at)}</dd>
        </div>
        {close.note && (
          <div>
            <dt>توضیح</dt>
            <dd>{toFaDigits(close.note)}</dd>
          </div>
        )}
      </dl>
      {owner && (
        <Button variant="secondary" className="btn-sm" onClick={() => setReopening(true)} data-testid="day-reopen">
          باز کردن دوباره
        </Button>
      )}
      {reopening && <ReopenDialog day={day} onDay={(d) => (setReopening(false), onDay(d))} onClose={() => setReopening(false)} />}
    </section>
  );
}

/** ReopenDialog asks the owner why the day opens again: the close's difference is reversed, the close kept. */
function ReopenDialog({ day, onDay, onClose }: Props & { onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (busy) return;
    if (!reason.trim()) return setError(M.reopenReason);
    setBusy(true);
    try {
      const answer = await stockApi.reopenDay(day.date, reason.trim());
      toast(answer.message || M.reopened, "success");
      onDay(answer.day);
    } catch (err) {
      setError(errorText(err, M.reopenFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog title="باز کردن دوبارهٔ صندوق" yes="بله، باز شود" busy={busy} onConfirm={() => void confirm()} onClose={onClose} testid="day-reopen">
      <div className="stack">
        <p className="confirm-text">{`صندوق روز ${toFaDigits(day.jalali_date)} دوباره باز شود؟ اختلاف ثبت‌شدهٔ آن برگشت می‌خورد و بستن آن در سابقه می‌ماند.`}</p>
        <Field label="دلیل" value={reason} onValue={(v) => (setReason(v), setError(""))} maxLength={500} autoComplete="off" data-testid="day-reopen-reason" />
        {error && (
          <p className="field-error" role="alert" data-testid="day-reopen-error">
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
