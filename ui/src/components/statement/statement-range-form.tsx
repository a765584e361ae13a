// The period of a printed statement: two Jalali days, this month so far unless the customer picks others.
// The days are checked here (lib/statement-range.ts) so a wrong one is named beside its field.
import { useState, type FormEvent } from "react";
import { todayJalali } from "../../lib/jalali";
import { checkRange, defaultRange, FIRST_STATEMENT_DAY, type RangeCheck, type RangeForm } from "../../lib/statement-range";
import { DateField } from "../ui/date-field";
import { Button } from "../ui";

type Props = {
  /** busy is true while the statement of the last range is on its way. */
  busy: boolean;
  onRange: (range: Extract<RangeCheck, { ok: true }>) => void;
  onCancel: () => void;
};

/** StatementRangeForm asks for the period and hands a checked range to onRange. */
export function StatementRangeForm({ busy, onRange, onCancel }: Props) {
  const [form, setForm] = useState<RangeForm>(() => defaultRange());
  const [error, setError] = useState<{ field: "from" | "to"; message: string } | null>(null);

  const set = (field: "from" | "to") => (v: string) => {
    setForm((f) => ({ ...f, [field]: v }));
    setError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const out = checkRange(form);
    if (!out.ok) {
      setError(out);
      return;
    }
    onRange(out);
  };

  const today = todayJalali();
  const dateProps = { min: FIRST_STATEMENT_DAY, max: today, initial: today, placeholder: "۱۴۰۴/۰۱/۰۱", hint: "", autoComplete: "off" };
  const errorOf = (field: "from" | "to") => (error?.field === field ? error.message : null);
  return (
    <form className="card form statement-range" onSubmit={submit} noValidate aria-labelledby="statement-range-title" data-testid="statement-range">
      <h2 id="statement-range-title" className="section-title">
        چاپ صورتحساب
      </h2>
      <p className="statement-range-note">بازهٔ صورتحساب را انتخاب کنید؛ حداکثر یک سال.</p>
      <div className="statement-range-fields">
        <DateField label="از تاریخ" value={form.from} onValue={set("from")} {...dateProps} error={errorOf("from")} testid="statement-from" />
        <DateField label="تا تاریخ" value={form.to} onValue={set("to")} {...dateProps} error={errorOf("to")} testid="statement-to" />
      </div>
      <div className="statement-range-actions">
        <Button type="submit" busy={busy} data-testid="statement-range-show">
          نمایش صورتحساب
        </Button>
        <Button variant="secondary" onClick={onCancel} data-testid="statement-range-cancel">
          بستن
        </Button>
      </div>
    </form>
  );
}
