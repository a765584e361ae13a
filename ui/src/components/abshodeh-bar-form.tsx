// The bar form of the inventory, for adding a bar and for editing one: lab, ingot number, purity and
// weight, checked before sending, with the weight at 750 purity shown as the server will compute it.
import type { ReactNode, FormEvent } from "react";
import { useState } from "react";
import type { BarForm } from "../api";
import { ANG_MAX, AYAR_SCALE, checkBarForm, REY_MAX, sanitizeDecimal, vazn750Preview, type BarFormErrors } from "../lib/abshodeh";
import { GOLD_SCALE } from "../lib/ledger";
import { faNumber, faTyped, formatGold } from "../lib/money";
import { Button, Field } from "./ui";

/** EMPTY_BAR is a blank bar form. */
export const EMPTY_BAR: BarForm = { rey: "", ang: "", ayar: "", vazn: "" };

type Props = {
  /** initial fills the form; a new initial (another bar) needs a new key. */
  initial?: BarForm;
  submitLabel: string;
  /** onSubmit sends the checked bar and tells whether it was saved; a saved new bar clears the form. */
  onSubmit: (bar: BarForm) => Promise<boolean>;
  /** clearOnSave empties the form after a save (the add form). */
  clearOnSave?: boolean;
  /** prefix names the test ids: `${prefix}-rey` … `${prefix}-submit`. */
  prefix: string;
  /** extra sits beside the submit button (the edit dialog's cancel). */
  extra?: ReactNode;
  label: string;
};

/** BarFormFields is the bar form with its vazn750 preview. */
export function BarFormFields({ initial = EMPTY_BAR, submitLabel, onSubmit, clearOnSave, prefix, extra, label }: Props) {
  const [form, setForm] = useState<BarForm>(initial);
  const [errors, setErrors] = useState<BarFormErrors>({});
  const [busy, setBusy] = useState(false);
  const preview = vazn750Preview(form.vazn, form.ayar);

  const set = (key: keyof BarForm, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = checkBarForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = (["rey", "ang", "ayar", "vazn"] as const).find((k) => checked.errors[k]);
      document.querySelector<HTMLInputElement>(`[data-testid="${prefix}-${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await onSubmit(checked.value);
      if (saved && clearOnSave) {
        setForm(EMPTY_BAR);
        setErrors({});
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form bar-form" onSubmit={submit} noValidate aria-label={label}>
      <div className="bar-fields">
        <Field
          label="آزمایشگاه (ری)"
          value={form.rey}
          onValue={(v) => set("rey", v)}
          error={errors.rey}
          maxLength={REY_MAX}
          autoComplete="off"
          data-testid={`${prefix}-rey`}
        />
        <Field
          label="شماره انگ"
          value={form.ang}
          onValue={(v) => set("ang", v)}
          error={errors.ang}
          maxLength={ANG_MAX}
          autoComplete="off"
          data-testid={`${prefix}-ang`}
        />
        <Field
          label="عیار"
          value={faTyped(form.ayar)}
          onValue={(v) => set("ayar", sanitizeDecimal(v, AYAR_SCALE))}
          error={errors.ayar}
          hint="تا ۱۰۰۰، دو رقم اعشار"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          placeholder={faNumber("750")}
          data-testid={`${prefix}-ayar`}
        />
        <Field
          label="وزن"
          value={faTyped(form.vazn)}
          onValue={(v) => set("vazn", sanitizeDecimal(v, GOLD_SCALE))}
          error={errors.vazn}
          hint="گرم، سه رقم اعشار"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          placeholder={formatGold("0")}
          className="unit-field"
          end={<span className="field-unit">گرم</span>}
          data-testid={`${prefix}-vazn`}
        />
      </div>
      <div className={`vazn750-preview${preview ? "" : " is-empty"}`} aria-live="polite">
        <span className="vazn750-label">وزن ۷۵۰</span>
        <span className="vazn750-value" data-testid={`${prefix}-preview`}>
          {preview ? `${formatGold(preview)} گرم` : "—"}
        </span>
        <span className="vazn750-hint">{preview ? "وزن × عیار ÷ ۷۵۰، تا یک سوت" : "با وارد کردن وزن و عیار محاسبه می‌شود"}</span>
      </div>
      <div className="bar-form-actions">
        <Button type="submit" busy={busy} data-testid={`${prefix}-submit`}>
          {submitLabel}
        </Button>
        {extra}
      </div>
    </form>
  );
}
