// The one item form of the vault, for adding and editing, an abshodeh bar included (issue 26): for any item,
// its kind, description, a coded bar's five marks (required for such a bar; melted gold may carry its lab and
// ingot number), purity and weight with the live weight at 750 purity, and a note for the journal; for an
// abshodeh bar, its lab (rey), ingot number (ang), purity and weight alone. A piece (jewellery) also gets what
// the counter reads (issue 38): its tag code, category and default wage; a new lot of melted gold may be marked
// «ری‌گیری نشده» (issue 39), for the melter. Checked before sending (checkItemForm).
import type { FormEvent, ReactNode } from "react";
import { useState } from "react";
import type { VaultItemForm, VaultKind } from "../../api";
import {
  checkItemForm, CODE_FIELDS, EMPTY_VAULT_FORM, FORM_ORDER, INGOT_MAX, LAB_MAX, VAULT_KIND_OPTIONS, type CodeKey,
  type ItemMode, type VaultForm, type VaultFormErrors,
} from "../../lib/vault";
import { PieceFields } from "./vault-piece-fields";
import { SelectField } from "../ui/select-field";
import { PurityWeightFields, Vazn750Preview } from "../ui/figure-fields";
import { TextAreaField } from "../ui/text-area-field";
import { Button, Field } from "../ui";

type Props = {
  /** mode is what the form is for; a bar's form asks only its lab, ingot and figures. */
  mode?: ItemMode;
  /** initial fills the form; another item needs a new key. */
  initial?: VaultForm;
  submitLabel: string;
  /** onSubmit sends the checked body and tells whether it was saved. */
  onSubmit: (body: VaultItemForm) => Promise<boolean>;
  /** clearOnSave empties the form after a save (an add form that stays on the screen). */
  clearOnSave?: boolean;
  /** prefix names the test ids: `${prefix}-kind` … `${prefix}-submit` (a bar's lab and ingot: -rey, -ang). */
  prefix: string;
  label: string;
  /** extra sits beside the submit button (the dialog's cancel). */
  extra?: ReactNode;
  /** assayChoice offers melted gold's «ری‌گیری نشده» box (the vault's add form: only a new item takes it). */
  assayChoice?: boolean;
};

/** codesShown are the marks a kind's form offers: all five for a bar, lab and ingot for melted gold. */
const codesShown = (kind: VaultKind) => (kind === "bar" ? CODE_FIELDS : kind === "melted" ? CODE_FIELDS.slice(0, 2) : []);

/** fieldId is a field's test id: the figures and a bar's lab and ingot keep the abshodeh form's names. */
function fieldId(prefix: string, key: keyof VaultForm, mode: ItemMode) {
  const named: Partial<Record<keyof VaultForm, string>> = { purity: "ayar", weight: "vazn" };
  if (mode === "bar") Object.assign(named, { lab: "rey", ingot_number: "ang" });
  return `${prefix}-${named[key] ?? key}`;
}

/** ItemFields is the item form with its 750-equivalent preview. */
export function ItemFields({ mode = "vault", initial = EMPTY_VAULT_FORM, submitLabel, onSubmit, clearOnSave, prefix, label, extra, assayChoice }: Props) {
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
    const checked = checkItemForm(form, mode);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = FORM_ORDER.find((k) => checked.errors[k]);
      if (first) document.querySelector<HTMLElement>(`[data-testid="${fieldId(prefix, first, mode)}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await onSubmit(checked.body);
      if (saved && clearOnSave) {
        setForm(initial);
        setErrors({});
      }
    } finally {
      setBusy(false);
    }
  };

  const code = (key: CodeKey, label: string, required: boolean) => (
    <Field
      key={key}
      label={label}
      value={form[key]}
      onValue={set(key)}
      error={errors[key]}
      maxLength={key === "ingot_number" ? INGOT_MAX : LAB_MAX}
      autoComplete="off"
      dir={key === "lab" || mode === "bar" ? undefined : "ltr"}
      required={required}
      data-testid={fieldId(prefix, key, mode)}
    />
  );
  const figures = (
    <PurityWeightFields
      ayar={form.purity}
      vazn={form.weight}
      onAyar={set("purity")}
      onVazn={set("weight")}
      errors={{ ayar: errors.purity, vazn: errors.weight }}
      prefix={prefix}
    />
  );
  const actions = (
    <div className="bar-form-actions">
      <Button type="submit" busy={busy} data-testid={`${prefix}-submit`}>
        {submitLabel}
      </Button>
      {extra}
    </div>
  );

  if (mode === "bar") {
    return (
      <form className="form bar-form" onSubmit={submit} noValidate aria-label={label}>
        <div className="bar-fields">
          {code("lab", "آزمایشگاه (ری)", false)}
          {code("ingot_number", "شماره انگ", false)}
          {figures}
        </div>
        <Vazn750Preview ayar={form.purity} vazn={form.weight} prefix={prefix} />
        {actions}
      </form>
    );
  }

  const coded = form.kind === "bar";
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
          placeholder={coded ? "شمش یک‌صد گرمی" : "سکه تمام بهار آزادی"}
          data-testid={`${prefix}-description`}
        />
        {figures}
      </div>
      <Vazn750Preview ayar={form.purity} vazn={form.weight} prefix={prefix} />
      {assayChoice && form.kind === "melted" && (
        <label className="vault-check">
          <input
            type="checkbox"
            checked={form.unassayed}
            onChange={(e) => setForm((f) => ({ ...f, unassayed: (e.currentTarget as HTMLInputElement).checked }))}
            data-testid={`${prefix}-unassayed`}
          />
          <span>
            ری‌گیری نشده
            <span className="vault-check-hint">عیار تخمینی است؛ برای ذوب و ری‌گیری فرستاده می‌شود و به مشتریان عرضه نمی‌شود.</span>
          </span>
        </label>
      )}
      {form.kind === "jewellery" && <PieceFields form={form} errors={errors} set={set} prefix={prefix} />}
      {codesShown(form.kind).length > 0 && (
        <fieldset className="vault-marks-fields">
          <legend className="field-label">{coded ? "نشان‌های شمش (همه لازم)" : "نشان‌های آبشده"}</legend>
          <div className="bar-fields">{codesShown(form.kind).map((c) => code(c.key, coded ? c.label : `${c.label} (اختیاری)`, coded))}</div>
        </fieldset>
      )}
      <TextAreaField label="توضیح (اختیاری)" value={form.note} onValue={set("note")} rows={2} maxLength={500} data-testid={`${prefix}-note`} />
      {actions}
    </form>
  );
}
