// The filters of the admin lists: the panel a phone opens and closes, the date range and the buttons.
import type { FormEvent, ReactNode } from "react";
import { useState } from "react";
import { todayJalali } from "../../lib/jalali";
import { DateField } from "./date-field";
import { ChevronDownIcon, FilterIcon } from "./icons";
import { Button } from ".";

type FilterPanelProps = {
  /** label names the panel for screen readers ("فیلتر درخواست‌ها"). */
  label: string;
  /** id is the form's id, which the toggle controls. */
  id: string;
  formClass?: string;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
};

/** FilterPanel is a card of filters that a phone opens and closes with its "فیلترها" toggle. */
export function FilterPanel({ label, id, formClass, onSubmit, children }: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <section className={`card filters${open ? " open" : ""}`} aria-label={label}>
      <button type="button" className="filters-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} data-testid="filters-toggle">
        <FilterIcon size={20} />
        فیلترها
        <span className="filters-chevron">
          <ChevronDownIcon size={20} />
        </span>
      </button>
      <form id={id} className={formClass ? `filters-body ${formClass}` : "filters-body"} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </section>
  );
}

/** FIRST_DAY is the earliest day the date filters offer. */
const FIRST_DAY = { jy: 1400, jm: 1, jd: 1 };

type DateRangeProps = {
  from: string;
  to: string;
  onValue: (field: "from" | "to") => (v: string) => void;
  errorOf: (field: "from" | "to") => string | null;
};

/** DateRangeFields are the "از تاریخ" and "تا تاریخ" filters, from FIRST_DAY up to today. */
export function DateRangeFields({ from, to, onValue, errorOf }: DateRangeProps) {
  const today = todayJalali();
  const dateProps = { min: FIRST_DAY, max: today, initial: today, placeholder: "۱۴۰۴/۰۱/۰۱", hint: "", autoComplete: "off" };
  return (
    <>
      <DateField label="از تاریخ" value={from} onValue={onValue("from")} {...dateProps} error={errorOf("from")} testid="filter-from" />
      <DateField label="تا تاریخ" value={to} onValue={onValue("to")} {...dateProps} error={errorOf("to")} testid="filter-to" />
    </>
  );
}

/** FilterActions are a filter form's apply and clear buttons; apply spins while a reload runs. */
export function FilterActions({ busy, onClear, clearLabel = "پاک کردن" }: { busy: boolean; onClear: () => void; clearLabel?: string }) {
  return (
    <div className="filters-actions">
      <Button type="submit" busy={busy} data-testid="filter-apply">
        اعمال فیلتر
      </Button>
      <Button variant="secondary" onClick={onClear} data-testid="filter-clear">
        {clearLabel}
      </Button>
    </div>
  );
}
