// The vault item form, for adding an item and for editing one: kind, description, a bar's five marks
// (required for a bar; a melted bar may carry its lab and ingot number), purity and weight with the live
// weight at 750 purity, and a note for the journal. Checked before sending (checkVaultForm).
import type { FormEvent, ReactNode } from "react";
import { useState } from "react";
import type { VaultItemForm, VaultKind } from "../api";
import {
  checkVaultForm, CODE_FIELDS, EMPTY_VAULT_FORM, FORM_ORDER, VAULT_KIND_OPTIONS, type VaultForm, type VaultFormErrors,
} from "../lib/vault";
import { SelectField } from "./ui/select-field";
import { PurityWeightFields, Vazn750Preview } from "./figure-fields";
import { TextAreaField } from "./ui/text-area-field";
import { Button, Field } from "./ui";

type Props = {
  /** initial fills the form; another item needs a new key. */
  initial?: VaultForm;
  submitLabel: string;
  /** onSubmit sends the checked body and tells whether it was saved. */
  onSubmit: (body: VaultItemForm) => Promise<boolean>;
  /** prefix names the test ids: `${prefix}-kind` … `${prefix}-submit`. */
  prefix: string;
  label: string;
  /** extra sits beside the submit button (the dialog's cancel). */
  extra?: ReactNode;
};

/** codesShown are the marks a kind's form offers: all five for a bar, lab and ingot for melted gold. */
const codesShown = (kind: VaultKind) => (kind === "bar" ? CODE_FIELDS : kind === "melted" ? CODE_FIELDS.slice(0, 2) : []);

/** VaultItemFields is the vault item form with its 750-equivalent preview. */
export function VaultItemFields({ initial = EMPTY_VAULT_FORM, submitLabel, onSubmit, prefix, label, extra }: Props) {
  const [form, setForm] = useState<VaultForm>(initial);
  const [errors, setErrors] = useState<VaultFormErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (key: keyof VaultForm) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = checkVaultForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = FORM_ORDER.find((k) => checked.errors[k]);
      // the figure fields are named as in the abshodeh form
      const id = first === "purity" ? "ayar" : first === "weight" ? "vazn" : first;
      document.querySelector<HTMLElement>(`[data-testid="${prefix}-${id}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(checked.body);
    } finally {
      setBusy(false);
    }
  };

  const bar = form.kind === "bar";
  return (
    <form className="form bar-form" onSubmit={submit} noValidate aria-label={label}>
      <div className="bar-fields">
        <SelectField label="نوع کالا" value={form.kind} onValue={set("kind")} options={VAULT_KIND_OPTIONS} testid={`${prefix}-kind`} />
        <Field
          label="شرح (اختیاری)"
          value={form.description}
          onValue={set("description")}
          error={errors.description}
          maxLength={500}
          autoComplete="off"
          placeholder={bar ? "شمش یک‌صد گرمی" : "سکه تمام بهار آزادی"}
          data-testid={`${prefix}-description`}
        />
        <PurityWeightFields
          ayar={form.purity}
          vazn={form.weight}
          onAyar={set("purity")}
          onVazn={set("weight")}
          errors={{ ayar: errors.purity, vazn: errors.weight }}
          prefix={prefix}
        />
      </div>
      <Vazn750Preview ayar={form.purity} vazn={form.weight} prefix={prefix} />
      {codesShown(form.kind).length > 0 && (
        <fieldset className="vault-marks-fields">
          <legend className="field-label">{bar ? "نشان‌های شمش (همه لازم)" : "نشان‌های آبشده"}</legend>
          <div className="bar-fields">
            {codesShown(form.kind).map((c) => (
              <Field
                key={c.key}
                label={bar ? c.label : `${c.label} (اختیاری)`}
                value={form[c.key]}
                onValue={set(c.key)}
                error={errors[c.key]}
                maxLength={100}
                autoComplete="off"
                dir={c.key === "lab" ? undefined : "ltr"}
                required={bar}
                data-testid={`${prefix}-${c.key}`}
              />
            ))}
          </div>
        </fieldset>
      )}
      <TextAreaField label="توضیح (اختیاری)" value={form.note} onValue={set("note")} rows={2} maxLength={500} data-testid={`${prefix}-note`} />
      <div className="bar-form-actions">
        <Button type="submit" busy={busy} data-testid={`${prefix}-submit`}>
          {submitLabel}
        </Button>
        {extra}
      </div>
    </form>
  );
}
