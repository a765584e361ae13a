// The guard's settings (issue 17): the margin, saved with its own button, and the guard's switch, which saves
// at once. Switching the guard off lets customers buy gold the vault does not hold, so it asks first in the
// house dialog and only then sends confirm: true (the server refuses it without).
import { useState, type FormEvent } from "react";
import { api, errorText, type ReserveSettings } from "../../api";
import { sanitizeDecimal } from "../../lib/abshodeh";
import { faNumber, faTyped } from "../../lib/money";
import { RESERVE_MESSAGES as M, checkMargin, trimZeros } from "../../lib/reserve-panel";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { toast } from "../ui/toast";
import { Button, Field } from "../ui";
import "../../styles/reserve-panel.css";

type Props = {
  /** settings are the saved ones; the parent remounts the form (key) when they change. */
  settings: ReserveSettings;
  onSaved: () => void;
};

/** ReserveSettingsForm edits the margin and switches the guard. */
export function ReserveSettingsForm({ settings, onSaved }: Props) {
  const [margin, setMargin] = useState(trimZeros(settings.margin_percent));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<"margin" | "guard" | null>(null);
  const [asking, setAsking] = useState(false);

  const save = async (body: ReserveSettings & { confirm?: boolean }, what: "margin" | "guard") => {
    setSaving(what);
    try {
      const answer = await api.saveReserveSettings(body);
      toast(answer?.message || M.saved, "success");
      setAsking(false);
      onSaved();
    } catch (err) {
      toast(errorText(err, M.saveFailed), "error");
    } finally {
      setSaving(null);
    }
  };

  const saveMargin = (e: FormEvent) => {
    e.preventDefault();
    const out = checkMargin(margin);
    if (!out.ok) {
      setError(out.message);
      return;
    }
    void save({ margin_percent: out.value, guard_enabled: settings.guard_enabled }, "margin");
  };

  // The switch sends the saved margin, so a half-typed one is never saved along with it.
  const toggle = (on: boolean) => {
    if (!on) setAsking(true);
    else void save({ margin_percent: settings.margin_percent, guard_enabled: true }, "guard");
  };

  return (
    <section className="card stack reserve-settings" aria-labelledby="reserve-settings-title">
      <h2 id="reserve-settings-title" className="section-title">
        تنظیمات محافظ موجودی
      </h2>
      <form className="reserve-margin-form" onSubmit={saveMargin} noValidate>
        <Field
          label="حاشیه اطمینان (درصد)"
          value={faTyped(margin)}
          onValue={(v) => {
            setMargin(sanitizeDecimal(v, 2));
            setError(null);
          }}
          error={error}
          hint="خرید تا جایی پذیرفته می‌شود که طلای خزانه بدهی مشتریان را به اضافه این درصد پوشش دهد."
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          placeholder={faNumber("0")}
          className="unit-field"
          end={<span className="field-unit">٪</span>}
          data-testid="reserve-margin-input"
        />
        <Button type="submit" busy={saving === "margin"} disabled={saving === "guard"} data-testid="reserve-margin-save">
          ذخیره حاشیه
        </Button>
      </form>

      <label className="reserve-switch">
        <input
          type="checkbox"
          role="switch"
          checked={settings.guard_enabled}
          disabled={saving !== null}
          onChange={(e) => toggle((e.currentTarget as HTMLInputElement).checked)}
          aria-describedby="reserve-guard-text"
          data-testid="reserve-guard"
        />
        <span className="reserve-switch-label">{settings.guard_enabled ? "محافظ موجودی روشن است" : "محافظ موجودی خاموش است"}</span>
      </label>
      <p id="reserve-guard-text" className="muted small">
        {settings.guard_enabled
          ? "خریدی که طلای خزانه پوشش ندهد رد می‌شود."
          : "خرید مشتریان بدون نگاه به طلای خزانه پذیرفته می‌شود."}
      </p>

      {asking && (
        <ConfirmDialog
          title="خاموش کردن محافظ موجودی"
          yes="بله، خاموش شود"
          danger
          busy={saving === "guard"}
          onConfirm={() => void save({ margin_percent: settings.margin_percent, guard_enabled: false, confirm: true }, "guard")}
          onClose={() => setAsking(false)}
          testid="reserve-guard-off"
        >
          <p className="confirm-text">
            با خاموش شدن محافظ، خرید مشتریان حتی وقتی طلای خزانه کافی نیست پذیرفته می‌شود و فروشگاه طلایی می‌فروشد که در دست ندارد. محافظ خاموش شود؟
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
