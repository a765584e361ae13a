// The bar form of the inventory, for adding a bar and for editing one: lab, ingot number, purity and
// weight, checked before sending, with the weight at 750 purity shown as the server will compute it.
import type { ReactNode, FormEvent } from "react";
import { useState } from "react";
import type { BarForm } from "../api";
import { ANG_MAX, checkBarForm, REY_MAX, type BarFormErrors } from "../lib/abshodeh";
import { PurityWeightFields, Vazn750Preview } from "./figure-fields";
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
        <PurityWeightFields
          ayar={form.ayar}
          vazn={form.vazn}
          onAyar={(v) => set("ayar", v)}
          onVazn={(v) => set("vazn", v)}
          errors={errors}
          prefix={prefix}
        />
      </div>
      <Vazn750Preview ayar={form.ayar} vazn={form.vazn} prefix={prefix} />
      <div className="bar-form-actions">
        <Button type="submit" busy={busy} data-testid={`${prefix}-submit`}>
          {submitLabel}
        </Button>
        {extra}
      </div>
    </form>
  );
}
