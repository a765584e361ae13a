// «تنظیمات پیشخوان», the owner's (issue 38): how far under the base price used gold is bought, the seller's
// default profit, the default fineness deduction, and the VAT rates by the day each came in (the owner adds
// the next year's). Folded under the counter, opened when needed; a save reprices the counter at once.
import { useState, type FormEvent } from "react";
import { errorText } from "../../api";
import { counterApi } from "../../api-counter";
import type { CounterSettings } from "../../api-types";
import { useLoad } from "../../hooks/use-load";
import { checkSettings, SETTINGS_MESSAGES as M, settingsFormOf, type SettingsErrors, type SettingsForm } from "../../lib/counter-settings";
import { toFaDigits } from "../../lib/digits";
import { PlusCircleIcon, SettingsIcon } from "../ui/icons";
import { ListPending } from "../ui/list-pending";
import { toast } from "../ui/toast";
import { Button, Field } from "../ui";
import { DecimalInput, RialInput } from "./counter-fields";

/** CounterSettingsPanel is the owner's folded settings section. */
export function CounterSettingsPanel({ onSaved }: { onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="card counter-settings" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)} data-testid="counter-settings">
      <summary className="counter-settings-summary">
        <SettingsIcon size={18} />
        تنظیمات پیشخوان
      </summary>
      {open && <SettingsLoader onSaved={onSaved} />}
    </details>
  );
}

function SettingsLoader({ onSaved }: { onSaved: () => void }) {
  const { data, failed, reload } = useLoad(() => counterApi.settings(), M.loadFailed);
  if (!data) return <ListPending failed={failed} icon={<SettingsIcon size={32} />} title={M.loadFailed} onRetry={reload} />;
  return <SettingsFields initial={data} onSaved={onSaved} />;
}

function SettingsFields({ initial, onSaved }: { initial: CounterSettings; onSaved: () => void }) {
  const [form, setForm] = useState<SettingsForm>(() => settingsFormOf(initial));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<SettingsForm>) => setForm((f) => ({ ...f, ...patch }));
  const setRate = (key: number, patch: Partial<SettingsForm["rates"][number]>) =>
    set({ rates: form.rates.map((r) => (r.key === key ? { ...r, ...patch } : r)) });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { body, errors: errs } = checkSettings(form);
    setErrors(errs);
    if (!body || busy) return;
    setBusy(true);
    try {
      const answer = await counterApi.saveSettings(body);
      toast(answer.message || M.saved, "success");
      setForm(settingsFormOf(answer.settings));
      onSaved();
    } catch (err) {
      toast(errorText(err, M.saveFailed), "error", 5000);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form counter-settings-form" onSubmit={submit} noValidate aria-label="تنظیمات پیشخوان">
      <div className="counter-line-fields">
        <RialInput label="فاصله قیمت خرید طلای متفرقه از قیمت پایه" digits={form.spread} onDigits={(spread) => set({ spread })} error={errors.spread} testid="counter-settings-spread" />
        <DecimalInput label="سود فروشنده" value={form.profit} onValue={(profit) => set({ profit })} scale={2} unit="٪" error={errors.profit} testid="counter-settings-profit" />
        <DecimalInput label="کسر عیار" value={form.deduction} onValue={(deduction) => set({ deduction })} scale={2} unit="٪" error={errors.deduction} testid="counter-settings-deduction" />
      </div>
      <fieldset className="counter-vat-rates">
        <legend className="field-label">نرخ‌های مالیات بر ارزش افزوده (از اجرت و سود)</legend>
        {errors.rates?.[-1] && <p className="field-error">{errors.rates[-1]}</p>}
        <ul className="counter-pay-rows">
          {form.rates.map((r, i) => (
            <li key={r.key} className="counter-vat-row" data-testid="counter-vat-rate">
              <Field label="از روز" value={toFaDigits(r.from)} onValue={(from) => setRate(r.key, { from })} error={errors.rates?.[r.key]} placeholder="۱۴۰۳/۰۱/۰۱" autoComplete="off" dir="ltr" className="counter-input" data-testid={`counter-vat-from-${i}`} />
              <DecimalInput label="نرخ" value={r.percent} onValue={(percent) => setRate(r.key, { percent })} scale={2} unit="٪" testid={`counter-vat-percent-${i}`} />
              <Button variant="ghost" className="btn-sm counter-pay-remove" onClick={() => set({ rates: form.rates.filter((x) => x.key !== r.key) })} data-testid={`counter-vat-remove-${i}`}>
                حذف
              </Button>
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          className="btn-sm"
          onClick={() => set({ rates: [...form.rates, { key: Math.max(0, ...form.rates.map((r) => r.key)) + 1, from: "", percent: "" }] })}
          data-testid="counter-vat-add"
        >
          <PlusCircleIcon size={18} />
          افزودن نرخ
        </Button>
      </fieldset>
      <Button type="submit" busy={busy} data-testid="counter-settings-save">
        ذخیره تنظیمات پیشخوان
      </Button>
    </form>
  );
}
